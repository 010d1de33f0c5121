"""What a move leads to, or a plan after it, told in a sentence after the move (afterwards.py):
set aside, and an apology with its reason; a doubt, a correction or a plan before another move
is never."""
from __future__ import annotations

import pytest

from pbem.engine.actions import BuyShares, BuyTrain, Dividend, Merge

from notation_kit import assert_no_move_of_the_writer, read


@pytest.mark.parametrize("title, rk, cur, line, want", [
    ("1882", "OR", "GT", "GT buys a 3 for $180. That will rust the 2s.", [BuyTrain("GT", "3", "depot", 180)]),
    ("1882", "OR", "GT", "GT buys a 3 for $180. The 2s rust (CPR's and QLL's).", [BuyTrain("GT", "3", "depot", 180)]),
    ("1882", "SR", None, "Buy 1 GT. I'll sell the CPR next round.", [BuyShares("ann", "GT", "ipo", 10)]),
    ("1861", "merger", "KR", "KR and MV merge into MKV. I'll keep both tokens.", [Merge("KR", "MV"), Merge("KR", "MKV")]),
    ("1882", "OR", "GT", "GT withholds - sorry all, the 5 costs 450.", [Dividend("GT", "withhold")]),
    ("1882", "OR", "GT", "GT buys a 3 for $180. Treasury now 35.", [BuyTrain("GT", "3", "depot", 180)]),
])
def test_a_consequence_or_plan_after_the_move_is_set_aside(title, rk, cur, line, want):
    assert read(title, rk, cur, line) == want


@pytest.mark.parametrize("line", [
    "Buy 1 GT. Maybe.",                           # a doubt
    "Buy 1 GT. Next turn. Buy a CPR.",            # which is meant now?
    "Morning all. Next turn. Buy 1 GT.",          # the plan heads the move
])
def test_a_doubt_or_a_plan_before_a_move_is_not(line):
    assert_no_move_of_the_writer("1882", "SR", None, line)



def test_an_apology_that_puts_a_piece_right_is_not_set_aside():
    from pbem.notation.circumstances import told_afterwards
    assert not told_afterwards("Sorry all, 3 GT.") and not told_afterwards("sorry all, make it 3.")
    assert told_afterwards("sorry shareholders, we need a train.")


def test_a_long_sentence_after_the_move_costs_linear_time():
    import time

    from pbem.notation.scopes import set_aside
    line = "GT buys a 2. " + (" " * 190 + "x. ") * 500
    started = time.process_time()
    set_aside(line)
    assert time.process_time() - started < 2
