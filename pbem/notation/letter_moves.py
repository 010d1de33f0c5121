"""Move words of one letter, as terse players write them in a stock or auction round: "p",
"Theo: P", "S 2 GT, B 1 HBR pool", and "Out." for a pass.

A letter is a move word only where a move word stands alone: at the start of the line or of a
clause (after ",", ";" or ":"), followed by the clause's end or by a count and a company; "P"
passes, "S" sells, "B" buys (capitals only for "S" and "B", which are too common lower case).
A letter that is some company's or player's name is taken as that name first (pieces.py).
"""
from __future__ import annotations

import re
from .lazy import regex

__all__ = ["letter_moves"]

#: a one-letter move word at a clause's start, alone or before a count
_LETTER = regex(r"(?:^|(?<=[,;:]))\s*(?:([Pp])|(S|B))(?=\s*(?:[.!]?\s*$|[,;]|\s\d\b))")
#: "Out." alone: the writer is out of this round's bidding or buying
_OUT = regex(r"^\s*(?:(?:I'?m|I\s+am)\s+)?out\s*[.!]?\s*$", re.I)
_FAMILY = {"P": "pass", "S": "sell", "B": "buy"}


def letter_moves(line: str, ctx) -> list[tuple[str, int, int]]:
    """(family, start, end) of each one-letter move word of the line (see the module's doc), in a
    stock or an auction round only; none elsewhere."""
    raw = ctx.round_kind() if callable(ctx.round_kind) else ctx.round_kind
    if not str(raw or "").strip().lower().startswith(("sr", "stock", "auction")):
        return []
    out = []
    for m in _LETTER.finditer(line):
        letter = (m.group(1) or m.group(2)).upper()
        if letter != "P" and m.group(2) is None:
            continue
        at = m.start(1) if m.group(1) else m.start(2)
        out.append((_FAMILY[letter], at, at + 1))
    m = _OUT.match(line)
    if m:
        out.append(("pass", m.start(), m.end()))
    return out
