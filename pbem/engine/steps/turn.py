"""The base of the steps of a corporation's operating turn: each is passed once done or
declined, and offers its kinds only to the operating corporation."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A
from pbem.engine.step import LegalMove, Step
from pbem.errors import RuleError


class TurnStep(Step):
    """A step of the operating corporation's turn, passed once done or declined."""

    #: whether a move of a later step declines this one (a human moderator reads "lays 57 on I5;
    #: buys a 2 train" as no token); the others must be answered
    optional = False

    def blocks(self) -> bool:
        return self.name not in self.round.turn.passed

    def entity(self) -> Optional[str]:
        return self.round.corp.sym

    def offered(self) -> list[str]:
        """The kinds this step offers the operating corporation now (the rule; the round may vary it)."""
        return []

    def actions(self, entity: str) -> list[str]:
        return self.round.step_actions(self.name) if entity == self.entity() else []

    @property
    def corp(self):
        return self.round.corp

    def moves_pass(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Pass(ent))]

    def check_pass(self, action: A.Pass) -> None:
        self._offered("pass", action)

    def apply_pass(self, action: A.Pass) -> None:
        self.round.turn.passed.add(self.name)

    def _offered(self, kind: str, action: A.Action) -> None:
        legal = self.round.legal(self.corp.sym)
        if kind not in legal:
            raise RuleError(f"{self.corp.sym} may not {kind.replace('_', ' ')} now", rule="order of an operating turn",
                            legal=legal)
