"""pbem/replay/position.py: the state at move N of a game file and at action N of a record, by
one code path (what `pbem show` and `pbem render` print)."""
from __future__ import annotations

from pathlib import Path

import pytest

import pbem

from pbem.engine.actions import LayTile
from pbem.replay.record_file import import_record
from pbem.replay.position import ReplayError, position
from pbem.replay.state import state_json

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" / "10526.json"


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("pos") / "10526.pbem"
    import_record(FIX, path)
    return path


def test_a_game_file_at_a_move(game_file):
    whole = pbem.read_game(game_file)
    lay = next(i for i, a in enumerate(whole.moves) if isinstance(a, LayTile) and i > 50)
    pos = position(game_file, lay + 1, recent=3)
    assert pos.what == "move" and pos.at == lay + 1 and pos.name == "10526"
    assert pos.game.moves == whole.moves[: lay + 1]
    assert whole.moves[lay].hex in pos.changed
    assert len(pos.last) == 3 and pos.last[-1].startswith(f"{lay + 1}. ") and " lays #" in pos.last[-1]
    with pytest.raises(ReplayError, match=f"has no move 99999 \\(its last move is {len(whole.moves)}\\)"):
        position(game_file, 99999)


def test_a_record_at_an_action_and_after_a_chat_message():
    pos = position(FIX, 120, recent=2)
    assert pos.what == "action" and pos.at == 120
    assert state_json(pos.game.state, 120) == state_json(pbem.read_record(FIX, stop_at=120).state, 120)
    assert len(pos.last) == 2
    with pytest.raises(ReplayError, match="no live action with id 999999"):
        position(FIX, 999999)
    chat = FIX.parent / "5236.json"            # action 6 is a chat message after move 5
    at_chat = position(chat, 6)
    assert at_chat.at == 5 and at_chat.game.moves == position(chat, 5).game.moves


def test_the_record_and_its_game_file_end_in_the_same_place(game_file):
    by_record, by_file = position(FIX), position(game_file)
    assert by_record.game.state.board.snapshot() == by_file.game.state.board.snapshot()
    assert [p.cash for p in by_record.game.state.players.values()] == \
        [p.cash for p in by_file.game.state.players.values()]
