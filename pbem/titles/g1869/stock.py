"""1869's stock round: first sell, then buy one certificate ("In one turn you can first sell as
many shares as you like and then buy one share"); several shares of a corporation in the brown
zone (<= 49) from the IPO or the pool; certificates of different sizes exchanged on buying and
selling (`paper.py`). Every decision is in docs/1869-rules.md."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.certificates import CertificateError
from pbem.engine.rounds.stock import StockRound
from pbem.engine.step import LegalMove
from pbem.engine.steps.interrupts import DiscardTrain, HomeToken
from pbem.engine.steps.shares import SOURCES
from pbem.titles.family1830.stock import BuySellParShares1830, StockRound1830
from pbem.titles.g1869 import paper

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation


class BuySellParShares1869(BuySellParShares1830):
    """The turn, with buys of certificates larger than a share and the exchanges."""

    def moves_buy_shares(self, ent: str) -> list[LegalMove]:
        rnd, g = self.round, self.game
        out = super().moves_buy_shares(ent)
        for corp in g.corporations.values():
            unit = corp.share_percent
            largest = max((c.percent for c in corp.certificates.certs), default=unit)
            for src in SOURCES:
                for pct in range(2 * unit, largest + 1, unit):
                    if rnd.can_buy(ent, corp, src, pct):
                        out.append(LegalMove(A.BuyShares(ent, corp.sym, src, pct),
                                             g.money(rnd.unit_price(corp, src) * pct // unit)))
        return out

    def apply_buy_shares(self, action: A.BuyShares) -> None:
        g = self.game
        corp = g.corporations[action.corporation]
        plan = paper.buy_plan(corp, action.entity, action.source, action.percent)
        if plan is None or paper.is_plain(corp, plan, action.percent):
            return super().apply_buy_shares(action)
        paper.buy(g, action.entity, corp, action.source, action.percent, plan,
                  self.round.unit_price(corp, action.source))
        self._done(action)

    def apply_sell_shares(self, action: A.SellShares) -> None:
        g = self.game
        corp = g.corporations[action.corporation]
        plan = paper.sale_plan(corp, action.entity, action.percent)
        if plan is None:
            return super().apply_sell_shares(action)
        self.round.sold.setdefault(action.entity, set()).add(action.corporation)
        paper.sell(g, action.entity, corp, action.percent, plan)
        self._done(action)


class StockRound1869(StockRound1830):
    """Sell first, then buy; several brown-zone shares from the IPO or the pool; the exchanges."""

    step_classes = (HomeToken, DiscardTrain, BuySellParShares1869)
    sell_after_buy = False

    def can_buy_multiple(self, corp, source: str) -> bool:
        return StockRound.can_buy_multiple(self, corp, source)

    def why_not_buy(self, player: str, corp: "Corporation", source: str,
                    percent: int = 0) -> Optional[tuple[str, str]]:
        """A buy is one certificate, of the percent bought or larger with the buyer's smaller
        certificates given toward it; the rest as for any buy."""
        g, unit = self.game, self.share_size(corp)
        percent = percent or unit
        if not self._planned(corp, percent):
            return super().why_not_buy(player, corp, source, percent)
        plan = paper.buy_plan(corp, player, source, percent)
        if plan is None:
            where = "the IPO" if source == "ipo" else "the market pool"
            return (f"{where} has no {corp.sym} certificate of {percent}%, nor a larger one "
                    f"{g.player_name(player)}'s certificates make up", "a large share is exchanged against smaller ones")
        return self._plan_problem(player, corp, source, percent, plan)

    def can_buy(self, player: str, corp: "Corporation", source: str, percent: int = 0) -> bool:
        """`why_not_buy` is None, without writing out why not when no certificate makes the buy
        (the likeliest refusal of a listing: asked of every corporation and source)."""
        percent = percent or self.share_size(corp)
        if not self._planned(corp, percent):
            return super().why_not_buy(player, corp, source, percent) is None
        plan = paper.buy_plan(corp, player, source, percent)
        return plan is not None and self._plan_problem(player, corp, source, percent, plan) is None

    def _planned(self, corp: "Corporation", percent: int) -> bool:
        """Whether a buy of `percent` of `corp` is one of certificates (`paper.buy_plan`): the
        corporation started, the percent whole shares."""
        unit = self.share_size(corp)
        return not (corp.closed or not corp.ipoed or corp.par_price is None or percent % unit or percent <= 0)

    def _plan_problem(self, player: str, corp: "Corporation", source: str, percent: int,
                      plan: paper.Plan) -> Optional[tuple[str, str]]:
        """Why not a buy made as `plan` (`why_not_buy` once the plan is found)."""
        g, unit = self.game, self.share_size(corp)
        if paper.is_plain(corp, plan, percent):
            return super().why_not_buy(player, corp, source, percent)
        why = super().why_not_buy(player, corp, source, unit)       # started, sold, bought, cash
        if why is not None and why[1] != "buying shares":
            return why
        name, cost = g.player_name(player), self.unit_price(corp, source) * percent // unit
        if g.players[player].cash < cost:
            return (f"{name} has {g.money(g.players[player].cash)}, {percent}% of {corp.sym} costs {g.money(cost)}",
                    "buying shares")
        if not g.shares.holding_ok(corp, player, percent):
            return f"{name} would hold more than {g.max_holding_percent}% of {corp.sym}", "buying shares"
        gained = 1 - sum(c.counts for c in plan[1])
        if g.shares.counts_for_limit(corp) and gained > 0 and g.shares.num_certs(player) + gained > g.cert_limit:
            return f"{name} is at the certificate limit ({g.shares.num_certs(player)}/{g.cert_limit})", "buying shares"
        return None

    def can_sell_any(self, player: str) -> bool:
        """Any sale, of one share or more (a lone 20% with no change in the pool sells whole):
        of the percents `sale_percents` leaves to ask."""
        if not self.sale_allowed_now():
            return False
        return any(self.can_sell(player, c, pct)
                   for c in self.game.corporations.values() for pct in self.sale_percents(player, c))

    def sell_problem(self, player: str, corp: "Corporation", percent: int) -> Optional[tuple[str, str]]:
        why = super().sell_problem(player, corp, percent)
        if why is not None:
            return why
        try:
            paper.sale_plan(corp, player, percent)
        except CertificateError as e:
            return str(e), "a large share is exchanged against smaller ones"
        return None
