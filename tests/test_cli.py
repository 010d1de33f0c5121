"""The pbem command line, run as a user runs it (a subprocess)."""
import json
import os
import subprocess
import sys
from pathlib import Path

from pbem.gamefile import GENESIS, GameFile, GameHeader
from pbem.gamefile.format import render_lines

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
ROOT = Path(__file__).resolve().parents[1]


def pbem(*args, cwd=None, env=None):
    return subprocess.run([sys.executable, "-m", "pbem", *args], capture_output=True, text=True, cwd=cwd or ROOT,
                          env=env)


def test_replay_json_matches_the_recorded_result():
    path = FIX / "5585.json"
    want = json.loads(path.read_text())
    p = pbem("replay", str(path), "--format", "json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["title"] == "1882" and out["finished"] is True and out["end_reason"] == "bank"
    assert {str(pl["id"]): pl["value"] for pl in out["players"]} == {k: v for k, v in want["result"].items()}
    assert out["actions"] > 600 and out["replay_ms"] > 0
    assert [pl["value"] for pl in out["players"]] == sorted((pl["value"] for pl in out["players"]), reverse=True)


def test_replay_text_lists_standings():
    p = pbem("replay", str(FIX / "10526.json"))
    assert p.returncode == 0, p.stderr
    assert "finished (manually_ended)" in p.stdout and "1. " in p.stdout


def test_show_at_an_action_gives_the_state_then(tmp_path):
    p = pbem("show", str(FIX / "5585.json"), "--at", "56", "--format", "json")
    assert p.returncode == 0, p.stderr
    st = json.loads(p.stdout)
    assert st["at"] == 56 and st["round"] == "operating" and st["phase"] == "2"
    qll = next(c for c in st["corporations"] if c["sym"] == "QLL")
    assert qll["trains"] == [] and qll["tokens_on_map"] == 1
    assert sum(pl["cash"] for pl in st["players"]) + sum(c["cash"] for c in st["corporations"]) + st["bank"] == 9000


def test_refused_action_gives_nonzero_exit_and_names_it(tmp_path):
    data = json.loads((FIX / "5585.json").read_text())
    for a in data["actions"]:
        if a.get("id") == 55:
            a["hex"] = "C11"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    p = pbem("replay", str(bad), "--format", "json")
    assert p.returncode != 0
    assert "(id 55, lay_tile)" in p.stderr and "blocked" in p.stderr


def test_unknown_title_is_a_clean_error(tmp_path):
    data = json.loads((FIX / "5585.json").read_text())
    data["title"] = "1899"
    bad = tmp_path / "other.json"
    bad.write_text(json.dumps(data))
    p = pbem("replay", str(bad))
    assert p.returncode == 2 and "unknown title '1899'" in p.stderr and "Traceback" not in p.stderr


def test_show_works_on_game_files_too():
    sample = ROOT / "samples" / "1882-demo-opening.pbem"
    p = pbem("show", str(sample), "--at", "10", "--format", "json")
    assert p.returncode == 0, p.stderr
    st = json.loads(p.stdout)
    assert st["at"] == 10 and st["round"] == "stock"
    gt = next(c for c in st["corporations"] if c["sym"] == "GT")
    assert gt["share_price"] == 76 and gt["president"] == "Ann"


def test_status_prints_the_report_with_figures_from_the_game(tmp_path):
    from pbem.table import Table

    sample = ROOT / "samples" / "1882-demo-opening.pbem"          # unsealed (format version 1)
    keyless = {**os.environ, "PBEM_KEY_FILE": str(tmp_path / "no-key")}    # nothing to check a seal against
    p = pbem("status", str(sample), env=keyless)
    assert p.returncode == 0, p.stderr
    g = Table.open(sample, moderator=False).game
    for pid in g.seat_order:
        line = next(l for l in p.stdout.splitlines() if l.startswith(g.players[pid].name + " "))
        assert f"${g.players[pid].cash}" in line and f"${g.player_value(pid)}" in line
    assert "Now acting: Dee" in p.stdout


def _one_line(p) -> str:
    """The single line a failing command prints, with no traceback."""
    assert "Traceback" not in p.stderr + p.stdout
    lines = (p.stdout + p.stderr).splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_verify_checks_the_chain_and_a_witness(tmp_path):
    gf = GameFile.create(tmp_path / "g.pbem", GameHeader("1882", [("Ann", ""), ("Bob", "")], seed=1))
    for i in range(5):
        gf.append("Ann", f"bid {i}", seat="Ann")
    head3, head5 = f"3:{gf.hash_at(3)}", f"5:{gf.head}"
    p = pbem("verify", str(gf.path))
    assert p.returncode == 0 and p.stdout == f"ok: 5 records, head 5:{gf.head}\n" and p.stderr == ""
    p = pbem("verify", str(gf.path), "--head", head3)
    assert p.returncode == 0 and _one_line(p).endswith("(witness 3 matches)")
    lines = gf.path.read_bytes().splitlines(keepends=True)
    (tmp_path / "cut.pbem").write_bytes(b"".join(lines[:-1]))
    p = pbem("verify", str(tmp_path / "cut.pbem"), "--head", head5)
    assert p.returncode == 1
    assert _one_line(p) == "pbem verify: history cut: the witness names record 5 but the file ends at record 4"
    body = [raw.rsplit(b" ", 1)[0].decode() for raw in lines]
    assert '"bid 2"' in body[-3]
    body[-3] = body[-3].replace('"bid 2"', '"bid 7"')                # edit, then re-hash it all
    (tmp_path / "forged.pbem").write_bytes(render_lines(GENESIS, body)[0])
    assert pbem("verify", str(tmp_path / "forged.pbem")).returncode == 0
    p = pbem("verify", str(tmp_path / "forged.pbem"), "--head", head5)
    assert p.returncode == 1 and _one_line(p).startswith("pbem verify: history rewritten: record 5's hash is ")
    assert _one_line(p).endswith(f" in the file but {gf.head} in the witness")
    (tmp_path / "edited.pbem").write_bytes(gf.path.read_bytes().replace(b'"bid 2"', b'"bid 7"'))
    p = pbem("verify", str(tmp_path / "edited.pbem"), "--head", head5)
    assert p.returncode == 1 and _one_line(p).startswith("pbem verify: the file is damaged or edited at line 9: hash mismatch")


def test_verify_bad_input_is_one_line_without_traceback(tmp_path):
    good = ROOT / "samples" / "1882-demo-opening.pbem"
    for head in ["57", "57:abc", "x:" + "0" * 32, "", "5:" + "g" * 32]:
        p = pbem("verify", str(good), "--head", head)
        assert p.returncode == 2 and "N:HASH" in _one_line(p)
    (tmp_path / "junk.pbem").write_bytes(b"\xff\x00 not a game\n")
    p = pbem("verify", str(tmp_path / "junk.pbem"))
    assert p.returncode == 1 and _one_line(p).startswith("pbem verify: the file is damaged or edited at line 1: ")
    for missing in (tmp_path / "missing.pbem", tmp_path):
        p = pbem("verify", str(missing))
        assert p.returncode == 2 and _one_line(p).startswith(f"pbem verify: cannot read {missing}")
    assert not (tmp_path.parent / (tmp_path.name + ".lock")).exists()
    p = pbem("log", str(tmp_path))                                   # other verbs too: no traceback
    assert p.returncode == 2 and "is a folder, not a file" in _one_line(p)
