"""The demo runs on embedded defaults; the sample game files replay and are tamper-evident."""
import json
import subprocess
import sys
from pathlib import Path

from pbem.gamefile.key import read_key
from pbem.table import Table

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT.parent / "shared" / "fixtures" / "18xx.games" / "1882"


def test_demo_plays_the_opening_by_mail(tmp_path):
    p = subprocess.run([sys.executable, "-m", "pbem", "demo", "--out", str(tmp_path)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "REFUSED (told to bob@pbem.local)" in out                 # wrong secret and spoofed sender
    assert "$77 is not a par value" in out                           # the refused move, with the reason
    assert "accepted: #35 CNR lays #9 on E7 rot 1" in out            # the last company of OR 1.1 operated
    assert "this mail answers the state at record 4; the game is at record 23" in out   # Ann's old 'pass' resent
    assert "4 mails were refused" in out and "Open first:" in out
    t = Table.open(tmp_path / "games" / "club-1882.pbem", key=read_key(tmp_path / "pbem.key"))   # the demo's own key
    assert len(t.seqs) == 37 and t.game.round.name == "stock" and t.game.turn == 2
    assert {c.sym for c in t.game.corporations.values() if c.floated} == {"CPR", "GT", "CNR"}
    # every player's Maildir holds a welcome, the replies and the reports; nothing is left unfiled
    for who in ("ann", "bob", "cid"):
        assert len(list((tmp_path / "mail" / f"{who}@pbem.local" / "new").iterdir())) >= 30
    assert not list((tmp_path / "mail" / "moderator" / "inbox" / "new").iterdir())
    assert len(list((tmp_path / "mail" / "moderator" / "rejected").rglob("*.*"))) >= 4


def test_sample_opening_matches_the_demo(tmp_path):
    t = Table.open(ROOT / "samples" / "1882-demo-opening.pbem", moderator=False)
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
