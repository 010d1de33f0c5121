"""1869's express trains, 4E and 5E: "They may leave out any station. But they have to include one
own token and stations that are necessary for a Bonus." A route visits any number of stops and
the best 4 (5) of them score, one of the corporation's own stations among them (the stations a
bonus needs are visited, which is all a bonus asks: pbem/titles/g1869/rounds.py)."""
from __future__ import annotations

from typing import Callable, Optional

from pbem.engine.distance import Distance, Failures
from pbem.engine.tiles import node_revenue


class ExpressDistance(Distance):
    """Any number of stops visited; the `pays` best score, one of them a station of `corp`."""

    def __init__(self, pays: int, corp: str, bonus_max: int = 0):
        self.pays = pays
        self.corp = corp
        self.bonus_max = bonus_max          # the most a bonus can add to one route

    def check(self, board, nodes, fail: Failures, depth: int) -> Optional[int]:
        return len(nodes)

    def revenue(self, board, nodes, colors, bonus_fn: Optional[Callable[[list], int]]) -> int:
        hexes = board._hexes
        values = []
        for c, k in nodes:
            node = hexes[c].tile.nodes[k]
            own = any(t is not None and t.corp == self.corp for t in board.slots(c, hexes[c].tile.city_index(k))) \
                if node.kind == "city" else False
            values.append((node_revenue(node, colors), own))
        values.sort(key=lambda v: -v[0])
        best = values[:self.pays]
        if best and not any(own for _v, own in best):
            owned = [v for v, own in values if own]
            if owned:                                   # the best own station replaces the least
                best = best[:-1] + [(max(owned), True)]
        total = sum(v for v, _own in best)
        return total + (int(bonus_fn(list(nodes)) or 0) if bonus_fn is not None else 0)

    def search_budget(self) -> int:
        return 99

    def stop_cost(self, node) -> int:
        return 1

    def value_bound(self) -> Optional[tuple[int, int, int]]:
        return (self.pays, 1, self.bonus_max)

