"""Privates and 1861's own moves told in words (issue 8, area "vocabulary", second round): a
private bought told as the payment, a private's ability used with its moves after a colon, a
loan's proceeds in brackets beside the buy, a merger told as what the group becomes, a token a
company drops in a merger round, a nationalisation after its reason, a pass with what is not
bought, a sale by the holding it ends, and the writer's own name as a heading. Every line was
written for these tests, in other words, orders and titles than the corpora's; each READ line
must read as the moves it states, each near miss beside them (a question, a plan, another's
move, a log consequence) must stay unread."""
from __future__ import annotations

import pytest

from pbem.engine.actions import (
    Bid, BuyCompany, BuyShares, BuyTrain, Choose, DiscardTrain, Dividend, LayTile, Merge, Par, Pass, PlaceToken,
    RemoveToken, Route, RunRoutes, SellShares, Stop,
)
from pbem.errors import PbemError

from notation_kit import read, read_move_by_move  # noqa: E402


READ = [
    # 1830's railways by their nicknames (the title's notation data)
    ("1830", "SR", None, "Buying a Chessie share from the pool", [BuyShares("ann", "C&O", "pool", 10)]),
    ("1830", "SR", None, "Dee sells two NY Central", [SellShares("dee", "NYC", 20)]),
    ("1830", "SR", None, "sell 2 New Haven and Hartford", [SellShares("ann", "NYNH", 20)]),
    # and a place by its nickname
    ("1830", "OR", "B&O", "B&O runs 2T NY-Philly $60", [RunRoutes("B&O", (Route("2", (Stop("G19"), Stop("H18")), None, 60),))]),
    # a private bought, told as what the company pays its owner
    ("1882", "OR", "GT", "GT pays Bob 60 for the Trestle Bridge", [BuyCompany("GT", "TB", 60)]),
    ("1882", "OR", "QLL", "QLL pays $50 to Cid for the NWR.", [BuyCompany("QLL", "NWR", 50)]),
    ("1830", "OR", "PRR", "PRR is paying Dee $160 for the Camden & Amboy", [BuyCompany("PRR", "CA", 160)]),
    ("1830", "OR", "B&O", "B&O pays Bob 40 for the Champlain", [BuyCompany("B&O", "CS", 40)]),
    # a private's ability: the company named again after the private's colon
    ("1882", "OR", "GT", "Using the NWR: GT moves its G11 token to E5", [RemoveToken("NWR", "G11"), PlaceToken("NWR", "E5")]),
    ("1882", "OR", "HBR", "HBR uses the NWR: HBR moves its I5 token to E5 and lays #59 there",
     [RemoveToken("NWR", "I5"), PlaceToken("NWR", "E5"), LayTile("NWR", "E5", "59", 3)]),
    # a token told after a private's lay without its verb
    ("1830", "OR", "PRR", "PRR uses the D&H: #57 on F16 and a token there",
     [LayTile("DH", "F16", "57", 3), PlaceToken("DH", "F16")]),
    ("1830", "OR", "NYC", "Using D&H - #57 on F16 (the coal town), and its token there",
     [LayTile("DH", "F16", "57", 3), PlaceToken("DH", "F16")]),
    ("1882", "OR", "CNR", "CNR: #57 on E9 and a token there", [LayTile("CNR", "E9", "57", 3), PlaceToken("CNR", "E9")]),
    # a loan's proceeds in brackets beside the buy it pays for (the game takes the loan itself)
    ("1861", "OR", "SE", "SE takes a loan (gets 45₽) and buys a 3 for 180₽", [BuyTrain("SE", "3", "depot", 180)]),
    ("1861", "OR", "GRR", "GRR takes two loans (90 in all) to pay for the 5 train", [BuyTrain("GRR", "5", "depot")]),
    # a loan told with the train it pays for, then the buy of "it": one buy
    ("1861", "OR", "MV", "MV takes one loan to fund the 4 train, and buys it from the depot", [BuyTrain("MV", "4", "depot")]),
    ("1861", "OR", "NW", "NW took two loans to afford a 5 and bought it for 450₽", [BuyTrain("NW", "5", "depot", 450)]),
    # a tile described in words, its number in brackets
    ("1882", "OR", "CPR", "CPR upgrades J10 to the green Regina tile (R2)", [LayTile("CPR", "J10", "R2", 3)]),
    ("1830", "OR", "PRR", "PRR lays a brown city tile (#63) on H10", [LayTile("PRR", "H10", "63", 3)]),
    # an upgrade told by its colour, then the tile; the place told before the tile
    ("1882", "OR", "HBR", "HBR upgrades G11 to green (#59)", [LayTile("HBR", "G11", "59", 3)]),
    ("1830", "OR", "NYC", "NYC upgrades G19 to brown: 63", [LayTile("NYC", "G19", "63", 3)]),
    ("1830", "OR", "PRR", "PRR builds at H10 first: 57, then buys a 3",
     [LayTile("PRR", "H10", "57", 3), BuyTrain("PRR", "3", "depot")]),
    ("1882", "OR", "GT", "GT lays in Regina: R2", [LayTile("GT", "J10", "R2", 3)]),
    # 1861 mergers: what the group becomes, a company taken into it, the adding ended
    ("1861", "merger", "KR", "KR becomes the SE", [Merge("KR", "SE")]),
    ("1861", "merger", "OK", "the OK will become GRR.", [Merge("OK", "GRR")]),
    ("1861", "merger", "KB", "KB brings MV into the group", [Merge("KB", "MV")]),
    ("1861", "merger", "RO", "RO adds Y to the merger.", [Merge("RO", "Y")]),
    ("1861", "merger", "RO", "Finished adding companies. The new major is the SW.", [Pass("RO"), Merge("RO", "SW")]),
    ("1861", "merger", "KB", "I'm done adding; the new corporation will be MKV", [Pass("KB"), Merge("KB", "MKV")]),
    # a merger round's token words: no token is placed there, one "dropped" is removed
    ("1861", "merger", "NW", "NW gives up its station in Kiev", [RemoveToken("NW", "D14")]),
    ("1861", "merger", "SE", "SE loses its token at D14 (over the limit now)", [RemoveToken("SE", "D14")]),
    ("1861", "merger", "SW", "SW retains Odessa and drops its token in Kiev.", [RemoveToken("SW", "D14")]),
    # 1861's minor put up for auction, with its currency in words
    ("1861", "SR", None, "Cid puts MNN up for auction at 120 roubles", [Bid("cid", "MNN", 120)]),
    ("1861", "SR", None, "I put the KB up at 105 rubles", [Bid("ann", "KB", 105)]),
    # a nationalisation after its reason
    ("1861", "OR", "SE", "SE has no train and cannot afford one; I choose to nationalise it.", [Choose("SE", "nationalize")]),
    ("1861", "OR", "GRR", "GRR can't buy a 5 - so we decide to nationalize GRR", [Choose("GRR", "nationalize")]),
    # a pass with what is not bought beside it
    ("1861", "SR", None, "Pass, not interested in MKN.", [Pass("ann")]),
    ("1882", "SR", None, "I pass this round - nothing worth buying", [Pass("ann")]),
    ("1830", "SR", None, "Passes; no money left.", [Pass("ann")]),
    # a sale by the holding it ends
    ("1830", "SR", None, "Ann sells off her whole PRR holding (3 shares)", [SellShares("ann", "PRR", 30)]),
    ("1882", "SR", None, "sold off my entire GT position (two shares)", [SellShares("ann", "GT", 20)]),
    ("1861", "SR", None, "unloads my SW: sells 2 shares", [SellShares("ann", "SW", 20)]),
    # a discard told with its need and an adverb
    ("1830", "OR", "ERIE", "ERIE unfortunately has to drop one of its 3s, so discard a 3", [DiscardTrain("ERIE", "3")]),
    ("1861", "OR", "NW", "NW clearly must discard one of its 4s: discards the 4", [DiscardTrain("NW", "4")]),
    # the company's lack told before the moves that meet it, a contribution joined by "and"
    ("1882", "OR", "GT", "GT has only $150, so Dee puts in $300 and GT buys a 5 for 450", [BuyTrain("GT", "5", "depot", 450)]),
    ("1830", "OR", "C&O", "C&O can't afford the D - Bob contributes $500; C&O buys a D for 1100",
     [BuyTrain("C&O", "D", "depot", 1100)]),
    # a share's source and price in brackets, the presidency taken as the consequence (a claim)
    ("1882", "SR", None, "Cid buys a second CPR share (pool, $76) and takes over the presidency",
     [BuyShares("cid", "CPR", "pool", 10)]),
    ("1830", "SR", None, "I buy one B&M (from the IPO, 90) and take the presidency from Dee",
     [BuyShares("ann", "B&M", "ipo", 10)]),
    # a par with the auction that gave the right to it, the cash left in other words
    ("1882", "SR", None, "Bob pars CPR at 90 having won the Canadian Pacific", [Par("bob", "CPR", 90)]),
    ("1830", "auction", None, "Dee bids 120 on C&A. Remaining cash: 480", [Bid("dee", "CA", 120)]),
    # what the writer stops at, a need in brackets
    ("1861", "SR", None, "Dee sells 3 MKN and stops here.", [SellShares("dee", "MKN", 30)]),
    ("1830", "OR", "PRR", "PRR withholds (needs a D)", [Dividend("PRR", "withhold")]),
    # the writer's own name as a heading before the company's move
    ("1830", "OR", "NYC", "Ann: NYC does not buy a train this turn", [Pass("NYC")]),
    ("1882", "OR", "GT", "ann: GT won't buy a train this turn.", [Pass("GT")]),
]


@pytest.mark.parametrize("title,round_kind,current,line,want", READ)
def test_a_private_or_1861_move_in_words_is_read(title, round_kind, current, line, want):
    assert read(title, round_kind, current, line) == want


@pytest.mark.parametrize("title,round_kind,current,line,want", READ)
def test_it_reads_the_same_move_by_move(title, round_kind, current, line, want):
    """The table reads a message move by move (notation/sequence.py): the same moves there."""
    assert read_move_by_move(title, round_kind, current, line) == want


UNREAD = [
    # payments asked about or planned
    ("1882", "OR", "GT", "GT pays Bob 60 for the Trestle Bridge?"),
    ("1882", "OR", "GT", "If GT pays Bob 60 for the Trestle Bridge, fine"),
    # the private's ability as a question or a plan
    ("1882", "OR", "GT", "Using the NWR: should GT move its G11 token to E5?"),
    ("1830", "OR", "PRR", "PRR might use the D&H: #57 on F16 and a token there"),
    # loans beside a question or a plan
    ("1861", "OR", "SE", "SE takes a loan (gets 45₽) and buys a 3 for 180₽?"),
    ("1861", "OR", "SE", "If SE takes a loan (45₽) it could buy a 3"),
    ("1861", "OR", "MV", "MV takes one loan to fund the 4 train, and buys it?"),
    ("1882", "OR", "CPR", "Should CPR upgrade J10 to the green Regina tile (R2)?"),
    ("1830", "OR", "NYC", "Could NYC upgrade G19 to brown: 63?"),
    ("1830", "OR", "PRR", "PRR builds at H10 first: 57?"),
    # mergers asked about or put off
    ("1861", "merger", "KR", "KR becomes the SE?"),
    ("1861", "merger", "KB", "Should KB bring MV into the group?"),
    ("1861", "merger", "RO", "Once done adding, the new major will be SW"),
    # no token is placed in a merger round: a drop asked about, or in another round a placement
    ("1861", "merger", "SW", "Should SW drop its token in Kiev?"),
    ("1861", "merger", "SW", "SW keeps Kiev?"),
    # a nationalisation told as a condition, refused, or asked about
    ("1861", "OR", "SE", "SE has no train - if it can't buy one, I choose to nationalise it"),
    ("1861", "OR", "SE", "SE has no train, I choose not to nationalise it"),
    ("1861", "OR", "SE", "SE can't buy a train - should I nationalise it?"),
    # a plan with no pass of now ("Pass - not buying any MKN until it floats" is the pass of now,
    # its plan set aside: test_a_pass_of_now_with_its_plan_is_the_pass below), or a question
    ("1861", "SR", None, "Not buying any MKN until it floats"),
    ("1861", "SR", None, "I will pass until MKN floats"),
    ("1861", "SR", None, "Pass, not interested in MKN?"),
    # a sale asked about; another player's sale said by the writer
    ("1830", "SR", None, "Should I sell off my whole PRR holding (3 shares)?"),
    # another player's name as a heading: that player's move, not the writer's
    ("1830", "OR", "NYC", "Bob: NYC does not buy a train this turn"),
    ("1882", "OR", "GT", "Cid: GT won't buy a train this turn."),
    # the president's name before "president of" is a report of another player, never a move
    ("1830", "SR", None, "Dee is now president of the B&M"),
    # a lack told with a plan or a question, another player's contribution asked about
    ("1882", "OR", "GT", "GT has only $150, so should Dee put in $300 and GT buy a 5?"),
    ("1882", "OR", "GT", "GT has no train - if Dee puts in $300, GT buys a 5 for 450"),
    # a bracket of source and price asked about; the presidency as a plan
    ("1882", "SR", None, "Cid buys a second CPR share (pool, $76)?"),
    ("1882", "SR", None, "Should I buy a CPR share and take the presidency from Dee?"),
    ("1882", "SR", None, "Bob would par CPR at 90 after winning the Canadian Pacific"),
    # a discard asked about
    ("1830", "OR", "ERIE", "ERIE has to drop one of its 3s, so discard a 3?"),
]


@pytest.mark.parametrize("title,round_kind,current,line", UNREAD)
def test_a_line_that_is_no_move_of_the_writer_stays_unread(title, round_kind, current, line):
    with pytest.raises(PbemError):
        read(title, round_kind, current, line)


def test_a_discard_told_with_its_need_is_one_discard():
    """Before, "QLL obviously must discard ..." read two discards: the need and the discard
    were each taken for one, though the line writes one."""
    got = read("1882", "OR", "QLL", "QLL sadly must drop one of its 2s - drop the 2")
    assert got == [DiscardTrain("QLL", "2")]


def test_drops_is_a_removal_only_in_a_merger_round():
    """In an operating round a token dropped in a city is placed there: the removal wording is
    a merger round's only."""
    got = read("1861", "OR", "SW", "SW drops its token in Kiev")
    assert all(not isinstance(a, RemoveToken) for a in got)


def test_a_pass_of_now_with_its_plan_is_the_pass():
    assert read("1861", "SR", None, "Pass - not buying any MKN until it floats") == [Pass("ann")]
