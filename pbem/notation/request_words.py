"""A move asked for politely: "I'd like a NYNH share from the IPO please", "I'll have one
Qu'Appelle share", "I'd like the Saskatchewan Central at face value please ($50)", "Count me in
for $160 on the Trestle Bridge".

"I'd like", "I would like" and "I'll have" before what is wanted (not before "to": "I'd like to
auction S-V" names its own move word) are a taking: a buy in a stock round, a bid in an auction
(the reader fits the round's move to the family "buy"); before "to" they are only the writer
asking ("I'd like to auction S-V, opening at 100"), no word of chat.
"""
from __future__ import annotations

import re
from .lazy import regex

__all__ = ["requested"]

_REQUEST = regex(r"\b(?:I['’]d|I\s+would|I['’]ll|I\s+will)\s+(?:like|have)\b(?!\s+to\b)|\bcount\s+me\s+in\b", re.I)
_ASKING = regex(r"\b(?:I['’]d|I\s+would)\s+like\s+to\b", re.I)


def requested(text: str) -> list[tuple[str, int, int]]:
    """("buy", start, end) of each request for a thing in the text, ("me", start, end) of each
    asking to make a move."""
    return [("buy", m.start(), m.end()) for m in _REQUEST.finditer(text)] + \
        [("me", m.start(), m.end()) for m in _ASKING.finditer(text)]
