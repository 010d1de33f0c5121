"""The state the 1867 family's rounds keep besides the standard state, held by the Game in its
declared `extra` field; a title of the family extends it (pbem/titles/g1861/state.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbem.engine.game import Game


@dataclass
class State1867:
    """Which corporations may start, and the loans."""

    #: corporations that may be started now
    in_play: list[str] = field(default_factory=list)
    #: corporations that come into play later (green minors, majors)
    future: list[str] = field(default_factory=list)
    #: loans left in the bank's supply
    loans_left: int = 0
    #: each corporation's loans as the operating round began (interest is due on these)
    interest_due: dict[str, int] = field(default_factory=dict)


def family_state(g: "Game") -> State1867:
    """The 1867-family state of game `g`."""
    return g.extra
