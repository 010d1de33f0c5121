"""A pending choice that interrupts any round (1861: a major left without trains chooses whether
to be nationalised before play goes on). Mixed in front of a round class."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A


class PendingChoice:
    """Round mixin: while the title reports a pending choice, its entity acts first."""

    game: "object"

    def current_entity(self) -> Optional[str]:
        pending = self.game.title.pending_choice(self.game)
        return pending if pending else super().current_entity()

    def legal(self, entity: str) -> list[str]:
        pending = self.game.title.pending_choice(self.game)
        if pending:
            return ["choose", "pass"] if entity == pending else []
        return super().legal(entity)

    def process(self, action: A.Action) -> None:
        g = self.game
        if g.title.pending_choice(g):
            g.title.process_choice(g, action)
            self.after_choice()
            return
        super().process(action)

    def moves_choose(self, ent: str) -> list:
        from pbem.engine.legal import LegalMove

        return [LegalMove(A.Choose(ent, "nationalize"), "nationalise the trainless major")]

    def after_choice(self) -> None:
        """Carry on the round after the choice (skip what no longer needs a decision)."""
