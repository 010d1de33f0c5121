"""1861 records of 18xx.games replay to their recorded result and end reason."""
from pathlib import Path

import pytest

from pbem.importers.eighteen_xx import load_record, replay_record

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1861"
RECORDS = ["29683.json", "bank_breaks_then_final_phase.json"]


@pytest.mark.parametrize("name", RECORDS)
def test_record_replays_exactly(name):
    path = FIXTURES / name
    assert path.exists(), f"expected the 1861 record {path}"
    rec = load_record(path)
    game = replay_record(rec)
    assert game.finished
    assert game.end_reason == rec.end_reason
    assert {pid: game.player_value(pid) for pid in game.players} == rec.result


@pytest.mark.parametrize("name", RECORDS)
def test_imported_record_replays_from_notation(name, tmp_path):
    """The record written as a pbem game file (merges, conversions, minor bids, the 5+5E train,
    M-K beside MK) reads back to the same final values."""
    from pbem.replay.record_file import import_record
    from pbem.table import Table

    path = FIXTURES / name
    rec = load_record(path)
    gf = tmp_path / "game.pbem"
    import_record(path, gf)
    table = Table.open(gf)
    names = dict(rec.players)
    assert {pid: table.game.player_value(names[pid]) for pid in rec.result} == rec.result
    assert table.game.finished and table.game.end_reason == rec.end_reason
