"""The hooks the 1867 family's rounds call on their title's rules, declared in one place: a title
of the family subclasses `Rules1867` (1861: pbem/titles/g1861/rules.py) and defines each of them.
The standard engine rounds never call these."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine.rules import Rules

if TYPE_CHECKING:
    from pbem.engine import actions as A
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class Rules1867(Rules):
    """Rules of an 1867-family title: its rounds (pbem/titles/family1867/) rely on these hooks."""

    #: a major's unsold shares are its treasury: their dividends pay it; pool shares pay nobody
    treasury_shares_pay_company = True
    pool_shares_pay_company = False

    def _missing(self, hook: str):
        return NotImplementedError(f"{self.name} is an 1867-family title and must define {hook}")

    # --- stock round with minor auctions ---------------------------------------------------
    def home_locations(self, g: "Game", corp: "Corporation") -> list[tuple[str, int]]:
        """(hex, city index) where a newly started major may put its home station."""
        raise self._missing("home_locations")

    # --- operating round with loans ----------------------------------------------------------
    def buying_power(self, g: "Game", corp: "Corporation") -> int:
        """What the corporation could spend now: its cash plus the loans it may still take."""
        raise self._missing("buying_power")

    def can_redeem(self, g: "Game", corp: "Corporation") -> bool:
        """Whether the corporation may buy back one of its shares from the market now."""
        raise self._missing("can_redeem")

    def redeem_shares(self, g: "Game", corp: "Corporation", action: "A.BuyShares") -> None:
        """The corporation buys back its own shares from the market (RuleError if it may not)."""
        raise self._missing("redeem_shares")

    def loan_operations(self, g: "Game", corp: "Corporation", rnd) -> None:
        """After the dividend: interest, then repayment of loans."""
        raise self._missing("loan_operations")

    def nationalize(self, g: "Game", corp: "Corporation") -> None:
        """The national takes the corporation over."""
        raise self._missing("nationalize")

    def national_buys_trains(self, g: "Game", national: "Corporation", rnd) -> None:
        """The national's automatic train purchases in its operating turn."""
        raise self._missing("national_buys_trains")

    # --- merger round ----------------------------------------------------------------------
    def close_corporation(self, g: "Game", corp: "Corporation") -> None:
        """A minor that merged, converted or was nationalised leaves the game."""
        raise self._missing("close_corporation")
