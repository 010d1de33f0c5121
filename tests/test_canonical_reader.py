"""The exact reader of canonical lines (pbem/notation/canonical.py) that replays game files
without the grammar: on every line of imported shared records it reads what the grammar reads,
and it leaves any other wording to the grammar."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.engine.actions import Bid, Pass, RunRoutes
from pbem.game import Game
from pbem.gamefile import GameFile
from pbem.replay.record_file import import_record
from pbem.notation import read_message
from pbem.notation.canonical import CanonicalReader
from pbem.replay.gamefile import replay_file, setup_of

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


@pytest.mark.parametrize("record", ["1882/10526.json", "1861/29683.json"])
def test_every_stored_line_reads_as_the_grammar_reads_it(tmp_path, record):
    path = tmp_path / "g.pbem"
    import_record(FIX / record, path)
    gf = GameFile.open(path)
    game = Game(setup_of(gf.header))
    reader = CanonicalReader(game.context(trusted=True))
    kinds = set()
    n = 0
    for rec in gf.effective_moves():
        ctx = game.context(rec.entity if rec.entity in game.state.players else None, trusted=True)
        (by_grammar,) = read_message(rec.notation, ctx, single_line=True)
        assert reader.read(rec.notation) == by_grammar.action, rec.notation
        kinds.add(type(by_grammar.action).__name__)
        game.push(by_grammar.action)
        n += 1
    assert n > 300 and {"LayTile", "PlaceToken", "RunRoutes", "BuyTrain", "BuyShares"} <= kinds
    fast, _ = replay_file(gf)
    slow, _ = replay_file(gf, fast=False)
    assert fast.moves == slow.moves and fast.state.board.snapshot() == slow.state.board.snapshot()


def test_other_wordings_are_left_to_the_grammar():
    game = Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    reader = CanonicalReader(game.context())
    assert reader.read("Ann bids 20 for HB") == Bid("Ann", "HB", 20)
    assert reader.read("Ann passes") == Pass("Ann")
    assert reader.read("CPR does not run") == RunRoutes("CPR", ())
    for line in ("Ann pass", "Ann bids 20 on HB", "ann bids 20 for HB", "Ann bids 020 for HB",
                 "Dan bids 20 for HB", "Ann bids 20 for HB ", "CPR runs 2 train I5-J10 for",
                 "CPR runs 2 train I5.#1-J10.1 for 20"):     # (a stop's node not a number: found by fuzzing)
        assert reader.read(line) is None, line
