"""The exhaustive track walk, kept as an oracle for `pbem.engine.graph` (tests and
tools/graph_equality.py only; the product has one walk).

This is the walk graph.py has had since "Track graph walks as 18xx.games" (fc4b63a), a plain
transcription of 18xx.games' Node#walk / Path#walk that, once a chain
has left a tile by a converging exit, enumerates every chain (exponential on dense track). A faster
walk must record exactly what this one records, in the same order."""
from __future__ import annotations

from pbem.engine import hexgrid
from pbem.engine.graph import _Enough, _links


class Logged(set):
    """A set that keeps the order things were first added."""

    def __init__(self):
        super().__init__()
        self.order = []

    def add(self, x):
        if x not in self:
            self.order.append(x)
        super().add(x)


def exhaustive_station_walk(board, corp: str, start, starts, edges: dict, paths: set, nodes: set,
                            enough=None, order: list | None = None) -> None:
    """One station's walk, unpruned. `order`, if given, collects each path as first recorded."""
    hexes = board._hexes
    links = _links(board)
    node_blocks = board.node_blocks
    opposite = hexgrid.opposite
    seen_nodes = set(s for s in starts if s != start)
    seen_paths: set = set()
    left_by: dict = {}

    def record(coord: str, p: int, rot) -> None:
        if (coord, p) in paths:
            return
        paths.add((coord, p))
        if order is not None:
            order.append((coord, p))
        here = links[coord]
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
            raise _Enough

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
        if any(left_by.get((coord, e)) for e in own):
            return
        seen_paths.add(key)
        record(coord, p, rot)
        for k in rot.path_nodes[p]:
            if (coord, k) != origin and not node_blocks(coord, k, corp):
                walk_node(coord, k, node_conv or conv)
        here = links[coord]
        for e in own:
            if e == skip:
                continue
            nb = here[e]
            if nb is None:
                continue
            side = (coord, e)
            left_by[side] = left_by.get(side, 0) + 1
            inv = opposite(e)
            onward = conv or len(rot.edge_paths[e]) > 1
            for q in hexes[nb].rot.edge_paths.get(inv, ()):
                walk_path(nb, q, inv, origin, node_conv, onward)
            left_by[side] -= 1
        if conv:
            seen_paths.discard(key)

    nodes.add(start)
    walk_node(start[0], start[1], False)


def exhaustive_reach(board, corp: str, order: list | None = None):
    """(edges, nodes, paths) of the corporation's network by the exhaustive walk."""
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
    for st in starts:
        exhaustive_station_walk(board, corp, st, starts, edges, paths, nodes, order=order)
    return {c: frozenset(s) for c, s in edges.items()}, frozenset(nodes), frozenset(paths)


def exhaustive_route_figures(board, corp: str) -> tuple[int, bool]:
    """graph.route_figures by the exhaustive walk."""
    hexes = board._hexes
    starts = board.token_cities(corp)
    best, optional_route = 0, False

    def enough(found) -> bool:
        return sum(1 for c, k in found if not hexes[c].tile.nodes[k].optional) >= 2

    for st in starts:
        e2: dict = {}
        p2: set = set()
        n2: set = set()
        try:
            exhaustive_station_walk(board, corp, st, starts, e2, p2, n2, enough)
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
