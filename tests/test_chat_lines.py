"""Telling chat from moves in a move mail (`pbem/moderator/classify.py`): a line that could be a
move is kept to be read (or refused), chat is set aside; a line with no move word or sign is
read by the whole reader, with one quiet context for the mail."""
from __future__ import annotations

import types
from dataclasses import replace

import pytest

import pbem
from pbem.game_notation import notation_context
from pbem.mail.body import BodyLine
from pbem.moderator import classify
from pbem.moderator.classify import split_chat


@pytest.fixture(scope="module")
def table():
    return types.SimpleNamespace(game=pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1).state)


@pytest.mark.parametrize("line,kept", [
    ("Hudson Bay 25", True),          # no move word, no sign: only the reader finds the bid
    ("Ann: NWR 85", True),
    ("P", True),
    ("pass", True),
    ("Good luck all", False),
    ("Nice move Bob", False),
    ("CPR", False),
    ("-----", False),
])
def test_a_line_is_kept_when_it_could_be_a_move(table, line, kept):
    chat, moves = split_chat([BodyLine(3, line)], table)
    assert [m.text for m in moves] == ([line] if kept else [])
    assert [(c.number, c.text) for c in chat] == ([] if kept else [(3, line)])


def test_the_quiet_reading_judges_every_line_as_the_explaining_one(table):
    """The context without "did you mean" searches reads the same lines as moves."""
    loud = notation_context(table.game)
    quiet = replace(loud, explain=False)
    lines = ["Hudson Bay 25", "Ann: NWR 85", "P", "Good luck all", "Nice move Bob", "CPR", "Bob",
             "Cid buys HBR", "Hudosn Bay for 20", "CRP", "see you all next week", "TB 140"]
    assert [classify._reads_as_move(t, quiet) for t in lines] == [classify._reads_as_move(t, loud) for t in lines]
    assert any(classify._reads_as_move(t, quiet) for t in lines)


def test_a_mail_s_lines_share_one_context(table, monkeypatch):
    built = []
    real = classify._quiet_context
    monkeypatch.setattr(classify, "_quiet_context", lambda t: built.append(t) or real(t))
    chat, _ = split_chat([BodyLine(i, f"Sorry for the delay number {w}") for i, w in
                          enumerate(["one", "two", "three", "four"], 1)], table)
    assert len(chat) == 4 and len(built) == 1


def test_an_unknown_name_is_refused_without_suggestions_when_quiet(table):
    from pbem.notation.parser import _Reader

    ctx = notation_context(table.game)
    loud, _ = _Reader(ctx).unknown_name("CRP", ("corporation",))
    quiet, sugg = _Reader(replace(ctx, explain=False)).unknown_name("CRP", ("corporation",))
    assert "did you mean" in loud and "CPR" in loud
    assert quiet == 'unknown name "CRP"' and sugg == []
    assert classify._quiet_context(table).explain is False
