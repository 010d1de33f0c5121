"""Suggested runs are legal, and as good as the recorded players' runs nearly always."""
from pathlib import Path

from pbem.engine.actions import RunRoutes
from pbem.engine.autoroute import suggest_routes
from pbem.importers.eighteen_xx import load_record, replay_record

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"


def test_suggestions_are_accepted_and_rarely_beaten():
    import copy

    compared = beaten = 0
    for name in ("5585", "10526", "5236"):
        rec = load_record(FIX / f"{name}.json")
        live = rec.live
        pending = {}

        def each(game, a):
            nonlocal compared, beaten
            i = live.index(a)
            if i + 1 < len(live) and live[i + 1]["type"] == "run_routes" and live[i + 1].get("routes"):
                corp = game.corporations[live[i + 1]["entity"]]
                trains = [(t.name, t.distance) for t in corp.trains if not t.operated]
                routes = suggest_routes(game.board, corp.sym, trains, game.tile_colors,
                                        lambda s: game.title.route_bonus(game, s))
                trial = copy.deepcopy(game)
                trial.push(RunRoutes(corp.sym, tuple(routes)))      # the engine accepts the suggestion
                assert trial.corporations[corp.sym].last_routes
                pending[live[i + 1]["id"]] = sum(r.revenue for r in routes)
            if a["id"] in pending:
                actual = sum(r.revenue for r in game.corporations[a["entity"]].last_routes)
                compared += 1
                beaten += pending[a["id"]] < actual

        replay_record(rec, each=each)
    assert compared > 100
    assert beaten <= compared // 20, f"players found better runs {beaten} times out of {compared}"


def test_a_two_part_train_is_offered_its_run_when_the_best_pair_ends_in_two_offboards_of_a_group(tmp_path):
    """1861: the search for trains of two-part distance once proposed routes ending in two
    off-boards of one group, which the route check drops; the train was then left without a
    run and the corporation offered "does not run" while a paying run existed. The position is
    a random game's, just before that listing."""
    import shutil

    import pytest

    from pbem.engine.legal import known_run
    from pbem.engine.run_duty import REFERENCE_RUNS
    from pbem.errors import RuleError
    from pbem.table import Table

    path = tmp_path / "v.pbem"
    shutil.copy(Path(__file__).parent / "data" / "positions" / "1861-v-two-offboards.pbem", path)
    g = Table.open(path, moderator=False).game
    corp = g.corporations[g.current_entity()]
    routes, total = known_run(g, corp)
    assert routes and total > 0
    for r in routes:
        groups = [set(g.board._hexes[s.hex].tile.nodes[s.node].groups) for s in r.stops]
        offboard_groups = [x for x in groups if x]
        assert all(not (a & b) for i, a in enumerate(offboard_groups) for b in offboard_groups[i + 1:])
    g.push(RunRoutes(corp.sym, tuple(routes)))                 # the engine accepts the listed run
    assert corp.last_routes
    again = Table.open(path, moderator=False).game
    # the position's game was played by robots when the search missed runs (option reference-runs
    # keeps its earlier declines replaying); as a game played in pbem the decline is refused
    again.options = tuple(o for o in again.options if o != REFERENCE_RUNS)
    with pytest.raises(RuleError, match="must run it"):
        again.push(RunRoutes(corp.sym, ()))


def _pairs_plainly(halves, base, budget, slack, score, skip, floor=None):
    """The oracle: every pair (i <= j) tried in order, as the search was first written."""
    best = None if floor is None else (floor, None, None)
    for i, h1 in enumerate(halves):
        for h2 in halves[i:]:
            items1 = set(h1[1]) | {("stop", s) for s in h1[0]}
            items2 = set(h2[1]) | {("stop", s) for s in h2[0]}
            if items1 & items2 or h1[2] + h2[2] > budget or not (h1[0] or h2[0]) or skip(h1, h2):
                continue
            rev = base + h1[3] + h2[3] + score(h1, h2)
            if best is None or rev > best[0]:
                best = (rev, h1, h2)
    return None if best is None or best[1] is None else best


def test_the_pair_search_finds_the_plain_double_loops_pair():
    """The bitset pair search returns what trying every pair in order returns: the same pair on
    ties, with bonuses (bounded by the slack), a skip rule and a floor from an earlier station."""
    from hypothesis import given, settings, strategies as st

    from pbem.engine.autoroute import _best_pair

    stop = st.tuples(st.sampled_from("ABCDEF"), st.integers(0, 1))
    half = st.tuples(st.lists(stop, max_size=3, unique=True).map(tuple),
                     st.frozensets(st.integers(0, 12), max_size=4),
                     st.integers(0, 4), st.integers(0, 60))

    @settings(max_examples=400, deadline=None, derandomize=True)
    @given(st.lists(half, max_size=14), st.integers(0, 30), st.integers(0, 8), st.booleans(),
           st.one_of(st.none(), st.integers(0, 150)))
    def check(raw, base, budget, with_bonus, floor):
        halves = sorted([((), frozenset(), 0, 0)] + raw, key=lambda h: -h[3])
        slack = 30 if with_bonus else 0

        def score(h1, h2):
            return (len(h1[0]) * 7 + len(h2[0]) * 3) % 31 if with_bonus else 0

        def skip(h1, h2):
            return bool(h1[0]) and bool(h2[0]) and h1[0][-1][0] == h2[0][-1][0]

        want = _pairs_plainly(halves, base, budget, slack, score, skip, floor)
        assert _best_pair(halves, base, budget, slack, score, skip, floor) == want

    check()
