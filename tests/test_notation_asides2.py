"""What surrounds a move in a line, second round (asides.py, correction.py, passes.py): chat or a
question before the move, a self-correction whose kept part is a piece or one move of several,
and the remarks after a move that state none (what was not done, who ran it, what a par buys, a
train's price in brackets, a consequence, a plan of one buy now). A pass after the writer's own
bid on the same line ends the turn and is no second move.
Every line is written for these tests; the near misses beside them (questions, conditions,
another seat's move, a consequence alone, a plan for later) stay unread.
"""
from __future__ import annotations

import pytest

from pbem.engine.actions import Bid, BuyCompany, BuyShares, BuyTrain, Dividend, LayTile, Par, Pass, SellShares
from pbem.errors import PbemError
from pbem.notation import read_message
from pbem.notation.asides import without_asides

from notation_kit import assert_no_move_of_the_writer, ctx, read  # noqa: E402


READ = [
    # chat or a question before the move
    ("1882", "SR", None, "Hmm, should I buy more CNR? Let me think... nah, pass.", [Pass("ann")]),
    ("1830", "SR", None, "Is the B&O ever going to float? I'll consider it... no. Pass.", [Pass("ann")]),
    ("1882", "SR", None, "Evening all. Selling one GT.", [SellShares("ann", "GT", 10)]),
    ("1861", "OR", "NW", "Whose turn is it? whatever. Anyway NW goes now: lay 8 on H6",
     [LayTile("NW", "H6", "8", 3)]),
    ("1882", "OR", "CPR", "Argh, the GT station is in my way. Okay - CPR lays a 57 on J8.",
     [LayTile("CPR", "J8", "57", 3)]),
    ("1882", "OR", "CPR", "Emergency: CPR buys a 5 train from the depot for 450.",
     [BuyTrain("CPR", "5", "depot", 450)]),
    ("1882", "auction", None, "Hello everyone - I'll put 45 on Saskatchewan Central, the cheaper one.",
     [Bid("ann", "SC", 45)]),
    ("1882", "OR", "GT", "Dee chips in $90 from her own pocket; GT buys a 4 for 300",
     [BuyTrain("GT", "4", "depot", 300)]),
    ("1882", "OR", "CNR", "CNR - half? no, there is no half pay in this game. Withhold.",
     [Dividend("CNR", "withhold")]),
    # the remarks after the move
    ("1861", "SR", None, "Pass (none of it is worth the money).", [Pass("ann")]),
    ("1830", "SR", None, "pass (nothing left I can afford)", [Pass("ann")]),
    ("1882", "SR", None, "Ann pars HBR at 90 (this buys the 20% president's certificate).",
     [Par("ann", "HBR", 90)]),
    ("1830", "SR", None, "Stock Round 2: Ann pars PRR at 67 (taking the president's share, 20%).",
     [Par("ann", "PRR", 67)]),
    ("1882", "OR", "CNR", "CNR picked up a 3 train (180), and GT's 2s rusted.",
     [BuyTrain("CNR", "3", "depot", 180)]),
    ("1882", "OR", "HBR", "HBR buys a 3 train (180) - the 2s are rusted now, ouch.",
     [BuyTrain("HBR", "3", "depot", 180)]),
    ("1882", "OR", "QLL", "QLL: 4 train from the depot, 300. The president sells nothing.",
     [BuyTrain("QLL", "4", "depot", 300)]),
    ("1861", "OR", "GRR", "GRR lays tile 8 on H6, rotation 2 — MKN gets its home token.",
     [LayTile("GRR", "H6", "8", 2)]),
    ("1882", "SR", None, "I'll sell two GT and stop there.", [SellShares("ann", "GT", 20)]),
    ("1830", "SR", None, "Buying a B&O from the IPO, if that is legal now?", [BuyShares("ann", "B&O", "ipo", 10)]),
    ("1882", "SR", None, "I'm buying three CNR shares, one at a time of course - one now.",
     [BuyShares("ann", "CNR", "ipo", 10)]),
    ("1861", "SR", None, "Buying 2 GRR from the pool - one now, the other next time round.",
     [BuyShares("ann", "GRR", "pool", 10)]),
    ("1882", "SR", None, "I'm taking two HBR shares; I'll take one now and one on my next turn.",
     [BuyShares("ann", "HBR", "ipo", 10)]),
    ("1830", "SR", None, "Well, here goes nothing: par the NYC at 82.", [Par("ann", "NYC", 82)]),
    ("1861", "SR", None, "Pass, can't afford anything this round.", [Pass("ann")]),
    ("1882", "OR", "SC", "SC withholds (saving up for a 4).", [Dividend("SC", "withhold")]),
    ("1830", "OR", "PRR", "PRR buys a 4 from the depot for 300; B&O loses its 2.",
     [BuyTrain("PRR", "4", "depot", 300)]),
    ("1861", "OR", "RSR", "RSR runs 3-train H8-G5-E1 for 100 (Ann running it as the priority holder)",
     None),
    ("1882", "SR", None, "Ann: sell 1 GT, buy 1 CNR? hmm, no cash for that. Just sell the GT.",
     [SellShares("ann", "GT", 10)]),
    ("1830", "SR", None, "Buy 1 PRR - my last buy this round.", [BuyShares("ann", "PRR", "ipo", 10)]),
    ("1882", "SR", None, "Good evening. Sold one CNR, then pass after that.",
     [SellShares("ann", "CNR", 10), Pass("ann")]),
    ("1861", "SR", None, "Pass, since I have hardly any money left.", [Pass("ann")]),
    ("1830", "SR", None, "Sell 1 B&O, because I need the cash.", [SellShares("ann", "B&O", 10)]),
    ("1830", "SR", None, "I'd buy a B&O if Bob sold his; otherwise nothing from me today. So: pass.", [Pass("ann")]),
    # a pass after the writer's own bid ends the turn
    ("1882", "auction", None, "60 on the Saskatchewan Central, and I'm done for now.", [Bid("ann", "SC", 60)]),
    ("1861", "auction", None, "Bid 120 for the Warsaw-Vienna and pass.", [Bid("ann", "WVR", 120)]),
    # self-corrections: a piece, a whole route carried on, one move of several kept
    ("1882", "OR", "HBR", "Bob: HBR lays 8 on H10... sorry, it should be #9 on H10, rot 2. Withholds.",
     [LayTile("HBR", "H10", "9", 2), Dividend("HBR", "withhold")]),
    ("1882", "OR", "CNR", "CNR lays #57 on F8 and places a token there? no wait, the token goes later. Just the tile.",
     [LayTile("CNR", "F8", "57", 3)]),
    ("1882", "OR", "GT", "GT plans to use the bridge to reach K9... never mind, just lay 9 on K9, rot 2.",
     [LayTile("GT", "K9", "9", 2)]),
    ("1882", "SR", None, "Ann buys a CPR from the IPO and becomes... no, Bob is president. Just the share then.",
     [BuyShares("ann", "CPR", "ipo", 10)]),
    ("1861", "OR", "N", "N lays #8 on G7... wait G7 is a town. N lays #8 on G9, rotation 4.",
     [LayTile("N", "G9", "8", 4)]),
    ("1830", "OR", "NYC", "NYC lays 9 on E19 - should be rotation 1.", [LayTile("NYC", "E19", "9", 1)]),
]


@pytest.mark.parametrize("title, round_kind, current, line, want", READ)
def test_a_move_among_asides_is_read_as_meant(title, round_kind, current, line, want):
    got = read(title, round_kind, current, line)
    if want is None:                 # a run: its train, stops and revenue
        (run,) = got
        (route,) = run.routes
        assert (run.entity, route.train, {s.hex for s in route.stops}, route.revenue) == \
            (current, "3", {"H8", "G5", "E1"}, 100)
        return
    assert got == want


#: a run carried on after the route put right: the route and revenue read
@pytest.mark.parametrize("line, hexes, revenue", [
    ("GT runs its 2 train L8-J8... sorry, L8-J10 for 60 and withholds.", {"L8", "J10"}, 60),
    ("GT: 3 train L8-I9-I5... oops, L8-J10-I5 for 110, pays out", {"L8", "J10", "I5"}, 110),
])
def test_a_route_put_right_carries_the_run_on(line, hexes, revenue):
    run, div = read("1882", "OR", "GT", line)
    (route,) = run.routes
    assert run.entity == "GT" and {s.hex for s in route.stops} == hexes and route.revenue == revenue
    assert isinstance(div, Dividend) and div.entity == "GT"


NOT_MOVES = [
    # a question with no move after it, or only an answer to a condition
    ("1882", "SR", None, "Hmm, is GT going to float? If so, buy one."),
    ("1882", "SR", None, "Morning all. Should I sell one GT?"),
    ("1882", "SR", None, "Priority? whoever. Then maybe I'll buy a CPR."),
    ("1861", "SR", None, "Should I buy two GRR - one now, one next turn?"),
    ("1882", "OR", "CPR", "Emergency: could CPR buy a 5 train for 450?"),
    # a plan for later, a condition
    ("1882", "SR", None, "I'll think about it... if GT floats, I buy one."),
    ("1882", "SR", None, "Hi all - I'd put 20 on Hudson Bay if Bob passes."),
    # another seat's move with the asides dropped stays the other seat's
    ("1882", "SR", None, "Morning folks. Bob sold one HBR (nothing else)."),
    ("1882", "auction", None, "Bob bids 60 on SC, and he's done for now."),
    # a consequence alone, a plan alone
    ("1882", "OR", "CPR", "CPR's 2s rusted, nice."),
    ("1882", "OR", "CPR", "The president sells nothing."),
    ("1861", "OR", "GRR", "— RSR gets its token."),
    ("1882", "SR", None, "one now, one next turn."),
    ("1882", "OR", "CPR", "GT loses its 2."),
    ("1882", "OR", "CPR", "CPR withholds (saving for a 4 and buying a GT)."),
    ("1882", "SR", None, "Here goes: Bob passes."),
    ("1882", "SR", None, "Ann: buy 1 HBR? Can I?"),
    ("1882", "SR", None, "Pass, because I want to buy GT later."),
    ("1882", "SR", None, "Pass, as Bob will sell GT."),
    ("1861", "OR", "MKN", "The RSR runs for 200 and pays out, as usual."),
    # a label or sentence that puts the move off is no aside
    ("1882", "SR", None, "Next round: buy 1 GT."),
    ("1830", "SR", None, "Later on: sell 2 PRR."),
    ("1861", "SR", None, "Maybe, if the price is right: buy 1 GRR."),
    ("1882", "SR", None, "Buy 1 GT - my last buy, if Bob sells."),
    ("1882", "SR", None, "Good evening. Bob sold one CNR, then passed after that."),
    ("1882", "SR", None, "Ann: is GT floating? If so, buy one."),
]


#: a remark that is no correction stays a remark: "that should be enough" names no piece
def test_should_be_without_a_piece_is_no_correction():
    assert read("1882", "SR", None, "Ann buys a GT - that should be enough to float it.") == \
        [BuyShares("ann", "GT", "ipo", 10)]


@pytest.mark.parametrize("title, round_kind, current, line", NOT_MOVES)
def test_a_near_miss_is_no_move_of_the_writer(title, round_kind, current, line):
    assert_no_move_of_the_writer(title, round_kind, current, line)


def test_there_are_many_variants():
    assert len(READ) + len(NOT_MOVES) >= 30


def test_a_sentence_before_the_move_that_reads_as_a_move_is_never_dropped():
    # "Sell one GT." before "Pass." is a move of its own: both are read, none set aside
    assert read("1882", "SR", None, "Sell one GT. Hmm, pass.") == [SellShares("ann", "GT", 10), Pass("ann")]
    assert without_asides("Sell one GT. Pass.", lambda s: True) is None


def test_the_line_read_without_its_asides_is_noted():
    (move,) = read_message("Pass (nothing worth buying).", ctx("1882", "SR"))
    assert move.action == Pass("ann")
    assert any("states no move" in n or "comment" in n for n in move.notes), move.notes


def test_a_bracket_with_a_move_is_never_set_aside():
    # "(nothing, but ...)" names a move: it is not dropped as what was not done
    with pytest.raises(PbemError):
        read("1882", "SR", None, "Pass (nothing, but buy a GT).")
    assert without_asides("Pass (nothing, but buy a GT).") is None
    assert without_asides("Pass (nothing worth buying).") == "Pass."


def test_the_movers_situation_never_takes_in_the_presidents_money_put_in():
    """"CNR has no train and Hal chips in for a 4 ($300); ...": the situation set aside before the move
    ran to the ";" and took the money put in and its train with it; a part that puts money in is an act."""
    line = "CNR has no train and Hal chips in for a 4 ($300); Hal sells 20% HBR to pay for it"
    assert "chips in for a 4" in (without_asides(line) or line)
    assert without_asides("CNR has no train; Hal sells 20% HBR to pay for it") == "Hal sells 20% HBR to pay for it"


def test_a_company_named_with_the_president_it_comes_from_is_no_consequence():
    """"and the C&A from its president" named a private bought and was dropped as a consequence ("a new
    president"): only a presidency changing is one, so the line is refused, not read as the D&H alone."""
    assert without_asides("PRR buys the D&H from Ann and the C&A from its president") is None
    with pytest.raises(PbemError):
        read("1830", "OR", "PRR", "PRR buys the D&H from Ann and the C&A from its president")
    assert without_asides("PRR buys a 4; Bob becomes president of B&O") == "PRR buys a 4."


def test_the_note_of_a_line_read_without_its_asides_quotes_what_was_set_aside():
    """The note quoted what was read as if it had been set aside ('read without what states no move:
    "HBR lays #8 ..."'); it quotes what was set aside."""
    line = "Ugh, lost both 2s. HBR lays #8 at H2, rotation 5, and buys a 4T for 300 - only train it can afford."
    moves = read_message(line, ctx("1882", "OR", "HBR"))
    assert [type(m.action) for m in moves] == [LayTile, BuyTrain]
    assert moves[0].notes == ('read without what states no move: "Ugh, lost both 2s.", "only train it can afford."',)


@pytest.mark.parametrize("line", ["QLL wants a 4 ($300); QLL buys the SC for $25",
                                  "QLL has no train and needs a 4 ($300); QLL buys the SC for $25",
                                  "QLL buys the SC for $25. Next OR a 4 at $300"])
def test_a_train_told_with_its_price_beside_a_move_is_never_set_aside(line):
    """A train and its price are what a buy is made of: a wish, a situation or a plan that tells one beside
    another move refuses the line ("QLL wants a 4 ($300); ..." was read as the SC bought alone)."""
    with pytest.raises(PbemError):
        read("1882", "OR", "QLL", line)
    assert read("1882", "OR", "QLL", "QLL has no train; QLL buys the SC for $25") == [BuyCompany("QLL", "SC", 25)]
    with pytest.raises(PbemError):      # a train of two numbers
        read("1861", "auction", None, "Ann bids 65 on MYR; SV wants a 5+5E ($300)")
