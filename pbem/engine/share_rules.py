"""How paper behaves, as overridable hooks mixed into `Rules`: who may preside, who a share's
dividend pays, how a sale moves the price, and what a president may sell to buy a train."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class ShareRules:
    """The classic rules for certificates and dividends; `Rules` inherits these defaults."""

    #: dividends on shares in the market pool go to the corporation (classic rules)
    pool_shares_pay_company = True
    #: dividends on shares in the IPO/treasury go to the corporation (titles with treasury shares)
    treasury_shares_pay_company = False

    def may_preside(self, g: "Game", corp: "Corporation", holder: str) -> bool:
        """Whether `holder` may be `corp`'s president: a player (a title may let corporations preside)."""
        return holder in g.players

    def dividend_payee(self, g: "Game", corp: "Corporation", holder: str) -> Optional[str]:
        """Who receives the dividend on `holder`'s shares of `corp`: the holder itself (a player or
        another corporation), the corporation for its pool or treasury shares where the title
        says so, or nobody (None: it stays in the bank)."""
        if holder == "pool":
            return corp.sym if self.pool_shares_pay_company else None
        if holder == "ipo":
            return corp.sym if self.treasury_shares_pay_company else None
        if holder in g.players or holder in g.corporations:
            return holder
        return None

    def pay_shareholders(self, g: "Game", corp: "Corporation", paid: int) -> None:
        """Pay `paid` across the corporation's shares: every payee for the shares it receives the
        dividend on, rounded up per payee; players first, in seating order."""
        unit = corp.share_percent
        per_share = paid / max(1, corp.certificates.total_percent // unit)
        owed: dict[str, int] = {}
        for holder, pct in corp.certificates.held.items():
            payee = self.dividend_payee(g, corp, holder)
            if payee is not None:
                owed[payee] = owed.get(payee, 0) + pct // unit
        order = [p for p in g.seat_order if p in owed] + [h for h in owed if h not in g.players]
        for payee in order:
            if owed[payee]:
                g.pay_from_bank(payee, math.ceil(owed[payee] * per_share))

    def sale_price_drop(self, g: "Game", corp: "Corporation", percent: int, was_president: bool) -> None:
        """The price falls one row per share sold."""
        for _ in range(percent // corp.share_percent):
            g.market.move_down(corp.sym)

    def emergency_sellable(self, g: "Game", corp: "Corporation", player: str, target: "Corporation",
                           only_needed: bool = True) -> int:
        """Most percent of `target` the president of `corp` may sell to raise money for its train:
        the ordinary limits, and never so much of `corp` itself that its presidency changes. One
        check for the sale, its listing, and the shares a bankrupt president sells (who sells all
        that may be sold: `only_needed=False`)."""
        mx = g.shares.max_sellable(player, target)
        if target is corp and corp.president == player:
            others = [p for h, p in corp.player_holdings().items() if h != player]
            mx = min(mx, corp.percent_of(player) - max(others or [0]))
            mx -= mx % target.share_percent
        if only_needed:
            mx = min(mx, self.emergency_needed_percent(g, corp, player, target))
        return max(0, mx)

    def emergency_needed_percent(self, g: "Game", corp: "Corporation", player: str, target: "Corporation") -> int:
        """No selling more than needed (18xx.games EmergencyMoney#selling_minimum_shares?): a sale
        is allowed only if one share fewer would not cover what corporation and president still
        lack for the cheapest depot train (bank-pool trains included); nothing once their cash
        together covers it. Cash, not buying power; each sale judged on the cash after the
        earlier ones; a president's certificate counts as its shares (18xx.games takes it as one
        share of double price, so a piece of it passes with money to spare)."""
        avail = g.depot.available(g.phase_names)
        if not avail:
            return 0
        short = min(t.price for t in avail) - corp.cash - g.players[player].cash
        price = g.market.price(target.sym) or 0
        if short <= 0 or price <= 0:
            return 0
        return target.share_percent * -(-short // price)

    def emergency_sale_problem(self, g: "Game", corp: "Corporation",
                               action: A.SellShares) -> Optional[tuple[str, str]]:
        """(reason, rule) why the president of `corp` may not make this sale toward its train, or
        None: the check of the sale and the filter of its listing (changes nothing)."""
        target = g.corporations.get(action.corporation)
        if target is None:
            return f"there is no corporation {action.corporation}", "emergency money raising"
        player = action.entity
        if not g.round.emergency(corp):
            # emergency money raising: a president sells in an operating round only for a
            # corporation that has no train, has a route and cannot pay for the cheapest train
            # itself (the listing's own condition); 18xx.games offers the sale at any train step
            return (f"{g.player_name(player)} may sell no shares now: {corp.sym} is not raising "
                    f"emergency money (it owns a train, has no route, or can pay for the cheapest "
                    f"train itself)", "a president sells in an operating round only in an emergency")
        full = self.emergency_sellable(g, corp, player, target, only_needed=False)
        if action.percent > full:
            return (f"{g.player_name(player)} may sell at most {full}% of {target.sym} now",
                    "emergency sales may not change the president of the buying corporation")
        mx = self.emergency_sellable(g, corp, player, target)
        if action.percent > mx:
            return (f"{g.player_name(player)} may sell at most {mx}% of {target.sym} now: "
                    f"{corp.sym} and its president need no more for the cheapest train",
                    "no selling more than needed in an emergency")
        return None

    def emergency_sell(self, g: "Game", corp: "Corporation", action: A.SellShares, rnd) -> None:
        why = self.emergency_sale_problem(g, corp, action)
        if why is not None:
            raise RuleError(why[0], rule=why[1])
        target = g.corporations[action.corporation]
        player = action.entity
        rnd.turn.last_share_sold_price = g.market.price(target.sym)   # the price per share it fetches
        g.shares.sell(player, target, action.percent)
