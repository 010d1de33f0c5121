"""Several routes told by their revenues, without stops, in one clause of a run (the reading by
pieces, piece_moves.py): trains each followed by their revenue ("runs the 4 for 180 and 3 for
120"), a count of trains with as many revenues ("runs 2 trains for 90 and 70, total 160"), one
revenue for each of the trains counted ("the two 2-trains for 50 each"), or as many revenues as
the company's trains of one kind ("runs 120 + 160")."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional

from pbem.engine.actions import Route
from .lazy import regex

if TYPE_CHECKING:
    from .context import NotationContext
    from .pieces import Clause, Piece

__all__ = ["several_routes"]

_EACH = regex(r"\b(?:each|apiece)\b", re.I)
#: trains counted in words ("ran two trains", "both trains")
_N_TRAINS = regex(r"\b(two|three|four|five|both|\d)\s+trains\b", re.I)
_N_WORDS = {"two": 2, "both": 2, "three": 3, "four": 4, "five": 5}


def _amount(p: "Piece") -> bool:
    return p.kind == "money" or p.kind == "number" and (p.before in ("for", "=", ":") or p.value >= 10)


def _pairs(c: "Clause", known: set) -> Optional[list[tuple[str, int]]]:
    """(train, revenue) for each train written just before its revenue, when the clause's trains
    and amounts are all so paired (a last amount may be their total); None otherwise."""
    seq = [p for p in c.pieces if p.kind in ("train", "number", "money")]
    out: list[tuple[str, int]] = []
    i = 0
    while i + 1 < len(seq):
        p, q = seq[i], seq[i + 1]
        train = p.kind == "train" or p.kind == "number" and str(p.value) in known and not _amount(p)
        if not train or not _amount(q):
            return None
        out.append((str(p.value), q.value))
        i += 2
    if i < len(seq) and not (_amount(seq[i]) and seq[i].value == sum(r for _, r in out)):
        return None            # something left over that is not the total
    return out if len(out) > 1 else None


def _without_total(revenue: list[int]) -> list[int]:
    """The revenues without a last one that is the sum of the others ("90 and 70, total 160")."""
    return revenue[:-1] if len(revenue) > 2 and sum(revenue[:-1]) == revenue[-1] else revenue


def several_routes(ctx: "NotationContext", cur: str, c: "Clause", trains: list, revenue: list,
                   counts: list) -> Optional[tuple]:
    """The routes (without stops) of a clause telling several trains' revenues, or None."""
    pairs = _pairs(c, set(ctx.trains))
    if pairs:        # (as many as the trains counted: "two trains: 2 for 50, 3 for 80 and 4 for 100" is no run)
        told = _N_TRAINS.search(c.text)
        n = counts[0] if len(counts) == 1 else _N_WORDS.get(told.group(1).lower()) or int(told.group(1)) if told else len(pairs)
        return tuple(Route(t, (), revenue=r) for t, r in pairs) if n == len(pairs) else None
    revenue = _without_total(revenue)
    if len(trains) > 1 and len(revenue) == 1 and _EACH.search(c.text):
        revenue = revenue * len(trains)            # "the two 2-trains for 50 each"
    if len(trains) > 1:
        return tuple(Route(t, (), revenue=r) for t, r in zip(trains, revenue)) if len(revenue) == len(trains) else None
    if trains or len(revenue) < 2 or ctx.trains_of is None:
        return None
    owned = list(ctx.trains_of(cur))
    if len(set(owned)) != 1:
        return None
    n = counts[0] if len(counts) == 1 else len(owned)     # "runs 2 trains for 90 and 70"
    return tuple(Route(owned[0], (), revenue=r) for r in revenue) if n == len(revenue) else None
