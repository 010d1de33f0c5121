"""Amounts written in words ("forty", "one hundred and eighty dollars", "one-ninety")."""
from __future__ import annotations

import re
from typing import Optional
from .lazy import regex

__all__ = ["AMOUNT_HINT", "AMOUNT_WORDS", "amount_words"]

_UNITS = {w: i for i, w in enumerate("one two three four five six seven eight nine".split(), 1)}
_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
_TEENS = {w: 10 + i for i, w in enumerate("ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen "
                                          "nineteen".split())}
_UNIT, _TEN, _TEEN = ("|".join(table) for table in (_UNITS, _TENS, _TEENS))
AMOUNT_WORDS = regex(
    "".join(rf"(?<!{u}[-\s])" for u in _UNITS) +      # "one-ninety": read from its first word
    rf"\b(?:(?P<h>an?|{_UNIT})\s+hundred(?:\s+and)?\s*|(?P<hh>{_UNIT})[-\s](?=(?:{_TEN})\b))?"      # "one-ninety": 190
    rf"(?:(?P<t>{_TEN})(?:[\s-](?P<u>{_UNIT}))?|(?P<teen>{_TEEN}))?\b(?:\s+(?:dollars|roubles|rubles))?", re.I)

#: a word every amount written in words holds (the pattern itself matches empty at every word)
AMOUNT_HINT = regex(rf"\b(?:hundred|{_TEN}|{_TEEN})\b", re.I)


def amount_words(m: re.Match) -> Optional[int]:
    """An amount written in words; None for a lone unit ("one share": a count)."""
    g = {k: (v or "").lower() for k, v in m.groupdict().items()}
    if not (g["t"] or g["teen"] or g["h"]):
        return None
    value = 100 * _UNITS.get(g["h"] or g["hh"], 1) if g["h"] or g["hh"] else 0
    value += _TENS.get(g["t"], 0) + _UNITS.get(g["u"], 0) + _TEENS.get(g["teen"], 0)
    return value or None
