"""Every 18xx.games record of 1882 replays to exactly its recorded final values."""
from pathlib import Path

import pytest

from pbem.importers.eighteen_xx import load_record, replay_record

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
RECORDS = sorted(FIXTURES.glob("*.json"))


def test_fixtures_are_present():
    assert len(RECORDS) >= 7, f"expected the 1882 records under {FIXTURES}"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_its_result(path):
    rec = load_record(path)
    game = replay_record(rec)
    assert game.finished, f"{path.name}: game not finished after {len(rec.live)} actions"
    values = {pid: game.player_value(pid) for pid in game.seat_order}
    assert values == rec.result
    assert game.end_reason == rec.end_reason
