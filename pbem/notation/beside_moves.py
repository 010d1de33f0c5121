"""Figures told beside a move, no piece of it: a purpose ("to pay for the 3"), a sum or product
("30+40+20 = 90", "20 x 3 = 60₽") and a bonus ("300 with the Hudson Bay bonus")."""
from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING
from .lazy import regex

if TYPE_CHECKING:
    from .pieces import Clause

__all__ = ["bonuses_set_aside", "purposes_set_aside", "sum_disagreeing", "sum_parts_set_aside"]

#: a purpose naming a train, ending its clause ("saving for a 5"; "(needs a 4 and buys one)" is a move)
_PURPOSE = regex(
    r"\b(?:(?:to\s+)?sav(?:e|es|ing)(?:\s+up)?|to\s+(?:pay|afford|fund)|need(?:s|ed)?(?:\s+(?:the\s+)?(?:cash|money))?|"
    r"money(?:\s+in\s+the\s+(?:company|treasury))?)\s+(?:for\s+)?(?:the|a|an)\s+(?:next\s+)?"
    r"(?:\d\+?\d*E?|D)(?:\s*-?\s*(?:trains?\b|T\b|s\b))?(?![\w$])(?=\s*(?:[).;,!]|$|\s[-–—]\s))", re.I)
#: what an amount pays for on the map: "for the extra 20 for the river", "$40 for the mountain"
_TERRAIN = regex(r"[$₽]?\d{1,3}₽?\s+(?:extra\s+)?for\s+(?:the\s+)?(?:rivers?|mountains?|hills?|lakes?|water|terrain|swamps?)\b",
                      re.I)
#: amounts added up to a total: "30+40+20 = 90" (at most a dozen: each try reads a bounded stretch)
_BRACKET_SUM = regex(r"\(\s{0,3}(\d{1,4}(?:\s{0,3}\+\s{0,3}\d{1,4}){1,11})\s{0,3}\)")
#: an amount worked out as a product: "20 x 3 = 60" (a token's cost by the distance)
_PRODUCT = regex(r"(?<![\w.$])(\d{1,4})\s{0,3}[x×*]\s{0,3}(\d{1,2})\s{0,3}=\s{0,3}[$₽]?(\d{1,5})(?![\w.]\d)")
_SUM = regex(r"(?<![\w.$])(\d{1,4}(?:\s{0,3}\+\s{0,3}\d{1,4}){1,11})\s{0,3}=\s{0,3}(\d{1,5})(?![\w.]\d)")
#: "with the bonus", "with the Hudson Bay bonus", "incl. the east-west bonus"
_BONUS = regex(r"\b(?:with|incl(?:uding|\.)?|plus)\s+(?:the|a|its)\s+(?:[\w'’-]+\s+){0,3}?bonus(?:es)?\b|"
                    r"\((?=[^()]*\bbonus(?:es)?\b)[^()]*\)", re.I)     # "($100 + $30 bonus)": the revenue's parts
_WORD = regex(r"[A-Za-z][A-Za-z0-9'’]*")


def _within_spans(pieces: list, spans: list, kind: str, only: tuple = ()) -> list:
    """The pieces (of the kinds `only`, if given) inside one of the ordered `spans` made `kind`."""
    out, j = [], 0
    for p in pieces:
        while j < len(spans) and spans[j][1] <= p.start:
            j += 1
        inside = j < len(spans) and spans[j][0] <= p.start and p.end <= spans[j][1]
        out.append(dataclasses.replace(p, kind=kind) if inside and (not only or p.kind in only) else p)
    return out


def purposes_set_aside(pieces: list, line: str) -> list:
    """The pieces with a train, tile or number inside a purpose or a terrain's cost made a "purpose"."""
    spans = sorted((m.start(), m.end()) for rx in (_PURPOSE, _TERRAIN) for m in rx.finditer(line))
    return _within_spans(pieces, spans, "purpose", ("train", "tile", "number", "count")) if spans else pieces


def _added(parts: str) -> int:
    return sum(int(x) for x in re.findall(r"\d+", parts))


def sum_parts_set_aside(pieces: list, line: str) -> list:
    """The pieces with the parts of a sum or product that makes its total made "sum_part"; "(20+30)" its sum."""
    spans = [(m.start(1), m.end(1)) for m in _SUM.finditer(line) if _added(m.group(1)) == int(m.group(2))]
    spans += [(m.start(), m.end(2)) for m in _PRODUCT.finditer(line) if int(m.group(1)) * int(m.group(2)) == int(m.group(3))]
    for m in _BRACKET_SUM.finditer(line):          # "(20+30)": the first part stands for the sum
        first = next((i for i, p in enumerate(pieces) if p.kind == "number" and p.start == m.start(1)), None)
        if first is not None:
            spans.append((pieces[first].end, m.end(1)))
            total = dataclasses.replace(pieces[first], value=_added(m.group(1)))
            pieces = [*pieces[:first], total, *pieces[first + 1:]]
    return _within_spans(pieces, sorted(spans), "sum_part") if spans else pieces


def sum_disagreeing(line: str):
    """(start, end, message) of the first sum whose parts do not make its total ("20+30 = 60"), or None."""
    for m in _SUM.finditer(line):
        if (total := _added(m.group(1))) != int(m.group(2)):
            return m.start(), m.end(2), f"the revenue figures disagree: {m.group(1)} = {total}, not {m.group(2)}"
    return None


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
