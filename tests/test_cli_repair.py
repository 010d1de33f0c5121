"""`pbem repair`: a torn tail is shown, and cut only with --yes; the torn-tail error names the command."""
from pbem.cli import main
from pbem.gamefile import GameFile, GameHeader, TornTailError

import pytest


def _game(tmp_path):
    gf = GameFile.create(tmp_path / "g.pbem", GameHeader("1882", [("Ann", "a@x"), ("Bob", "b@x")], seed=1))
    gf.append("Ann", "pass")
    return gf


def test_torn_tail_error_names_pbem_repair(tmp_path):
    gf = _game(tmp_path)
    with open(gf.path, "ab") as f:
        f.write(b"move 2 2026-11-22T00:00")
    with pytest.raises(TornTailError, match="pbem repair"):
        GameFile.open(gf.path)
    assert main(["verify", str(gf.path)]) == 1


def test_repair_shows_then_cuts_only_with_yes(tmp_path, capsys):
    gf = _game(tmp_path)
    good = gf.path.read_bytes()
    gf.path.write_bytes(good + b"move 2 2026-11-22T00:00")
    assert main(["repair", str(gf.path)]) == 1
    out = capsys.readouterr()
    assert "23 bytes dropped" in out.out and "move 2 2026-11-22T00:00" in out.out
    assert "--yes" in out.err and len(out.err.strip().splitlines()) == 1
    assert gf.path.read_bytes() == good + b"move 2 2026-11-22T00:00"          # nothing written
    assert main(["repair", str(gf.path), "--yes"]) == 0
    assert "repaired" in capsys.readouterr().out
    assert gf.path.read_bytes() == good
    assert [r.notation for r in GameFile.open(gf.path).records] == ["pass"]


def test_repair_of_a_sound_file_changes_nothing(tmp_path, capsys):
    gf = _game(tmp_path)
    before = gf.path.read_bytes()
    assert main(["repair", str(gf.path), "--yes"]) == 0
    assert "nothing to repair" in capsys.readouterr().out
    assert gf.path.read_bytes() == before


def test_repair_adds_a_missing_newline_without_dropping(tmp_path, capsys):
    gf = _game(tmp_path)
    good = gf.path.read_bytes()
    gf.path.write_bytes(good[:-1])
    assert main(["repair", str(gf.path), "--yes"]) == 0
    assert "nothing dropped" in capsys.readouterr().out
    assert gf.path.read_bytes() == good


def test_repair_never_touches_damage_before_the_tail(tmp_path, capsys):
    gf = _game(tmp_path)
    bad = gf.path.read_bytes().replace(b'"pass"', b'"pas5"') + b"torn"
    gf.path.write_bytes(bad)
    assert main(["repair", str(gf.path), "--yes"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pbem repair:") and len(err.strip().splitlines()) == 1
    assert gf.path.read_bytes() == bad


def test_temp_files_of_a_killed_write_are_swept_by_the_next_write(tmp_path, capsys):
    gf = _game(tmp_path)
    dead = tmp_path / ".g.pbem.99999.deadbeef.tmp"       # what a writer killed mid-write leaves
    dead.write_bytes(b"")
    other = tmp_path / ".g.pbem.notes.tmp"               # not a temp file of ours: kept
    other.write_bytes(b"x")
    neighbour = tmp_path / ".h.pbem.1.deadbeef.tmp"      # another game's: kept
    neighbour.write_bytes(b"")
    gf.append("Bob", "pass")
    assert not dead.exists() and other.exists() and neighbour.exists()
    dead.write_bytes(b"")
    assert main(["repair", str(gf.path)]) == 0 and dead.exists()        # a look changes nothing
    assert main(["repair", str(gf.path), "--yes"]) == 0
    assert "removed 1 temp file(s)" in capsys.readouterr().out
    assert not dead.exists()
