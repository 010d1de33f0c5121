"""A corporation with a paying run may not decline to run in a game played in pbem (1882 rules
11.5); the listing agrees. A game under the reference's rules (an 18xx.games record) lists and
accepts the decline, with a note of the run it left."""
import copy
from pathlib import Path

import pytest

from pbem.engine.actions import RunRoutes
from pbem.engine.legal import known_run
from pbem.engine.run_duty import MUST_RUN, REFERENCE_RUNS
from pbem.errors import RuleError
from pbem.importers.eighteen_xx import load_record, replay_record

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


@pytest.fixture(scope="module", params=["1882/5585.json", "1861/29683.json"])
def route_states(request):
    rec = load_record(FIX / request.param)
    ids = []
    replay_record(rec, each=lambda g, a: ids.append(a["id"]) if "run_routes" in g.legal_actions() else None)
    wanted = set(ids[:: max(1, len(ids) // 10)])
    picked = []
    replay_record(rec, each=lambda g, a: picked.append(copy.deepcopy(g)) if a["id"] in wanted else None)
    return picked


def test_not_running_is_listed_exactly_when_accepted(route_states):
    assert len(route_states) >= 8
    refused = 0
    for reference in route_states:
        ent = reference.current_entity()
        routes, total = known_run(reference, reference.corporations[ent])
        game = copy.deepcopy(reference)
        game.options = tuple(o for o in game.options if o != REFERENCE_RUNS)     # as played in pbem
        listed = any(isinstance(m.action, RunRoutes) and not m.action.routes for m in game.legal_moves())
        trial = copy.deepcopy(game)
        try:
            trial.push(RunRoutes(ent, ()))
            accepted = True
        except RuleError as e:
            accepted = False
            assert "must run it" in str(e) and e.rule == MUST_RUN
            refused += 1
        assert accepted == listed == (not routes or total == 0), (ent, total)
        loose = copy.deepcopy(reference)                  # the record's own game: accepted, noted
        assert any(isinstance(m.action, RunRoutes) and not m.action.routes for m in loose.legal_moves())
        loose.push(RunRoutes(ent, ()))
        assert bool([str(n) for n in loose.rule_notes if str(n)]) == (total > 0)
    assert refused >= 5


def test_suggested_runs_are_accepted_with_their_revenue(route_states):
    """The run listed first (1861: trains whose distance comes in parts, too) is one the engine
    accepts, for the revenue it names."""
    found = 0
    for game in route_states:
        ent = game.current_entity()
        routes, total = known_run(game, game.corporations[ent])
        if not routes:
            continue
        trial = copy.deepcopy(game)
        trial.push(RunRoutes(ent, tuple(routes)))
        assert sum(r.revenue for r in trial.corporations[ent].last_routes) == total
        found += 1
    assert found >= 5
