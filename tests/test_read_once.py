"""Each line of a mail is read once (issue #24): the moderator's judgement of chat by the words
reads nothing (`pbem/table/lines.py`), a line it leaves unsure is read in its turn with the
mail's other lines (`Table.submit(..., unsure=...)`), and the table's reading move by move
(`pbem/notation/sequence.iter_moves`) reads each line when its turn comes, keeping each clause's
reading unless a move made before its turn changed what that reading asked of the game."""
from __future__ import annotations

import collections

import pytest

import pbem
from mailkit import GAME, GM_SECRET, PLAYERS, latest, mail, new_game, text_of
from pbem.errors import RuleError
from pbem.moderator.signon import hash_secret
from pbem.notation import sequence
from pbem.notation.parser import _Reader
from pbem.reading import driver

ADDR = dict(PLAYERS)


@pytest.fixture
def reads(monkeypatch):
    """Counts of the readings: whole messages (`driver.read`), lines (a pasted log's check and
    the line reader) and clauses, by line number."""
    got = {"messages": [], "logs": collections.Counter(), "lines": collections.Counter(),
           "clauses": collections.Counter()}
    real_read, real_classify, real_units, real_clause = driver.read, sequence.classify, _Reader.read_units, _Reader.clause

    def read(text, *a, **k):
        got["messages"].append(text)
        return real_read(text, *a, **k)

    def classify(line, *a, **k):
        if line != driver.WARM_LINE:           # the moderator's warm-up reading, no mail's
            got["logs"][line] += 1
        return real_classify(line, *a, **k)

    def units(reader, no, line, **k):
        if line != driver.WARM_LINE:
            got["lines"][no] += 1
        return real_units(reader, no, line, **k)

    def clause(self, c):
        got["clauses"][self.line_no] += 1
        return real_clause(self, c)

    monkeypatch.setattr(driver, "read", read)
    monkeypatch.setattr(sequence, "classify", classify)
    monkeypatch.setattr(_Reader, "read_units", units)
    monkeypatch.setattr(_Reader, "clause", clause)
    return got


def test_each_line_of_a_mail_is_read_once(tmp_path, reads):
    pm, secrets = new_game(tmp_path, hash_secret(GM_SECRET))
    body = (f"Hi all,\n\nSIGNON {GAME} Ann {secrets['Ann']}\n"
            "Hudson Bay 25\n"                 # no move word: unsure, read in its turn, a bid
            "nice weather, Bob\n"             # names a player: unsure, read, no move: chat
            "good luck everyone\n")           # names nothing: chat, never read
    for v in reads.values():
        v.clear()
    d = pm.handle("k1", mail(ADDR["Ann"], body, subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    reply = text_of(d.outgoing[0].raw)
    assert "bids 25 for HB" in reply and "(not a move (chat)): nice weather, Bob" in reply
    assert [m.split() for m in reads["messages"] if "Hudson" in m] == [["Hudson", "Bay", "25", "nice", "weather,", "Bob"]]
    assert sorted(reads["logs"].values()) == [1, 1]                  # each line it holds, once
    assert sorted(reads["logs"]) == ["Hudson Bay 25", "nice weather, Bob"]
    assert all(n == 1 for n in reads["lines"].values()) and len(reads["lines"]) == 2


def test_each_clause_of_a_message_is_read_once_at_the_table(tmp_path, reads):
    """A message of several lines and clauses, each move made before the next is read: each
    line and each clause is read once (the auction's turn passes at each move, and no reading
    here asks who acts)."""
    from pbem.table import Table

    t = Table.create(tmp_path / "g.pbem", "1882", [(n, a) for n, a in PLAYERS], seed=1)
    text = "Ann bids 20 for HB\nBob passes; Cid passes\nAnn bids 55 for SC"
    out = t.submit(text)
    assert out.ok, out.refusals
    assert [m.notation for m in out.applied][:4] == ["Ann bids 20 for HB", "Bob passes", "Cid passes",
                                                     "Ann bids 55 for SC"]
    assert reads["lines"] == {1: 1, 2: 1, 3: 1}
    assert reads["clauses"] == {1: 1, 2: 2, 3: 1}
    assert len(reads["messages"]) == 1


def test_a_line_naming_no_bidder_is_read_once_and_a_refusal_leaves_nothing(reads):
    """"Hudson Bay 25" names no bidder: the reader gives it to the writer of the line before
    (Ann), whose turn it no longer is once her bid is made: refused whole, each line read once."""
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    with pytest.raises(RuleError, match="Bob's turn"):
        g.push_notation("Ann bids 20 for HB\nHudson Bay 25")
    assert g.moves == []
    assert reads["lines"] == {1: 1, 2: 1} and set(reads["clauses"].values()) <= {1}    # (a line the grammar
    # reads has its clauses read; one read exactly or by the interpreter has none)


def test_a_refused_line_is_met_in_its_turn_and_nothing_stays(tmp_path):
    """No trial pass over the message first: a line the reader refuses is met in its turn, after
    the moves before it were made, and the message is refused whole: the game file untouched."""
    from pbem.table import Table

    t = Table.create(tmp_path / "g.pbem", "1882", [(n, a) for n, a in PLAYERS], seed=1)
    before = (tmp_path / "g.pbem").read_bytes()
    out = t.submit("Ann bids 20 for HB\nBob passes\nqwzx plorf snib 7")
    assert not out.ok and out.refusals[0].line == 3
    assert (tmp_path / "g.pbem").read_bytes() == before and t.play.moves == []
