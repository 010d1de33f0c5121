"""Move words that are no verb: a letter in a stock or auction round ("p", "Theo: P", "S 2 GT,
B 1 HBR pool", "Out." for a pass), and a request ("I'd like a NYNH share", "I'll have one
Qu'Appelle share", "count me in for $160"), a buy or a bid (docs/reading.md)."""
from __future__ import annotations

import re
from .context import round_kind
from .lazy import regex

__all__ = ["letter_moves", "requested"]

#: a one-letter move word at a clause's start, alone or before a count ("S" and "B" capitals only)
_LETTER = regex(r"(?:^|(?<=[,;:]))\s*([PpSB])(?=\s*(?:[.!]?\s*$|[,;]|\s\d\b))")
#: "Out." alone: the writer is out of this round's bidding or buying
_OUT = regex(r"^\s*(?:(?:I'?m|I\s+am)\s+)?out\s*[.!]?\s*$", re.I)
_FAMILY = {"P": "pass", "S": "sell", "B": "buy"}
#: "I'd like", "I'll have" before what is wanted (a taking), and before "to" (the writer asking)
_REQUEST = regex(r"\b(?:I['’]d|I\s+would|I['’]ll|I\s+will)\s+(?:like|have)\b(?!\s+to\b)|\bcount\s+me\s+in\b",
                 re.I)
_ASKING = regex(r"\b(?:I['’]d|I\s+would)\s+like\s+to\b", re.I)


def letter_moves(line: str, ctx) -> list[tuple[str, int, int]]:
    """(family, start, end) of each one-letter move word of the line, in a stock or an auction
    round only (a letter that is a name is that name first: pieces.py)."""
    if round_kind(ctx) not in ("stock", "auction"):
        return []
    out = [(_FAMILY[m.group(1).upper()], m.start(1), m.end(1)) for m in _LETTER.finditer(line)]
    m = _OUT.match(line)
    return out + [("pass", m.start(), m.end())] if m else out


def requested(text: str) -> list[tuple[str, int, int]]:
    """("buy", start, end) of each request for a thing in the text, ("me", start, end) of each
    asking to make a move."""
    return [("buy", m.start(), m.end()) for m in _REQUEST.finditer(text)] + \
        [("me", m.start(), m.end()) for m in _ASKING.finditer(text)]
