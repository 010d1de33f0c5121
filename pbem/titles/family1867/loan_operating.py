"""An operating round with loans (1861, from 1867).

Corporations take loans automatically when they lack cash for track, for a must-buy depot train or
for interest; after paying dividends each pays interest on the loans it held when the OR began and
repays loans while it has the cash. Minors pay dividends automatically (half to the owner, half
retained); the president never contributes toward a train. The title supplies the loan figures
(`Rules1861.take_loan`, `max_loans`, `pay_interest`) and the operating order."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine import actions as A
from pbem.engine.rounds.operating import OperatingRound
from pbem.engine.steps.operating import BuyCompany, Discard, HomeStation, Route
from pbem.titles.family1867.choice import ChoiceStep
from pbem.titles.family1867.loan_steps import (BuyTrainWithLoans, HalfDividend, Loans, PreloanCompany, Redeem,
                                               StationByDistance, TrackWithLoans)
from pbem.titles.family1867.state import family_state

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation


class LoanOperatingRound(OperatingRound):
    step_classes = (ChoiceStep, HomeStation, Redeem, TrackWithLoans, StationByDistance, Route, HalfDividend,
                    PreloanCompany, Loans, Discard, BuyTrainWithLoans, BuyCompany)
    dividend_kinds = ("payout", "half", "withhold")

    def start(self) -> None:
        g = self.game
        family_state(g).interest_due = {c.sym: c.loans for c in g.corporations.values()}
        super().start()

    def skip_corp(self, corp: "Corporation") -> bool:
        """The national sits out outside phases 4-7; a corporation reset earlier in the round (a
        nationalised major is no longer floated) does not operate (as in 18xx.games)."""
        if corp.kind == "national":
            return "national_operates" not in self.game.phase.status
        return not corp.floated

    def gone(self, corp: "Corporation") -> bool:
        """Closed, or a major reset by nationalisation (no longer floated)."""
        return corp.closed or (corp.kind != "national" and not corp.floated)

    def step_actions(self, step: str) -> list[str]:
        if self.corp.kind == "national" and step in ("track", "token", "preloan_company", "buy_company", "buy_train"):
            return []                    # the national's turn is automatic except for its run
        return super().step_actions(step)

    def trainless_check(self) -> None:
        """A corporation that ends its train buying without a train is nationalised."""
        corp = self.corp
        if not corp.trains and corp.kind != "national" and not corp.closed:
            self.game.title.nationalize(self.game, corp)

    def skip(self, step: str) -> None:
        g = self.game
        corp = self.corp
        if step == "dividend":
            kind = "payout" if corp.kind == "minor" and self.turn.revenue > 0 else "withhold"
            self.step_named("dividend").apply_dividend(A.Dividend(corp.sym, kind))
        elif step == "buy_train" and corp.kind == "national":
            g.title.national_buys_trains(g, corp, self)
            if not g.title.pending_choice(g):
                # a purchase that leaves majors trainless waits for their choices, which may
                # bring it cash from nationalisations: then it buys again (18xx.games)
                self.turn.passed.add("buy_train")
        elif step == "buy_train":
            super().skip(step)
            self.trainless_check()
        elif step == "loans":
            self.turn.passed.add("loans")
            g.title.loan_operations(g, corp, self)
        else:
            super().skip(step)

    def after_choice(self) -> None:
        """Nothing: the round carries on after every action, a choice's too (`process`)."""

    # --- buying power instead of the president's help ----------------------------------------
    def buying_power(self, corp: "Corporation") -> int:
        return self.game.title.buying_power(self.game, corp)

    def track_funds(self, corp: "Corporation") -> int:
        return self.buying_power(corp)

    def can_lay_tile(self, corp: "Corporation") -> bool:
        slot = self.tile_lay_slot()
        if not slot:
            return False
        return self.buying_power(corp) >= slot["cost"] and bool(slot["lay"] or slot["upgrade"])

    def must_buy_train(self, corp: "Corporation") -> bool:
        g = self.game
        if corp.trains or not g.depot.upcoming:
            return False
        avail = g.depot.available(g.phase_names)
        return bool(avail) and self.buying_power(corp) >= min(t.price for t in avail)

    def can_buy_company(self, corp: "Corporation") -> bool:
        g = self.game
        if "can_buy_companies" not in g.phase.status or corp.kind == "national":
            return False
        return bool(g.title.purchasable_companies(g, corp)) and corp.cash >= 1

    def emergency(self, corp: "Corporation") -> bool:
        return False
