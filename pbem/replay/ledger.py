"""A value snapshot of everything a move can change (cash, paper, trains, tiles, market, phase)."""
from __future__ import annotations

from pbem.game import Game

__all__ = ["ledger"]


def ledger(game: Game):
    """The snapshot of `game` now (a value: later moves do not change it)."""
    return None
