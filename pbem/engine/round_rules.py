"""The rounds a title plays and their order, as overridable hooks (mixed into `Rules`): the
sequence of rounds, how many operating rounds a set has, and who operates in what order."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class RoundRules:
    """Which rounds are played and in what order; `Rules` inherits these defaults."""

    def round_sequence(self):
        """The rounds the title plays (pbem.engine.rounds.sequence): the private auction, then
        stock rounds each followed by the phase's number of operating rounds."""
        from pbem.engine.rounds import AuctionRound, OperatingRound, StockRound
        from pbem.engine.rounds.sequence import RoundSequence

        return RoundSequence(initial=AuctionRound, stock=StockRound, operating=OperatingRound)

    def initial_round(self, g: "Game"):
        """The round the game starts with."""
        return self.round_sequence().initial(g)

    def next_round(self, g: "Game") -> bool:
        """Set `g.round` to the round after the finished one and return True, or return False to
        follow `round_sequence` (the way every title should)."""
        return False

    def operating_rounds(self, g: "Game") -> int:
        """How many operating rounds follow the stock round that just ended."""
        return g.phase.operating_rounds

    def before_operating(self, g: "Game") -> None:
        """Called as each operating round is set up (before its start)."""

    def ends_after_operating(self, g: "Game") -> bool:
        """End the game after the operating round just finished, if a title rule says so now
        (beyond the standard end triggers); True if it ended it."""
        return False

    def between_rounds_now(self, g: "Game") -> bool:
        """Whether the sequence's round between operating rounds is played now."""
        return False

    def operating_order(self, g: "Game") -> list["Corporation"]:
        """Floated corporations in market order: higher price first, then further right, then earlier arrival."""
        corps = [c for c in g.corporations.values() if c.floated and not c.closed and c.sym in g.market.positions]
        return sorted(corps, key=lambda c: g.market.order_key(c.sym))
