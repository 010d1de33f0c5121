"""Every operating round is a round of steps, and the steps own the operating turn's rules
(and the stations and discards that interrupt any round).

The operating round sends each action to a step (`OperatingRound.step_for`) and the step
checks and applies it: the track lay, the station, the run, the dividend, the train with the
president's emergency sales and bankruptcy, the private's purchase and the privates' abilities.
A title changes one of these by subclassing the step, so `Rules` keeps none of them as a hook.
"""
import random
from pathlib import Path

import pytest

from pbem.engine import actions as A
from pbem.engine.game import Game
from pbem.engine.rounds.operating import OperatingRound
from pbem.engine.rules import Rules
from pbem.engine.step import Step, StepRound
from pbem.errors import RuleError
from pbem.titles import load_title
from pbem.titles.registry import TITLES

from randplay_kit import randplay as _randplay


#: the rules of an operating turn that were hooks of `Rules` and are now their steps' methods
STEP_RULES = ("lay_tile", "buy_company", "bankrupt", "bankrupt_problem", "emergency_sell", "emergency_sellable",
              "emergency_sale_problem", "emergency_needed_percent", "company_action", "place_pending_token",
              "train_for_purchase", "train_price_range", "route_available", "unused_token_kinds", "can_token",
              "token_ability_prices", "token_price", "place_home_choice", "discard_train",
              "must_buy_train")


def _first_operating_round(title: str) -> Game:
    rp = _randplay()
    rng = random.Random(1)
    g = Game(load_title(title), [(f"P{i}", f"P{i}") for i in range(1, 5)], 1)
    for _ in range(600):
        if g.round.name == "operating" and g.round.turn is not None:
            return g
        g.push(rp.pick(rng, g))
    raise AssertionError(f"{title}: no operating round in 600 moves")


@pytest.mark.parametrize("title", TITLES)
def test_every_operating_round_is_a_round_of_steps_that_take_its_actions(title):
    g = _first_operating_round(title)
    rnd = g.round
    assert isinstance(rnd, OperatingRound) and isinstance(rnd, StepRound)
    assert rnd.steps and all(isinstance(s, Step) for s in rnd.steps) and isinstance(rnd.abilities, Step)
    assert type(rnd).process is OperatingRound.process, "a title's round reroutes actions past its steps"
    for step in rnd.steps:
        for cls in step.handles:
            assert hasattr(step, f"apply_{cls.kind_name}"), f"{title}: {step.name} takes {cls.kind_name} but cannot apply it"
    assert rnd.step_in_play() is not None and rnd.active_step() == rnd.step_in_play().name


@pytest.mark.parametrize("title", TITLES)
def test_no_rule_of_the_operating_turn_is_a_hook_of_the_title(title):
    rules = load_title(title)
    assert [h for h in STEP_RULES if hasattr(Rules, h)] == []
    assert [h for h in STEP_RULES if hasattr(rules, h)] == [], f"{title} overrides a step's rule as a hook"


def test_a_sale_toward_a_train_is_the_presidents_alone():
    """The train step checks who sells toward the train: only the president of the corporation."""
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1882-seed29-ebuy.pbem"
    g = Table.open(src, moderator=False).game
    step, p5 = g.round.step_named("buy_train"), g.players["P5"]
    assert g.round.step_in_play() is step and g.round.corp.sym == "HBR"
    g.bank += p5.cash
    p5.cash = 0                       # as in test_rules_1882: the CNR share is then needed
    step.check(A.SellShares("P5", "CNR", 10))
    with pytest.raises(RuleError, match="only HBR's president"):
        step.check(A.SellShares("HBR", "CNR", 10))
    with pytest.raises(RuleError, match="at most"):
        step.check(A.SellShares("P5", "CNR", 50))
