"""Moves the fitting reads by a word of their own, not by the round's usual moves: a loan (refused:
loans.py sets aside the ones beside a buy), a company buying back its shares (redemptions.py) and
a token removed (token_removals.py)."""
from __future__ import annotations

from .redemptions import redemption
from .token_removals import removal

__all__ = ["OWN_WORDS", "own_word_move"]

#: the move words (pieces.py families) read here
OWN_WORDS = frozenset({"loan", "redeem", "remove"})


def own_word_move(fitter):
    """The fits of a clause whose move word is one of `OWN_WORDS` (`piece_moves._Fitter.fit`)."""
    if "remove" in fitter.verbs:
        return removal(fitter)
    return redemption(fitter)
