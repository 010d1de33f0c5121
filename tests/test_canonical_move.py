"""A message of one canonical line is read without the grammar (pbem/reading/driver.py
`canonical_move`), and read exactly as the grammar's reader reads it: at every move of shared
records of each title, the line the game file stores for it gives the same move (action,
place, text, claims, the parts the game settles, notes) both ways, or goes to the grammar."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.gamefile import GameFile
from pbem.game import Game
from pbem.notation.sequence import iter_moves
from pbem.reading.driver import canonical_move, read
from pbem.replay.gamefile import file_steps, setup_of
from recordkit import cut_as_game

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
RECORDS = [("1882", "5585.json", 10 ** 9), ("1861", "29683.json", 2000), ("1830", "26855.json", 10 ** 9)]


@pytest.mark.parametrize("title,record,last", RECORDS)
def test_every_stored_line_reads_the_same_without_the_grammar(tmp_path, title, record, last):
    gf = GameFile.open(cut_as_game(FIX / title / record, last, tmp_path))
    game = Game(setup_of(gf.header))
    steps, records = file_steps(gf, game)
    exact = 0
    seen: set[str] = set()
    for step, rec in zip(steps, records):
        line = rec.notation
        if line not in seen:
            seen.add(line)
            ctx = game.context(None)
            fast = canonical_move(line, ctx, lambda a: True)
            if fast is not None:
                exact += 1
                assert [fast] == list(iter_moves(line, lambda: game.context(None))), line
        step.apply(game)
    assert exact > 150, exact


def test_a_canonical_line_is_played_and_traced_as_one(tmp_path):
    gf = GameFile.open(cut_as_game(FIX / "1882" / "5585.json", 30, tmp_path))
    game = Game(setup_of(gf.header))
    for step in file_steps(gf, game)[0]:
        step.apply(game)
    line = game.legal_notation()[0]
    made = []
    reading = read(line, lambda: game.context(None), play=lambda pm, i: made.append((pm.action, i)),
                   legal=lambda a: True)
    assert reading.ok and [m.action for m in reading.moves] == [made[0][0]] and made[0][1] == 1
    assert [(t.how, t.moves) for t in reading.trace] == [("canonical line", (line,))]


@pytest.mark.parametrize("text", ["", "  Player 1 passes", "Player 1 passes\nPlayer 2 passes", "Player 1 pases",
                                  "Player 1 passes..", "x" * 30000, "Player 1 passes\x00"])
def test_anything_else_goes_to_the_grammar(text, tmp_path):
    gf = GameFile.open(cut_as_game(FIX / "1882" / "5585.json", 3, tmp_path))
    game = Game(setup_of(gf.header))
    assert canonical_move(text, game.context(None), lambda a: True) is None


def test_a_line_of_a_move_not_legal_now_goes_to_the_grammar(tmp_path):
    """The canonical reader takes any word for a name ("SC." for a corporation): only a move the
    game says is legal is read by it; the rest as the grammar reads them (and refuses them)."""
    game = Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    line = game.legal_notation()[0]
    assert canonical_move(line, game.context(None), lambda a: game.is_legal(a)) is not None
    assert canonical_move(line + ".", game.context(None), lambda a: game.is_legal(a)) is not None   # a full stop ends it
    unknown = line.rsplit(" ", 1)[0] + " HQX"
    assert canonical_move(unknown, game.context(None), lambda a: True) is not None    # "HQX" read as a name
    assert canonical_move(unknown, game.context(None), lambda a: game.is_legal(a)) is None
    with_stop = Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    assert with_stop.push_notation(line + ".") == game.push_notation(line)
    # the reader drops the full stop that ends the line and reads the move exactly too
    assert [t.how for t in with_stop.reading.trace] == ["canonical line"]
    assert [t.how for t in game.reading.trace] == ["canonical line"]
