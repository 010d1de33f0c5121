"""The 1830 family's own game state, held by the Game in its declared `extra` field."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from pbem.engine.game import Game


@dataclass
class State1830:
    """What the 1830 rules keep besides the standard state."""

    #: privates whose once-only ability (an extra tile lay, a teleport) has been used
    used: list[str] = field(default_factory=list)
    #: the private whose teleport tile was just laid: its station may follow (or be declined)
    teleported: Optional[str] = None
    #: private -> the index of the certificate that came with it (followed when the private is sold on)
    given: dict[str, int] = field(default_factory=dict)


def state(g: "Game") -> State1830:
    """The 1830 family state of game `g`."""
    return g.extra
