"""The same moves written loosely: slips of the keyboard in move words and names (spelling.py;
put right and read again by parser.py), amounts in words, lines that correct themselves (correction.py), greetings, reasons
and remarks around a move (loose.py), and counts of shares that are several buys
(share_quantity.py). Every line here is written for these tests; each reads as the moves it
states, and the near misses beside them (questions, plans, other people's moves, take-backs,
statements) stay unread.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import pbem
from pbem.engine.actions import (
    Bid, BuyShares, BuyTrain, Dividend, LayTile, Par, Pass, PlaceToken, Route, RunRoutes, SellShares, Stop,
)
from pbem.errors import PbemError
from pbem.notation import read_message
from pbem.notation.names import name_index
from pbem.notation.spelling import respelled, slips

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_game_facade import OPENING  # noqa: E402

from notation_kit import assert_no_move_of_the_writer, ctx, read  # noqa: E402


READ = [
    # slips of the keyboard in move words (one edit, or two letters swapped) and in names
    ("1882", "SR", None, "buyng one CPR from the IPO", [BuyShares("ann", "CPR", "ipo", 10)]),
    ("1882", "SR", None, "sellign 2 GT", [SellShares("ann", "GT", 20)]),
    ("1882", "SR", None, "pasing for now", [Pass("ann")]),
    ("1882", "SR", None, "I pas this turn", [Pass("ann")]),
    ("1882", "OR", "CPR", "CPR lasy #57 on I5 rot 1", [LayTile("CPR", "I5", "57", 1)]),
    ("1882", "OR", "GT", "GT buys a 3 trian", [BuyTrain("GT", "3", "depot")]),
    ("1882", "OR", "HBR", "HBR tile 9 on H10 rotatoin 2", [LayTile("HBR", "H10", "9", 2)]),
    ("1882", "SR", None, "Ann buys 1 HRB from the pool", [BuyShares("ann", "HBR", "pool", 10)]),
    ("1861", "SR", None, "Ann by's one NW from the pool", [BuyShares("ann", "NW", "pool", 10)]),
    ("1861", "OR", "SE", "Se pas on the train", [Pass("SE")]),
    ("1882", "OR", "QLL", "qll lays 57 on i11 rot 2 n buys a 2 traine",
     [LayTile("QLL", "I11", "57", 2), BuyTrain("QLL", "2", "depot")]),
    ("1861", "OR", "MKN", "MKN withhodls", [Dividend("MKN", "withhold")]),
    ("1882", "auction", None, "Ann bids 150 on the Canadian Pacfic", [Bid("ann", "CP", 150)]),
    ("1882", "auction", None, "160 on the Trestel Bridge please", [Bid("ann", "TB", 160)]),
    ("1861", "auction", None, "I bid 120 on the Warsw Vienna", [Bid("ann", "WVR", 120)]),
    ("1882", "SR", None, "Ann buys a share of the Grand Turnk", [BuyShares("ann", "GT", "ipo", 10)]),
    ("1830", "SR", None, "buyng one PRR from the IPO", [BuyShares("ann", "PRR", "ipo", 10)]),
    ("1830", "OR", "PRR", "PRR buys a 3 train, then another.", [BuyTrain("PRR", "3", "depot")] * 2),
    ("1830", "auction", None, "Ann bids one-sixty on the Delaware & Hudson", [Bid("ann", "DH", 160)]),
    ("1830", "SR", None, "Ann buys 2 PRR", [BuyShares("ann", "PRR", "ipo", 10)] * 2),
    # amounts in words
    ("1882", "auction", None, "Ann bids one-ninety on the Canadian Pacific", [Bid("ann", "CP", 190)]),
    ("1882", "auction", None, "a hundred and ten for the NWR, please", [Bid("ann", "NWR", 110)]),
    ("1882", "auction", None, "two hundred on the CP", [Bid("ann", "CP", 200)]),
    ("1861", "auction", None, "one-twenty on the Warsaw Vienna", [Bid("ann", "WVR", 120)]),
    ("1882", "SR", None, "I start GT at sixty-seven", [Par("ann", "GT", 67)]),
    # a line that corrects itself: the correction is read
    ("1882", "SR", None, "Ann: sell 2 GT? no wait, I don't own any. Buy a GT from the pool instead.",
     [BuyShares("ann", "GT", "pool", 10)]),
    ("1882", "OR", "CPR", "CPR lays #57 on I5? sorry, I mean I7", [LayTile("CPR", "I7", "57", 3)]),
    ("1882", "auction", None, "Bid 60 on SC... sorry, 65", [Bid("ann", "SC", 65)]),
    ("1882", "OR", "HBR", "HBR buys two 2-trains? no - just one 2-train", [BuyTrain("HBR", "2", "depot")]),
    ("1882", "SR", None, "Ann buys three shares of GT... oops, two shares", [BuyShares("ann", "GT", "ipo", 10)] * 2),
    ("1861", "OR", "NW", "NW lays 9 at H16? that's the wrong hex, lays 9 on H18", [LayTile("NW", "H18", "9", 3)]),
    # a correction the grammar would read beside what it corrects: read first, and alone
    ("1882", "SR", None, "Ann sells 2 GT, sorry, 3 GT", [SellShares("ann", "GT", 30)]),
    ("1882", "OR", "GT", "GT lays 57 on L8 rot 1, I mean rot 2", [LayTile("GT", "L8", "57", 2)]),
    ("1882", "auction", None, "Bid 60 on SC, wait, make that 65", [Bid("ann", "SC", 65)]),
    ("1882", "OR", "CPR", "CPR lays #57 on I5, correction: on I7", [LayTile("CPR", "I7", "57", 3)]),
    ("1882", "OR", "CPR", "CPR lays #57 on I5 (typo, I meant I7)", [LayTile("CPR", "I7", "57", 3)]),
    ("1882", "SR", None, "Ann buys GT. No wait, Ann buys CPR.", [BuyShares("ann", "CPR", "ipo", 10)]),
    # greetings, sign-offs, what led to the move, what was not done
    ("1882", "OR", "GT", "Hey Bob, GT lays #57 on L8 rot 1. Cheers", [LayTile("GT", "L8", "57", 1)]),
    ("1861", "SR", None, "Good evening all - I'll bid 120 on the minor KK", [Bid("ann", "KK", 120)]),
    ("1882", "SR", None, "Having bought the SC earlier, I pass.", [Pass("ann")]),
    ("1882", "auction", None, "After winning the Hudson Bay, I par HBR at 100.", [Par("ann", "HBR", 100)]),
    ("1882", "auction", None, "Nobody bid on the NWR at 80, so I'll take it at 75.", [Bid("ann", "NWR", 75)]),
    ("1882", "SR", None, "Ann floats nothing this round - starts QLL at 67.", [Par("ann", "QLL", 67)]),
    ("1882", "OR", "GT", "GT lays #9 on K7 and builds nothing else.", [LayTile("GT", "K7", "9", 3)]),
    ("1882", "SR", None, "Thought about buying CPR but I'll keep my cash. Pass.", [Pass("ann")]),
    ("1882", "SR", None, "I considered selling GT but I'll pass.", [Pass("ann")]),
    ("1882", "OR", "GT", "Hi all. GT: tile #57 on L8 and a second tile #9 on K9 (paying the 20), then buy a 2.",
     [LayTile("GT", "L8", "57", 3), LayTile("GT", "K9", "9", 3), BuyTrain("GT", "2", "depot")]),
    ("1882", "OR", "GT", "GT runs the 2 for 60, paying it out",
     [RunRoutes("GT", (Route("2", (), revenue=60),)), Dividend("GT", "payout")]),
    # a train again, a price for each, a token on the hex just laid
    ("1882", "OR", "GT", "GT buys a 3 train, then another.", [BuyTrain("GT", "3", "depot")] * 2),
    # "another 2", "one more 2": a train of the game named, bought at the depot's price (never a price of 2)
    ("1882", "OR", "GT", "GT buys a 2 train and then another 2.", [BuyTrain("GT", "2", "depot")] * 2),
    ("1882", "OR", "GT", "GT buys a 2 train and one more 2.", [BuyTrain("GT", "2", "depot")] * 2),
    ("1882", "OR", "GT", "GT buys a 2 train and then a second 2.", [BuyTrain("GT", "2", "depot")] * 2),
    ("1882", "OR", "GT", "GT buys a 2 train and another 2 for 80",
     [BuyTrain("GT", "2", "depot"), BuyTrain("GT", "2", "depot", 80)]),
    ("1882", "OR", "GT", "GT buys a 2 train and another for 80",
     [BuyTrain("GT", "2", "depot"), BuyTrain("GT", "2", "depot", 80)]),
    ("1882", "OR", "GT", "GT buys a 2 train and another 80",
     [BuyTrain("GT", "2", "depot"), BuyTrain("GT", "2", "depot", 80)]),
    ("1882", "OR", "CPR", "CPR buys a 2 from the depot and another from GT for 50",
     [BuyTrain("CPR", "2", "depot"), BuyTrain("CPR", "2", "GT", 50)]),
    ("1882", "OR", "QLL", "QLL buys two 2-trains at 80 each", [BuyTrain("QLL", "2", "depot", 80)] * 2),
    ("1882", "OR", "QLL", "QLL lays #57 on J8 rot 2 and tokens it", [LayTile("QLL", "J8", "57", 2), PlaceToken("QLL", "J8")]),
    ("1882", "OR", "CNR", "Hi all, CNR upgrades D8 to #14 and tokens it, cheers",
     [LayTile("CNR", "D8", "14", 3), PlaceToken("CNR", "D8")]),
    # one pass said twice: a decision and the pass, a pass and its reason, a pass and a plan
    ("1882", "SR", None, "Ann declines to sell anything and passes.", [Pass("ann")]),
    ("1861", "auction", None, "I pass on the KK and will pass the rest of this auction.", [Pass("ann")]),
    ("1882", "OR", "CNR", "CNR passes; nothing to lay.", [Pass("CNR")]),
    ("1882", "OR", "GT", "GT passes, as there's nothing to build.", [Pass("GT")]),
    ("1882", "OR", "GT", "GT: no track, no token", [Pass("GT")] * 2),
    ("1882", "OR", "GT", "GT passes on track; nothing to token.", [Pass("GT")] * 2),
    ("1882", "OR", "GT", "GT done, no train purchase", [Pass("GT")]),
    # what is said to others around a pass, and remarks after a move
    ("1882", "auction", None, "Nah, I'm out on the TB - Cid can have it.", [Pass("ann")]),
    ("1882", "auction", None, "OK, you win the NWR - I pass.", [Pass("ann")]),
    ("1861", "merger", "KK", "KK doesn't merge, pass", [Pass("KK")]),
    ("1861", "merger", "MV", "pass - no conversion for MV", [Pass("MV")]),
    ("1882", "SR", None, "I'd like to par GT at $67, if that's OK.", [Par("ann", "GT", 67)]),
    ("1882", "OR", "GT", "GT buys a 4 for 300, which rusts the 2s.", [BuyTrain("GT", "4", "depot", 300)]),
    ("1861", "OR", "NW", "NW withholds, we need cash for the 5.", [Dividend("NW", "withhold")]),
    ("1882", "SR", None, "Ann buys a CPR share, my fourth.", [BuyShares("ann", "CPR", "ipo", 10)]),
    ("1882", "OR", "GT", "GT runs its 2 for 40 and withholds to save for a 4-train.",
     [RunRoutes("GT", (Route("2", (), revenue=40),)), Dividend("GT", "withhold")]),
    ("1882", "SR", None, "Ann buys three GT from the pool. (It's in the brown zone now.)",
     [BuyShares("ann", "GT", "pool", 10)] * 3),
    # done after a sale is a pass (the turn goes on after a sale); after a buy it ends by itself
    ("1882", "SR", None, "Sell 3 GT, then I'm done.", [SellShares("ann", "GT", 30), Pass("ann")]),
    ("1882", "SR", None, "Selling 2 CPR - that's it for me", [SellShares("ann", "CPR", 20), Pass("ann")]),
    ("1882", "SR", None, "dump 2 CPR, done for this round", [SellShares("ann", "CPR", 20), Pass("ann")]),
    ("1882", "SR", None, "Buying a GT from the pool, then I'm done for the round.", [BuyShares("ann", "GT", "pool", 10)]),
    # a plan put off before the move made now; the move after "the same as last time"
    ("1882", "OR", "GT", "I'll wait on the 4 until next OR, so passing the train buy this time.", [Pass("GT")]),
    ("1882", "OR", "GT", "Runs the same as before: 2 train K9-J10 for 50, and withholds",
     [RunRoutes("GT", (Route("2", (Stop("K9"), Stop("J10")), revenue=50),)), Dividend("GT", "withhold")]),
    # postal shorthand and a share counted twice
    ("1882", "SR", None, "Ann: 2 sh GT from the pool", [BuyShares("ann", "GT", "pool", 10)] * 2),
    ("1882", "SR", None, "S 1 CPR, B 2 GT", [SellShares("ann", "CPR", 10)] + [BuyShares("ann", "GT", "ipo", 10)] * 2),
    ("1882", "SR", None, "Ann: P", [Pass("ann")]),
    ("1882", "auction", None, "p", [Pass("ann")]),
    ("1882", "SR", None, "One more GT please - my third share", [BuyShares("ann", "GT", "ipo", 10)]),
    # a count of shares: that many buys of one share; a percent as written; a sale is one
    ("1882", "SR", None, "Ann buys 3 GT from the pool", [BuyShares("ann", "GT", "pool", 10)] * 3),
    ("1882", "SR", None, "Buying two CPR shares", [BuyShares("ann", "CPR", "ipo", 10)] * 2),
    ("1882", "SR", None, "buy CNR x2 from the IPO", [BuyShares("ann", "CNR", "ipo", 10)] * 2),
    ("1861", "OR", "GRR", "GRR redeems two shares", [BuyShares("GRR", "GRR", "pool", 10)] * 2),
    ("1861", "merger", None, "I take three more NW from the treasury", [BuyShares("ann", "NW", "ipo", 10)] * 3),
    ("1882", "SR", None, "Ann buys 20% of CPR", [BuyShares("ann", "CPR", "ipo", 20)]),
    ("1882", "SR", None, "Ann sells 3 GT", [SellShares("ann", "GT", 30)]),
]


@pytest.mark.parametrize("title,round_kind,current,line,want", READ, ids=[r[3][:60] for r in READ])
def test_a_loosely_written_move_is_read_as_meant(title, round_kind, current, line, want):
    assert read(title, round_kind, current, line) == want


#: lines that are no move of the writer's: they stay unread (refused), or read as the other
#: player's move (which the table refuses for the writer's seat)
NOT_MOVES = [
    ("1882", "SR", None, "shoud I buyng GT?"),
    ("1882", "SR", None, "if CPR floats I'll buyng one"),
    ("1882", "SR", None, "Ann buys a share of XYZ"),
    ("1882", "SR", None, "Ann holds GT"),
    ("1882", "OR", "HBR", "5 train purchased, privates close"),
    ("1882", "SR", None, "Ann buys GT? no wait, scratch that"),
    ("1882", "SR", None, "Sell 2 GT? no wait, never mind"),
    ("1882", "OR", "CPR", "CPR lays #57 on I5? sorry, no idea"),
    ("1882", "SR", None, "Should I buy GT? no wait, maybe CPR?"),
    ("1882", "auction", None, "Nobody wanted SC at 50."),
    ("1882", "auction", None, "Nobody wanted SC at 50, so it drops to 45"),
    ("1882", "SR", None, "Thought about selling GT."),
    ("1882", "SR", None, "Morning all - should I buy GT?"),
    ("1882", "OR", "GT", "GT buys another"),
    ("1882", "SR", None, "Bob buys 2 GT? sorry, 3 GT"),
    ("1882", "SR", None, "Having won CP, Bob pars CPR at 90"),
    ("1882", "SR", None, "Bob buyng a GT share"),
    ("1882", "auction", None, "Bob bids one-ninety on the CP"),
    ("1882", "SR", None, "Bob: P"),
    ("1830", "SR", None, "Ann buys 1 PPR"),       # one edit from PRR and from CPR: not guessed
    ("1882", "auction", None, "Bob bids 160 on the Trestel Bridge"),
    ("1882", "auction", None, "Should I bid on the Trestel Bridge?"),
    ("1882", "auction", None, "Cid can have it."),
    ("1882", "auction", None, "Fine, you win CP."),
    ("1882", "OR", "GT", "GT buys the 5, which closes the privates?"),
    ("1882", "auction", None, "Nope."),
    ("1882", "SR", None, "I'd start QLL at 67 if GT floats first, if that's allowed"),
    ("1882", "SR", None, "Ann buys a share of GT, which makes Bob president?"),
    ("1861", "merger", "KK", "no merger for KK yet, maybe next round"),
    ("1882", "OR", "GT", "I'll hold off on the 4 until next OR."),
    ("1882", "OR", "GT", "Same as last time?"),
    ("1882", "SR", None, "Sell 3 GT, then I'm done?"),
    ("1882", "SR", None, "S 2"),
    ("1882", "SR", None, "B 2 GT?"),
]


@pytest.mark.parametrize("title,round_kind,current,line", NOT_MOVES, ids=[r[3][:60] for r in NOT_MOVES])
def test_a_near_miss_is_no_move_of_the_writer(title, round_kind, current, line):
    assert_no_move_of_the_writer(title, round_kind, current, line)


def test_there_are_many_variants():
    assert len(READ) + len(NOT_MOVES) >= 60


def test_a_known_word_is_never_corrected():
    """"hold" is one edit from "sold" but a word of its own: the line is no sale."""
    with pytest.raises(PbemError):
        read("1882", "SR", None, "Ann holds 2 GT")


def test_a_correction_is_noted_with_the_move():
    got = read_message("buyng one CPR from the IPO", ctx("1882", "SR"))
    assert [m.action for m in got] == [BuyShares("ann", "CPR", "ipo", 10)]
    assert got[0].notes == ('read "buyng" as "buying"',)
    got = read_message("CPR lays #57 on I5? sorry, I mean I7", ctx("1882", "OR", "CPR"))
    assert got[0].notes and "I7" in got[0].notes[0]


def test_a_slip_is_corrected_to_the_likelier_word_or_to_each_it_may_be():
    """A doubled letter written once or two letters swapped is the likelier slip ("pas" is
    "pass", "trian" is "train"); otherwise every word one edit away is tried ("pat": "par"
    or "pay"), and the line is read only when those readings agree."""
    index = name_index(ctx("1882", "SR"))
    assert [s.choices for s in slips("pas trian", index)] == [("pass",), ("train",)]
    assert [s.choices for s in slips("pat", index)] == [("par", "pay")]
    assert [s.choices for s in slips("Ann buys CRP", index)] == [("CPR",)]
    assert slips("Ann passes on GT, sorry folks", index) == []


def test_a_word_english_often_writes_is_no_slip():
    """"wish" is one edit from "with", "hot" from "rot", "plays" from "lays" or "pays": each is a word
    English writes often, never put right nor offered in a refusal; a rare one still is ("pas")."""
    index = name_index(ctx("1882", "SR"))
    assert slips("I wish the hot top pair plays", index) == []
    assert [s.choices for s in slips("pas", index)] == [("pass",)]
    assert slips("nationalise nationalised", index) == []          # a British spelling is no slip
    for line in ("Ann plays nice with GT", "i will do it all and then see how the game plays out"):
        with pytest.raises(PbemError) as e:
            read_message(line, ctx("1882", "SR"))
        assert "did you mean" not in str(e.value)


def _game_at_cprs_turn():
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    for who, text in OPENING[:-1]:
        g.push_notation(text, who)
    return g


def test_at_the_table_a_slip_is_read_and_the_reply_notes_it():
    g = _game_at_cprs_turn()
    assert g.current_entity() == "CPR"
    mark = len(g.moves)
    g.push_notation("CPR lays 57 in I5 rot 1, buyng a 2 train", "Ann")
    assert g.moves[mark] == LayTile("CPR", "I5", "57", 1)
    assert g.moves[-1] == BuyTrain("CPR", "2", "depot")
    assert any('"buyng" as "buying"' in w for w in g.warnings)


def test_at_the_table_a_count_of_shares_is_as_many_buys_and_the_rules_decide():
    """In a stock round a player buys one certificate a turn: "buys 2 GT" is two buys, and the
    second is refused by the game, so nothing of the message is applied."""
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    for who, text in OPENING[:9]:
        g.push_notation(text, who)
    mark = len(g.moves)
    with pytest.raises(PbemError):
        g.push_notation("Ann buys 2 CPR", "Ann")
    assert len(g.moves) == mark
    g.push_notation("Ann buys 1 CPR", "Ann")
    assert g.moves[-1] == BuyShares("Ann", "CPR", "ipo", 10)


def test_at_the_table_a_pass_and_its_reason_are_one_pass():
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    for who, text in OPENING[:-3]:
        g.push_notation(text, who)
    mark = len(g.moves)
    g.push_notation("Ann declines to buy anything and passes.", "Ann")
    assert g.moves[mark:] == [Pass("Ann")]
    g.push_notation("pass", "Cid")
    assert g.current_entity() == "CPR"


@pytest.mark.parametrize("line,keep", [
    ("GT lays 57 on L8, oops, forgot: GT also buys a 2", LayTile("GT", "L8", "57", 3)),
    ("GT lays 57 on L8, sorry for the wait, then buys a 2", LayTile("GT", "L8", "57", 3)),
    ("GT lays 57 on L8 - actually, it also tokens J10", LayTile("GT", "L8", "57", 3)),
])
def test_an_apology_before_another_move_is_no_correction(line, keep):
    """"oops" or "sorry" before a further move adds it: the move before is never dropped."""
    try:
        got = read("1882", "OR", "GT", line)
    except PbemError:
        return
    assert got[0] == keep


def test_a_correction_that_cannot_be_read_refuses_the_line_and_says_why():
    with pytest.raises(PbemError) as e:
        read("1882", "SR", None, "Ann sells 2 GT, sorry I mean 3")
    assert "corrects itself" in str(e.value)


def test_the_last_tries_are_for_lines_of_a_move_statements_length():
    """Each last try reads the line again: a line longer than a move statement gets none, and a
    line of many slips is no line with a slip in it."""
    assert read("1882", "SR", None, "buyng a GT from the pool") == [BuyShares("ann", "GT", "pool", 10)]
    with pytest.raises(PbemError):
        read("1882", "SR", None, "buyng a GT from the pool " + "la " * 140)
    index = name_index(ctx("1882", "SR"))
    assert respelled("buyng pol trian rotatoin sellign", index)[0] == "buyng pol trian rotatoin sellign"   # 5 slips
    # "frm" may be "form" or "from": left as written, the other slips put right
    assert respelled("buyng frm pol trian", index)[0] == "buying frm pool train"
    assert respelled("selll 2 GT", index)[:2] == ("sell 2 GT", 'read "selll" as "sell"')     # "sell" or "sells"


def test_at_the_table_a_line_that_corrects_itself_makes_the_correction_only():
    g = _game_at_cprs_turn()
    mark = len(g.moves)
    g.push_notation("CPR lays 57 in I5 rot 2, I mean rot 1", "Ann")
    assert g.moves[mark:] == [LayTile("CPR", "I5", "57", 1)]
    assert any("corrected" in w for w in g.warnings)
