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
                 bonus_hexes: frozenset = frozenset(), bonus_bound: Optional[int] = None,
                 bonus_monotone: bool = False):
        self.groups = sorted(groups, key=lambda g: len(g["nodes"]))
        self.multiplier = multiplier
        self.bonus = bonus
        self.bonus_hexes = bonus_hexes      # the hexes a bonus may name: the only stops chosen for it
        self.bonus_bound = bonus_bound      # the most `bonus` adds to a route (None: not known)
        self.bonus_monotone = bonus_monotone    # `bonus` of some of a route's stops is at most that of all

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
        paying = next((g for g in self.groups if self._limit(g["pay"])), None)
        if paying is None:
            return 0
        kinds = paying["nodes"]
        hexes = board._hexes
        mandatory: list = []
        named: list = []                    # the other stops on the hexes a bonus may name
        plain: list = []
        for x in nodes:
            node = hexes[x[0]].tile.nodes[x[1]]
            item = (node_revenue(node, colors), x)
            if node.kind in kinds:
                mandatory.append(item)
            else:
                (named if x[0] in self.bonus_hexes else plain).append(item)
        named.sort(key=lambda i: -i[0])
        plain.sort(key=lambda i: -i[0])
        need = max(0, int(min(self._limit(paying["pay"]), len(nodes))) - len(mandatory))
        base = sum(v for v, _x in mandatory)
        fixed = [x for _v, x in mandatory]

        def scored(chosen: tuple, fill: list) -> int:
            total = (base + sum(v for v, _x in chosen) + sum(v for v, _x in fill)) * self.multiplier
            if self.bonus is None and bonus_fn is None:
                return total
            stops = fixed + [x for _v, x in chosen] + [x for _v, x in fill]
            if self.bonus is not None:
                return total + int(self.bonus(stops, self.multiplier) or 0)
            return total + int(bonus_fn(stops) or 0)

        # the stops that fill the gap are those that score most, a bonus included (1861: Moscow with
        # Ekaterinburg): each choice of the bonus hexes' stops, the best others after them
        best = None
        for k in range(min(len(named), need) + 1):
            for chosen in combinations(named, k):
                total = scored(chosen, plain[:need - k])
                best = total if best is None or total > best else best
        return best

    def search_budget(self) -> int:
        """The stops the limited groups may visit together (the unlimited ones are free)."""
        return int(sum(g["visit"] for g in self.groups if self._limit(g["visit"]) != float("inf")))

    def value_bound(self) -> Optional[tuple[int, int, int]]:
        """The scoring stops are the paying group's (at most its `visit`) and the gap filled up to
        its `pay`: at most max(pay, visit) stops score."""
        paying = next((g for g in self.groups if self._limit(g["pay"])), None)
        if paying is None:
            return (0, self.multiplier, 0)
        k = max(self._limit(paying["pay"]), self._limit(paying["visit"]))
        bonus = self.bonus_bound if self.bonus is not None else None
        if k == float("inf") or bonus is None:
            return None
        return (int(k), self.multiplier, bonus)

    def bonus_at_most(self, nodes) -> Optional[int]:
        """The most the bonus can add to a route through `nodes` (None: no bound known)."""
        if self.bonus is None:
            return None
        if self.bonus_hexes and not any(c in self.bonus_hexes for c, _k in nodes):
            return 0                        # a bonus names only these hexes
        if self.bonus_monotone:
            return int(self.bonus(list(nodes), self.multiplier) or 0)
        return self.bonus_bound

    def bonus_names(self) -> Optional[frozenset]:
        """The bonus hexes, when the bonus is monotone (more stops on them never earn less)."""
        return self.bonus_hexes if self.bonus is not None and self.bonus_monotone and self.bonus_hexes else None

    def walk_limits(self) -> list:
        """`check` as counts: per group with a limit, its stops; a kind in no group may not be visited."""
        out = [(lambda node: 1 if self.group_of(node.kind) is None else 0, 0)]
        for g in self.groups:
            if self._limit(g["visit"]) != float("inf"):
                out.append((lambda node, g=g: 1 if self.group_of(node.kind) is g else 0, g["visit"]))
        return out

    def stop_cost(self, node) -> int:
        """1 for a stop of a limited group, 0 for a free one, 99 for a kind the train may not visit."""
        g = self.group_of(node.kind)
        return 99 if g is None else (1 if self._limit(g["visit"]) != float("inf") else 0)
