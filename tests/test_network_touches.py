"""`graph.touches` (a lay's connection, walked only until it is found) answers as the whole
network does: at positions of a shared 1882 and 1861 record, for every corporation with a
station, on the hexes its network touches and others, with the network not yet known and known."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.engine import graph
from pbem.replay.record import read_record

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


@pytest.mark.parametrize("record,stops", [("1882/5585.json", (400, 800)), ("1861/29683.json", (600,))])
def test_touches_is_the_whole_networks_answer(record, stops):
    checked = found = 0
    for stop in stops:
        board = read_record(FIX / record, stop_at=stop).state.board
        for corp in [c for c in sorted({t.corp for hx in board._hexes.values() for ts in hx.tokens for t in ts if t})]:
            whole = graph.compute_reach(board, corp)
            # the hexes it touches, and some it does not
            for coord in sorted(whole.edges) + sorted(board._hexes)[::9]:
                for sides in (frozenset({0, 3}), frozenset({2, 4})):
                    board._cache.pop("reach", None)                 # not known: walked
                    got = graph.touches(board, corp, coord, sides)
                    want = bool(whole.edges.get(coord, frozenset()) & sides)
                    assert got == want, (stop, corp, coord, sides)
                    kept = board._cache.get("reach", {}).get(corp)
                    if kept is not None:                            # a whole walk keeps the network it made
                        assert not got and (kept.edges, kept.nodes, kept.paths) == (whole.edges, whole.nodes, whole.paths)
                    assert graph.touches(board, corp, coord, sides) == want      # known now, or walked again
                    checked += 1
                    found += got
    assert checked > 300 and 0 < found < checked
