"""The 1830 private auction: the standard waterfall, where all players passing lowers the
price of the cheapest private only while it is unsold, and afterwards pays the privates'
revenue (18xx.games' WaterfallAuction as 1830 plays it; 1882 lowers the cheapest remaining)."""
from __future__ import annotations

from pbem.engine.rounds.auction import AuctionRound


class AuctionRound1830(AuctionRound):
    """The waterfall auction as 1830 plays it."""

    discount_cheapest_remaining = False
    #: a raise of at least $5, not a multiple of it (1830's rules; 1882 and 1861 ask for multiples)
    raise_in_multiples = False
