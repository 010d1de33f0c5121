"""A player's name as a line's heading ("Ann: NWR 85"): where the writer is not known (a line
judged before its sender is), the player named as the heading is who moves. (Where the writer is
known, the interpreter reads the writer's own name as a heading and refuses another player's.)"""
from __future__ import annotations

from .lazy import regex

__all__ = ["heading_writer"]

_HEADING = regex(r"^\s*([A-Za-z][\w'’.-]*)\s*:\s*(?=[A-Z])")


def heading_writer(line: str, ctx):
    """`ctx` with the player the line's heading names as the writer, when no writer is known."""
    m = _HEADING.match(line) if ctx.actor is None else None
    name = m.group(1).lower() if m else None
    found = [i for i, shown in dict(ctx.players).items() if name in (str(i).lower(), str(shown).lower())]
    return ctx.at_turn(actor=found[0]) if len(found) == 1 else ctx
