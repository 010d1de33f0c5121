"""The demo runs on embedded defaults; the sample game files replay and are tamper-evident."""
import json
import subprocess
import sys
from pathlib import Path

from pbem.moderator.table import Table

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT.parent / "shared" / "fixtures" / "18xx.games" / "1882"


def test_demo_plays_the_opening(tmp_path):
    p = subprocess.run([sys.executable, "-m", "pbem", "demo", "--out", str(tmp_path)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "REPLY: refused, nothing applied" in p.stdout          # the illegal lay is answered
    assert "accepted #32: CNR passes" in p.stdout
    t = Table.open(tmp_path / "demo-1882.pbem")
    assert len(t.seqs) == 32 and t.game.round.name == "stock"
    assert sorted(t.game.corporations["GT"].trains, key=lambda x: x.name)[0].name == "2"


def test_sample_opening_matches_the_demo(tmp_path):
    t = Table.open(ROOT / "samples" / "1882-demo-opening.pbem")
    assert len(t.seqs) == 32 and not t.game.finished
    assert {c.sym for c in t.game.corporations.values() if c.floated} == {"GT", "CNR"}


def test_imported_sample_replays_to_the_record_result():
    rec = json.loads((FIX / "5585.json").read_text())
    p = subprocess.run([sys.executable, "-m", "pbem", "replay", str(ROOT / "samples" / "1882-18xx.games-5585.pbem"),
                        "--format", "json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    names = {str(pl["id"]): pl["name"] for pl in rec["players"]}
    assert {pl["name"]: pl["value"] for pl in out["players"]} == {names[k]: v for k, v in rec["result"].items()}
    assert out["finished"] and out["end_reason"] == "bank"
