"""A move told in the passive with who made it ("The D&H was bought by PRR for $100") told in the active,
as the reader reads moves; so is a company's token placed ("The Erie token was placed in E11")."""
from __future__ import annotations

import re

from .lazy import regex

__all__ = ["active_voice"]

#: where a clause opens: the line's start, after a comma or colon, or after a sentence's end
_HEAD = r"(?P<head>^|[,;:]\s*|[.!]\s+)"
#: the thing (opening its clause), the move's participle, what follows, the mover by name and the rest
_PASSIVE = regex(_HEAD + r"(?P<thing>[^,;:.!?]{1,40}?)\s+(?:was|were|got)\s+"
                 r"(?P<verb>bought|sold|purchased|acquired|traded|exchanged|laid|placed|upgraded|parred|started|"
                 r"floated|run|withheld|dumped)\b(?P<mid>[^,;:.!?]{0,50}?)\s+by\s+"
                 r"(?P<who>(?:the\s+)?[A-Z][\w&'-]*)(?P<rest>[^,;:.!?]*?)(?=[,;:.!?]?\s*$|[,;:.!?]\s)")


#: a company's token placed, told in the passive with no mover ("The Erie token was placed in E11")
_TOKEN_PLACED = regex(_HEAD + r"(?:[Tt]he\s+)?(?!The\b)(?P<who>[A-Z][\w&'-]*?)(?:['’]s)?\s+(?:token|station)\s+"
                      r"(?:was|got)\s+(?:placed|laid|put)\b(?!\s+by\b)")


def active_voice(line: str) -> str:
    """The line with a passive move told by its mover put in the active."""
    def active(m: re.Match) -> str:
        if m.group("thing").lstrip().lower().startswith(("was", "were", "did", "has", "had", "is")):
            return m.group(0)            # a question ("Was the D&H bought by PRR?")
        return f'{m.group("head")}{m.group("who")} {m.group("verb")} {m.group("thing").strip()}{m.group("mid")}{m.group("rest")}'
    if "?" in line:
        return line
    line = _TOKEN_PLACED.sub(lambda m: f'{m.group("head")}{m.group("who")} placed a token', line)
    return _PASSIVE.sub(active, line)
