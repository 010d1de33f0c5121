"""Terse postal lines and runs told by revenue and train (issue 8, area "terse";
pbem/notation/terse.py): abbreviated move words ("lt", "tok"), a tile "@" or "into" a hex, a tile
before its hex with no word between, a bare rotation after a tile and its hex ("I5 #57 1"), a train
"from the depot" with no move word, a train's bare price, two trains bought in one clause, a trade-in told as such, runs told as "80 with the 2",
"2 trains: 3 for 100, 4 for 140", "ran for 120", a run of nothing, a trailing "half".

Every line here is written for these tests (other words, orders and titles than the blind
corpora); each must read as the moves it states, and the near misses after them (questions,
conditions, plans, another company's move, totals that are not the sum, counts that do not
match) must stay refused or unchanged.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import pbem
from pbem.engine.actions import Bid, BuyTrain, Dividend, LayTile, Pass, PlaceToken, RunRoutes
from pbem.errors import PbemError
from pbem.notation import context_for_title, parse_message
from pbem.notation.terse import tersely

import sys  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from notation_kit import PLAYERS, R, run, trains_ctx as ctx  # noqa: E402


READ = [
    # abbreviated move words at the head of a field
    ("1882", "SC", "SC: lt #8 G5 r3, tok G5, run 3T 90, withhold",
     [LayTile("SC", "G5", "8", 3), PlaceToken("SC", "G5"), run("SC", R("3", [], 90)), Dividend("SC", "withhold")]),
    ("1830", "PRR", "PRR: lt 57 @ H14 r1; tkn H14", [LayTile("PRR", "H14", "57", 1), PlaceToken("PRR", "H14")]),
    ("1861", "KK", "KK - lt #9 E17 rot 2, 2T", [LayTile("KK", "E17", "9", 2), BuyTrain("KK", "2")]),
    # a train alone after a lay takes no lay's move word: bought (nothing after it is paid)
    ("1861", "MNN", "MNN lays #8 on I7 rot 5, 2T", [LayTile("MNN", "I7", "8", 5), BuyTrain("MNN", "2")]),
    ("1882", "CNR", "CNR: upgrade D8 to #14 r1, 3T.", [LayTile("CNR", "D8", "14", 1), BuyTrain("CNR", "3")]),
    # a tile "@" a hex, "into" a hex, or before its hex with no word between
    ("1882", "CPR", "CPR: 9 @ J4 r1, 3T", [LayTile("CPR", "J4", "9", 1), BuyTrain("CPR", "3")]),
    ("1861", "KR", "KR: #8 @ H16 rot 4", [LayTile("KR", "H16", "8", 4)]),
    ("1882", "QLL", "Tile 57 into J8, rot 2.", [LayTile("QLL", "J8", "57", 2)]),
    ("1830", "NYC", "NYC puts #9 into E21", [LayTile("NYC", "E21", "9", 0)]),
    ("1882", "HBR", "HBR: tile 7 H10 rot 5; no token", [LayTile("HBR", "H10", "7", 5), Pass("HBR")]),
    ("1861", "SW", "SW: tile 58 C9 rotation 1, pass on trains", [LayTile("SW", "C9", "58", 1), Pass("SW")]),
    # a train from the depot with no move word is bought; a train's bare price after it
    ("1882", "CNR", "CNR: 4-train from the depot, 300.", [BuyTrain("CNR", "4", "depot", 300)]),
    ("1861", "MVR", "MVR: a 3 train from the bank, 225", [BuyTrain("MVR", "3", "depot", 225)]),
    ("1830", "B&O", "B&O buys a 4 train 300", [BuyTrain("B&O", "4", "depot", 300)]),
    ("1882", "GT", "GT: lays 9 on L8 / runs 2T for 50 / pays / buys 3 train 180",
     [LayTile("GT", "L8", "9", 0), run("GT", R("2", [], 50)), Dividend("GT", "payout"), BuyTrain("GT", "3", "depot", 180)]),
    ("1882", "CPR", "CPR: 5-train from the depot for 450. The president sells nothing.",
     [BuyTrain("CPR", "5", "depot", 450)]),
    # two trains bought in one clause, each with its price
    ("1882", "QLL", "QLL buys a 2 train for 80 and a 3 for 180", [BuyTrain("QLL", "2", "depot", 80), BuyTrain("QLL", "3", "depot", 180)]),
    ("1830", "NYNH", "NYNH buys the 4 at $300, and a 5 at $450.",
     [BuyTrain("NYNH", "4", "depot", 300), BuyTrain("NYNH", "5", "depot", 450)]),
    # trains counted with one price each; two trains named with no price ("a 5" is no $5)
    ("1830", "NYC", "NYC buys two 3 trains from the depot, $180 each.",
     [BuyTrain("NYC", "3", "depot", 180), BuyTrain("NYC", "3", "depot", 180)]),
    ("1882", "CNR", "CNR buys 2 2-trains at 80 apiece", [BuyTrain("CNR", "2", "depot", 80), BuyTrain("CNR", "2", "depot", 80)]),
    ("1882", "GT", "GT lays 9 on L8 and buys a 3 and a 4", [LayTile("GT", "L8", "9", 0), BuyTrain("GT", "3"), BuyTrain("GT", "4")]),
    ("1861", "GRR", "GRR: 9 on F12, buys a 4, and a 5.", [LayTile("GRR", "F12", "9", 0), BuyTrain("GRR", "4"), BuyTrain("GRR", "5")]),
    # a trade-in told as such
    ("1882", "QLL", "QLL trades in its 3 for a D, $800", [BuyTrain("QLL", "D", "depot", 800, "3")]),
    ("1830", "PRR", "PRR traded in the 4 for a D: 800", [BuyTrain("PRR", "D", "depot", 800, "4")]),
    # runs told by revenue and train
    ("1882", "GT", "GT ran 60 with the 2 and 90 with the 3, total 150, withholds",
     [run("GT", R("2", [], 60), R("3", [], 90)), Dividend("GT", "withhold")]),
    ("1861", "NW", "NW has run 160 with its 4. Pays half.", [run("NW", R("4", [], 160)), Dividend("NW", "half")]),
    ("1830", "B&O", "B&O runs 100 with the 5 & 70 with the 3 = 170; pays out",
     [run("B&O", R("5", [], 100), R("3", [], 70)), Dividend("B&O", "payout")]),
    ("1882", "CPR", "CPR ran both trains: 2 for 50, 3 for 80 - total 130, pays",
     [run("CPR", R("2", [], 50), R("3", [], 80)), Dividend("CPR", "payout")]),
    ("1861", "GRR", "GRR runs 3 trains: 2 for 40, 3 for 90 and 4 for 120; withhold",
     [run("GRR", R("2", [], 40), R("3", [], 90), R("4", [], 120)), Dividend("GRR", "withhold")]),
    # "ran for 120": the run's revenue (its train the company's one kind)
    ("1882", "HBR", "HBR ran for 70, pays out", [run("HBR", R("2", [], 70)), Dividend("HBR", "payout")]),
    ("1861", "KR", "KR has run for 50", [run("KR", R("2", [], 50))]),
    # a run of nothing
    ("1882", "SC", "SC runs nothing this time; no route.", [run("SC")]),
    ("1830", "ERIE", "ERIE ran nothing this OR. Revenue: 0", [run("ERIE")]),
    # "half" alone after a run; the owner's half of a minor's run told as where it goes
    ("1882", "CNR", "CNR runs 3 train D8-G7 for 70, half", [run("CNR", R("3", ["D8", "G7"], 70)), Dividend("CNR", "half")]),
    ("1861", "SPW", "SPW ran the 2 from E1 to B8 for 60; half goes to the owner.",
     [run("SPW", R("2", ["E1", "B8"], 60))]),
    # a rotation written bare, ending the clause right after its tile and hex written together
    ("1882", "CPR", "CPR: I5 #57 1", [LayTile("CPR", "I5", "57", 1)]),
    ("1882", "CPR", "I5 57 2; 2T", [LayTile("CPR", "I5", "57", 2), BuyTrain("CPR", "2")]),
    ("1830", "PRR", "#9 H14 1", [LayTile("PRR", "H14", "9", 1)]),
    ("1861", "KR", "8 G13 4 & tok G13", [LayTile("KR", "G13", "8", 4), PlaceToken("KR", "G13")]),
    ("1830", "NYC", "lay E21 9 3.", [LayTile("NYC", "E21", "9", 3)]),
    ("1882", "GT", "GT: 57 on L8 rot 1, 9 M7 2", [LayTile("GT", "L8", "57", 1), LayTile("GT", "M7", "9", 2)]),
]


@pytest.mark.parametrize("title,current,line,want", READ, ids=[r[2][:70] for r in READ])
def test_a_terse_line_is_read(title, current, line, want):
    kinds = ("2",) if current in ("HBR", "KR") else ("2", "3")
    assert parse_message(line, ctx(title, current, kinds)) == want


# ---------------------------------------------------------------------- near misses
REFUSED = [
    ("1882", "SC", "SC: lt #8 G5 r3? or the 9?"),                                   # a question
    ("1882", "CPR", "If CPR gets a 4-train from the depot, 300, can it still run?"),  # a condition
    ("1861", "KK", "Maybe KK trades in its 3 for a 4 next time, $300"),               # a plan
    ("1882", "GT", "GT ran 60 with the 2 and 90 with the 3 next OR"),                # a plan
    ("1882", "CPR", "CPR ran two trains: 2 for 50, 3 for 80 and 4 for 100"),          # three revenues, two trains
    ("1882", "HBR", "HBR ran for 70 last OR, so it withholds now"),                   # a report of an earlier turn
    ("1830", "PRR", "Should PRR buy a 4 train 300?"),                                  # a question
    ("1882", "QLL", "Would QLL buy a 2 train for 80 and a 3 for 180?"),                # a question
    ("1882", "CNR", "CNR runs nothing this turn? I'd rather run the 3"),               # a question
    ("1861", "NW", "If NW has run 160 with its 4, pays half"),                         # a condition
    ("1861", "MNN", "MNN lays #8 on I7 rot 5, 2T?"),                                   # a question
    ("1882", "CNR", "CNR: lt #9 D8, tok D8 next time"),                                # a plan
    ("1830", "NYC", "Should NYC buy two 3 trains from the depot, $180 each?"),         # a question
    ("1882", "GT", "GT would lay 9 on L8 and buy a 3 and a 4"),                          # a plan
    ("1882", "CPR", "I5 #57, 2 trains bought"),        # no rotation: a number of trains, in a clause of its own
    ("1882", "CPR", "I5 #57 2 trains"),                # a number before a word: no rotation
    ("1882", "CPR", "I5 #57 6"),                       # no rotation is 6
    ("1882", "CPR", "I5 99 2"),                        # 1882 has no tile 99
]


@pytest.mark.parametrize("title,current,line", REFUSED, ids=[r[2] for r in REFUSED])
def test_questions_plans_and_wrong_sums_are_not_read(title, current, line):
    with pytest.raises(PbemError):
        parse_message(line, ctx(title, current))


#: another company's move stays that company's (the table then refuses it for the operating one)
UNCHANGED = [
    ("1882", "CPR", "GT ran 60 with the 2", [run("GT", R("2", [], 60))]),
    ("1882", "CPR", "GT: 4-train from the depot, 300", [BuyTrain("GT", "4", "depot", 300)]),
    ("1861", "KK", "KR trades in its 2 for a 3, 225", [BuyTrain("KR", "3", "depot", 225, "2")]),
]


@pytest.mark.parametrize("title,current,line,want", UNCHANGED, ids=[r[2] for r in UNCHANGED])
def test_another_companys_move_stays_that_companys(title, current, line, want):
    assert parse_message(line, ctx(title, current)) == want


@pytest.mark.parametrize("line", [
    "Bob bids 150 on the Trestle Bridge.",          # nothing terse: as written
    "GT lays #9 on L8 and buys a 3 train for 180",
    "I pay 40 @ 100 for 2 shares",                 # "@" before an amount is no tile on a hex
])
def test_lines_without_terse_words_are_left_as_written(line):
    assert tersely(line) == line


AUCTION = [
    # a private named by its code (written as a hex) and its name in the auction: a bid
    ("Ann: P4 Trestle Bridge, $150", [Bid("ann", "TB", 150)]),
    ("P2, 45", [Bid("ann", "SC", 45)]),
    ("P1 Hudson Bay for $25 please", [Bid("ann", "HB", 25)]),
]


@pytest.mark.parametrize("line,want", AUCTION, ids=[a[0] for a in AUCTION])
def test_a_private_named_by_its_code_is_bid_on_in_the_auction(line, want):
    auction = context_for_title("1882", PLAYERS, actor="ann", current="ann", round_kind="auction")
    assert parse_message(line, auction) == want


def test_a_bare_number_after_a_tile_is_no_rotation_outside_an_operating_round():
    stock = context_for_title("1882", PLAYERS, actor="ann", current="ann", round_kind="stock")
    for line in ("I5 #57 1", "I5 57 2"):
        with pytest.raises(PbemError):
            parse_message(line, stock)
    # a number after "for" is no rotation (read as before: the lay alone)
    assert parse_message("CPR lays 57 on I5 for 2", ctx("1882", "CPR")) == [LayTile("CPR", "I5", "57", 0)]


def test_a_number_after_a_hex_ending_its_clause_is_the_tile_laid():
    """"I5 57", "I5 57 rot 1", "lay I5 57": the tile (they were refused, as "57 I5" was read); after a
    token's or a run's word, or in a route, the number stays what it was ("token J10 40": no lay)."""
    c = ctx("1882", "CPR")
    for line, rot in (("I5 57", 0), ("I5 57 rot 1", 1), ("lay I5 57", 0), ("CPR: I5 57, token J10", 0)):
        assert parse_message(line, c)[0] == LayTile("CPR", "I5", "57", rot), line
    assert parse_message("token J10 40", c) == [PlaceToken("CPR", "J10")]
    assert [type(a) for a in parse_message("2T B2-C3 50", c)] == [RunRoutes]


def test_a_code_written_as_a_hex_stays_a_hex_in_an_operating_round():
    assert parse_message("CPR: 9 on P4 rot 1", ctx("1882", "CPR")) == [LayTile("CPR", "P4", "9", 1)]


def test_there_are_many_variants():
    assert len(READ) + len(REFUSED) + len(UNCHANGED) >= 30


# ---------------------------------------------------------------------- at the table
FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


@pytest.fixture(scope="module")
def minor_before_its_turn():
    """1861 (record 29683) before minor N's turn: N has a 2 train and may lay a tile."""
    return pbem.read_record(FIX / "1861" / "29683.json", stop_at=84)


@pytest.mark.parametrize("line", [
    "N ran H8-G5-E1 for 80, no tile.",
    "N runs the 2 H8-G5-E1 for 80; no track, no token",
    "N runs H8-G5-E1 for 80 - no tile lay",
    "N: no tile lay, no token, runs H8-G5-E1 for 80",        # a minor has no token step: behind it
])
def test_a_step_pass_written_after_a_later_move_is_set_aside(minor_before_its_turn, line):
    g = minor_before_its_turn.copy()
    pushed = g.push_notation(line)
    runs = [a for a in pushed if isinstance(a, RunRoutes)]
    assert len(runs) == 1 and runs[0].routes[0].revenue == 80
    assert g.state.round.active_step() == "buy_train"
    assert any("already behind the turn" in w for w in g.warnings)


@pytest.mark.parametrize("line,rotation", [("I9 #8 2", 2), ("I9 8 4", 4), ("#9 I9 4", 4)])
def test_a_bare_rotation_is_laid_when_legal(line, rotation):
    """1882 (record 10526) at HBR's lay: #8 fits I9 with rotation 2 or 4, #9 with 1 or 4."""
    g = pbem.read_record(FIX / "1882" / "10526.json", stop_at=126)
    assert g.push_notation(line)[0].rotation == rotation


def test_a_bare_rotation_that_does_not_fit_is_refused_with_the_legal_ones():
    g = pbem.read_record(FIX / "1882" / "10526.json", stop_at=126)
    with pytest.raises(PbemError, match="with rotation 3: .*legal rotations: 2, 4"):
        g.push_notation("I9 #8 3")


def test_a_step_pass_before_its_step_is_still_played(minor_before_its_turn):
    g = minor_before_its_turn.copy()
    pushed = g.push_notation("N: no tile, runs H8-G5-E1 for 80")
    assert isinstance(pushed[0], Pass) and not any("already behind" in w for w in g.warnings)


def test_a_pass_of_a_step_still_ahead_is_played(minor_before_its_turn):
    """ "pass on trains" after the run names the step to come: played there, the turn ends."""
    g = minor_before_its_turn.copy()
    pushed = g.push_notation("N runs H8-G5-E1 for 80, pass on trains")
    assert isinstance(pushed[-1], Pass) and g.state.current_entity() != "N"
    assert not any("already behind" in w for w in g.warnings)


def test_step_passes_read_by_pieces_name_their_step_in_an_operating_round_only():
    from pbem.notation import read_message
    orc = ctx("1882", "CPR")
    steps = [c.value for m in read_message("CPR: no tile lay, no token, runs 3T for 90", orc) for c in m.claims]
    assert steps == ["track", "token"]
    src = context_for_title("1882", PLAYERS, actor="ann", current="ann", round_kind="SR")
    assert [m.claims for m in read_message("Pass, no purchase from me", src)] == [()]
