"""Words that name nothing around a move ("carefully", "sensibly", a terrain's cost told as why)
are passed over by the interpreter; a doubt, a plan, a report or another player's move among
them is never read as the writer's move; a name nobody has where the subject goes refuses the
line."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pbem.engine.actions import Dividend, LayTile, Pass, PlaceToken, Route, RunRoutes, Stop
from pbem.errors import PbemError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from notation_kit import assert_no_move_of_the_writer, read  # noqa: E402


@pytest.mark.parametrize("title, round_kind, current, line, want", [
    ("1882", "operating", "HBR", "HBR carefully lays #8 on G9 rot 1, runs the 2 G11-G9 for 40 and withholds.",
     [LayTile("HBR", "G9", "8", 1), RunRoutes("HBR", (Route("2", (Stop("G11"), Stop("G9")), revenue=40),)),
      Dividend("HBR", "withhold")]),
    ("1861", "operating", "NW", "NW sensibly lays #8 on H10 rot 1, runs its 2 H8-E1 for 80 and pays out.",
     [LayTile("NW", "H10", "8", 1), RunRoutes("NW", (Route("2", (Stop("H8"), Stop("E1")), revenue=80),)),
      Dividend("NW", "payout")]),
    ("1830", "operating", "PRR", "PRR boldly lays #57 on H10 rot 0, tokens H12 and runs its 2 H10-H12 for 50, paying out.",
     [LayTile("PRR", "H10", "57", 0), PlaceToken("PRR", "H12"),
      RunRoutes("PRR", (Route("2", (Stop("H10"), Stop("H12")), revenue=50),)), Dividend("PRR", "payout")]),
    ("1882", "operating", "SC", "SC lays #8 on E9 and, for the extra 20 for the river, #9 on F10.",
     [LayTile("SC", "E9", "8", 3), LayTile("SC", "F10", "9", 3)]),
])
def test_words_that_name_nothing_are_passed_over(title, round_kind, current, line, want):
    assert read(title, round_kind, current, line) == want


@pytest.mark.parametrize("title, round_kind, current, line", [
    # the word passed over would be the move word: "borrows" is a loan, never the bid "NW 100" would be
    ("1861", "operating", "NW", "NW borrows 100 roubles before building."),
    ("1882", "auction", None, "Cid gladly puts CP up at 150 dollars."),
    # a doubt, a plan, a report or another player's move is never made one by passing words over
    ("1882", "operating", "CPR", "CPR maybe purchases Trestle Bridge from Bob for $150 (we agreed last night)."),
    ("1882", "operating", "CPR", "CPR will purchase Trestle Bridge from Bob for $150 next time, promise."),
    ("1882", "stock", None, "Bob purchases one CPR share (cheapest thing around)."),
    ("1882", "operating", "CPR", "CPR purchased Trestle Bridge from Bob for $150 yesterday, lovely."),
])
def test_what_the_words_around_say_is_never_lost(title, round_kind, current, line):
    assert_no_move_of_the_writer(title, round_kind, current, line)


@pytest.mark.parametrize("line", ["Bobbo passes", "Xyzzy passes", "Annie passes", "Bobb buys a CPR share"])
def test_an_unknown_name_where_the_subject_goes_is_refused_not_dropped(line):
    """A capitalised word nobody has, written straight before the move word, names who moves:
    read without it, the line would make its writer move (Ann's "Bobbo passes" was read as Ann's
    pass). The line is refused with the name quoted."""
    from pbem.engine.game import Game
    from pbem.game_notation import notation_context
    from pbem.notation import read_message
    from pbem.titles import load_title

    g = Game(load_title("1882"), [("ann", "Ann"), ("bob", "Bob"), ("cid", "Cid")], 1)
    with pytest.raises(PbemError) as e:
        read_message(line, notation_context(g, actor="ann"))
    assert line.split()[0] in str(e.value)


@pytest.mark.parametrize("line", ["Now pass", "Ok, pass", "Will buy one share of CPR", "Pass", "Then I pass"])
def test_a_sentence_opening_word_before_the_move_word_is_no_subject(line):
    # in the stock round, where a buy is one of the moves (the reader reads by the round's moves)
    assert read("1882", "SR", None, line)

@pytest.mark.parametrize("title, current, line", [
    ("1830", "NYC", "NYC upgrades the tile and places a token in E11"),
    ("1830", "NYC", "NYC lays a tile, then places a token in E11"),
    ("1882", "CPR", "CPR upgrades the tile, buys a 3 train"),
    ("1830", "NYC", "NYC upgrades the tile."),          # alone: asked the same, not "no move word"
    ("1830", "NYC", "NYC lays a tile and passes"),     # asked, not refused with the grammar's "expected token"
])
def test_a_lay_told_without_its_tile_beside_another_move_is_asked_never_dropped(title, current, line):
    """Read without the lay, the line would make only the other move (the token or the train):
    the lay is asked for, as it is when told alone."""
    with pytest.raises(PbemError, match="which tile on which hex"):
        read(title, "operating", current, line)


@pytest.mark.parametrize("title, current, line, want", [
    # near misses: "lay" as a noun, a lay already made, a lay told with its tile beside
    ("1882", "QLL", "QLL lays #8 on I11 (rot 2) and #9 on J12 (rot 1) - paying 20 for the second lay.",
     [LayTile("QLL", "I11", "8", 2), LayTile("QLL", "J12", "9", 1)]),
    ("1830", "NYC", "NYC lays the tile: #57 on E11 rot 0, then places a token in E11",
     [LayTile("NYC", "E11", "57", 0), PlaceToken("NYC", "E11")]),
])
def test_a_lay_beside_another_move_is_still_read_when_told(title, current, line, want):
    assert read(title, "operating", current, line) == want


@pytest.mark.parametrize("title, current, line", [
    ("1830", "PRR", "PRR runs its 2 H10-H12 for 50, places a token, pays out"),
    ("1882", "CPR", "places a token, then CPR buys a 3 train"),
    ("1882", "CPR", "CPR buys a 3 train, places a token"),      # after a move with no hex
    ("1882", "CPR", "CPR buys a 3 train and a token"),          # the thing alone: no remark set aside
    ("1882", "CPR", "CPR buys a 3 train, the station too"),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1, runs 2 I5-J8 for 50, and a token"),   # not right after the lay
])
def test_a_token_told_without_its_hex_beside_another_move_is_asked_never_dropped(title, current, line):
    """Read without the token, the line would make only the other moves: where the token goes is asked."""
    with pytest.raises(PbemError, match="on which hex|expected a hex"):
        read(title, "operating", current, line)


@pytest.mark.parametrize("round_kind, current, line", [
    ("stock", None, "buy 1 GT and sell"),
    ("stock", None, "sell 2 GT, then buy one"),
    ("stock", None, "par CPR at 76 and buy"),
    ("operating", "CPR", "CPR lays 57 on I5 rot 1 and runs"),
    ("operating", "CPR", "CPR runs its 2 I5-J8 for 60, withholds and buys"),
])
def test_a_move_told_by_its_word_alone_beside_another_move_is_asked_never_dropped(round_kind, current, line):
    """The other moves are never read alone: the line is refused, quoting what the bare move word lacks."""
    with pytest.raises(PbemError, match="which company, train, tile or hex|expected"):
        read("1882", round_kind, current, line)


@pytest.mark.parametrize("title, current, line, want", [
    # near misses: a token told with its hex or "there", a token declined
    ("1882", "CPR", "CPR lays 57 on I5 rot 1, and a token there too", [LayTile("CPR", "I5", "57", 1), PlaceToken("CPR", "I5")]),
    ("1830", "NYC", "NYC lays #57 on E11 rot 0 and places a token in E11", [LayTile("NYC", "E11", "57", 0), PlaceToken("NYC", "E11")]),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1 and a token on J8", [LayTile("CPR", "I5", "57", 1), PlaceToken("CPR", "J8")]),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1, no token", [LayTile("CPR", "I5", "57", 1), Pass("CPR")]),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1 with no station", [LayTile("CPR", "I5", "57", 1), Pass("CPR")]),
])
def test_a_token_beside_another_move_is_still_read_when_told(title, current, line, want):
    assert read(title, "operating", current, line) == want


@pytest.mark.parametrize("title, current, line", [
    ("1882", "CPR", "CPR lays 57 on I5 rot 1, the home station too"),
    ("1882", "CPR", "CPR lays #57 on I5 rot 1 plus the station"),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1 with a station"),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1 and a token"),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1 + token"),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1, station as well"),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1 and places a token"),
    ("1882", "CPR", "CPR lays 57 on I5 rot 1 and tokens"),
])
def test_a_token_told_with_no_hex_right_after_a_lay_is_on_the_lay_hex(title, current, line):
    """As "a token there": the hex just laid (the game judges the token at the table), never dropped."""
    assert read(title, "operating", current, line) == [LayTile("CPR", "I5", "57", 1), PlaceToken("CPR", "I5")]


def test_a_token_told_with_no_hex_after_a_lay_and_before_a_buy_is_on_the_lay_hex():
    got = read("1882", "operating", "CPR", "CPR lays #57 on I5 rot 1, and a station, then buys a 3 train")
    assert got[:2] == [LayTile("CPR", "I5", "57", 1), PlaceToken("CPR", "I5")] and got[2].train == "3"


@pytest.mark.parametrize("line", [
    "CPR lays 57 on I5 rot 1, station next turn",           # a plan
    "CPR lays 57 on I5 rot 1; GT has a station there",      # another company's
])
def test_a_token_after_a_lay_that_is_no_move_of_the_writer_is_not_read(line):
    with pytest.raises(PbemError):
        read("1882", "operating", "CPR", line)


@pytest.mark.parametrize("round_kind, current, line, want", [
    ("stock", None, "Pass, nothing to buy.", [Pass("ann")]),        # was "pass buy trains": no step of a stock round
    ("stock", None, "nothing to buy, pass", [Pass("ann")]),
    ("operating", "CPR", "CPR passes; nothing to buy.", [Pass("CPR")]),
    ("operating", "CPR", "CPR passes, no train to buy", [Pass("CPR")]),
])
def test_a_pass_with_nothing_to_buy_is_the_pass_in_either_round(round_kind, current, line, want):
    assert read("1882", round_kind, current, line) == want
