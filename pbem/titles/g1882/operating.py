"""1882's operating round: the standard turn, with a station step that also places a
corporation's neutral station (CN's), free, where its track reaches."""
from __future__ import annotations

from pbem.engine import actions as A
from pbem.engine.board import Token as BoardToken
from pbem.engine.rounds.operating import OperatingRound
from pbem.engine.steps.operating import STANDARD, Token
from pbem.errors import RuleError


class NeutralOrOwnToken(Token):
    """A corporation's own station, or its one neutral station (free, marked as the neutral
    corporation's)."""

    def place(self, action: A.PlaceToken) -> None:
        if not action.neutral:
            return super().place(action)
        g, corp = self.game, self.corp
        tok = next((t for t in corp.tokens if t.neutral and not t.used), None)
        if tok is None:
            raise RuleError(f"{corp.sym} has no neutral station left", rule="one neutral station per corporation")
        marker = BoardToken(g.title.neutral_owner, corp.sym, True)
        g.board.check_token(corp.sym, action.hex, action.city, need_connection=not g.loading, token=marker)
        g.board.place_token(action.hex, action.city, marker)
        tok.used = True
        g.last_move_hexes.append(action.hex)


class OperatingRound1882(OperatingRound):
    step_classes = tuple(NeutralOrOwnToken if cls is Token else cls for cls in STANDARD)
    steps = tuple(cls.name for cls in step_classes)
