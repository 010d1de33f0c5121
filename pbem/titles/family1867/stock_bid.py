"""A stock round in which minors are started by auction (1861, from 1867).

Instead of parring a minor, a player opens an auction for it with a bid of at least 100; the
other players, in turn after the highest bidder, raise by multiples of 5 or drop out. The winner
pays the whole bid into the minor's treasury and takes its single certificate; the minor's price
is the highest minor par price not above half the bid (at most 135). The winner's turn is over."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.titles.family1867.choice import PendingChoice
from pbem.engine.rounds.stock import StockRound
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation


class BidStockRound(PendingChoice, StockRound):
    """StockRound plus the minor auction; the title says which minors may be started now
    (`can_start_minor`) and the auction's figures (`data["minor_start"]`)."""

    sell_after_buy = False

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

    # --- flow -----------------------------------------------------------------
    def current_entity(self) -> Optional[str]:
        if self.auction:
            high = max(self.bids, key=lambda p: self.bids[p])
            return self.active[(self.active.index(high) + 1) % len(self.active)]
        return super().current_entity()

    def legal(self, entity: str) -> list[str]:
        if self.auction:
            return ["bid", "pass"] if entity == self.current_entity() else []
        return super().legal(entity)

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

    def finish(self) -> None:
        """End of round: sold-out majors move up (minors are always 'sold out' and do not)."""
        g = self.game
        corps = [c for c in g.corporations.values() if c.floated and not c.closed and c.kind == "major"
                 and c.sym in g.market.positions]
        for corp in sorted(corps, key=lambda c: g.market.order_key(c.sym)):
            if sum(corp.player_holdings().values()) == 100:
                g.market.move_up(corp.sym)

    # --- concrete moves (pbem.engine.legal) ---------------------------------------------
    def moves_bid(self, ent: str) -> list:
        from pbem.engine.legal import LegalMove

        g = self.game
        if self.auction:
            corp = g.corporations[self.auction]
            mn, mx = max(self.bids.values()) + self.step, self.max_bid(ent, corp)
            return [LegalMove(A.Bid(ent, corp.sym, mn), f"multiples of {self.step} from {mn} to {mx}")] if mn <= mx else []
        mx = g.players[ent].cash
        return [LegalMove(A.Bid(ent, c.sym, self.min_open), f"open the auction: {self.min_open} to {mx}")
                for c in g.corporations.values() if self.startable(ent, c)]

    def moves_par(self, ent: str) -> list:
        from pbem.engine.legal import LegalMove

        g = self.game
        cells = sorted({c.price for row in g.market.grid for c in row
                        if c and ("p" in c.types or "z" in c.types)}, reverse=True)
        return [LegalMove(A.Par(ent, corp.sym, price))
                for corp in g.corporations.values() if corp.kind == "major" and self.can_par(ent, corp)
                for price in cells if 2 * price <= g.players[ent].cash]

    def moves_place_token(self, ent: str) -> list:
        """A new major's home: the cities the title allows."""
        from pbem.engine.legal import LegalMove

        g = self.game
        return [LegalMove(A.PlaceToken(ent, h, ci), "home station")
                for h, ci in g.title.home_locations(g, g.corporations[ent])]

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

    # --- actions ---------------------------------------------------------------
    def process(self, action: A.Action) -> None:
        g = self.game
        if self.auction:
            ent = self.current_entity()
            if action.entity != ent:
                raise RuleError(f"it is {g.player_name(ent)}'s turn in the auction of {self.auction}",
                                rule="turn order", legal=["bid", "pass"])
            if isinstance(action, A.Pass):
                self.active.remove(ent)
                self.bids.pop(ent, None)
                self._resolve()
            elif isinstance(action, A.Bid):
                self._raise(action)
            else:
                raise RuleError(f"{self.auction} is being auctioned: bid or pass", rule="minor auction",
                                legal=["bid", "pass"])
            self._settle()
            return
        if isinstance(action, A.Bid) and not self.pending_home and not g.crowded_corps():
            if action.entity != self.entities[self.index]:
                raise RuleError(f"it is {g.player_name(self.entities[self.index])}'s turn", rule="turn order")
            self._open(action)
            self._settle()
            return
        super().process(action)

    def _check_bid(self, bid: A.Bid, mn: int, corp: "Corporation") -> None:
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
        corp = g.corporations.get(bid.company)
        if corp is None or not self.can_bid_any(player) or not self.startable(player, corp):
            raise RuleError(f"{g.player_name(player)} cannot start {bid.company} now", rule="starting a minor",
                            legal=self.player_actions(player))
        self._check_bid(bid, self.min_open, corp)
        self.auction = corp.sym
        self.bids = {player: bid.price}
        self._place_home(corp)
        nxt = bid.price + self.step
        self.active = [p for p in self.entities if p == player or self.max_bid(p, corp) >= nxt]
        self._resolve()

    def _raise(self, bid: A.Bid) -> None:
        g = self.game
        corp = g.corporations[self.auction]
        if bid.company != corp.sym:
            raise RuleError(f"{corp.sym} is being auctioned, not {bid.company}", rule="minor auction")
        self._check_bid(bid, max(self.bids.values()) + self.step, corp)
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
            g.board.place_token(corp.home, corp.home_city or 0, Token(corp.sym, corp.sym, False))
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
        corp.president = winner
        corp.add("ipo", -100)
        corp.add(winner, 100)
        g.players[winner].cash -= price
        corp.cash += price
        corp.floated = True
        g.log.append(f"{g.player_name(winner)} wins {corp.sym} for {price}")
        self.index = self.entities.index(winner)
        self.turn_actions.append(A.Par(winner, corp.sym, cell.price))
        self.last_to_act = winner
        self._end_turn(winner, passed=False)
