"""Runs and dividends the one interpreter reads by general mechanisms (read by the interpreter
alone, no rewording rule helping): each case fails without the mechanism its comment names,
and each near miss shows where the mechanism stops."""
from __future__ import annotations

import pytest

from pbem.engine.actions import Bid, BuyCompany, BuyTrain, Dividend, LayTile, Pass, Route, RunRoutes, Stop
from pbem.errors import NotationError
from pbem.notation import context_for_title
from pbem.notation.names import name_index
from pbem.notation.terse import read_terse_by_pieces
from notation_kit import interpret_actions as interpret, read

PLAYERS = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dee": "Dee"}


def _run(corp, *routes):
    return RunRoutes(corp, tuple(Route(t, tuple(Stop(h) for h in hexes), revenue=r) for t, hexes, r in routes))


READ = [
    # dividend_words.py: a dividend told with its revenue is the dividend; the amount is no run
    ("1861", "OR", "SW", "SW is keeping the 270 this time (withhold)", [Dividend("SW", "withhold")]),
    ("1861", "OR", "SW", "SW pays half of 160", [Dividend("SW", "half")]),
    ("1882", "OR", "CNR", "CNR pays 80 out.", [Dividend("CNR", "payout")]),
    ("1861", "OR", "SW", "SW splits the 240", [Dividend("SW", "half")]),
    ("1882", "OR", "CPR", "CPR pays half of 90", [Dividend("CPR", "half")]),
    # ... but after another move of the turn it tells the run as well
    ("1861", "OR", "SE", "SE: upgrade Kiev D14 to #635, then pay out 260.",
     [LayTile("SE", "D14", "635", 3), _run("SE", ("2", (), 260)), Dividend("SE", "payout")]),
    # ... and a train named with it makes it a run
    ("1882", "OR", "CNR", "CNR pays out 80 from the 3T.", [_run("CNR", ("3", (), 80)), Dividend("CNR", "payout")]),
    # run_words.py: places told with a dash, then the route by its hexes in brackets: one route
    ("1861", "OR", "N", "N runs its 2T Moscow - St. Petersburg (H8-G5-E1) for 80", [_run("N", ("2", ("H8", "G5", "E1"), 80))]),
    # pieces.py: a bracket of words only is no clause boundary ("and" inside it cuts nothing)
    ("1861", "OR", "E", "E runs 2T Q3-P4 (Ekaterinburg and the town) for 50", [_run("E", ("2", ("Q3", "P4"), 50))]),
    # "makes" tells a route's revenue
    ("1830", "OR", "NYNH", "NYNH's 4 E23-F20-G19 makes 150 and the 5 G19-F20-F22-F24-E23 makes 190, all paid out.",
     [_run("NYNH", ("4", ("E23", "F20", "G19"), 150), ("5", ("G19", "F20", "F22", "F24", "E23"), 190)),
      Dividend("NYNH", "payout")]),
    # run_words.py: a train's bare number before its route is the train, not a tile on the first stop
    ("1882", "OR", "HBR", "HBR will run the 3 G11-I11-J10 for 90 and pay it out",
     [_run("HBR", ("3", ("G11", "I11", "J10"), 90)), Dividend("HBR", "payout")]),
    ("1830", "OR", "NYC", "NYC runs its 2 E19-F20 for 30, pays out", [_run("NYC", ("2", ("E19", "F20"), 30)), Dividend("NYC", "payout")]),
    ("1830", "OR", "B&O", "B&O runs 3 I15-I19-H18 80, 2 J14-K15 50 = 130, payout",
     [_run("B&O", ("3", ("I15", "I19", "H18"), 80), ("2", ("J14", "K15"), 50)), Dividend("B&O", "payout")]),
    # run_words.py: the total told after the last route is no second revenue of that route
    ("1882", "OR", "GT", "GT's two 2s run L8-K9 (40) and L8-N6 (50), total 90, withheld.",
     [_run("GT", ("2", ("L8", "K9"), 40), ("2", ("L8", "N6"), 50)), Dividend("GT", "withhold")]),
    ("1882", "OR", "QLL", "QLL runs its 2s J10-K9 for 50 and J10-J8 for 40, total 90, withholds",
     [_run("QLL", ("2", ("J10", "K9"), 50), ("2", ("J10", "J8"), 40)), Dividend("QLL", "withhold")]),
    # run_words.py: several routes told by revenues only, in one clause
    ("1861", "OR", "MK", "MK runs the 4 for 180 and 3 for 120, full payout",
     [_run("MK", ("4", (), 180), ("3", (), 120)), Dividend("MK", "payout")]),
    ("1882", "OR", "GT", "GT runs the 6 for 190 & the 4 for 120; 310 paid out",
     [_run("GT", ("6", (), 190), ("4", (), 120)), Dividend("GT", "payout")]),
    ("1882", "OR", "HBR", "HBR runs 2 trains for 90 and 70, total 160, pays out.",
     [_run("HBR", ("2", (), 90), ("2", (), 70)), Dividend("HBR", "payout")]),
    ("1882", "OR", "CPR", "CPR will run the two 2-trains for 50 each and pay out",
     [_run("CPR", ("2", (), 50), ("2", (), 50)), Dividend("CPR", "payout")]),
    # a route told with "from", "via", "through": an "and" between two of its stops cuts no clause
    ("1830", "OR", "B&O", "B&O runs the 4 from Baltimore through Lancaster and Philadelphia to New York for 210 and pays out",
     [_run("B&O", ("4", ("I15", "H16", "H18", "G19"), 210)), Dividend("B&O", "payout")]),
    ("1861", "OR", "MNN", "MNN ran its 3 from Moscow via H10 to I13 and on to L12 for 110.",
     [_run("MNN", ("3", ("H8", "H10", "I13", "L12"), 110))]),
    # a train named after its revenue, or before "from" and its route
    ("1830", "OR", "PRR", "PRR runs Philadelphia - Lancaster - Baltimore for 120 with the 3.",
     [_run("PRR", ("3", ("H18", "H16", "I15"), 120))]),
    ("1861", "OR", "RSR", "As priority holder I run the RSR: 4 from E1 to H8 for 140.", [_run("RSR", ("4", ("E1", "H8"), 140))]),
    # a train and an amount with a route is the run, never a purchase
    ("1861", "OR", "SPW", "SPW: skip track; 2-train St Petersburg to Moscow for 80",
     [Pass("SPW"), _run("SPW", ("2", ("E1", "H8"), 80))]),
    ("1861", "OR", "SPW", "SPW: skip track; 2-train for 80", [Pass("SPW"), BuyTrain("SPW", "2", "depot", 80)]),
    # beside_moves.py: the train a move is for is no piece of the move
    ("1830", "OR", "B&O", "B&O ran I15-H16 with its 2 for 40 and withheld to pay for the 3",
     [_run("B&O", ("2", ("I15", "H16"), 40)), Dividend("B&O", "withhold")]),
    ("1882", "OR", "QLL", "QLL's 2-train runs Regina to K9 for 50, withheld (need the cash for a 3).",
     [_run("QLL", ("2", ("J10", "K9"), 50)), Dividend("QLL", "withhold")]),
    ("1830", "OR", "NYC", "Hi folks, back from holiday. NYC withholds this time to save for the 4.", [Dividend("NYC", "withhold")]),
    # ... while "going to buy" is the move itself
    ("1882", "OR", "GT", "GT is going to buy the 4 now, $300 from the bank.", [BuyTrain("GT", "4", "depot", 300)]),
    # a train labelling its route with ":" keeps them in one clause
    ("1882", "OR", "CPR", "CPR runs 2: L2-K3 (60), 2: I5-K3 (40) = 100, pays out",
     [_run("CPR", ("2", ("L2", "K3"), 60), ("2", ("I5", "K3"), 40)), Dividend("CPR", "payout")]),
    ("1882", "OR", "GT", "GT runs its 4: L8 - K9 - G11 - Hudson Bay, 120.", [_run("GT", ("4", ("L8", "K9", "G11", "B12"), 120))]),
    ("1882", "OR", "CPR", "CPR runs both 2s: L2-K3 for 50 and I5-J4-K3 for 40, and pays out the 90.",
     [_run("CPR", ("2", ("L2", "K3"), 50), ("2", ("I5", "J4", "K3"), 40)), Dividend("CPR", "payout")]),
    # another train's route with its own run word ("and the 3 goes ...") or "the other 2" is one more route
    ("1882", "OR", "HBR", "HBR's 4 runs Hudson Bay - G11 - J8 - I1 for 240 and the 3 goes J10-K9-J8 for 100. 340, full payout.",
     [_run("HBR", ("4", ("B12", "G11", "J8", "I1"), 240), ("3", ("J10", "K9", "J8"), 100)), Dividend("HBR", "payout")]),
    ("1830", "OR", "PRR", "PRR runs the 3 G19-G17-H16 for 100, the 2 H12-H16 for 40 and the other 2 H18-H16 for 70. Pays out.",
     [_run("PRR", ("3", ("G19", "G17", "H16"), 100), ("2", ("H12", "H16"), 40), ("2", ("H18", "H16"), 70)),
      Dividend("PRR", "payout")]),
    # beside_moves.py: a revenue told as its stops' sum is the total; the parts are no amounts of a move
    ("1882", "OR", "SC", "SC: run 3 G7-I5-J10 (40+30+30=100) withhold",
     [_run("SC", ("3", ("G7", "I5", "J10"), 100)), Dividend("SC", "withhold")]),
    ("1882", "OR", "HBR", "HBR: 3T G11-J10-I5 = 30+40+20 = 90, 4T C3-D4-E5-G11 = 140. Total 230, pay out.",
     [_run("HBR", ("3", ("G11", "J10", "I5"), 90), ("4", ("C3", "D4", "E5", "G11"), 140)), Dividend("HBR", "payout")]),
    # beside_moves.py: a bonus named beside the revenue is no piece of a move
    ("1882", "OR", "CN", "CN: 4T B12-G11-I5-I1, 300 with the Hudson Bay bonus, pay",
     [_run("CN", ("4", ("B12", "G11", "I5", "I1"), 300)), Dividend("CN", "payout")]),
    # a name that is a stop of a route is the place, not the private of that name
    ("1882", "OR", "QLL", "QLL 4T: I1 - J8 - G11 - Hudson Bay = 240 with the bonus. Pays out.",
     [_run("QLL", ("4", ("I1", "J8", "G11", "B12"), 240)), Dividend("QLL", "payout")]),
    # a place in brackets after its hex is no second stop
    ("1861", "OR", "KB", "KB ran A11 (Poland) to Kiev for 60.", [_run("KB", ("2", ("A11", "D14"), 60))]),
    # "half pay" is one dividend, paid half
    ("1861", "OR", "GRR", "GRR: 4 train Moscow-Kharkov for 150, half pay",
     [_run("GRR", ("4", ("H8", "G15"), 150)), Dividend("GRR", "half")]),
    # a train and an amount with where the train comes from is a purchase, not a run
    ("1882", "OR", "GT", "GT: 5-train from the depot, 450.", [BuyTrain("GT", "5", "depot", 450)]),
    # "A to B via C and D": the stops told "via" come before the stop told "to" (a "via" before "to" keeps its place)
    ("1861", "OR", "M-K", "M-K: 2-train Moscow to Kiev via H10 and E13 for 70 roubles.",
     [_run("M-K", ("2", ("H8", "H10", "E13", "D14"), 70))]),
    # a stop told with its hex in brackets, then the route goes on
    ("1861", "OR", "N", "Nikolaev runs Moscow (H8) - G5 - E1 for 80.", [_run("N", ("2", ("H8", "G5", "E1"), 80))]),
    # the train a revenue comes from
    ("1861", "OR", "SW", "OR 7.2: SW pays out 240 from the 5 (H8-H10-E13-D14-D20).",
     [_run("SW", ("5", ("H8", "H10", "E13", "D14", "D20"), 240)), Dividend("SW", "payout")]),
    # claims.py: a share price's move told after a dividend is its result, no plan
    ("1861", "OR", "SE", "SE pays out; share price should go up to 165", [Dividend("SE", "payout")]),
    ("1882", "OR", "QLL", "QLL pays out 40 → QLL moves up to 71", [Dividend("QLL", "payout")]),
    ("1861", "OR", "NW", "NW pays out 120; share price from 100 to 110", [Dividend("NW", "payout")]),
    # ... and a minor's revenue split told after its run, which the game pays by itself
    ("1861", "OR", "KR", "KR runs the 2 for 50, half to me half to the minor as usual", [_run("KR", ("2", (), 50))]),
    # ... while "going up to" with no dividend is a bid
    ("1882", "auction", None, "Going up to 110 on TB.", [Bid("ann", "TB", 110)]),
    # the company operating buys no private of its own name (1882's SC is both)
    ("1882", "OR", "SC", "SC buys a 4 for 300.", [BuyTrain("SC", "4", "depot", 300)]),
    # ... while another company buys that private
    ("1882", "OR", "GT", "GT buys SC from Bob for 40", [BuyCompany("GT", "SC", 40)]),
    # addressed.py: a player addressed ("Bob, you're up", "Nice route, Bob.") is not the one moving
    ("1861", "OR", "SPW", "Nice route, Bob. SPW runs the 2T St Petersburg-B4 for 80.", [_run("SPW", ("2", ("E1", "B4"), 80))]),
    ("1882", "OR", "HBR", "HBR runs D train J10-K9-J8-L8-N6 for 180, pays out. Cid, you're up with GT.",
     [_run("HBR", ("D", ("J10", "K9", "J8", "L8", "N6"), 180)), Dividend("HBR", "payout")]),
    ("1882", "SR", None, "Bob - pass from me, your go.", [Pass("ann")]),
    # ... and "goes" between a train and its route is the run's word
    ("1861", "OR", "RSR", "I have priority so I run the RSR: its 4 goes Moscow-E9-C9-B8 for 160.",
     [_run("RSR", ("4", ("H8", "E9", "C9", "B8"), 160))]),
    # a train and its stops without a move word or a revenue: the run, its revenue counted by the game
    ("1882", "OR", "HBR", "2T B2-C3", [_run("HBR", ("2", ("B2", "C3"), None))]),
    ("1882", "OR", "CN", "3-train B12-G11-J10", [_run("CN", ("3", ("B12", "G11", "J10"), None))]),
    # a minor named after two places, right after a train and its colon: those places (1861)
    ("1861", "OR", "SE", "3T: Moscow-Nizhnii Novgorod = 130", [_run("SE", ("3", ("H8", "K7"), 130))]),
    # ... while a number before one hex is still a tile laid there
    ("1830", "OR", "B&O", "B&O lays 9 I17", [LayTile("B&O", "I17", "9", 3)]),
]


@pytest.mark.parametrize("title,rk,cur,line,want", READ, ids=[r[3][:40] for r in READ])
def test_the_interpreter_reads(title, rk, cur, line, want):
    assert interpret(title, rk, cur, line) == want


REFUSED = [
    # two amounts beside a dividend: which is the revenue cannot be told
    ("1882", "OR", "CNR", "CNR pays out 80 and 90"),
    ("1882", "OR", "CPR", "CPR pays half of 90 and 40"),
    # a train left without its revenue, or trains counted that the revenues do not match
    ("1861", "OR", "MK", "MK runs the 4 for 180 and the 3, full payout"),
    ("1882", "OR", "HBR", "HBR runs 3 trains for 90 and 70, pays out."),
    ("1882", "OR", "CPR", "CPR ran two trains: 2 for 50, 3 for 80 and 4 for 100"),
    # without "from", "via" or "through" an "and" still cuts: two clauses
    ("1830", "OR", "B&O", "B&O runs Baltimore to Lancaster and Philadelphia for 60"),
    # a purpose going on into a move ("needs a 4 and buys one") is no purpose set aside
    ("1882", "OR", "GT", "GT withholds the 90 (needs a 4 and buys one)"),
    # a second train after a purpose is no part of it: what is it?
    ("1882", "OR", "GT", "GT withholds to save for the 4 and 5"),
    # a ":" after a train and before one stop (no route) still cuts
    ("1882", "OR", "HBR", "HBR runs 2: G11 = 40"),
    # "the other 2" without a route of its own is no second route
    ("1882", "OR", "CPR", "CPR runs its 2 I5-J8 for 40 and the other 2 sits idle for now"),
    # parts that do not add up to the total are amounts left over
    ("1882", "OR", "SC", "SC: run 3 G7-I5-J10 (40+30+20=100) withhold"),
    # a name beside the revenue without "bonus" is still a name no move takes
    ("1882", "OR", "CN", "CN: 4T B12-G11-I5-I1, 300 with the Hudson Bay, pay"),
    # a bracket after a stop and before a word that is no stop still cuts
    ("1861", "OR", "N", "Nikolaev runs Moscow (H8) - twice for 80"),
    # a split told with no run before it is still a report
    ("1861", "OR", "KR", "KR: half to me as usual"),
    # a plan after a dividend is still a plan
    ("1861", "OR", "SE", "SE pays out; we should buy a 5 next"),
    # a player named before a move, not spoken to, is the one moving: another seat
    ("1882", "SR", None, "Bob, 10% GT from the pool."),
    # one stop is no route: "3 I15" stays a tile, which a run does not take
    ("1830", "OR", "B&O", "B&O runs the 3 I15 for 80"),
    # an amount after a route that is not the run's total: which is the route's revenue?
    ("1882", "OR", "QLL", "QLL runs its 2s J10-K9 for 50 and J10-J8 for 40, 70, withholds"),
]


@pytest.mark.parametrize("title,rk,cur,line", REFUSED, ids=[r[3][:40] for r in REFUSED])
def test_the_interpreter_refuses(title, rk, cur, line):
    with pytest.raises(NotationError):
        interpret(title, rk, cur, line)


def test_a_players_name_written_as_a_lower_case_modal_is_the_word():
    players = {"will": "Will", "ann": "Ann"}
    ctx = context_for_title("1861", players, actor="ann", current="GRR", round_kind="OR")
    got = read_terse_by_pieces("GRR will withhold this time - need cash for the 5", ctx, name_index(ctx))
    assert [m.action for m in got] == [Dividend("GRR", "withhold")]
    with pytest.raises(NotationError):          # written as a name, it is the player, who is not the writer
        read_terse_by_pieces("Will withholds for GRR", ctx, name_index(ctx))


def test_a_private_named_beside_an_amount_paid_is_no_revenue():
    ctx = context_for_title("1882", PLAYERS, actor="ann", current="CPR", round_kind="OR")
    # "pays Bob $40 for the HB": a purchase from another seat (private_powers.py), never a revenue
    got = read_terse_by_pieces("CPR pays Bob $40 for the Hudson Bay Company.", ctx, name_index(ctx))
    assert [m.action for m in got] == [BuyCompany("CPR", "HB", 40)]


def test_a_price_move_told_after_a_dividend_is_a_claim_on_it():
    ctx = context_for_title("1882", PLAYERS, actor="ann", current="QLL", round_kind="OR")
    (div,) = read_terse_by_pieces("QLL pays out 40 → QLL moves up to 71", ctx, name_index(ctx))
    assert div.action == Dividend("QLL", "payout") and [(c.kind, c.value) for c in div.claims] == \
        [("revenue", 40), ("price_dir", "up"), ("price_to", (None, 71))]


def test_a_refusal_quotes_what_no_move_it_could_be_takes():
    with pytest.raises(NotationError) as e:
        interpret("1882", "OR", "GT", "GT lays #57 on M7 and buys a 4 train for 300 with B3")
    assert str(e.value).endswith('"B3" is in no move it could be'), str(e.value)


@pytest.mark.parametrize("line", ["HBR passes (99)", "HBR buys a 3 train for 180 (99)"])
def test_an_amount_in_brackets_no_move_has_is_quoted(line):
    """"(99)" after a pass, or after a train's price, is named as what no move takes (the refusal
    said "which move this is cannot be told"); "(180)" as the train's price is read."""
    with pytest.raises(NotationError) as e:
        read("1882", "OR", "HBR", line)
    assert str(e.value).splitlines()[0].endswith('"(99)" is in no move it could be'), str(e.value)
    assert read("1882", "OR", "HBR", "HBR buys a 3 train (180)")[0].price == 180



def test_a_route_written_in_lower_case_keeps_a_hex_that_names_no_place():
    """"e5-d4-c3-b4": b4 (a plain hex, no place) stays in the route after a lay, as "B4" does (it was dropped)."""
    got = read("1882", "OR", "HBR", "hbr lays 66 on e5, runs 4 train e5-d4-c3-b4 for 110")
    assert [s.hex for s in got[1].routes[0].stops] == ["E5", "D4", "C3", "B4"]
    assert [s.hex for s in read("1882", "OR", "HBR", "hbr runs its 2 c3-b4 for 40")[0].routes[0].stops] == ["C3", "B4"]


@pytest.mark.parametrize("line", ["PRR runs for 100 and pays out 90", "PRR runs 3 train for 100, pays out 90"])
def test_a_dividend_told_with_another_total_than_its_run_is_refused(line):
    """"runs for 100 and pays out 90": the run told earned 100, so 90 contradicts it; it was read as a
    second run of 90 by a train the writer never named. The same total is the dividend alone."""
    with pytest.raises(NotationError, match="run was told as earning 100, not 90"):
        interpret("1830", "OR", "PRR", line)
    assert [type(a).__name__ for a in interpret("1830", "OR", "PRR", "PRR runs for 100 and pays out 100")] \
        == ["RunRoutes", "Dividend"]


def test_a_redemption_naming_a_train_is_refused_not_dropped():
    """"redeems 2s" after a train bought was dropped without a word (the train buy alone was read): a
    redemption naming a train is no move, and the line is refused quoting the train."""
    with pytest.raises(NotationError, match='"2s" is in no move it could be'):
        interpret("1830", "OR", "PRR", "PRR buys a 3 train for 180, redeems 2s")
    with pytest.raises(NotationError, match='"B&O" is in no move it could be'):     # another's shares, after a move
        interpret("1830", "OR", "PRR", "PRR buys a 3 train for 180, redeems B&O")
    assert [type(a).__name__ for a in interpret("1830", "OR", "PRR", "PRR buys a 3 train for 180, redeems a share")] \
        == ["BuyTrain", "BuyShares"]


@pytest.mark.parametrize("line,quoted", [("CPR buys a 3 train for 180, bids 57", "57"),
                                         ("CPR buys a 3 train for 180, pars the 4", "4"),
                                         ("CPR bids 57, buys a 3 train for 180", "57"),
                                         ("CPR pars the 4; CPR buys a 3 train for 180", "4")])
def test_a_move_word_of_another_round_with_what_a_move_takes_is_refused_not_dropped(line, quoted):
    """A bid or a par in an operating round beside a move, naming a number or train, was dropped without a
    word (the train buy alone read; before the move, also once refused after it): refused, quoting what no move takes."""
    with pytest.raises(NotationError, match=f'"{quoted}" is in no move it could be'):
        read("1882", "OR", "CPR", line)


def test_a_train_told_with_its_price_that_no_move_fits_is_refused_not_dropped():
    """"CNR has no train and Hal chips in for a 4 ($300); Hal sells 20% HBR to pay for it" (lines28, line
    103) was read as the sale alone: the 4 and its price were in no move, so the line is refused, not played
    without it (since the money put in for the 4 is its buy, the situation told before it is what is refused).
    The same pieces beside a buy of that train are its remark."""
    from pbem.reading.driver import read as read_text

    c = context_for_title("1882", {"sam": "Sam", "hal": "Hal"}, actor="hal", current="CNR", round_kind="OR",
                          rotation_resolver=lambda t, h, e: 0)
    r = read_text("CNR has no train and Hal chips in for a 4 ($300); Hal sells 20% HBR to pay for it", c)
    assert not r.moves and r.error is not None, (r.moves, r.error)
    r = read_text("Hal chips in for a 4 ($300)", c)
    assert [type(m.action).__name__ for m in r.moves] == ["BuyTrain"], r.error
    r = read_text("CNR needs a 4 at $300; Hal sells 20% HBR and CNR buys the 4", c)
    assert [type(m.action).__name__ for m in r.moves] == ["SellShares", "BuyTrain"], r.error


@pytest.mark.parametrize("line,aside", [("CPR buys a 3 train for 180, removes 2s", "removes 2s"),
                                        ("CPR buys a 3 train for 180, 2s gone", "2s gone"),
                                        ("CPR has only $40; CPR buys a 3 train for 180", "CPR has only $40")])
def test_a_clause_of_figures_no_move_fits_is_noted_as_set_aside(line, aside):
    """A clause no move fits that holds a figure (a train, an amount) was dropped without a word: "removes 2s"
    after a train bought, a consequence told as the company's act, as "the 2s rust" is, is now named as set aside."""
    from pbem.notation import read_message
    from notation_kit import trains_ctx

    (move,) = read_message(line, trains_ctx("1882", "CPR"))
    assert move.action == BuyTrain("CPR", "3", "depot", 180)
    assert move.notes == (f'read without what states no move: "{aside}"',), move.notes


def test_a_company_named_in_a_clause_no_move_fits_is_noted_as_set_aside():
    """"...; Ann gets CPR" after the train bought was dropped without a word: a clause no move fits that names
    a company or a private is named in the reply as set aside, as one holding a figure is."""
    from pbem.notation import read_message
    from notation_kit import trains_ctx

    (move,) = read_message("CPR buys a 3 train for 180; Ann gets CPR", trains_ctx("1882", "CPR"))
    assert move.action == BuyTrain("CPR", "3", "depot", 180)
    assert move.notes == ('read without what states no move: "Ann gets CPR"',), move.notes
