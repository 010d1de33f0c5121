"""No stored run is trusted: a record's run revenue and a game file's run line are checked
against the board like a player's claim, so an edited revenue is refused, never paid."""
import json
import re
from pathlib import Path

import pytest

from pbem.cli import main
from pbem.errors import GameFileError
from pbem.gamefile import GENESIS
from pbem.gamefile.format import render_lines
from pbem.gamefile.key import load_key
from pbem.replay.record_file import import_record
from pbem.table import Table

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"


def _last_run_with_revenue(data):
    return next(a for a in reversed(data["actions"])
                if a.get("type") == "run_routes" and any("revenue" in r for r in a.get("routes") or ()))


@pytest.mark.parametrize("revenue", [99999, "plus10"])
def test_a_record_with_an_edited_run_revenue_is_refused(tmp_path, capsys, revenue):
    data = json.loads((FIX / "1882_game_end_bankrupt.json").read_text())
    run = _last_run_with_revenue(data)
    route = next(r for r in run["routes"] if "revenue" in r)
    route["revenue"] = route["revenue"] + 10 if revenue == "plus10" else revenue
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    first = err.splitlines()[0]           # the refusal, then the action it names
    assert first.startswith("pbem replay:") and f"not ${route['revenue']} [rule: route revenue]" in first, err
    assert "Traceback" not in err
    assert main(["import-18xx", str(path), str(tmp_path / "g.pbem")]) == 2
    assert not (tmp_path / "g.pbem").exists()


def test_the_untouched_record_still_replays_with_its_own_result(capsys):
    assert main(["replay", str(FIX / "1882_game_end_bankrupt.json")]) == 0
    assert "finished" in capsys.readouterr().out


def test_a_sealed_run_line_marked_trusted_is_still_checked_on_replay(tmp_path):
    """Even a line the moderator's key vouches for (an old import, a moderator's slip) does not
    pay a revenue the board does not give."""
    path = tmp_path / "imported.pbem"
    import_record(FIX / "5585.json", path)
    raws = path.read_bytes().split(b"\n")[:-1]
    at = next(i for i, r in enumerate(raws) if re.search(rb'" "QLL runs [^"]* via [^"]*"', r))
    raws[at] = re.sub(rb'( "QLL runs [^"]* via [^"]*)"', rb'\1 for 9990 trusted"', raws[at], count=1)
    contents = [r.rsplit(b" ", 2)[0].decode() for r in raws]
    path.write_bytes(render_lines(GENESIS, contents, key=load_key())[0])      # properly sealed
    assert main(["verify", str(path), "--key-file", str(Path(__import__("os").environ["PBEM_KEY_FILE"]))]) == 0
    with pytest.raises(GameFileError, match=rf"line {at + 1}: .*not \$9990"):
        Table.open(path)
