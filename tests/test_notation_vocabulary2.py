"""Names and move words the reader did not know, and readings that picked a move other than the
one written (issue 8, area "vocabulary"). Every line was written for these tests, in other words,
orders and titles than the corpora's; each READ line must read as the moves it states, each near
miss beside them (a question, a plan, another's move, a move of another round) must stay unread."""
from __future__ import annotations

import pytest

from pbem.engine.actions import (
    Bid, BuyCompany, BuyShares, BuyTrain, Choose, DiscardTrain, Dividend, LayTile, Merge, Par, Pass, SellShares,
)
from pbem.errors import PbemError

from notation_kit import read, read_move_by_move  # noqa: E402


READ = [
    # a private's own lay, told as the company using it with a colon (names with "&")
    ("1830", "OR", "C&O", "C&O uses D&H: lays #57 on F16", [LayTile("DH", "F16", "57", 3)]),
    ("1830", "OR", "B&O", "B&O uses the C&SL - lays #9 on E5", [LayTile("CS", "E5", "9", 3)]),
    ("1830", "OR", "PRR", "PRR using D&H: #57 on F16", [LayTile("DH", "F16", "57", 3)]),
    # a bid stays a bid where bids are made
    ("1882", "auction", None, "NWR 90", [Bid("ann", "NWR", 90)]),
    # a par said with "at" beside the president's certificate
    ("1882", "SR", None, "Bob is buying the president's certificate of HBR at $71", [Par("bob", "HBR", 71)]),
    # one pass: a decision not to do something, told with the pass
    ("1861", "merger", "MV", "Bob: no merger this round, pass", [Pass("bob")]),
    ("1861", "merger", "MV", "MV: no conversion for now - pass.", [Pass("MV")]),
    ("1861", "OR", "SE", "SE doesn't nationalize; pass", [Pass("SE")]),
    ("1861", "OR", "GRR", "GRR doesnt nationalise - pass", [Pass("GRR")]),
    ("1861", "merger", "OK", "Not merging OK this round, pass", [Pass("OK")]),
    ("1861", "merger", "MV", "not converting MV for now; pass", [Pass("MV")]),
    # a pass told as what the writer declines to buy or sell
    ("1861", "SR", None, "Cid declines to buy any SW shares.", [Pass("cid")]),
    ("1882", "SR", None, "I decline to sell my CPR shares", [Pass("ann")]),
    # names written otherwise: a generic word shortened, a private called a company, a
    # direction in letters, a place spelled as people spell it
    ("1882", "auction", None, "Bob bids 45 on the NW Rebellion Co", [Bid("bob", "NWR", 45)]),
    ("1882", "auction", None, "60 for the Trestle Bridge Company", [Bid("ann", "TB", 60)]),
    ("1882", "SR", None, "Cid buys a Canadian Pacific Rly share", [BuyShares("cid", "CPR", "ipo", 10)]),
    ("1830", "SR", None, "sell one New York Central RR share", [SellShares("ann", "NYC", 10)]),
    ("1861", "SR", None, "Dee bids 110 on the Kharkov minor", [Bid("dee", "KR", 110)]),
    ("1861", "SR", None, "Kharkov-Rostov Railway for 95", [Bid("ann", "KR", 95)]),
    ("1861", "OR", "N", "the Nikolayev minor buys a 2", [BuyTrain("N", "2", "depot")]),
    ("1882", "OR", "CNR", "CNR buys the Trestle Bridge Co. from Bob for 50 dollars.", [BuyCompany("CNR", "TB", 50)]),
    # move words the reader did not know (notation/move_words.py)
    ("1861", "OR", "GRR", "GRR is nationalised - can't afford a 5 train", [Choose("GRR", "nationalize")]),
    ("1861", "OR", "SE", "SE chooses nationalisation, no money for the train", [Choose("SE", "nationalize")]),
    ("1861", "merger", None, "Not buying anything this round.", [Pass("ann")]),
    ("1861", "SR", None, "I'm buying nothing more in this turn", [Pass("ann")]),
    ("1861", "merger", "KR", "KR merges with MV and then they become SE", [Merge("KR", "MV"), Merge("KR", "SE")]),
    ("1861", "merger", "OK", "OK takes in Y, then the merged group forms SW", [Merge("OK", "Y"), Merge("OK", "SW")]),
    ("1882", "auction", None, "raising Bob on the Trestle Bridge to 65", [Bid("ann", "TB", 65)]),
    ("1861", "auction", None, "I raise Cid on MYR to 150₽", [Bid("ann", "MYR", 150)]),
    ("1882", "OR", "HBR", "Dee chips in $80 out of her own pocket, HBR buys a 5 for 450", [BuyTrain("HBR", "5", "depot", 450)]),
    ("1830", "OR", "PRR", "Bob contributes $200; PRR purchases a D for 1100", [BuyTrain("PRR", "D", "depot", 1100)]),
    ("1861", "OR", "NW", "NW has to give up one of its 4s: discards a 4", [DiscardTrain("NW", "4")]),
    ("1830", "OR", "NYC", "NYC must discard a train - drops the 3.", [DiscardTrain("NYC", "3")]),
    ("1882", "OR", "GT", "GT has already placed a token here, so I just pass on the token", [Pass("GT")]),
    ("1830", "OR", "B&O", "Cid withholds B&O's $90", [Dividend("B&O", "withhold")]),
    ("1882", "OR", "QLL", "Ann pays out QLL's revenue", [Dividend("QLL", "payout")]),
    ("1882", "OR", "HBR", "HBR lays #59 on its home city, G11", [LayTile("HBR", "G11", "59", 3)]),
    ("1882", "SR", None, "Sold two GT, and then I'll buy a CPR from the pool",
     [SellShares("ann", "GT", 20), BuyShares("ann", "CPR", "pool", 10)]),
    ("1882", "SR", None, "buys HBR, 20% from the Initial Public Offering", [BuyShares("ann", "HBR", "ipo", 20)]),
    ("1861", "SR", None, "Dee sold of her two NW shares", [SellShares("dee", "NW", 20)]),
    ("1882", "SR", None, "Bought one QLL out of the IPO; pass after that", [BuyShares("ann", "QLL", "ipo", 10), Pass("ann")]),
    ("1861", "auction", None, "MRR for 80₽ - I'm done bidding now", [Bid("ann", "MRR", 80)]),
    ("1882", "auction", None, "Cid: Canadian Pacific, $190", [Bid("cid", "CP", 190)]),
    ("1882", "auction", None, "Dee: P2 Saskatchewan Central, 45", [Bid("dee", "SC", 45)]),
    ("1830", "OR", "NYC", "NYC trades in the 5 for a D: $800", [BuyTrain("NYC", "D", "depot", 800, exchange="5")]),
    ("1882", "SR", None, "Bob pars HBR at 67 (he gets the president's share for 134)", [Par("bob", "HBR", 67)]),
    ("1830", "SR", None, "I start PRR at $82 (taking the director's certificate, 20%)", [Par("ann", "PRR", 82)]),
    ("1882", "SR", None, "pass (not enough cash)", [Pass("ann")]),
    ("1861", "auction", None, "Passes (too rich for me).", [Pass("ann")]),
    ("1882", "auction", None, "30 on the Trestle Bridge, the cheapest one", [Bid("ann", "TB", 30)]),
    ("1882", "OR", "GT", "GT bought a 5 for 450, and the 3s rusted", [BuyTrain("GT", "5", "depot", 450)]),
    ("1830", "OR", "B&O", "B&O buys a 4 train for 300; all 2s are gone", [BuyTrain("B&O", "4", "depot", 300)]),
    ("1830", "OR", "ERIE", "ERIE buys a 2 for 80 and a 3 train for 180", [BuyTrain("ERIE", "2", "depot", 80), BuyTrain("ERIE", "3", "depot", 180)]),
    ("1882", "OR", "QLL", "QLL: tile 9 into K7, rot 1", [LayTile("QLL", "K7", "9", 1)]),
    ("1882", "OR", "SC", "SC will not buy a train this turn.", [Pass("SC")]),
    ("1830", "OR", "NYC", "NYC won't lay a tile this time", [Pass("NYC")]),
    ("1861", "OR", "MV", "MV upgrades its home I13 with a #14.", [LayTile("MV", "I13", "14", 3)]),
    ("1882", "OR", "HBR", "HBR upgrading its home city G11 to #59", [LayTile("HBR", "G11", "59", 3)]),
    # "and" for "&" in a symbol or a name
    ("1830", "SR", None, "Buying a C and O share from the pool", [BuyShares("ann", "C&O", "pool", 10)]),
    ("1830", "SR", None, "Bob sells one Boston and Maine", [SellShares("bob", "B&M", 10)]),
    ("1830", "OR", "PRR", "PRR buys the Camden and Amboy from Cid for 160", [BuyCompany("PRR", "CA", 160)]),
]


@pytest.mark.parametrize("title,round_kind,current,line,want", READ)
def test_a_move_in_words_the_reader_did_not_know_is_read(title, round_kind, current, line, want):
    assert read(title, round_kind, current, line) == want


@pytest.mark.parametrize("title,round_kind,current,line,want", READ)
def test_it_reads_the_same_move_by_move(title, round_kind, current, line, want):
    """The table reads a message move by move (notation/sequence.py): the same moves there."""
    assert read_move_by_move(title, round_kind, current, line) == want


UNREAD = [
    # a bid is no move of an operating or a merger round: a company and a figure there are no auction
    ("1882", "OR", "CPR", "CPR: GT 70, pays out"),
    ("1882", "OR", "HBR", "HBR: QLL 40"),
    ("1861", "merger", "KK", "KK bids 100 on KB"),
    # no token is placed, no tile laid in a merger round
    ("1861", "merger", "RO", "RO merges with KB to form NW, and drops the token in D14"),
    ("1861", "merger", "KR", "KR takes in MV to form MKV, then places a token in H8"),
    ("1861", "merger", "KK", "KK lays #8 on I7"),
    # the president's certificate bought for a price: a par told by what it cost, never one share
    ("1882", "SR", None, "Ann buys the GT president's certificate for $134"),
    ("1882", "SR", None, "I buy the president's share of CPR for $200"),
    ("1882", "SR", None, "Bob takes the QLL presidency for 152"),
    ("1830", "SR", None, "buys the B&O director's certificate for $200"),
    # questions, plans and reports beside the passes and the names
    ("1861", "merger", "MV", "No merger this round, pass?"),
    ("1861", "OR", "SE", "SE doesn't nationalize?"),
    ("1861", "merger", "KK", "Not converting KK this time?"),
    ("1861", "SR", None, "Cid declines to buy any SW shares?"),
    ("1882", "auction", None, "Should I bid 45 on the NW Rebellion Co?"),
    ("1861", "SR", None, "If nobody bids on the Kharkov minor I'll take it for 100"),
    ("1882", "auction", None, "Is the Trestle Bridge Company worth 60?"),
    ("1861", "OR", "GRR", "GRR is nationalised?"),
    ("1861", "OR", "GRR", "If GRR nationalises - not buying a train"),
    ("1861", "merger", None, "I'm not buying anything until the conversion"),
    ("1861", "merger", None, "Bob is not buying anything this round"),
    ("1861", "merger", "KR", "Should KR merge with MV, then the group forms SE?"),
    ("1882", "auction", None, "Bob is raising me on the Trestle Bridge to 65"),
    ("1882", "auction", None, "raising Bob on the Trestle Bridge to 65?"),
    ("1882", "OR", "HBR", "Dee chips in $80, HBR buys a 5 for 450?"),
    ("1861", "OR", "NW", "NW has to give up one of its 4s?"),
    ("1882", "OR", "GT", "GT has already placed a token here, so should I pass?"),
    ("1882", "OR", "QLL", "Ann pays out QLL's revenue?"),
    ("1882", "SR", None, "Sold two GT, then I'll buy a CPR if it floats"),
    ("1882", "OR", "CPR", "CPR: Trestle Bridge, $150"),
    ("1882", "auction", None, "Bob: Canadian Pacific, $190?"),
    ("1830", "OR", "NYC", "Should NYC trade in the 5 for a D: $800?"),
    ("1882", "SR", None, "Should Bob par HBR at 67 (the president's share for 134)?"),
    ("1882", "OR", "GT", "GT bought a 5 for 450, and the 3s rusted?"),
    ("1830", "OR", "ERIE", "If ERIE buys a 2 for 80 and a 3 train for 180"),
    ("1830", "SR", None, "Should I buy a C and O share from the pool?"),
    ("1882", "OR", "SC", "SC will not buy a train this turn?"),
    ("1882", "OR", "SC", "SC will not buy a train until next OR"),
    ("1882", "OR", "SC", "SC will not buy a train next turn"),
    # one line of a merger round passes for one company: another's pass is its own choice
    ("1861", "merger", "OK", "OK declines to merge, KK passes"),
    ("1861", "merger", "MV", "MV won't merge; KR passes too"),
    ("1861", "merger", "KB", "KB passes, OK passes"),
    # questions and plans beside the private's lay
    ("1830", "OR", "C&O", "C&O uses D&H: lays #57 on F16?"),
    ("1830", "OR", "C&O", "Should C&O use D&H: lay #57 on F16"),
]


@pytest.mark.parametrize("title,round_kind,current,line", UNREAD)
def test_a_line_that_is_no_move_of_the_writer_stays_unread(title, round_kind, current, line):
    with pytest.raises(PbemError):
        read(title, round_kind, current, line)


def test_a_lay_told_with_a_private_is_never_the_companys_own():
    """Before, "C&O uses D&H: ..." was read as C&O's lay (the private's name, with "&", was not
    taken): the lay is the private's ability, which 18xx.games records as the private's."""
    moves = read("1830", "OR", "C&O", "C&O uses D&H: lays #57 on F16")
    assert all(m.entity != "C&O" for m in moves)


def test_a_merger_line_passing_for_its_own_company_only_is_read():
    assert read("1861", "merger", "KK", "KK declines to merge, pass") == [Pass("KK")]
    assert read("1861", "merger", "KK", "KK passes") == [Pass("KK")]


def _merger_table(tmp_path, upto: int):
    """The refplay 1861 game (seed 4) just before a move of its merger rounds."""
    from pathlib import Path

    from pbem.table import Table
    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed4-merger.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    return Table.open(copy, upto=upto, moderator=False)


@pytest.mark.parametrize("line", [
    "SPW takes in MB, closes the group, and forms MK.",
    "SPW absorbs MB; then ends the selection and becomes MK",
])
def test_at_the_table_a_group_the_game_closed_itself_is_not_closed_again(tmp_path, line):
    """At move 765 SPW merges with MB and nothing is left to add: the game closes the group
    itself and asks for the major, so the pass the writer tells between (refused before: "SPW
    may not pass now") is set aside and the major is formed."""
    table = _merger_table(tmp_path, 765)
    g = table.play
    president = table.game.corporations["SPW"].president
    mark = len(g.moves)
    g.push_notation(line, president)
    assert g.moves[mark:] == [Merge("SPW", "MB"), Merge("SPW", "MK")]


def test_at_the_table_a_pass_alone_is_still_the_companys_pass(tmp_path):
    """Only a pass right after the company's own merger is set aside: "SPW passes" before any
    merger is SPW's choice not to merge, played as written."""
    table = _merger_table(tmp_path, 765)
    g = table.play
    mark = len(g.moves)
    g.push_notation("SPW passes", table.game.corporations["SPW"].president)
    assert g.moves[mark:] == [Pass("SPW")]
