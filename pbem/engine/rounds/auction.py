"""The initial private-company auction (waterfall): buy the cheapest at face value or bid on others."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.step import Step, StepRound
from pbem.engine.steps.auction import PendingPar, Waterfall

if TYPE_CHECKING:
    from pbem.engine.game import Game

BID_STEP = 5


class AuctionRound(StepRound):
    """Waterfall auction. Players act in seat order; an auction among several bidders
    on the cheapest remaining private interrupts the turn order until it is settled."""

    name = "auction"
    #: the least raise over the high bid
    bid_step = BID_STEP
    #: True: a raise is a multiple of `bid_step` (as 18xx.games' MUST_BID_INCREMENT_MULTIPLE);
    #: False: any raise of at least `bid_step` (the standard game; a title's round says so)
    raise_in_multiples = True
    #: when every player passes: True lowers the price of the cheapest private still unsold; False
    #: (18xx.games' standard waterfall) lowers only the game's cheapest private, and once it
    #: is sold pays the privates' revenue instead, as an operating round would
    discount_cheapest_remaining = True
    #: the steps of the round, first in play first
    step_classes: tuple[type, ...] = (PendingPar, Waterfall)

    def __init__(self, game: "Game"):
        self.game = game
        self.entities = list(game.priority_order)
        self.index = 0
        self.companies = sorted((c for c in game.companies.values() if c.owner is None and not c.closed),
                                key=lambda c: c.value)
        self.bids: dict[str, dict[str, int]] = {}       # company -> player -> price (insertion = order)
        self.passed: set[str] = set()
        self.auctioning: Optional[str] = None
        self.last_to_act: Optional[str] = None
        self.pending_par: list[str] = []                 # companies whose buyer must now par a corporation
        self.cheapest = self.companies[0].sym if self.companies else None
        self.steps: list[Step] = [cls(self) for cls in self.step_classes]

    # --- flow ---------------------------------------------------------------------
    def start(self) -> None:
        pass

    def finished(self) -> bool:
        return not self.companies and not self.pending_par

    def priority_holder(self) -> Optional[str]:
        # after_last_to_act: the entity index points at the next player after the last action
        return self.entities[self.index % len(self.entities)]

    def next_entity(self) -> None:
        self.index = (self.index + 1) % len(self.entities)

    # --- helpers ------------------------------------------------------------------
    def committed(self, player: str) -> int:
        return sum(b.get(player, 0) for b in self.bids.values())

    def min_bid(self, sym: str) -> int:
        comp = self.game.companies[sym]
        if self.may_purchase(sym):
            return comp.min_bid
        bids = self.bids.get(sym, {})
        high = max(bids.values()) if bids else comp.min_bid
        return high + self.bid_step

    def may_purchase(self, sym: str) -> bool:
        return self.auctioning is None and bool(self.companies) and self.companies[0].sym == sym

    def max_bid(self, player: str, sym: str) -> int:
        return self.game.players[player].cash - self.committed(player) + self.bids.get(sym, {}).get(player, 0)

    # --- actions ------------------------------------------------------------------
    def process(self, action: A.Action) -> None:
        self.step_in_play().process(action)

    def _pass(self, player: str) -> None:
        if self.auctioning:
            sym = self.auctioning
            self.bids[sym].pop(player, None)
            self._resolve()
            return
        self.passed.add(player)
        if all(p in self.passed for p in self.entities):
            self._all_passed()
        self.next_entity()

    def _all_passed(self) -> None:
        if not self.discount_cheapest_remaining and all(c.sym != self.cheapest for c in self.companies):
            self.game.payout_companies()
            self.passed.clear()
            return
        cheapest = self.companies[0]
        cheapest.discount += 5
        self.passed.clear()
        if cheapest.min_bid <= 0:
            # free: the next player is forced to take it
            self.next_entity()
            self._buy(self.current_entity(), cheapest.sym, 0)
            self._resolve()

    def _bid(self, bid: A.Bid) -> None:
        """Carry out a bid the Waterfall step accepted."""
        self.passed.discard(bid.entity)
        sym = bid.company
        if self.auctioning:
            self.bids[sym].pop(bid.entity, None)
            self.bids[sym][bid.entity] = bid.price
            return
        if self.may_purchase(sym):
            self.last_to_act = bid.entity
            self.bids.pop(sym, None)
            self._buy(bid.entity, sym, bid.price)
            self._resolve()
        else:
            self.bids.setdefault(sym, {}).pop(bid.entity, None)
            self.bids[sym][bid.entity] = bid.price
        self.next_entity()

    def _buy(self, player: str, sym: str, price: int) -> None:
        g = self.game
        comp = g.companies[sym]
        g.pay_to_bank(player, price)
        g.give_company(comp, player, False)
        self.companies = [c for c in self.companies if c.sym != sym]
        g.title.after_buy_company(g, player, comp, price, self)

    def _resolve(self) -> None:
        while self.companies:
            comp = self.companies[0]
            bids = self.bids.get(comp.sym, {})
            self.auctioning = None
            if len(bids) == 1:
                player, price = next(iter(bids.items()))
                del self.bids[comp.sym]
                self._buy(player, comp.sym, price)
                continue
            if len(bids) > 1:
                self.auctioning = comp.sym
            break
