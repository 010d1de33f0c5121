"""The steps of an operating turn with loans (1861, from 1867): a major's redemption of a share
before track, a private bought before interest is paid, the loans settled after the dividend,
and the family's own listings of stations (priced by distance), dividends (half pay) and trains
(bought with loans when the corporation must). Each lists and checks its moves in one place; the
title's hooks apply them."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A
from pbem.engine.hexgrid import Grid
from pbem.engine.step import LegalMove
from pbem.engine.steps.operating import BuyTrain, Dividend, Token, Track, TurnStep
from pbem.engine.steps.trains import train_for_purchase
from pbem.errors import RuleError


class Redeem(TurnStep):
    """A major may buy back any or all of its shares in the market pool (1861 5.5.1), each at the
    market price, in one purchase before laying track."""

    name = "redeem"
    handles = (A.BuyShares, A.Pass)

    def offered(self) -> list[str]:
        g = self.game
        return ["buy_shares", "pass"] if g.title.can_redeem(g, self.corp) else []

    def moves_buy_shares(self, ent: str) -> list[LegalMove]:
        g, corp = self.game, self.corp
        price = g.market.price(ent) or 0
        out = []
        for pct in range(10, corp.pool_percent + 1, 10):
            cost = g.shares.cost(corp, pct, price)
            if cost > corp.cash:
                break
            out.append(LegalMove(A.BuyShares(ent, ent, "pool", pct), f"redeem {pct // 10} share(s) for {cost}"))
        return out

    def redeem_problem(self, action: A.BuyShares) -> Optional[tuple[str, str]]:
        """(reason, rule) why the share may not be redeemed, or None (the title's `can_redeem`
        says whether one may be at all)."""
        corp = self.corp
        if action.corporation != corp.sym:
            return f"{corp.sym} can only redeem its own shares", "redeeming shares"
        if action.source != "pool" or action.percent <= 0 or action.percent % 10:
            return f"{corp.sym} redeems whole 10% shares from the market pool", "redeeming shares"
        if action.percent > corp.pool_percent:
            return f"the market pool holds {corp.pool_percent}% of {corp.sym}, not {action.percent}%", "redeeming shares"
        cost = self.game.shares.cost(corp, action.percent, self.game.market.price(corp.sym) or 0)
        if cost > corp.cash:
            return f"{corp.sym} has {self.game.money(corp.cash)}, {action.percent}% costs {self.game.money(cost)}", \
                "redeeming shares"
        return None

    def check_buy_shares(self, action: A.BuyShares) -> None:
        self._offered("buy_shares", action)
        why = self.redeem_problem(action)
        if why is not None:
            raise RuleError(why[0], rule=why[1], legal=self.round.legal(self.corp.sym))

    def apply_buy_shares(self, action: A.BuyShares) -> None:
        g = self.game
        g.title.redeem_shares(g, self.corp, action)
        self.round.turn.passed.add(self.name)


class PreloanCompany(TurnStep):
    """A chance to buy a private before interest is paid (the pass is recorded even without loans);
    the purchase itself is the turn's `BuyCompany` step, offered at every step."""

    name = "preloan_company"
    handles = (A.Pass,)

    def offered(self) -> list[str]:
        return ["buy_company", "pass"] if self.round.can_buy_company(self.corp) else []


class Loans(TurnStep):
    """Interest on the loans held when the round began, and repayments: no choice, settled when
    the turn reaches it (the round's `skip`, through the title's `loan_operations`)."""

    name = "loans"


class StationByDistance(Token):
    """A station priced by its distance (`price`), listed where the corporation can pay for it."""

    def price(self, action: A.PlaceToken) -> int:
        """A station costs its printed price times the distance in hexes from the corporation's
        nearest station (the first, or a free one, its printed price)."""
        g = self.game
        corp = g.corporations[action.entity]
        tok = corp.next_token()
        if tok is None:
            return 0
        placed = [c for c, _, _ in g.board.tokens_of(corp.sym)]
        if not placed or not tok.price:
            return tok.price
        grid = Grid(g.title.data.get("axes"), g.title.data.get("layout", "flat"))
        return tok.price * min(grid.distance(c, action.hex) for c in placed)

    def station_price(self, corp, coord: str) -> int:
        return self.price(A.PlaceToken(corp.sym, coord))


class HalfDividend(Dividend):
    """A major pays out, pays half (the treasury keeping half, rounded down to 10) or withholds;
    others pay by themselves (the round's `skip`)."""

    def offered(self) -> list[str]:
        return super().offered() if self.corp.kind == "major" else []

    def moves_dividend(self, ent: str) -> list[LegalMove]:
        rev = self.round.turn.revenue
        notes = {"payout": f"{rev} to shareholders", "half": f"{rev // 20 * 10} kept, the rest to shareholders",
                 "withhold": f"{rev} to the treasury"}
        return [LegalMove(A.Dividend(ent, kind), notes[kind]) for kind in self.round.dividend_kinds]

    def pay(self, kind: str, revenue: int) -> None:
        """Minors pay half to the owner and keep half; majors may pay out, pay half or withhold; the
        national keeps everything. Prices: a minor moves right when it pays, left when not; a major
        moves right if it pays at least its price per share, left if it pays nothing."""
        g, corp = self.game, self.corp
        corp.last_revenue = revenue
        corp.operated = True
        for t in corp.trains:
            t.operated = True
        if corp.kind == "national":
            g.pay_from_bank(corp.sym, revenue)
            return
        if corp.kind == "minor":
            kept = revenue // 2 if kind == "payout" else revenue
            g.pay_from_bank(corp.sym, kept)
            paid = revenue - kept
            if paid > 0:
                g.pay_from_bank(corp.president, paid)
                g.market.move_right(corp.sym)
            else:
                g.market.move_left(corp.sym)
            return
        if kind not in ("payout", "half", "withhold"):
            raise RuleError(f"'{kind}' is not a dividend choice: payout, half or withhold", rule="dividends")
        kept = {"payout": 0, "withhold": revenue, "half": revenue // 20 * 10}[kind]
        g.pay_from_bank(corp.sym, kept)
        paid = revenue - kept
        if paid > 0:
            g.title.pay_shareholders(g, corp, paid)
        price = g.market.price(corp.sym) or 0
        if paid <= 0:
            g.market.move_left(corp.sym)
        elif paid >= price:
            g.market.move_right(corp.sym)


class TrackWithLoans(Track):
    """Track paid with loans taken first as needed (the title's `raise_cash`)."""

    def lay(self, action: A.LayTile, slot: Optional[dict], *, extra: bool = False, connection: bool = True) -> None:
        g, corp = self.game, self.corp
        blocked = g.title.lay_blocked(g, action.hex, slot, self.round)
        if blocked:
            raise RuleError(blocked[0], rule=blocked[1])
        if slot is not None:
            quote = g.board.check_lay(corp.sym, action.hex, action.tile, action.rotation, g.tile_colors,
                                      check_connection=not g.loading)
            g.title.raise_cash(g, corp, quote.cost_terrain + quote.cost_borders + (0 if extra else slot.get("cost", 0)))
        super().lay(action, slot, extra=extra, connection=connection)


class BuyTrainWithLoans(BuyTrain):
    """Depot trains the corporation can pay for (with loans when it must buy), and other
    corporations' trains (not the national's) for 1 up to its cash; no president's help. What
    loans a purchase takes is known only as it is made, so its check is finished then."""

    checked_on_apply = BuyTrain.checked_on_apply | {"buy_train"}

    def check_buy_train(self, action: A.BuyTrain) -> None:
        self._offered("buy_train", action)

    def buy(self, action: A.BuyTrain) -> None:
        """A train the corporation must buy from the depot is paid with loans taken first
        as needed (the title's `raise_cash`)."""
        g, corp = self.game, self.corp
        if action.source == "depot" and self.round.must_buy_train(corp):
            g.title.raise_cash(g, corp, train_for_purchase(g, corp, action).price)
        super().buy(action)

    def apply_pass(self, action: A.Pass) -> None:
        """A corporation that ends its train buying without a train is nationalised."""
        super().apply_pass(action)
        self.round.trainless_check()

    def moves_buy_train(self, ent: str) -> list[LegalMove]:
        g, rnd = self.game, self.round
        corp = g.corporations[ent]
        if len(corp.trains) >= g.train_limit(corp):
            return []
        must = rnd.must_buy_train(corp)
        power = rnd.buying_power(corp) if must else corp.cash
        out = []
        for t in g.depot.available(g.phase_names):
            if t.price <= power:
                note = f"{t.price}" + (" taking loans" if t.price > corp.cash else "")
                out.append(LegalMove(A.BuyTrain(ent, t.name, "depot", t.price), note))
        if corp.cash >= 1:
            for other in g.corporations.values():
                if other is corp or other.closed or other.kind == "national":
                    continue
                for name in sorted({t.name for t in other.trains}):
                    out.append(LegalMove(A.BuyTrain(ent, name, other.sym, 1), f"1 to {corp.cash}"))
        return out
