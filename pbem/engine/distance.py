"""What a train's distance may be besides a plain number of stops: a `Distance` object that
checks a route's stops and prices them itself (a title's train kinds, e.g. two-part
distances: cities counted, towns free). The route check
(pbem/engine/routes.py) and the run suggestion (pbem/engine/legal.py) call only these methods."""
from __future__ import annotations

from typing import Callable, Optional, Protocol, Sequence

Stops = Sequence[tuple[str, int]]


class Failures(Protocol):
    """Where a refused route's reason goes (routes._Fail keeps the most advanced one)."""

    def add(self, depth: int, msg: str, rule: str) -> None: ...


class Distance:
    """A train's reach that is not a plain count of stops. Subclasses say which stops a route may
    visit and what it earns; the defaults are those of a plain distance with no limit."""

    def check(self, board, nodes: Stops, fail: Failures, depth: int) -> Optional[int]:
        """The distance the stops `nodes` use, or None after adding the reason to `fail`."""
        return len(nodes)

    def revenue(self, board, nodes: Stops, colors: tuple[str, ...],
                bonus_fn: Optional[Callable[[list], int]]) -> int:
        """What the route through `nodes` earns in a phase of tile colours `colors`."""
        from pbem.engine.tiles import node_revenue

        total = sum(node_revenue(board._hexes[c].tile.nodes[k], colors) for c, k in nodes)
        return total + (int(bonus_fn(list(nodes)) or 0) if bonus_fn is not None else 0)

    def search_budget(self) -> int:
        """How many counted stops the run suggestion may spend (see `stop_cost`)."""
        return 0

    def stop_cost(self, node) -> int:
        """What stopping at tile node `node` costs against `search_budget` (99: may not stop)."""
        return 1

    def value_bound(self) -> Optional[tuple[int, int, int]]:
        """(K, multiplier, bonus) such that no route earns more than the multiplier times its K
        best stop values plus the bonus; None when the revenue has no such bound."""
        return None

    def bonus_at_most(self, nodes: Stops) -> Optional[int]:
        """The most the bonus can add to the route through `nodes` (at most `value_bound`'s
        bonus; None: not known)."""
        bound = self.value_bound()
        return None if bound is None else bound[2]

    def bonus_names(self) -> Optional[frozenset]:
        """The hexes the bonus depends on, when a route's bonus is at most `bonus_at_most` of its
        stops on those hexes, and that of any more stops on them no less; None: not so."""
        return None

    def walk_limits(self) -> Optional[list[tuple[Callable, int]]]:
        """The whole of `check` as limits a route search can count while it walks: each
        (cost(node), the most a route may spend), costs never negative; None when `check` must
        be asked of each route (then `search_budget` and `stop_cost` bound the walk)."""
        return None
