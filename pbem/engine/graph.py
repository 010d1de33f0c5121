"""What a corporation's track network reaches, starting from the cities holding its markers.

Track is walked as 18xx.games walks it, station by station: along a path, across an edge into
the neighbour's paths on the facing edge, each node and path once per station's walk; a city
that blocks the corporation (full of other markers, no neutral), its other stations and every
off-board area end the walk there (they are reached, not passed).

`reach(board, corp)` is cached on the board per corporation until the board changes
(any lay or token change bumps `Board.version` and clears the cache).
"""
from __future__ import annotations

import sys

from pbem.engine import hexgrid


# a walk recurses once per path along a chain of track; long chains on big maps need room
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


class Reach:
    """`edges`: coord -> edges of that hex the network touches (track may be laid to join
    them; a station's own hex counts all its sides). `nodes`: (coord, node) reached.
    `paths`: (coord, path index) of the current tiles walked. `hexes`: hexes with walked track.
    `route_nodes`: mandatory stops (cities, towns, off-boards other than optional ones)
    reachable from one station, counted up to 2 (all the rules ask is whether there are two); `optional_route`: some station reaches one mandatory stop and
    an optional one (a fishing exit). `tokenable_cities`: (coord, city index) reached where
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


_NONE: frozenset = frozenset()
#: the edge of the neighbour facing each edge of a hex (hexgrid.opposite)
_FACING = (3, 4, 5, 0, 1, 2)


class _Enough(Exception):
    """Ends a walk early: the caller has what it asked for."""


def _walk(board, corp: str, starts, edges: dict, paths: set, nodes: set, enough=None) -> None:
    """Every station's walk in turn (see `_station_walk`); fills edges/paths/nodes with their union.
    `enough(nodes)` may end it early."""
    try:
        for st in starts:
            _station_walk(board, corp, st, starts, edges, paths, nodes, enough)
    except _Enough:
        pass


def _station_walk(board, corp: str, start, starts, edges: dict, paths: set, nodes: set, enough) -> None:
    """One station's walk, as 18xx.games' track graph walks it (Node#walk, Path#walk): depth
    first from the station's city; a node or path once walked is not walked again, whichever way
    (so a loop does not bring the walk back along track it used), except after the chain has
    left a tile by an exit several of its paths share ("converging"): from there on the marks
    are the chain's own and are lifted when it backs up. A chain never leaves a hex by a side it
    already left by; the corporation's other stations, cities that block it and off-board areas
    are reached, not passed."""
    hexes = board._hexes
    links = _links(board)
    node_blocks = board.node_blocks
    seen_nodes = set(s for s in starts if s != start)
    seen_paths: set = set()
    left_by: dict = {}                  # coord -> times the current chain left by each edge
    blocks: dict = {}                   # (coord, node) -> whether it blocks the walk (the board does not change)

    def walk_node(coord: str, k: int, conv: bool) -> None:
        key = (coord, k)
        if key in seen_nodes:
            return
        seen_nodes.add(key)
        for p in hexes[coord].rot.node_paths[k]:
            walk_path(coord, p, None, key, conv, conv)
        if conv:
            seen_nodes.discard(key)

    def walk_path(coord: str, p: int, skip, origin, node_conv: bool, conv: bool) -> None:
        key = (coord, p)
        if key in seen_paths:
            return
        rot = hexes[coord].rot
        own = rot.path_edges[p]
        left = left_by.get(coord)
        if left is not None:
            for e in own:
                if left[e]:
                    return
        seen_paths.add(key)
        here = links[coord]
        if key not in paths:            # the network's new track: its edges and nodes
            paths.add(key)
            mine = edges.get(coord)
            if mine is None:
                mine = edges[coord] = set()
            for e in own:
                mine.add(e)
                nb = here[e]
                if nb is not None:
                    theirs = edges.get(nb)
                    if theirs is None:
                        theirs = edges[nb] = set()
                    theirs.add(_FACING[e])
            for k in rot.path_nodes[p]:
                nodes.add((coord, k))
            if enough is not None and enough(nodes):
                raise _Enough
        for k in rot.path_nodes[p]:
            node = (coord, k)
            if node != origin:
                blocked = blocks.get(node)
                if blocked is None:
                    blocked = blocks[node] = node_blocks(coord, k, corp)
                if not blocked:
                    walk_node(coord, k, node_conv or conv)
        for e in own:
            if e == skip:
                continue
            nb = here[e]
            if nb is None:
                continue
            left = left_by.get(coord)
            if left is None:
                left = left_by[coord] = [0] * 6
            left[e] += 1
            inv = _FACING[e]
            onward = conv or len(rot.edge_paths[e]) > 1
            for q in hexes[nb].rot.edge_paths.get(inv, ()):
                walk_path(nb, q, inv, origin, node_conv, onward)
            left[e] -= 1
        if conv:
            seen_paths.discard(key)

    nodes.add(start)
    walk_node(start[0], start[1], False)


def _stations(board, corp: str) -> tuple[list, dict]:
    """The corporation's stations, and the edges a network starts with: every side of a
    station's hex that track may enter."""
    starts = board.token_cities(corp)
    links = _links(board)
    edges: dict = {}
    for coord, _k in starts:
        s = edges.setdefault(coord, set())
        for e in range(6):
            if links[coord][e] is not None:
                s.add(e)
    return starts, edges


def _made(board, corp: str, starts, edges: dict, paths: set, nodes: set) -> Reach:
    return Reach(board, corp, {c: frozenset(s) for c, s in edges.items()}, frozenset(nodes),
                 frozenset(paths), tuple(starts))


def compute_reach(board, corp: str) -> Reach:
    starts, edges = _stations(board, corp)
    paths: set = set()
    nodes: set = set()
    _walk(board, corp, starts, edges, paths, nodes)
    return _made(board, corp, starts, edges, paths, nodes)


def touches(board, corp: str, coord: str, sides) -> bool:
    """Whether the corporation's network touches one of `sides` of the hex at `coord` (as
    `reach(board, corp).edges` says): from the network kept, or by walking it only until such a
    side is found (a lay's connection, checked before the network is needed whole); a walk that
    finds none has walked the whole network, which is kept as `reach` keeps it."""
    known = board._cache.get("reach", {}).get(corp)
    if known is not None:
        return bool(known.edges.get(coord, frozenset()) & sides)
    found = board._cache.setdefault("touches", {})          # (a lay is checked, then checked as it is made)
    key = (corp, coord, sides)
    if key in found:
        return found[key]
    starts, edges = _stations(board, corp)
    paths: set = set()
    nodes: set = set()
    if not edges.get(coord, frozenset()) & sides:
        # each station's walk is its own (what one walks does not depend on the others): the
        # nearest stations are walked first, as the side is likelier found from them
        hexes, layout = board._hexes, board.layout
        here = hexes[coord].xy
        nearest = sorted(starts, key=lambda st: hexgrid.distance(hexes[st[0]].xy, here, layout))
        _walk(board, corp, nearest, edges, paths, nodes, lambda _nodes: not edges.get(coord, _NONE).isdisjoint(sides))
    if edges.get(coord, frozenset()) & sides:
        found[key] = True
        return True
    board._cache.setdefault("reach", {})[corp] = _made(board, corp, starts, edges, paths, nodes)
    return False


def _route_figures(board, corp: str, starts) -> tuple[int, bool]:
    """Most mandatory stops reachable from one station, and whether a station reaches exactly one
    mandatory stop plus an optional one (does the corporation have a route?)."""
    hexes = board._hexes
    best, optional_route = 0, False

    def enough(found) -> bool:
        # two mandatory stops settle both questions the game asks ("is there a route?")
        n = 0
        for c, k in found:
            if not hexes[c].tile.nodes[k].optional:
                n += 1
                if n >= 2:
                    return True
        return False

    for st in starts:
        e2: dict = {}
        p2: set = set()
        n2: set = set()
        try:
            _station_walk(board, corp, st, starts, e2, p2, n2, enough)
        except _Enough:
            pass
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
