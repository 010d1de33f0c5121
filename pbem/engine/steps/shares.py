"""The stock-round turn: sell, buy one certificate or start a corporation, sell again, or pass.

The rule predicates are the round's (`StockRound.why_not_buy`, `sell_problem`, `par_problem`:
titles vary them by subclassing the round); this step lists the moves those predicates accept
and refuses, with the same predicates, the moves they do not."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A
from pbem.engine.step import LegalMove, Step
from pbem.errors import RuleError

SOURCES = ("ipo", "pool")


class BuySellParShares(Step):
    """The priority player's stock-round turn."""

    name = "stock round"

    def entity(self) -> Optional[str]:
        rnd = self.round
        return rnd.entities[rnd.index]

    def actions(self, entity: str) -> list[str]:
        return self.round.player_actions(entity) if entity == self.entity() else []

    # --- listings -------------------------------------------------------------------------
    def moves_pass(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Pass(ent))]

    def moves_buy_shares(self, ent: str) -> list[LegalMove]:
        rnd, g = self.round, self.game
        return [LegalMove(A.BuyShares(ent, corp.sym, src), g.money(rnd.unit_price(corp, src)))
                for corp in g.corporations.values() for src in SOURCES if rnd.can_buy(ent, corp, src)]

    def moves_sell_shares(self, ent: str) -> list[LegalMove]:
        rnd, g = self.round, self.game
        return [LegalMove(A.SellShares(ent, corp.sym, pct))
                for corp in g.corporations.values() for pct in rnd.sale_percents(ent, corp)
                if rnd.sell_problem(ent, corp, pct) is None]

    def moves_par(self, ent: str) -> list[LegalMove]:
        rnd, g = self.round, self.game
        return [LegalMove(A.Par(ent, corp.sym, price))
                for corp in g.corporations.values() for price in rnd.par_prices(corp)
                if rnd.par_problem(ent, corp, price) is None]

    # --- checks ------------------------------------------------------------------------------
    def _refuse(self, why: Optional[tuple[str, str]], player: str) -> None:
        if why is not None:
            raise RuleError(why[0], rule=why[1], legal=self.round.player_actions(player))

    def _corp(self, sym: str):
        corp = self.game.corporations.get(sym)
        if corp is None:
            raise RuleError(f"there is no corporation {sym}", rule="stock round")
        return corp

    def _must_sell_first(self, player: str) -> None:
        if self.round.must_sell(player):
            self._refuse((f"{self.game.player_name(player)} must sell shares first (over a limit)",
                          "certificate limit"), player)

    def check(self, action: A.Action) -> None:
        ent, g = self.entity(), self.game
        if action.entity != ent:
            raise RuleError(f"it is {g.player_name(ent)}'s turn in the stock round, not {g.player_name(action.entity)}'s",
                            rule="turn order", legal=self.actions(ent))
        if not self.accepts(action):
            raise RuleError(f"cannot {A.kind_words(action)} in a stock round", rule="stock round",
                            legal=self.round.player_actions(action.entity))
        super().check(action)

    def check_pass(self, action: A.Pass) -> None:
        self._must_sell_first(action.entity)

    def check_sell_shares(self, action: A.SellShares) -> None:
        corp = self._corp(action.corporation)
        self._refuse(self.round.sell_problem(action.entity, corp, action.percent), action.entity)

    def check_buy_shares(self, action: A.BuyShares) -> None:
        corp = self._corp(action.corporation)
        self._refuse(self.round.why_not_buy(action.entity, corp, action.source, action.percent), action.entity)
        self._must_sell_first(action.entity)

    def check_par(self, action: A.Par) -> None:
        corp = self._corp(action.corporation)
        self._refuse(self.round.par_problem(action.entity, corp, action.price), action.entity)
        self._must_sell_first(action.entity)

    # --- application ---------------------------------------------------------------------------
    def apply_pass(self, action: A.Pass) -> None:
        rnd = self.round
        rnd._end_turn(action.entity, passed=not rnd.turn_actions)

    def apply_sell_shares(self, action: A.SellShares) -> None:
        rnd, g = self.round, self.game
        rnd.sold.setdefault(action.entity, set()).add(action.corporation)
        g.shares.sell(action.entity, g.corporations[action.corporation], action.percent)
        self._done(action)

    def apply_buy_shares(self, action: A.BuyShares) -> None:
        g = self.game
        g.shares.buy(action.entity, g.corporations[action.corporation], action.source, action.percent)
        self._done(action)

    def apply_par(self, action: A.Par) -> None:
        g = self.game
        g.title.par(g, action.entity, g.corporations[action.corporation], action.price, self.round)
        self._done(action)

    def _done(self, action: A.Action) -> None:
        self.round.turn_actions.append(action)
        self.round.last_to_act = action.entity
