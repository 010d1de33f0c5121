"""A buy declined in a stock or merger round ("Not buying anything this round.", "I'm buying nothing
more in this turn"): the writer's buying negated over everything, no company named, is the pass."""
from __future__ import annotations

import re

from pbem.chat_words import CONDITIONS, OTHERS, words

from .context import NotationContext
from .pieces import Clause
from .lazy import regex

__all__ = ["buying_declined"]

#: the buy negated over everything: "not buying anything", "buying nothing (more)", "buy nothing else"
_DECLINED = regex(r"\b(?:not|n't|no\s+longer)\s+(?:buy|buying)\s+(?:anything|any\s+more|anymore)\b|"
                       r"\b(?:buy|buying)\s+nothing\b", re.I)
_OTHERS = regex(rf"\b{words(OTHERS, CONDITIONS)}\b", re.I)


def buying_declined(c: Clause, ctx: NotationContext) -> bool:
    """Whether a clause set aside says the writer buys nothing now (the writer's pass): a stock or
    merger round's own buy negated, with no company, amount or other player named."""
    if not _DECLINED.search(c.text) or _OTHERS.search(c.text) or c.verbs() - {"buy"}:
        return False
    if {p.kind for p in c.pieces} & {"money", "number", "hex", "tile", "train", "count", "percent", "source"}:
        return False
    return all(k == "player" and i == ctx.actor for p in c.of("name") for k, i in p.value)
