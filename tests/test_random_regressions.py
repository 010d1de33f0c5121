"""Seeded random games that once found bugs (tools/randplay.py --save), kept as game files with
their final values: each must still replay to the end and give the same values."""
import json
from pathlib import Path

import pytest

from pbem.moderator.table import Table

DATA = Path(__file__).resolve().parent / "data" / "random"
GAMES = sorted(DATA.glob("*.pbem"))


def test_there_are_regression_games():
    assert len(GAMES) >= 4


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_random_game_replays_to_its_values(path, tmp_path):
    want = json.loads(path.with_suffix(".json").read_text())
    copy = tmp_path / path.name                       # replay a copy: no lock file beside tests/data
    copy.write_bytes(path.read_bytes())
    t = Table.open(copy)
    g = t.game
    assert len(t.seqs) == want["moves"]
    assert g.finished == want["finished"] and g.end_reason == want["end_reason"]
    assert {pid: g.player_value(pid) for pid in g.seat_order} == want["values"]
