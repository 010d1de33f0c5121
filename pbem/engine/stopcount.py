"""Stop counts that need not be whole: what a stop uses of a train's distance, and distances.

Most titles count every stop as one and give trains whole distances, but some count a village
as half a stop and sell 1½, 2½ ... trains. Both are kept as exact numbers: an `int`
when whole (so states, JSON and messages look as before), else a `Fraction`.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Union

#: a number of stops: whole (int) or an exact fraction
Stops = Union[int, Fraction]

_VULGAR = {"½": Fraction(1, 2), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}
MAX_DENOMINATOR = 4


def stops(value) -> Stops:
    """A stop count from title data: 1, 0, "½", "2½", "1/2", 0.5 or 2.5 (not 0.3: only halves,
    thirds and quarters are exact in data); ValueError for anything else."""
    if isinstance(value, bool):
        raise ValueError(f"not a number of stops: {value!r}")
    if isinstance(value, (int, Fraction)):
        out = Fraction(value)
    elif isinstance(value, float):
        out = Fraction(value).limit_denominator(MAX_DENOMINATOR)
        if float(out) != value:
            raise ValueError(f"not a number of stops: {value!r} (give halves, thirds or quarters)")
    elif isinstance(value, str):
        text = value.strip()
        if not text:
            raise ValueError(f"not a number of stops: {value!r}")
        whole, frac = text, Fraction(0)
        if text and text[-1] in _VULGAR:
            whole, frac = text[:-1], _VULGAR[text[-1]]
        try:
            out = (Fraction(whole) if whole else Fraction(0)) + frac
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"not a number of stops: {value!r}") from None
    else:
        raise ValueError(f"not a number of stops: {value!r}")
    if out < 0 or out.denominator > MAX_DENOMINATOR:
        raise ValueError(f"not a number of stops: {value!r}")
    return int(out) if out.denominator == 1 else out


def exact(value) -> Stops:
    """A sum of stop counts as an int when whole, else the Fraction."""
    if type(value) is int:
        return value
    value = Fraction(value)
    return int(value) if value.denominator == 1 else value


def words(value: Stops) -> str:
    """A stop count as people write it: 2, ½, 2½."""
    value = Fraction(value)
    whole, rest = divmod(value, 1)
    if not rest:
        return str(int(whole))
    mark = next((k for k, v in _VULGAR.items() if v == rest), None)
    if mark is None:
        return f"{value.numerator}/{value.denominator}"
    return f"{int(whole)}{mark}" if whole else mark
