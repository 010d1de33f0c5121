"""A line that takes back what it (or the line before it) says: "Buy 1 GT. Scrap that.",
"PRR places a token on G17 - wait, that's a town, scrap that.", a line "Ignore my last move"
on its own. Nothing of such a line is a move to make: it is refused as a whole ("send only the
moves you mean"), and since a message moves all or nothing, the message with it. A taking back
followed by what is meant instead ("... never mind, just lay #9 at C5") is a correction, read
by `correction.py`; this is only the one that ends the line, and the one that begins a line
(it takes back the line before it, so the whole message is refused)."""
from __future__ import annotations

import re
from typing import Optional
from .lazy import regex

__all__ = ["takes_back"]

#: "scrap that", "ignore the above", "forget my last move", "cancel all that", "never mind"
_BACK = regex(
    r"\b(?:(?:scrap|ignore|forget|cancel|disregard|strike|delete|undo|drop|belay|scratch|withdraw|retract)\s+"
    r"(?:that|this|it|all\s+(?:of\s+)?that|everything|the\s+above|(?:my\s+)?(?:last|previous)(?:\s+(?:line|move|order|"
    r"one|mail|message))?|what\s+I\s+(?:just\s+)?(?:said|wrote))|never\s*mind(?:\s+(?:that|this|all\s+that))?)\b",
    re.I)
#: what may follow the taking back to the end of the line: marks, and words that say nothing
_AFTER = regex(r"^(?:[\s.!,;:)\-–—]|\b(?:please|pls|sorry|then|thanks|lol|oops|then|for\s+now|entirely)\b)*$", re.I)


#: a line that begins by taking back the line before it ("Scrap that, buy 1 CPR" under "Buy 1 GT"):
#: not "forget it" or "drop it", which also say "I give up" ("Forget it, pass.")
_FIRST = regex(r"^\W*(?:(?:oops|sorry|wait|no)\W+)*((?:scrap|ignore|cancel|disregard|strike|delete|undo|retract|"
                    r"belay|scratch)\s+(?:that|this|the\s+above|all\s+(?:of\s+)?that|(?:my\s+)?(?:last|previous)"
                    r"(?:\s+(?:line|move|order|one|mail|message))?|what\s+I\s+(?:just\s+)?(?:said|wrote))|never\s*mind)\b",
                    re.I)


def takes_back(line: str) -> Optional[str]:
    """The words by which `line` takes back what it says (at its end) or what the line before
    it said (at its start), or None."""
    first = _FIRST.match(line)
    if first:
        return first.group(1)
    for m in _BACK.finditer(line):
        if _AFTER.match(line[m.end():]):
            return m.group(0)
    return None
