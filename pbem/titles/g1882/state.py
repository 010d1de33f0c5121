"""1882's own game state, held by the Game in its declared `extra` field."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from pbem.engine.entities import Train
    from pbem.engine.game import Game


@dataclass
class State1882:
    """What the 1882 rules keep besides the standard state."""

    #: the last 3, 4, 5 and 6 trains, held back until SC starts (one of them joins the depot then)
    sc_reserve: list["Train"] = field(default_factory=list)
    #: the train type whose first purchase sets off the North West Rebellion (drawn at setup)
    nwr_train: str = ""
    #: private -> the corporation whose share comes with it, drawn at setup (the Trestle Bridge's)
    random_share: dict[str, str] = field(default_factory=dict)
    #: whether the SC private may still be traded in to start SC
    sc_convertible: bool = True
    #: the NWR private's station move: None, "place" (a station was lifted) or "lay" (its extra tile may follow)
    nwr_state: Optional[str] = None
    #: the hex the NWR station moved to (where the extra tile goes)
    nwr_dest: Optional[str] = None
    #: (private, ability type) of each once-a-game ability used (the NWR's station move and tile)
    used: set[tuple[str, str]] = field(default_factory=set)
    #: where SC placed its home station (SC has no printed home; its president chooses one)
    sc_home: Optional[str] = None


def state(g: "Game") -> State1882:
    """The 1882 state of game `g`."""
    return g.extra
