"""Mid-game states of the 1861 records agree with the 18xx.games engine, not only the final scores.

The expected states were dumped by the reference engine (tests/data/README.md) at 25 sampled
actions of each 1861 record: cash, shares, trains, prices, stations and privates."""
import gzip
import json
from pathlib import Path

import pytest

from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.replay.state import state_json

HERE = Path(__file__).resolve().parent
FIX = HERE.parents[1] / "shared" / "fixtures" / "18xx.games" / "1861"
EXPECTED = json.loads(gzip.decompress((HERE / "data" / "ref18xx_checkpoints_1861.json.gz").read_bytes()))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sampled_states_match_the_reference_engine(name):
    want = {cp["at"]: cp for cp in EXPECTED[name]}
    got = {}

    def each(game, a):
        if a.get("id") in want:
            got[a["id"]] = state_json(game, a["id"])

    replay_record(load_record(FIX / f"{name}.json"), each=each)
    assert set(got) == set(want)
    for at in sorted(want):
        assert got[at] == want[at], f"{name}: state after action {at} differs"
