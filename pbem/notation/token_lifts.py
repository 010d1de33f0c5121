"""A token lifted in an operating round told with no hex or place ("NW removes its token from Kievv", a
place misspelt): a removal never reads as a placement, so the clause is refused
rather than read as the token verb's placement on the place's hex (a private's power that lifts
a token from a hex is read by private_powers.py)."""
from __future__ import annotations

import re

from pbem.errors import NotationError

from .context import NotationContext
from .pieces import Clause
from .lazy import regex

__all__ = ["lift_without_hex"]

#: the words of a token lifted ("drops its station" in an operating round is a placement)
_LIFTS = regex(r"\b(?:removes?|removing|removed|lifts?|lifting|lifted)\b", re.I)


def lift_without_hex(c: Clause, ctx: NotationContext) -> None:
    """Raise NotationError when an operating round's clause lifts a token from no hex it names."""
    raw = ctx.round_kind() if callable(ctx.round_kind) else ctx.round_kind
    if not str(raw or "").strip().lower().startswith(("or", "operating")):
        return
    verbs = c.verbs()
    placed = any(k == "location" for p in c.of("name") for k, _ in p.value)      # "from Kiev": the place's hex
    if "remove" in verbs and "token" in verbs and _LIFTS.search(c.text) and not c.of("hex") and not placed:
        raise NotationError(f'"{c.text}": which token is lifted, from which hex?', text=c.text)
