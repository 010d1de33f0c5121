"""tools/randplay.py plays 1869 to its end: its picker, given the moves made in the round, makes
a pass likelier the longer a round lasts and sales, trains given back and trains bought from
another corporation rarer, so that random stock rounds at $10 stop churning."""
from __future__ import annotations

import random

from pbem.engine import actions as A

from randplay_kit import randplay as _randplay


def test_a_random_1869_game_reaches_its_end():
    rp = _randplay()
    game, done, problem = rp.play("1869", 5, 2, 8000)
    assert problem == "" and game.finished and game.end_reason == "bank", problem
    assert len(done) < 8000


def test_a_pass_gets_likelier_the_longer_the_round():
    rp = _randplay()
    assert rp._to_the_end(A.Pass("P1"), 1, 200) == 1 + 200 / rp.PASS_PRESSURE
    assert rp._to_the_end(A.SellShares("P1", "UP", 10), 1, 0) < 1
    assert rp._to_the_end(A.BuyTrain("UP", "2", "CPR", 1), 6, 0) < 6
    assert rp._to_the_end(A.BuyTrain("UP", "2", "depot", 90), 6, 0) == 6


def test_the_picker_without_the_round_count_is_unchanged():
    """Other tests replay seeded games through `pick(rng, game)`: that draw is as before."""
    rp = _randplay()
    from pbem.engine.game import Game
    from pbem.titles import load_title

    g = Game(load_title("1830"), [("P1", "P1"), ("P2", "P2"), ("P3", "P3")], 1)
    rng, twin = random.Random(3), random.Random(3)
    for _ in range(30):
        a = rp.pick(rng, g)
        moves = [m.action for m in g.legal_moves()]
        runs = [m for m in moves if isinstance(m, A.RunRoutes) and m.routes]
        payout = [m for m in moves if isinstance(m, A.Dividend) and m.kind == "payout"]
        if runs:
            want = runs[0]
        elif payout and twin.random() < 0.8:
            want = payout[0]
        else:
            w = [0.1 if isinstance(m, A.BuyCompany) and m.entity in g.players else rp.WEIGHTS.get(type(m).__name__, 2)
                 for m in moves]
            want = twin.choices(moves, weights=w)[0]
        assert a == want
        g.push(a)
