"""A company buying back its own shares from the market ("GRR redeems one of its shares from
the market", "MK buy back 1 share", "SW buys back one of its shares from the pool"): in an
operating round, the operating company's buy of its own shares from the pool (1861's majors
redeem shares so; the game takes them into its treasury)."""
from __future__ import annotations

import re

from pbem.engine.actions import BuyShares

from .share_quantity import one_per_share
from .lazy import regex

__all__ = ["BUYS_BACK", "redeem_word", "redemption"]

#: the move word of a redemption: "redeems", "buys back"
BUYS_BACK = regex(r"\bredeem(?:s|ed|ing)?\b|\b(?:buys?|buying)\s+back\b", re.I)
#: what a loan clause is refused with (a loan beside no buy: loans.py sets the others aside)
_LOAN = "loans and redemptions are not read this way; write them as the notation does"


def redeem_word(m: re.Match, operating: bool) -> str:
    """The move family of a redemption word: a redemption in an operating round; elsewhere "buys
    back" is a player's buy and "redeems" the word refused with loans (as before)."""
    if operating:
        return "redeem"
    return "buy" if m.group(0).lower().startswith("buy") else "loan"


def redemption(fitter) -> object:
    """The fits of a clause of a loan or a redemption (`piece_fits.Fitter`): a loan is refused;
    a redemption is the operating company's buy of its own shares from the pool, one buy a share,
    when the clause names nothing else (no train, tile, hex, other company or source but the pool)."""
    c, ctx = fitter.c, fitter.ctx
    if "loan" in fitter.verbs or fitter.kind != "operating":
        return _LOAN
    cur = ctx.current
    if fitter.verbs - {"redeem"} or not cur or ctx.kind_of(cur) != "corporation":
        return None
    if any(c.of(k) for k in ("train", "tile", "hex", "exchange", "rotation")) or \
            any(i != cur for p in c.of("name") for k, i in p.value if k != "player") or \
            {p.value for p in c.of("source")} - {"pool"}:
        return None
    size = ctx.share_size(cur)
    counts = [p.value for p in c.of("count")] + [p.value for p in c.of("number") if p.value <= 9]
    pcts = [p.value for p in c.of("percent")]
    if len(counts) + len(pcts) > 1:
        return None
    pct = pcts[0] if pcts else size * (counts[0] if counts else 1)
    if not pct or pct % size:
        return None
    return [[(a, ()) for a in one_per_share(BuyShares(cur, cur, "pool", size), pct // size)]]

