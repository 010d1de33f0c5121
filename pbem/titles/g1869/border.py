"""The US/Canada border of 1869: "Canada are the rows A,B,C plus D32" (D32, Montreal, is C29 on
this map: docs/1869-rules.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbem.engine.game import Game


def in_canada(g: "Game", coord: str) -> bool:
    """Whether hex `coord` is in Canada (its row is one of the data's `canada_rows`)."""
    return coord[:1] in g.data.get("canada_rows", ())
