"""What a move is for, told beside it ("withheld to pay for the 3", "saving up for a 4", "(need
the cash for a 6)", "keeping the money in the company for the 3"): the train named there is
the reason of the move, no piece of a move (the pieces of a line, pieces.py)."""
from __future__ import annotations

import dataclasses
import re

__all__ = ["purposes_set_aside"]

#: a purpose naming a train: saving, paying, affording or needing one, ending its clause ("(needs a 4
#: and buys one)" goes on into a move, and is no purpose set aside)
_PURPOSE = re.compile(
    r"\b(?:(?:to\s+)?sav(?:e|es|ing)(?:\s+up)?|to\s+(?:pay|afford|fund)|need(?:s|ed)?(?:\s+(?:the\s+)?(?:cash|money))?|"
    r"money(?:\s+in\s+the\s+(?:company|treasury))?)\s+(?:for\s+)?(?:the|a|an)\s+(?:next\s+)?"
    r"(?:\d\+?\d*E?|D)(?:\s*-?\s*(?:trains?\b|T\b|s\b))?(?![\w$])(?=\s*(?:[).;,!]|$|\s[-–—]\s))", re.I)


def purposes_set_aside(pieces: list, line: str) -> list:
    """The pieces with a train, tile or number inside a purpose made a "purpose" piece, which no
    move takes."""
    spans = [(m.start(), m.end()) for m in _PURPOSE.finditer(line)]
    if not spans:
        return pieces
    out, j = [], 0
    for p in pieces:           # pieces and spans both in order of where they stand: one pass
        while j < len(spans) and spans[j][1] <= p.start:
            j += 1
        inside = j < len(spans) and spans[j][0] <= p.start and p.end <= spans[j][1]
        out.append(dataclasses.replace(p, kind="purpose") if inside and p.kind in ("train", "tile", "number") else p)
    return out
