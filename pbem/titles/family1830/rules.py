"""Rules1830Family: the 1830 rules as hooks over the engine's standard rules.

What 1830 adds to the standard game is mostly its privates, and those are read from the title
data's `abilities` (docs/title-data.md): certificates handed to a private's first buyer (a
president's certificate whose par the buyer sets at once, or an ordinary share), privates no
corporation may buy, a private that closes when a named corporation buys a train, an extra
tile lay on the private's hex, a tile and station on it (teleport), and a private traded for
a share. A title of the family changes these by its data, and the rest by small hooks."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.rules import Rules
from pbem.errors import RuleError
from pbem.engine import abilities as AB
from pbem.titles.family1830 import privates
from pbem.titles.family1830.state import State1830, state

if TYPE_CHECKING:
    from pbem.engine.entities import Company, Corporation, Train
    from pbem.engine.game import Game


class Rules1830Family(Rules):
    """The 1830 rules: privates with blocking hexes and special abilities read from data,
    a stock market without an end cell, the game ending on bankruptcy or a broken bank."""

    game_end = {"bankrupt": "immediate", "stock_market": "current_round", "bank": "full_or"}
    state_class = State1830
    discarded_trains_for_sale = True

    def round_sequence(self):
        from pbem.engine.rounds.sequence import RoundSequence
        from pbem.titles.family1830.auction import AuctionRound1830
        from pbem.titles.family1830.operating import OperatingRound1830
        from pbem.titles.family1830.stock import StockRound1830

        return RoundSequence(initial=AuctionRound1830, stock=StockRound1830, operating=OperatingRound1830)

    # --- setup ------------------------------------------------------------------------------
    def setup(self, g: "Game") -> None:
        super().setup(g)
        if "optional_6_train" in g.options:
            self._add_train(g, "6")
        # certificates that come with a private are not for sale until the private is bought
        for sym, corp_sym, index in AB.given_shares(self.data):
            corp = g.corporations[corp_sym]
            pct = corp.president_percent if index == 0 else corp.share_percent
            corp.reserved[sym] = corp.reserved.get(sym, 0) + pct

    @staticmethod
    def _add_train(g: "Game", name: str) -> None:
        """One more train of type `name` in the depot, after the others of its type (the
        optional third 6-train)."""
        spec = next(t for t in g.data["trains"] if t["name"] == name)
        depot = g.depot
        n = depot.next_index[name]
        at = max(i for i, t in enumerate(depot.upcoming) if t.name == name) + 1
        depot.upcoming.insert(at, depot._make(spec, n))
        depot.next_index[name] = n + 1

    # --- auction and stock round ------------------------------------------------------------
    def after_buy_company(self, g: "Game", player: str, company: "Company", price: int, rnd) -> None:
        for sym, corp_sym, index in AB.given_shares(self.data):
            if sym != company.sym:
                continue
            if index == 0:
                rnd.pending_par.append(sym)       # the buyer sets the par at once (PendingPar)
            else:
                self._give_share(g, g.corporations[corp_sym], player, sym)

    def after_player_buys_company(self, g: "Game", player: str, company: "Company", rnd) -> None:
        """A private bought from another player in a stock round: as 18xx.games does, the
        certificate that came with it goes to the new owner from whoever holds it now."""
        for sym, corp_sym, index in AB.given_shares(self.data):
            if sym == company.sym and index != 0:
                self._give_share(g, g.corporations[corp_sym], player, sym)

    def given_certificate_holder(self, g: "Game", company_sym: str) -> Optional[str]:
        """Who holds the ordinary certificate that came with private `company_sym` (None: none)."""
        for sym, corp_sym, index in AB.given_shares(self.data):
            if sym == company_sym and index != 0:
                held = state(g).given.get(sym)
                certs = g.corporations[corp_sym].certificates.certs
                return next((c.holder for c in certs if c.index == held), None) if held is not None else "ipo"
        return None

    def given_certificate_name(self, company_sym: str) -> str:
        return next((f"{c}_{i}" for s, c, i in AB.given_shares(self.data) if s == company_sym and i), "")

    def _give_share(self, g: "Game", corp: "Corporation", player: str, company_sym: str) -> None:
        """Hand the certificate that comes with private `company_sym` to `player` (free): the
        first time from the IPO, later from whoever holds that certificate."""
        st = state(g)
        certs = corp.certificates
        index = st.given.get(company_sym)
        if index is None:
            corp.reserved.pop(company_sym, None)
            named = next((c for s, c_sym, i in AB.given_shares(self.data) if s == company_sym
                          for c in certs.certs if c.index == i and c.holder == "ipo"), None)
            cert = named or certs.pick("ipo", corp.share_percent)[0]
            st.given[company_sym] = cert.index
        else:
            cert = next(c for c in certs.certs if c.index == index)
        if cert.holder == player:
            return
        certs.give(cert, player)
        g.shares.check_president(corp, previous=corp.president)

    def pending_par_corporation(self, g: "Game", company_sym: str) -> str:
        corp = AB.president_with(self.data, company_sym)
        if corp is None:
            return super().pending_par_corporation(g, company_sym)
        return corp

    def pending_par(self, g: "Game", action: A.Par, company_sym: str) -> None:
        want = self.pending_par_corporation(g, company_sym)
        if action.corporation != want:
            raise RuleError(f"{company_sym}'s buyer must set the par of {want}, not {action.corporation}",
                            rule=f"{company_sym} comes with the {want} president's certificate")
        self.start_corporation(g, action.entity, g.corporations[want], action.price, 0, reserved=company_sym)

    def can_par(self, g: "Game", corp: "Corporation", player: str) -> bool:
        if corp.ipoed:
            return False
        # a president's certificate that comes with a private is started only by its buyer
        return not any(c == corp.sym and i == 0 for _, c, i in AB.given_shares(self.data))

    def certificates_given(self, g: "Game") -> list[str]:
        return [f"{c}_{i}" for sym, c, i in AB.given_shares(self.data) if g.companies[sym].owner is not None]

    def company_sellable(self, g: "Game", company: "Company") -> bool:
        return not AB.has(self.data, company.sym, "no_buy")

    # --- the privates' abilities -------------------------------------------------------------
    def anytime_action(self, g: "Game", action: A.Action) -> bool:
        """A private traded for a share (MH) at any time, by its owning player."""
        if not isinstance(action, A.BuyShares) or not AB.has(self.data, action.entity, "exchange"):
            return False
        why = privates.exchange_problem(g, action)
        if why is not None:
            raise RuleError(why[0], rule=why[1])
        privates.do_exchange(g, action)
        return True

    def has_active_ability(self, g: "Game", corp: "Corporation") -> bool:
        """An unused extra tile lay (CS) is usable all through the owner's turn, so the turn waits
        for a pass; a teleport (DH) is usable only at the track step and keeps nothing open."""
        return any(c.owner == corp.sym and c.owner_is_corp and not c.closed and c.sym not in state(g).used
                   and AB.has(self.data, c.sym, "tile_lay") for c in g.companies.values())

    # --- operating round --------------------------------------------------------------------
    def after_train_bought(self, g: "Game", corp: "Corporation", train: "Train") -> None:
        for comp in g.companies.values():
            if comp.closed:
                continue
            for ab in AB.of(self.data, comp.sym, "close"):
                if ab.when == "train_bought" and ab.corporation == corp.sym:
                    g.close_company(comp)
                    break
