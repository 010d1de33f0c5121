"""What a move is for, told beside it ("withheld to pay for the 3", "saving up for a 4", "(need
the cash for a 6)", "keeping the money in the company for the 3"): the train named there is
the reason of the move, no piece of a move (the pieces of a line, pieces.py); so is the amount
told as a terrain's cost ("for the extra 20 for the river")."""
from __future__ import annotations

import dataclasses
import re
from .lazy import regex

__all__ = ["purposes_set_aside", "within_spans"]

#: a purpose naming a train: saving, paying, affording or needing one, ending its clause ("(needs a 4
#: and buys one)" goes on into a move, and is no purpose set aside)
_PURPOSE = regex(
    r"\b(?:(?:to\s+)?sav(?:e|es|ing)(?:\s+up)?|to\s+(?:pay|afford|fund)|need(?:s|ed)?(?:\s+(?:the\s+)?(?:cash|money))?|"
    r"money(?:\s+in\s+the\s+(?:company|treasury))?)\s+(?:for\s+)?(?:the|a|an)\s+(?:next\s+)?"
    r"(?:\d\+?\d*E?|D)(?:\s*-?\s*(?:trains?\b|T\b|s\b))?(?![\w$])(?=\s*(?:[).;,!]|$|\s[-–—]\s))", re.I)


#: what an amount pays for on the map: "for the extra 20 for the river", "$40 for the mountain"
_TERRAIN = regex(r"[$₽]?\d{1,3}₽?\s+(?:extra\s+)?for\s+(?:the\s+)?(?:rivers?|mountains?|hills?|lakes?|water|terrain|swamps?)\b",
                      re.I)


def purposes_set_aside(pieces: list, line: str) -> list:
    """The pieces with a train, tile or number inside a purpose (or a terrain's cost) made a
    "purpose" piece, which no move takes."""
    spans = sorted((m.start(), m.end()) for rx in (_PURPOSE, _TERRAIN) for m in rx.finditer(line))
    if not spans:
        return pieces
    return within_spans(pieces, spans, "purpose", ("train", "tile", "number", "count"))


def within_spans(pieces: list, spans: list, kind: str, only: tuple = ()) -> list:
    """The pieces lying inside one of `spans` (ordered (start, end) pairs) made `kind` (those of
    the kinds `only` names, when given): pieces and spans both in order, one pass."""
    out, j = [], 0
    for p in pieces:
        while j < len(spans) and spans[j][1] <= p.start:
            j += 1
        inside = j < len(spans) and spans[j][0] <= p.start and p.end <= spans[j][1]
        out.append(dataclasses.replace(p, kind=kind) if inside and (not only or p.kind in only) else p)
    return out
