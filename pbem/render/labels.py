"""How a report and a picture name where a game is: the round's label (no drawing library loaded)."""
from __future__ import annotations

__all__ = ["round_label"]


def round_label(game) -> str:
    """'Stock round 3', 'Operating round 2.1 (of 2)', 'Private auction', 'Game over (...)'."""
    if game.finished:
        return f"Game over ({(game.end_reason or 'ended').replace('_', ' ')})"
    name = getattr(game.round, "name", "")
    if name == "stock":
        return f"Stock round {game.turn}"
    if name == "operating":
        return f"Operating round {game.turn}.{game.round.num} (of {game.or_count})"
    if name == "auction":
        return "Private auction"
    return name.capitalize() or "?"
