"""What a corporation's track network reaches, starting from the cities holding its markers.

Track is walked as 18xx.games walks it, station by station: along a path, across an edge into
the neighbour's paths on the facing edge, each node and path once per station's walk; a city
that blocks the corporation (full of other markers, no neutral), its other stations and every
off-board area end the walk there (they are reached, not passed).

Pruning, same result: after a converging exit a chain's marks are lifted when it backs up, so a
converging call changes nothing but what it records, and records only grow. Such a call can only
record paths of its over-reach: the closure from its path over the walk's moves, respecting the
marks it starts with (marks only grow below a call) but ignoring those its chain would add. A
call whose over-reach holds nothing unrecorded is skipped; a station's walk ends once its whole
over-reach (taken at its start) is recorded. Both skip only work that records nothing new, so
the records and their order are those of the literal walk (tests/graph_oracle.py keeps it;
tests/test_graph_walk_equal.py and tools/graph_equality.py compare). The checks start only once a
walk has spent `_BUDGET` converging calls per hex of the map (on ordinary track they cost more
than they save; past it the exhaustive part is cut); a region found dead and a witness chain found useful are reused while the frame
they were found in is open.

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


class _Done(Exception):
    """Ends one station's walk: everything it could still record is recorded."""


def _station_walk(board, corp: str, start, starts, edges: dict, paths: set, nodes: set, enough) -> None:
    """One station's walk, as 18xx.games' track graph walks it (Node#walk, Path#walk): depth
    first from the station's city; a node or path once walked is not walked again, whichever way
    (so a loop does not bring the walk back along track it used), except after the chain has
    left a tile by an exit several of its paths share ("converging"): from there on the marks
    are the chain's own and are lifted when it backs up. A chain never leaves a hex by a side it
    already left by; the corporation's other stations, cities that block it and off-board areas
    are reached, not passed.

    Walked literally, the converging part enumerates every chain (exponential on dense track), so
    the walk is pruned, with exactly the same records in the same order (see the module
    docstring and `useful`)."""
    hexes = board._hexes
    links = _links(board)
    opposite = hexgrid.opposite
    seen_nodes = set(s for s in starts if s != start)
    seen_paths: set = set()
    left_by: dict = {}                  # (coord, edge) -> times the current chain left by it
    blocked: dict = {}                  # (coord, node) -> node_blocks, asked once per walk

    def blocks(coord: str, k: int) -> bool:
        b = blocked.get((coord, k))
        if b is None:
            b = blocked[(coord, k)] = board.node_blocks(coord, k, corp)
        return b

    # everything this walk could ever record (ignoring the chains' own marks), less what is
    # already recorded: when it is all recorded the walk has nothing left to do
    # The pruning searches cost more than they save on ordinary track: the walk prunes only once
    # its converging chains have re-walked `_BUDGET` paths per hex of the map (exact whichever
    # calls are checked). From then on `left` counts what the station's over-reach (taken at
    # its start: no marks but the other stations) holds unrecorded; at 0 the walk is done.
    spent = [0]
    budget = _BUDGET * len(hexes)
    left: list = [None]

    def start_pruning() -> None:
        others = set(s for s in starts if s != start)
        left[0] = len(_over(hexes, links, blocks, others, (), {}, start, None, None) - paths)
        if not left[0]:
            raise _Done

    def record(coord: str, p: int, rot) -> None:
        if (coord, p) in paths:
            return
        paths.add((coord, p))
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
        if left[0] is not None:
            left[0] -= 1
            if not left[0]:
                raise _Done

    # Pruning (see the module docstring). A frame is a walk_node call, a walk_path call or one
    # side a path is left by; the marks only grow while a frame is open. `frames[-1]`: the
    # open frame's [dead regions found under it, witness] (frames are kept once pruning starts). A dead region is the over-reach of a
    # converging call that held nothing unrecorded: while the frame it was found in is open, any
    # call into it is dead too (`dead` counts the open regions holding each state). A witness is
    # the chain of states by which the over-reach of the frame's path found an unrecorded path;
    # a call on it is useful if its rest is still clear (no search needed).
    dead: dict = {}
    frames: list = [[[], None]]

    def push(witness) -> None:
        frames.append([[], witness])

    def pop() -> None:
        for region in frames.pop()[0]:
            for st in region:
                n = dead[st] - 1
                if n:
                    dead[st] = n
                else:
                    del dead[st]

    def useful(state) -> tuple:
        if state in dead:
            return False, None
        w = frames[-1][1]
        if w is not None and len(w) > 1 and w[1][0] == state:
            for i in range(1, len(w)):
                (c, r, _sk), via = w[i]
                if i > 1:
                    if (c, r) in seen_paths or (via is not None and (c, via) in seen_nodes):
                        break
                    if any(left_by.get((c, e)) for e in hexes[c].rot.path_edges[r]):
                        break
                if (c, r) not in paths:
                    return True, w[1:]
        found, got = _over(hexes, links, blocks, seen_nodes, seen_paths, left_by, None, state[:2],
                           state[2], paths)
        if found:
            return True, got
        if len(frames) > 1:             # the bottom frame stands for frames opened before pruning
            frames[-1][0].append(got)
            for st in got:
                dead[st] = dead.get(st, 0) + 1
        return False, None

    def walk_node(coord: str, k: int, conv: bool) -> None:
        key = (coord, k)
        if key in seen_nodes:
            return
        seen_nodes.add(key)
        framed = left[0] is not None
        if framed:
            push(frames[-1][1])
        for p in hexes[coord].rot.node_paths[k]:
            walk_path(coord, p, None, key, conv, conv)
        if framed:
            pop()
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
        witness = None
        if conv and key in paths:
            spent[0] += 1
            if spent[0] > budget:
                if left[0] is None:
                    start_pruning()
                ok, witness = useful((coord, p, skip))
                if not ok:
                    return
        seen_paths.add(key)
        framed = left[0] is not None
        if framed:
            push(witness)
        record(coord, p, rot)
        for k in rot.path_nodes[p]:
            if (coord, k) != origin and not blocks(coord, k):
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
            if framed:
                push(witness)
            inv = opposite(e)
            onward = conv or len(rot.edge_paths[e]) > 1
            for q in hexes[nb].rot.edge_paths.get(inv, ()):
                walk_path(nb, q, inv, origin, node_conv, onward)
            if framed:
                pop()
            left_by[side] -= 1
        if framed:
            pop()
        if conv:
            seen_paths.discard(key)

    nodes.add(start)
    try:
        walk_node(start[0], start[1], False)
    except _Done:
        pass


_OPP = (3, 4, 5, 0, 1, 2)
_BUDGET = 50                 # converging re-walks per hex of the map before the walk prunes


def _over(hexes, links, blocks, seen_nodes, seen_paths, left_by, node, path, skip, new=None):
    """The paths a walk could reach from `node` (a (coord, node) to walk) or from `path` (a
    (coord, path) entered by side `skip`), chains' own marks ignored: the closure over "a path
    leads to its nodes that do not block and are not marked, and across each side (but `skip`)
    to the neighbour's paths on the facing side; a node leads to its paths", never through a path
    that is marked or uses a side the chain has left by. With `new` (the recorded paths), only
    whether it holds a path not among them: True or False."""
    seen = {}                           # (coord, path, side entered by or None) -> (from, node)
    found = set()                       # (coord, path)
    done_nodes = set()
    if node is not None:
        done_nodes.add(node)
        c = node[0]
        todo = [(c, q, None) for q in hexes[c].rot.node_paths[node[1]] if (c, q) not in seen_paths]
        for st in todo:
            seen[st] = (None, node[1])
    else:
        todo = [(path[0], path[1], skip)]
        seen[todo[0]] = (None, None)
    while todo:
        cur = todo.pop()
        c, q, sk = cur
        if new is not None:
            if (c, q) not in new:
                chain = []
                while cur is not None:
                    back, via = seen[cur]
                    chain.append((cur, via))
                    cur = back
                chain.reverse()
                return True, chain
        else:
            found.add((c, q))
        rot = hexes[c].rot
        for k in rot.path_nodes[q]:
            nk = (c, k)
            if nk in done_nodes or nk in seen_nodes or blocks(c, k):
                continue
            done_nodes.add(nk)
            for r in rot.node_paths[k]:
                st = (c, r, None)
                if st in seen or (c, r) in seen_paths:
                    continue
                if left_by and any(left_by.get((c, e)) for e in rot.path_edges[r]):
                    continue
                seen[st] = (cur, k)
                todo.append(st)
        here = links[c]
        for e in rot.path_edges[q]:
            if e == sk:
                continue
            nb = here[e]
            if nb is None:
                continue
            nrot = hexes[nb].rot
            inv = _OPP[e]
            for r in nrot.edge_paths.get(inv, ()):
                st = (nb, r, inv)
                if st in seen or (nb, r) in seen_paths:
                    continue
                if left_by and any(left_by.get((nb, f)) for f in nrot.path_edges[r]):
                    continue
                seen[st] = (cur, None)
                todo.append(st)
    return (False, seen) if new is not None else found


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
