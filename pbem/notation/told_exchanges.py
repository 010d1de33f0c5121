"""An exchange told in words ("I exchange the Kiev-Kursk for the KK president's certificate"): a
private is given for a share (1882's Saskatchewan Central, 1830's Mohawk & Hudson) or a train for
a train; an exchange word in a clause that names neither is a move the pieces cannot read, so the
line is refused rather than read without it."""
from __future__ import annotations

from typing import Optional

from .context import NotationContext
from .names import NameIndex

__all__ = ["exchange_unread"]

#: the words of an exchange
EXCHANGE_WORDS = frozenset({"exchange", "exchanges", "exchanging", "exchanged", "swap", "swaps", "swapping",
                            "swapped"})


def exchange_unread(line: str, ctx: NotationContext, index: NameIndex) -> Optional[str]:
    """The clause of `line` telling an exchange of no private and no train, or None."""
    from .pieces import clauses

    for c in clauses(line, ctx, index):
        if not EXCHANGE_WORDS & set(c.loose) or c.of("exchange") or c.of("train"):
            continue
        if not any(k == "company" for p in c.of("name") for k, _ in p.value):
            return c.text
    return None
