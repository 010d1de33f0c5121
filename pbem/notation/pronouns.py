""""It" for the company named before it on the line, even in a clause set aside: "Nobody wanted
SC at 50, so I'll take it now at 45."

When the reading by pieces cannot tell which company a clause is about and the clause says "it",
"it" stands for the one company (or private) the line names before it; the line is read again
with that name written in its place. A line naming several companies before "it" is left
unread.
"""
from __future__ import annotations

import re
from typing import Optional

from pbem.errors import PbemError

from .context import NotationContext
from .names import NameIndex
from .pieces import clauses
from .lazy import regex

__all__ = ["it_named_before"]

_IT = regex(r"\bit\b", re.I)


def it_named_before(line: str, ctx: NotationContext, index: NameIndex, why: str) -> Optional[list]:
    """The moves of the line with its first "it" read as the one company named before it, when
    the reading refused it for "which company?"; else None."""
    from .piece_moves import read_by_pieces

    if "which company" not in why:
        return None
    m = _IT.search(line)
    if m is None:
        return None
    before = [p for c in clauses(line[:m.start()], ctx, index) for p in c.of("name")
              if any(k in ("company", "corporation") for k, _ in p.value)]
    ids = {i for p in before for k, i in p.value if k in ("company", "corporation")}
    if len(ids) != 1:
        return None
    name = line[before[-1].start:before[-1].end]
    try:
        moves = read_by_pieces(line[:m.start()] + name + line[m.end():], ctx, index)
    except PbemError:
        return None
    import dataclasses

    return [dataclasses.replace(moves[0], notes=moves[0].notes + (f'read "it" as {name}',)), *moves[1:]]
