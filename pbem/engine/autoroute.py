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

import bisect
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


def _bits(count: int, indices) -> int:
    """The set of indices (each below `count`) as one integer: bit j set for index j."""
    bits = bytearray(count // 8 + 1)
    for j in indices:
        bits[j >> 3] |= 1 << (j & 7)
    return int.from_bytes(bits, "little")


def _best_pair(halves: list, base: int, budget, slack: int, score: Callable, skip: Callable,
               floor: Optional[int] = None) -> Optional[tuple]:
    """The pair of halves (i <= j; halves sorted by revenue, best first) whose route earns most,
    above `floor` if given: no shared track or stop, within `budget`, `skip(h1, h2)` false;
    `score(h1, h2)` is the pair's bonus, at most `slack`. Returns (revenue, h1, h2), the first
    such pair in (i, j) order on ties, or None. The halves that clash with h1 are the union of
    per-item bitsets (bit j: half j holds the track or stop), so no clashing pair is looked at."""
    n = len(halves)
    members: dict = {}
    for j, (s, k, _d, _r) in enumerate(halves):
        for x in k:
            members.setdefault(x, []).append(j)
        for st in s:
            members.setdefault(("stop", st), []).append(j)
    where = {item: _bits(n, idx) for item, idx in members.items()}
    by_level: dict = {}
    for j, h in enumerate(halves):
        by_level.setdefault(h[2], []).append(j)
    levels = sorted(by_level)
    within: list = []                          # within[t]: the halves using at most levels[t]
    acc = 0
    for v in levels:
        acc |= _bits(n, by_level[v])
        within.append(acc)
    top = halves[0][3] if halves else 0
    best = None if floor is None else (floor, None, None)
    for i, h1 in enumerate(halves):
        s1, k1, d1, r1 = h1
        if best is not None and base + r1 + top + slack < best[0]:
            break
        t = bisect.bisect_right(levels, budget - d1) - 1
        if t < 0:
            continue
        clash = 0
        for x in k1:
            clash |= where[x]
        for st in s1:
            clash |= where[("stop", st)]
        cand = (within[t] & ~clash) >> i << i
        while cand:
            low = cand & -cand
            cand ^= low
            h2 = halves[low.bit_length() - 1]
            if best is not None and base + r1 + h2[3] + slack < best[0]:
                break
            if not (s1 or h2[0]) or skip(h1, h2):
                continue
            rev = base + r1 + h2[3] + score(h1, h2)
            if best is None or rev > best[0]:
                best = (rev, h1, h2)
    return None if best is None or best[1] is None else best


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
        halves = sorted(_halves(board, corp, start, distance - start_cost, colors, used, cost), key=lambda h: -h[3])

        def stops_of(h1, h2, start=start):
            return list(reversed(h1[0])) + [start] + list(h2[0])

        def score(h1, h2):
            return int(bonus_fn(stops_of(h1, h2)) or 0) if bonus_fn else 0

        def skip(h1, h2):                              # one stop per group of off-boards
            return one_per_group and bool(h1[0]) and bool(h2[0]) and _same_group(hexes, h1[0][-1], h2[0][-1])

        found = _best_pair(halves, base, distance - start_cost, slack, score, skip,
                           None if best is None else best[0])
        if found is not None:
            best = (found[0], stops_of(found[1], found[2]), found[1][1] | found[2][1])
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
