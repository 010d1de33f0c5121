"""The track graph walks as 18xx.games walks it (Graph#compute: Node#walk, Path#walk): the hexes
and sides a corporation's network touches, checked against figures the reference engine gave
for the same positions (REF18XX state at those actions, taken by hand with its Graph)."""
import json
from pathlib import Path

import pytest

from pbem.engine import actions as A
from pbem.engine.graph import reach
from pbem.errors import RuleError
from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.table import Table

HERE = Path(__file__).resolve().parent
FIX = HERE.parents[1] / "shared" / "fixtures" / "18xx.games" / "1882"


def _edges(text: str) -> dict:
    out = {}
    for part in text.strip(";").split(";"):
        coord, edges = part.split(" ", 1)
        out[coord] = set(json.loads(edges))
    return out


# refplay 1882 seed 69 after move 409: the reference's connected hexes of CPR (I5 and K3).
SEED69_CPR = _edges("H4 [5];H6 [1, 5];I5 [0, 1, 2, 3, 4, 5];I7 [0, 2, 5];J10 [1];J4 [1, 4];J6 [1, 2];"
                    "J8 [2];K3 [4];K5 [4];K7 [0, 3, 5];K9 [1, 4];L8 [0, 1, 2, 4, 5];M7 [3, 4];M9 [1, 2];N8 [3, 4]")

# 18xx.games record 5236 after action 726: the reference's connected hexes of SC (home J10).
REC5236_SC = _edges(
    "B12 [0];D12 [0, 3];E11 [0];E5 [5];F10 [5];F12 [1, 3];F6 [1, 2];G11 [0, 1, 2, 3, 4, 5];G5 [0, 1, 4];"
    "G7 [1];H10 [4, 5];H12 [0, 2];H4 [1, 4, 5];H6 [1, 4];H8 [0];I11 [0, 1, 2, 3];I13 [1];I3 [4];"
    "I5 [0, 1, 2, 3, 4, 5];I7 [5];J10 [0, 1, 2, 3, 4, 5];J12 [0, 1, 3, 4];J4 [1, 4];J6 [2];J8 [0, 2, 3, 5];"
    "K11 [1, 2, 3, 4];K3 [4];K5 [0, 3];K9 [1, 2, 4, 5];L10 [2, 3, 4, 5];L12 [3];L8 [0, 1, 3, 4];M11 [2];"
    "M5 [3, 5];M7 [1, 4];M9 [1];N6 [2, 4];N8 [3, 4]")


def test_a_loop_does_not_bring_the_walk_back_along_used_track(tmp_path):
    """CPR reaches Assiniboia (L8) only over I7 and K7; from L8 the loop over M7 comes back into
    K7 and I7 and would leave I7 toward H6 and G5 along I7's track just used the other way.
    18xx.games walks each path once, so G5 is not reached and CPR may not lay there (random
    game 69 had pbem lay #8 on G5 at move 410, later listing a station CPR could not place)."""
    src = HERE / "data" / "refplay" / "1882-seed69-graph.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    r = reach(g.board, "CPR")
    assert {c: set(e) for c, e in r.edges.items()} == SEED69_CPR
    assert "G5" not in r.edges
    assert g.round.corp.sym == "CPR"
    with pytest.raises(RuleError, match="cannot reach"):
        g.push(A.LayTile("CPR", "G5", "8", 3))


def test_after_a_converging_exit_the_walk_may_use_track_again():
    """Past an exit several paths of a tile share (L10's #43), 18xx.games lifts a chain's marks
    when it backs up, so SC's walk from J10 also takes L10's other paths and reaches M11 (where
    the record's SC lays at action 727)."""
    seen = {}

    def each(game, a):
        if a.get("id") == 726:
            seen["edges"] = {c: set(e) for c, e in reach(game.board, "SC").edges.items()}

    replay_record(load_record(FIX / "5236.json"), each=each)
    assert seen["edges"] == REC5236_SC
