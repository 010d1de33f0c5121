"""A comment in brackets beside a move is set aside and said so in the reply; a bracket with
anything of a move in it still refuses the line. And a sale's ellipsis never swallows a buy."""
from __future__ import annotations

import pytest

from pbem.errors import PbemError
from pbem.engine.actions import BuyShares, BuyTrain, SellShares
from pbem.notation import context_for_title, read_message

OR = context_for_title("1882", {"ann": "Ann", "bob": "Bob"}, actor="ann", current="CPR", round_kind="OR")
SR = context_for_title("1882", {"ann": "Ann", "bob": "Bob"}, actor="ann", current="ann", round_kind="SR")


@pytest.mark.parametrize("line, remark", [
    ("CPR buys a 4 for $300 (sorry, 2s rust).", "(sorry, 2s rust)"),
    ("CPR buys the first 5 from the depot for 450 (phase 5, privates close).", "(phase 5, privates close)"),
    ("CPR buys a 4 for $300 (ouch)", "(ouch)"),
    ("CPR buys a 4 for $300 (finally!)", "(finally!)"),
])
def test_a_comment_in_brackets_is_set_aside_and_noted(line, remark):
    (move,) = read_message(line, OR)
    assert isinstance(move.action, BuyTrain)
    assert any(remark in n and "comment" in n for n in move.notes)


@pytest.mark.parametrize("line", [
    "CPR buys a 4 for $300 (and a 3)",           # a move in the bracket
    "CPR buys a 4 for $300 (keeps the rest)",    # a move word
    "CPR buys a 4 for $300 (2 more trains)",     # equipment and a count
    "CPR buys a 4 for $300 (50% of it)",
    "CPR buys a 4 for $300 (tile #57 too)",
])
def test_a_bracket_with_anything_of_a_move_still_refuses(line):
    try:
        moves = read_message(line, OR)
    except PbemError:
        return
    assert not any("comment" in n for m in moves for n in m.notes), line


@pytest.mark.parametrize("line", ["sell 1 GT, by 1 CPR from pool", "sells 2 GT, 1 CPR from the IPO",
                                  "sell 1 GT and 1 CPR from the pool"])
def test_a_clause_naming_where_shares_come_from_is_no_sale(line):
    try:
        moves = read_message(line, SR)
    except PbemError:
        return
    assert not any(isinstance(m.action, SellShares) and m.action.corporation == "CPR" for m in moves), moves


def test_a_sale_and_a_buy_said_so_are_both_read():
    moves = [m.action for m in read_message("sell 1 GT and buy 1 CPR from pool", SR)]
    assert moves == [SellShares("ann", "GT", 10), BuyShares("ann", "CPR", "pool", 10)]


@pytest.mark.parametrize("line, percent", [
    ("four shares of QLL to the market please", 40),
    ("two QLL to the pool", 20),
    ("QLL x2 to the bank pool", 20),
    ("one GT into the open market", 10),
])
def test_shares_sent_to_the_pool_are_sold_never_bought(line, percent):
    moves = [m.action for m in read_message(line, SR)]
    assert len(moves) == 1 and isinstance(moves[0], SellShares) and moves[0].percent == percent, moves


def test_shares_taken_from_the_pool_are_still_bought():
    assert [m.action for m in read_message("buy 1 QLL from the pool", SR)] == [BuyShares("ann", "QLL", "pool", 10)]
