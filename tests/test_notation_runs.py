"""Runs and their trains written the many ways people write them (issue 8): a run without its
train (the table takes the operating company's one kind of train, `trains_of`, and asks when it
has two), routes by places, by legs and with their sums, several trains with several revenues,
runs of nothing, postal orders with fields, and "2T for $80" told by the shape of its line.

Every line here is written for these tests (other words, orders and titles than the blind
corpora); each must read as the moves it states, and the near misses after them (questions,
conditions, plans, other companies' runs, lists that do not pair up) must not be read as runs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import pbem
from pbem.engine.actions import (
    BuyShares, BuyTrain, Dividend, LayTile, Pass, PlaceToken, Route, RunRoutes, Stop,
)
from pbem.errors import AmbiguousMoveError, NotationError, PbemError
from pbem.notation import context_for_title, parse_message

PLAYERS = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dee": "Dee"}
RECORD_1861 = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1861" / "29683.json"


def ctx(title: str, current: str, kinds=("2",), round_kind="OR"):
    """A context whose operating company owns trains of the given kinds (None: no game)."""
    return context_for_title(title, PLAYERS, actor="ann", current=current, round_kind=round_kind,
                             rotation_resolver=lambda t, h, e: 0,
                             trains_of=None if kinds is None else (lambda corp: list(kinds)))


def run(entity, *routes):
    return RunRoutes(entity, tuple(routes))


def R(train, stops, revenue=None):
    return Route(train, tuple(Stop(s) for s in stops), None, revenue)


READ = [
    # a run without its train: the company's one kind (grammar, past and future tense, rewording)
    ("1861", "KR", ("2",), "KR ran G15-I13 for 60", [run("KR", R("2", ["G15", "I13"], 60))]),
    ("1861", "KR", ("2",), "KR will run G15-I13 for 60", [run("KR", R("2", ["G15", "I13"], 60))]),
    ("1861", "KR", ("2",), "KR has run G15 - I13, 60", [run("KR", R("2", ["G15", "I13"], 60))]),
    ("1861", "KR", ("2",), "KR ran Kharkov-I13 for 60 and pays half",
     [run("KR", R("2", ["G15", "I13"], 60)), Dividend("KR", "half")]),
    ("1861", "KR", ("2",), "KR: no tile. Runs G15-I13 = 60, withheld.",
     [Pass("KR"), run("KR", R("2", ["G15", "I13"], 60)), Dividend("KR", "withhold")]),
    ("1882", "QLL", ("2", "2"), "QLL: K9-J10 = 50", [run("QLL", R("2", ["K9", "J10"], 50))]),
    ("1882", "QLL", ("3",), "QLL runs 90", [run("QLL", R("3", [], 90))]),
    ("1882", "CPR", ("2",), "CPR: no track this turn.", [Pass("CPR")]),
    # places and shapes of a route
    ("1861", "SPW", ("2",), "SPW ran A9 (Poland)-B8-E1 for 70", [run("SPW", R("2", ["A9", "B8", "E1"], 70))]),
    ("1861", "KR", ("2",), "KR runs Kiev to A11 (Poland) for 60", [run("KR", R("2", ["D14", "A11"], 60))]),
    ("1861", "KK", ("2",), "KK ran Odessa to Moscow (D20-D14-H8) for 90",
     [run("KK", R("2", ["D20", "D14", "H8"], 90))]),
    ("1861", "MNN", ("2",), "MNN ran its 2 from K7 via I9 to Moscow and on to H10 for 90",
     [run("MNN", R("2", ["K7", "I9", "H8", "H10"], 90))]),
    ("1882", "HBR", ("2",), "HBR ran Hudson Bay - G11 for 60", [run("HBR", R("2", ["B12", "G11"], 60))]),
    ("1882", "GT", ("2",), "GT ran Regina-Saskatoon for 50", [run("GT", R("2", ["J10", "G7"], 50))]),
    ("1882", "CNR", ("3",), "CNR runs the 3 from the fishing port through D8 and G7 for 120",
     [run("CNR", R("3", ["B6", "D8", "G7"], 120))]),
    ("1882", "QLL", ("3",), "QLL 3T: J10-K9-I11 = 90, pays out.",
     [run("QLL", R("3", ["J10", "K9", "I11"], 90)), Dividend("QLL", "payout")]),
    ("1882", "QLL", ("4",), "QLL 4T: I1 - J8 - G11 - Hudson Bay = 240 including the bonus",
     [run("QLL", R("4", ["I1", "J8", "G11", "B12"], 240))]),
    # a route with its sum, a revenue in brackets
    ("1882", "SC", ("3",), "SC: run 3 G7-I5-J10 (30+30+40=100), pays",
     [run("SC", R("3", ["G7", "I5", "J10"], 100)), Dividend("SC", "payout")]),
    ("1882", "CPR", ("2",), "CPR runs 2 train I5-K3 (20+30)", [run("CPR", R("2", ["I5", "K3"], 50))]),
    ("1882", "SC", ("3",), "run 3 G7-I5-J10 (40+30+30=100) withhold",
     [run("SC", R("3", ["G7", "I5", "J10"], 100)), Dividend("SC", "withhold")]),
    ("1882", "HBR", ("2",), "HBR runs 2 train G11-H10 ($40)", [run("HBR", R("2", ["G11", "H10"], 40))]),
    ("1882", "QLL", ("2",), "QLL runs K9-J10 (50), withholds",
     [run("QLL", R("2", ["K9", "J10"], 50)), Dividend("QLL", "withhold")]),
    # several trains with several revenues
    ("1882", "GT", ("2", "3"), "GT runs its 3 and its 2 for 80 and 40, withholds",
     [run("GT", R("3", [], 80), R("2", [], 40)), Dividend("GT", "withhold")]),
    ("1882", "CPR", ("2", "3", "4"), "CPR runs 4T, 3T and 2T for 150, 100 and 60",
     [run("CPR", R("4", [], 150), R("3", [], 100), R("2", [], 60))]),
    ("1882", "GT", ("2",), "GT runs its four 2s for 50, 50, 40 and 40",
     [run("GT", R("2", [], 50), R("2", [], 50), R("2", [], 40), R("2", [], 40))]),
    ("1882", "CNR", ("2", "3"), "CNR lays #9 on F8 with rotation 1, runs the 3 & the 2 for 90 & 50, and pays",
     [LayTile("CNR", "F8", "9", 1), run("CNR", R("3", [], 90), R("2", [], 50)), Dividend("CNR", "payout")]),
    ("1882", "HBR", ("2", "3"), "HBR runs 3T and 2T for 90 and 60, pays 150 total",
     [run("HBR", R("3", [], 90), R("2", [], 60)), Dividend("HBR", "payout")]),
    ("1861", "MK", ("2",), "MK is running its three 2-trains for 70, 60 and 50, full dividend",
     [run("MK", R("2", [], 70), R("2", [], 60), R("2", [], 50)), Dividend("MK", "payout")]),
    ("1861", "MNN", ("2", "3"), "MNN is running the 3 and the 2 for 90 and 50 this turn: H8-I13-G15 and K7-H8",
     [run("MNN", R("3", ["H8", "I13", "G15"], 90), R("2", ["K7", "H8"], 50))]),
    ("1882", "HBR", ("2",), "HBR runs Hudson Bay-G11 for 60 and G11-J8 for 40, withholds",
     [run("HBR", R("2", ["B12", "G11"], 60), R("2", ["G11", "J8"], 40)), Dividend("HBR", "withhold")]),
    # the dividend told with the run it pays
    ("1882", "HBR", ("5",), "OR 3.1: HBR pays out 240 from the 5 (B12-G11-J8).",
     [run("HBR", R("5", ["B12", "G11", "J8"], 240)), Dividend("HBR", "payout")]),
    ("1882", "GT", ("2", "3"), "GT withholds 90 with its 3 train (G11-J8-K9)",
     [run("GT", R("3", ["G11", "J8", "K9"], 90)), Dividend("GT", "withhold")]),
    # "2 trains:" before as many routes: two trains, each the company's one kind (or asked)
    ("1882", "CNR", ("3", "3"), "CNR runs 2 trains: G7-D8 (60) and G7-I5 (50). Paying out 110.",
     [run("CNR", R("3", ["G7", "D8"], 60), R("3", ["G7", "I5"], 50)), Dividend("CNR", "payout")]),
    ("1861", "MK", ("2", "2", "2"), "MK runs three trains: H8-H10 for 50, D14-E13 for 40, H8-K7 for 60",
     [run("MK", R("2", ["H8", "H10"], 50), R("2", ["D14", "E13"], 40), R("2", ["H8", "K7"], 60))]),
    # revenues alone, as many as the company's trains of one kind
    ("1861", "NW", ("4", "4"), "NW runs 120 + 160, pays out",
     [run("NW", R("4", [], 120), R("4", [], 160)), Dividend("NW", "payout")]),
    ("1882", "CPR", ("3", "3", "3"), "runs 90, 80 and 60 this time",
     [run("CPR", R("3", [], 90), R("3", [], 80), R("3", [], 60))]),
    # the same run as last time, told again after the colon
    ("1882", "CPR", ("2",), "CPR runs the same as last OR: 2 train I5-J10 for 60",
     [run("CPR", R("2", ["I5", "J10"], 60))]),
    ("1882", "CPR", ("3",), "Runs the same as before: 3 train G7-I5-J10 for 100, and pay it out",
     [run("CPR", R("3", ["G7", "I5", "J10"], 100)), Dividend("CPR", "payout")]),
    # 1861's national, run by the priority holder
    ("1861", "RSR", ("5",), "Operating the RSR as I have the priority deal: the 5 goes E1-H8-D14 for 200",
     [run("RSR", R("5", ["E1", "H8", "D14"], 200))]),
    ("1861", "RSR", ("4",), "I run the RSR since I hold priority: its 4 runs St Petersburg-Moscow-Kiev for 150",
     [run("RSR", R("4", ["E1", "H8", "D14"], 150))]),
    # runs of nothing and postal orders with fields
    ("1882", "HBR", ("2",), "HBR: #57 on H10, run: none, buy a 2",
     [LayTile("HBR", "H10", "57", 0), RunRoutes("HBR", ()), BuyTrain("HBR", "2")]),
    ("1882", "GT", ("3",), "GT - Tile: #8 on K7 (rot 2). Token: none. Route: 3T K7-I5 60. Div: withhold. Train: none.",
     [LayTile("GT", "K7", "8", 2), Pass("GT"), run("GT", R("3", ["K7", "I5"], 60)), Dividend("GT", "withhold"),
      Pass("GT")]),
    ("1882", "GT", ("2",), "GT: Token: none. Route: K7-I5 60. Div: pay. Train: 3T",
     [Pass("GT"), run("GT", R("2", ["K7", "I5"], 60)), Dividend("GT", "payout"), BuyTrain("GT", "3")]),
    ("1882", "GT", ("2",), "GT - tile: none. token: K7. run: none. train: 2T.",
     [Pass("GT"), PlaceToken("GT", "K7"), RunRoutes("GT", ()), BuyTrain("GT", "2")]),
    # an amount alone before the dividend: the run's revenue (the table finds its stops)
    ("1882", "CPR", ("2",), "CPR: 70, pays out", [run("CPR", R("2", [], 70)), Dividend("CPR", "payout")]),
    ("1861", "N", ("2",), "N 80 roubles, full dividend please", [run("N", R("2", [], 80)), Dividend("N", "payout")]),
    ("1861", "N", ("2",), "N: 80 this time, half", [run("N", R("2", [], 80)), Dividend("N", "half")]),
    # a bare amount in brackets after a train bought without a price: its price
    ("1882", "GT", ("2",), "GT buys a 4 from the depot (300)", [BuyTrain("GT", "4", "depot", 300)]),
    ("1882", "QLL", ("2",), "QLL: runs K9-J10 (50), withholds, then buys a 3 from CPR (120)",
     [run("QLL", R("2", ["K9", "J10"], 50)), Dividend("QLL", "withhold"), BuyTrain("QLL", "3", "CPR", 120)]),
    # "2T for $80" by the shape of the line: with its dividend a run, else (after a lay or a
    # dividend) a purchase
    ("1882", "CPR", None, "CPR: #57 on I5 rot 1, 2T for $80", [LayTile("CPR", "I5", "57", 1), BuyTrain("CPR", "2", "depot", 80)]),
    ("1882", "CPR", None, "CPR: #57 on I5 rot 1, 2T for 80, pays out",
     [LayTile("CPR", "I5", "57", 1), run("CPR", R("2", [], 80)), Dividend("CPR", "payout")]),
    ("1882", "CPR", None, "CPR pays out, then 3T for 180", [Dividend("CPR", "payout"), BuyTrain("CPR", "3", "depot", 180)]),
]


@pytest.mark.parametrize("title,current,kinds,line,want", READ, ids=[r[3] for r in READ])
def test_a_run_written_this_way_is_read(title, current, kinds, line, want):
    assert parse_message(line, ctx(title, current, kinds)) == want


def test_there_are_many_variants():
    assert len(READ) + len(REFUSED) + len(NOT_OURS) >= 40


# ---------------------------------------------------------------------- near misses: never a run
REFUSED = [
    ("1861", "KR", "Should KR run G15-I13 for 60?"),                   # a question
    ("1861", "KR", "If KR runs G15-I13 for 60 I'll buy a share"),        # a condition
    ("1861", "KR", "Maybe KR runs G15-I13 for 60 next time"),            # a doubt, a plan
    ("1882", "CPR", "runs the 3 and the 2 for 90"),                      # revenues that do not pair up
    ("1882", "CPR", "runs its three 2-trains for 60 and 50"),
    ("1882", "CPR", "runs the same as last time"),                       # no route stated
    ("1882", "CPR", "CPR: run none?"),
    ("1882", "CPR", "Would the 3 and the 2 run for 90 and 50?"),
    ("1861", "N", "N: 80, 90, pays out"),                                # two amounts, one run?
    ("1861", "MNN", "MNN runs the 3 and the 2 for 90 and 50: H8-I13-G15"),   # whose route?
    ("1882", "HBR", "HBR pays out 240 from the 5 (B12-G11-J8)?"),
    ("1882", "CNR", "CNR runs 2 trains: G7-D8 (60) and G7-I5 (50)"),      # two kinds: which ran where?
    ("1882", "CNR", "CNR runs 3 trains: G7-D8 for 60 and G7-I5 for 50"),  # three trains, two routes
    ("1882", "CPR", "Bob: 70, pays out"),                                # another player's line
]


@pytest.mark.parametrize("title,current,line", REFUSED, ids=[r[2] for r in REFUSED])
def test_questions_plans_and_unpaired_lists_are_not_read(title, current, line):
    with pytest.raises(PbemError):
        parse_message(line, ctx(title, current, ("2", "3")))


#: lines that are another company's run, or no run at all: read as what they state, never as
#: the operating company's run
NOT_OURS = [
    ("1861", "RSR", "KB ran A11 (Poland) to Kiev for 60.", [run("KB", R("2", ["A11", "D14"], 60))]),
    ("1861", "RSR", "SPW: A9-B8-E1 for 80. KB: A11-D14 for 60.",
     [run("SPW", R("2", ["A9", "B8", "E1"], 80)), run("KB", R("2", ["A11", "D14"], 60))]),
]


@pytest.mark.parametrize("title,current,line,want", NOT_OURS, ids=[r[2] for r in NOT_OURS])
def test_a_run_named_for_another_company_stays_that_companys(title, current, line, want):
    assert parse_message(line, ctx(title, current)) == want


@pytest.mark.parametrize("kinds", [("4",), ("4", "5"), ("4", "4", "4"), None])
def test_revenues_alone_are_read_only_for_as_many_trains_of_one_kind(kinds):
    # one train: "120 + 160" may be one route's sum; two kinds: which earned which?
    with pytest.raises(PbemError):
        parse_message("NW runs 120 + 160, pays out", ctx("1861", "NW", kinds))


def test_a_name_and_one_hex_is_no_route():
    # "QLL x1" in a stock round is a share bought, never QLL's run of one stop
    sr = ctx("1882", "ann", ("2",), round_kind="SR")
    assert parse_message("QLL x1", sr) == [BuyShares("ann", "QLL", "ipo", 10)]


def test_two_kinds_of_train_are_asked_and_no_game_asks_too():
    for kinds in (("2", "3"), None):
        with pytest.raises(NotationError, match="which train runs"):
            parse_message("KR ran G15-I13 for 60", ctx("1861", "KR", kinds))


def test_a_bracket_amount_after_a_revenue_stays_a_claim():
    from pbem.notation import read_message
    moves = read_message("QLL runs 2 train K9-J10 for 50 (cash 300)", ctx("1882", "QLL"))
    assert moves[0].action == run("QLL", R("2", ["K9", "J10"], 50))
    assert [(c.kind, c.value) for c in moves[0].claims] == [("cash", 300)]


def test_the_shape_of_the_line_decides_only_when_it_tells():
    from pbem.notation.names import name_index
    from pbem.notation.piece_fits import Fitter
    from pbem.notation.pieces import clauses
    or_ = ctx("1882", "CPR")
    [c] = clauses("2T for 80", or_, name_index(or_))
    runs, buys = [[(run("CPR", R("2", [], 80)), ())]], [[(BuyTrain("CPR", "2", "depot", 80), ())]]

    def fit(before, later=frozenset()):
        return Fitter(or_, "operating", c, before, later).fit()
    assert fit([]) == runs + buys                                # alone: both fit
    assert fit([Dividend("CPR", "payout")]) == buys
    assert fit([], frozenset({"payout"})) == runs
    assert fit([LayTile("CPR", "I5", "57", 1)]) == buys
    assert fit([run("CPR", R("3", [], 90))]) == runs + buys


# ---------------------------------------------------------------------- at the table
@pytest.fixture(scope="module")
def record_1861():
    from pbem.importers.eighteen_xx import load_record
    return RECORD_1861, [a["id"] for a in load_record(RECORD_1861).live]


def _before(record, action_id):
    path, ids = record
    return pbem.read_record(path, stop_at=ids[ids.index(action_id) - 1])


def _run_of(actions):
    runs = [a for a in actions if isinstance(a, RunRoutes)]
    assert len(runs) == 1
    return [(r.train, [s.hex for s in r.stops], r.revenue) for r in runs[0].routes]


# N's first run in the 1861 record (action 86): N owns 2 trains only
@pytest.mark.parametrize("line", [
    "N runs H8-G5-E1 for 80",                                  # the grammar
    "N ran H8-G5-E1 for 80",                                   # a past tense
    "N: H8-G5-E1 = 80",                                        # a route after the company's name
    "N ran Moscow-G5-St Petersburg for 80",                    # places: the rewording
    "Running H8-G5-E1 for 80 with N, sorry Bob",               # the reading by pieces
])
def test_at_the_table_the_train_is_the_companys_one_kind(record_1861, line):
    g = _before(record_1861, 86)
    president = g.state.corporations["N"].president
    assert _run_of(g.parse(line, president)) == [("2", ["H8", "G5", "E1"], 80)]


def test_at_the_table_a_run_written_by_its_revenue_alone_is_found(record_1861):
    g = _before(record_1861, 86)
    got = _run_of(g.parse("runs 80", g.state.corporations["N"].president))
    assert got[0][0] == "2" and got[0][2] == 80 and sorted(got[0][1]) == ["E1", "G5", "H8"]


def test_at_the_table_two_kinds_of_train_are_asked(record_1861):
    g = _before(record_1861, 346)                  # M-K owns a 2 and a 3
    assert {t.name for t in g.state.corporations["M-K"].trains} == {"2", "3"}
    president = g.state.corporations["M-K"].president
    with pytest.raises((NotationError, AmbiguousMoveError), match="which train"):
        g.parse("M-K runs G15-I13-H8 for 110", president)
    got = _run_of(g.parse("M-K runs 3 train G15-I13-H8 for 110, 2 train H8-H10-E13-D14 for 90", president))
    assert got == [("3", ["G15", "I13", "H8"], 110), ("2", ["H8", "H10", "E13", "D14"], 90)]


def test_at_the_table_a_revenue_in_brackets_is_the_runs_and_checked(record_1861):
    from pbem.errors import RuleError
    g = _before(record_1861, 86)
    president = g.state.corporations["N"].president
    assert _run_of(g.parse("N runs H8-G5-E1 (80)", president)) == [("2", ["H8", "G5", "E1"], 80)]
    with pytest.raises(RuleError, match="worth"):
        g.parse("N runs H8-G5-E1 (90)", president)


@pytest.mark.parametrize("line", [
    "N - Route: Moscow-G5-St Petersburg 80.",                  # two rewordings, places by name
    "N - Route: 2T Moscow-G5-St Petersburg (80)",
])
def test_at_the_table_a_line_is_reworded_as_the_reader_rewords_it(record_1861, line):
    # the table reads a message move by move (notation/sequence.py): a refused line is reworded
    # there as often, and with the same place names, as `parse_message` rewords it
    g = _before(record_1861, 86)
    assert _run_of(g.parse(line, g.state.corporations["N"].president)) == [("2", ["H8", "G5", "E1"], 80)]
