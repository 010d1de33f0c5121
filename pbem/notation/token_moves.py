"""A station moved in an operating round, told by its words (1882's North West Rebellion: "moves its
G11 token to E5", "moves its token from G11 to E5", "lifts its L2 token, places it in D4", "its
station moves from J12 to D6"): the token lifted from one hex and put on the other, both the
operating company's (a private's power, private_powers.py, makes them the private's)."""
from __future__ import annotations

import re
from typing import Optional, Sequence

from pbem.engine.actions import Action, PlaceToken, RemoveToken
from pbem.errors import NotationError

from .context import NotationContext
from .pieces import Clause

__all__ = ["token_move"]

#: the word of a token moved (the token word itself is a piece of its own)
_MOVES = frozenset({"move", "moves", "moved", "moving", "shift", "shifts", "shifted", "relocate", "relocates"})
#: the word of a token put down again after it was lifted ("places it in D4", "puts it on E5")
_PUTS = frozenset({"place", "places", "placed", "placing", "put", "puts", "putting"})
#: the words of a token lifted in an operating round ("drops its station" there is a placement)
_LIFTS = re.compile(r"\b(?:removes?|removing|removed|lifts?|lifting|lifted)\b", re.I)
#: a token lifted to be put down in the next clause ("lifts its L2 token, places it in D4"); a
#: token removed in an operating round is no move of its own
_LIFT_ALONE = re.compile(r"\blift(?:s|ing|ed)?\b", re.I)
#: a hex written as where the token comes from ("from G11")
_FROM = re.compile(r"\bfrom\s*$", re.I)


def _operating(ctx: NotationContext) -> bool:
    raw = ctx.round_kind() if callable(ctx.round_kind) else ctx.round_kind
    return str(raw or "").strip().lower().startswith(("or", "operating"))


def token_move(c: Clause, ctx: NotationContext, done: Sequence[Action]) -> Optional[list[Action]]:
    """The removal and placement a clause tells of a token moved (or lifted, or put back after the
    lift just read), or None when the clause tells none: only in an operating round, with no tile,
    train or amount beside it, and the hexes it needs and no more."""
    if not _operating(ctx) or any(c.of(k) for k in ("tile", "train", "money", "number", "exchange")):
        return None
    verbs, loose, hexes = c.verbs(), set(c.loose), [p for p in c.of("hex")]
    who = ctx.current
    if any(i != who for p in c.of("name") for k, i in p.value if k == "corporation"):
        return None                 # another company's token: the fitting refuses it
    if "token" in verbs and loose & _MOVES and len(hexes) == 2 and not verbs - {"token", "remove"}:
        first, second = hexes
        if _FROM.search(c.text[:max(0, second.start - c.start)]) and not _FROM.search(c.text[:max(0, first.start - c.start)]):
            first, second = second, first         # "to E5 from G11"
        return [RemoveToken(who, first.value), PlaceToken(who, second.value)]
    lifted = "remove" in verbs and "token" in verbs and _LIFTS.search(c.text)
    if lifted and len(hexes) == 1 and not verbs - {"token", "remove"} and _LIFT_ALONE.search(c.text):
        return [RemoveToken(who, hexes[0].value)]         # "lifts its L2 token": put down in the next clause
    if len(hexes) == 1 and not verbs - {"token"} and "it" in loose and (loose & _PUTS or "token" in verbs) \
            and done and isinstance(done[-1], RemoveToken):
        return [PlaceToken(who, hexes[0].value)]           # "places it in D4": the token lifted just before
    if lifted:
        # "NW removes its token from Kievv": a removal never reads as a placement
        raise NotationError(f'"{c.text}": which token is lifted, from which hex?', text=c.text)
    return None
