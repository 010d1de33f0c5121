"""The interpreter's reading of a company's finances and of 1861's merger round
(pbem/notation/funding.py, declarations.py, train_words.py, own_word_moves.py,
pieces.py, piece_mergers.py): a loan beside the buy it pays for, a
company buying back its own shares, a bankruptcy or nationalisation declared among its reasons,
a train dropped, a token removed, a merger round line naming the company that acts, and mergers
told whole. Each line is read by the interpreter alone (no rewording rule helps), with a near
miss it must refuse or leave alone."""
from __future__ import annotations

import pytest

from pbem.engine.actions import (
    Bankrupt, BuyShares, BuyTrain, Choose, Convert, DiscardTrain, Dividend, LayTile, Merge, Par, Pass, RemoveToken, Route,
    RunRoutes, SellShares, Stop,
)
from pbem.errors import PbemError
from notation_kit import interpret, read


READ = [
    # a loan is the game's own: the buy it pays for is the move, told beside it or as its purpose
    ("1861", "OR", "SW", "SW takes a loan and buys a 4 from the bank for 350₽", [BuyTrain("SW", "4", "depot", 350)]),
    ("1861", "OR", "NW", "NW takes one loan (45₽ in) and buys a 4 for 350.", [BuyTrain("NW", "4", "depot", 350)]),
    ("1861", "OR", "SE", "SE takes two loans to pay for the 6 train.", [BuyTrain("SE", "6", "depot")]),
    ("1861", "OR", "GRR", "GRR took 2 loans to afford the 5-train (550)", [BuyTrain("GRR", "5", "depot", 550)]),
    ("1861", "OR", "SW", "SW takes two loans to buy the 5 from the bank.", [BuyTrain("SW", "5", "depot")]),
    ("1861", "OR", "NW", "NW buys a 6 train for 650 (two loans needed).", [BuyTrain("NW", "6", "depot", 650)]),
    # a company buying back its own shares: one buy from the pool a share
    ("1861", "OR", "GRR", "GRR redeems one of its shares from the market.", [BuyShares("GRR", "GRR", "pool", 10)]),
    ("1861", "OR", "SW", "SW buys back 2 shares from the pool",
     [BuyShares("SW", "SW", "pool", 10), BuyShares("SW", "SW", "pool", 10)]),
    ("1861", "OR", "GRR", "GRR buys back a share, then lays #8 on K9",
     [BuyShares("GRR", "GRR", "pool", 10), LayTile("GRR", "K9", "8", 3)]),
    # a bankruptcy or a nationalisation declared, its reasons around it
    ("1882", "OR", "CPR", "CPR can't buy a train - I declare bankruptcy.", [Bankrupt("CPR")]),
    ("1882", "OR", "CPR", "CPR goes bankrupt, no cash for a D. Well played all, it was fun.", [Bankrupt("CPR")]),
    ("1861", "OR", "MKN", "MKN has no train after the 6 - I choose to nationalise it.", [Choose("MKN", "nationalize")]),
    ("1861", "OR", "MKN", "MKN, trainless after the rust, elects to be nationalised.", [Choose("MKN", "nationalize")]),
    ("1861", "OR", "NW", "NW is trainless, I decline nationalisation", [Pass("NW")]),
    # a train dropped; the train limit stated beside a discard is a claim
    ("1861", "OR", "GRR", "GRR buys a 6 for 650 and drops the 4.", [BuyTrain("GRR", "6", "depot", 650), DiscardTrain("GRR", "4")]),
    ("1882", "OR", "GT", "GT drops the 4 train (over the limit now).", [DiscardTrain("GT", "4")]),
    ("1861", "OR", "GRR", "GRR discards a 4 (train limit is now 2).", [DiscardTrain("GRR", "4")]),
    # a train handed in for another, an amount paid to the bank its price; a sale that funds a buy first
    ("1830", "OR", "PRR", "PRR exchanges its 4 for a D train, paying $800 to the bank.", [BuyTrain("PRR", "D", "depot", 800, "4")]),
    ("1830", "OR", "PRR", "PRR swaps the 4 for a D.", [BuyTrain("PRR", "D", "depot", None, "4")]),
    ("1830", "OR", "PRR", "PRR buys a D, paying $800 to the bank.", [BuyTrain("PRR", "D", "depot", 800)]),
    ("1882", "OR", "CPR", "Emergency: CPR buys a D train for 1100, Ann sells 2 GT to fund it.",
     [SellShares("ann", "GT", 20), BuyTrain("CPR", "D", "depot", 1100)]),
    # (not when the heading before the colon tells the buy itself: the line is read as written)
    ("1882", "OR", "CPR", "CPR buys a 3: $180, Ann sells 2 GT to fund it",
     [BuyTrain("CPR", "3", "depot", 180), SellShares("ann", "GT", 20)]),
    # a token removed in the merger round, by the company named when none is at turn
    ("1861", "merger", "NW", "NW drops its Kiev token", [RemoveToken("NW", "D14")]),
    ("1861", "merger", "MKN", "MKN keeps Moscow and drops its token at D14.", [RemoveToken("MKN", "D14")]),
    ("1861", "merger", None, "NW removes its token from Kiev (D14).", [RemoveToken("NW", "D14")]),
    ("1861", "merger", "RO", "R-O joins with K-B and becomes the NW; drop the K-B station in Kiev.",
     [Merge("RO", "KB"), Merge("RO", "NW"), RemoveToken("NW", "D14")]),
    # a minor's pass in the merger round
    ("1861", "merger", None, "MNN passes in the merger round", [Pass("MNN")]),
    ("1861", "merger", None, "K-B sits out the merger round.", [Pass("KB")]),
    ("1861", "merger", "N", "No merge for N this time.", [Pass("N")]),
    # the writer's own turn at buying shares while a company is at turn; a merger's pass stays the minor's
    ("1861", "merger", "OK", "Ann passes on buying MVR shares", [Pass("ann")]),
    ("1861", "merger", "SW", "Pass, no SW for me.", [Pass("ann")]),
    ("1861", "merger", "MNN", "MNN passes on merging this round.", [Pass("MNN")]),
    ("1861", "merger", "KK", "KK passes, no shares to buy", [Pass("KK")]),
    # mergers told whole: an arrow, the lead named twice, a major joined before the one formed
    ("1861", "merger", "N", "N + MB -> MKN", [Merge("N", "MB"), Merge("N", "MKN")]),
    ("1861", "merger", "MB", "M-B and N merge into NW (M-B leading).", [Merge("MB", "N"), Merge("MB", "NW")]),
    ("1861", "merger", "N", "N merges with M-K and SW to form MKN.", [Merge("N", "M-K"), Merge("N", "SW"), Merge("N", "MKN")]),
    ("1861", "merger", "MNN", "MNN takes KK into the merger.", [Merge("MNN", "KK")]),
    ("1861", "merger", "MV", "Merger: MV takes in KR and M-K, and the new company is GRR.",
     [Merge("MV", "KR"), Merge("MV", "M-K"), Merge("MV", "GRR")]),
    ("1861", "merger", None, "Convert MV (at 110) into MKV; I take the director's 20%.", [Convert("MV"), Merge("MV", "MKV")]),
    ("1861", "merger", "KB", "KB takes in KK, closes the group, and forms SW.", [Merge("KB", "KK"), Pass("KB"), Merge("KB", "SW")]),
]


@pytest.mark.parametrize("title,rk,cur,line,want", READ, ids=[r[3][:40] for r in READ])
def test_the_interpreter_reads(title, rk, cur, line, want):
    assert [m.action for m in interpret(title, rk, cur, line)] == want


REFUSED = [
    ("1861", "OR", "SW", "SW takes a loan."),                                     # a loan alone is no move
    ("1861", "OR", "SW", "SW takes a loan and receives 45₽"),                      # the game's log of one
    ("1861", "OR", "GRR", "GRR pays 5 interest for the loan and repays it"),
    ("1861", "OR", "GRR", "GRR redeems a share of SW"),                           # only its own shares
    ("1861", "OR", "GRR", "GRR buys back a share from the IPO"),                  # from the pool only
    ("1882", "OR", "CPR", "CPR can't buy a train."),                              # a reason without the declaration
    ("1882", "OR", "CPR", "CPR won't go bankrupt"),                                # a declaration denied
    ("1861", "OR", "MKN", "MKN is nationalised into the RSR"),                    # a report of it
    ("1861", "OR", "MKN", "GRR chooses to nationalise"),                          # another company's
    ("1861", "OR", "MKN", "Nationalisation happens at the end of the OR"),        # no choice made
    ("1861", "OR", "MKN", "MKN goes bankrupt soon"),                              # not now
    ("1861", "OR", "MKN", "MKN takes a loan for 50"),                             # a loan's amount, nothing bought
    ("1861", "SR", None, "I redeem 2 SW"),                                        # a redemption only when operating
    ("1861", "OR", "GRR", "GRR discards a train"),                                # which train?
    ("1861", "OR", "GRR", "GRR has to drop a 3"),                                 # the need, no discard told
    ("1830", "OR", "PRR", "PRR pays $800 to the bank."),                           # a price with nothing bought
    ("1861", "merger", "NW", "NW drops its token"),                                # which hex?
    ("1861", "merger", None, "Ann sits out and MNN passes"),                       # not one company's line
    ("1861", "merger", "N", "N + MB + SW -> MKN, SW first"),
    ("1861", "merger", None, "Merge MV into MKV; I take the director's 20%."),      # no conversion: a buy told                       # two majors, none formed
    # a figure no merger is made of, never dropped without a word
    ("1861", "merger", "MNN", "MNN takes KK into the merger, 6 for 120"),
    ("1861", "merger", "MNN", "MNN merges KK, 120"),
    ("1861", "merger", "MB", "MB merges with N to form NW, MKV 2"),
    ("1861", "merger", "MB", "MB merges with N to form the NW and I9"),
    ("1861", "merger", "SPW", "SPW doesn't merge this time, pass, V 5"),           # another company's figure beside the pass
    ("1861", "merger", "KR", "KR converts to MK, 2 more"),                         # a conversion's price only "at" it
    ("1861", "merger", "KR", "KR converts to MK, then 4 (300)"),
    ("1861", "OR", "MKN", "MKN is trainless after the 6 - I choose to nationalise it, or SE"),   # another company beside
    ("1882", "OR", "HBR", "HBR goes bankrupt - I can't raise the cash for a D, and GT too"),      # the declaration
]


@pytest.mark.parametrize("title,rk,cur,line", REFUSED, ids=[r[3][:40] for r in REFUSED])
def test_the_interpreter_refuses(title, rk, cur, line):
    with pytest.raises(PbemError):
        interpret(title, rk, cur, line)


def test_a_loan_alone_in_brackets_leaves_the_buy():
    """The loan's bracket is set aside in place: the price after it is still the buy's."""
    (move,) = interpret("1861", "OR", "SW", "SW takes a loan (+45) and buys a 4 for 350.")
    assert move.action == BuyTrain("SW", "4", "depot", 350)


def test_a_share_price_dropping_is_no_discard():
    got = [m.action for m in interpret("1861", "OR", "MKN", "MKN pays out, share price drops to 60")]
    assert got == [Dividend("MKN", "payout")]


def test_a_player_buying_back_shares_in_a_stock_round_buys_them():
    got = [m.action for m in interpret("1882", "SR", None, "I buy back 2 GT")]
    assert got == [BuyShares("ann", "GT", "ipo", 10), BuyShares("ann", "GT", "ipo", 10)]


def test_a_dividend_is_not_a_redemption():
    assert [m.action for m in interpret("1861", "OR", "GRR", "GRR withholds")] == [Dividend("GRR", "withhold")]


def test_a_declaration_beside_another_move_is_left_alone():
    """A nationalisation beside a move of the company's own is no declaration told whole: the
    line is read as it was (the move, the rest set aside), never as the choice."""
    got = [m.action for m in interpret("1861", "OR", "MKN", "MKN chooses to nationalise and lays #8 on K9")]
    assert Choose("MKN", "nationalize") not in got


def test_a_merger_round_line_with_no_company_at_turn_reads_the_writer_otherwise():
    """The company named first acts only when it is the line's subject: "I pass" stays the writer's."""
    assert [m.action for m in interpret("1861", "merger", None, "I pass")] == [Pass("ann")]


REFUSED_SAYING = [
    # two trains told as alternatives: which? (the second was taken for the first one's price)
    ("1882", "OR", "CPR", "CPR buys a 2 or a 3", 'which is meant, "2 or a 3"?'),
    # any two values offered as alternatives: asked, never the first taken
    ("1882", "OR", "CPR", "CPR lays 57 on I5 rot 1 or 2", 'which is meant, "rot 1 or 2"?'),
    ("1882", "OR", "CPR", "CPR buys a 2 for 80 or 100", 'which is meant, "80 or 100"?'),
    ("1882", "SR", None, "par GT at 90 or 100", 'which is meant, "90 or 100"?'),
    ("1882", "auction", None, "bid 50 or 60 on NWR", 'which is meant, "50 or 60"?'),
    ("1882", "SR", None, "buy 1 or 2 GT", 'which is meant, "1 or 2"?'),
    ("1882", "OR", "CPR", "CPR buys a 3 rather than a 2", "which train?"),
    ("1861", "OR", "GRR", "GRR redeems 2 shares, 20%", "give a count or a percent, once"),
    ("1861", "OR", "GRR", "GRR redeems 15% of its shares", "GRR redeems whole shares of 10%, not 15%"),
    ("1861", "OR", "GRR", "GRR redeems 0 shares", "GRR redeems whole shares of 10%, not 0%"),
    ("1882", "OR", "CPR", "CPR runs nothing for 40", "no move word with what it needs"),  # nothing, yet an amount
    ("1861", "merger", None, "Remove the token from Kiev", "no move word with what it needs"),  # whose token?
    ("1861", "merger", "N", "N converts and merges", "which company, train, tile or hex, how many?"),  # with nobody
]


@pytest.mark.parametrize("title,rk,cur,line,why", REFUSED_SAYING, ids=[r[3][:40] for r in REFUSED_SAYING])
def test_the_interpreter_refuses_saying_why(title, rk, cur, line, why):
    """A redemption of no whole number of shares, a run of nothing with an amount, a removal or a merger
    with no company: refused, the line quoted and what is wrong said."""
    with pytest.raises(PbemError) as e:
        read(title, rk, cur, line)
    assert line in str(e.value) and why in str(e.value), str(e.value)


@pytest.mark.parametrize("title,rk,cur,line,want", [
    ("1882", "OR", "CPR", "CPR runs its 2 I5-J10 for 60, not 70",
     [RunRoutes("CPR", (Route("2", (Stop("I5"), Stop("J10")), None, 60),))]),
    ("1882", "SR", None, "sell 2 GT, not 3", [SellShares("ann", "GT", 20)]),
    ("1882", "SR", None, "par GT at 90", [Par("ann", "GT", 90)]),
])
def test_a_value_set_against_another_is_no_alternative(title, rk, cur, line, want):
    """A value and the one it is not ("for 60, not 70"): read, the first one meant."""
    assert read(title, rk, cur, line) == want


def test_a_redemption_is_the_company_at_turn_s():
    """With no company at turn the interpreter reads no redemption; the whole reader takes the one named."""
    with pytest.raises(PbemError, match="no move word with what it needs"):
        interpret("1861", "OR", None, "GRR redeems a share")
    assert read("1861", "OR", None, "GRR redeems a share") == [BuyShares("GRR", "GRR", "pool", 10)]


GIVEN_UP_AFTER = [
    # a token given up after a merger, told as what the merger does: the removal, read
    ("1861", "merger", "N", "N merges with MB into MKN, dropping its token at D14",
     [Merge("N", "MB"), Merge("N", "MKN"), RemoveToken("MKN", "D14")]),
    ("1861", "merger", "N", "N merges with MB into MKN, dropping its Kiev token",
     [Merge("N", "MB"), Merge("N", "MKN"), RemoveToken("MKN", "D14")]),
    # a heading before a colon that tells the move after it: the move once
    ("1882", "OR", "CPR", "Buying a 3: CPR buys a 3 train", [BuyTrain("CPR", "3", "depot")]),
    ("1882", "OR", "CPR", "Buying a 3: CPR buys a 3 train, Ann sells 2 GT to fund it",
     [BuyTrain("CPR", "3", "depot"), SellShares("ann", "GT", 20)]),
    # near misses: a share price dropping is no removal; two buys told apart, or after a heading of none, are two
    ("1830", "SR", None, "Then I sold 3 NYC, dropping it to 60.", [SellShares("ann", "NYC", 30)]),
    ("1882", "OR", "CPR", "CPR buys a 3, CPR buys a 3", [BuyTrain("CPR", "3", "depot")] * 2),
    ("1882", "OR", "CPR", "Train buy: CPR buys a 3 and another 3", [BuyTrain("CPR", "3", "depot")] * 2),
]


@pytest.mark.parametrize("title,rk,cur,line,want", GIVEN_UP_AFTER, ids=[r[3][:40] for r in GIVEN_UP_AFTER])
def test_a_token_given_up_or_a_move_under_its_heading_is_read_once(title, rk, cur, line, want):
    assert read(title, rk, cur, line) == want


def test_a_token_given_up_without_its_hex_is_asked_not_dropped():
    """"... and drops its token" after a merger: which hex? (it was set aside as a remark)."""
    for line in ("N merges with MB into MKN and drops its token", "N merges with MB into MKN, dropping its token"):
        with pytest.raises(PbemError, match="expected a hex coordinate"):
            read("1861", "merger", "N", line)


@pytest.mark.parametrize("title,rk,line", [
    ("1830", "auction", "ERIE pays 120"),                    # a dividend's word in an auction: no par
    ("1882", "SR", "Sell 20% CPR. SC passes"),               # a company passes no stock round: not the writer's pass
    ("1882", "auction", "Bid 60 on SC. NWR passes"),
])
def test_a_company_s_operating_word_or_pass_is_no_move_of_the_writer(title, rk, line):
    """"ERIE pays 120" was read as the writer's par of ERIE at 120, "SC passes" as the writer's pass with SC
    dropped: a clause with a word of an operating turn is no move of a stock round, and a company that passes
    is no writer."""
    with pytest.raises(PbemError):
        read(title, rk, None, line)


@pytest.mark.parametrize("line", ["sell 1 CPR, Bob: buy CPR", "sell 1 CPR, buy 1 QLL from market, Bob: CPR"])
def test_another_player_s_head_in_mid_line_is_never_dropped(line):
    """A player's head after the writer's moves ("..., Bob: buy CPR") was dropped and the move after it read as
    the writer's: whose moves follow cannot be told, so the line is refused."""
    with pytest.raises(PbemError, match="Bob, who is not the writer"):
        read("1882", "SR", None, line)
    assert read("1882", "SR", None, "Bob: buy CPR")[0].entity == "bob"        # at the line's start, Bob's (the table refuses it)
