"""A pending choice that interrupts any round (1861: a major left without trains chooses whether
to be nationalised before play goes on): a step, which a round made of steps lists first, and a
mixin for the rounds that are not."""
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


class PendingChoice:
    """Round mixin for rounds not made of steps: while the title reports a pending choice, its
    `ChoiceStep` is in play."""

    game: "object"

    def choice_step(self) -> ChoiceStep:
        step = self.__dict__.get("_choice_step")
        if step is None:
            step = self.__dict__["_choice_step"] = ChoiceStep(self)
        return step

    def current_entity(self) -> Optional[str]:
        step = self.choice_step()
        return step.entity() if step.blocks() else super().current_entity()

    def legal(self, entity: str) -> list[str]:
        step = self.choice_step()
        return step.actions(entity) if step.blocks() else super().legal(entity)

    def step_in_play(self) -> Optional[Step]:
        step = self.choice_step()
        if step.blocks():
            return step
        below = getattr(super(), "step_in_play", None)
        return below() if below else None

    def step_moves(self, kind: str, entity: str) -> Optional[list]:
        step = self.choice_step()
        if step.blocks():
            return step.moves_of(kind, entity)
        below = getattr(super(), "step_moves", None)
        return below(kind, entity) if below else None

    def process(self, action: A.Action) -> None:
        step = self.choice_step()
        if step.blocks():
            step.process(action)
            return
        super().process(action)

    def pre_check(self, action: A.Action) -> bool:
        """The choice's check while it is pending, else the round's (False if it has none)."""
        step = self.choice_step()
        if step.blocks():
            return step.answers(action)
        below = getattr(super(), "pre_check", None)
        return below(action) if below else False

    def after_choice(self) -> None:
        """Carry on the round after the choice (skip what no longer needs a decision)."""
