"""More readings the interpreter took over from the grammar's tolerant forms (issue #24), read with
the grammar reading canonical and log lines only; and what a line nothing reads is told."""
from __future__ import annotations

import pytest

from pbem.engine.actions import (
    Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, Dividend, EndGame, LayTile, Par, Pass, PlaceToken,
    RemoveToken, Route, RunRoutes, SellShares, Stop,
)
from pbem.errors import NotationError, PbemError
from pbem.notation import context_for_title, parse_message, read_message
from pbem.notation.logs import is_log_move

from notation_kit import ctx

PLAYERS = {"ann": "Ann", "bob": "Bob", "p3": "Player 3"}


def _ctx(rk, cur, title="1882", **kw):
    return context_for_title(title, PLAYERS, actor="ann", current=cur, round_kind=rk, **kw)


def R(train, stops, revenue=None, via=None):
    return Route(train, tuple(Stop(h) for h in stops), via, revenue)


@pytest.mark.parametrize("rk,cur,line,want", [
    ("auction", "ann", "Player 3 bids $180 for Canadian Pacific", [Bid("p3", "CP", 180)]),
    ("operating", "CPR", "Remove token from J10", [RemoveToken("NWR", "J10")]),
    ("operating", "CPR", "remove token J10 city 2", [RemoveToken("NWR", "J10", 1)]),
    ("operating", "CPR", "bankrupt", [Bankrupt("CPR")]),
    ("stock", "ann", "end game", [EndGame("ann")]),
    ("stock", "ann", "Game ended manually by Bob", [EndGame("bob")]),
    ("operating", "CPR", "places tile 57 on I5 rotation 2", [LayTile("CPR", "I5", "57", 2)]),
    ("operating", "CPR", "lays a token on G7", [PlaceToken("CPR", "G7")]),
    ("operating", "CPR", "lays #57 I5/2", [LayTile("CPR", "I5", "57", 2)]),
    ("operating", "CPR", "lays 57 on I05 rot 2", [LayTile("CPR", "I5", "57", 2)]),
    ("operating", "CPR", "lays #57 on I5 with orientation SE", [LayTile("CPR", "I5", "57", 5)]),
    ("operating", "CPR", "3: I5-J10-K9 = 90", [RunRoutes("CPR", (R("3", ["I5", "J10", "K9"], 90),))]),
    ("operating", "CPR", "runs 2 train I5-J8-K9 via I5>J8 J8>K9 for 60",
     [RunRoutes("CPR", (R("2", ["I5", "J8", "K9"], 60, (("I5", "J8"), ("J8", "K9"))),))]),
    ("stock", "ann", "convert P2 to SC at 100", [Par("ann", "SC", 100)]),
    ("operating", "CPR", "buys P3 for 160", [BuyCompany("CPR", "NWR", 160)]),
    ("stock", "ann", "gets 1 CPR from the pool for $80", [BuyShares("ann", "CPR", "pool")]),
    ("operating", "CPR", "OR 2.1:\nGT:\nlays 8 K7 r5\ntoken L8\nwithholds",
     [LayTile("GT", "K7", "8", 5), PlaceToken("GT", "L8"), Dividend("GT", "withhold")]),
    ("operating", "CPR", "GT: lays 8 K7 r5\nHBR: lays 9 G11 r0\ntoken G9",
     [LayTile("GT", "K7", "8", 5), LayTile("HBR", "G11", "9", 0), PlaceToken("HBR", "G9")]),
    ("operating", "CPR", "CPR buys a D train for 1100, Bob sells 2 GT to fund it.",
     [SellShares("bob", "GT", 20), BuyTrain("CPR", "D", "depot", 1100)]),
])
def test_read_with_the_grammar_reading_canonical_lines_only(rk, cur, line, want):
    assert parse_message(line, _ctx(rk, cur)) == want


@pytest.mark.parametrize("rk,cur,line", [
    ("stock", "ann", "HBR gets $40 from the NWR"),              # income, no buy
    ("operating", "CPR", "runs 2 train I5-J10 via I5>I6>K9 for 60"),   # legs that do not join the stops
    ("operating", "CPR", "Bob is buying a 4 train for Zed"),   # a name nobody has
])
def test_near_misses_stay_refused(rk, cur, line):
    with pytest.raises(PbemError):
        parse_message(line, _ctx(rk, cur))


def test_a_train_bought_for_its_company_by_a_player_claims_the_presidency():
    m = read_message("Bob buys a 3 train for CPR", _ctx("operating", "CPR"))
    assert [x.action for x in m] == [BuyTrain("CPR", "3", "depot")]
    assert [(c.kind, c.value) for c in m[0].claims] == [("president", ("bob", "CPR"))]


@pytest.mark.parametrize("text,header", [
    ("Green phase: CPR lays #57 on I5 r2", "Green phase"),
    ("In OR 2.1 CPR lays #57 on I5 r2", "OR 2.1"),
    ("CPR lays #57 on I5 r2 in OR 2.1", "OR 2.1"),
])
def test_a_label_heads_the_moves_of_its_line(text, header):
    m = read_message(text, _ctx("operating", "CPR"))
    assert [(x.action, x.header) for x in m] == [(LayTile("CPR", "I5", "57", 2), header)]


@pytest.mark.parametrize("line", [
    "Ann exchanges MH for a 10% share of NYC",
    "Ann trades the Mohawk & Hudson for a 10% share of NYC",
])
def test_a_private_exchanged_for_its_share_is_the_privates_move(line):
    c = context_for_title("1830", {"ann": "Ann"}, actor="ann", current="ann", round_kind="stock")
    assert parse_message(line, c) == [BuyShares("MH", "NYC", "ipo", 10)]
    with pytest.raises(PbemError):
        parse_message(line.replace("for a 10%", "and $50 for a 10%"), c)


@pytest.mark.parametrize("line,want", [
    ("TP runs 5E train J24-M23 for 80", RunRoutes("TP", (R("5E", ["J24", "M23"], 80),))),
    ("TP buys a 4E train from the depot for 400", BuyTrain("TP", "4E", "depot", 400)),
    ("runs the 4E J24-M23 for 80", RunRoutes("TP", (R("4E", ["J24", "M23"], 80),))),
])
def test_express_trains_are_read(line, want):
    c = context_for_title("1869", {"ann": "Ann"}, actor="ann", current="TP", round_kind="operating")
    assert parse_message(line, c) == [want]
    bought = BuyTrain("TP", "5E", "depot", 500)
    assert parse_message(f"TP buys a 5E train from the depot for 500\n{line}", c) == [bought, want]


@pytest.mark.parametrize("line,yes", [
    ("CPR lays tile #57 with rotation 2 on I5 (Swift Current)", True),
    ("CPR spends $20 and lays tile #15 with rotation 4 on G15 (Columbus)", True),
    ("Ann buys a 10% share of CPR from the IPO for $76", True),
    ("RSR runs a 5 train for 210₽: H8-G15-D14", True),
    ("Remove token from J10 and replace with neutral token", True),
    ("Game ended manually by Ann", True),
    ("CPR passes buy trains", True),
    ("lays 57 on I5 rot 2", False),                 # the notation, no log line
    ("Ann buys a share of CPR", False),
    ("CPR passes, sorry for the wait", False),
    # one move a line: a player's clause, then a clause in a log line's shape, is the interpreter's
    ("QLL has no train and Ann chips in for a 4 ($300); QLL buys the SC for $25", False),
])
def test_log_move_lines_are_told_by_their_shape(line, yes):
    assert is_log_move(line) is yes


@pytest.mark.parametrize("rk,cur,line,column,said", [
    ("stock", "ann", "Anne buys CPR", 1, 'did you mean "Ann"'),
    ("operating", "CPR", "Zed is buying a 4 train", 1, "names no player or company"),
    ("operating", "CPR", "runs 7 train I5-J10", 6, "unknown train"),
    ("operating", "CPR", "CPR buys the only train", 14, 'which train is "the only train"?'),
    ("operating", "CPR", "lays 57 on I5 rot 7", 19, "0 to 5"),
    ("stock", "ann", "par CPR at", 11, "the end of the line"),
    ("operating", "CPR", "CPR: lays 57 I5 r2\ntoken J1O", 7, "hex coordinate such as J10"),
])
def test_a_refused_line_points_at_what_could_not_be_placed(rk, cur, line, column, said):
    with pytest.raises(NotationError) as info:
        parse_message(line, _ctx(rk, cur))
    assert info.value.column == column and said in str(info.value) and info.value.expected


def test_the_kit_context_reads_a_bare_bankruptcy_only_for_the_company_operating():
    assert parse_message("CPR: bankrupt", ctx("1882", "OR", "CPR")) == [Bankrupt("CPR")]
    with pytest.raises(PbemError):
        parse_message("bankrupt", ctx("1882", "SR", None))


def _kit(title, rk, cur, line):
    return parse_message(line, ctx(title, rk, cur))


@pytest.mark.parametrize("title,rk,cur,line,want", [
    ("1830", "OR", "PRR", "PRR is done for this round.", [Pass("PRR")]),
    ("1830", "OR", "NYNH", "NYNH is done, passes the rest of its turn", [Pass("NYNH")]),
    ("1830", "SR", None, "Ann passes this round of buying", [Pass("ann")]),
    ("1861", "SR", None, "Bid 115 SE", [Bid("ann", "SE", 115)]),
    ("1830", "auction", None, "Ann buys the B&O private for 220 and pars the B&O at 100.",
     [Bid("ann", "BO", 220), Par("ann", "B&O", 100)]),
    ("1882", "OR", "CPR", "CPR buys a 3 from SC for 100", [BuyTrain("CPR", "3", "SC", 100)]),
    ("1882", "OR", "CPR", "CPR buys SC from Bob for 100", [BuyCompany("CPR", "SC", 100)]),
    ("1861", "SR", None, "Ann has bought a second share of the GR from the bank pool.", [BuyShares("ann", "GRR", "pool")]),
    ("1830", "SR", None, "buying a B+M share from the ipo", [BuyShares("ann", "B&M")]),
])
def test_more_lines_the_interpreter_reads(title, rk, cur, line, want):
    assert _kit(title, rk, cur, line) == want


@pytest.mark.parametrize("title,rk,cur,line", [
    ("1882", "OR", "CPR", 'Sorry - just realized I don\'t "have" to buy a train yet.'),   # "don't" is no slip for "done"
    ("1861", "merger", None, "the merger is done"),
])
def test_lines_that_tell_no_move_stay_unread(title, rk, cur, line):
    with pytest.raises(PbemError):
        _kit(title, rk, cur, line)


def test_claims_said_beside_the_move():
    (m,) = read_message("CPR buys a 4 for $300 (ouch)", ctx("1882", "OR", "CPR"))
    assert any('"(ouch)"' in n and "comment" in n for n in m.notes)
    (m,) = read_message("Ann sells 2 GT and now holds 10%", ctx("1882", "SR", None))
    assert [(c.kind, c.value) for c in m.claims] == [("holding", 10)]
    (m,) = read_message("sells 10% of GT, now holding 10%", ctx("1882", "SR", None))
    assert [(c.kind, c.value) for c in m.claims] == [("holding", 10)]
    (m,) = read_message("CPR pays out (ran for 60)", ctx("1882", "OR", "CPR"))
    assert [(c.kind, c.value) for c in m.claims] == [("revenue", 60)]
    c = context_for_title("1882", {"a": "Player 1", "b": "Player 2"}, actor="a", current="HBR", round_kind="operating")
    (m,) = read_message("HBR pays out (Player 1 $33, Player 2 $44)", c)
    assert [(x.kind, x.value) for x in m.claims] == [("payees", (("a", 33), ("b", 44)))]


@pytest.mark.parametrize("line", ["CN runs a 4 for 120 and a 3 for 80. Paying out.",
                                  "CN ran a 4 for 120 and a 3 for 80. Paying out."])
def test_a_run_of_two_trains_told_one_after_the_other(line):
    want = [RunRoutes("CN", (Route("4", (), None, 120), Route("3", (), None, 80))), Dividend("CN", "payout")]
    assert _kit("1882", "OR", "CN", line) == want


def test_a_past_run_is_the_operating_companys_only():
    with pytest.raises(PbemError):
        _kit("1882", "OR", "CN", "GT ran a 4 for 120 last time")


def test_a_nationalisation_told_in_the_passive_with_its_reason_is_the_companys_choice():
    from pbem.engine.actions import Choose
    assert _kit("1861", "OR", "GRR", "GRR is nationalised - can't afford a 5 train") == [Choose("GRR", "nationalize")]
    with pytest.raises(PbemError):
        _kit("1861", "OR", "GRR", "GRR is nationalised?")


@pytest.mark.parametrize("line", ["Bob: NYC does not buy a train this turn", "Bob:\nlays #57 on F16 rot 1"])
def test_another_players_words_are_no_move_of_the_writers_company(line):
    # Ann may be NYC's president: a line headed by Bob's name is quoted, not her company's move
    with pytest.raises(PbemError):
        _kit("1830", "OR", "NYC", line)
