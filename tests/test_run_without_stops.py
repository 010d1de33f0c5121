"""A run written without its stops ("CPR runs the 3 for 80"): the table takes the route the
search finds when it earns what the player wrote, stores it with its stops, and otherwise
refuses with what it found (pbem/reading/settle.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.engine.actions import Route, RunRoutes
from pbem.engine.legal import known_run
from pbem.errors import RuleError
from pbem.importers.eighteen_xx import load_record, replay_record
from recordkit import cut_as_game
from pbem.reading.settle import needs_stops, settle_run
from pbem.table import Table

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"


def _before_first_found_run():
    """(record, id of the action before the first recorded run, the game then, the running
    corporation, the run the search finds for it)."""
    rec = load_record(FIX / "5585.json")
    ids = [a["id"] for a in rec.live]
    for run in (a for a in rec.live if a["type"] == "run_routes" and a.get("routes")):
        prev = ids[ids.index(run["id"]) - 1]
        game = replay_record(rec, stop_at=prev)
        corp = game.corporations[run["entity"]]
        found, total = known_run(game, corp)
        if found and total > 0:
            return rec, prev, game, corp, found
    raise AssertionError("no recorded run with a paying route")


def test_the_found_route_is_taken_when_it_earns_what_was_written():
    _, _, game, corp, found = _before_first_found_run()
    written = RunRoutes(corp.sym, tuple(Route(r.train, (), None, r.revenue) for r in found))
    assert needs_stops(written)
    settled = settle_run(game, written)
    assert [r.stops for r in settled.routes] == [r.stops for r in found]
    assert [r.revenue for r in settled.routes] == [r.revenue for r in found]
    assert not needs_stops(settled)


def test_a_revenue_the_search_does_not_find_is_refused_with_what_it_found():
    _, _, game, corp, found = _before_first_found_run()
    r = found[0]
    with pytest.raises(RuleError) as info:
        settle_run(game, RunRoutes(corp.sym, (Route(r.train, (), None, r.revenue + 10),)))
    msg = str(info.value)
    assert "write the stops" in msg and str(r.revenue) in msg
    with pytest.raises(RuleError, match="no run found for a 9 train"):
        settle_run(game, RunRoutes(corp.sym, (Route("9", (), None, 10),)))
    with pytest.raises(RuleError, match="every route"):
        settle_run(game, RunRoutes(corp.sym, (Route(r.train, (), None, None), r)))


def test_by_mail_the_run_is_stored_with_its_stops(tmp_path):
    rec, prev, game, corp, found = _before_first_found_run()
    path = cut_as_game(FIX / "5585.json", prev, tmp_path)
    table = Table.open(path)
    assert table.game.current_entity() == corp.sym
    total = sum(r.revenue for r in found)
    trains = " and ".join(f"the {r.train} for {r.revenue}" for r in found)
    applied = table.submit(f"{corp.sym} runs {trains}").check().applied
    line = applied[-1].notation
    assert all(s.hex in line for r in found for s in r.stops), line
    again = Table.open(path)                   # the stored line replays without any search
    assert again.game.corporations[corp.sym].cash == table.game.corporations[corp.sym].cash
    assert total > 0
