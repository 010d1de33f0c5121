"""One reading driver (`pbem/reading/driver.py`): the library (`pbem.Game`), the CLI's `pbem move`
and the moderator's table read a message through the same function, and its `Reading` says
what was read, set aside and unclear, with a trace of each line."""
from __future__ import annotations

import re

import pytest

import pbem
from pbem.cli import main
from pbem.errors import AmbiguousMoveError
from pbem.reading import driver
from pbem.table import Table

PLAYERS = [("Ann", "ann@x.org"), ("Bob", "bob@x.org"), ("Cid", "cid@x.org"), ("Dee", "dee@x.org")]


@pytest.fixture
def spy(monkeypatch):
    """Every call of the driver's `read`, as (text, whether it read move by move)."""
    calls = []
    real = driver.read

    def read(text, ctx, **kw):
        calls.append((text, kw.get("play") is not None))
        return real(text, ctx, **kw)

    monkeypatch.setattr(driver, "read", read)
    return calls


def test_the_library_the_cli_and_the_table_read_through_one_function(tmp_path, spy, capsys):
    text = "Ann bids 20 for HB"
    g = pbem.Game.new("1882", [n for n, _ in PLAYERS], seed=42)
    g.push_notation(text)
    assert spy == [(text, True)]

    t = Table.create(tmp_path / "t.pbem", "1882", PLAYERS, seed=42)
    assert t.submit(text, "Ann").ok
    assert spy[1:] == [(text, True)]

    Table.create(tmp_path / "c.pbem", "1882", PLAYERS, seed=42)
    assert main(["move", str(tmp_path / "c.pbem"), text, "--as", "Ann"]) == 0
    assert spy[2:] == [(text, True)]
    assert "#1 Ann bids 20 for HB" in capsys.readouterr().out


def test_a_message_read_against_one_state_and_move_by_move_is_one_reading(monkeypatch):
    """`read_message` (the library's reading against one state, `pbem parse`) and the table's
    move-by-move reading are one function, `sequence.iter_moves`; every line of both goes through
    the one cascade, `_Reader.read_units`."""
    from pbem.notation import context_for_title, read_message, sequence
    from pbem.notation.parser import _Reader

    lines, real = [], _Reader.read_units
    monkeypatch.setattr(_Reader, "read_units", lambda self, no, line, **k: lines.append(line) or real(self, no, line, **k))
    iters, real_iter = [], sequence.iter_moves
    monkeypatch.setattr(sequence, "iter_moves", lambda text, ctx_of, **k: iters.append(k.get("live", True)) or
                        real_iter(text, ctx_of, **k))
    ctx = context_for_title("1882", {n.lower(): n for n, _ in PLAYERS}, actor="ann", current="ann", round_kind="stock")
    assert [m.action.corporation for m in read_message("buy 1 CPR\nsell 1 GT", ctx)] == ["CPR", "GT"]
    assert iters == [False] and lines == ["buy 1 CPR", "sell 1 GT"]
    g = pbem.Game.new("1882", [n for n, _ in PLAYERS], seed=42)
    g.push_notation("bid 20 for HB")
    assert iters == [False, True] and lines[2:] == ["bid 20 for HB"]


def test_a_reading_traces_each_line(tmp_path):
    t = Table.create(tmp_path / "t.pbem", "1882", PLAYERS, seed=42)
    out = t.submit("Ann bids 20 for HB\n\nBob buys SC for 50")
    assert out.ok and [m.notation for m in out.applied] == ["Ann bids 20 for HB", "Bob bids 50 for SC"]
    assert [(x.number, x.how, x.moves) for x in out.trace] == [
        (1, "grammar", ("Ann bids 20 for HB",)), (3, "by the pieces it names", ("Bob bids 50 for SC",))]
    assert [(m.seq, m.line) for m in out.applied] == [(1, 1), (2, 3)]


def test_a_refusal_is_the_outcome_and_nothing_is_applied(tmp_path):
    t = Table.create(tmp_path / "t.pbem", "1882", PLAYERS, seed=42)
    head = t.file.head
    out = t.submit("Ann bids 5 for HB", "Ann")
    assert not out.ok and not out.applied and t.file.head == head
    why = out.refusals[0]
    assert why.by_rules and why.move == 1 and why.legal and "refused" in why.message
    with pytest.raises(pbem.errors.PbemError):
        out.check()


def test_what_is_unclear_is_a_question_with_its_candidates():
    def ask(pm, index):
        raise AmbiguousMoveError("#8 on M7 fits with rotation 1, 2: say which",
                                 candidates=["lays #8 on M7 rot 1", "lays #8 on M7 rot 2"])

    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    reading = driver.read("Ann bids 20 for HB", lambda: g.context(), play=ask)
    assert not reading.ok and reading.unclear[0].candidates == ("lays #8 on M7 rot 1", "lays #8 on M7 rot 2")
    assert reading.unclear[0].line == 1


def test_a_pasted_log_line_is_set_aside_with_why():
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    reading = driver.read("-- Stock Round 1 --\nAnn bids 20 for HB", g.context())
    assert reading.ok and [m.line for m in reading.moves] == [2]
    assert [(no, why) for no, _t, why in reading.set_aside] == [(1, "banner, not a move")]
    assert reading.trace[0].how.startswith("set aside")


def test_the_trace_says_which_line_was_refused_and_which_were_never_read(tmp_path):
    t = Table.create(tmp_path / "t.pbem", "1882", PLAYERS, seed=42)
    out = t.submit("Ann bids 20 for HB\nBob bids 5 for SC\nCid passes", "Ann")
    assert not out.ok
    assert [(x.number, x.how, x.refused) for x in out.trace] == [
        (1, "grammar", False), (2, "grammar", True), (3, "not read: a line before it was refused", False)]
    out = t.submit("Ann bids 20 for HB\nbuy the moon\nCid passes", "Ann")
    assert [x.how for x in out.trace] == ["grammar", "refused", "not read: a line before it was refused"]


def test_pbem_move_prints_the_trace_when_asked(tmp_path, capsys):
    Table.create(tmp_path / "c.pbem", "1882", PLAYERS, seed=42)
    assert main(["move", str(tmp_path / "c.pbem"), "I'll go 20 on the HB", "--as", "Ann", "--trace"]) == 0
    out = capsys.readouterr().out
    # the line, how it was read (whichever way), its canonical move, then the move as applied
    assert re.search(r"line 1: I'll go 20 on the HB\n  \w.*\n  -> Ann bids 20 for HB\n#1 Ann bids 20 for HB\n", out)
    assert main(["move", str(tmp_path / "c.pbem"), "Bob bids 5 for SC", "--as", "Bob", "--trace"]) == 1
    assert "  grammar, then refused by the rules\n  -> Bob bids 5 for SC" in capsys.readouterr().out


@pytest.mark.parametrize("text", ["bid 20 for HB (ignore this line, wrong game)", "bid 20 for HB. Scratch that, ignore."])
def test_a_line_taking_its_move_back_is_refused_at_the_table_as_in_the_library(text):
    from pbem.errors import NotationError
    from pbem.notation import context_for_title, read_message

    ctx = context_for_title("1882", {n.lower(): n for n, _ in PLAYERS}, actor="ann", current="ann",
                            round_kind="auction")
    with pytest.raises(NotationError, match="takes its move back"):
        read_message(text, ctx)
    g = pbem.Game.new("1882", [n for n, _ in PLAYERS], seed=42)
    with pytest.raises(NotationError, match="takes its move back"):
        g.push_notation(text)
    assert g.moves == []


def test_a_canonical_line_moves_no_one_for_another_seat(tmp_path):
    t = Table.create(tmp_path / "t.pbem", "1882", PLAYERS, seed=42)
    head = t.file.head
    out = t.submit("Bob passes.", "Ann")          # one canonical line, not Ann's to send
    assert not out.ok and not out.applied and "may not move for Bob" in out.refusals[0].message
    out = t.submit("Ann bids 20 for HB; Bob passes.", "Ann")
    assert not out.ok and not out.applied and "may not move for Bob" in out.refusals[0].message
    assert t.file.head == head


def test_a_message_that_is_no_text_is_refused_with_no_trace():
    """A message that is not a string: refused saying so, nothing read and no line traced."""
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    reading = driver.read(123, g.context())
    assert not reading.ok and str(reading.error) == "the move text must be a string" and reading.error.text == "123"
    assert reading.moves == [] and reading.trace == []


def test_a_move_the_canonical_writer_cannot_write_is_traced_as_it_is():
    """A writer that fails on a move: the trace lists the move itself, not the failure."""
    def cannot(action):
        raise ValueError("no canonical line")

    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    reading = driver.read("Ann bids 20 for HB", g.context(), canonical=cannot)
    assert reading.ok
    assert [(x.how, x.moves) for x in reading.trace] == [("read", (repr(reading.moves[0].action),))]
