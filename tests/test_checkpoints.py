"""Mid-game states agree with the 18xx.games engine, not only the final scores.

The expected states were dumped by the reference engine (tests/data/README.md) at sampled
actions of every record: 15 per 1882 record, 25 per 1861 record (cash, shares, trains,
prices, stations and privates)."""
import gzip
import json
from pathlib import Path

import pytest

from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.replay.state import state_json

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parents[1] / "shared" / "fixtures" / "18xx.games"
CASES = [(title, name, checkpoints)
         for title in ("1882", "1861")
         for name, checkpoints in sorted(json.loads(gzip.decompress(
             (HERE / "data" / f"ref18xx_checkpoints_{title}.json.gz").read_bytes())).items())]


def test_every_record_has_reference_states():
    for title in ("1882", "1861"):
        names = {n for t, n, _ in CASES if t == title}
        assert names == {p.stem for p in (FIXTURES / title).glob("*.json")}


@pytest.mark.parametrize("title,name,checkpoints", CASES, ids=[f"{t}/{n}" for t, n, _ in CASES])
def test_sampled_states_match_the_reference_engine(title, name, checkpoints):
    want = {cp["at"]: cp for cp in checkpoints}
    got = {}

    def each(game, a):
        if a.get("id") in want:
            got[a["id"]] = state_json(game, a["id"])

    replay_record(load_record(FIXTURES / title / f"{name}.json"), each=each)
    assert set(got) == set(want)
    for at in sorted(want):
        assert got[at] == want[at], f"{title}/{name}: state after action {at} differs"
