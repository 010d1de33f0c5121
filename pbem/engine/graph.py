"""What a corporation's track network reaches, starting from the cities holding its markers.

Track is followed the way a train runs: along a path, across an edge into the neighbour's
paths on the facing edge, never reversing; a city that blocks the corporation (full of other
markers, no neutral) and every off-board area end the walk there (they are reached, not passed).

`reach(board, corp)` is cached on the board per corporation until the board changes
(any lay or token change bumps `Board.version` and clears the cache).
"""
from __future__ import annotations


from pbem.engine import hexgrid


class Reach:
    """`edges`: coord -> edges of that hex the network touches (track may be laid to join
    them; a station's own hex counts all its sides). `nodes`: (coord, node) reached.
    `paths`: (coord, path index) of the current tiles walked. `hexes`: hexes with walked track.
    `route_nodes`: mandatory stops (cities, towns, off-boards other than optional ones)
    reachable from one station, counted up to 2 (all the rules ask is whether there are two); `optional_route`: some station reaches one mandatory stop and
    an optional one (1882 fishing exit). `tokenable_cities`: (coord, city index) reached where
    the corporation could place its own next marker. `token_cities`: (coord, node) of its stations.

    The per-station figures and the tokenable cities are computed on first use only: most
    queries need just the network itself."""

    __slots__ = ("_board", "_corp", "edges", "nodes", "paths", "hexes", "token_cities", "node_hexes",
                 "_route", "_tok")

    def __init__(self, board, corp, edges, nodes, paths, token_cities):
        self._board = board
        self._corp = corp
        self.edges = edges
        self.nodes = nodes
        self.paths = paths
        self.hexes = frozenset(c for c, _ in paths)
        self.token_cities = token_cities
        self.node_hexes = frozenset(c for c, _ in nodes)
        self._route = None
        self._tok = None

    def _route_figures(self) -> tuple[int, bool]:
        if self._route is None:
            self._route = route_figures(self._board, self._corp)
        return self._route

    @property
    def route_nodes(self) -> int:
        return self._route_figures()[0]

    @property
    def optional_route(self) -> bool:
        return self._route_figures()[1]

    @property
    def tokenable_cities(self) -> tuple:
        if self._tok is None:
            board, hexes, tok = self._board, self._board._hexes, []
            for c, k in sorted(self.nodes):
                tile = hexes[c].tile
                if tile.nodes[k].kind != "city":
                    continue
                ci = tile.city_index(k)
                if board.token_problem(self._corp, c, ci) is None:
                    tok.append((c, ci))
            self._tok = tuple(tok)
        return self._tok

    @property
    def route_available(self) -> bool:
        return self.route_nodes >= 2 or self.optional_route


def _links(board) -> dict:
    """coord -> the 6 hexes track may enter (Board.link), cached until the board changes."""
    table = board._cache.get("links")
    if table is None:
        link = board.link
        table = {c: tuple(link(c, e) for e in range(6)) for c in board._hexes}
        board._cache["links"] = table
    return table


def _walk(board, corp: str, starts, edges: dict, paths: set, nodes: set, enough=None,
          blocked: frozenset = frozenset(), arrivals=None, verify: bool = True, record: bool = True) -> None:
    """Directed walk from the start nodes; fills edges/paths/nodes. `enough(nodes)` may end it early.

    A train does not reverse, so a stop entered along path p is left along its other paths.
    When a stop is entered a second time along another path, leaving it back along the first
    entry is a real route only if the stop can be reached along a second path without passing
    through it first; that is checked with a walk in which the stop ends every route (`verify`).
    `blocked` nodes end the walk like full cities; `arrivals` collects node -> entry paths."""
    hexes = board._hexes
    links = _links(board)
    node_blocks = board.node_blocks
    opposite = hexgrid.opposite
    seen_states: set = set()
    walked_nodes: set = set()
    first_entry: dict = {}
    reopened: set = set()
    start_set = set(starts)
    stack: list = []

    def enter_node(coord: str, k: int, came_from=None):
        # remember which paths were launched so each is launched once
        rot = hexes[coord].rot
        for p in rot.node_paths[k]:
            if p == came_from or (coord, k, p) in walked_nodes:
                continue
            walked_nodes.add((coord, k, p))
            a, b = rot.paths[p]
            idx = 0 if (not isinstance(a, int) and a[1] == k) else 1
            stack.append((coord, p, idx))

    def arrive(coord: str, k: int, p: int):
        key = (coord, k)
        if arrivals is not None:
            arrivals.setdefault(key, set()).add(p)
        if key in start_set or key in blocked or node_blocks(coord, k, corp):
            return
        first = first_entry.get(key)
        if first is None:
            first_entry[key] = p
            enter_node(coord, k, came_from=p)
        elif p != first and key not in reopened and verify:
            if _second_entry(board, corp, starts, key, first, blocked):
                reopened.add(key)
                enter_node(coord, k)

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
        here = links[coord]
        if record:
            paths.add((coord, p))
            mine = edges.get(coord)
            if mine is None:
                mine = edges[coord] = set()
            for e in rot.path_edges[p]:
                mine.add(e)
                nb = here[e]
                if nb is not None:
                    theirs = edges.get(nb)
                    if theirs is None:
                        theirs = edges[nb] = set()
                    theirs.add(opposite(e))
            for k in rot.path_nodes[p]:
                nodes.add((coord, k))
            if enough is not None and enough(nodes):
                return
        other = rot.paths[p][1 - idx]
        if isinstance(other, int):
            nb = here[other]
            if nb is None:
                continue
            inv = opposite(other)
            nrot = hexes[nb].rot
            for q in nrot.edge_paths.get(inv, ()):
                a, b = nrot.paths[q]
                qi = 0 if a == inv else 1
                stack.append((nb, q, qi))
        else:
            arrive(coord, other[1], p)


def _second_entry(board, corp: str, starts, key, first: int, blocked: frozenset) -> bool:
    """Whether node `key` can be entered along a path other than `first` without passing it."""
    arr: dict = {}
    _walk(board, corp, starts, {}, set(), set(), blocked=blocked | {key}, arrivals=arr, verify=False, record=False)
    return any(p != first for p in arr.get(key, ()))


def compute_reach(board, corp: str) -> Reach:
    starts = board.token_cities(corp)
    links = _links(board)
    edges: dict = {}
    paths: set = set()
    nodes: set = set()
    for coord, _k in starts:
        s = edges.setdefault(coord, set())
        for e in range(6):
            if links[coord][e] is not None:
                s.add(e)
    _walk(board, corp, starts, edges, paths, nodes)
    return Reach(board, corp, {c: frozenset(s) for c, s in edges.items()}, frozenset(nodes),
                 frozenset(paths), tuple(starts))


def _route_figures(board, corp: str, starts) -> tuple[int, bool]:
    """Most mandatory stops reachable from one station, and whether a station reaches exactly one
    mandatory stop plus an optional one (does the corporation have a route?)."""
    hexes = board._hexes
    best, optional_route = 0, False

    def enough(found) -> bool:
        # two mandatory stops settle both questions the game asks ("is there a route?")
        return sum(1 for c, k in found if not hexes[c].tile.nodes[k].optional) >= 2

    for st in starts:
        e2: dict = {}
        p2: set = set()
        n2: set = set()
        _walk(board, corp, [st], e2, p2, n2, enough, verify=False)
        if not p2:
            continue
        mand = opt = 0
        for c, k in n2:
            if hexes[c].tile.nodes[k].optional:
                opt += 1
            else:
                mand += 1
        best = max(best, mand)
        if mand == 1 and opt:
            optional_route = True
    return best, optional_route


def route_figures(board, corp: str) -> tuple[int, bool]:
    """(mandatory stops reachable from one station, counted up to 2; optional-route flag), cached
    until the board changes. Cheaper than `reach`: each station's walk stops at the second stop."""
    cache = board._cache.setdefault("route", {})
    r = cache.get(corp)
    if r is None:
        r = _route_figures(board, corp, board.token_cities(corp))
        cache[corp] = r
    return r


def route_available(board, corp: str) -> bool:
    """Whether the corporation has a route for a train (two stops, or one and the fishing exit)."""
    n, optional = route_figures(board, corp)
    return n >= 2 or optional


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
