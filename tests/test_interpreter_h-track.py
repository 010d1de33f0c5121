"""The interpreter alone (no rewording rule helps) on operating-round track, token and trade
wording (pbem/notation/lay_words.py, operating_clauses.py): a tile "put" on a hex, "its home hex", a hex heading
its tile, the cost of a second lay told beside the lays, a private named by the operating
company's own symbol, the other party of an agreed trade, and a private's power (its track and
token moves are the private's; a token moved is lifted and placed). Each case fails without the
mechanism it names; the near misses must stay refused."""
from __future__ import annotations

import pytest

from pbem.engine.actions import BuyCompany, BuyTrain, Dividend, LayTile, Pass, PlaceToken, RemoveToken, Route, RunRoutes, Stop
from pbem.errors import NotationError
from notation_kit import interpret


READ = [
    # a company of one letter before its possessive ("E's 3": the minor E's)
    ("1861", "OR", "M-K", "M-K buys E's 3 for 159", [BuyTrain("M-K", "3", "E", 159)]),
    # a private bought with no price (the table asks it); a run to come after it is no move
    ("1882", "OR", "GT", "GT buys the Trestle Bridge from Bob before running for 50", [BuyCompany("GT", "TB", None)]),
    # "put" before a tile lays it; before a token or station it places one
    ("1882", "OR", "GT", "GT puts a #8 on M7 and a #9 on K7.", [LayTile("GT", "M7", "8", 3), LayTile("GT", "K7", "9", 3)]),
    ("1882", "OR", "CPR", "CPR puts a green #15 on Moose Jaw (K3).", [LayTile("CPR", "K3", "15", 3)]),
    ("1882", "OR", "QLL", "QLL puts its home station on J10, then lays #8 on I11",
     [PlaceToken("QLL", "J10"), LayTile("QLL", "I11", "8", 3)]),
    # "home" naming the hex a tile goes on places no token
    ("1882", "OR", "SC", "SC lays #57 on its home hex K3 rot 1", [LayTile("SC", "K3", "57", 1)]),
    ("1861", "OR", "KR", "KR: tile 201 on G15 (home), rotation 2", [LayTile("KR", "G15", "201", 2)]),
    # a hex alone heading or following a tile laid with no hex
    ("1882", "OR", "HBR", "G11: #57 rot 1; H10: #9 rot 0", [LayTile("HBR", "G11", "57", 1), LayTile("HBR", "H10", "9", 0)]),
    ("1882", "OR", "GT", "GT lays a #57 in its home hex, L8.", [LayTile("GT", "L8", "57", 3)]),
    # the cost of the second lay, in a clause or a bracket of its own
    ("1882", "OR", "QLL", "QLL lays #8 on I11 and #9 on J12 (the second one costs $20)",
     [LayTile("QLL", "I11", "8", 3), LayTile("QLL", "J12", "9", 3)]),
    ("1861", "OR", "MB", "M-B: 9 on F10, 8 on E9 rot 2, paying 20 for the second tile",
     [LayTile("MB", "F10", "9", 3), LayTile("MB", "E9", "8", 2)]),
    # the operating company's symbol, which a private also has, is no private bought
    ("1882", "OR", "SC", "SC buys a 2 train from QLL for $80", [BuyTrain("SC", "2", "QLL", 80)]),
    ("1882", "OR", "SC", "SC bought HBR's 3 for $100.", [BuyTrain("SC", "3", "HBR", 100)]),
    # the player a trade was agreed with is not the one who moves
    ("1882", "OR", "GT", "GT buys the 3 from CPR for $150 (agreed with Bob)", [BuyTrain("GT", "3", "CPR", 150)]),
    ("1830", "OR", "PRR", "PRR buys B&O's 2 for 90, Cid agreed by mail.", [BuyTrain("PRR", "2", "B&O", 90)]),
    # a name both a company's and a private's, its possessive before a train: the company's train
    ("1830", "OR", "NYC", "NYC buys B&O's 3 for 200", [BuyTrain("NYC", "3", "B&O", 200)]),
    # a private's power: the track and token moves after "uses the <private>" are the private's
    ("1882", "OR", "GT", "GT uses the NWR: moves its token from L8 to D4 and lays #57 there",
     [RemoveToken("NWR", "L8"), PlaceToken("NWR", "D4"), LayTile("NWR", "D4", "57", 3)]),
    ("1882", "OR", "CNR", "Using the North-West Rebellion, CNR moves its D8 token to E5, then lays a #59 on E5 rot 2",
     [RemoveToken("NWR", "D8"), PlaceToken("NWR", "E5"), LayTile("NWR", "E5", "59", 2)]),
    ("1882", "OR", "SC", "SC uses the NWR: lifts its token from K3, places it in D6 and lays #57 there",
     [RemoveToken("NWR", "K3"), PlaceToken("NWR", "D6"), LayTile("NWR", "D6", "57", 3)]),
    ("1882", "OR", "GT", "NWR lays tile 8 on D4, rotation 1", [LayTile("NWR", "D4", "8", 1)]),
    ("1882", "OR", "GT", "GT buys the NWR from Bob for 90 and uses it to put a token at E5",
     [BuyCompany("GT", "NWR", 90), PlaceToken("NWR", "E5")]),
    # ... a run or a dividend after it stays the company's
    ("1882", "OR", "GT", "GT uses the NWR: lays #59 on E5. Runs 2T L8-K9 for 40, pays out",
     [LayTile("NWR", "E5", "59", 3), RunRoutes("GT", (Route("2", (Stop("L8"), Stop("K9")), revenue=40),)),
      Dividend("GT", "payout")]),
    # a train named with a plus; a step skipped with "its"
    ("1861", "OR", "MKN", "MKN picks up a 2+2 from the depot, 600", [BuyTrain("MKN", "2+2", "depot", 600)]),
    ("1861", "OR", "SE", "SE: buys 5+5E from depot 1500", [BuyTrain("SE", "5+5E", "depot", 1500)]),
    ("1882", "OR", "GT", "GT skips its token this time.", [Pass("GT")]),
    # a hex before a price is no amount ("J8 $40"); "Co." and "St." end no sentence
    ("1882", "OR", "CPR", "CPR: token J8 $40, buy 3T", [PlaceToken("CPR", "J8"), BuyTrain("CPR", "3", "depot")]),
    ("1882", "OR", "CPR", "CPR: token J8 40$", [PlaceToken("CPR", "J8")]),
    ("1882", "OR", "CPR", "CPR buys Hudson Bay Co. off Dee for 40", [BuyCompany("CPR", "HB", 40)]),
    # a place with its hex in brackets is that hex, its name no chat
    ("1861", "OR", "M-K", "M-K: #58 on Tula (H10), rotation 1, buys 2T", [LayTile("M-K", "H10", "58", 1), BuyTrain("M-K", "2", "depot")]),
    # a number where a tile goes: before "in <place>", in brackets after "tile"; a tile alone after
    # a lay that named none; the track's connections name no hex; the company's name is no place
    ("1830", "OR", "PRR", "PRR: 9 in Lancaster (rot 1), buy a 2T", [LayTile("PRR", "H16", "9", 1), BuyTrain("PRR", "2", "depot")]),
    ("1882", "OR", "GT", "GT lays the green tile (15) on L8", [LayTile("GT", "L8", "15", 3)]),
    ("1861", "OR", "NW", "NW upgrades Moscow (H8) to green, tile 636.", [LayTile("NW", "H8", "636", 3)]),
    ("1882", "OR", "QLL", "QLL lays #57 at J8, with the track joining up to Regina.", [LayTile("QLL", "J8", "57", 3)]),
    ("1830", "OR", "NYNH", "New Haven lays #9 on Albany.", [LayTile("NYNH", "E19", "9", 3)]),
    ("1830", "OR", "NYNH", "NYNH runs the 2 from Albany to New Haven for 50",
     [RunRoutes("NYNH", (Route("2", (Stop("E19"), Stop("F20")), revenue=50),))]),
    # in a buy: a move to come after it is no move; a player's possessive names the seller; "R1" a price
    ("1882", "OR", "GT", "GT buys the Trestle Bridge from Bob for 50 before laying track", [BuyCompany("GT", "TB", 50)]),
    ("1861", "OR", "KR", "KR is buying Bob's Moscow-Yaroslavl for 70", [BuyCompany("KR", "MYR", 70)]),
    ("1861", "OR", "N", "N buys MRR from Cid for R1", [BuyCompany("N", "MRR", 1)]),
    # a remark on trains around a train bought is no move; "another" is one more of the train bought
    ("1882", "OR", "GT", "GT buys a 4 train for $300 - so long 2s!", [BuyTrain("GT", "4", "depot", 300)]),
    ("1882", "OR", "QLL", "QLL buys a 3 from the bank for 180 -- first 3, so phase 3 kicks in.", [BuyTrain("QLL", "3", "depot", 180)]),
    ("1882", "OR", "CNR", "CNR buys a 2 from the bank for 80 and another from QLL for 60.",
     [BuyTrain("CNR", "2", "depot", 80), BuyTrain("CNR", "2", "QLL", 60)]),
    # fields cut by " / "; a train list after a buy; another company's buy by ellipsis; a price paid
    ("1882", "OR", "QLL", "QLL: #57 J8 rot 2 / 2T from depot", [LayTile("QLL", "J8", "57", 2), BuyTrain("QLL", "2", "depot")]),
    ("1882", "OR", "GT", "GT: token Regina, buy 2, 3", [PlaceToken("GT", "J10"), BuyTrain("GT", "2", "depot"), BuyTrain("GT", "3", "depot")]),
    ("1882", "OR", "QLL", "QLL buys a 2 train, CPR a 3.", [BuyTrain("QLL", "2", "depot"), BuyTrain("CPR", "3", "depot")]),
    ("1830", "OR", "B&O", "B&O trades in its 5 for a Diesel, paying $800.", [BuyTrain("B&O", "D", "depot", 800, "5")]),
    ("1861", "OR", "SV", "SV buys KB's old 2 for 40", [BuyTrain("SV", "2", "KB", 40)]),
    # a place in brackets after its hex is that hex; a step named alone after a pass is passed too
    ("1882", "OR", "HBR", "HBR: 2T G11-B12 (Hudson Bay) for 60",
     [RunRoutes("HBR", (Route("2", (Stop("G11"), Stop("B12")), revenue=60),))]),
    ("1882", "OR", "QLL", "QLL passes on tiles and on the token.", [Pass("QLL"), Pass("QLL")]),
    # a step named, then "none" or "nothing": that step passed; a train from the bank is bought
    ("1882", "OR", "HBR", "HBR - Tile: #9 on H10. Token: none. Train: none.", [LayTile("HBR", "H10", "9", 3), Pass("HBR"), Pass("HBR")]),
    ("1882", "OR", "CPR", "CPR: lay #57 on I5, buy nothing", [LayTile("CPR", "I5", "57", 3), Pass("CPR")]),
    ("1861", "OR", "MK", "MK: 2 train from the bank, 100", [BuyTrain("MK", "2", "depot", 100)]),
    # a train handed in, then the train bought; "gets" before a train buys it; a lay "for no cost"
    ("1830", "OR", "NYC", "NYC turns in its 4 and buys a D for 800.", [BuyTrain("NYC", "D", "depot", 800, "4")]),
    ("1882", "OR", "SC", "SC gets the 3 from CNR for 90", [BuyTrain("SC", "3", "CNR", 90)]),
    ("1882", "OR", "QLL", "QLL lays #8 at I11 for no cost", [LayTile("QLL", "I11", "8", 3)]),
    ("1882", "OR", "HBR", "HBR got a 4 train (300) and CPR's 2s rusted.", [BuyTrain("HBR", "4", "depot", 300)]),
    # a place before "minor" is the one minor whose home it is
    ("1861", "OR", "KR", "Kharkov minor buys a 2 from the bank for 100.", [BuyTrain("KR", "2", "depot", 100)]),
    # companies spoken to after "sorry" are no movers
    ("1882", "OR", "GT", "GT buys a 4 train for 300 - sorry CPR and SC, your 2s are gone", [BuyTrain("GT", "4", "depot", 300)]),
    # another company's token told of with no hex is the board's state
    ("1882", "OR", "GT", "Ugh, the CPR token blocks me. GT lays a 9 on M7.", [LayTile("GT", "M7", "9", 3)]),
    # a common noun and a move word before a colon head the line ("Train buys: ..."), naming no one
    ("1882", "OR", "CNR", "Train buys: CNR takes a 3 train, SC a 2.", [BuyTrain("CNR", "3", "depot"), BuyTrain("SC", "2", "depot")]),
]


@pytest.mark.parametrize("title,rk,cur,line,want", READ, ids=[r[3][:40] for r in READ])
def test_the_interpreter_reads(title, rk, cur, line, want):
    assert [m.action for m in interpret(title, rk, cur, line)] == want


REFUSED = [
    ("1882", "OR", "GT", "GT pays 20 for the second lay"),                # a lay's cost with no lay told
    ("1830", "OR", "PRR", "PRR buys the B&O for 90"),                     # the private, not the company's train
    ("1882", "OR", "GT", "Bob buys the 3 from CPR for $150 (agreed)"),     # the player before the move word moves
    ("1882", "OR", "GT", "D6, #57 on C5"),                                 # a hex alone beside a tile with its own hex
    ("1882", "OR", "GT", "GT puts a token and #57 on L8"),                # a token named: "put" stays a token word
    ("1882", "OR", "GT", "NWR runs 2T L8-K9 for 40"),                      # a private runs no train
    ("1861", "OR", "MKN", "MKN buys a 2+3 for 600"),                       # no train of that name
    ("1882", "OR", "GT", "GT uses the NWR: moves its token to E5 and D4"),  # where from?
    ("1830", "OR", "PRR", "PRR: 100 in Lancaster"),
    ("1882", "OR", "GT", "GT gets 40 from the bank"),                       # no train: nothing bought
    ("1882", "OR", "GT", "GT got 40 from the bank"),                        # "got" without a train: a report
    ("1882", "OR", "GT", "Bobbo buys: a 2 train"),
    ("1882", "OR", "GT", "GT lays a 9 on M7, CPR tokens J8"),                # another company's token with its hex
    ("1882", "OR", "GT", "GT buys a 4 train for 300 - sorry, CPR buys a 3"),   # another company's move after it
    ("1861", "OR", "N", "Moscow minor buys a 2 from the bank for 100."),       # three minors' home: which?                          # a name nobody has before the colon
    ("1830", "OR", "NYC", "NYC turns in its 4, no D"),                        # no train bought with it
    ("1882", "OR", "QLL", "QLL: no trains to run, none bought"),           # no run is no step passed
    ("1882", "OR", "QLL", "QLL buys a 2 train, CPR a 3 for 50 and the 4"),   # not a train alone after the company
    ("1882", "OR", "GT", "GT: so long 2s, 50 and 40"),                      # no train bought: figures of a run?
    # a second private carried on from the buy, among words that say no move: not dropped as chat
    ("1830", "OR", "PRR", "PRR buys the D&H from Eve for 40 and the C&A from its president"),
    ("1882", "OR", "CNR", "CNR buys a 2 and a 3, and another from QLL for 60"),   # another of which?                         # no tile of that number
]


@pytest.mark.parametrize("title,rk,cur,line", REFUSED, ids=[r[3][:40] for r in REFUSED])
def test_the_interpreter_refuses(title, rk, cur, line):
    with pytest.raises(NotationError):
        interpret(title, rk, cur, line)
