"""1882's operating round: the standard turn, with a station step that also places a
corporation's neutral station (CN's), free, where its track reaches, and the privates' station
move with its extra tile (the title data's `token_move` and `tile_lay` abilities: NWR's)."""
from __future__ import annotations

from pbem.engine import actions as A
from pbem.engine.board import Token as BoardToken
from pbem.engine.rounds.operating import OperatingRound
from pbem.engine.steps.operating import STANDARD, Abilities, Token
from pbem.errors import RuleError
from pbem.titles.g1882.state import state


class NeutralOrOwnToken(Token):
    """A corporation's own station, or its one neutral station (free, marked as the neutral
    corporation's)."""

    def ability_prices(self) -> list[int]:
        """The station moves of the corporation's privates not yet used (NWR's)."""
        g, corp = self.game, self.corp
        used = state(g).used
        return [ab.cost for comp, ab in g.title._owned(g, corp, "token_move") if (comp.sym, "token_move") not in used]

    def station(self, action: A.PlaceToken) -> tuple:
        if not action.neutral:
            return super().station(action)
        g, corp = self.game, self.corp
        tok = next((t for t in corp.tokens if t.neutral and not t.used), None)
        if tok is None:
            raise RuleError(f"{corp.sym} has no neutral station left", rule="one neutral station per corporation")
        marker = BoardToken(g.title.neutral_owner, corp.sym, True)
        g.board.check_token(corp.sym, action.hex, action.city, need_connection=not g.loading, token=marker)
        return tok, 0, marker


class StationMove(Abilities):
    """A private's station move to one of its hexes (a station from outside them, the home
    station leaving a neutral one behind), then its extra tile lay there or a pass."""

    def use(self, action: A.Action) -> None:
        g, rules, corp = self.game, self.game.title, self.round.corp
        comp = g.companies[action.entity]
        moves = [ab for c, ab in rules._owned(g, corp, "token_move") if c is comp]
        if not moves:
            raise RuleError(f"{comp.sym} has no ability {corp.sym} can use now", rule="private company abilities")
        hexes, name = moves[0].hexes, comp.sym
        st = state(g)
        step = st.nwr_state
        if isinstance(action, A.RemoveToken) and step is None:
            if action.hex in hexes:
                raise RuleError(f"the {name} move must take a station from outside the {name} hexes",
                                rule=f"{name} token move")
            slots = g.board.slots(action.hex, action.city)
            idx = next((i for i, t in enumerate(slots) if t and t.corp == corp.sym and not t.neutral), None)
            if idx is None:
                raise RuleError(f"{corp.sym} has no station in {action.hex}", rule=f"{name} token move")
            # the home station leaves a neutral one in its place (7.1.3), so it stays put while
            # the hex already holds a neutral station (one a hex; 18xx.games SpecialNWR#available_hex)
            home = rules.home_hex(g, corp) == action.hex
            if home and any(h == action.hex and t.neutral for h, _, _, t in g.board.token_locations()):
                raise RuleError(f"{corp.sym}'s home station cannot move: {action.hex} already holds a neutral station",
                                rule=f"{name} token move")
            g.board.remove_token(action.hex, action.city, idx)
            if home:
                g.board.place_token(action.hex, action.city, BoardToken(rules.neutral_owner, rules.neutral_owner, True),
                                    slot=idx)
            # the lifted token is the one placed again in the NWR hex: its charter slot stays used
            st.nwr_state = "place"
        elif isinstance(action, A.PlaceToken) and step == "place":
            if action.hex not in hexes:
                raise RuleError(f"the {name} station must go to {', '.join(hexes)}", rule=f"{name} token move")
            g.board.check_token(corp.sym, action.hex, action.city, need_connection=False)
            g.board.place_token(action.hex, action.city, BoardToken(corp.sym, corp.sym, False))
            st.nwr_state = "lay"
            st.used.add((comp.sym, "token_move"))
            st.nwr_dest = action.hex
        elif step == "lay" and isinstance(action, A.LayTile):
            if action.hex != st.nwr_dest:
                raise RuleError(f"the {name} extra tile goes on {st.nwr_dest}", rule=f"{name} extra tile")
            lay = next(ab for c, ab in rules._owned(g, corp, "tile_lay") if c is comp)
            self.round.step_named("track").lay(action, {"lay": True, "upgrade": lay.upgrade, "cost": lay.cost},
                                               extra=True)
            st.nwr_state = None
            st.used.add((comp.sym, "tile_lay"))
        elif step == "lay" and isinstance(action, A.Pass):
            st.nwr_state = None
        else:
            raise RuleError(f"{name}: expected {'remove_token' if step is None else step}", rule=f"{name} token move")


class OperatingRound1882(OperatingRound):
    step_classes = tuple(NeutralOrOwnToken if cls is Token else cls for cls in STANDARD)
    ability_step = StationMove
