"""A clause of chat about another player ("Nice one Cid!", "(Bob operating it for the state)",
"Thanks Bob"): words that name another player and no move, nor anything a move takes, are set
aside; a player named alone ("Bob: ...", a heading) is still who moves, and still refused."""
from __future__ import annotations

from typing import Optional

from .context import NotationContext
from .pieces import Clause

__all__ = ["chat_about_another"]

#: the pieces a move takes: a clause holding one is no chat
_MOVE_PARTS = frozenset({"verb", "money", "number", "hex", "tile", "train", "percent", "source", "exchange", "rotation",
                         "held", "per_share", "there", "floats"})


def chat_about_another(c: Clause, ctx: NotationContext) -> Optional[list]:
    """[] (no move: chat) when the clause names players other than the writer among words of
    its own and nothing a move takes; None otherwise."""
    if not c.loose or any(p.kind in _MOVE_PARTS for p in c.pieces):
        return None
    names = [(k, i) for p in c.of("name") for k, i in p.value]
    return [] if names and all(k == "player" and i != ctx.actor for k, i in names) else None
