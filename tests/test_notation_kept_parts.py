"""A clause that holds part of a move is read with it or refuses the line, never set aside as
chat: the train traded in and the price written after a train ("D from depot, trading in the
5, 800"), and a dividend said in one word at a clause's end ("..., hold")."""
from __future__ import annotations

import pytest

from pbem.engine.actions import BuyTrain, Dividend, RunRoutes
from pbem.errors import PbemError
from notation_kit import read


def read_or_refused(title, round_kind, current, line):
    """The moves read from `line`, or None when it is refused (either is fine for a near miss)."""
    try:
        return read(title, round_kind, current, line)
    except PbemError:
        return None


@pytest.mark.parametrize("title, current, line, train, exchange, price", [
    ("1830", "C&O", "C&O: D from depot, trading in the 5, 800.", "D", "5", 800),
    ("1830", "C&O", "C&O: D, trading in the 5, $800", "D", "5", 800),
    ("1830", "PRR", "PRR - Diesel from the bank, trading in its 4, 800", "D", "4", 800),
    ("1882", "CPR", "CPR: D from the depot, trading in the 6, $800.", "D", "6", 800),
    ("1830", "B&O", "B&O: D from depot, trading in a 5", "D", "5", None),
])
def test_a_trade_in_after_the_train_is_part_of_the_buy(title, current, line, train, exchange, price):
    got = read(title, "operating", current, line)
    assert got == [BuyTrain(current, train, "depot", price, exchange)]


@pytest.mark.parametrize("line", [
    "GT: #9 M7 rot 1, run 4T J10-I11-G9 for 110, hold",
    "GT runs the 4 J10-I11-G9 for 110; holds.",
    "GT: 4T J10-I11-G9 = 110, hold",
])
def test_hold_at_a_clause_end_is_the_withholding(line):
    got = read("1882", "operating", "GT", line)
    assert isinstance(got[-2], RunRoutes) and got[-2].routes[0].revenue == 110
    assert got[-1] == Dividend("GT", "withhold")


@pytest.mark.parametrize("line", [
    "GT runs for 110. Hold on, let me check the route.",
    "Hold on - is GT's 4 rusted already?",
    "Hold on.",
])
def test_hold_on_is_no_dividend(line):
    got = read_or_refused("1882", "operating", "GT", line)
    assert got is None or not any(isinstance(a, Dividend) for a in got), got


@pytest.mark.parametrize("line", [
    "HBR is broke: I sell 2 CPR and HBR buys the 4 from the bank for 300, I pay the difference.",
    "I sell 2 CPR, HBR buys a 4 for 300 and I pay in the rest.",
    "Selling 2 CPR; HBR buys the 4 from the depot for $300, I'll pay the shortfall",
])
def test_paying_the_difference_is_the_president_s_not_a_dividend(line):
    got = read("1882", "operating", "HBR", line)
    assert not any(isinstance(a, Dividend) for a in got), got
    assert isinstance(got[-1], BuyTrain) and got[-1].price == 300


@pytest.mark.parametrize("line", [
    "GT withholds the 90 (needs a 4, buys a 5)",
    "GT withholds (needs a 4 and then buys a 5)",
    "GT withholds the 90 (needs a 4 and buys one)",
])
def test_a_reason_in_brackets_holding_a_move_is_never_set_aside(line):
    got = read_or_refused("1882", "operating", "GT", line)
    assert got is None or got != [Dividend("GT", "withhold")], "the buy in the bracket was set aside"


def test_a_reason_in_brackets_alone_is_set_aside():
    assert read("1882", "operating", "GT", "GT withholds the 90 (needs a 5)") == [Dividend("GT", "withhold")]


@pytest.mark.parametrize("line", [
    "PRR places a token on H12 - wait, that's taken, scrap that.",
    "Buy 1 GT. Ignore that.",
    "CPR lays #57 on I5, rot 2 -- cancel that, please",
    "Scrap that, buy 1 CPR",
    "Ignore my last move",
])
def test_a_line_taking_its_move_back_is_refused(line):
    with pytest.raises(PbemError, match=r"takes (its move back|back the line before it)"):
        read("1830" if "PRR" in line else "1882", "operating" if line[:3] in ("PRR", "CPR") else "stock",
             line[:3] if line[:3] in ("PRR", "CPR") else None, line)


@pytest.mark.parametrize("line, want", [
    ("Forget it, pass.", "pass"),                 # giving up, not taking a line back
    ("Sell 2 GT - sorry, 3 GT", "sell"),          # a correction with what is meant instead
])
def test_giving_up_and_correcting_are_not_taking_back(line, want):
    got = read("1882", "stock", None, line)
    assert got and type(got[0]).__name__.lower().startswith(want[:4])


@pytest.mark.parametrize("round_kind", ["auction", "stock"])
def test_a_minor_floating_with_its_capital_is_a_log_line_not_a_bid(round_kind):
    # 18xx.games' 1861 log: "N floats with 180₽" is what the auction's win did, no bid of the writer
    assert read("1861", round_kind, None, "N floats with 180₽") == []
    assert read("1861", round_kind, None, "[19:40] KR floats with 200₽") == []


@pytest.mark.parametrize("title, line, corp, percent", [
    ("1882", "Sell my GT (all three shares)", "GT", 30),
    ("1882", "Selling my CPR (all four shares).", "CPR", 40),
    ("1830", "Sell the lot: all three of my PRR shares.", "PRR", 30),
    ("1830", "Dumping everything - all two of my B&O shares.", "B&O", 20),
])
def test_a_count_of_shares_in_brackets_or_after_all_is_the_count(title, line, corp, percent):
    got = read(title, "stock", None, line)
    assert [(a.corporation, a.percent) for a in got] == [(corp, percent)]


def test_a_count_in_brackets_beside_a_second_move_is_never_dropped():
    # read with the count, or refused: never the sale of one share
    got = read_or_refused("1882", "stock", None, "Sold my GT (all three shares) and bought a CPR.")
    assert got is None or got[0].percent == 30, got


@pytest.mark.parametrize("title, line", [
    ("1830", "sell 2 NYNH and Hartford"),
    ("1882", "sell 1 GT and 2 GT"),
])
def test_one_company_named_twice_in_one_sale_is_no_second_sale(title, line):
    with pytest.raises(PbemError):
        read(title, "stock", None, line)


@pytest.mark.parametrize("title, current, line, kinds", [
    ("1830", "NYNH", "NYNH upgrades G19 with a #54, rot 0. No token. 4 train G19-F20-E23 for 110. Half? no - full payout.",
     ["LayTile", "Pass", "RunRoutes", "Dividend"]),
    ("1882", "CPR", "CPR: lay #57 on I5 rot 1; runs 2T I5-J10 for 60? no wait, 70",
     ["LayTile", "RunRoutes"]),
    ("1861", "GRR", "GRR lays #8 on H10 rot 2. Withhold? no - full payout.", ["LayTile", "Dividend"]),
])
def test_a_correction_puts_right_only_the_sentence_it_follows(title, current, line, kinds):
    got = read(title, "operating", current, line)
    assert [type(a).__name__ for a in got] == kinds
    assert got[-1].kind == "payout" if kinds[-1] == "Dividend" else got[-1].routes[0].revenue == 70


@pytest.mark.parametrize("line, exchange", [
    ("PRR exchanges its 4 for a D, paying 800", "4"),
    ("PRR trades in its 5 for a D, pays 800.", "5"),
])
def test_the_amount_paid_after_a_trade_in_is_its_price(line, exchange):
    assert read("1830", "operating", "PRR", line) == [BuyTrain("PRR", "D", "depot", 800, exchange)]


def test_an_amount_paid_in_dividends_is_never_a_train_s_price():
    # dropping "dividends" would make the payout a price: the word is never dropped
    got = read_or_refused("1830", "operating", "PRR", "PRR buys a D, pays 800 dividends")
    assert got is None or not any(isinstance(a, BuyTrain) and a.price == 800 for a in got), got
