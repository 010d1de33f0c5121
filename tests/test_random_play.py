"""Seeded random play: any sequence of listed legal moves keeps the books straight.

Every move is drawn from Game.legal_moves(); after each, money is conserved (bank, players
and corporations always add up to the starting bank), every corporation's paper adds up to
100%, presidents hold their certificate, and somebody (or nobody, at the end) is to act."""
import random

import pytest

from pbem.engine.actions import RunRoutes
from pbem.engine.game import Game
from pbem.errors import RuleError
from pbem.titles import load_title


def books(g: Game) -> None:
    total = g.bank + sum(p.cash for p in g.players.values()) + sum(c.cash for c in g.corporations.values())
    assert total == g.data["bank"], f"money not conserved: {total}"
    for c in g.corporations.values():
        assert sum(c.shares.values()) == 100, (c.sym, c.shares)
        assert all(v >= 0 for v in c.shares.values()), (c.sym, c.shares)
        assert c.pool_percent <= 50
        if c.president is not None:
            assert c.percent_of(c.president) >= 20, (c.sym, c.president, c.shares)
            assert c.percent_of(c.president) == max(c.player_holdings().values())
        assert len(c.trains) <= max(g.train_limit(c), 4)
    for p in g.players.values():
        assert p.cash >= 0, (p.name, p.cash)
    assert g.finished or g.current_entity() is not None


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_legal_play_keeps_the_books(seed):
    rng = random.Random(seed)
    n = rng.choice([3, 4, 5])
    g = Game(load_title("1882"), [(f"p{i}", f"P{i}") for i in range(n)], seed)
    moves = 0
    while not g.finished and moves < 900:
        options = [m.action for m in g.legal_moves()]
        runs = [a for a in options if isinstance(a, RunRoutes) and a.routes]
        if runs:
            options = runs                      # run the suggested routes: the game then goes on to late phases
        assert options, f"nothing to do for {g.current_entity()} in {g.round.name}: {g.legal_actions()}"
        action = rng.choice(options)
        try:
            g.push(action)
        except RuleError as e:
            pytest.fail(f"move {moves}: listed move {action} refused: {e}")
        books(g)
        moves += 1
    assert moves > 50
