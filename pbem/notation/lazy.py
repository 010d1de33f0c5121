"""Regular expressions compiled when first used: a process reading one line compiles only the
patterns that line's reading reaches, not the reader's hundreds (`benchmarks/commands.py`)."""
from __future__ import annotations

import re
import weakref


class Regex:
    """A pattern compiled at its first use; then its methods are the compiled pattern's own."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self._flags = pattern, flags
        _MADE.add(self)

    def __getattr__(self, name: str):
        if name.startswith("__"):      # copy and pickle ask for hooks before the fields are set
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self._flags)
        for method in ("search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer"):
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


#: every pattern still in use, for `compile_all` (weakly: a pattern made per game's names goes
#: with its game, in a moderator that runs for months)
_MADE: weakref.WeakSet[Regex] = weakref.WeakSet()


def regex(pattern: str, flags: int = 0) -> Regex:
    """`re.compile(pattern, flags)`, compiled when first used."""
    return Regex(pattern, flags)


def compile_all() -> int:
    """Compile every pattern made so far (a long-running moderator, before its first mail); how
    many were compiled now."""
    todo = [rx for rx in _MADE if "search" not in vars(rx)]
    for rx in todo:
        rx.search("")              # (compiles it)
    return len(todo)
