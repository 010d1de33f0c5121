"""A tile told by its colour instead of its number ("CPR lays a green city on L8"): read against
the lays the game allows on that hex now (the engine's `lays_on` hook, pbem/game_notation.py):
one legal lay is read, several are listed in the question, none is refused with why."""
from __future__ import annotations

from pathlib import Path

import pytest

import pbem
from pbem.engine.actions import LayTile
from pbem.errors import AmbiguousMoveError, NotationError

RECORD = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" / "10526.json"


@pytest.fixture(scope="module")
def before_l8():
    """1882 game 10526 just before CPR upgrades L8 (to #14, rotation 0, as its action 367)."""
    g = pbem.read_record(RECORD)
    g.back_to(367)
    assert g.current_entity() == "CPR"
    return g


def test_the_hook_lists_the_legal_lays_on_a_hex_with_their_colours(before_l8):
    lays = before_l8.context().lays_on("L8")
    assert {(t, c) for t, c, _ in lays} == {("14", "green"), ("15", "green")}
    assert all(before_l8.is_legal(LayTile("CPR", "L8", t, r)) for t, _, rots in lays for r in rots)


@pytest.mark.parametrize("text", ["CPR lays a green city on L8", "CPR upgrades L8 to green"])
def test_a_colour_that_fits_several_lays_asks_which_and_lists_them(before_l8, text):
    g = before_l8.copy()
    with pytest.raises(AmbiguousMoveError) as e:
        g.push_notation(text)
    assert "#14 on L8 rot 0" in str(e.value) and "#15 on L8" in str(e.value)
    assert len(g.moves) == 367


def test_a_colour_with_a_rotation_that_fits_one_lay_is_read(before_l8):
    g = before_l8.copy()
    g.push_notation("CPR lays green on L8 rot 0")
    assert g.moves[-1] == LayTile("CPR", "L8", "14", 0)


def test_a_colour_no_legal_lay_has_is_refused_with_why(before_l8):
    g = before_l8.copy()
    with pytest.raises(NotationError, match="no brown tile can be laid on L8 now"):
        g.push_notation("CPR lays a brown tile on L8")
    assert len(g.moves) == 367


def test_without_a_game_a_colour_is_refused_with_the_advice_to_give_the_number():
    from pbem.notation import context_for_title, parse_message

    ctx = context_for_title("1882", {"ann": "Ann"}, actor="ann", current="CPR", round_kind="operating")
    with pytest.raises(NotationError, match="say which tile by its number"):
        parse_message("CPR lays a brown tile on L8", ctx)
