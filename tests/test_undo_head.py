"""Undo checks the head the moderator saw, and names the moves it annulled."""
import pytest

from pbem.cli import main
from pbem.gamefile import GameFile, StaleGameError
from pbem.table import Table


def _table(tmp_path):
    t = Table.create(tmp_path / "g.pbem", "1882", [("Ann", "a@x"), ("Bob", "b@x"), ("Cid", "c@x")], 5)
    t.submit("Ann bids 20 for HB; Bob buys SC for 50").check()
    return t


def test_undo_with_the_head_seen_annuls_and_returns_the_moves(tmp_path):
    t = _table(tmp_path)
    gone = t.undo(1, who="moderator", expect_head=t.file.head)
    assert [(m.seq, m.notation) for m in gone] == [(2, "Bob bids 50 for SC")]
    assert t.game.companies["SC"].owner is None


def test_undo_after_a_move_accepted_meanwhile_annuls_nothing(tmp_path):
    t = _table(tmp_path)
    seen = t.file.head
    other = Table.open(tmp_path / "g.pbem")           # another process accepts Cid's move
    other.submit("Cid bids 80 for NWR").check()
    before = (tmp_path / "g.pbem").read_bytes()
    with pytest.raises(StaleGameError):
        t.undo(1, who="moderator", expect_head=seen)
    assert (tmp_path / "g.pbem").read_bytes() == before
    assert [r.seq for r in GameFile.open(tmp_path / "g.pbem").effective_moves()] == [1, 2, 3]


def test_cli_undo_names_the_moves_and_refuses_a_stale_head(tmp_path, capsys):
    t = _table(tmp_path)
    path = str(tmp_path / "g.pbem")
    seen = f"{len(t.file.records)}:{t.file.head}"
    assert main(["log", path]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == f"head {seen}"
    Table.open(path).submit("Cid bids 80 for NWR").check()
    assert main(["undo", path, "1", "--head", seen]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pbem undo: nothing annulled") and len(err.strip().splitlines()) == 1
    head = GameFile.open(path).head
    assert main(["undo", path, "2", "--head", head]) == 0
    out = capsys.readouterr().out
    assert "#2 Bob bids 50 for SC" in out and "#3 Cid bids 80 for NWR" in out and "#1 " not in out
    assert [r.seq for r in GameFile.open(path).effective_moves()] == [1]


def test_the_loser_of_a_concurrent_write_is_told_nothing_was_written(tmp_path):
    t = _table(tmp_path)
    seen = t.file.head
    Table.open(tmp_path / "g.pbem").submit("Cid bids 80 for NWR").check()
    with pytest.raises(StaleGameError, match="nothing was written: another move was accepted"):
        t.file.append("Ann", "Ann passes", expect_head=seen)
