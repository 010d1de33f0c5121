"""A move said again in a clause of its own: "then another" (the same move once more), "GT too",
"C&O as well" (the same dividend or pass for the company named: the table checks it is its turn)."""
from __future__ import annotations

import dataclasses
import re
from typing import Optional

from pbem.engine.actions import Action, Dividend, Pass
from .lazy import regex

__all__ = ["said_again"]

#: a clause that repeats the move before it
_AGAIN = regex(r"(?:then\s+|and\s+)?(?:another(?:\s+one)?|one\s+more|again|the\s+same(?:\s+again)?)\W*", re.I)
#: the words of a clause that says the move before it for another: "GT too", "C&O as well"
_TOO = (["too"], ["as", "well"])


def said_again(c, last: list[Action]) -> Optional[list[Action]]:
    """The moves the clause `c` says again after `last` (the moves of the clause before), or None."""
    if _AGAIN.fullmatch(c.text):
        return list(last)
    too = c.loose in _TOO and not c.text.lower().startswith(("too", "as"))
    names = [i for p in c.pieces if p.kind == "name" for k, i in p.value if k == "corporation"]
    if not too or len(names) != 1 or len(c.pieces) != 1 or not last:
        return None
    if not all(isinstance(a, (Dividend, Pass)) and a.entity != names[0] for a in last):
        return None
    return [dataclasses.replace(a, entity=names[0]) for a in last]
