"""The legal routes of one train worth more than a floor: what the best run (`best_run.py`) is
chosen from. docs/routes.md gives the argument that nothing a best run needs is left out.

A route is a walk of stops joined by chains (`route_chains.py`) that holds one of the
corporation's stations. Each is found once: from the corporation's station cities in turn (a
route through an earlier station city was found from there, so walks from a later one avoid it),
as two halves walked out of the station, the second's first chain earlier in the station's chain
list than the first's (or the first half empty), so no route is found twice, reversed. The halves
of a station are walked once, as a tree (a half's children extend it by one chain): a walk stops
at a stop it may not pass (an off-board area, a city full of other corporations' stations),
never reuses a stop or track, never takes two stops of one group or (where the title says so) of
one hex, never spends more than the train's distance (each of a `Distance`'s `walk_limits`, or
its `search_budget` counted by `stop_cost` and then its `check`). Each rule is one that a
longer walk cannot undo, so a half clashing with the first half is skipped with all its
extensions. Routes are priced by the engine's own pricing.

Two things are left out, neither ever needed by a best run: a route that earns no more than the
same route without one of its end stops (that one uses less track and earns as much), and, where
the train's `Distance` bounds what a route can earn (`value_bound`: at most K stops score, times
a multiplier, plus at most a bonus), every route whose bound is at most the floor.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pbem.engine.distance import Distance
from pbem.engine.route_chains import MAX_CHAINS_PER_NODE, chains_from
from pbem.engine.routes import ResolvedRoute, _Fail, route_revenue
from pbem.engine.tiles import node_revenue

#: the distance of a train without a limit (as `check_routes` takes it)
UNLIMITED = 999
#: above every index of a station's chains (the first half empty: any second half)
ANY_FIRST = 1 << 30
#: what a walk spent of each limit is kept packed in one integer, FIELD bits a limit: a limit is
#: overrun when adding its bias (2**(FIELD-1) - 1 - room) to the spent sets the field's top bit
FIELD = 16
_BIAS = (1 << (FIELD - 1)) - 1


def _pack(values) -> int:
    """Small non-negative numbers as the fields of one integer."""
    return sum(int(v) << (FIELD * i) for i, v in enumerate(values))


@dataclass(frozen=True)
class Candidate:
    """One legal route of a train: stops in travel order, the track it uses as a bit mask
    (bits named by the search's `Track`), its revenue and the distance it uses."""

    train: str
    stops: tuple[tuple[str, int], ...]
    mask: int
    revenue: int
    bits: tuple[int, ...] = ()       # the positions of the bits of `mask`

    def resolved(self) -> ResolvedRoute:
        """The route as the engine's check returns it (for the title's check of a whole run)."""
        return ResolvedRoute(self.train, self.stops, (), frozenset(), self.revenue, self.revenue, 0)


@dataclass
class TrainRoutes:
    """Routes of one train kind worth more than the floor, best first; `complete`: the walk was not
    cut short by a budget; `priced`: the routes priced (walked and not bounded out)."""

    train: str
    routes: list[Candidate]
    complete: bool
    priced: int = 0


class Track:
    """Track keys as bits of one integer: per chain its mask and its bits (shared by the trains
    of a search)."""

    def __init__(self):
        self.bit: dict = {}
        self.masks: dict = {}

    def of(self, chain) -> tuple[int, tuple[int, ...]]:
        """The chain's mask and its bits (positions)."""
        got = self.masks.get(id(chain))
        if got is not None:
            return got[0], got[1]
        bits = []
        for k in chain.keys:
            b = self.bit.get(k)
            if b is None:
                b = self.bit[k] = len(self.bit)
            bits.append(b)
        m = sum(1 << b for b in set(bits))
        self.masks[id(chain)] = (m, tuple(sorted(set(bits))), chain)    # the chain kept alive: its id stays its own
        return m, self.masks[id(chain)][1]


class _Half:
    """A walk out of a station: its stops (station left out), the mask of each chain and of all,
    what it spent of each limit, its groups and hexes, the index of its first chain, its
    extensions, and `env`: per rank, the most any walk of its subtree holds at that rank of
    its stops' values (best first, K ranks)."""

    __slots__ = ("stops", "last", "last_mask", "mask", "spent", "groups", "first", "children", "env", "values",
                 "last_groups", "named", "own_named", "parent", "last_bits")

    def __init__(self, stops, last_mask, mask, spent, groups, first, values, last_groups=frozenset(),
                 own_named=0, parent=None, last_bits=()):
        self.stops, self.last_mask, self.mask, self.spent = stops, last_mask, mask, spent
        self.parent, self.last_bits = parent, last_bits
        self.last = stops[-1] if stops else None
        self.groups, self.first, self.values = groups, first, values
        self.last_groups = last_groups
        self.own_named: int = own_named     # its own stops on the hexes a bonus names (`TrainWalks.named_bit`)
        self.named: int = own_named         # those of its subtree (grow adds its extensions')
        self.children: list = []
        self.env: tuple = values

    def bits(self) -> tuple:
        """The positions of the bits of `mask`."""
        out: tuple = ()
        h = self
        while h is not None:
            out += h.last_bits
            h = h.parent
        return out


def _limits(distance) -> tuple[list[tuple[Callable, object]], bool]:
    """The walk's limits, each (cost(node), most it may spend), and whether they are the whole
    distance rule (else `Distance.check` is asked of each route)."""
    if isinstance(distance, Distance):
        exact = distance.walk_limits()
        if exact is not None:
            return exact, True
        return [(distance.stop_cost, distance.search_budget())], False
    limit = UNLIMITED if distance is None else distance
    return [(lambda node: node.visit_cost, limit)], True


def _top(a: tuple, b: tuple, k: int) -> int:
    """The sum of the k largest values of two lists together."""
    return sum(sorted(a + b)[-k:]) if k else 0


class TrainWalks:
    """The walks out of the corporation's stations for one train kind (reach `distance`, as
    `train_distance` gives it), walked once; `routes` pairs them into routes."""

    def __init__(self, g, corp, train: str, distance, steps, track: Track):
        self.g, self.corp, self.train, self.distance, self.steps = g, corp, train, distance, steps
        board, sym = g.board, corp.sym
        hexes = board._hexes
        colors = g.tile_colors
        limits, self.exact = _limits(distance)
        self.caps = caps = tuple(int(lim) for _c, lim in limits)
        self.cap_bias = cap_bias = _pack(_BIAS - lim for lim in caps)     # spent + cap_bias: a top bit set is an overrun
        self.high = high = _pack(1 << (FIELD - 1) for _lim in caps)
        self.bound = distance.value_bound() if isinstance(distance, Distance) else None
        k = self.bound[0] if self.bound is not None else 0
        names = distance.bonus_names() if self.bound is not None else None
        self.names = names
        self.one_per_hex = one_per_hex = bool(getattr(g.title, "one_stop_per_hex", False))
        self.complete = True
        info: dict = {}

        def node_info(stop):
            got = info.get(stop)
            if got is None:
                node = hexes[stop[0]].tile.nodes[stop[1]]
                got = info[stop] = (_pack(c(node) for c, _l in limits), frozenset(node.groups),
                                    board.node_blocks(stop[0], stop[1], sym), node_revenue(node, colors))
            return got

        edges_of: dict = {}

        def edges(stop) -> list:
            """Each chain out of a stop: (index, end, mask, its bits, end's cost, groups, value)."""
            got = edges_of.get(stop)
            if got is None:
                cs = chains_from(board, stop[0], stop[1])
                if len(cs) >= MAX_CHAINS_PER_NODE:
                    self.complete = False
                got = edges_of[stop] = []
                for idx, ch in enumerate(cs):
                    m, mbits = track.of(ch)
                    c, grp, _blk, val = node_info(ch.end)
                    got.append((idx, ch.end, m, mbits, c, grp, val))
            return got

        self.node_info = node_info
        self.named_stops: list = []      # the stops on the hexes a bonus names, each a bit of a set

        def named_bit(stop) -> int:
            if stop not in self.named_stops:
                self.named_stops.append(stop)
            return 1 << self.named_stops.index(stop)

        self.named_bit = named_bit
        self.prices: dict = {}           # stops -> revenue (None: refused by the distance's check)
        self.trees: list = []
        starts = [tuple(s) for s in board.token_cities(sym)]
        for si, start in enumerate(starts):
            s_cost, s_groups, _b, _v = node_info(start)
            if (s_cost + cap_bias) & high:
                continue
            banned = set(starts[:si])           # routes through an earlier station were found from it

            def grow(h: _Half, start=start, banned=banned) -> None:
                steps.left -= 1
                if steps.left < 0:
                    return
                here = h.last if h.stops else start
                if h.stops and node_info(here)[2]:
                    return
                for idx, nxt, m, mbits, c, grp, val in edges(here):
                    if m & h.mask or nxt == start or nxt in banned or nxt in h.stops:
                        continue
                    if one_per_hex and (nxt[0] == start[0] or any(nxt[0] == p[0] for p in h.stops)):
                        continue
                    d = h.spent + c
                    if (d + cap_bias) & high or (grp and not h.groups.isdisjoint(grp)):
                        continue
                    vals = tuple(sorted(h.values + (val,), reverse=True)[:k]) if k else ()
                    own = h.own_named | named_bit(nxt) if names and nxt[0] in names else h.own_named
                    child = _Half(h.stops + (nxt,), m, h.mask | m, d, h.groups | grp if grp else h.groups,
                                  idx if not h.stops else h.first, vals, grp, own, h, mbits)
                    h.children.append(child)
                    grow(child)
                if k and h.children:
                    env = h.env
                    for ch in h.children:
                        env = tuple(map(max, env, ch.env))
                    h.env = env
                    h.children.sort(key=lambda ch: -sum(ch.env))    # promising walks first
                if names and h.children:
                    for ch in h.children:
                        h.named |= ch.named

            root = _Half((), 0, 0, s_cost, s_groups, ANY_FIRST, (0,) * k)
            grow(root)
            self.trees.append((start, root))

    def routes(self, floor: int = 0, used: int = 0, best_only: bool = False) -> TrainRoutes:
        """The routes on track outside `used` earning more than `floor`, best first (see the
        module doc). `best_only`: the floor rises to each route found (the first is the best)."""
        g, corp, distance, steps = self.g, self.corp, self.distance, self.steps
        board, title = g.board, g.title
        colors = g.tile_colors
        one_per_hex, node_info, bound = self.one_per_hex, self.node_info, self.bound
        cap_bias, high = self.cap_bias, self.high
        k_scored, mult, bonus_max = bound if bound is not None else (0, 0, 0)

        def bonus(stops):
            return title.route_bonus(g, corp, stops)

        prices = self.prices

        def price(stops: tuple):
            if stops in prices:
                return prices[stops]
            nodes = list(stops)
            if not self.exact and distance.check(board, nodes, _Fail(), 0) is None:
                rev = None
            elif isinstance(distance, Distance):
                rev = distance.revenue(board, nodes, colors, bonus)
            else:
                rev = route_revenue(board, nodes, colors, bonus)
            prices[stops] = rev
            return rev

        names = self.names
        bonus_of: dict = {}

        named_stops = self.named_stops

        def bonus_ub(named: int) -> int:
            """The most the bonus adds to a route whose stops on named hexes are among `named` (a
            set of `named_stops` as bits)."""
            if names is None:
                return bonus_max
            got = bonus_of.get(named)
            if got is None:
                got = bonus_of[named] = distance.bonus_at_most(
                    tuple(sorted(x for i, x in enumerate(named_stops) if named >> i & 1)))
            return got

        def ub(a: tuple, b: tuple, named: int = 0) -> float:
            return mult * _top(a, b, k_scored) + bonus_ub(named) if bound is not None else float("inf")

        found: list[Candidate] = []
        legal: dict = {}                 # (stops, mask) -> revenue of each legal route priced
        lo = [floor]

        def accept(h1: _Half, h2: _Half, head: tuple, start: tuple, top: int) -> None:
            """Price the route of halves h1 and h2 (`top`: the most its stops' values earn, `seconds`
            having bounded it with the bonus of its stops on named hexes) and keep it if it pays."""
            stops = head + h2.stops
            if names is None and bound is not None:     # a bonus bound that needs all the stops
                most = distance.bonus_at_most(stops)
                if most is not None and top + most <= lo[0]:
                    return
            rev = price(stops)
            if rev is None:
                return
            mask = h1.mask | h2.mask
            legal[(stops, mask)] = rev
            if rev <= lo[0]:
                return
            if len(h2.stops) > 1:                # the route without its last stop
                if legal.get((stops[:-1], mask & ~h2.last_mask), rev - 1) >= rev:
                    return
            elif h1.stops:                       # that route, found walked the other way
                if legal.get(((start,) + h1.stops, h1.mask), rev - 1) >= rev:
                    return
            if h1.stops:                         # the route without its first stop
                if legal.get((stops[1:], mask & ~h1.last_mask), rev - 1) >= rev:
                    return
            found.append(Candidate(self.train, stops, mask, rev, h1.bits() + h2.bits()))
            if best_only:
                lo[0] = rev

        for start, root in self.trees:
            start_val = (node_info(start)[3],)

            def seconds(h1: _Half, h1_vals: tuple, h1_set: set, h1_hexes: set, nodes: list, head: tuple,
                        room: int, taken: int, h1_named: int, h1_bonus: int, start=start) -> None:
                """Pair first half h1 with each compatible second half in the subtrees `nodes`:
                `room`, the bias of what each limit has left beyond h1 (the station counted once,
                packed: a second half's spent plus it sets a top bit if it overruns); `taken`, the
                track h1 and the other trains use; `h1_bonus`, the bonus bound of h1's named stops."""
                for h2 in nodes:
                    steps.left -= 1
                    if steps.left < 0:
                        return
                    last = h2.last
                    grp = h2.last_groups
                    if h2.last_mask & taken or last in h1_set or (one_per_hex and last[0] in h1_hexes) \
                            or (grp and not h1.groups.isdisjoint(grp)) or (h2.spent + room) & high:
                        continue
                    if bound is None:
                        accept(h1, h2, head, start, 0)
                    else:       # the subtree's bound, then (an inner walk) the walk's own
                        if mult * sum(sorted(h1_vals + h2.env, reverse=True)[:k_scored]) \
                                + (bonus_ub(h1_named | h2.named) if h2.named else h1_bonus) <= lo[0]:
                            continue
                        if h2.children or names is None:    # (a leaf's own bound is its subtree's)
                            top = mult * sum(sorted(h1_vals + h2.values, reverse=True)[:k_scored])
                            if top + (bonus_ub(h1_named | h2.own_named) if h2.own_named else h1_bonus) <= lo[0]:
                                top = -1
                        else:
                            top = 0
                        if top >= 0:
                            accept(h1, h2, head, start, top)
                    if h2.children:
                        seconds(h1, h1_vals, h1_set, h1_hexes, h2.children, head, room, taken, h1_named, h1_bonus)

            # the second halves a first half may take start with an earlier chain: the envelope
            # of those starting before chain f, and their stops on named hexes, for each f
            before: dict = {}
            before_named: dict = {}
            start_named = self.named_bit(start) if names and start[0] in names else 0
            if bound is not None:
                env: tuple = (0,) * k_scored
                named = 0
                for ch in sorted(root.children, key=lambda ch: ch.first):
                    before.setdefault(ch.first, env)
                    before_named.setdefault(ch.first, named)
                    env = tuple(map(max, env, ch.env))
                    named = named | ch.named
                before[ANY_FIRST] = env
                before_named[ANY_FIRST] = named

            # the station's first chains, and for each first chain the halves starting earlier
            earlier: dict = {f: [h2 for h2 in root.children if h2.first < f]
                             for f in {ch.first for ch in root.children} | {ANY_FIRST}}

            def firsts(h1: _Half, root=root, start=start, start_val=start_val, before=before,
                       before_named=before_named, start_named=start_named, earlier=earlier) -> None:
                if steps.left < 0 or h1.last_mask & used:
                    return
                h1_vals = tuple(sorted(h1.values + start_val, reverse=True)) if bound else ()
                if bound is not None:
                    seconds_named = before_named[h1.first] | start_named
                    if ub(h1.env + start_val, before[h1.first], h1.named | seconds_named) <= lo[0]:
                        return                      # no route with a first half in this subtree earns more
                    h1_named = h1.own_named | start_named if start_named else h1.own_named
                    pays = ub(h1_vals, before[h1.first], h1_named | seconds_named) > lo[0]
                else:
                    h1_named, pays = 0, True
                if pays:                            # else only its extensions may pay
                    room = cap_bias + h1.spent - root.spent
                    seconds(h1, h1_vals, set(h1.stops), {start[0]} | {x[0] for x in h1.stops} if one_per_hex else (),
                            earlier[h1.first], tuple(reversed(h1.stops)) + (start,),
                            room, h1.mask | used, h1_named, bonus_ub(h1_named) if bound is not None else 0)
                for ch in h1.children:
                    firsts(ch)

            firsts(root)
        found.sort(key=lambda c: -c.revenue)
        return TrainRoutes(self.train, found, self.complete and steps.left >= 0, len(legal))

