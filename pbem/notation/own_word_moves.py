"""Moves the fitting reads by a word of their own, not by the round's usual moves: a loan (refused:
funding.py sets aside the ones beside a buy), a company buying back its shares (funding.py) and
a token removed (token_removals.py), a run of nothing ("nothing to run", "runs nothing", "no route",
"run: none", "revenue 0": no route; said again, one run)."""
from __future__ import annotations

import re

from pbem.engine.actions import RunRoutes

from .funding import redemption
from .token_removals import removal
from .lazy import regex

__all__ = ["NO_RUN", "OWN_WORDS", "own_word_move"]

#: the move words (pieces.py families) read here
OWN_WORDS = frozenset({"loan", "redeem", "remove", "norun"})
#: a run of nothing told as such (pieces.py makes it the move word "norun")
NO_RUN = regex(r"\b(?:nothing\s+to\s+run|(?:runs?|ran)\s+nothing|(?:(?:does|did)\s*(?:not|n't)|can(?:'t|not|\s+not))\s+run|no\s+(?:route|run)s?|(?:run|route|revenue)s?\s*:\s*"
                    r"(?:none|nothing|[$₽]?0)|revenue\s+[$₽]?0)\b(?!\s+(?:yet|now|until|before))", re.I)


def own_word_move(fitter):
    """The fits of a clause whose move word is one of `OWN_WORDS` (`piece_fits.Fitter.fit`)."""
    if "remove" in fitter.verbs:
        return removal(fitter)
    if "norun" in fitter.verbs:        # no train, amount or stop besides: the operating company runs nothing
        if fitter.kind != "operating" or any(p.kind in ("number", "money", "hex", "train") for p in fitter.c.pieces):
            return None
        run = RunRoutes(fitter.ctx.current, ())
        return [[]] if fitter.before[-1:] == [run] else [[(run, ())]]     # "runs nothing, no route. Revenue 0."
    return redemption(fitter)
