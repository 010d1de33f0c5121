"""Moves told in whole sentences (pbem/notation/phrasings.py): 1861 mergers and conversions,
tokens given up and 1882's North-West Rebellion told as a story, auctions and pars described
in words, dividends, loans and bankruptcy in words. Every line here was written for these tests
in the general shapes people use (other words, orders and titles than the corpora's); each must
read as the moves it states, and the near misses beside them (questions, conditions, plans,
someone else's move, reports of the past) must stay unread."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import pbem
from pbem.engine.actions import (
    Bankrupt, Bid, BuyShares, BuyTrain, Convert, Dividend, LayTile, Merge, Par, Pass, PlaceToken, RemoveToken, SellShares,
)
from pbem.errors import PbemError
from pbem.notation import read_message
from pbem.notation.names import name_index
from pbem.notation.passes import one_pass
from pbem.notation.piece_moves import read_by_pieces

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_game_facade import OPENING  # noqa: E402

from notation_kit import ctx, read, read_move_by_move  # noqa: E402


def _merge(entity: str, *names: str) -> list:
    return [Merge(entity, n) for n in names]


READ = [
    # 1861 mergers: the first company named merges, the others are added, the last is the major
    ("1861", "merger", "KB", "KB merges with OK and KK to form the SW", _merge("KB", "OK", "KK", "SW")),
    ("1861", "merger", "KB", "Kiev-Brest merges with O-K, forming SW.", _merge("KB", "OK", "SW")),
    ("1861", "merger", "MB", "MB joins with SPW and together they form NW", _merge("MB", "SPW", "NW")),
    ("1861", "merger", "MB", "MB absorbs SPW, new major is NW", _merge("MB", "SPW", "NW")),
    ("1861", "merger", "RO", "RO takes in MB and SPW, the new major will be NW.", _merge("RO", "MB", "SPW", "NW")),
    ("1861", "merger", "RO", "Merge RO and MB into the NW", _merge("RO", "MB", "NW")),
    ("1861", "merger", "RO", "merge RO with MB & SPW, forming NW", _merge("RO", "MB", "SPW", "NW")),
    ("1861", "merger", "KR", "KR and MV merge to form MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR, MV and Y merge, forming SE.", _merge("KR", "MV", "Y", "SE")),
    ("1861", "merger", "KR", "KR + MV + Y -> SE", _merge("KR", "MV", "Y", "SE")),
    ("1861", "merger", "KR", "KR + MV => MKV!", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "MR: KR merges with MV to form MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "Merging KR and MV to form MKV.", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR merges MV into MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "I'll merge KR and MV into MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR merges with MV; the new company is MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR & MV → MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR combines with MV and Y, creating SE", _merge("KR", "MV", "Y", "SE")),
    ("1861", "merger", "KR", "KR merges with MV. New major: MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR merges with MV (new major MKV)", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR merges with MV to make MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR is merging with MV to form MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "Hi all. For the merger round: KR and MV merge to form MKV.", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "MR1: KR+MV=MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "Merge: KR + MV -> MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR/MV merge into MKV", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR merges with MV to form MKV. I'll buy a share of MKV later", _merge("KR", "MV", "MKV")),
    ("1861", "merger", "KR", "KR and MV merge into MKV; I'll keep both tokens.", _merge("KR", "MV", "MKV")),
    # conversions: the minor converts and names its major
    ("1861", "merger", "KK", "I convert KK into the SE", [Convert("KK"), Merge("KK", "SE")]),
    ("1861", "merger", "KK", "Converting KK, new major SE", [Convert("KK"), Merge("KK", "SE")]),
    ("1861", "merger", "KK", "KK converts (new major SE)", [Convert("KK"), Merge("KK", "SE")]),
    ("1861", "merger", "KK", "KK converts to become SE", [Convert("KK"), Merge("KK", "SE")]),
    ("1861", "merger", "KR", "KR is converting, new major MK", [Convert("KR"), Merge("KR", "MK")]),
    ("1861", "merger", "KR", "KR becomes SE (conversion)", [Convert("KR"), Merge("KR", "SE")]),
    ("1861", "merger", "KK", "KK converts, becoming the SE", [Convert("KK"), Merge("KK", "SE")]),
    ("1861", "merger", "KK", "KK converts; new major: SE", [Convert("KK"), Merge("KK", "SE")]),
    ("1861", "merger", "KK", "KK is going to convert into SE", [Convert("KK"), Merge("KK", "SE")]),
    ("1861", "merger", "KK", "KK will convert -> SE.", [Convert("KK"), Merge("KK", "SE")]),
    # a refusal and a pass told together are one pass
    ("1861", "merger", "OK", "OK declines to merge and passes.", [Pass("OK")]),
    ("1861", "merger", "OK", "O-K won't merge, so I pass", [Pass("OK")]),
    ("1861", "merger", "OK", "OK does not convert this round - pass", [Pass("OK")]),
    ("1861", "merger", "OK", "pass, no merger for OK this round", [Pass("OK")]),
    ("1861", "merger", "OK", "Pass - no conversion for OK.", [Pass("OK")]),
    ("1861", "merger", "KK", "KK passes, no merger", [Pass("KK")]),
    ("1861", "merger", "KK", "KK: no merger, no conversion, pass", [Pass("KK")]),
    ("1882", "SR", None, "Ann declines to buy anything, passes.", [Pass("ann")]),
    ("1882", "SR", None, "Bob won't sell, so I pass", [Pass("ann")]),
    ("1882", "SR", None, "Ann declines to sell and passes the round", [Pass("ann")]),
    ("1882", "OR", "CNR", "CNR passes; nothing to lay.", [Pass("CNR")]),
    ("1882", "OR", "CNR", "CNR: nothing to lay, pass", [Pass("CNR")]),
    ("1882", "OR", "CNR", "CNR is done, no token this turn", [Pass("CNR")]),
    ("1882", "OR", "CNR", "pass - no trains to buy", [Pass("CNR")]),
    # tokens given up, and the North-West Rebellion's story
    ("1861", "merger", "SW", "SW gives up its Odessa token", [RemoveToken("SW", "D20")]),
    ("1861", "merger", "SW", "SW removes its D20 token.", [RemoveToken("SW", "D20")]),
    ("1861", "merger", "NW", "NW gives up the token in Kiev", [RemoveToken("NW", "D14")]),
    ("1861", "merger", "NW", "NW returns its Kiev token", [RemoveToken("NW", "D14")]),
    ("1861", "merger", "NW", "NW gives back the Kiev station", [RemoveToken("NW", "D14")]),
    ("1861", "merger", "SW", "SW drops the token in Odessa so as to get down to its limit", [RemoveToken("SW", "D20")]),
    ("1882", "OR", "CPR", "CPR uses the North West Rebellion: its station moves from I5 to E5, then lays #59 on E5",
     [RemoveToken("NWR", "I5"), PlaceToken("NWR", "E5"), LayTile("NWR", "E5", "59", 3)]),
    ("1882", "OR", "CPR", "CPR uses NWR, the token moves from I5 to E5 and lays a free #59 there",
     [RemoveToken("NWR", "I5"), PlaceToken("NWR", "E5"), LayTile("NWR", "E5", "59", 3)]),
    ("1882", "OR", "CPR", "NWR lays a free #9 on J4 rot 1", [LayTile("NWR", "J4", "9", 1)]),
    ("1882", "OR", "HBR", "Using the NWR, HBR moves its G11 token to D6 and lays #57 there.",
     [RemoveToken("NWR", "G11"), PlaceToken("NWR", "D6"), LayTile("NWR", "D6", "57", 3)]),
    ("1882", "OR", "HBR", "NWR: token G11 -> D6, #57 on D6",
     [RemoveToken("NWR", "G11"), PlaceToken("NWR", "D6"), LayTile("NWR", "D6", "57", 3)]),
    ("1882", "OR", "HBR", "NWR: move HBR token G11 to D6, lay #57 D6",
     [RemoveToken("NWR", "G11"), PlaceToken("NWR", "D6"), LayTile("NWR", "D6", "57", 3)]),
    ("1882", "OR", "HBR", "HBR plays the NWR: station from G11 to D6, then #57 on D6",
     [RemoveToken("NWR", "G11"), PlaceToken("NWR", "D6"), LayTile("NWR", "D6", "57", 3)]),
    ("1882", "OR", "HBR", "NWR moves HBR's token from G11 to D6 and lays #57 on D6",
     [RemoveToken("NWR", "G11"), PlaceToken("NWR", "D6"), LayTile("NWR", "D6", "57", 3)]),
    ("1882", "OR", "CPR", "CPR lays track #9 on J4 for free", [LayTile("CPR", "J4", "9", 3)]),
    ("1882", "OR", "CPR", "CPR lays #9 on J4 at no cost", [LayTile("CPR", "J4", "9", 3)]),
    ("1882", "auction", None, "Bid on P2 Saskatchewan Central at 45", [Bid("ann", "SC", 45)]),
    # auctions told in words
    ("1861", "SR", None, "Auctioning KR, opening bid 100", [Bid("ann", "KR", 100)]),
    ("1861", "SR", None, "Putting up KR with an opening bid of 105", [Bid("ann", "KR", 105)]),
    ("1861", "SR", None, "I'll auction Y, 100 to start.", [Bid("ann", "Y", 100)]),
    ("1861", "SR", None, "Evening all - I'm auctioning the yellow minor KR, 100 to open.", [Bid("ann", "KR", 100)]),
    ("1861", "SR", None, "Nominating the Vladikavkaz (V), starting bid 110", [Bid("ann", "V", 110)]),
    ("1861", "SR", None, "Opening the bidding on OK: 120", [Bid("ann", "OK", 120)]),
    ("1861", "SR", None, "I'll bid 100 on the minor in Kiev (KB)", [Bid("ann", "KB", 100)]),
    ("1861", "SR", None, "Raising to 130 on the Samara minor (SV)", [Bid("ann", "SV", 130)]),
    ("1861", "SR", None, "Ann bids 115 on the Rostov minor, KR.", [Bid("ann", "KR", 115)]),
    ("1861", "SR", None, "KR up for auction at 100", [Bid("ann", "KR", 100)]),
    ("1861", "SR", None, "I'm putting KR up at 100", [Bid("ann", "KR", 100)]),
    ("1861", "SR", None, "I nominate KR at 100", [Bid("ann", "KR", 100)]),
    ("1861", "SR", None, "Kicking off the auction for M-K with 100", [Bid("ann", "M-K", 100)]),
    ("1882", "auction", None, "I'll bid the minimum, 20, on the Hudson Bay", [Bid("ann", "HB", 20)]),
    ("1861", "SR", None, "Ann buys MNN for 120", [Bid("ann", "MNN", 120)]),
    ("1882", "auction", None, "P2 Saskatchewan Central: $45", [Bid("ann", "SC", 45)]),
    ("1882", "auction", None, "P5 Canadian Pacific for 190, it's mine", [Bid("ann", "CP", 190)]),
    ("1882", "auction", None, "P3 North West Rebellion - I'll bid 85", [Bid("ann", "NWR", 85)]),
    ("1882", "auction", None, "Count me in for $160 on the Trestle Bridge", [Bid("ann", "TB", 160)]),
    ("1882", "auction", None, "Put me down for 50 on SC", [Bid("ann", "SC", 50)]),
    ("1882", "auction", None, "Bob bids 70 for SC, I go to 75", [Bid("ann", "SC", 75)]),
    ("1882", "auction", None, "Cid is on 160 for the Trestle Bridge; I'll raise to 165.", [Bid("ann", "TB", 165)]),
    ("1861", "SR", None, "Opening the Moscow-Nizhny Novgorod at 115 ₽", [Bid("ann", "MNN", 115)]),
    ("1861", "SR", None, "Ann takes the Moscow-Nizhny minor for 120", [Bid("ann", "MNN", 120)]),
    ("1861", "SR", None, "no post-merger buy for me, pass", [Pass("ann")]),
    ("1861", "SR", None, "Ann passes on N and will pass the rest of this auction.", [Pass("ann")]),
    ("1861", "SR", None, "I pass on KR, and I'll keep passing until it's sold", [Pass("ann")]),
    # pars in words, 1882's Saskatchewan Central exchange, the home station
    ("1882", "auction", None, "Having won the CP, I par CPR at 90.", [Par("ann", "CPR", 90)]),
    ("1882", "auction", None, "Having won CP I'll par CPR at $90.", [Par("ann", "CPR", 90)]),
    ("1882", "SR", None, "Taking the CPR president's certificate at par 90", [Par("ann", "CPR", 90)]),
    ("1882", "SR", None, "Ann buys the QLL director's share, par $67.", [Par("ann", "QLL", 67)]),
    ("1882", "SR", None, "sc into SC president's cert, par 76", [Par("ann", "SC", 76)]),
    ("1882", "SR", None, "President's certificate of GT, par 76", [Par("ann", "GT", 76)]),
    ("1882", "SR", None, "GT pres cert at 67", [Par("ann", "GT", 67)]),
    ("1882", "SR", None, "Pres cert of GT at $76", [Par("ann", "GT", 76)]),
    ("1882", "SR", None, "Ann buys the president's share of GT, parring it at 76", [Par("ann", "GT", 76)]),
    ("1882", "SR", None, "GT parred at 76 by me", [Par("ann", "GT", 76)]),
    ("1882", "SR", None, "Ann pars GT at $76 and buys the president's certificate for $152", [Par("ann", "GT", 76)]),
    ("1882", "SR", None, "Ann pars GT at $76, takes the director's share", [Par("ann", "GT", 76)]),
    ("1882", "SR", None, "I'll exchange SC for the SC president's share at 76 with home in Regina",
     [Par("ann", "SC", 76), PlaceToken("SC", "J10")]),
    ("1882", "SR", None, "SC president's share at 76 with home in Regina", [Par("ann", "SC", 76), PlaceToken("SC", "J10")]),
    ("1861", "SR", None, "Ann starts SE at 150 with home in Odessa", [Par("ann", "SE", 150), PlaceToken("SE", "D20")]),
    ("1882", "SR", None, "I take the GT presidency at 67", [Par("ann", "GT", 67)]),
    ("1882", "SR", None, "I exchange the Saskatchewan Central into SC, par 82, home token in Regina",
     [Par("ann", "SC", 82), PlaceToken("SC", "J10")]),
    ("1882", "SR", None, "Ann swaps her Saskatchewan Central for SC, par 76, home station on E5",
     [Par("ann", "SC", 76), PlaceToken("SC", "E5")]),
    ("1861", "SR", None, "Ann starts SE at 150 with its home in Odessa", [Par("ann", "SE", 150), PlaceToken("SE", "D20")]),
    ("1861", "SR", None, "Ann floated GRR at 100, home token on L12", [Par("ann", "GRR", 100), PlaceToken("GRR", "L12")]),
    ("1861", "SR", None, "par MKV on 100 with the home in H8", [Par("ann", "MKV", 100), PlaceToken("MKV", "H8")]),
    ("1882", "SR", None, "Ann starts the Grand Trunk on 76", [Par("ann", "GT", 76)]),
    ("1882", "SR", None, "I start GT, par $76", [Par("ann", "GT", 76)]),
    ("1882", "SR", None, "Ann floats HBR on 67, so she pays 134 for the president's certificate", [Par("ann", "HBR", 67)]),
    # dividends, loans and bankruptcy in words
    ("1861", "OR", "SE", "SE pays half of 230", [Dividend("SE", "half")]),
    ("1861", "OR", "SE", "SE paid half of its 230.", [Dividend("SE", "half")]),
    ("1861", "OR", "SE", "SE pays its 230 out", [Dividend("SE", "payout")]),
    ("1861", "OR", "SE", "SE pays all 230 out", [Dividend("SE", "payout")]),
    ("1882", "OR", "GT", "GT withholds; share price drops one space", [Dividend("GT", "withhold")]),
    ("1882", "OR", "GT", "GT withholds and the price goes down a step.", [Dividend("GT", "withhold")]),
    ("1882", "OR", "GT", "GT is withholding, I need the cash for the 5", [Dividend("GT", "withhold")]),
    ("1882", "OR", "GT", "GT pays out, price goes up", [Dividend("GT", "payout")]),
    ("1882", "OR", "GT", "GT keeps the 90 in the treasury", [Dividend("GT", "withhold")]),
    ("1882", "OR", "GT", "GT: everything to the treasury", [Dividend("GT", "withhold")]),
    ("1882", "OR", "GT", "GT pays nothing out", [Dividend("GT", "withhold")]),
    ("1861", "OR", "SE", "SE halves the 230", [Dividend("SE", "half")]),
    ("1861", "OR", "SE", "SE pays 50%", [Dividend("SE", "half")]),
    ("1861", "OR", "SE", "Half to shareholders, half to SE", [Dividend("SE", "half")]),
    ("1861", "OR", "SE", "50/50 split for SE", [Dividend("SE", "half")]),
    ("1861", "OR", "SE", "SE does not pay a dividend", [Dividend("SE", "withhold")]),
    ("1861", "OR", "SE", "SE doesn't pay dividends this time", [Dividend("SE", "withhold")]),
    ("1861", "OR", "SE", "SE pays no dividend.", [Dividend("SE", "withhold")]),
    ("1861", "OR", "KK", "KK has not enough money, so it takes a loan and buys a 3 from the bank", [BuyTrain("KK", "3")]),
    ("1861", "OR", "KK", "KK took one loan to pay for the 3-train ($225)", [BuyTrain("KK", "3", "depot", 225)]),
    ("1861", "OR", "KK", "KK has no cash for the train, takes 2 loans and buys the 4 for 300",
     [BuyTrain("KK", "4", "depot", 300)]),
    ("1882", "OR", "GT", "GT goes bankrupt - it cannot afford a train", [Bankrupt("GT")]),
    ("1882", "OR", "GT", "GT declares bankruptcy because Ann can't pay for the D", [Bankrupt("GT")]),
    ("1882", "OR", "CPR", "I declare bankruptcy for CPR", [Bankrupt("CPR")]),
    ("1882", "OR", "CPR", "CPR can't afford the D and goes bankrupt", [Bankrupt("CPR")]),
    ("1882", "OR", "CPR", "Bankruptcy for CPR.", [Bankrupt("CPR")]),
    ("1861", "OR", "KK", "KK: 1 loan, buys a 3", [BuyTrain("KK", "3")]),
    ("1861", "OR", "NW", "NW is trainless, I decline nationalisation", [Pass("NW")]),
    ("1861", "OR", "NW", "NW has no trains left; so I refuse the nationalization.", [Pass("NW")]),
]


@pytest.mark.parametrize("title,round_kind,current,line,want", READ)
def test_a_move_told_in_a_sentence_is_read(title, round_kind, current, line, want):
    assert read(title, round_kind, current, line) == want


@pytest.mark.parametrize("title,round_kind,current,line,want", READ)
def test_a_move_told_in_a_sentence_is_read_the_same_move_by_move(title, round_kind, current, line, want):
    """The table reads a message move by move (notation/sequence.py), rewording a line once:
    each phrasing must read there as it does whole."""
    assert read_move_by_move(title, round_kind, current, line) == want


UNREAD = [
    # questions, conditions, doubts and plans beside each kind above
    ("1861", "merger", "KR", "Does KR merge with MV to form MKV?"),
    ("1861", "merger", "KR", "If KR merges with MV they form MKV"),
    ("1861", "merger", "KR", "KR might merge with MV to form MKV"),
    ("1861", "merger", "KK", "Should KK convert, becoming SE?"),
    ("1861", "merger", "KK", "KK would convert to SE if it had the cash"),
    ("1861", "merger", "SW", "Should SW drop its Odessa token?"),
    ("1882", "OR", "CPR", "Can CPR use the NWR: its token moves from I5 to E5?"),
    ("1882", "OR", "CPR", "If CPR uses the NWR its token moves from I5 to E5"),
    ("1861", "SR", None, "Would anyone auction KR, opening bid 100?"),
    ("1861", "SR", None, "If nobody else does I'll auction KR, 100 to start"),
    ("1882", "auction", None, "P2 for 45? Too much"),
    ("1882", "SR", None, "Should I exchange the Saskatchewan Central for SC, par 76?"),
    ("1882", "SR", None, "Start HBR on 67 or 76?"),
    ("1882", "OR", "GT", "Is GT withholding this time?"),
    ("1882", "OR", "GT", "GT would go bankrupt, so I sell shares instead?"),
    ("1882", "OR", "GT", "If GT goes bankrupt, what happens?"),
    ("1882", "OR", "GT", "Does GT go bankrupt now?"),
    ("1882", "auction", None, "Bob bids 70 for SC, can I go to 75?"),
    # a condition reaches the writer's part after another's move ("otherwise" is the condition's)
    ("1882", "auction", None, "If Bob goes above 200 on the CP I'm out, otherwise I'll bid 205 on CP."),
    ("1882", "auction", None, "Having won CP Bob pars CPR at $90."),
    ("1861", "SR", None, "Ann passes on N and will bid on KR next"),
    ("1861", "merger", "KR", "Should I merge KR with MV to form MKV?"),
    ("1861", "merger", "KK", "Converting KK, new major SE?"),
    ("1861", "merger", "KK", "KK passes, no merger?"),
    ("1861", "merger", "NW", "Would NW give up the token in Kiev?"),
    ("1861", "SR", None, "KR up for auction at 100?"),
    ("1882", "SR", None, "Is the GT pres cert at 67 a good idea?"),
    ("1882", "OR", "CPR", "Should I declare bankruptcy for CPR?"),
    ("1882", "OR", "GT", "GT kept the 90 in the treasury last time"),
    ("1882", "OR", "HBR", "Should HBR play the NWR: station from G11 to D6?"),
    ("1882", "OR", "HBR", "Using the NWR, Bob moves his token from G11 to D6"),
    ("1882", "OR", "HBR", "NWR token G11 -> D6 would be nice"),
    ("1882", "SR", None, "Can I start GT, par $76?"),
    ("1861", "OR", "KK", "KK: 1 loan, buys a 3?"),
    ("1882", "OR", "CPR", "If CPR can't afford the D it goes bankrupt"),
    ("1882", "OR", "CPR", "CPR can't afford the D and would go bankrupt"),
    ("1882", "OR", "CPR", "Bankruptcy for CPR?"),
    ("1882", "auction", None, "Is the minimum, 20, on the Hudson Bay?"),
    ("1861", "OR", "SE", "Should SE pay 50%?"),
    ("1882", "OR", "GT", "If GT pays nothing out the price drops"),
    ("1882", "OR", "CNR", "Does CNR pass, no token?"),
    ("1861", "OR", "NW", "NW is trainless, should I decline nationalisation?"),
    ("1861", "merger", "KR", "Hi all. Should KR and MV merge to form MKV?"),
    ("1861", "merger", "KR", "MR1: KR+MV=MKV?"),
    ("1861", "merger", "KR", "KR becomes SE (conversion) if Bob agrees"),
    ("1861", "merger", "NW", "Would NW give back the Kiev station?"),
    ("1882", "SR", None, "Pres cert of GT at $76?"),
    ("1882", "SR", None, "GT was parred at 76 last round"),
    ("1861", "OR", "SE", "50/50 split for SE?"),
    ("1861", "SR", None, "Is Bob putting KR up at 100?"),
    ("1882", "OR", "GT", "GT does not pay for the train"),
    ("1882", "OR", "GT", "Does GT not pay a dividend?"),
    ("1882", "OR", "GT", "If GT does not pay a dividend the price drops"),
    ("1882", "OR", "GT", "GT went bankrupt, ouch"),
    ("1861", "SR", None, "Who is kicking off the auction for M-K with 100?"),
    # reports of the past and a name that is no company
    ("1861", "merger", "KR", "KR merged with MV to form MKV last round."),
    ("1861", "merger", "SW", "SW dropped its Odessa token last time"),
    ("1882", "OR", "GT", "Bob's GT went bankrupt last game, ouch"),
    ("1882", "auction", None, "Put Bob down for 50 on SC"),
    ("1861", "SR", None, "Ann bids 115 on the minor in Rostov"),
    ("1882", "auction", None, "P2 CPR, 100"),
]


@pytest.mark.parametrize("title,round_kind,current,line", UNREAD)
def test_a_line_that_is_no_move_stays_unread(title, round_kind, current, line):
    with pytest.raises(PbemError):
        read(title, round_kind, current, line)


OTHERS = [
    # someone else's move is read as theirs (the table refuses it for the writer's seat)
    ("1861", "SR", None, "Bob is auctioning KR, opening bid 100", [Bid("bob", "KR", 100)]),
    ("1882", "SR", None, "Bob buys the GT president's certificate, par 100", [Par("bob", "GT", 100)]),
    ("1882", "SR", None, "Bob starts HBR on 67", [Par("bob", "HBR", 67)]),
    ("1882", "SR", None, "Bob starts GT, par $76", [Par("bob", "GT", 76)]),
    ("1882", "SR", None, "GT parred at 76 by Bob", [Par("bob", "GT", 76)]),
    ("1882", "SR", None, "Bob takes the GT presidency at 67", [Par("bob", "GT", 67)]),
    ("1861", "merger", "KK", "Bob: no merge, pass", [Pass("bob")]),
    ("1882", "SR", None, "Bob declines to buy and passes.", [Pass("bob")]),
]


@pytest.mark.parametrize("title,round_kind,current,line,want", OTHERS)
def test_another_players_move_stays_theirs(title, round_kind, current, line, want):
    assert read(title, round_kind, current, line) == want


def test_a_token_dropped_in_a_place_is_placed_not_removed():
    """"drops a token in X" places one; only "its X token" or a reason to get down removes."""
    assert read("1861", "OR", "SW", "SW drops a token in Odessa") == [PlaceToken("SW", "D20")]


def test_a_major_bought_with_a_price_is_a_share_not_a_bid():
    """Only a minor (auctioned) bought for a price is a bid; a major's share stays a buy."""
    assert read("1861", "SR", None, "Ann buys NW for 120") == [BuyShares("ann", "NW", "ipo", 10)]


def test_a_home_station_with_a_figure_beside_it_is_not_read_as_the_token_alone():
    """The reading by pieces once took "SC president's share at 76 with home in Regina" for the
    home token alone (the 76 a claim on it): a home station is free, so a figure beside it
    belongs to a par the pieces did not read, and the line is refused instead."""
    c = ctx("1882", "SR")
    with pytest.raises(PbemError):
        read_by_pieces("I'll hand in SC for the SC president's share at 76 with home in Regina", c, name_index(c))
    assert read_by_pieces("SC home station in Regina", c, name_index(c))[0].action == PlaceToken("SC", "J10")


def test_a_private_named_by_number_and_name_is_read_by_its_name():
    """A number that is not the name's ("P5 Trestle Bridge": P5 is the Canadian Pacific) does
    not replace the name the writer wrote."""
    assert read("1882", "auction", None, "P5 Trestle Bridge for 190") == [Bid("ann", "TB", 190)]


def test_a_long_line_is_left_to_the_other_readings():
    """These rewordings are for sentences; a line longer than a sentence is left as written (some
    patterns take time that grows faster than the line)."""
    long = "KK declines to merge," + " " * 700 + "pass"
    assert one_pass(long) == long
    assert one_pass("KK declines to merge, pass") == "KK passes"


def test_a_refusal_with_a_pass_is_one_pass_only_when_both_are_the_movers():
    assert one_pass("KK declines to merge, pass") == "KK passes"
    assert one_pass("OK declines to merge, KK passes") == "OK declines to merge, KK passes"
    assert one_pass("KK declines to merge") == "KK declines to merge"
    assert one_pass("Bob won't sell, so I pass") == "pass"          # the writer passes, not Bob


def test_a_price_claim_told_after_a_dividend_is_checked():
    """"price drops a step" is a claim on the result, not chat dropped unread."""
    got = read_message("GT withholds, price drops a step.", ctx("1882", "OR", "GT"))
    assert [m.action for m in got] == [Dividend("GT", "withhold")]
    assert [c.kind for c in got[0].claims] == ["price_dir"]


def test_at_the_table_a_refusal_with_a_pass_is_one_pass():
    """1882 (seed 7) at the end of the first stock round: Ann's "declines to buy anything and
    passes" is her one pass (read as two, the second would be refused: it is not her turn),
    and Cid's pass then ends the round as a plain "pass" does."""
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    for who, text in OPENING[:-3]:
        g.push_notation(text, who)
    mark = len(g.moves)
    g.push_notation("Ann declines to buy anything and passes.", "Ann")
    assert g.moves[mark:] == [Pass("Ann")]
    g.push_notation("pass", "Cid")
    assert g.current_entity() == "CPR"


def _merger_game(tmp_path, upto: int):
    """The refplay 1861 game (seed 4) just before a move of its merger rounds."""
    from pbem.table import Table
    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed4-merger.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    return Table.open(copy, upto=upto, moderator=False)


@pytest.mark.parametrize("upto,entity,line,want", [
    (765, "SPW", "SPW joins with MB, and together they form the MK.", [Merge("SPW", "MB"), Merge("SPW", "MK")]),
    (765, "SPW", "SPW + MB -> MK.", [Merge("SPW", "MB"), Merge("SPW", "MK")]),
    (567, "KB", "Kiev-Brest converts, becoming SW.", [Convert("KB"), Merge("KB", "SW")]),
    (575, "KR", "KR will convert, new major MKV", [Convert("KR"), Merge("KR", "MKV")]),
])
def test_at_the_table_a_merger_told_in_a_sentence_is_the_recorded_merger(tmp_path, upto, entity, line, want):
    """The moves 18xx.games recorded for these mergers (refplay 1861 seed 4), written as a
    sentence by the president of the company whose turn it is, are read and accepted as those moves."""
    table = _merger_game(tmp_path, upto)
    g = table.play
    assert g.current_entity() == entity
    president = table.game.corporations[entity].president
    mark = len(g.moves)
    g.push_notation(line, president)
    assert g.moves[mark:] == want


def test_at_the_table_a_pass_with_its_step_told_beside_it_is_one_pass():
    """1882 (seed 7), CPR's first turn after its trains: "done, no more train purchase" passes
    the train step once and the turn goes to GT (read as two passes, the second was refused)."""
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    for who, text in OPENING[:-1]:
        g.push_notation(text, who)
    g.push_notation("CPR lays 57 in I5 rot 1; buys a 2 train; buys a 2 train", "Ann")
    mark = len(g.moves)
    g.push_notation("CPR done, no train purchase", "Ann")
    assert g.moves[mark:] == [Pass("CPR")]
    assert g.current_entity() == "GT"


@pytest.mark.parametrize("title,round_kind,current,line,plain", [
    ("1882", "OR", "GT", "GT buys a 3 train. No routes though.", "GT buys a 3 train"),   # no empty run read
    ("1882", "stock", None, "buys a CNR and I take over the CNR presidency", "buys a CNR"),  # no par read
])
def test_a_consequence_told_after_a_move_adds_no_move(title, round_kind, current, line, plain):
    assert read(title, round_kind, current, line) == read(title, round_kind, current, plain)


def test_a_source_named_after_a_sale_is_refused_as_one_no_sale_has():
    with pytest.raises(PbemError, match="names where shares come from, which a sale does not"):
        read("1882", "stock", None, "sell 1 GT, 1 CPR from pool ok")


LONG_AFTER = ("CPR buys a 3. Next turn we will probably lay a tile somewhere in the west and then run both trains "
              "for a lot more money than now, assuming the others leave us alone for a while and nobody buys the last "
              "3 train before we get there.")

READ_AT_THE_EDGES = [
    # a presidency told after a move that buys no share is set aside, not claimed
    ("1882", "stock", None, "Ann sells a GT and takes the presidency", [SellShares("ann", "GT", 10)]),
    # "president of" a company the game does not have is no claim
    ("1882", "stock", None, "Buy CPR, becoming president of the Foo", [BuyShares("ann", "CPR", "ipo", 10)]),
    # the private exchanged for the president's share is no company of the par
    ("1830", "stock", None, "I exchange the MH for the NYC president's share and par it at 100", [Par("ann", "NYC", 100)]),
]


@pytest.mark.parametrize("title,rk,cur,line,want", READ_AT_THE_EDGES, ids=[r[3][:40] for r in READ_AT_THE_EDGES])
def test_what_a_move_tells_besides_is_read_or_set_aside(title, rk, cur, line, want):
    """A presidency with no share bought, a presidency of no company, a private given for a par."""
    assert read(title, rk, cur, line) == want


REFUSED_AT_THE_EDGES = [
    # a question told without its question mark: no passive put in the active
    ("1830", "operating", "PRR", "Did the D&H that was bought by PRR pay anything", "makes this line no move"),
    # "too" repeats only a dividend or a pass, for another company
    ("1882", "operating", "CPR", "CPR lays #57 on I5. GT too", "names GT, which is not the company operating"),
    ("1882", "auction", None, "I bid on the NWR at", "expected an amount"),
    ("1882", "operating", "CPR", "CPR runs its 2 I5 J10 K9 via I5>I6>J10 for 40", "the via part gives 1 legs for 3 stops"),
    # a correction keeping "just the tile" of two lays; a correction followed by words that read as nothing
    ("1882", "operating", "CPR", "CPR lays #57 on I5 and lays #8 on J4. no wait, just the tile.",
     "its correction cannot be read"),
    ("1882", "operating", "CPR", "CPR lays #57 on I5 rot 1, sorry, rot 2, I'm lost here ZZZ", "its correction cannot be read"),
    # a long sentence after the move is never set aside as what the move leads to: it is read, and refused
    ("1882", "operating", "CPR", LONG_AFTER, 'unknown train "both"'),
]


@pytest.mark.parametrize("title,rk,cur,line,why", REFUSED_AT_THE_EDGES, ids=[r[3][:40] for r in REFUSED_AT_THE_EDGES])
def test_near_misses_at_the_edges_are_refused_saying_why(title, rk, cur, line, why):
    """Refused, the line quoted (a long one around the word refused) and what is wrong said."""
    with pytest.raises(PbemError) as e:
        read(title, rk, cur, line)
    quoted = line if len(line) < 80 else "then run both trains"      # a long line is quoted around its caret
    assert quoted in str(e.value) and why in str(e.value), str(e.value)
