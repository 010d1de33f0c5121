"""1869's own game state: the 1830 family's, with the once-only bonuses already paid."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pbem.titles.family1830.state import State1830

if TYPE_CHECKING:
    from pbem.engine.game import Game


@dataclass
class State1869(State1830):
    """What 1869 keeps besides the 1830 family's state."""

    #: the once-only bonus routes paid (their key, "J2-H22": CPR's and UP's $300, paid once in all)
    once_paid: list[str] = field(default_factory=list)
    #: trains scrapped that may run once more: each rusts at the end of its holder's next turn
    scrapped: list[str] = field(default_factory=list)
    #: corporation -> the extra tiles it has laid (SP's four)
    extra_tiles: dict[str, int] = field(default_factory=dict)
    #: corporations whose extra tile each turn has ended (ATSF, after its best bonus or three together)
    extra_tiles_over: list[str] = field(default_factory=list)
    #: the first 6-train has been sold (a condition of the CPR-SP fusion)
    first_six_sold: bool = False
    #: CPR has merged into SP
    fused: bool = False
    #: the bonus of the run just made: (corporation, amount), until it decides how much it saves
    turn_bonus: tuple = ()
    #: bonuses paid, one line per run ("OR 2.1 UP J2-H22 300"), for the reports
    bonuses: list[str] = field(default_factory=list)


def state(g: "Game") -> State1869:
    return g.extra
