"""Whether "2T for $80", a train and an amount written without a move word, is a run or a
purchase, told by the shape of the whole line (the reading by pieces, piece_moves.py).

A run written without its stops comes with its dividend, and trains are bought after the
dividend: so a train and an amount followed on the line by a dividend is the run ("2T for 80,
pays out"), one after a dividend is bought ("pays out, 2T for $80"), and one among other moves
of a turn that pays no dividend is bought ("tile 9 in J4 (rot 1), 2T for $80"). Alone on its
line, or right after another train's run, both still fit: the question lists them (at the table
the legal one is read).
"""
from __future__ import annotations

from typing import Sequence, TypeVar

from pbem.engine.actions import Action, Dividend, RunRoutes

__all__ = ["DIVIDEND_WORDS", "train_by_shape"]

#: the move words of a dividend (pieces.py's families)
DIVIDEND_WORDS = frozenset({"payout", "withhold", "half"})

F = TypeVar("F")


def train_by_shape(before: Sequence[Action], later: set, runs: F, buys: F) -> tuple:
    """(runs, buys) with the reading the line's shape rules out replaced by None; `before` are
    the moves read before the clause, `later` the move words of the clauses after it."""
    if any(isinstance(a, Dividend) for a in before):
        return None, buys                      # the dividend is paid: a train now is bought
    if later & DIVIDEND_WORDS:
        return runs, None                      # its dividend follows: the run
    if before and isinstance(before[-1], RunRoutes):
        return runs, buys                      # another train of the run before, or a purchase
    if before or later:
        return None, buys                      # a turn written whole that pays no dividend
    return runs, buys
