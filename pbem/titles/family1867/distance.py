"""The 1867 family's train distances in two parts (1861: "2+2", "5+5E"): cities counted, towns
free, and a multiplier on the route's value."""
from __future__ import annotations

from itertools import combinations
from typing import Callable, Optional

from pbem.engine.distance import Distance, Failures
from pbem.engine.tiles import node_revenue


class TwoPartDistance(Distance):
    """A distance in stop groups (1867/1861): each group limits how many stops of its node kinds a
    route may visit (`visit`) and how many of them score (`pay`); a stop falls in the group with the
    fewest kinds that lists its kind. `multiplier` scales the route's revenue (2+2, 5+5E)."""

    def __init__(self, groups: list[dict], multiplier: int = 1, bonus: Optional[Callable] = None,
                 bonus_hexes: frozenset = frozenset()):
        self.groups = sorted(groups, key=lambda g: len(g["nodes"]))
        self.multiplier = multiplier
        self.bonus = bonus
        self.bonus_hexes = bonus_hexes      # the hexes a bonus may name: the only stops chosen for it

    @staticmethod
    def _limit(v) -> float:
        return float("inf") if v in (None, "unlimited") or (isinstance(v, int) and v >= 99) else v

    def group_of(self, kind: str) -> Optional[dict]:
        return next((g for g in self.groups if kind in g["nodes"]), None)

    def check(self, board, nodes, fail: Failures, depth: int) -> Optional[int]:
        counts: dict[int, int] = {}
        for c, k in nodes:
            kind = board._hexes[c].tile.nodes[k].kind
            g = self.group_of(kind)
            if g is None:
                fail.add(depth, f"this train may not stop at a {kind}", "a train may not run further than its distance")
                return None
            i = self.groups.index(g)
            counts[i] = counts.get(i, 0) + 1
            if counts[i] > self._limit(g["visit"]):
                fail.add(depth, f"the route visits more {'/'.join(g['nodes'])} stops than the train's {g['visit']}",
                         "a train may not run further than its distance")
                return None
        return len(nodes)

    def revenue(self, board, nodes, colors, bonus_fn) -> int:
        """The scoring stops are those of the paying group's kinds; if they are fewer than it pays
        for, the best other stops fill the gap. Stop values count `multiplier` times; the bonus is
        `bonus(stops, multiplier)` if given, else `bonus_fn(stops)`."""
        def value(x):
            return node_revenue(board._hexes[x[0]].tile.nodes[x[1]], colors)

        paying = next((g for g in self.groups if self._limit(g["pay"])), None)
        if paying is None:
            return 0
        kinds = paying["nodes"]
        mandatory = [x for x in nodes if board._hexes[x[0]].tile.nodes[x[1]].kind in kinds]
        optional = sorted((x for x in nodes if x not in mandatory), key=lambda x: -value(x))
        need = max(0, int(min(self._limit(paying["pay"]), len(nodes))) - len(mandatory))

        def scored(stops: list) -> int:
            total = sum(value(x) for x in stops) * self.multiplier
            if self.bonus is not None:
                total += int(self.bonus(list(stops), self.multiplier) or 0)
            elif bonus_fn is not None:
                total += int(bonus_fn(list(stops)) or 0)
            return total

        # the stops that fill the gap are those that score most, a bonus included (1861: Moscow with
        # Ekaterinburg): each choice of the bonus hexes' stops, the best others after them
        named = [x for x in optional if x[0] in self.bonus_hexes]
        plain = [x for x in optional if x[0] not in self.bonus_hexes]
        best = None
        for k in range(min(len(named), need) + 1):
            for chosen in combinations(named, k):
                total = scored(mandatory + list(chosen) + plain[:need - k])
                best = total if best is None or total > best else best
        return best

    def search_budget(self) -> int:
        """The stops the limited groups may visit together (the unlimited ones are free)."""
        return int(sum(g["visit"] for g in self.groups if self._limit(g["visit"]) != float("inf")))

    def stop_cost(self, node) -> int:
        """1 for a stop of a limited group, 0 for a free one, 99 for a kind the train may not visit."""
        g = self.group_of(node.kind)
        return 99 if g is None else (1 if self._limit(g["visit"]) != float("inf") else 0)
