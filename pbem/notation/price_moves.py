"""A share price's move told after a dividend ("SE pays out; share price should go up to 165",
"QLL pays out 40 → QLL moves up to 71", "NW pays out 120; share price from 100 to 110"): what
the dividend does to the price, stated beside it, no move and no plan; it is set aside before
the line is read by its pieces (terse.py)."""
from __future__ import annotations

import re

__all__ = ["price_moves_set_aside"]

#: a dividend's word: a price move told after one is its result
_DIVIDEND = re.compile(r"\b(?:pay|pays|paid|paying|payout|withh\w*|half|splits?)\b", re.I)
#: what moves ("share price", "the price", "GT", "GT's price") and how ("should go up to 165", "from 100 to 110")
_PRICE_MOVE = re.compile(
    r"(?:→|->|\b(?i:so)\b)?\s*(?:(?i:(?:the\s+|its\s+)?(?:share\s+)?price)|[A-Z][A-Z&-]{1,5}(?:['’]s\s+(?i:(?:share\s+)?price))?)"
    r"\s+(?i:(?:should|will|would)\s+)?(?i:(?:go(?:es)?|move[sd]?|rise[sn]?|drop(?:s|ped)?|jump(?:s|ed)?)\s+(?:up|down)"
    r"(?:\s+to\s+[$₽]?\d{1,4})?|from\s+[$₽]?\d{1,4}\s+to\s+[$₽]?\d{1,4})\b")


def price_moves_set_aside(line: str) -> str:
    """The line with each share price move told after a dividend blanked (the same length, so
    every column stands)."""
    first = _DIVIDEND.search(line)
    if first is None:
        return line
    out, at = [], 0
    for m in _PRICE_MOVE.finditer(line, first.end()):
        out += [line[at:m.start()], " " * (m.end() - m.start())]
        at = m.end()
    return "".join(out) + line[at:] if out else line
