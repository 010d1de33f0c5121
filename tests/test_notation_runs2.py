"""Runs told as lists and tiles named by place (issue 8, second round; pbem/notation/run_lists.py):
routes each with its revenue in brackets and a total, trains counted before their routes, a train
named after its stops, a sentence begun by the train, a run from one place to another, a half
dividend told by its halves, the per-share amount after "pays", a skipped tile lay, tiles named
with their colour or "upgrades X with".

Every line here is written for these tests (other words, orders and titles than the blind
corpora); each must read as the moves it states, and the near misses after them (questions,
conditions, another company's run, lists that do not pair up) must stay refused or unchanged.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.engine.actions import BuyTrain, Dividend, LayTile, Pass, PlaceToken, RunRoutes
from pbem.errors import PbemError
from pbem.notation import parse_message

import sys  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from notation_kit import R, run, trains_ctx as ctx  # noqa: E402


READ = [
    # routes each with its revenue in brackets, and the total after them
    ("1882", "CPR", "CPR runs 3-trains I5-G7 (70) and K3-I5 (50), total 120, withholds.",
     [run("CPR", R("3", ["I5", "G7"], 70), R("3", ["K3", "I5"], 50)), Dividend("CPR", "withhold")]),
    ("1882", "SC", "SC's two 3s run G3-I5 ($60) and G3-G7 ($40), pays out",
     [run("SC", R("3", ["G3", "I5"], 60), R("3", ["G3", "G7"], 40)), Dividend("SC", "payout")]),
    ("1861", "GRR", "GRR runs the 2 G15-H18 for 60 and the 3 G15-I13-H8 for 90, 150 in all, full dividend",
     [run("GRR", R("2", ["G15", "H18"], 60), R("3", ["G15", "I13", "H8"], 90)), Dividend("GRR", "payout")]),
    ("1882", "GT", "GT runs 3 train L8-K9-J10 for 90 and 2 train L8-N6 for 40, a total of 130, pays half",
     [run("GT", R("3", ["L8", "K9", "J10"], 90), R("2", ["L8", "N6"], 40)), Dividend("GT", "half")]),
    ("1882", "HBR", "HBR's 3 goes G11-J8-J10 for 90 and the 2 runs G11-B12 for 50. 140, withheld.",
     [run("HBR", R("3", ["G11", "J8", "J10"], 90), R("2", ["G11", "B12"], 50)), Dividend("HBR", "withhold")]),
    # trains counted before their routes
    ("1830", "B&O", "B&O runs its two 2s: I15-H16 for 50 and I15-J14 for 40; pays",
     [run("B&O", R("2", ["I15", "H16"], 50), R("2", ["I15", "J14"], 40)), Dividend("B&O", "payout")]),
    ("1861", "KK", "KK ran three 2-trains D20-D14 for 50, D20-E19 for 30 and D20-C17 for 40.",
     [run("KK", R("2", ["D20", "D14"], 50), R("2", ["D20", "E19"], 30), R("2", ["D20", "C17"], 40))]),
    # a train named after its stops
    ("1882", "QLL", "QLL ran K9-J10 with its 2 for 50, paying out",
     [run("QLL", R("2", ["K9", "J10"], 50)), Dividend("QLL", "payout")]),
    ("1861", "KR", "KR has run G15-I13-H8 for 90 with the 3, withholding",
     [run("KR", R("3", ["G15", "I13", "H8"], 90)), Dividend("KR", "withhold")]),
    ("1882", "GT", "Ran 110 with the 3 (L8-K9-J10)", [run("GT", R("3", ["L8", "K9", "J10"], 110))]),
    ("1861", "NW", "NW runs 120 with its 3 (E1-G5-H8); pays half",
     [run("NW", R("3", ["E1", "G5", "H8"], 120)), Dividend("NW", "half")]),
    # a sentence begun by the train
    ("1882", "HBR", "HBR: no tile, no token. The 2 goes G11-B12 for 50, pays.",
     [Pass("HBR"), Pass("HBR"), run("HBR", R("2", ["G11", "B12"], 50)), Dividend("HBR", "payout")]),
    ("1861", "SPW", "SPW's 2-train runs A9-B8 for 40", [run("SPW", R("2", ["A9", "B8"], 40))]),
    ("1830", "PRR", "PRR lays #9 on H14. Its 3 ran H12-H16-G19 for 100; withhold.",
     [LayTile("PRR", "H14", "9", 0), run("PRR", R("3", ["H12", "H16", "G19"], 100)), Dividend("PRR", "withhold")]),
    # a 2T run, a route from one place to another
    ("1861", "KR", "KR: 2T run G15-H18 = 50; full payout",
     [run("KR", R("2", ["G15", "H18"], 50)), Dividend("KR", "payout")]),
    ("1861", "KK", "KK runs the 2 Odessa to D14 for 70", [run("KK", R("2", ["D20", "D14"], 70))]),
    ("1882", "CPR", "CPR ran 2 train Regina to I5 for 50", [run("CPR", R("2", ["J10", "I5"], 50))]),
    # a half dividend told by its two halves; the per-share amount after "pays"
    ("1882", "SC", "SC runs 3 train G3-I5 for 60, half to the treasury and half to the shareholders",
     [run("SC", R("3", ["G3", "I5"], 60)), Dividend("SC", "half")]),
    ("1861", "NW", "NW runs 2 train E1-G5 for 60; half to me, the other half into the treasury",
     [run("NW", R("2", ["E1", "G5"], 60)), Dividend("NW", "half")]),
    ("1882", "GT", "GT runs 2T L8-N6 for 50 and pays, $5 a share",
     [run("GT", R("2", ["L8", "N6"], 50)), Dividend("GT", "payout")]),
    ("1830", "NYC", "NYC runs its 2 E19-F20 for 60, pays out, $6 per share",
     [run("NYC", R("2", ["E19", "F20"], 60)), Dividend("NYC", "payout")]),
    # "there" after two lays is the hex named last
    ("1882", "GT", "GT: #8 on L8 rot 2, #57 in K9 rot 0 and token there",
     [LayTile("GT", "L8", "8", 2), LayTile("GT", "K9", "57", 0), PlaceToken("GT", "K9")]),
    ("1861", "KK", "KK lays 9 in E17, then 57 on D16, and token there",
     [LayTile("KK", "E17", "9", 0), LayTile("KK", "D16", "57", 0), PlaceToken("KK", "D16")]),
    # the train beginning its sentence after a colon: the company's run
    ("1861", "RSR", "I hold priority, so I run the RSR: its 3 goes H8-G5-E1 for 100",
     [run("RSR", R("3", ["H8", "G5", "E1"], 100))]),
    # a train's number spelled out
    ("1830", "PRR", "PRR lays #8 on H14 rotation 3; buys a three-train",
     [LayTile("PRR", "H14", "8", 3), BuyTrain("PRR", "3")]),
    # a skipped tile lay is the pass of the lay
    ("1882", "CPR", "CPR skips the tile lay, runs the 3 for 90 and withholds",
     [Pass("CPR"), run("CPR", R("3", [], 90)), Dividend("CPR", "withhold")]),
    ("1861", "GRR", "Grand Russian skips its track lay and runs the 2 for 60",
     [Pass("GRR"), run("GRR", R("2", [], 60))]),
    # tiles named by place and colour, "upgrades X with"
    ("1882", "QLL", "QLL upgrades Regina to the brown R2", [LayTile("QLL", "J10", "R2", 0)]),
    ("1882", "QLL", "Green Regina (R1) for QLL, then runs the 2 J10-K9 for 50",
     [LayTile("QLL", "J10", "R1", 0), run("QLL", R("2", ["J10", "K9"], 50))]),
    ("1861", "KK", "KK upgrades E13 with the #15, rotation 2", [LayTile("KK", "E13", "15", 2)]),
    ("1830", "PRR", "PRR upgrades H16 with tile 14", [LayTile("PRR", "H16", "14", 0)]),
    ("1861", "KR", "KR: tile #8 on H16, 2T run G15-H18 = 50, buy nothing.",
     [LayTile("KR", "H16", "8", 0), run("KR", R("2", ["G15", "H18"], 50)), Pass("KR")]),
    # a company run by the player whose turn it is: "My turn to run the RSR: ..."
    ("1861", "RSR", "My turn to run the RSR: its 3 goes H8-G5-E1 for 100.",
     [run("RSR", R("3", ["H8", "G5", "E1"], 100))]),
    ("1861", "RSR", "It's my turn to operate the RSR: the 2 runs H8-E9 for 60",
     [run("RSR", R("2", ["H8", "E9"], 60))]),
]


@pytest.mark.parametrize("title,current,line,want", READ, ids=[r[2][:70] for r in READ])
def test_a_run_or_tile_written_this_way_is_read(title, current, line, want):
    assert parse_message(line, ctx(title, current)) == want


def test_there_are_many_variants():
    assert len(READ) + len(REFUSED) + len(UNCHANGED) >= 40


# ---------------------------------------------------------------------- near misses
REFUSED = [
    ("1882", "CPR", "Should CPR run 3-trains I5-G7 (70) and K3-I5 (50), total 120?"),     # a question
    ("1882", "CPR", "If CPR runs I5-G7 with the 3 for 70 I'll buy a 4"),                 # a condition
    ("1861", "KK", "Maybe KK runs the 2 Odessa to D14 for 70 next time"),                # a plan
    ("1830", "B&O", "B&O runs its three 2s: I15-H16 for 50 and I15-J14 for 40"),         # three trains, two routes
    ("1882", "QLL", "Should QLL upgrade Regina to the green R1?"),
    ("1882", "GT", "GT runs 2 trains L8-K9 (40) and L8-N6 (50)"),      # two trains or 2-trains? two kinds owned                       # a question
    ("1882", "CPR", "If CPR skips its tile lay, can it afford a 4?"),                    # a condition
    ("1861", "NW", "Could NW pay half to the treasury, half to me?"),                    # a question
    ("1882", "HBR", "Could HBR's 4 run B12-G11-J8 for 120?"),                            # a question
    ("1882", "QLL", "If QLL ran J8-K9 with the 3 for 80 it could pay out"),              # a condition
    ("1830", "NYC", "NYC will maybe run its two 2s: E19-F20 for 60 and E19-E21 for 40"),  # a doubt
]


@pytest.mark.parametrize("title,current,line", REFUSED, ids=[r[2] for r in REFUSED])
def test_questions_plans_and_unpaired_lists_are_not_read(title, current, line):
    with pytest.raises(PbemError):
        parse_message(line, ctx(title, current))


#: lines whose wording these rules do not change: another company's run or lay stays that
#: company's, and a revenue in brackets after a revenue stays a claim, never a route
UNCHANGED = [
    ("1882", "CPR", "GT's two 2s run L8-K9 (40) and L8-N6 (50)",
     [run("GT", R("2", ["L8", "K9"], 40), R("2", ["L8", "N6"], 50))]),
    ("1882", "CPR", "HBR upgrades G11 with #57", [LayTile("HBR", "G11", "57", 0)]),
    ("1882", "CPR", "GT buys a 3 train", [BuyTrain("GT", "3")]),
]


@pytest.mark.parametrize("title,current,line,want", UNCHANGED, ids=[r[2] for r in UNCHANGED])
def test_another_companys_move_stays_that_companys(title, current, line, want):
    assert parse_message(line, ctx(title, current)) == want


def test_a_per_share_amount_is_no_second_route():
    from pbem.notation import read_message
    moves = read_message("CPR runs its 2T K3-I5 for 40 and pays, $4 a share", ctx("1882", "CPR"))
    assert [type(m.action) for m in moves] == [RunRoutes, Dividend]
    assert len(moves[0].action.routes) == 1
