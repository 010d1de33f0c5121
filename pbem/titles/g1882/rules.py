"""1882 (Saskatchewan): the rules that differ from the standard game.

CN is started only with neutral stations that other corporations place; SC is started by
trading in its private; the North West Rebellion strips yellow tiles from its hexes; the
Trestle Bridge earns on river crossings; a route joining the east edge and Hudson Bay earns $100.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.engine.rules import Rules
from pbem.errors import RuleError
from pbem.titles.g1882.state import State1882, state
from pbem.titles.registry import tile_data, title_data

if TYPE_CHECKING:
    from pbem.engine.entities import Company, Corporation, Train
    from pbem.engine.game import Game

NWR_HEXES = ("C3", "D4", "D6", "E5")
EAST = ("I1", "B2")
HUDSON = "B12"


class Rules1882(Rules):
    game_end = {"bankrupt": "immediate", "stock_market": "current_round", "bank": "full_or"}
    state_class = State1882
    neutral_owner = "CN"

    def __init__(self):
        super().__init__("1882", title_data("1882"), tile_data())

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
        tb_corps = ["CNR", "CPR", "GT", "HBR", "QLL"]
        st.tb_corp = tb_corps[g.rng.draw() % 5]
        g.corporations[st.tb_corp].reserved["TB"] = 10
        g.corporations["CPR"].reserved["CP"] = 20
        # the NWR private's two abilities (move a station, then an extra tile) start unused: State1882
        for corp in g.corporations.values():
            if corp.sym not in ("CPR", "CN"):
                from pbem.engine.entities import TokenSpec
                corp.tokens.append(TokenSpec(price=0, neutral=True))

    # --- auction and stock round ----------------------------------------------------------
    def after_buy_company(self, g: "Game", player: str, company: "Company", price: int, rnd) -> None:
        if company.sym == "TB":
            corp = g.corporations[state(g).tb_corp]
            corp.reserved.pop("TB", None)
            g.shares.transfer(corp, "ipo", player, 10)
        elif company.sym == "CP":
            rnd.pending_par.append("CP")

    def pending_par(self, g: "Game", action: A.Par, company_sym: str) -> None:
        corp = g.corporations.get(action.corporation)
        if corp is None or corp.sym != "CPR":
            raise RuleError(f"Canadian Pacific's buyer must set the par of CPR, not {action.corporation}",
                            rule="CP comes with the CPR president's certificate")
        self.start_corporation(g, action.entity, corp, action.price, 0, reserved="CP")

    def pending_par_corporation(self, g: "Game", company_sym: str) -> str:
        """Canadian Pacific comes with CPR's president's certificate."""
        return "CPR"

    def can_par(self, g: "Game", corp: "Corporation", player: str) -> bool:
        if corp.ipoed:
            return False
        if corp.sym == "CPR":
            return False
        if corp.sym == "SC":
            sc = g.companies["SC"]
            return state(g).sc_convertible and sc.owner == player and not sc.owner_is_corp and not sc.closed
        if corp.sym == "CN":
            return any(t.corp == "CN" for t in g.board.all_tokens())
        return True

    def par_cost(self, g: "Game", corp: "Corporation", price: int) -> int:
        return price if corp.sym == "SC" else 2 * price

    def par(self, g: "Game", player: str, corp: "Corporation", price: int, rnd) -> None:
        if corp.sym != "SC":
            return super().par(g, player, corp, price, rnd)
        # the SC private is traded in for the president's certificate plus the price of one share
        self.start_corporation(g, player, corp, price, price)
        self._sc_extra_train(g)
        rnd.pending_home.append("SC")
        g.close_company(g.companies["SC"])
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
        """SC leaves the game once its private can no longer be converted."""
        sc = g.companies["SC"]
        corp = g.corporations.get("SC")
        if corp and not corp.ipoed and (sc.closed or sc.owner_is_corp):
            corp.closed = True
            corp.flags["removed"] = True

    def place_home_choice(self, g: "Game", corp: "Corporation", action: A.PlaceToken) -> None:
        if corp.sym != "SC":
            return super().place_home_choice(g, corp, action)
        slots = g.board.slots(action.hex, action.city)
        tok = corp.tokens[0]
        if action.slot is not None and action.slot < len(slots) and slots[action.slot] is not None:
            occ = slots[action.slot]
            if occ.corp != "CN":
                raise RuleError(f"SC may only replace a neutral station, not {occ.corp}'s", rule="SC home station")
            g.board.remove_token(action.hex, action.city, action.slot)
            g.board.place_token(action.hex, action.city, Token("SC", "SC", False), slot=action.slot)
        else:
            g.board.check_token("SC", action.hex, action.city, need_connection=False)
            g.board.place_token(action.hex, action.city, Token("SC", "SC", False))
        tok.used = True
        state(g).sc_home = action.hex
        g.last_move_hexes.append(action.hex)

    def home_hex(self, g: "Game", corp: "Corporation") -> Optional[str]:
        """Where `corp`'s home station went: its printed home, or the one SC chose."""
        return state(g).sc_home if corp.sym == "SC" else corp.home

    # --- operating round --------------------------------------------------------------------
    def start_operating(self, g: "Game", corp: "Corporation", rnd) -> None:
        corp.last_routes = []
        if state(g).nwr_state == "lay":
            state(g).nwr_state = None        # the extra tile lay lapses with the turn it was earned in
        if corp.sym in ("SC", "CN"):
            return
        self.place_home_token(g, corp, rnd)

    def place_token(self, g: "Game", corp: "Corporation", action: A.PlaceToken, rnd) -> None:
        if not action.neutral:
            return super().place_token(g, corp, action, rnd)
        tok = next((t for t in corp.tokens if t.neutral and not t.used), None)
        if tok is None:
            raise RuleError(f"{corp.sym} has no neutral station left", rule="one neutral station per corporation")
        marker = Token("CN", corp.sym, True)
        g.board.check_token(corp.sym, action.hex, action.city, need_connection=not g.loading, token=marker)
        g.board.place_token(action.hex, action.city, marker)
        tok.used = True
        g.last_move_hexes.append(action.hex)

    def can_token(self, g: "Game", corp: "Corporation") -> bool:
        return super().can_token(g, corp)

    def token_ability_prices(self, g: "Game", corp: "Corporation") -> list[int]:
        nwr = g.companies["NWR"]
        usable = nwr.owner == corp.sym and nwr.owner_is_corp and not nwr.closed
        return [0] if usable and not state(g).nwr_token_used else []

    def certificates_given(self, g: "Game") -> list[str]:
        out = []
        if g.companies["TB"].owner is not None:
            out.append(f"{state(g).tb_corp}_1")
        if g.companies["CP"].owner is not None:
            out.append("CPR_0")
        return out

    def has_active_ability(self, g: "Game", corp: "Corporation") -> bool:
        nwr = g.companies["NWR"]
        # the station move and the extra tile lay are separate abilities, each used once
        unused = not state(g).nwr_token_used or not state(g).nwr_tile_used
        return nwr.owner == corp.sym and nwr.owner_is_corp and not nwr.closed and unused

    def company_sellable(self, g: "Game", company: "Company") -> bool:
        return company.sym != "CP"

    def after_company_sold(self, g: "Game", corp: "Corporation", comp: "Company") -> None:
        self._sc_check(g)

    def after_tile_laid(self, g: "Game", corp: "Corporation", action: A.LayTile, result) -> None:
        if action.tile == "R2":
            g.board.location_names[action.hex] = "Regina"   # the brown R tile names the city
        tb = g.companies["TB"]
        if result.crossings and not tb.closed and tb.owner:
            g.pay_from_bank(tb.owner, 10 * result.crossings)
        tile = self.catalogue[action.tile]
        if tile.color == "yellow" and "NWR" in g.board.icons(action.hex):
            g.pay_from_bank(corp.sym, 20)

    def route_bonus(self, g: "Game", stops) -> int:
        hexes = {s[0] if isinstance(s, tuple) else s.hex for s in stops}
        return 100 if HUDSON in hexes and any(h in hexes for h in EAST) else 0

    def must_buy_train(self, g: "Game", corp: "Corporation") -> bool:
        return super().must_buy_train(g, corp)

    def company_action(self, g: "Game", action: A.Action, rnd) -> None:
        comp = g.companies[action.entity]
        corp = rnd.corp
        if comp.sym != "NWR" or comp.closed or comp.owner != corp.sym or not comp.owner_is_corp:
            raise RuleError(f"{comp.sym} has no ability {corp.sym} can use now", rule="private company abilities")
        st = state(g)
        step = st.nwr_state
        if isinstance(action, A.RemoveToken) and step is None:
            if action.hex in NWR_HEXES:
                raise RuleError("the NWR move must take a station from outside the NWR hexes", rule="NWR token move")
            slots = g.board.slots(action.hex, action.city)
            idx = next((i for i, t in enumerate(slots) if t and t.corp == corp.sym and not t.neutral), None)
            if idx is None:
                raise RuleError(f"{corp.sym} has no station in {action.hex}", rule="NWR token move")
            # the home station leaves a neutral one in its place (7.1.3), so it stays put while
            # the hex already holds a neutral station (one a hex; 18xx.games SpecialNWR#available_hex)
            home = self.home_hex(g, corp) == action.hex
            if home and any(h == action.hex and t.neutral for h, _, _, t in g.board.token_locations()):
                raise RuleError(f"{corp.sym}'s home station cannot move: {action.hex} already holds a neutral station",
                                rule="NWR token move")
            g.board.remove_token(action.hex, action.city, idx)
            if home:
                g.board.place_token(action.hex, action.city, Token("CN", "CN", True), slot=idx)
            # the lifted token is the one placed again in the NWR hex: its charter slot stays used
            st.nwr_state = "place"
        elif isinstance(action, A.PlaceToken) and step == "place":
            if action.hex not in NWR_HEXES:
                raise RuleError(f"the NWR station must go to {', '.join(NWR_HEXES)}", rule="NWR token move")
            g.board.check_token(corp.sym, action.hex, action.city, need_connection=False)
            g.board.place_token(action.hex, action.city, Token(corp.sym, corp.sym, False))
            st.nwr_state = "lay"
            st.nwr_token_used = True
            st.nwr_dest = action.hex
        elif step == "lay" and isinstance(action, A.LayTile):
            if action.hex != st.nwr_dest:
                raise RuleError(f"the NWR extra tile goes on {st.nwr_dest}", rule="NWR extra tile")
            self.lay_tile(g, corp, action, {"lay": True, "upgrade": True, "cost": 0}, rnd, extra=True)
            st.nwr_state = None
            st.nwr_tile_used = True
        elif step == "lay" and isinstance(action, A.Pass):
            st.nwr_state = None
        else:
            raise RuleError(f"NWR: expected {'remove_token' if step is None else step}", rule="NWR token move")

    def train_event(self, g: "Game", event, corp: "Corporation", train: "Train") -> None:
        if event == "nwr":
            for h in g.board.hex_coords():
                t = g.board.tile(h)
                if "NWR" in g.board.icons(h) and t.color == "yellow" and not t.printed:
                    g.board.downgrade(h)
            return
        super().train_event(g, event, corp, train)

    def survives_close_event(self, g: "Game", c: "Company") -> bool:
        return c.sym == "SC"

    def after_train_bought(self, g: "Game", corp: "Corporation", train: "Train") -> None:
        if corp.sym == "CPR":
            cp = g.companies["CP"]
            if not cp.closed:
                g.close_company(cp)

    def on_phase(self, g: "Game", phase) -> None:
        if phase.name == "6":
            g.close_company(g.companies["SC"])
        self._sc_check(g)


def load() -> Rules1882:
    return Rules1882()
