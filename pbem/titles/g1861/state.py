"""1861's own game state, held by the Game in its declared `extra` field."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

from pbem.titles.family1867.state import State1867

if TYPE_CHECKING:
    from pbem.engine.game import Game


@dataclass
class State1861(State1867):
    """The 1867 family's state plus the national, the phase events and the game end."""

    #: the national's symbol (RSR)
    national: str = ""
    #: cities whose station the national keeps for itself (St Petersburg, Moscow)
    national_reservations: list[str] = field(default_factory=list)
    green_minors_available: bool = False
    majors_available: bool = False
    #: (train type, event) pairs already fired: an event fires once, with the first train of its type
    events_fired: set[tuple[str, str]] = field(default_factory=set)
    #: 3 once the last set of operating rounds is known
    final_ors: int = 0
    #: the stock-round turn whose set of operating rounds is the last
    final_turn: Optional[int] = None
    #: trainless majors still to choose whether to be nationalised, in order
    trainless_majors: list[str] = field(default_factory=list)
    #: events waiting for the train purchase to finish (after the rusting)
    minors_nationalized_pending: bool = False
    trainless_pending: bool = False


def state(g: "Game") -> State1861:
    """The 1861 state of game `g`."""
    return g.extra
