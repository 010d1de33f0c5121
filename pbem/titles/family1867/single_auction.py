"""The single-item auction (1861/1867 initial round): the cheapest private is up; players bid in
turn or pass; if nobody bids, its price drops by 5 and it is offered at that price (Dutch) until
someone buys it. The next auction starts with the player after the winner."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.step import LegalMove, Step, StepRound
from pbem.engine.steps.auction import AuctionTurn
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.game import Game

BID_STEP = 5
PRICE_DROP = 5


class SingleAuctionBid(AuctionTurn):
    """The bid or pass of the player whose turn it is on the private up for auction: the one
    place for what may be bid (`bid_problem`) and what is listed."""

    name = "private auction"

    def entity(self) -> Optional[str]:
        return self.round.bidder()

    def actions(self, entity: str) -> list[str]:
        return ["bid", "pass"] if entity == self.entity() else []

    def moves_pass(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Pass(ent))]

    def moves_bid(self, ent: str) -> list[LegalMove]:
        rnd = self.round
        mn, mx = rnd.min_bid(), self.game.players[ent].cash
        if mn > mx:
            return []
        note = f"buys it at {mn}" if rnd.dutch else f"any multiple of {BID_STEP} from {mn} to {mx}"
        return [LegalMove(A.Bid(ent, rnd.up.sym, mn), note)]

    def bid_problem(self, bid: A.Bid) -> Optional[tuple[str, str]]:
        """(reason, rule) why the bid may not be made, or None: the private up, the minimum, the
        increments and the bidder's cash (the listing gives the minimum and the range)."""
        rnd, g = self.round, self.game
        comp = rnd.up
        if bid.company != comp.sym:
            return f"{comp.sym} is up for auction, not {bid.company}", "single-item auction"
        mn = rnd.min_bid()
        if bid.price < mn:
            return f"the minimum bid for {comp.sym} is {mn}, not {bid.price}", "minimum bid"
        if (bid.price - mn) % BID_STEP:
            return f"bids go up in multiples of {BID_STEP}", "bid increments"
        if bid.price > g.players[bid.entity].cash:
            return f"{g.player_name(bid.entity)} has only {g.players[bid.entity].cash}", "bids are limited by cash"
        return None

    def check_bid(self, bid: A.Bid) -> None:
        why = self.bid_problem(bid)
        if why is not None:
            raise RuleError(why[0], rule=why[1])

    def apply_pass(self, action: A.Pass) -> None:
        self.round._pass(action.entity)

    def apply_bid(self, action: A.Bid) -> None:
        self.round._bid(action)


class SingleItemAuction(StepRound):
    """One private at a time, cheapest first; hidden rules markers are never offered."""

    name = "auction"
    #: the steps of the round (one: the bid or pass on the private up)
    step_classes: tuple[type, ...] = (SingleAuctionBid,)

    def __init__(self, game: "Game"):
        self.game = game
        self.entities = list(game.priority_order)
        self.index = 0                         # the player the next auction starts with
        self.companies = sorted((c for c in game.companies.values()
                                 if c.owner is None and not c.closed and not c.hidden), key=lambda c: c.value)
        self.bids: dict[str, int] = {}         # player -> bid on the private up now (insertion = order)
        self.active: list[str] = []            # players still in this auction
        self.declined: list[str] = []          # players who passed before anyone bid
        self.dutch = False
        self.done = False
        self.steps: list[Step] = [cls(self) for cls in self.step_classes]

    # --- flow ---------------------------------------------------------------------
    def start(self) -> None:
        if self.companies:
            self._offer(new=True)
        else:
            self.done = True

    def finished(self) -> bool:
        return self.done

    def priority_holder(self) -> Optional[str]:
        return self.entities[self.index % len(self.entities)]

    @property
    def up(self):
        return self.companies[0]

    def bidder(self) -> Optional[str]:
        """Who bids or passes now: after the high bidder, or the next who has not declined."""
        if self.done:
            return None
        if self.bids:
            high = max(self.bids, key=lambda p: self.bids[p])
            return self.active[(self.active.index(high) + 1) % len(self.active)]
        return next((p for p in self.active if p not in self.declined), None)

    def step_in_play(self) -> Step:
        return self.steps[0]

    def min_bid(self) -> int:
        comp = self.up
        if self.dutch or not self.bids:
            return comp.min_bid
        return max(self.bids.values()) + BID_STEP

    # --- actions ------------------------------------------------------------------
    def process(self, action: A.Action) -> None:
        self.step_in_play().process(action)

    def _offer(self, new: bool) -> None:
        """Put the cheapest private up: every player who can pay the minimum takes part."""
        if new:
            self.dutch = False
            self.declined = []
        mn = self.min_bid()
        rot = self.entities[self.index:] + self.entities[:self.index]
        self.active = [p for p in rot if self.game.players[p].cash >= mn]
        if not new and self.up.min_bid <= 0 and self.active:
            self.bids[self.active[0]] = 0          # free: the first player takes it
        self._resolve()

    def _pass(self, player: str) -> None:
        if self.bids or self.dutch:
            self.active.remove(player)
            self.bids.pop(player, None)
            self._resolve()
            return
        self.declined.append(player)
        if len(self.declined) == len(self.active):
            self._drop_price()
            self.declined = []

    def _drop_price(self) -> None:
        self.up.discount += PRICE_DROP
        self.game.log.append(f"nobody bid on {self.up.name}; its price drops to {self.up.min_bid}")
        self.dutch = True

    def _bid(self, bid: A.Bid) -> None:
        """Record a bid the step has checked; bidders who cannot pay the next minimum drop out."""
        g = self.game
        self.declined = []
        if self.dutch:
            self.active = [p for p in self.active if p == bid.entity]
        self.bids.pop(bid.entity, None)
        self.bids[bid.entity] = bid.price
        # players who cannot pay the next minimum drop out
        nxt = self.min_bid()
        for p in [p for p in self.active if p != bid.entity and g.players[p].cash < nxt]:
            self.active.remove(p)
            self.bids.pop(p, None)
        self._resolve()

    def _resolve(self) -> None:
        if not self.active:
            self.bids.clear()
            self._drop_price()
            self._offer(new=False)
            return
        if len(self.active) != 1 or not self.bids:
            return
        winner, price = next(iter(self.bids.items()))
        g = self.game
        comp = self.up
        g.pay_to_bank(winner, price)
        g.give_company(comp, winner, False)
        self.companies.pop(0)
        self.bids.clear()
        self.active = []
        self.index = (self.entities.index(winner) + 1) % len(self.entities)
        if self.companies:
            self._offer(new=True)
        else:
            self.done = True
