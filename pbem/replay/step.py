"""One move of a stored game as the replay makes it: the unit every kind of stored game is
turned into (`gamefile.file_steps`, `record.record_steps`) and `position` and `walk` replay."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pbem.game import Game

__all__ = ["Step"]


@dataclass(frozen=True)
class Step:
    """One move of a stored game: its number or action id, and how to make it."""

    id: int
    apply: Callable[[Game], None]
    moves: bool = True             # False: a chat message, which changes nothing
