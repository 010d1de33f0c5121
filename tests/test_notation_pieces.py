"""The reading of a line by its pieces (pbem/notation/pieces.py, piece_moves.py): the last reading
of a line the grammar and its rewordings refuse. Each line here is written for these tests in the
free orders people use (move words among chat, asides and reasons); each must read as the moves
it states, or (the second half) must not be read at all."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import pbem
from pbem.engine.actions import (
    Bid, BuyCompany, BuyShares, BuyTrain, Convert, Dividend, LayTile, Merge, Par, Pass, PlaceToken, Route,
    RunRoutes, SellShares, Stop,
)
from pbem.errors import AmbiguousMoveError, NotationError, PbemError
from pbem.notation import context_for_title, parse_message, read_message
from pbem.notation.names import name_index
from pbem.notation.piece_moves import read_by_pieces

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_game_facade import OPENING  # noqa: E402

PLAYERS = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dee": "Dee"}


def ctx(title: str, round_kind, actor: str = "ann", current=None, **hooks):
    return context_for_title(title, PLAYERS, actor=actor, current=current, round_kind=round_kind,
                             rotation_resolver=hooks.pop("rotation_resolver", lambda t, h, e: 3), **hooks)


def read(title, round_kind, current, line, actor="ann"):
    return parse_message(line, ctx(title, round_kind, actor, current))


READ = [
    # auctions: the item and the amount among greetings, apologies and reasons
    ("1882", "auction", None, "Evening folks, kicking off: 20 on the Hudson Bay.", [Bid("ann", "HB", 20)]),
    ("1882", "auction", None, "Up to $160 on TB, sorry Bob.", [Bid("ann", "TB", 160)]),
    ("1882", "auction", None, "Trestle Bridge for me at 150 please", [Bid("ann", "TB", 150)]),
    ("1882", "auction", None, "Hi all, I would like to put in a bid of $95 on NWR.", [Bid("ann", "NWR", 95)]),
    ("1882", "auction", None, "$210 CP", [Bid("ann", "CP", 210)]),
    ("1882", "auction", None, "Too rich for me, I'm out of the CP bidding.", [Pass("ann")]),
    ("1861", "auction", None, "Raising to 120₽ on the Warsaw Vienna, good luck", [Bid("ann", "WVR", 120)]),
    ("1861", "SR", None, "Opening KR for me at 100 please", [Bid("ann", "KR", 100)]),
    ("1861", "SR", None, "KB for me at the minimum (100).", [Bid("ann", "KB", 100)]),
    # stock rounds
    ("1882", "SR", None, "Right then: 10% GT from the pool.", [BuyShares("ann", "GT", "pool", 10)]),
    ("1882", "SR", None, "HBR +1", [BuyShares("ann", "HBR", "ipo", 10)]),
    ("1882", "SR", None, "1 x QLL (IPO), ta", [BuyShares("ann", "QLL", "ipo", 10)]),
    ("1882", "SR", None, "Dumping 3 CNR, sorry Cid.", [SellShares("ann", "CNR", 30)]),
    ("1882", "SR", None, "Selling 2 GT, 1 HBR.", [SellShares("ann", "GT", 20), SellShares("ann", "HBR", 10)]),
    ("1882", "SR", None, "Good morning! Launching the Grand Trunk Pacific at $67, I'm done.",
     [Par("ann", "GT", 67), Pass("ann")]),
    ("1882", "SR", None, "Having the CP, I start CPR at 82.", [Par("ann", "CPR", 82)]),
    ("1861", "SR", None, "Floating SE at 150 with the home in F18.",
     [Par("ann", "SE", 150), PlaceToken("SE", "F18")]),
    # operating rounds
    ("1882", "OR", "QLL", "QLL: #9 on J8 rot 2, 2T.", [LayTile("QLL", "J8", "9", 2), BuyTrain("QLL", "2")]),
    ("1882", "OR", "QLL", "QLL: 9 on J8 r2 | 2T J8-J10 30 | withhold",
     [LayTile("QLL", "J8", "9", 2), RunRoutes("QLL", (Route("2", (Stop("J8"), Stop("J10")), revenue=30),)),
      Dividend("QLL", "withhold")]),
    ("1882", "OR", "CPR", "CPR - tile 57 in I5 (rot 1), then a 9 on I7 for the extra $20.",
     [LayTile("CPR", "I5", "57", 1), LayTile("CPR", "I7", "9", 3)]),
    ("1882", "OR", "GT", "GT station in Regina ($40), thanks.", [PlaceToken("GT", "J10")]),
    ("1882", "OR", "GT", "GT grabs two 3-trains off the bank", [BuyTrain("GT", "3"), BuyTrain("GT", "3")]),
    ("1882", "OR", "GT", "GT buys 2 2T from depot, 80 apiece",
     [BuyTrain("GT", "2", "depot", 80), BuyTrain("GT", "2", "depot", 80)]),
    ("1882", "OR", "GT", "GT takes the CNR 3-train for $1", [BuyTrain("GT", "3", "CNR", 1)]),
    ("1882", "OR", "HBR", "HBR purchases the Saskatchewan Central from Bob, $60", [BuyCompany("HBR", "SC", 60)]),
    ("1882", "OR", "HBR", "HBR runs its two 2s for 60 and 30 and pays.",
     [RunRoutes("HBR", (Route("2", (), revenue=60), Route("2", (), revenue=30))), Dividend("HBR", "payout")]),
    ("1882", "OR", "HBR", "HBR: 3T 90 & 2T 50 = 140, payout",
     [RunRoutes("HBR", (Route("3", (), revenue=90), Route("2", (), revenue=50))), Dividend("HBR", "payout")]),
    ("1882", "OR", "HBR", "HBR skips track and token this time.", [Pass("HBR"), Pass("HBR")]),
    ("1882", "OR", "HBR", "HBR has laid a 57 in G11 rot 4 and is buying a 2 train.",
     [LayTile("HBR", "G11", "57", 4), BuyTrain("HBR", "2")]),
    ("1861", "OR", "KR", "KR lays 8 at G13 and 9 at H12 (20 extra) then buys a 2-train for R100.",
     [LayTile("KR", "G13", "8", 3), LayTile("KR", "H12", "9", 3), BuyTrain("KR", "2", "depot", 100)]),
    ("1861", "OR", "SW", "SW runs 2 trains: 4T 180 + 3T 120 = 300, full payout",
     [RunRoutes("SW", (Route("4", (), revenue=180), Route("3", (), revenue=120))), Dividend("SW", "payout")]),
    ("1882", "OR", "GT", "Evening - GT buys a D trading in the 4, $800", [BuyTrain("GT", "D", "depot", 800, "4")]),
    ("1882", "OR", "GT", "gt 9 on m7, no token, run 2 for 40, pay",
     [LayTile("GT", "M7", "9", 3), Pass("GT"), RunRoutes("GT", (Route("2", (), revenue=40),)), Dividend("GT", "payout")]),
    ("1882", "OR", "CNR", "CNR places the neutral token at K3 and pays out 80 from the 3T.",
     [PlaceToken("CNR", "K3", neutral=True), RunRoutes("CNR", (Route("3", (), revenue=80),)), Dividend("CNR", "payout")]),
    ("1882", "OR", "QLL", "QLL picks up the Trestle Bridge off Bob for forty.", [BuyCompany("QLL", "TB", 40)]),
    ("1882", "OR", "GT", "GT emergency: Ann sells 1 CPR, GT buys the 4 from the depot for 300",
     [SellShares("ann", "CPR", 10), BuyTrain("GT", "4", "depot", 300)]),
    ("1861", "OR", "N", "N: 2T Moscow - St Petersburg for 80, withhold",
     [RunRoutes("N", (Route("2", (Stop("H8"), Stop("E1")), revenue=80),)), Dividend("N", "withhold")]),
    ("1882", "auction", None, "Trestle Bridge: one hundred and sixty dollars, sorry Bob", [Bid("ann", "TB", 160)]),
    ("1882", "auction", None, "Out of the TB bidding, good luck all.", [Pass("ann")]),
    # merger rounds
    ("1861", "merger", "KR", "KR merges with MV, becomes MKN.", [Merge("KR", "MV"), Merge("KR", "MKN")]),
    ("1861", "merger", "OK", "OK converts to SW at 110.", [Convert("OK"), Merge("OK", "SW")]),
]


@pytest.mark.parametrize("title,round_kind,current,line,want", READ, ids=[r[3][:50] for r in READ])
def test_a_line_is_read_by_its_pieces(title, round_kind, current, line, want):
    assert read(title, round_kind, current, line) == want


REFUSED = [
    # questions, plans, conditions, doubts
    ("1882", "auction", None, "Is 20 on the Hudson Bay the minimum?"),
    ("1882", "auction", None, "Thinking of 160 on TB, comments welcome."),
    ("1882", "SR", None, "When Bob dumps GT I'd grab 10% from the pool."),
    ("1882", "SR", None, "Should I float HBR at 76 or wait a round"),
    ("1882", "SR", None, "Maybe HBR +1 then."),
    ("1882", "OR", "GT", "GT plans a 2T for $80 next turn."),
    # reports: others' moves, past tenses, summaries, consequences, automatic actions
    ("1882", "SR", None, "Bob: 10% GT from the pool."),
    ("1882", "SR", None, "Sold 2 GT and bought CPR, for the record."),
    ("1882", "SR", None, "Round so far: Bob x2 GT, Cid +1 CNR."),
    ("1882", "OR", "GT", "GT's share price moves up to 82 after the 60 paid."),
    ("1882", "OR", "GT", "QLL: #9 on J8 rot 2, 2T."),                       # another company's turn
    ("1882", "OR", "GT", "NWR: 9 in J4 for free"),                          # a private acting, not GT
    ("1861", "OR", "RSR", "RSR: 5-train for 210, withholds as always"),
    ("1882", "OR", "CPR", "[18:20] Ann receives $40 from CP"),
    ("1882", "SR", None, "> Bob wrote: 10% GT from the pool"),
    # pieces among chat with no move word: not a move
    ("1882", "auction", None, "Thanks, 20 on HB is fun"),
    ("1882", "OR", "CPR", "that #57 on I5 looks odd to me"),
    ("1882", "OR", "CPR", "Congrats on the 6 train, Bob"),
    ("1882", "OR", "CPR", "CPR's run was 90 in the end."),
    # a move put off until something happens: a plan
    ("1882", "SR", None, "I'd like a GT share once its price comes down to 67"),
    ("1882", "OR", "GT", "When GT has the cash it buys a 4 from the depot"),
    ("1882", "OR", "GT", "GT lays #57 on L8 as soon as green tiles are out"),
    ("1882", "SR", None, "Pass until CPR floats"),
    # negations and corrections
    ("1882", "SR", None, "No HBR for me today."),
    ("1882", "OR", "GT", "GT won't take the 4T for $300."),
    ("1882", "OR", "GT", "GT: 57 on L8 rot 1 - no wait, scratch that."),
    # a piece left over: the line is never read in part
    ("1882", "OR", "GT", "GT: 57 on L8 rot 1 + 9 on M7 rot 2 for the extra $20"),
    ("1882", "OR", "GT", "GT: 57 on L8 rot 1, 9 M7 6"),       # (no rotation is 6)
    ("1882", "OR", "GT", "GT upgrades L8 to #14, rotatoin 2"),
    ("1882", "OR", "CPR", "CPR pays half of 90 and 40"),       # (half of one amount is its revenue told)
    ("1882", "SR", None, "Right, 3 more CPR at 82"),                  # several shares at once: write each buy
    ("1882", "OR", "GT", "GT takes a loan for the 4T"),
]


@pytest.mark.parametrize("title,round_kind,current,line", REFUSED, ids=[r[3][:50] for r in REFUSED])
def test_a_line_that_is_no_move_is_not_read_by_its_pieces(title, round_kind, current, line):
    """(Some of these the grammar reads by itself, as it did before: "Bob: 10% GT from the pool"
    is Bob's move, refused at the table for another seat; here only the pieces reader is asked.)"""
    c = ctx(title, round_kind, "ann", current)
    with pytest.raises(PbemError):
        read_by_pieces(line, c, name_index(c))


def test_a_holding_stated_beside_a_buy_is_a_claim_on_it():
    got = read_message("Right then, a 2nd share of CNR (that's 40% now).", ctx("1882", "SR"))
    assert [m.action for m in got] == [BuyShares("ann", "CNR", "ipo", 10)]
    assert [(c.kind, c.value) for c in got[0].claims] == [("holding", 40)]


def test_a_count_of_shares_is_that_many_buys_of_one_share():
    # the rules buy one certificate per action (pbem/notation/share_quantity.py)
    assert read("1882", "SR", None, "Righto, buying 3 more CPR at 82 please") == [BuyShares("ann", "CPR", "ipo", 10)] * 3


def test_several_moves_fit_and_the_error_lists_them():
    with pytest.raises(AmbiguousMoveError) as e:
        read("1882", "OR", "GT", "Righto - 2T for $80, cheers")
    assert len(e.value.candidates) == 2
    assert any("runs" in c for c in e.value.candidates) and any("buys" in c for c in e.value.candidates)


def test_without_the_round_kind_nothing_is_read_by_pieces():
    line = "Evening folks, kicking off: 20 on the Hudson Bay."
    with pytest.raises(NotationError):
        parse_message(line, ctx("1882", None))          # no round: what this test is about
    assert parse_message(line, ctx("1882", "auction")) == [Bid("ann", "HB", 20)]


def test_a_pasted_transcript_is_never_read_by_pieces():
    line = "Evening folks, kicking off: 20 on the Hudson Bay."
    with pytest.raises(NotationError):
        read_message(line, ctx("1882", "auction"), transcript=True)


def test_the_grammar_reading_comes_first():
    """A line the grammar reads is read as before: the pieces are only the last reading."""
    got = read_message("Ann bids 20 on HB", ctx("1882", "auction"))
    assert [m.action for m in got] == [Bid("ann", "HB", 20)] and got[0].text == "Ann bids 20 on HB"


def test_a_token_read_by_its_pieces_leaves_its_city_to_the_game():
    got = read_message("GT station in Regina ($40), thanks.", ctx("1882", "OR", current="GT"))
    assert got[0].action == PlaceToken("GT", "J10") and "city" in got[0].open


def test_at_the_table_the_legal_move_decides():
    """At CPR's first turn it has no train: "2T for $80" can only be the purchase, and the
    second clause is tried after the first (a lay, then the trains)."""
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    for who, text in OPENING[:-1]:
        g.push_notation(text, who)
    assert g.current_entity() == "CPR"
    mark = len(g.moves)
    g.push_notation("Morning all! CPR: #57 in I5 rot 1, then 2T for $80, cheers", "Ann")
    assert g.moves[mark] == LayTile("CPR", "I5", "57", 1)
    assert g.moves[-1] == BuyTrain("CPR", "2", "depot", 80)


def test_at_the_table_a_line_of_another_seat_is_refused():
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    with pytest.raises(PbemError):
        g.push_notation("Evening folks, kicking off: 20 on the Hudson Bay.", "Bob")
    assert g.moves == []
    g.push_notation("Evening folks, kicking off: 20 on the Hudson Bay.", "Ann")
    assert g.moves == [Bid("Ann", "HB", 20)]


TAKEN_BACK = [
    "GT: 57 on L8 rot 1 - no wait, scratch that.",
    "GT lays 57 on L8 rot 1. Scratch that, ignore.",
    "GT lays 57 on L8 rot 1 (ignore this line, wrong game)",
    "GT buys a 4 train from the depot. Never mind.",
    "GT withholds -- cancel that please",
]


@pytest.mark.parametrize("line", TAKEN_BACK)
def test_a_line_that_takes_its_move_back_is_refused_where_it_does_so(line):
    from pbem.notation import context_for_title, parse_message

    c = context_for_title("1882", {"ann": "Ann"}, actor="ann", current="GT", round_kind="OR")
    with pytest.raises(NotationError) as e:
        parse_message(line, c)
    assert "takes its move back" in str(e.value)


def test_a_correction_that_goes_on_with_the_move_meant_is_read_as_that_move():
    from pbem.engine.actions import Pass
    from pbem.notation import context_for_title, parse_message

    c = context_for_title("1882", {"ann": "Ann"}, actor="ann", current="GT", round_kind="OR")
    line = "GT buys a 4 from CN for 1 to save it from rusting... wait, no, forget it, GT just passes."
    assert parse_message(line, c) == [Pass("GT")]
