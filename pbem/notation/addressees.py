"""Whom a line speaks to beside its moves in an operating round ("sorry QLL and HBR, your 2s are
toast", "thanks Bob"): the companies or players named after a word of apology, thanks or
greeting are spoken to, not moving; their clauses are set aside as chat.
"""
from __future__ import annotations

import re

from .pieces import Clause

__all__ = ["addressed"]

_SPOKEN_TO = re.compile(r"\s*(?:sorry|thanks|thank\s+you|cheers|hi|hello|hey|congrats|well\s+done)\b", re.I)
_AND = re.compile(r"\s*(?:and\s+)?", re.I)


def addressed(found: list[Clause], line: str) -> list[Clause]:
    """The clauses with the names spoken to set aside: a clause that opens with a word of
    apology, thanks or greeting and names no move, and the clauses of names alone after it."""
    out: list[Clause] = []
    speaking = False
    for c in found:
        opens = _SPOKEN_TO.match(line, c.start) is not None
        names_only = bool(c.pieces) and all(p.kind == "name" for p in c.pieces) and not c.verbs()
        if names_only and (opens or speaking and not c.loose and _AND.match(line, c.start)):
            c = Clause(c.start, c.end, c.text, [], c.loose, c.mover)
            speaking = True
        else:
            speaking = False
        out.append(c)
    return out
