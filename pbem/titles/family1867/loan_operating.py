"""An operating round with loans (1861, from 1867).

Corporations take loans automatically when they lack cash for track, for a must-buy depot train or
for interest; after paying dividends each pays interest on the loans it held when the OR began and
repays loans while it has the cash. Minors pay dividends automatically (half to the owner, half
retained); the president never contributes toward a train. The title supplies the loan figures
(`Rules1861.take_loan`, `max_loans`, `pay_interest`) and the operating order."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine import actions as A
from pbem.titles.family1867.choice import PendingChoice
from pbem.titles.family1867.state import family_state
from pbem.engine.rounds.operating import OperatingRound

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation


class LoanOperatingRound(PendingChoice, OperatingRound):
    steps = ("home", "redeem", "track", "token", "route", "dividend", "preloan_company", "loans", "discard", "buy_train",
             "buy_company")
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
        corp = self.corp
        if corp.kind == "national" and step in ("track", "token", "preloan_company", "buy_company", "buy_train"):
            return []                    # the national's turn is automatic except for its run
        if step == "loans":
            return []
        if step == "redeem":
            # a major may buy back one share from the market pool before laying track
            return ["buy_shares", "pass"] if self.game.title.can_redeem(self.game, corp) else []
        if step == "preloan_company":
            # a chance to buy a private before interest is paid (the pass is recorded even without loans)
            return ["buy_company", "pass"] if self.can_buy_company(corp) else []
        if step == "dividend" and corp.kind != "major":
            return []
        return super().step_actions(step)

    def _pass(self, action: A.Action) -> None:
        step = self.active_step()
        super()._pass(action)
        if step == "buy_train":
            self._trainless_check()

    def _trainless_check(self) -> None:
        """A corporation that ends its train buying without a train is nationalised."""
        corp = self.corp
        if not corp.trains and corp.kind != "national" and not corp.closed:
            self.game.title.nationalize(self.game, corp)

    def skip(self, step: str) -> None:
        g = self.game
        corp = self.corp
        if step == "dividend":
            kind = "payout" if corp.kind == "minor" and self.turn.revenue > 0 else "withhold"
            self._dividend(A.Dividend(corp.sym, kind), auto=True)
        elif step == "buy_train" and corp.kind == "national":
            g.title.national_buys_trains(g, corp, self)
            if not g.title.pending_choice(g):
                # a purchase that leaves majors trainless waits for their choices, which may
                # bring it cash from nationalisations: then it buys again (18xx.games)
                self.turn.passed.add("buy_train")
        elif step == "buy_train":
            super().skip(step)
            self._trainless_check()
        elif step == "loans":
            self.turn.passed.add("loans")
            g.title.loan_operations(g, corp, self)
        else:
            super().skip(step)

    def after_choice(self) -> None:
        if self.turn is not None and not self.done:
            self.advance()

    def step_handlers(self) -> dict:
        h = super().step_handlers()
        h["preloan_company"] = {A.Pass: self._pass}
        h["redeem"] = {A.BuyShares: self._redeem, A.Pass: self._pass}
        return h

    def moves_buy_shares(self, ent: str) -> list:
        from pbem.engine.legal import LegalMove

        price = self.game.market.price(ent)
        return [LegalMove(A.BuyShares(ent, ent, "pool", 10), f"redeem one share for {price}")]

    def moves_buy_company(self, ent: str) -> list:
        from pbem.engine.legal import LegalMove

        g = self.game
        corp = g.corporations[ent]
        out = []
        for c in g.title.purchasable_companies(g, corp):
            lo, hi = g.title.company_price_range(g, c)
            if lo <= min(hi, corp.cash):
                out.append(LegalMove(A.BuyCompany(ent, c.sym, lo), f"{g.money(lo)} to {g.money(min(hi, corp.cash))}"))
        return out

    def moves_dividend(self, ent: str) -> list:
        from pbem.engine.legal import LegalMove

        rev = self.turn.revenue
        return [LegalMove(A.Dividend(ent, "payout"), f"{rev} to shareholders"),
                LegalMove(A.Dividend(ent, "half"), f"{rev // 20 * 10} kept, the rest to shareholders"),
                LegalMove(A.Dividend(ent, "withhold"), f"{rev} to the treasury")]

    def moves_buy_train(self, ent: str) -> list:
        """Depot trains it can pay for (with loans when it must buy), and other corporations'
        trains (not the national's) for 1 up to its cash."""
        from pbem.engine.legal import LegalMove

        g = self.game
        corp = g.corporations[ent]
        if len(corp.trains) >= g.train_limit(corp):
            return []
        must = self.must_buy_train(corp)
        power = self.buying_power(corp) if must else corp.cash
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

    def moves_place_token(self, ent: str) -> list:
        from pbem.engine.legal import LegalMove

        g = self.game
        corp = g.corporations[ent]
        if self.active_step() == "home":
            from pbem.engine.legal import _place_token

            return _place_token(g, self, ent)
        if corp.next_token() is None:
            return []
        out = []
        for h, ci in g.board.tokenable_cities(ent):
            price = g.title.token_price(g, corp, A.PlaceToken(ent, h, ci))
            if price <= corp.cash:
                out.append(LegalMove(A.PlaceToken(ent, h, ci), f"{price}"))
        return out

    def _redeem(self, action: A.BuyShares) -> None:
        self.game.title.redeem_shares(self.game, self.corp, action)
        self.turn.passed.add("redeem")

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
