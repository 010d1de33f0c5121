"""Another player's move told before the writer's own in an auction ("Ingrid bids 70 for SC, I go
to 75"): set aside but for the private it names, which the writer's clause is about."""
from __future__ import annotations

import dataclasses
from typing import Optional

from pbem.errors import PbemError

from .context import NotationContext
from .names import NameIndex
from .pieces import clauses

__all__ = ["others_set_aside"]


def others_set_aside(line: str, ctx: NotationContext, index: NameIndex, kind: Optional[str]) -> Optional[list]:
    """The writer's moves of an auction line that opens with another player's move (a first clause
    led by them with a move word, then the writer's "I ..."), or None when the line is not so."""
    from .piece_moves import read_by_pieces

    if kind != "auction" or "?" in line:
        return None
    found = clauses(line, ctx, index)
    if len(found) < 2 or not found[0].pieces or not found[0].verbs():
        return None
    first = found[0].pieces[0]
    if first.kind != "name" or not all(k == "player" and i != ctx.actor for k, i in first.value):
        return None
    if not any(c.of("me") and c.verbs() for c in found[1:]):
        return None
    c = found[0]
    kept = [p for p in c.pieces if p.kind == "name" and any(k == "company" for k, _ in p.value)]
    buf = list(line)
    buf[c.start:c.end] = " " * (c.end - c.start)
    for p in kept:
        buf[p.start:p.end] = line[p.start:p.end]
    try:
        moves = read_by_pieces("".join(buf), ctx, index)
    except PbemError:
        return None
    note = f'read without another\'s move told before the writer\'s: "{c.text}"'
    return [dataclasses.replace(moves[0], notes=moves[0].notes + (note,)), *moves[1:]]
