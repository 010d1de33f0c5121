"""A frozen state names the title's immutable parts instead of writing them: the tile catalogue,
the map's printed tiles and every tile's rotations are shared by the thawed state."""
from __future__ import annotations

from pathlib import Path

import pytest

import pbem
from pbem.engine.snapshot import freeze, thaw, thaw_value

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


@pytest.mark.parametrize("record", ["1882/5236.json", "1861/29683.json", "1830/26855.json"])
def test_a_snapshot_writes_no_tile_and_thaws_pointing_at_the_titles_tiles(record):
    g = pbem.read_record(RECORDS / record)
    g.back_to(len(g.moves) // 2)
    state = g.state
    data = freeze(state)

    def no_tiles(module: str, name: str) -> bool:
        return name not in ("TileDef", "Rot")

    # any tile or rotation written by value would name its class, and be refused here
    thawed = thaw_value(data, state.title, no_tiles)
    assert thawed.board.version == state.board.version
    for coord, hx in state.board._hexes.items():
        other = thawed.board._hexes[coord]
        assert other is not hx
        assert other.tile is hx.tile and other.printed_tile is hx.printed_tile and other.rot is hx.rot
        assert other.tokens == hx.tokens and other.tokens is not hx.tokens
    # and the copy is a game of its own: a move made on it leaves the original as it was
    move = g.legal_moves()[0]           # (before the bytes: listing fills the board's caches)
    copy, before = thaw(data, state), freeze(state)
    copy.push(move)
    assert freeze(copy) != before and freeze(state) == before
