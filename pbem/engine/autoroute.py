"""Suggest runs for a corporation's trains: the best routes found by a bounded search.

Used to tell a player what their trains could earn ("legal now" replies) and by robots in
tests. It proposes; the engine still checks the run when it is played. The search walks
node-to-node chains from the corporation's stations, never reusing track, never passing
through a city that blocks it or an off-board, within each train's distance; trains are
served largest first, each taking the best route left free by the ones before.
"""
from __future__ import annotations

from typing import Callable, Iterable, Optional

from pbem.engine.actions import Route, Stop
from pbem.engine.routes import chains_from, route_revenue

MAX_EXPANSIONS = 20000


def _route_for(board, corp: str, distance: int, colors: tuple, bonus_fn, used: frozenset,
               starts: list[tuple[str, int]]) -> Optional[tuple[int, list, frozenset]]:
    """Best (revenue, stops, track) for one train; None if no route of two stops exists."""
    hexes = board._hexes
    best: list = [None]
    budget = [MAX_EXPANSIONS]

    def cost(stop) -> int:
        return hexes[stop[0]].tile.nodes[stop[1]].visit_cost

    def consider(stops: list, keys: frozenset) -> None:
        if len(stops) < 2:
            return
        rev = route_revenue(board, stops, colors, bonus_fn)
        if best[0] is None or rev > best[0][0]:
            best[0] = (rev, list(stops), keys)

    def extend(stops: list, keys: frozenset, dist: int) -> None:
        budget[0] -= 1
        if budget[0] <= 0:
            return
        consider(stops, keys)
        here = stops[-1]
        node = hexes[here[0]].tile.nodes[here[1]]
        if len(stops) > 1 and (node.kind == "offboard" or board.node_blocks(here[0], here[1], corp)):
            return                                   # a route ends at an off-board or a full city
        for ch in chains_from(board, here[0], here[1]):
            nxt = ch.end
            if nxt in stops or keys & ch.keys:
                continue
            d = dist + cost(nxt)
            if d > distance:
                continue
            stops.append(nxt)
            extend(stops, keys | ch.keys, d)
            stops.pop()

    for st in starts:
        extend([st], used, cost(st))
    return best[0]


def suggest_routes(board, corp: str, trains: Iterable[tuple[str, int]], phase_colors: Iterable[str],
                   bonus_fn: Optional[Callable] = None) -> list[Route]:
    """Routes (pbem actions) for the given (train name, distance) pairs; trains with no route
    are left out. Distance 999 (1882 D) is bounded by the search budget."""
    colors = tuple(phase_colors)
    starts = [tuple(s) for s in board.token_cities(corp)]
    used: frozenset = frozenset()
    out: list[Route] = []
    for name, distance in sorted(trains, key=lambda t: -t[1]):
        found = _route_for(board, corp, distance, colors, bonus_fn, used, starts)
        if found is None:
            continue
        revenue, stops, keys = found
        used = keys
        out.append(Route(train=name, stops=tuple(Stop(c, n) for c, n in stops), revenue=revenue))
    return out
