"""A train discarded, told by its own words ("GRR discards a 4 (train limit is now 2)", "GT
drops the 4 train", "buys a 6 for 650 and drops the 4", 1869's "SP gives back its 2"): "drop",
"return" and "give back" are discard words (never
before "out": a pass, nor after "must" or "to": the need, told before the discard), and a
train limit stated beside it is a claim, not the train."""
from __future__ import annotations

import re

from pbem.engine.actions import DiscardTrain
from .lazy import regex

__all__ = ["DROPS", "TRAIN_LIMIT", "discarded"]

#: "drops the 4", "drops one of its 3s", "returns a 2 train": a discard, a train named after it ("drops out" is a pass,
#: "drops 2 spaces" a share price, "drops its token" a token removed, read first)
DROPS = regex(r"(?<!\bmust\s)(?<!\bto\s)\b(?:drops?|dropping|returns?|returning|gives?\s+back|giving\s+back)\b(?=\s+(?:(?:the|a|an|its|their|one)\s+|one\s+of\s+its\s+)?"
                   r"(?:\d\+?\d*E?|D)\b(?!\s*(?:spaces?|steps?|rows?|places?|%|to\b|points?)))", re.I)
#: a train limit stated ("train limit is now 2", "limit of 3"): a claim on the position, no train
TRAIN_LIMIT = regex(r"\blimit\s+(?:is\s+|of\s+)?(?:now\s+)?(\d)\b", re.I)
#: the words straight before a number that names the train discarded ("a 4", "the 3", "its 2")
_NAMING = ("a", "an", "the", "its", "one", "discards", "discard", "drops", "drop")


def discarded(fitter, cur: str, trains: list[str]):
    """The discard a clause tells (`piece_fits.Fitter`): its one train, named or a number
    among the title's trains; with several numbers, the one written as a thing ("a 4", not the
    limit in "(train limit is now 2)"); "which train?" when none or several remain."""
    if not trains:       # "discards its 3"
        numbers = [p for p in fitter.c.of("number") if str(p.value) in fitter.ctx.trains]
        named = [p for p in numbers if p.before in _NAMING]
        trains = [str(p.value) for p in (named if len(numbers) > 1 else numbers)]
    return [[(DiscardTrain(cur, trains[0]), ())]] if len(set(trains)) == 1 and len(trains) == 1 else "which train?"
