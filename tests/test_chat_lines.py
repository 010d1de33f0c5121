"""Telling chat from moves in a move mail (`pbem/moderator/classify.py`, `pbem/table/lines.py`): a
line that could be a move is kept to be read (or refused), chat is set aside; a line with no move word or sign is
unsure, read in its turn with the mail's other lines (quietly) and chat when it reads as no move, unless it
names nothing a move needs (`pbem/notation/anchors.py`): then it is chat unread, and the reader never reads it
as a move."""
from __future__ import annotations

import types
from dataclasses import replace

import pytest

import pbem
from pbem.game_notation import notation_context
from pbem.mail.body import BodyLine
from pbem.moderator import classify
from pbem.moderator.classify import judge_lines
from pbem.reading import driver
from pbem.table import lines as move_lines


def split_chat(lines, table=None):
    """The whole judgement of a mail's lines, as the moderator makes it: by the words, then the
    unsure lines read in their turn with the others against the state before the mail
    (`classify.split_chat`)."""
    return classify.split_chat(lines, table)


def reads_as_move(text, ctx) -> bool:
    reading = driver.read(text, ctx)
    return reading.ok and bool(reading.moves)


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
    assert [reads_as_move(t, quiet) for t in lines] == [reads_as_move(t, loud) for t in lines]
    assert any(reads_as_move(t, quiet) for t in lines)


def test_a_mail_s_lines_share_one_context(table, monkeypatch):
    built = []
    real = move_lines.quiet_context
    monkeypatch.setattr(move_lines, "quiet_context", lambda g: built.append(g) or real(g))
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
    assert move_lines.quiet_context(table.game).explain is False


@pytest.mark.parametrize("line,named", [
    ("Sorry for the delay everyone, been travelling", False),
    ("qwzx plorf snib", False),
    ("x, x, x, x", True),                  # one letter: "p", "b 2 GT"
    ("Hudson Bay 25", True),               # a figure
    ("Hudosn Bay", True),                  # a slip of a name
    ("I'm out", True),                     # an idiom the second reading turns into a pass
    ("Nothing for me this round", True),
    ("Canadian Pac is doing well", True),  # a name's prefix
    ("good luck everyone", False),         # the words only the chat rules know
])
def test_what_a_line_names(table, line, named):
    from pbem.notation.anchors import names_something
    from pbem.notation.names import name_index

    assert names_something(line, name_index(notation_context(table.game))) is named


def test_a_line_naming_nothing_is_chat_without_being_read(table, monkeypatch):
    """The judgement by the words reads nothing: a line naming nothing is chat, a line naming
    something with no move word is unsure, left to the table to read in its turn."""
    read = []
    real = driver.read
    monkeypatch.setattr(driver, "read", lambda t, *a, **k: read.append(t) or real(t, *a, **k))
    chat, kept, unsure = judge_lines([BodyLine(1, "Sorry for the delay everyone, been travelling"),
                                      BodyLine(2, "qwzx plorf snib"), BodyLine(3, "Hudson Bay 25")], table)
    assert [c.number for c in chat] == [1, 2] and [k.number for k in kept] == [3] and unsure == {3}
    assert read == []


def test_the_reader_never_reads_a_move_from_a_line_naming_nothing(table, monkeypatch):
    """What makes the unread chat sound: a reading that named nothing is refused, whatever rule
    found a move in it (here every line is made to name nothing): the library's reading and the
    table's, move by move, are one reading (notation/sequence.py)."""
    from pbem.errors import NotationError
    from pbem.notation import read_message

    import pbem.notation.sequence as sequence

    ctx = notation_context(table.game)
    assert read_message("Ann passes", ctx)
    monkeypatch.setattr(sequence, "names_something", lambda line, index: False)
    with pytest.raises(NotationError, match="names nothing a move needs") as e:
        read_message("Ann passes", ctx)
    assert "line 1" in str(e.value)
    game = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)       # the table's reading, move by move
    # (not "Ann passes" nor "Ann passes.": a message of one canonical line, a full stop at its end
    # or not, is read by the exact canonical reader, which reads only a line that starts with the
    # name of who moves: reading/driver.py)
    with pytest.raises(NotationError, match="names nothing a move needs"):
        game.push_notation("Ann passes!", "Ann")
    assert game.moves == []


def test_every_move_line_of_the_blind_corpora_names_something():
    """The rule loses no move people write: each move line of the 29 corpora names something."""
    import json
    from pathlib import Path

    from pbem.notation.anchors import names_something
    from pbem.notation.names import name_index
    from pbem.notation.titles import context_for_title

    indexes: dict = {}
    lost, count = [], 0
    for path in sorted((Path(__file__).parent / "data" / "blind").glob("*.jsonl")):
        for row in map(json.loads, path.read_text().splitlines()):
            if not row["means"]:
                continue
            key = (row["title"], tuple(row["players"]))
            if key not in indexes:       # the names only (no line is read with it: no round needed)
                indexes[key] = name_index(context_for_title(row["title"], {p: p for p in row["players"]}))
            count += 1
            if not names_something(row["line"], indexes[key]):
                lost.append(row["line"])
    assert count > 5000 and lost == []


def test_a_chat_line_sent_as_a_move_keeps_the_readers_own_refusal():
    """The naming rule refuses only a move read from a line that names nothing; a chat line the
    reader refuses anyway keeps its message, at the table as in `read_message`."""
    from pbem.errors import NotationError
    from pbem.notation import read_message

    game = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    for read in (lambda t: game.push_notation(t, "Ann"), lambda t: read_message(t, game.context("Ann"))):
        with pytest.raises(NotationError) as e:
            read("good luck everyone")
        assert "no move found" in str(e.value) and "names nothing" not in str(e.value)


@pytest.mark.parametrize("line,earlier", move_lines.ABOUT_EARLIER)
def test_a_line_about_an_earlier_move_is_told_from_a_move_to_make(line, earlier):
    assert move_lines.about_an_earlier_move(line) is earlier


def test_a_line_about_an_earlier_move_that_does_not_read_is_chat(table):
    """"I put the wrong tile on F16 last turn, sorry" could be a move (a move word, a hex): read,
    it is no move, and it speaks of an earlier turn: set aside as chat, so it does not refuse the
    mail's moves. A line that reads stays a move whatever it says of the past, and a line that
    does not read but corrects or repeats a move stays to be refused."""
    lines = [BodyLine(1, "bid 25 for the Hudson Bay"), BodyLine(2, "Also I think I put the wrong tile on F16 last turn, sorry."),
             BodyLine(3, "Sorry, I meant #57 not #9 on F16")]
    chat, moves = split_chat(lines, table)
    assert [m.number for m in moves] == [1, 3] and [c.number for c in chat] == [2]
    # without the game no line is read: a line that could be a move is kept, as before
    assert [m.number for m in split_chat(lines)[1]] == [1, 2, 3]


@pytest.mark.parametrize("line,talk", move_lines.TALK)
def test_talk_that_borrows_a_move_word_is_told_from_a_move(table, line, talk):
    """A line with a move word or sign is unsure (read; chat when it reads as no move) when it
    is talk about something else, and a move line (read, or refused) otherwise."""
    judge = move_lines.MoveLines(table.game)
    assert move_lines.could_be_move(line)
    assert judge.talk(line) is talk
    assert judge.judge(line) == (move_lines.UNSURE if talk else move_lines.MOVE)


@pytest.mark.parametrize("line,judged", [
    ("je n'ai pas eu de retour sur ma précision..", move_lines.CHAT),   # French prose: "pas" is no pass
    ("pas", move_lines.UNSURE),                                         # a slip of "pass" alone is read
    ("Hudosn Bay for 20", move_lines.UNSURE),
    ("Thanks Ann, good move", move_lines.UNSURE),
])
def test_prose_naming_nothing_of_the_game_is_chat(table, line, judged):
    assert move_lines.MoveLines(table.game).judge(line) == judged


def test_talk_that_reads_only_as_a_move_the_game_refuses_is_chat():
    """An unsure line naming nothing of the game whose reading is a move the rules refuse now is
    chat ("and retain this formatting": a withholding in a private auction; "One 1": a bid of 1);
    an unsure line naming the game ("Bob: 5 on the NWR", a bid too low) or saying a move in so
    many words ("Cid passes", out of turn) keeps the rules' refusal."""
    from pbem.errors import RuleError

    game = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    game.push_notation("Ann bids 20 for HB\nand retain this formatting", "Ann", unsure={2})
    assert [game.notation(a) for a in game.moves] == ["Ann bids 20 for HB"] and game.reading.chat == [2]
    game = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    game.push_notation("Ann bids 20 for HB\nOne 1", "Ann", unsure={2})        # read as a bid of 1
    assert len(game.moves) == 1 and game.reading.chat == [2]
    for text in ("Ann bids 20 for HB\nBob: 5 on the NWR", "Ann bids 20 for HB\nCid passes"):
        game = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)       # "Cid passes" out of turn says a move
        with pytest.raises(RuleError):
            game.push_notation(text, "Ann", unsure={2})
        assert game.moves == []


def test_a_move_that_would_pass_a_step_after_a_line_read_as_chat_is_asked():
    """A line set aside as chat may have been the move of a step a later move passes ("and a
    station in Winnipeg, cash permitting", then "buys a 2 train", which passes the token): the
    mail is asked about, nothing passed for the writer. Chat after the moves, or before a move
    that passes nothing, is set aside as before."""
    from pbem.errors import AmbiguousMoveError
    from test_mail_servers import PLAIN

    game = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    for who, text in PLAIN:
        if game.current_entity() == "CPR":
            break
        game.push_notation(text, who)
    assert game.current_entity() == "CPR"
    lay = "CPR lays 57 in I5 rot 1"
    mark = len(game.moves)
    with pytest.raises(AmbiguousMoveError, match="line 3: .buys a 2 train. would pass a step before it, and line 2"):
        game.push_notation(f"{lay}\nand a station in Winnipeg, cash permitting\nbuys a 2 train", "Ann", unsure={2})
    assert len(game.moves) == mark
    game.push_notation(f"{lay}\nbuys a 2 train\nand a station in Winnipeg, cash permitting", "Ann", unsure={3})
    assert game.reading.chat == [3] and "buys a 2 train" in game.notation(game.moves[-1])
