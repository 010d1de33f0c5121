"""Amounts written in words ("forty", "one hundred and eighty dollars", "one-ninety")."""
from __future__ import annotations

import re
from typing import Optional
from .lazy import regex

__all__ = ["AMOUNT_HINT", "AMOUNT_WORDS", "amount_words"]

_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine".split())}
_TENS = {w: 10 * i for i, w in enumerate("_ ten twenty thirty forty fifty sixty seventy eighty ninety".split()) if i > 1}
_TEENS = {w: 10 + i for i, w in enumerate("ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen "
                                          "nineteen".split())}
AMOUNT_WORDS = regex(
    "".join(rf"(?<!{u}[-\s])" for u in "one two three four five six seven eight nine".split()) +   # "one-ninety"
    r"\b(?:(?P<h>an?|one|two|three|four|five|six|seven|eight|nine)\s+hundred(?:\s+and)?\s*|"
    r"(?P<hh>one|two|three|four|five|six|seven|eight|nine)[-\s](?=(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|"
    r"ninety)\b))?"      # "one-ninety": 190
    r"(?:(?P<t>twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?P<u>one|two|three|four|five|six|seven|"
    r"eight|nine))?|(?P<teen>ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen))?\b"
    r"(?:\s+(?:dollars|roubles|rubles))?", re.I)

#: a word every amount written in words holds (the pattern itself matches empty at every word)
AMOUNT_HINT = regex(r"\b(?:hundred|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|ten|eleven|twelve|"
                          r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b", re.I)


def amount_words(m: re.Match) -> Optional[int]:
    """An amount written in words; None for a lone unit ("one share": a count)."""
    g = {k: (v or "").lower() for k, v in m.groupdict().items()}
    if not (g["t"] or g["teen"] or g["h"]):
        return None
    value = 100 * _UNITS.get(g["h"] or g["hh"], 1) if g["h"] or g["hh"] else 0
    value += _TENS.get(g["t"], 0) + _UNITS.get(g["u"], 0) + _TEENS.get(g["teen"], 0)
    return value or None
