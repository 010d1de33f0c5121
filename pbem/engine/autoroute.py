"""Suggest runs for a corporation's trains: the best routes found by a bounded search.

Used to tell a player what their trains could earn ("legal now" replies) and by robots in
tests. It proposes; the engine still checks the run when it is played. A route is two
"half-routes" leaving one of the corporation's stations in different directions: each is a
walk along node-to-node chains that never reuses track, never passes through a city that
blocks the corporation or an off-board, and never revisits a stop. The best pair within the
train's distance wins; trains are served largest first, each taking the best route left
free by the ones before.
"""
from __future__ import annotations

from typing import Callable, Iterable, Optional

from pbem.engine.actions import Route, Stop
from pbem.engine.routes import chains_from, route_revenue

MAX_HALVES = 4000           # half-routes kept per station (the search budget)


def _halves(board, corp: str, start, distance: int, colors: tuple, used: frozenset, cost=None) -> list:
    """Walks from `start`: (stops after start, track keys, distance used, revenue of those stops)."""
    hexes = board._hexes
    cost = cost or (lambda n: n.visit_cost)
    out = [((), frozenset(), 0, 0)]

    def node(stop):
        return hexes[stop[0]].tile.nodes[stop[1]]

    def walk(stops: list, keys: frozenset, dist: int, rev: int) -> None:
        if len(out) >= MAX_HALVES:
            return
        here = stops[-1] if stops else start
        if stops and (node(here).kind == "offboard" or board.node_blocks(here[0], here[1], corp)):
            return
        for ch in chains_from(board, here[0], here[1]):
            nxt = ch.end
            if nxt == start or nxt in stops or keys & ch.keys or used & ch.keys:
                continue
            d = dist + cost(node(nxt))
            if d > distance:
                continue
            r = rev + route_revenue(board, [nxt], colors)
            stops.append(nxt)
            out.append((tuple(stops), keys | ch.keys, d, r))
            walk(stops, keys | ch.keys, d, r)
            stops.pop()

    walk([], frozenset(), 0, 0)
    return out


def _same_group(hexes, a, b) -> bool:
    """Whether the two stops (each half's last, where an off-board ends a walk) share a group."""
    ga = hexes[a[0]].tile.nodes[a[1]].groups
    return bool(ga) and bool(set(ga) & set(hexes[b[0]].tile.nodes[b[1]].groups))


def _masks(halves: list) -> list[tuple]:
    """The halves with their track keys and stops as bit masks, so that the pair search tests
    two halves for shared track or stops with one integer AND instead of two set intersections."""
    bit: dict = {}

    def mask(items) -> int:
        m = 0
        for x in items:
            m |= 1 << bit.setdefault(x, len(bit))
        return m

    return [(s, k, d, r, mask(k) | mask(("stop",) + tuple(st) for st in s)) for s, k, d, r in halves]


def _best_route(board, corp: str, distance: int, colors: tuple, bonus_fn, used: frozenset, starts,
                cost=None, one_per_group: bool = False) -> Optional[tuple]:
    hexes = board._hexes
    best = None
    cost = cost or (lambda n: n.visit_cost)
    slack = 200 if bonus_fn else 0                    # 200 covers any title bonus
    for start in starts:
        start_cost = cost(hexes[start[0]].tile.nodes[start[1]])
        if start_cost > distance:
            continue
        base = route_revenue(board, [start], colors)
        budget = distance - start_cost
        halves = _masks(sorted(_halves(board, corp, start, budget, colors, used, cost), key=lambda h: -h[3]))
        top = halves[0][3] if halves else 0
        for i, (s1, k1, d1, r1, m1) in enumerate(halves):
            if best is not None and base + r1 + top + slack < best[0]:
                break
            for s2, k2, d2, r2, m2 in halves[i:]:
                if best is not None and base + r1 + r2 + slack < best[0]:
                    break
                if m1 & m2 or d1 + d2 > budget or not (s1 or s2):
                    continue
                if one_per_group and s1 and s2 and _same_group(hexes, s1[-1], s2[-1]):
                    continue                           # one stop per group of off-boards
                stops = list(reversed(s1)) + [start] + list(s2)
                rev = base + r1 + r2 + (int(bonus_fn(stops) or 0) if bonus_fn else 0)
                if best is None or rev > best[0]:
                    best = (rev, stops, k1 | k2)
    return best


def suggest_routes(board, corp: str, trains: Iterable[tuple[str, int]], phase_colors: Iterable[str],
                   bonus_fn: Optional[Callable] = None, cost: Optional[Callable] = None,
                   one_per_group: bool = False) -> list[Route]:
    """Routes (pbem actions) for the given (train name, distance) pairs; trains with no route
    are left out. `cost(node)` is what a stop uses of the distance (default its visit cost);
    `one_per_group`: never two off-boards of one group in a route (the route check's rule; the
    two-part distances' search leaves it to that check, which drops such a route)."""
    colors = tuple(phase_colors)
    starts = [tuple(s) for s in board.token_cities(corp)]
    used: frozenset = frozenset()
    out: list[Route] = []
    for name, distance in sorted(trains, key=lambda t: -t[1]):
        found = _best_route(board, corp, distance, colors, bonus_fn, used, starts, cost, one_per_group)
        if found is None:
            continue
        revenue, stops, keys = found
        used = used | keys
        out.append(Route(train=name, stops=tuple(Stop(c, n) for c, n in stops), revenue=revenue))
    return out
