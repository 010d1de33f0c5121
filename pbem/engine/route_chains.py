"""Track chains: walks along track from one stop to the next passing no other stop, the pieces
routes are built from (pbem/engine/routes.py), cached on the board until it changes.

Track keys: (coord, edge) for each hex side a path uses, (coord, 'p', path) for a path that
joins two nodes inside a hex.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pbem.engine import hexgrid
from pbem.errors import RuleError

#: enumeration limit (keeps replays fast and bad input harmless)
MAX_CHAINS_PER_NODE = 4000


@dataclass(frozen=True)
class Chain:
    """Track from node `start` to node `end` (each (coord, node)) with no node between."""

    start: tuple[str, int]
    end: tuple[str, int]
    paths: tuple[tuple[str, int], ...]
    keys: frozenset
    hexes: tuple[str, ...]


def _path_keys(coord: str, p: int, rot) -> tuple:
    edges = rot.path_edges[p]
    if edges:
        return tuple([(coord, e) for e in edges])
    return ((coord, "p", p),)


def chains_from(board, coord: str, node: int) -> list[Chain]:
    """Every chain starting at node `node` of `coord` (cached until the board changes)."""
    cache = board._cache.setdefault("chains", {})
    key = (coord, node)
    got = cache.get(key)
    if got is not None:
        return got
    hexes = board._hexes
    link = board.link
    opposite = hexgrid.opposite
    out: list[Chain] = []
    start = (coord, node)
    rot0 = hexes[coord].rot

    # iterative DFS; state: list of (coord, path) walked, keys used
    def dfs(c: str, p: int, idx: int, walked: list, keys: set) -> None:
        if len(out) >= MAX_CHAINS_PER_NODE:
            return
        rot = hexes[c].rot
        pk = _path_keys(c, p, rot)
        if not keys.isdisjoint(pk):
            return
        walked.append((c, p))
        keys.update(pk)
        other = rot.paths[p][1 - idx]
        if isinstance(other, int):
            nb = link(c, other)
            if nb is not None:
                inv = opposite(other)
                nrot = hexes[nb].rot
                for q in nrot.edge_paths.get(inv, ()):
                    a, _b = nrot.paths[q]
                    dfs(nb, q, 0 if a == inv else 1, walked, keys)
        else:
            end = (c, other[1])
            if end != start:
                out.append(Chain(start, end, tuple(walked), frozenset(keys), tuple([x for x, _ in walked])))
        keys.difference_update(pk)
        walked.pop()

    for p in rot0.node_paths[node]:
        a, _b = rot0.paths[p]
        idx = 0 if (not isinstance(a, int) and a[1] == node) else 1
        dfs(coord, p, idx, [], set())
    out.sort(key=lambda ch: len(ch.paths))
    cache[key] = out
    return out


def _segment_chains(board, seg: Sequence[str]) -> list[Chain]:
    """Chains whose hexes are exactly `seg` (first hex = start), found by walking only along it."""
    seg = tuple(seg)
    cache = board._cache.setdefault("segments", {})
    got = cache.get(seg)
    if got is not None:
        return got
    hexes = board._hexes
    if any(h not in hexes for h in seg):
        raise RuleError(f"there is no hex {next(h for h in seg if h not in hexes)} on the map", rule="routes")
    link = board.link
    opposite = hexgrid.opposite
    n = len(seg)
    out: list[Chain] = []

    def dfs(start, c: str, p: int, idx: int, depth: int, walked: list, keys: set) -> None:
        rot = hexes[c].rot
        pk = _path_keys(c, p, rot)
        if not keys.isdisjoint(pk):
            return
        walked.append((c, p))
        keys.update(pk)
        other = rot.paths[p][1 - idx]
        if isinstance(other, int):
            if depth + 1 < n:
                nb = link(c, other)
                if nb is not None and nb == seg[depth + 1]:
                    inv = opposite(other)
                    nrot = hexes[nb].rot
                    for q in nrot.edge_paths.get(inv, ()):
                        a, _b = nrot.paths[q]
                        dfs(start, nb, q, 0 if a == inv else 1, depth + 1, walked, keys)
        elif depth == n - 1 and (c, other[1]) != start:
            out.append(Chain(start, (c, other[1]), tuple(walked), frozenset(keys), seg))
        keys.difference_update(pk)
        walked.pop()

    rot0 = hexes[seg[0]].rot
    for k in range(len(hexes[seg[0]].tile.nodes)):
        for p in rot0.node_paths[k]:
            a, _b = rot0.paths[p]
            idx = 0 if (not isinstance(a, int) and a[1] == k) else 1
            dfs((seg[0], k), seg[0], p, idx, 0, [], set())
    out.sort(key=lambda ch: len(ch.paths))
    cache[seg] = out
    return out
