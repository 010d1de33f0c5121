"""The total of a run's routes told after its last route ("G11-J8 (40), total 100", "J14-K15 50
= 130", "... for 100, 340"): a figure stated beside the run, not a second revenue of the route
it follows (run_shape.py's `one_more_route`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbem.engine.actions import RunRoutes

    from .pieces import Clause

__all__ = ["route_amounts"]


def route_amounts(c: "Clause", run: "RunRoutes") -> list[int]:
    """The amounts of a clause that tells one more route of `run`, without a last amount that is
    the whole run's total once the route's own revenue (the amount before it) is added."""
    amounts = [p.value for p in c.pieces if p.kind in ("number", "money")]
    if len(amounts) == 2 and sum(r.revenue or 0 for r in run.routes) + amounts[0] == amounts[1]:
        return amounts[:1]
    return amounts
