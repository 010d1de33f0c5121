"""Steps: the parts a round is made of, each the one place for its rules.

A `Step` (as 18xx.games composes rounds, in plain Python) owns some kinds of action: which of
them an entity may take now (`actions`), the concrete legal moves (`moves`), the check of one
action (`check`, which changes nothing and raises a RuleError naming the rule) and its
application (`apply`). `moves` enumerates candidates and keeps those the same predicates that
`check` uses accept, so "what is legal?" and "is this legal?" cannot disagree. A step with
nothing to choose for its entity is passed over without a move (`passes_without_choice`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.game import Game


@dataclass(frozen=True)
class LegalMove:
    """One legal move: the action, and a note for moves that stand for a range (prices, routes)."""

    action: A.Action
    note: str = ""


#: the action kind (as `Round.legal` names it) of each action class
def kind_of(action: A.Action) -> str:
    """The kind name of an action ('' for kinds no step names): declared by its class."""
    return type(action).kind_name


class Step:
    """A part of a round. Subclasses set `name` and define, per kind they accept, a
    `moves_<kind>(entity)` listing and a `check_<kind>(action)`/`apply_<kind>(action)` pair."""

    name = "step"
    #: the kinds whose `check` is not the whole rule: the rest is checked as they are applied
    #: (runs, emergency sales); for the others, passing `check` means legal
    checked_on_apply: frozenset[str] = frozenset()
    #: the action classes the step takes when it is in play (in a round of turns whose other
    #: steps may take an action at any point, as the operating round's)
    handles: tuple[type, ...] = ()
    #: whether, in play, the step takes every action of the round and the round's other ways in
    #: (a private's ability, a purchase offered at any step) wait: a station to place now, a
    #: train to discard
    interrupts = False
    #: whether an interrupting step still lets its corporation buy a private (a home station
    #: waiting for its city: 18xx.games asks for the purchase first)
    takes_company_purchase = False
    #: whether, in play, the step comes before a private's ability too (a choice or a station
    #: that must be settled before anything else)
    holds_abilities = False

    def __init__(self, rnd):
        self.round = rnd

    @property
    def game(self) -> "Game":
        return self.round.game

    # --- what the step asks now ---------------------------------------------------------
    def blocks(self) -> bool:
        """Whether the step is in play now: the round waits on it before any later step."""
        return True

    def entity(self) -> Optional[str]:
        """Who acts at this step now (the first of `entities` when several may)."""
        return None

    def entities(self) -> list[str]:
        """Everyone who may act at this step now, in no required order (every voter on a merger,
        every shareholder toward a train); by default the one `entity`."""
        ent = self.entity()
        return [ent] if ent is not None else []

    def actions(self, entity: str) -> list[str]:
        """The kinds of action `entity` may take at this step now (empty: none)."""
        return []

    def passes_without_choice(self) -> bool:
        """Whether the step, though in play, offers its entity no choice and so is passed by itself."""
        ent = self.entity()
        return ent is None or not self.actions(ent)

    # --- the one source for legality ------------------------------------------------------
    def moves(self, entity: str) -> list[LegalMove]:
        """The concrete legal moves of `entity` at this step, kind by kind."""
        out: list[LegalMove] = []
        for kind in self.actions(entity):
            out.extend(self.moves_of(kind, entity) or [])
        return out

    def moves_of(self, kind: str, entity: str) -> Optional[list[LegalMove]]:
        """The moves of one kind; None if this step does not list that kind."""
        fn = getattr(self, f"moves_{kind}", None)
        return fn(entity) if fn else None

    def accepts(self, action: A.Action) -> bool:
        """Whether the action is of a kind this step handles (legal or not)."""
        return hasattr(self, f"check_{kind_of(action)}")

    def check(self, action: A.Action) -> None:
        """Raise RuleError (naming the rule and the legal moves) unless `action` is legal now; changes nothing."""
        kind = kind_of(action)
        fn = getattr(self, f"check_{kind}", None)
        if fn is None:
            raise RuleError(f"cannot {A.kind_words(action)} now", rule=self.name,
                            legal=self.actions(action.entity))
        fn(action)

    def apply(self, action: A.Action) -> None:
        """Carry out an action `check` accepted."""
        getattr(self, f"apply_{kind_of(action)}")(action)

    def process(self, action: A.Action) -> None:
        self.check(action)
        self.apply(action)

    def answers(self, action: A.Action) -> bool:
        """Check `action` (RuleError if refused) and say whether that settles it: False when
        part of its rule is checked only as it is applied (`checked_on_apply`)."""
        self.check(action)
        return kind_of(action) not in self.checked_on_apply


class StepRound:
    """A round made of `steps` (a list of Step): the first step that blocks is in play and answers
    for the round: who acts, what they may do, which moves of a kind it offers."""

    steps: list

    def step_in_play(self) -> Optional[Step]:
        for s in self.steps:
            if s.blocks():
                return s
        return None

    def current_entity(self) -> Optional[str]:
        step = self.step_in_play()
        return step.entity() if step is not None else None

    def acting_entities(self) -> list[str]:
        """Everyone who may act now (the step in play's `entities`)."""
        step = self.step_in_play()
        return step.entities() if step is not None else []

    def legal(self, entity: str) -> list[str]:
        step = self.step_in_play()
        return step.actions(entity) if step is not None else []

    def step_moves(self, kind: str, entity: str) -> Optional[list]:
        """The concrete moves of one kind from the step in play (None: it lists no such kind)."""
        step = self.step_in_play()
        return step.moves_of(kind, entity) if step is not None else None

    def pre_check(self, action: A.Action) -> bool:
        """Check `action` as `process` would before changing anything: RuleError if it is refused;
        True if it is then legal, False if only applying it tells (see `pbem.engine.legality`)."""
        step = self.step_in_play()
        return step.answers(action) if step is not None else False
