"""A position where the route search once left a train without a run: the best run found is
the engine's own, and a game played in pbem may not decline it."""
from pathlib import Path

from pbem.engine.actions import RunRoutes


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
