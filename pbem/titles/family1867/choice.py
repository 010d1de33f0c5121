"""A pending choice that interrupts any round (1861: a major left without trains chooses whether
to be nationalised before play goes on): a step, which each round lists first."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A
from pbem.engine.step import LegalMove, Step
from pbem.errors import RuleError

#: the choices a pending decision offers besides passing
CHOICES = ("nationalize",)


class ChoiceStep(Step):
    """The entity the title names (`pending_choice`) chooses, or passes, before play goes on;
    the round's `after_choice` carries on."""

    name = "trainless majors"
    interrupts = True
    holds_abilities = True

    def blocks(self) -> bool:
        return bool(self.game.title.pending_choice(self.game))

    def entity(self) -> Optional[str]:
        return self.game.title.pending_choice(self.game) or None

    def actions(self, entity: str) -> list[str]:
        return ["choose", "pass"] if entity == self.entity() else []

    def moves_choose(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Choose(ent, "nationalize"), "nationalise the trainless major")]

    def moves_pass(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Pass(ent))]

    def check(self, action: A.Action) -> None:
        ent = self.entity()
        if action.entity != ent or not self.accepts(action):
            raise RuleError(f"{ent} has no train and must first choose whether to be nationalised",
                            rule=self.name, legal=["choose", "pass"])
        super().check(action)

    def check_pass(self, action: A.Pass) -> None:
        pass

    def check_choose(self, action: A.Choose) -> None:
        if action.choice not in CHOICES:
            raise RuleError(f"'{action.choice}' is not a choice here: {' or '.join(CHOICES)} or pass",
                            rule=self.name)

    def apply(self, action: A.Action) -> None:
        g = self.game
        g.title.process_choice(g, action)
        self.round.after_choice()
