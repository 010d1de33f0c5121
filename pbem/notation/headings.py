"""The writer's own name as a heading before a company's move ("Bob: SC does not buy a train this
turn", sent by Bob): the heading names who writes, no move of its own, and the grammar would take
the words after it for a list of stops. Set aside as a last try, only when the name is the
writer's: another player's name before a move is that player's move, and stays unread. Where the
writer is not known (a line judged before its sender is), the player named as the heading is who
moves ("Ann: NWR 85")."""
from __future__ import annotations

import re

from .retry import read_reworded

__all__ = ["heading_writer", "own_heading_off", "read_without_own_heading"]

_HEADING = re.compile(r"^\s*([A-Za-z][\w'’.-]*)\s*:\s*(?=[A-Z])")


def own_heading_off(line: str, players: dict, actor) -> str | None:
    """`line` without its heading when the heading is the writer's name (display name or id,
    any case) and a capitalised word (the company) follows; None otherwise."""
    m = _HEADING.match(line)
    if m is None or actor is None:
        return None
    name = m.group(1).lower()
    if name != str(actor).lower() and name != str(players.get(actor, "")).lower():
        return None
    return line[m.end():]


def read_without_own_heading(reader, line_no: int, line: str, first) -> list:
    """The line read without the writer's own heading (`own_heading_off`); `first` (the first
    refusal) when it has none or the rest does not read either."""
    return read_reworded(reader, line_no, line, first, "unheading",
                         lambda: own_heading_off(line, dict(reader.ctx.players), reader.ctx.actor))

def heading_writer(line: str, ctx):
    """`ctx` with the player the line's heading names as the writer, when no writer is known."""
    m = _HEADING.match(line) if ctx.actor is None else None
    name = m.group(1).lower() if m else None
    found = [i for i, shown in dict(ctx.players).items() if name in (str(i).lower(), str(shown).lower())]
    return ctx.at_turn(actor=found[0]) if len(found) == 1 else ctx
