"""1882's stock round: the standard one, where the corporation started by trading in a private
(SC, the title data's exchange for a president's certificate) chooses its home station, in a
free city or in place of a neutral station."""
from __future__ import annotations

from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.engine.rounds.stock import StockRound
from pbem.engine.steps.interrupts import DiscardTrain, HomeToken
from pbem.engine.steps.shares import BuySellParShares
from pbem.errors import RuleError
from pbem.titles.g1882.state import state


class ChosenHome(HomeToken):
    """A home station where the president chooses it (SC), or the printed one."""

    def place(self, action: A.PlaceToken) -> None:
        g, rules = self.game, self.game.title
        corp = g.corporations[action.entity]
        if not rules.chooses_home(corp):
            return super().place(action)
        slots = g.board.slots(action.hex, action.city)
        tok = corp.tokens[0]
        sym = corp.sym
        if action.slot is not None and action.slot < len(slots) and slots[action.slot] is not None:
            occ = slots[action.slot]
            if occ.corp != rules.neutral_owner:
                raise RuleError(f"{sym} may only replace a neutral station, not {occ.corp}'s", rule=f"{sym} home station")
            g.board.remove_token(action.hex, action.city, action.slot)
            g.board.place_token(action.hex, action.city, Token(sym, sym, False), slot=action.slot)
        else:
            g.board.check_token(sym, action.hex, action.city, need_connection=False)
            g.board.place_token(action.hex, action.city, Token(sym, sym, False))
        tok.used = True
        state(g).sc_home = action.hex
        g.last_move_hexes.append(action.hex)


class StockRound1882(StockRound):
    step_classes = (ChosenHome, DiscardTrain, BuySellParShares)
