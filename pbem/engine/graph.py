"""What a corporation's track network reaches, starting from the cities holding its markers.

Track is followed the way a train runs: along a path, across an edge into the neighbour's
paths on the facing edge, never reversing; a city that blocks the corporation (full of other
markers, no neutral) and every off-board area end the walk there (they are reached, not passed).

`reach(board, corp)` is cached on the board per corporation until the board changes
(any lay or token change bumps `Board.version` and clears the cache).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pbem.engine import hexgrid


@dataclass(frozen=True)
class Reach:
    """`edges`: coord -> edges of that hex the network touches (track may be laid to join
    them; a station's own hex counts all its sides). `nodes`: (coord, node) reached.
    `paths`: (coord, path index) of the current tiles walked. `hexes`: hexes with walked track.
    `route_nodes`: most mandatory stops (cities, towns, off-boards other than optional ones)
    reachable from one station; `optional_route`: some station reaches one mandatory stop and
    an optional one (1882 fishing exit). `tokenable_cities`: (coord, city index) reached where
    the corporation could place its own next marker. `token_cities`: (coord, node) of its stations."""

    edges: dict
    nodes: frozenset
    paths: frozenset
    hexes: frozenset
    route_nodes: int
    optional_route: bool
    tokenable_cities: tuple
    token_cities: tuple = field(default=())

    @property
    def route_available(self) -> bool:
        return self.route_nodes >= 2 or self.optional_route


def _walk(board, corp: str, starts, edges: dict, paths: set, nodes: set) -> None:
    """Directed walk from the start nodes; fills edges/paths/nodes."""
    hexes = board._hexes
    link = board.link
    node_blocks = board.node_blocks
    opposite = hexgrid.opposite
    seen_states: set = set()
    walked_nodes: set = set()
    stack: list = []

    def enter_node(coord: str, k: int, came_from=None):
        # leave the node along every other path (a train does not reverse at a stop);
        # remember which paths were launched so each is launched once
        rot = hexes[coord].rot
        for p in rot.node_paths[k]:
            if p == came_from or (coord, k, p) in walked_nodes:
                continue
            walked_nodes.add((coord, k, p))
            a, b = rot.paths[p]
            idx = 0 if (not isinstance(a, int) and a[1] == k) else 1
            stack.append((coord, p, idx))

    for coord, k in starts:
        nodes.add((coord, k))
        enter_node(coord, k)

    while stack:
        state = stack.pop()
        if state in seen_states:
            continue
        seen_states.add(state)
        coord, p, idx = state
        rot = hexes[coord].rot
        paths.add((coord, p))
        for e in rot.path_edges[p]:
            edges.setdefault(coord, set()).add(e)
            nb = link(coord, e)
            if nb is not None:
                edges.setdefault(nb, set()).add(opposite(e))
        for k in rot.path_nodes[p]:
            nodes.add((coord, k))
        other = rot.paths[p][1 - idx]
        if isinstance(other, int):
            nb = link(coord, other)
            if nb is None:
                continue
            inv = opposite(other)
            nrot = hexes[nb].rot
            for q in nrot.edge_paths.get(inv, ()):
                a, b = nrot.paths[q]
                qi = 0 if a == inv else 1
                stack.append((nb, q, qi))
        else:
            k = other[1]
            if node_blocks(coord, k, corp):
                continue
            enter_node(coord, k, came_from=p)


def compute_reach(board, corp: str) -> Reach:
    hexes = board._hexes
    starts = board.token_cities(corp)
    edges: dict = {}
    paths: set = set()
    nodes: set = set()
    for coord, _k in starts:
        s = edges.setdefault(coord, set())
        for e in range(6):
            if board.link(coord, e) is not None:
                s.add(e)
    _walk(board, corp, starts, edges, paths, nodes)

    # stops reachable from each station separately (does the corporation have a route?)
    best, optional_route = 0, False
    for st in starts:
        e2: dict = {}
        p2: set = set()
        n2: set = set()
        _walk(board, corp, [st], e2, p2, n2)
        if not p2:
            continue
        mand = opt = 0
        for c, k in n2:
            node = hexes[c].tile.nodes[k]
            if node.optional:
                opt += 1
            else:
                mand += 1
        best = max(best, mand)
        if mand == 1 and opt:
            optional_route = True

    reach_ = Reach(
        edges={c: frozenset(s) for c, s in edges.items()},
        nodes=frozenset(nodes),
        paths=frozenset(paths),
        hexes=frozenset(c for c, _ in paths),
        route_nodes=best,
        optional_route=optional_route,
        tokenable_cities=(),
        token_cities=tuple(starts),
    )
    tok = []
    for c, k in sorted(nodes):
        tile = hexes[c].tile
        if tile.nodes[k].kind != "city":
            continue
        ci = tile.city_index(k)
        if board.token_problem(corp, c, ci) is None:
            tok.append((c, ci))
    object.__setattr__(reach_, "tokenable_cities", tuple(tok))
    return reach_


def reach(board, corp: str) -> Reach:
    """The corporation's network now (cached until the board changes)."""
    cache = board._cache.setdefault("reach", {})
    r = cache.get(corp)
    if r is None:
        r = compute_reach(board, corp)
        cache[corp] = r
    return r


def connected(board, corp: str, coord: str) -> bool:
    """Whether the corporation's network touches the hex at all."""
    return coord in reach(board, corp).edges
