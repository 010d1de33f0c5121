"""How paper behaves, as overridable hooks mixed into `Rules`: who may preside, who a share's
dividend pays, how a sale moves the price (what a president may sell toward a train is the
train step's rule: `pbem.engine.steps.trains`)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Optional


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
