"""A token removed, told by its own words (1861's merged major over its token limit: "NW drops
its Kiev token", "NW removes its token from Kiev (D14)", "NW gives back the Kiev station"): in a
merger round, the acting company's removal of its one token on the one hex the clause names."""
from __future__ import annotations

import re

from pbem.engine.actions import Merge, RemoveToken
from .lazy import regex

__all__ = ["REMOVES", "removal"]

#: the move word of a removal: "drops", "removes", "gives up", "lifts" with a token or station
#: named within a few words after it (bounded, so the look-ahead stays linear)
REMOVES = regex(r"\b(?:drops?|dropping|removes?|removing|(?:gives?|giving|hands?|handing)\s+(?:up|back)|returns?|returning|"
                     r"lifts?|lifting|loses|losing)\b"
                     r"(?=[^.;,:!?]{0,40}?\b(?:tokens?|stations?)\b)", re.I)


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
