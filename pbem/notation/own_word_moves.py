"""Moves read by a word of their own, not by the round's usual moves: a loan, a company buying back
its shares, a token removed (1861's merged major) and a run of nothing ("no route", "revenue 0")."""
from __future__ import annotations

import re

from pbem.engine.actions import Merge, RemoveToken, RunRoutes

from .funding import redemption
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


def removal(fitter):
    """The removal a clause tells (`piece_fits.Fitter`), or None: the acting company's (or the major it
    merged into, told first), no train, tile or amount, one hex (written, or the place's)."""
    c, cur = fitter.c, fitter.ctx.current
    if fitter.kind != "merger" or fitter.verbs - {"remove", "token"} or fitter.ctx.kind_of(cur) != "corporation":
        return None
    formed = [a.corporation for a in fitter.before if isinstance(a, Merge) and a.corporation not in fitter.ctx.auctioned]
    cur = formed[-1] if formed else cur       # "merges into NW; drop the K-B station": the major's token
    if any(c.of(k) for k in ("train", "tile", "money", "exchange")):
        return None
    hexes = fitter.hexes()
    return [[(RemoveToken(cur, hexes[0]), ())]] if len(hexes) == 1 else "which token, on which hex?"
