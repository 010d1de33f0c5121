"""The one interpreter (pbem/notation/scopes.py, pieces.py, piece_clauses.py, piece_mergers.py,
piece_moves.py): what a word of doubt, report or condition sets aside, tenses, slips, ellipses
and mergers told whole. Each line is read by the interpreter alone (no rewording rule helps),
so each case fails without the mechanism it names."""
from __future__ import annotations

import pytest

from pbem.engine.actions import (
    Bid, BuyShares, BuyTrain, Choose, Convert, Dividend, LayTile, Merge, Par, Pass, RemoveToken, Route, RunRoutes,
    SellShares, Stop,
)
from pbem.errors import NotationError
from notation_kit import interpret


def _run(corp, train, hexes, revenue):
    return RunRoutes(corp, (Route(train, tuple(Stop(h) for h in hexes), revenue=revenue),))


READ = [
    # a sentence of report or chat is set aside, the sentence of the move is read
    ("1882", "auction", None, "Hi all - sorry for the delay, was travelling. I bid 160 on TB.", [Bid("ann", "TB", 160)]),
    # a negation sets aside its clause only
    ("1882", "SR", None, "Pass - not buying any CPR this time.", [Pass("ann")]),
    # a bracket's parts are weighed one by one
    ("1882", "OR", "QLL", "QLL ran its 2 for 120 (I did not pay, withheld).",
     [RunRoutes("QLL", (Route("2", (), revenue=120),)), Dividend("QLL", "withhold")]),
    # past tenses are the writer's moves
    ("1882", "SR", None, "Sold 2 GT, 1 HBR.", [SellShares("ann", "GT", 20), SellShares("ann", "HBR", 10)]),
    # "then another" repeats the move before
    ("1882", "OR", "CNR", "CNR buys a 2 train, then another.", [BuyTrain("CNR", "2", "depot"), BuyTrain("CNR", "2", "depot")]),
    # a slip that can stand for one word only
    ("1882", "OR", "QLL", "QLL lyas #56 on K9, rotaton 0", [LayTile("QLL", "K9", "56", 0)]),
    ("1882", "SR", None, "buyng a GT from the bank pool", [BuyShares("ann", "GT", "pool", 10)]),
    # a merger told whole: the first minor leads, then the others, then the major
    ("1861", "merger", "RO", "R-O, StP-W and K-B merge into NW", [Merge("RO", "SPW"), Merge("RO", "KB"), Merge("RO", "NW")]),
    ("1861", "merger", "MNN", "MNN merges with KK and they form MKN.", [Merge("MNN", "KK"), Merge("MNN", "MKN")]),
    ("1861", "merger", "KK", "No merger for KK this round.", [Pass("KK")]),
    # a dividend per share is a claim, not a second run
    ("1882", "OR", "CNR", "CNR runs D8 to D6 for 50, pays $5 a share.", [_run("CNR", "2", ("D8", "D6"), 50), Dividend("CNR", "payout")]),
    ("1830", "SR", None, "Sell 20 percent of ERIE", [SellShares("ann", "ERIE", 20)]),
    ("1830", "OR", "B&O", "B&O: Tile 9 @ I17, buy a 2T, done.",
     [LayTile("B&O", "I17", "9", 3), BuyTrain("B&O", "2", "depot"), Pass("B&O")]),
    ("1830", "OR", "B&O", "B&O lays 9 on I17 rotation 1; buys a two-train", [LayTile("B&O", "I17", "9", 1), BuyTrain("B&O", "2", "depot")]),
    # a route's stops in the order written, a comma between two stops cutting no clause
    ("1882", "OR", "SC", "SC runs 5-train: J10, J8, I5, G11, D8 - 200. Pay out.",
     [_run("SC", "5", ("J10", "J8", "I5", "G11", "D8"), 200), Dividend("SC", "payout")]),
    # a second route after the first, without a move word; the total after them is a claim
    ("1830", "OR", "PRR", "PRR runs the two 2s H12-H16 for 40 and H12-H10 for 30, pays 70.",
     [RunRoutes("PRR", (Route("2", (Stop("H12"), Stop("H16")), revenue=40), Route("2", (Stop("H12"), Stop("H10")),
                                                                                      revenue=30))),
      Dividend("PRR", "payout")]),
    # a step not taken is the step's pass
    ("1830", "OR", "C&O", "C&O does not lay a tile this turn", [Pass("C&O")]),
    ("1882", "OR", "CPR", "CPR doesn't place a token", [Pass("CPR")]),
    # a consequence told with the move, and a condition that is politeness
    ("1882", "SR", None, "Buying another HBR; that should float it.", [BuyShares("ann", "HBR", "ipo", 10)]),
    ("1882", "SR", None, "I'd like to buy a GT from the pool, if that's allowed.", [BuyShares("ann", "GT", "pool", 10)]),
    # "put" is a bid in an auction or a stock round, a token in an operating round
    ("1861", "SR", None, "I'll put 105 on M-K please.", [Bid("ann", "M-K", 105)]),
    ("1882", "auction", None, "Put me down for $55 on the Sask Central please", [Bid("ann", "SC", 55)]),
    # a tile by its name, or by its number after "the" or a colour
    ("1882", "OR", "QLL", "QLL upgrades Regina to the brown R2, rotation 0.", [LayTile("QLL", "J10", "R2", 0)]),
    ("1882", "OR", "QLL", "QLL lays R1 on J10 (Regina), rotation 0", [LayTile("QLL", "J10", "R1", 0)]),
    ("1861", "OR", "OK", "O-K upgrades Kiev with the 635", [LayTile("OK", "D14", "635", 3)]),
    # the one company named before is what a later clause's bid or par is on
    ("1861", "SR", None, "Auction M-K, opening bid 105", [Bid("ann", "M-K", 105)]),
    ("1861", "auction", None, "Ann nominates N and bids R140 for it.", [Bid("ann", "N", 140)]),
    ("1882", "SR", None, "I start GT: par $76, please.", [Par("ann", "GT", 76)]),
    # a second lay's cost told beside it; a minor's place named beside it in a bid
    ("1861", "OR", "MB", "M-B lays #5 on E9 rot 5 and #8 on F10 rot 2 (20 extra)",
     [LayTile("MB", "E9", "5", 5), LayTile("MB", "F10", "8", 2)]),
    ("1861", "SR", None, "Bid 100 on the Kharkov minor (KR).", [Bid("ann", "KR", 100)]),
    ("1861", "OR", "MKN", "MKN upgrades Kiev to 636 (paying the 40)", [LayTile("MKN", "D14", "636", 3)]),
    # a railway named after two places, right after a train, is the train's route
    ("1861", "OR", "OK", "OK: #202 in Odessa rotation 2, 2T Odessa-Kiev for 50.",
     [LayTile("OK", "D20", "202", 2), _run("OK", "2", ["D20", "D14"], 50)]),
    # a place named as a company's symbol is the place among a route's stops ("Erie": F10 and ERIE);
    # written in capitals or as "the Erie" it is the company
    ("1830", "OR", "C&O", "3T: Cleveland > Akron & Canton > Erie = 50", [_run("C&O", "3", ["F6", "G7", "F10"], 50)]),
    ("1830", "OR", "C&O", "3T: Cleveland - Erie = 50", [_run("C&O", "3", ["F6", "F10"], 50)]),
    ("1830", "OR", "ERIE", "4T: Dunkirk & Buffalo > Erie = 60", [_run("ERIE", "4", ["E11", "F10"], 60)]),
    ("1830", "OR", "C&O", "buy a 3 from the Erie for 100", [BuyTrain("C&O", "3", "ERIE", 100)]),
    # "keeps" before a verb in -ing is no withholding
    ("1861", "OR", "SE", "SE declines nationalisation and keeps going.", [Pass("SE")]),
    ("1861", "OR", "SE", "SE keeps the 280", [Dividend("SE", "withhold")]),
    # mergers told whole: the lead named in brackets, the selection ended, a conversion by its noun,
    # the major's station given up after it
    ("1861", "merger", "KR", "MV and KR merge into MKV (KR leading).", [Merge("KR", "MV"), Merge("KR", "MKV")]),
    ("1861", "merger", "RO", "RO absorbs MB and SPW; then ends the selection and becomes NW.",
     [Merge("RO", "MB"), Merge("RO", "SPW"), Pass("RO"), Merge("RO", "NW")]),
    ("1861", "merger", "RO", "Finished adding companies. The new major is the SW.", [Pass("RO"), Merge("RO", "SW")]),
    ("1861", "merger", "KR", "KR becomes SE (conversion)", [Convert("KR"), Merge("KR", "SE")]),
    ("1861", "merger", "RO", "RO + KB -> NW. Then remove its station in D14.",
     [Merge("RO", "KB"), Merge("RO", "NW"), RemoveToken("NW", "D14")]),
    ("1861", "merger", "SE", "SE passes on merging.", [Pass("SE")]),
    # how the company stands is no step passed; "them" paid out is the revenue; a dividend said twice is one
    ("1830", "OR", "NYC", "NYC has only $150 and no train, so Cid chips in $150 and NYC buys a 4 from the bank for $300.",
     [BuyTrain("NYC", "4", "depot", 300)]),
    ("1882", "OR", "CNR", "CNR ran 3 train C3-D6 for 60 and paid them out.",
     [_run("CNR", "3", ["C3", "D6"], 60), Dividend("CNR", "payout")]),
    ("1861", "OR", "SE", "Half to shareholders, half to SE", [Dividend("SE", "half")]),
    ("1830", "OR", "NYNH", "NYNH netted 100 with the 2, withholds",
     [RunRoutes("NYNH", (Route("2", (), revenue=100),)), Dividend("NYNH", "withhold")]),
    ("1861", "OR", "SPW", "SPW ran the 2 from E1 to B8 for 60; half goes to the owner.", [_run("SPW", "2", ["E1", "B8"], 60)]),
    ("1861", "OR", "MVR", "MVR is out of trains and cannot afford one - I choose to nationalise it.",
     [Choose("MVR", "nationalize")]),
    # a pass asked of the table ("auto pass" is 18xx.games' word for it)
    ("1882", "SR", None, "autopass me", [Pass("ann")]),
    ("1882", "SR", None, "Auto pass", [Pass("ann")]),
    ("1830", "SR", None, "feel free to pass me", [Pass("ann")]),
    # a run named by its two ends: the game counts what it earns (issue #24's example)
    ("1882", "OR", "QLL", "ran the 2 from Regina out to Moose Jaw",
     [RunRoutes("QLL", (Route("2", (Stop("J10"), Stop("J8"))),))]),
    # the writer named by the role they play for the company at turn, selling (issue #24's example)
    ("1882", "OR", "CPR", "the president dumped two GT to fund the 4", [SellShares("ann", "GT", 20)]),
    ("1882", "OR", "CPR", "The director sold 1 GT, 1 SC", [SellShares("ann", "GT", 10), SellShares("ann", "SC", 10)]),
    # ... or buying for it: the company's purchase
    ("1830", "OR", "B&O", "the president buys a 2 for the company", [BuyTrain("B&O", "2", "depot")]),
    ("1830", "OR", "B&O", "B&O's president bought a 3", [BuyTrain("B&O", "3", "depot")]),
]


@pytest.mark.parametrize("title,rk,cur,line,want", READ, ids=[r[3][:40] for r in READ])
def test_the_interpreter_reads(title, rk, cur, line, want):
    assert [m.action for m in interpret(title, rk, cur, line)] == want


REFUSED = [
    ("1882", "OR", "CPR", "CPR lays #57 on I5 R1 and R2"),                         # two rotations, no named tile
    ("1882", "SR", None, "Cid bid 110 for CPR earlier, so I passed."),            # a report
    ("1882", "SR", None, "Confirmed: Bob bought 1 share of HBR from the IPO for $67."),
    ("1882", "SR", None, "Next turn. Buy 1 GT."),                                  # a plan heads the line
    ("1882", "OR", "GT", "GT would lay 9 on L8 and buy a 3 and a 4"),              # a modal: the sentence
    ("1882", "OR", "CPR", "CPR laid #57 on H10 and then some. Buys a 3."),        # more than can be read
    ("1882", "OR", "CPR", "CPR ran 3 train for 30 and did the usual. Bought a 2."),   # a move told as no move of now
    ("1882", "SR", None, "Pass (nothing, but buy a GT)."),                         # not X, but Y
    ("1882", "OR", "CNR", "CNR can't buy a train and I'm out of cash."),           # out of cash is no pass
    ("1882", "SR", None, "If nobody bids, buy 1 GT."),                             # a condition: the line
    # a move told with "his"/"her" of no one named is set aside, and with it the line: never the
    # other clauses alone (after the writer's own name they are the writer's: test_notation_narrative)
    ("1882", "SR", None, "Sold his CPR (1 share) and bought 1 QLL"),
    ("1882", "SR", None, "Sells her 20 percent of QLL and 10 percent of CN"),
    ("1882", "SR", None, "Bob sells her 20 percent of QLL and 10 percent of CN"),
    # a move weighed before "but" is set aside, and the rest must be a move of its own
    ("1882", "SR", None, "I'd buy GT but I can't afford it"),
    ("1882", "SR", None, "I'll wait until next OR"),                               # put off, nothing made now
    ("1861", "merger", "KR", "KR and MV merge into MKV (Y leading)"),           # the lead merges not
    ("1861", "merger", "RO", "RO merges with KB to form NW, and drops the token in D14"),   # whose token?
    ("1882", "SR", None, "Bob buys the GT president's certificate, par 100"),      # another player's par
    ("1882", "SR", None, "Bob exchanges his Saskatchewan Central for the SC presidency, parring it at 80"),
    ("1882", "OR", "CPR", "GT: 4-train from the depot, 300"),                      # GT's buy, not CPR's from GT
    ("1882", "SR", None, "Auto pass if someone sells"),            # an order on a condition of the game (#27)
    ("1882", "SR", None, "the president sells 2 GT"),              # of no company at turn: not the writer
    ("1882", "OR", "CPR", "Bob says the president sold 2 GT"),     # a report, not the role as subject
    ("1882", "SR", None, "the president buys a 2"),                # of no company at turn
    ("1830", "OR", "B&O", "PRR's president buys a 2"),             # another company's, at B&O's turn
]


@pytest.mark.parametrize("title,rk,cur,line", REFUSED, ids=[r[3][:40] for r in REFUSED])
def test_the_interpreter_refuses(title, rk, cur, line):
    with pytest.raises(NotationError):
        interpret(title, rk, cur, line)


def test_what_was_set_aside_and_corrected_is_noted():
    (move,) = interpret("1882", "SR", None, "Pass - not buying any CPR this time.")
    assert move.notes == ('read without what states no move: "not buying any CPR this time"',)
    (lay,) = interpret("1882", "OR", "QLL", "QLL lyas #56 on K9, rotaton 0")
    assert lay.notes == ('read "lyas" as "lays", "rotaton" as "rotation"',)
    _, dividend = interpret("1882", "OR", "CNR", "CNR runs D8 to D6 for 50, pays $5 a share.")
    assert [(c.kind, c.value) for c in dividend.claims] == [("per_share", 5)]


@pytest.mark.parametrize("line", ["QLL runs its 2", "QLL runs its 2 to Moose Jaw"])
def test_a_run_of_one_place_or_none_asks_what_it_earned(line):
    with pytest.raises(NotationError, match="how much did the run earn"):
        interpret("1882", "OR", "QLL", line)


# ---------------------------------------------------------------- a title's own kind, by its verbs (own_kinds.py)

def _own_1869(line, legal=None):
    import dataclasses

    from notation_kit import ctx
    from pbem.notation import parse_message

    return parse_message(line, dataclasses.replace(ctx("1869", "operating", "CPR"), legal=legal))


def test_a_title_s_own_kind_is_read_by_its_verb_with_its_number():
    """1869's bonus saved, told in free text: the named company saves the amount."""
    from pbem.titles.g1869.kinds import SaveBonus

    assert _own_1869("CPR saved 20") == [SaveBonus("CPR", 20)]


@pytest.mark.parametrize("line,why", [
    ("CPR saved", "save part of a bonus needs 1 number(s)"),
    ("CPR saved 20 and 30", "save part of a bonus needs 1 number(s)"),
    ("CPR kept 20 of the bonus", "which move this is cannot be told"),    # "kept" is also a withhold's word
])
def test_a_title_s_own_kind_with_numbers_missing_or_a_word_of_another_move_is_refused(line, why):
    """Too few or too many numbers, or a word another move also has: refused, saying so."""
    with pytest.raises(NotationError) as info:
        _own_1869(line)
    assert why in str(info.value)


def test_a_title_s_own_kind_told_by_nobody_is_asked_about_or_the_one_the_game_allows():
    """No name: the writer's or the company's at turn; asked which, unless the game allows only one."""
    from pbem.errors import AmbiguousMoveError
    from pbem.titles.g1869.kinds import SaveBonus

    with pytest.raises(AmbiguousMoveError) as info:
        _own_1869("save 20")
    assert info.value.candidates == ["Ann saves 20 of its bonus", "CPR saves 20 of its bonus"]
    assert _own_1869("save 20", legal=lambda moves: moves[-1].entity == "CPR") == [SaveBonus("CPR", 20)]
