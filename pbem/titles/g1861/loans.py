"""1861: Loans: taken automatically for track, a must-buy depot train or interest; interest and
repayment after the dividend; at the end of the game the price moves left once per loan."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.titles.g1861.state import state

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class Loans1861:
    """Mixed into Rules1861 (pbem/titles/g1861.py)."""

    def max_loans(self, corp: "Corporation") -> int:
        return self.data["loans"]["max"].get(corp.kind, 0)

    def buying_power(self, g: "Game", corp: "Corporation") -> int:
        """Cash plus what the loans it may still take would bring in."""
        spec = self.data["loans"]
        room = max(0, min(self.max_loans(corp) - corp.loans, state(g).loans_left))
        return corp.cash + room * spec["proceeds"]

    def can_take_loan(self, g: "Game", corp: "Corporation") -> bool:
        return corp.loans < self.max_loans(corp) and state(g).loans_left > 0

    def take_loan(self, g: "Game", corp: "Corporation") -> None:
        """A loan of 50 brings in 45: the first interest is paid at once."""
        corp.loans += 1
        state(g).loans_left -= 1
        g.pay_from_bank(corp.sym, self.data["loans"]["proceeds"])
        g.log.append(f"{corp.sym} takes a loan")

    def raise_cash(self, g: "Game", corp: "Corporation", cost: int) -> None:
        """Take loans until the corporation can pay `cost` (or can take no more)."""
        while cost > corp.cash and self.can_take_loan(g, corp):
            self.take_loan(g, corp)

    def loan_operations(self, g: "Game", corp: "Corporation", rnd) -> None:
        """After the dividend: pay interest on the loans held when the OR began, then repay loans."""
        spec = self.data["loans"]
        owed = spec["interest"] * state(g).interest_due.get(corp.sym, 0)
        while owed > corp.cash and self.can_take_loan(g, corp):
            self.take_loan(g, corp)
        if owed > corp.cash:
            g.log.append(f"{corp.sym} owes {owed} interest but has {corp.cash}")
            self.nationalize(g, corp)
            return
        g.pay_to_bank(corp.sym, owed)
        while corp.loans and corp.cash >= spec["value"]:
            g.pay_to_bank(corp.sym, spec["value"])
            corp.loans -= 1
            state(g).loans_left += 1
        state(g).interest_due[corp.sym] = corp.loans

    def before_game_end(self, g: "Game") -> None:
        """Loans are 'paid off' by moving the price left once per loan."""
        for c in g.corporations.values():
            if c.closed or not c.loans or c.sym not in g.market.positions:
                continue
            for _ in range(c.loans):
                g.market.move_left(c.sym)
            state(g).loans_left += c.loans
            c.loans = 0
