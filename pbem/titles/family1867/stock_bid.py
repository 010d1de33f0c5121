"""A stock round in which minors are started by auction (1861, from 1867).

Instead of parring a minor, a player opens an auction for it with a bid of at least 100; the
other players, in turn after the highest bidder, raise by multiples of 5 or drop out. The winner
pays the whole bid into the minor's treasury and takes its single certificate; the minor's price
is the highest minor par price not above half the bid (at most 135). The winner's turn is over."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.engine.rounds.stock import StockRound
from pbem.engine.step import LegalMove, Step
from pbem.engine.steps.interrupts import DiscardTrain, HomeToken
from pbem.engine.steps.shares import BuySellParShares
from pbem.errors import RuleError
from pbem.titles.family1867.choice import ChoiceStep

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation


class MinorAuction(Step):
    """The auction of a minor a player opened: the others, in turn after the highest bidder,
    raise by multiples of the step or drop out."""

    name = "minor auction"

    def blocks(self) -> bool:
        return bool(self.round.auction)

    def entity(self) -> Optional[str]:
        rnd = self.round
        high = max(rnd.bids, key=lambda p: rnd.bids[p])
        return rnd.active[(rnd.active.index(high) + 1) % len(rnd.active)]

    def actions(self, entity: str) -> list[str]:
        return ["bid", "pass"] if entity == self.entity() else []

    def moves_pass(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Pass(ent))]

    def moves_bid(self, ent: str) -> list[LegalMove]:
        rnd = self.round
        corp = self.game.corporations[rnd.auction]
        mn, mx = rnd.next_bid(), rnd.max_bid(ent, corp)
        return [LegalMove(A.Bid(ent, corp.sym, mn), f"multiples of {rnd.step} from {mn} to {mx}")] if mn <= mx else []

    def check(self, action: A.Action) -> None:
        g, rnd = self.game, self.round
        if action.entity != self.entity():
            raise RuleError(f"it is {g.player_name(self.entity())}'s turn in the auction of {rnd.auction}",
                            rule="turn order", legal=["bid", "pass"])
        if not self.accepts(action):
            raise RuleError(f"{rnd.auction} is being auctioned: bid or pass", rule="minor auction",
                            legal=["bid", "pass"])
        super().check(action)

    def check_pass(self, action: A.Pass) -> None:
        pass

    def check_bid(self, bid: A.Bid) -> None:
        rnd = self.round
        if bid.company != rnd.auction:
            raise RuleError(f"{rnd.auction} is being auctioned, not {bid.company}", rule="minor auction")
        rnd.check_bid(bid, rnd.next_bid(), self.game.corporations[rnd.auction])

    def apply_pass(self, action: A.Pass) -> None:
        rnd = self.round
        rnd.active.remove(action.entity)
        rnd.bids.pop(action.entity, None)
        rnd._resolve()

    def apply_bid(self, action: A.Bid) -> None:
        self.round._raise(action)


class MajorHome(HomeToken):
    """A new major's home station: one of the cities the title allows (`home_locations`)."""

    def place(self, action: A.PlaceToken) -> None:
        g = self.game
        corp = g.corporations[action.entity]
        if corp.kind == "major" and not g.loading and (action.hex, action.city) not in g.title.home_locations(g, corp):
            raise RuleError(f"{corp.sym}'s home must be a city without stations on a hex not yet connected by "
                            f"track to another stop; {action.hex} is not", rule="major home stations")
        super().place(action)

    def moves_place_token(self, ent: str) -> list[LegalMove]:
        g = self.game
        return [LegalMove(A.PlaceToken(ent, h, ci), "home station")
                for h, ci in g.title.home_locations(g, g.corporations[ent])]


class BuySellParBid(BuySellParShares):
    """The stock-round turn, where a minor is started by opening its auction with a bid."""

    def moves_bid(self, ent: str) -> list[LegalMove]:
        rnd, g = self.round, self.game
        mx = g.players[ent].cash
        return [LegalMove(A.Bid(ent, c.sym, rnd.min_open), f"open the auction: {rnd.min_open} to {mx}")
                for c in g.corporations.values() if rnd.startable(ent, c)]

    def check_bid(self, bid: A.Bid) -> None:
        rnd, g = self.round, self.game
        player = bid.entity
        corp = g.corporations.get(bid.company)
        if corp is None or not rnd.can_bid_any(player) or not rnd.startable(player, corp):
            raise RuleError(f"{g.player_name(player)} cannot start {bid.company} now", rule="starting a minor",
                            legal=rnd.player_actions(player))
        self._must_sell_first(player)
        rnd.check_bid(bid, rnd.min_open, corp)

    def apply_bid(self, action: A.Bid) -> None:
        self.round._open(action)


class BidStockRound(StockRound):
    """StockRound plus the minor auction; the title says which minors may be started now
    (`can_start_minor`) and the auction's figures (`data["minor_start"]`)."""

    sell_after_buy = False
    step_classes: tuple[type, ...] = (ChoiceStep, MinorAuction, MajorHome, DiscardTrain, BuySellParBid)

    def sale_allowed_now(self) -> bool:
        return True

    def sell_refusal(self, player: str, corp: "Corporation") -> str:
        """Only shares of corporations that have operated may be sold."""
        if not corp.operated:
            return f"{corp.sym} has not operated yet"
        return super().sell_refusal(player, corp)

    def __init__(self, game):
        super().__init__(game)
        self.auction: Optional[str] = None     # minor up for auction
        self.bids: dict[str, int] = {}
        self.active: list[str] = []
        spec = game.data["minor_start"]
        self.min_open = spec["min_bid"]
        self.step = spec["bid_multiple"]
        self.max_par = spec["max_par"]

    def player_actions(self, player: str) -> list[str]:
        acts = super().player_actions(player)
        if acts == ["sell_shares"]:
            return acts
        if self.can_bid_any(player):
            acts = [a for a in acts if a != "pass"] + ["bid", "pass"]
        if not acts and self.could_start_major(player):
            acts = ["pass"]
        return acts

    def has_actions(self, player: str) -> bool:
        return super().has_actions(player) or self.can_bid_any(player) or self.could_start_major(player)

    def could_start_major(self, player: str) -> bool:
        """Whether 18xx.games would offer this player a par, and so not end the turn by itself:
        a major that is not started, whatever the free homes, and cash for two shares at the
        lowest par price of any kind (minors' included, as 18xx.games prices an unstarted major's
        president's share). pbem lists only the pars that can be completed; such a player may
        then just pass."""
        g = self.game
        if self.bought():
            return False
        lowest = min(c.price for row in g.market.grid for c in row
                     if c and any(t in c.types for t in "pxz"))
        return g.players[player].cash >= 2 * lowest and any(
            corp.kind == "major" and not corp.ipoed and not corp.closed
            and g.title.can_par(g, corp, player, need_home=False) and g.shares.can_gain(corp, player, 20)
            for corp in g.corporations.values())

    def max_bid(self, player: str, corp: "Corporation") -> int:
        g = self.game
        if not g.shares.can_gain(corp, player, 100):
            return 0
        return g.players[player].cash

    def can_bid_any(self, player: str) -> bool:
        g = self.game
        if self.bought() or g.players[player].cash < self.min_open:
            return False
        return any(self.startable(player, c) for c in g.corporations.values())

    def startable(self, player: str, corp: "Corporation") -> bool:
        g = self.game
        return (corp.kind == "minor" and not corp.ipoed and not corp.closed
                and g.title.can_par(g, corp, player) and g.shares.can_gain(corp, player, 100))

    def after_choice(self) -> None:
        self._settle()

    def _after_move(self, player: str) -> None:
        """An opening bid does not end the turn while its auction runs (the auction's end does)."""
        if self.auction:
            self._settle()
            return
        super()._after_move(player)

    def finish(self) -> None:
        """End of round: sold-out majors move up (minors are always 'sold out' and do not)."""
        g = self.game
        corps = [c for c in g.corporations.values() if c.floated and not c.closed and c.kind == "major"
                 and c.sym in g.market.positions]
        for corp in sorted(corps, key=lambda c: g.market.order_key(c.sym)):
            if sum(corp.player_holdings().values()) == 100:
                g.market.move_up(corp.sym)

    def can_par(self, player: str, corp: "Corporation") -> bool:
        g = self.game
        if corp.kind != "major" or corp.ipoed or corp.closed or not g.title.can_par(g, corp, player):
            return False
        return self._par_affordable(player, corp)

    def par_prices(self, corp: "Corporation") -> list[int]:
        """A major is parred on a p or z cell."""
        g = self.game
        return sorted({c.price for row in g.market.grid for c in row if c and ("p" in c.types or "z" in c.types)},
                      reverse=True)

    def _par_affordable(self, player: str, corp: "Corporation") -> bool:
        g = self.game
        lowest = min(c.price for row in g.market.grid for c in row if c and ("p" in c.types or "z" in c.types))
        return g.players[player].cash >= 2 * lowest and g.shares.can_gain(corp, player, 20)

    # --- the auction of a minor ---------------------------------------------------------
    def next_bid(self) -> int:
        """The least raise in the minor auction under way."""
        return max(self.bids.values()) + self.step

    def check_bid(self, bid: A.Bid, mn: int, corp: "Corporation") -> None:
        """Refuse a bid below `mn`, off the increments, or above what the bidder may bid."""
        g = self.game
        if bid.price < mn:
            raise RuleError(f"the minimum bid for {corp.sym} is {mn}, not {bid.price}", rule="minimum bid")
        if (bid.price - mn) % self.step:
            raise RuleError(f"bids go up in multiples of {self.step}", rule="bid increments")
        if bid.price > self.max_bid(bid.entity, corp):
            raise RuleError(f"{g.player_name(bid.entity)} cannot bid {bid.price} on {corp.sym}",
                            rule="bids are limited by cash and the certificate limit")

    def _open(self, bid: A.Bid) -> None:
        g = self.game
        player = bid.entity
        corp = g.corporations[bid.company]
        self.auction = corp.sym
        self.bids = {player: bid.price}
        self._place_home(corp)
        nxt = bid.price + self.step
        self.active = [p for p in self.entities if p == player or self.max_bid(p, corp) >= nxt]
        self._resolve()

    def _raise(self, bid: A.Bid) -> None:
        g = self.game
        corp = g.corporations[self.auction]
        self.bids.pop(bid.entity, None)
        self.bids[bid.entity] = bid.price
        nxt = bid.price + self.step
        for p in [p for p in self.active if p != bid.entity and self.max_bid(p, corp) < nxt]:
            self.active.remove(p)
            self.bids.pop(p, None)
        self._resolve()

    def _place_home(self, corp: "Corporation") -> None:
        g = self.game
        if corp.home and corp.tokens and not corp.tokens[0].used:
            city = g.board.reserved_city(corp.home, corp.sym, corp.home_city or 0)
            g.board.place_token(corp.home, city, Token(corp.sym, corp.sym, False))
            corp.tokens[0].used = True

    def _resolve(self) -> None:
        if len(self.active) != 1 or not self.bids:
            return
        g = self.game
        winner, price = next(iter(self.bids.items()))
        corp = g.corporations[self.auction]
        self.auction = None
        self.bids = {}
        self.active = []
        par = min(price // 2, self.max_par)
        # minor par cells: p (any corporation) or x (minors only)
        cells = [c for row in g.market.grid for c in row
                 if c and c.price <= par and ("p" in c.types or "x" in c.types)]
        cell = max(cells, key=lambda c: c.price)
        g.market.set_par(corp.sym, cell)
        corp.par_price = cell.price
        corp.ipoed = True
        g.shares.give_president(corp, winner)
        g.players[winner].cash -= price
        corp.cash += price
        corp.floated = True
        g.log.append(f"{g.player_name(winner)} wins {corp.sym} for {price}")
        self.index = self.entities.index(winner)
        self.turn_actions.append(A.Par(winner, corp.sym, cell.price))
        self.last_to_act = winner
        self._end_turn(winner, passed=False)
