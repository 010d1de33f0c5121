"""Whom a line speaks to or of beside its moves in an operating round: the companies or players
named after a word of apology, thanks or greeting ("sorry QLL and HBR, your 2s are toast") are
spoken to, not moving, and another company's token told of with no hex ("the HBR token blocks
me", "RSR gets its token") is the board's state; such clauses are set aside as chat. A player
moving the operating company named by its possessive ("Cid withholds B&O's $90") acts as its
president: the move is the company's (the table checks who may make it).
"""
from __future__ import annotations

import re

from .pieces import Clause
from .lazy import regex

__all__ = ["addressed", "for_company", "token_told_of"]

_SPOKEN_TO = regex(r"\s*(?:sorry|thanks|thank\s+you|cheers|hi|hello|hey|congrats|well\s+done)\b", re.I)
_AND = regex(r"\s*(?:and\s+)?", re.I)


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


def token_told_of(c: Clause, line: str, current: str | None) -> Clause:
    """A clause naming another company and its token (the noun) among other words, with no hex
    or figure: a statement about the board, no move (set aside)."""
    verbs = c.of("verb")
    names = c.of("name")
    if not c.loose or len(verbs) != 1 or verbs[0].value != "token" or not names \
            or not re.fullmatch(r"tokens?|stations?", line[verbs[0].start:verbs[0].end], re.I):
        return c
    if any(p.kind not in ("name", "verb", "me") for p in c.pieces):
        return c
    if not all(k == "corporation" and i != current for p in names for k, i in p.value):
        return c
    return Clause(c.start, c.end, c.text, [], c.loose, c.mover)


def for_company(c: Clause, line: str, current) -> Clause:
    """The clause without the player it opens with when it moves the operating company named by
    its possessive ("Cid withholds B&O's $90"): the company's move, made by its president."""
    first = c.pieces[0] if c.pieces else None
    if first is None or first.kind != "name" or not all(k == "player" for k, _ in first.value) or \
            not c.pieces[1:2] or c.pieces[1].kind != "verb":
        return c
    if not any(p.kind == "name" and ("corporation", current) in p.value and line[p.end - 2:p.end] in ("'s", "’s")
               for p in c.pieces[2:]):
        return c
    return Clause(c.start, c.end, c.text, c.pieces[1:], c.loose, c.mover)
