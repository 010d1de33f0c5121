"""A bonus named beside a run's revenue ("300 with the Hudson Bay bonus", "= 240 with the bonus",
"for 130 ($100 + $30 bonus)"):
what earned part of the revenue, no piece of a move; its words and names are set aside from
their clause (the clauses of a line, pieces.py)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING
from .lazy import regex

if TYPE_CHECKING:
    from .pieces import Clause

__all__ = ["bonuses_set_aside"]

#: "with the bonus", "with the Hudson Bay bonus", "incl. the east-west bonus"
_BONUS = regex(r"\b(?:with|incl(?:uding|\.)?|plus)\s+(?:the|a|its)\s+(?:[\w'’-]+\s+){0,3}?bonus(?:es)?\b|"
                    r"\((?=[^()]*\bbonus(?:es)?\b)[^()]*\)", re.I)     # "($100 + $30 bonus)": the revenue's parts
_WORD = regex(r"[A-Za-z][A-Za-z0-9'’]*")


def bonuses_set_aside(found: list["Clause"], line: str) -> list["Clause"]:
    """The clauses without the pieces and loose words of a bonus named in them."""
    for c in found:
        for m in _BONUS.finditer(line, c.start, c.end):
            c.pieces = [p for p in c.pieces if not (m.start() <= p.start and p.end <= m.end())]
            loose = list(c.loose)
            for w in _WORD.findall(m.group(0)):
                if w.lower() in loose:
                    loose.remove(w.lower())
            c.loose = loose
    return found
