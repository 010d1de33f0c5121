"""Train routes: turn a named route into track on the board, check it, and price it.

A route is a sequence of stops joined by *chains*: walks along track from one stop to the
next that pass no other revenue location (a chain ends at the first node it reaches).

Two ways to name a route (actions.Route):
- `stops` in travel order, each a hex with an optional node index; the chains between them
  are found on the board (a hex with two cities tries both);
- `via` (18xx.games `connections`): for each consecutive pair of stops the hexes walked,
  both ends included. Segments may be listed in either direction and the stops are then
  rebuilt from them as 18xx.games does; `stops` only pins node indexes where given.

Checks: at least two stops; a city with one of the corporation's markers on the route; no
stop visited twice; no track (a hex side, or a node-to-node path) used twice by one route or
by two routes of the same corporation in one turn; not passing through a city that blocks
the corporation nor through an off-board area (both may end a route); stops costing distance
(cities, towns, off-boards except optional ones such as a fishing exit) not more than the train's distance.
Revenue: the stops' values in the current phase plus the title's bonus (`bonus_fn(stops)`).

Track keys: (coord, edge) for each hex side a path uses, (coord, 'p', path) for a path that
joins two nodes inside a hex.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Optional, Sequence

from pbem.engine.actions import Route
from pbem.engine.distance import Distance
from pbem.engine.route_chains import Chain, _segment_chains, chains_from  # noqa: F401 (re-exported)
from pbem.engine.stopcount import exact, words as stop_words
from pbem.engine.tiles import node_revenue
from pbem.errors import RuleError

BonusFn = Callable[[Sequence[tuple[str, int]]], int]

#: enumeration limits (keep replays fast and bad input harmless)
MAX_CANDIDATES_PER_ROUTE = 200


@dataclass(frozen=True)
class ResolvedRoute:
    """A route laid on the board. `stops`: (coord, node) in travel order; `paths`: (coord, path
    index) in travel order; `track`: track keys used; `revenue`: what the route earns (the
    claimed value for a trusted route); `computed`: the value computed from the board (None if
    the route could not be rebuilt); `distance`: distance used; `checked`: all rules verified."""

    train: str
    stops: tuple[tuple[str, int], ...]
    paths: tuple[tuple[str, int], ...]
    track: frozenset
    revenue: int
    computed: Optional[int]
    distance: int
    checked: bool = True

    @property
    def hexes(self) -> tuple[str, ...]:
        return tuple(c for c, _ in self.stops)

    def describe(self) -> str:
        return "-".join(self.hexes)


class _Fail:
    """Collects why candidate routes were refused; keeps the most advanced reason."""

    def __init__(self):
        self.best: tuple[int, str, str] = (-1, "", "")

    def add(self, depth: int, msg: str, rule: str) -> None:
        if depth > self.best[0]:
            self.best = (depth, msg, rule)

    def raise_(self, default: str, rule: str = "routes") -> None:
        if self.best[0] >= 0:
            raise RuleError(self.best[1], rule=self.best[2])
        raise RuleError(default, rule=rule)


def _nodes_on(board, coord: str) -> list[int]:
    hx = board._hexes.get(coord)
    if hx is None:
        raise RuleError(f"there is no hex {coord} on the map", rule="routes")
    return list(range(len(hx.tile.nodes)))


def _node_name(board, coord: str, node: int) -> str:
    tile = board._hexes[coord].tile
    if len(tile.nodes) > 1:
        n = tile.nodes[node]
        if n.kind == "city" and len(tile.city_nodes) > 1:
            return f"{coord} city {tile.city_index(node)}"
        return f"{coord} {n.kind} {node}"
    return coord


# ---------------------------------------------------------------------------- candidates
def _candidates_stops(board, corp, stops, other, fail: _Fail) -> Iterator[tuple[list, list]]:
    """Yield (stop nodes, chains) for routes named by stops in travel order."""
    n = len(stops)
    if n == 0:
        return
    for i, st in enumerate(stops):
        nn = _nodes_on(board, st.hex)
        if not nn:
            fail.add(i, f"{st.hex} has no city, town or off-board area to stop at", "routes run between stops")
            return
        if st.node is not None and st.node not in nn:
            fail.add(i, f"{st.hex} has no stop number {st.node} (it has {len(nn)})", "routes run between stops")
            return
    first_nodes = [stops[0].node] if stops[0].node is not None else _nodes_on(board, stops[0].hex)
    for k in first_nodes:
        if n == 1:
            yield [(stops[0].hex, k)], []
            continue
        yield from _extend_stops(board, corp, stops, 1, [(stops[0].hex, k)], [], set(), other, fail)


def _extend_stops(board, corp, stops, i, nodes, chains, keys, other, fail) -> Iterator[tuple[list, list]]:
    cur = nodes[-1]
    if i >= 2:
        # the previous stop is passed through
        if board.node_blocks(cur[0], cur[1], corp):
            kind = board._hexes[cur[0]].tile.nodes[cur[1]].kind
            if kind == "offboard":
                fail.add(i, f"{cur[0]} is an off-board area: a route must end there",
                         "off-board areas end a route")
            else:
                fail.add(i, f"{_node_name(board, *cur)} is full of other corporations' stations: a {corp} "
                            f"route may end there but not run through it", "routes may not pass blocked cities")
            return
    target = stops[i]
    found_any = False
    for ch in chains_from(board, cur[0], cur[1]):
        if ch.end[0] != target.hex or (target.node is not None and ch.end[1] != target.node):
            continue
        found_any = True
        if ch.end in nodes:
            fail.add(i, f"the route visits {_node_name(board, *ch.end)} twice", "a route visits each stop once")
            continue
        if ch.keys & keys:
            h = sorted({k[0] for k in ch.keys & keys})
            fail.add(i, f"the route would use the track on {', '.join(h)} twice", "a route uses each track once")
            continue
        if other and ch.keys & other:
            h = sorted({k[0] for k in ch.keys & other})
            fail.add(i, f"the track on {', '.join(h)} is already used by another {corp} train this turn",
                     "trains of one corporation may not share track")
            continue
        nodes.append(ch.end)
        chains.append(ch)
        if i + 1 == len(stops):
            yield list(nodes), list(chains)
        else:
            yield from _extend_stops(board, corp, stops, i + 1, nodes, chains, keys | ch.keys, other, fail)
        nodes.pop()
        chains.pop()
    if not found_any:
        a = _node_name(board, *cur)
        fail.add(i - 1, f"no track joins {a} and {target.hex} without passing another stop",
                 "consecutive stops must be joined by track")


def _candidates_via(board, corp, via, hints, other, fail: _Fail, require_token: bool) -> Iterator[tuple[list, list]]:
    """Yield (stop nodes, chains) for a route given as 18xx.games connections (any order)."""
    segs = [tuple(s) for s in via if s]
    if not segs:
        return
    cands = []
    for i, seg in enumerate(segs):
        cs = _segment_chains(board, seg)
        if not cs:
            fail.add(i, f"no track runs {'-'.join(seg)} between two stops", "consecutive stops must be joined by track")
            return
        if other:
            free = [c for c in cs if not (c.keys & other)]
            if not free:
                h = sorted({k[0] for c in cs for k in c.keys & other})
                fail.add(i, f"the track on {', '.join(h)} is already used by another {corp} train this turn",
                         "trains of one corporation may not share track")
                return
            cs = free
        cands.append(cs)

    def score(nodes):
        return -sum(1 for x in nodes if x in hints)

    results = []
    if len(segs) == 1:
        for ch in cands[0]:
            if require_token and not any(_tokened(board, corp, x) for x in (ch.start, ch.end)):
                fail.add(0, f"the route does not include a {corp} station", "a route must include a station")
                continue
            results.append(([ch.start, ch.end], [ch]))
    else:
        def rec(i, nodes, chains, keys):
            if len(results) >= MAX_CANDIDATES_PER_ROUTE:
                return
            if i == len(segs):
                results.append((list(nodes), list(chains)))
                return
            prev = chains[-1]
            for ch in cands[i]:
                if ch.keys & keys:
                    h = sorted({k[0] for k in ch.keys & keys})
                    fail.add(i, f"the route would use the track on {', '.join(h)} twice",
                             "a route uses each track once")
                    continue
                shared = {ch.start, ch.end} & {prev.start, prev.end}
                if len(shared) != 1:
                    continue
                mid = shared.pop()
                if i == 1:
                    left = prev.start if prev.end == mid else prev.end
                    seq = [left, mid]
                else:
                    if mid != nodes[-1]:
                        continue
                    seq = list(nodes)
                right = ch.end if ch.start == mid else ch.start
                rec(i + 1, seq + [right], chains + [ch], keys | ch.keys)

        for ch0 in cands[0]:
            rec(1, [], [ch0], set(ch0.keys))
        if not results:
            fail.add(0, "the route's segments do not join up into one route", "consecutive stops must be joined by track")
    results.sort(key=lambda r: score(r[0]))
    for r in results:
        nodes, chains = r
        # orient chains in travel order
        yield nodes, chains


def _tokened(board, corp: str, stop: tuple[str, int]) -> bool:
    hx = board._hexes[stop[0]]
    ci = hx.tile.city_index(stop[1])
    if ci is None:
        return False
    return any(t is not None and t.corp == corp for t in hx.tokens[ci])


# ---------------------------------------------------------------------------- validation
def _validate(board, corp, nodes, chains, distance, fail: _Fail, depth: int) -> Optional[int]:
    """Route-level checks; returns the distance used, or None (reason added to fail)."""
    if len(nodes) < 2:
        fail.add(depth, "a route needs at least two stops", "a route has at least two stops")
        return None
    if len(set(nodes)) != len(nodes):
        dup = next(x for x in nodes if nodes.count(x) > 1)
        fail.add(depth, f"the route visits {_node_name(board, *dup)} twice", "a route visits each stop once")
        return None
    for x in nodes[1:-1]:
        if board.node_blocks(x[0], x[1], corp):
            kind = board._hexes[x[0]].tile.nodes[x[1]].kind
            if kind == "offboard":
                fail.add(depth, f"{x[0]} is an off-board area: a route must end there", "off-board areas end a route")
            else:
                fail.add(depth, f"{_node_name(board, *x)} is full of other corporations' stations: a {corp} "
                                f"route may end there but not run through it", "routes may not pass blocked cities")
            return None
    seen: set = set()
    for ch in chains:
        if ch.keys & seen:
            h = sorted({k[0] for k in ch.keys & seen})
            fail.add(depth, f"the route would use the track on {', '.join(h)} twice", "a route uses each track once")
            return None
        seen |= ch.keys
    if not any(_tokened(board, corp, x) for x in nodes):
        fail.add(depth, f"the route does not include a {corp} station", "a route must include a station")
        return None
    groups: dict = {}
    for c, k in nodes:
        for g in board._hexes[c].tile.nodes[k].groups:
            if g in groups:
                fail.add(depth, f"the route may include only one stop of {g}", "one stop per group")
                return None
            groups[g] = True
    if isinstance(distance, Distance):
        return distance.check(board, nodes, fail, depth)
    used = exact(sum(board._hexes[c].tile.nodes[k].visit_cost for c, k in nodes))
    if distance is not None and used > distance:
        fail.add(depth, f"the route has {stop_words(used)} stops, too many for a train of distance "
                        f"{stop_words(distance)}", "a train may not run further than its distance")
        return None
    return used


def route_revenue(board, nodes: Sequence[tuple[str, int]], phase_colors: Iterable[str],
                  bonus_fn: Optional[BonusFn] = None) -> int:
    colors = tuple(phase_colors)
    total = 0
    for c, k in nodes:
        total += node_revenue(board._hexes[c].tile.nodes[k], colors)
    if bonus_fn is not None:
        total += int(bonus_fn(list(nodes)) or 0)
    return total


def _ordered_paths(chains: list[Chain], nodes: list) -> tuple:
    out = []
    for i, ch in enumerate(chains):
        if ch.start == nodes[i]:
            out.extend(ch.paths)
        else:
            out.extend(reversed(ch.paths))
    return tuple(out)


def _route_candidates(board, corp, route: Route, distance, phase_colors, other, fail: _Fail,
                      bonus_fn, relaxed: bool) -> Iterator[ResolvedRoute]:
    """Fully checked resolutions of the route (relaxed: only connectivity), best first."""
    hints = {(s.hex, s.node) for s in route.stops if s.node is not None}
    if route.via:
        gen = _candidates_via(board, corp, route.via, hints, other, fail, require_token=not relaxed)
    else:
        gen = _candidates_stops(board, corp, list(route.stops), other, fail)
    count = 0
    for nodes, chains in gen:
        count += 1
        if count > MAX_CANDIDATES_PER_ROUTE:
            break
        if relaxed:
            used = exact(sum(board._hexes[c].tile.nodes[k].visit_cost for c, k in nodes))
        else:
            used = _validate(board, corp, nodes, chains, distance, fail, depth=len(nodes) + 1)
            if used is None:
                continue
        if isinstance(distance, Distance):
            computed = distance.revenue(board, nodes, phase_colors, bonus_fn)
        else:
            computed = route_revenue(board, nodes, phase_colors, bonus_fn)
        track = frozenset().union(*[c.keys for c in chains]) if chains else frozenset()
        if route.trusted and route.revenue is not None:
            revenue = int(route.revenue)
        else:
            revenue = computed
            if route.revenue is not None and int(route.revenue) != computed:
                fail.add(len(nodes) + 2, f"the route {'-'.join(c for c, _ in nodes)} is worth ${computed}, "
                                         f"not ${route.revenue}", "route revenue")
                continue
        yield ResolvedRoute(route.train, tuple(nodes), _ordered_paths(chains, nodes), track, revenue,
                            computed, used, checked=not relaxed)


def resolve_route(board, corp: str, route: Route, train_distance: Optional[int], phase_colors: Iterable[str],
                  used_track: Iterable = (), bonus_fn: Optional[BonusFn] = None) -> ResolvedRoute:
    """Lay one route on the board and check it (see the module doc). `used_track`: track keys
    of the corporation's other routes this turn. Trusted routes (revenue stored by 18xx.games)
    keep their revenue and are not refused; they are rebuilt as far as the board allows."""
    colors = tuple(phase_colors)
    other = frozenset(used_track)
    fail = _Fail()
    if route.trusted and route.revenue is not None:
        for r in _route_candidates(board, corp, route, train_distance, colors, other, fail, bonus_fn, False):
            return r
        for r in _route_candidates(board, corp, route, train_distance, colors, frozenset(), _Fail(), bonus_fn, True):
            return ResolvedRoute(r.train, r.stops, r.paths, r.track, r.revenue, r.computed, r.distance, False)
        stops = tuple((s.hex, s.node if s.node is not None else 0) for s in route.stops)
        return ResolvedRoute(route.train, stops, (), frozenset(), int(route.revenue), None, 0, False)
    for r in _route_candidates(board, corp, route, train_distance, colors, other, fail, bonus_fn, False):
        return r
    where = "-".join(s.hex for s in route.stops) or "-".join(seg[0] for seg in (route.via or ()) if seg)
    fail.raise_(f"the {route.train} train's route {where} cannot be run by {corp}")
    raise AssertionError  # unreachable


def check_routes(board, corp: str, routes: Sequence[Route], trains, phase_colors: Iterable[str],
                 bonus_fn: Optional[BonusFn] = None) -> list[ResolvedRoute]:
    """Check all routes of one run together; `trains` maps train name (as in Route.train) to
    distance (999 for an unlimited train). Routes may not share track; where a route can be laid in
    several ways, choices leaving the other routes' track free are found. Returns the resolved
    routes in the given order."""
    colors = tuple(phase_colors)
    dist = dict(trains) if not isinstance(trains, dict) else trains
    for r in routes:
        if r.train not in dist:
            have = ", ".join(sorted(map(str, dist))) or "none"
            raise RuleError(f"{corp} has no {r.train} train (it has: {have})", rule="a route needs a train")
    if not routes:
        return []
    # fast path: each route's first choice, greedily
    out: list[ResolvedRoute] = []
    used: frozenset = frozenset()
    ok = True
    for r in routes:
        try:
            rr = resolve_route(board, corp, r, dist[r.train], colors, used, bonus_fn)
        except RuleError:
            ok = False
            break
        out.append(rr)
        used = used | rr.track
    if ok:
        return out
    # full search: candidates of each route alone, then a combination with disjoint track
    cand_lists: list[list[ResolvedRoute]] = []
    for r in routes:
        fail = _Fail()
        if r.trusted and r.revenue is not None:
            cl = [resolve_route(board, corp, r, dist[r.train], colors, (), bonus_fn)]
        else:
            cl = list(_route_candidates(board, corp, r, dist[r.train], colors, frozenset(), fail, bonus_fn, False))
        if not cl:
            where = "-".join(s.hex for s in r.stops) or "-".join(seg[0] for seg in (r.via or ()) if seg)
            fail.raise_(f"the {r.train} train's route {where} cannot be run by {corp}")
        cand_lists.append(cl)

    chosen: list[ResolvedRoute] = []

    def rec(i: int, used_: frozenset) -> bool:
        if i == len(cand_lists):
            return True
        for c in cand_lists[i]:
            if c.checked and c.track & used_:
                continue
            chosen.append(c)
            if rec(i + 1, used_ | c.track):
                return True
            chosen.pop()
        return False

    if rec(0, frozenset()):
        return list(chosen)
    # report the first clash
    for i in range(len(routes)):
        for j in range(i):
            if all(a.track & b.track for a in cand_lists[i] for b in cand_lists[j]):
                both = sorted({k[0] for k in cand_lists[i][0].track & cand_lists[j][0].track})
                raise RuleError(f"the {routes[j].train} and {routes[i].train} trains' routes both use the track on "
                                f"{', '.join(both)}", rule="trains of one corporation may not share track")
    raise RuleError("these routes cannot all be run together without sharing track",
                    rule="trains of one corporation may not share track")


def route_segments(board, resolved: ResolvedRoute) -> tuple[tuple[str, ...], ...]:
    """The hexes walked between consecutive stops of a resolved route (both ends included),
    in travel order: the `via` of an actions.Route (18xx.games 'connections')."""
    stops = list(resolved.stops)
    if len(stops) < 2 or not resolved.paths:
        return ()
    segs: list[tuple[str, ...]] = []
    cur = [stops[0][0]]
    nxt = 1
    for coord, p in resolved.paths:
        if cur[-1] != coord:
            cur.append(coord)
        if nxt < len(stops) and coord == stops[nxt][0] and len(cur) > 1 \
                and stops[nxt][1] in board.rot(coord).path_nodes[p]:
            segs.append(tuple(cur))
            cur = [coord]
            nxt += 1
    return tuple(segs)
