"""1882 (Saskatchewan): the rules that differ from the standard game.

CN is started only with neutral stations that other corporations place; SC is started by
trading in its private; the North West Rebellion strips yellow tiles from its hexes; a route
joining the east edge and Hudson Bay earns $100. The privates are the title data's: every rule
here asks which private has which ability (`pbem.engine.abilities`), never a private by name.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import abilities as AB
from pbem.engine import actions as A
from pbem.engine.rounds.sequence import RoundSequence
from pbem.engine.rules import Rules
from pbem.errors import RuleError
from pbem.titles.g1882.operating import OperatingRound1882
from pbem.titles.g1882.stock import StockRound1882
from pbem.titles.g1882.state import State1882, state
from pbem.titles.registry import tile_data, title_data

if TYPE_CHECKING:
    from pbem.engine.entities import Company, Corporation, Train
    from pbem.engine.game import Game

EAST = ("I1", "B2")
HUDSON = "B12"


class Rules1882(Rules):
    game_end = {"bankrupt": "immediate", "stock_market": "current_round", "bank": "full_or"}
    state_class = State1882
    neutral_owner = "CN"

    def __init__(self, data: Optional[dict] = None):
        super().__init__("1882", data if data is not None else title_data("1882"), tile_data())

    # --- setup ------------------------------------------------------------------------
    def setup(self, g: "Game") -> None:
        super().setup(g)
        st = state(g)
        # the last 3, 4, 5 and 6 wait in reserve for SC's start
        for name in ("3", "4", "5", "6"):
            t = [t for t in g.depot.upcoming if t.name == name][-1]
            g.depot.upcoming.remove(t)
            st.sc_reserve.append(t)
        nwr = ["3", "4", "5", "6"][g.rng.draw() % 4]
        first = next(t for t in g.depot.upcoming if t.name == nwr)
        first.events.append("nwr")
        st.nwr_train = nwr
        # a private's share drawn at setup, and the certificates that come with a private, are
        # not for sale until the private is bought
        for comp, corps in AB.random_shares(self.data):
            corp = g.corporations[corps[g.rng.draw() % len(corps)]]
            st.random_share[comp] = corp.sym
            corp.reserved[comp] = corp.share_percent
        for comp, corp_sym, index in AB.given_shares(self.data):
            corp = g.corporations[corp_sym]
            corp.reserved[comp] = corp.president_percent if index == 0 else corp.share_percent
        # every corporation has a neutral station, but the neutral one and those a private starts
        started = {c for _, c, i in AB.given_shares(self.data) if i == 0}
        for corp in g.corporations.values():
            if corp.sym != self.neutral_owner and corp.sym not in started:
                from pbem.engine.entities import TokenSpec
                corp.tokens.append(TokenSpec(price=0, neutral=True))

    # --- auction and stock round ----------------------------------------------------------
    def after_buy_company(self, g: "Game", player: str, company: "Company", price: int, rnd) -> None:
        drawn = state(g).random_share.get(company.sym)
        if drawn is not None:
            corp = g.corporations[drawn]
            corp.reserved.pop(company.sym, None)
            g.shares.transfer(corp, "ipo", player, corp.share_percent)
        elif AB.president_with(self.data, company.sym) is not None:
            rnd.pending_par.append(company.sym)     # the buyer sets the par at once (PendingPar)

    def pending_par(self, g: "Game", action: A.Par, company_sym: str) -> None:
        want = self.pending_par_corporation(g, company_sym)
        corp = g.corporations.get(action.corporation)
        if corp is None or corp.sym != want:
            raise RuleError(f"{g.companies[company_sym].name}'s buyer must set the par of {want}, not "
                            f"{action.corporation}", rule=f"{company_sym} comes with the {want} president's certificate")
        self.start_corporation(g, action.entity, corp, action.price, 0, reserved=company_sym)

    def pending_par_corporation(self, g: "Game", company_sym: str) -> str:
        """The corporation whose president's certificate comes with the private."""
        return AB.president_with(self.data, company_sym) or super().pending_par_corporation(g, company_sym)

    def can_par(self, g: "Game", corp: "Corporation", player: str) -> bool:
        if corp.ipoed:
            return False
        if any(c == corp.sym and i == 0 for _, c, i in AB.given_shares(self.data)):
            return False                  # started only by the buyer of the private it comes with
        traded = AB.exchanged_for_president(self.data, corp.sym)
        if traded is not None:
            comp = g.companies[traded]
            return state(g).sc_convertible and comp.owner == player and not comp.owner_is_corp and not comp.closed
        if corp.sym == self.neutral_owner:
            return any(t.corp == self.neutral_owner for t in g.board.all_tokens())
        return True

    def par_cost(self, g: "Game", corp: "Corporation", price: int) -> int:
        # a private traded for the president's certificate pays for it but one share
        return price if AB.exchanged_for_president(self.data, corp.sym) else 2 * price

    def par(self, g: "Game", player: str, corp: "Corporation", price: int, rnd) -> None:
        traded = AB.exchanged_for_president(self.data, corp.sym)
        if traded is None:
            return super().par(g, player, corp, price, rnd)
        # the private is traded in for the president's certificate plus the price of one share
        self.start_corporation(g, player, corp, price, price)
        self._sc_extra_train(g)
        rnd.pending_home.append(corp.sym)
        g.close_company(g.companies[traded])
        self._sc_check(g)

    def _sc_extra_train(self, g: "Game") -> None:
        first = g.depot.upcoming[0]
        extra = next((t for t in state(g).sc_reserve if t.name == first.name), None)
        state(g).sc_convertible = False
        if extra is None:
            return
        keep = [e for e in first.events if e == "nwr"]
        extra.events = [e for e in first.events if e != "nwr"]
        first.events = keep
        state(g).sc_reserve.remove(extra)
        g.depot.upcoming.insert(0, extra)

    def _sc_check(self, g: "Game") -> None:
        """A corporation started only by trading in a private (SC) leaves the game once that
        private can no longer be traded (closed, or owned by a corporation)."""
        for corp in g.corporations.values():
            traded = AB.exchanged_for_president(self.data, corp.sym)
            comp = g.companies.get(traded) if traded else None
            if comp is not None and not corp.ipoed and not corp.closed and (comp.closed or comp.owner_is_corp):
                corp.closed = True
                corp.flags["removed"] = True

    def home_hex(self, g: "Game", corp: "Corporation") -> Optional[str]:
        """Where `corp`'s home station went: its printed home, or the one SC chose."""
        return state(g).sc_home if self.chooses_home(corp) else corp.home

    def chooses_home(self, corp: "Corporation") -> bool:
        """Whether `corp` has no printed home and its president chooses one (a corporation
        started by trading in a private: SC)."""
        return AB.exchanged_for_president(self.data, corp.sym) is not None

    # --- operating round --------------------------------------------------------------------
    def start_operating(self, g: "Game", corp: "Corporation", rnd) -> None:
        corp.last_routes = []
        if state(g).nwr_state == "lay":
            state(g).nwr_state = None        # the extra tile lay lapses with the turn it was earned in
        if corp.sym == self.neutral_owner or self.chooses_home(corp):
            return
        self.place_home_token(g, corp, rnd)

    def round_sequence(self):
        """The standard rounds, the operating round with 1882's station step (neutral stations)."""
        seq = super().round_sequence()
        return RoundSequence(initial=seq.initial, stock=StockRound1882, operating=OperatingRound1882)

    def _owned(self, g: "Game", corp: "Corporation", kind: str) -> list[tuple["Company", dict]]:
        """(private, ability) for each open private `corp` owns with an ability of type `kind`."""
        out = []
        for sym, ab in AB.holders(self.data, kind):
            comp = g.companies[sym]
            if comp.owner == corp.sym and comp.owner_is_corp and not comp.closed:
                out.append((comp, ab))
        return out

    def certificates_given(self, g: "Game") -> list[str]:
        out = [f"{corp}_1" for comp, corp in state(g).random_share.items() if g.companies[comp].owner is not None]
        return out + [f"{c}_{i}" for sym, c, i in AB.given_shares(self.data) if g.companies[sym].owner is not None]

    def has_active_ability(self, g: "Game", corp: "Corporation") -> bool:
        # the station move and the extra tile lay are separate abilities, each used once
        used = state(g).used
        return any((comp.sym, kind) not in used for kind in ("token_move", "tile_lay")
                   for comp, _ab in self._owned(g, corp, kind))

    def company_sellable(self, g: "Game", company: "Company") -> bool:
        return not AB.has(self.data, company.sym, "no_buy")

    def after_company_sold(self, g: "Game", corp: "Corporation", comp: "Company") -> None:
        self._sc_check(g)

    def after_tile_laid(self, g: "Game", corp: "Corporation", action: A.LayTile, result) -> None:
        if action.tile == "R2":
            g.board.location_names[action.hex] = "Regina"   # the brown R tile names the city
        for sym, ab in AB.holders(self.data, "tile_income"):      # paid to the private's owner
            comp = g.companies[sym]
            if ab.terrain == "water" and result.crossings and not comp.closed and comp.owner:
                g.pay_from_bank(comp.owner, ab.income * result.crossings)
        tile = self.catalogue[action.tile]
        if tile.color == "yellow" and "NWR" in g.board.icons(action.hex):
            g.pay_from_bank(corp.sym, 20)

    def route_bonus(self, g: "Game", corp: "Corporation", stops) -> int:
        hexes = {s[0] if isinstance(s, tuple) else s.hex for s in stops}
        return 100 if HUDSON in hexes and any(h in hexes for h in EAST) else 0

    def train_event(self, g: "Game", event, corp: "Corporation", train: "Train") -> None:
        if event == "nwr":
            for h in g.board.hex_coords():
                t = g.board.tile(h)
                if "NWR" in g.board.icons(h) and t.color == "yellow" and not t.printed:
                    g.board.downgrade(h)
            return
        super().train_event(g, event, corp, train)

    def survives_close_event(self, g: "Game", c: "Company") -> bool:
        """A private that closes in a phase of its own (SC, phase 6) outlives the phase that closes the others."""
        return any(ab.on_phase for ab in AB.of(self.data, c.sym, "close"))

    def after_train_bought(self, g: "Game", corp: "Corporation", train: "Train") -> None:
        for sym, ab in AB.holders(self.data, "close"):
            comp = g.companies[sym]
            if ab.when == "train_bought" and ab.corporation == corp.sym and not comp.closed:
                g.close_company(comp)

    def on_phase(self, g: "Game", phase) -> None:
        for sym, ab in AB.holders(self.data, "close"):
            if ab.on_phase == phase.name:
                g.close_company(g.companies[sym])
        self._sc_check(g)


def load() -> Rules1882:
    return Rules1882()
