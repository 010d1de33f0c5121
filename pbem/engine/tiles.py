"""Tile definitions: nodes (cities, towns, off-boards), track paths, labels, borders, rotation.

A `TileDef` is immutable and shared by every copy of a tile. Everything that depends on a
rotation (map edges of the paths, exits, which edges each city touches) is computed once per
rotation and cached on the definition, because the route finder asks for it constantly.

Path ends are an edge number 0-5 or ('n', k) for node k of the tile. A tile laid with rotation
r puts its edge e on map edge (e + r) % 6.

The only I/O here is reading the title's JSON data (see docs/title-data.md), done by callers;
`load_catalogue` turns the parsed JSON into definitions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Union

from pbem.engine.stopcount import Stops, stops

End = Union[int, tuple[str, int]]
Revenue = Union[int, dict]

COLOR_ORDER = ("white", "yellow", "green", "brown", "gray")
#: colours on which no tile may ever be laid
FIXED_COLORS = frozenset({"red", "blue", "gray"})
#: hexes of these colours cannot be entered except through an edge where their own tile has track
IMPASSABLE_COLORS = frozenset({"red", "blue", "gray"})


@dataclass(frozen=True, eq=False)
class Node:
    """A revenue location on a tile. `index` is its position in the tile definition (= the
    part index used in 18xx.games ids). `slots` is 0 for towns and off-boards."""

    index: int
    kind: str                      # 'city' | 'town' | 'offboard'
    revenue: Revenue = 0
    slots: int = 0
    groups: tuple = ()
    visit_cost: Stops = 1          # what the stop uses of a train's distance (½ for a village)
    optional: bool = False         # 18xx.games route:optional (a fishing exit)
    hidden: bool = False

    @property
    def is_city(self) -> bool:
        return self.kind == "city"

    @property
    def is_town(self) -> bool:
        return self.kind == "town"

    @property
    def is_offboard(self) -> bool:
        return self.kind == "offboard"

    @property
    def max_revenue(self) -> int:
        if isinstance(self.revenue, dict):
            return max(self.revenue.values(), default=0)
        return int(self.revenue)


@dataclass(frozen=True)
class Border:
    """A hexside feature: `type` water|mountain|impassable|None (None = drawing joint only)."""

    edge: int
    type: Optional[str] = None
    cost: int = 0


class Rot:
    """Everything about a tile that depends on its rotation (computed once, shared)."""

    __slots__ = ("rotation", "paths", "exits", "edge_paths", "node_paths", "node_edges",
                 "city_edges", "ct_edges", "path_edges", "path_nodes", "path_key")

    def __init__(self, tile: "TileDef", r: int):
        self.rotation = r
        rp = tuple(tuple(_rot_end(e, r) for e in p) for p in tile.paths)
        self.paths: tuple[tuple[End, End], ...] = rp  # type: ignore[assignment]
        edge_paths: dict[int, list[int]] = {}
        node_paths: list[list[int]] = [[] for _ in tile.nodes]
        path_edges: list[tuple[int, ...]] = []
        path_nodes: list[tuple[int, ...]] = []
        for i, (a, b) in enumerate(rp):
            pe, pn = [], []
            for end in (a, b):
                if isinstance(end, int):
                    edge_paths.setdefault(end, []).append(i)
                    pe.append(end)
                else:
                    node_paths[end[1]].append(i)
                    pn.append(end[1])
            path_edges.append(tuple(pe))
            path_nodes.append(tuple(pn))
        self.edge_paths = {e: tuple(v) for e, v in edge_paths.items()}
        self.node_paths = tuple(tuple(v) for v in node_paths)
        self.path_edges = tuple(path_edges)
        self.path_nodes = tuple(path_nodes)
        self.exits = frozenset(self.edge_paths)
        self.node_edges = tuple(frozenset(e for p in node_paths[k] for e in path_edges[p])
                                for k in range(len(tile.nodes)))
        self.city_edges = [set(self.node_edges[k]) for k in tile.city_nodes]
        # like 18xx.games Tile#city_town_edges: one entry per city/town that has track
        self.ct_edges = [self.node_edges[k] for k in tile.ct_nodes if node_paths[k]]
        # canonical, order-free description of the laid track (to spot equivalent rotations)
        self.path_key = frozenset(frozenset(((0, e) if isinstance(e, int) else (1, e[1])) for e in p)
                                  for p in rp)


def _rot_end(end: End, r: int) -> End:
    return (end + r) % 6 if isinstance(end, int) else end


@dataclass(frozen=True, eq=False)
class TileDef:
    """One tile design. `paths` ends are edge ints or ('n', k). `upgrade_cost` is paid by the
    lay that replaces this tile (printed terrain); `borders` are printed hexside features."""

    name: str
    color: str
    nodes: tuple[Node, ...] = ()
    paths: tuple[tuple[End, End], ...] = ()
    label: Optional[str] = None
    borders: tuple[Border, ...] = ()
    upgrade_cost: int = 0
    terrain: tuple[str, ...] = ()
    icons: tuple[dict, ...] = ()
    terminal_paths: tuple[int, ...] = ()
    future_label: Optional[dict] = None
    city_nodes: tuple[int, ...] = field(default=(), init=False)
    town_nodes: tuple[int, ...] = field(default=(), init=False)
    ct_nodes: tuple[int, ...] = field(default=(), init=False)
    _rots: tuple = field(default=(), init=False, repr=False)

    def __post_init__(self):
        cities = tuple(n.index for n in self.nodes if n.kind == "city")
        towns = tuple(n.index for n in self.nodes if n.kind == "town")
        object.__setattr__(self, "city_nodes", cities)
        object.__setattr__(self, "town_nodes", towns)
        object.__setattr__(self, "ct_nodes", tuple(n.index for n in self.nodes if n.kind in ("city", "town")))
        object.__setattr__(self, "_rots", tuple(Rot(self, r) for r in range(6)))

    # --- convenience ---------------------------------------------------------------------
    @property
    def has_track(self) -> bool:
        return bool(self.paths)

    @property
    def cities(self) -> list[Node]:
        return [self.nodes[k] for k in self.city_nodes]

    @property
    def towns(self) -> list[Node]:
        return [self.nodes[k] for k in self.town_nodes]

    def rot(self, r: int) -> Rot:
        return self._rots[r % 6]

    def city_index(self, node: int) -> Optional[int]:
        """Index among this tile's cities of node `node` (None if it is not a city)."""
        try:
            return self.city_nodes.index(node)
        except ValueError:
            return None

    def icon_names(self) -> tuple[str, ...]:
        return tuple(i.get("name") for i in self.icons if i.get("name"))

    def __repr__(self) -> str:
        return f"TileDef({self.name!r}, {self.color})"


# --- rotation helpers (public API) -----------------------------------------------------------
def rotated_paths(tile: TileDef, r: int) -> tuple[tuple[End, End], ...]:
    """The tile's paths with edges placed on the map for rotation r."""
    return tile.rot(r).paths


def exits(tile: TileDef, r: int) -> frozenset[int]:
    """Map edges the tile's track reaches when laid with rotation r."""
    return tile.rot(r).exits


def city_edges(tile: TileDef, r: int) -> list[set[int]]:
    """For each city (in city order), the map edges its track reaches at rotation r."""
    return [set(s) for s in tile.rot(r).city_edges]


def distinct_rotations(tile: TileDef) -> list[int]:
    """Rotations giving different track (e.g. a straight tile has 3, tile 63 has 1)."""
    seen, out = set(), []
    for r in range(6):
        k = tile.rot(r).path_key
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


def equivalent_rotations(tile: TileDef, r: int) -> list[int]:
    """All rotations that lay exactly the same track as rotation r."""
    k = tile.rot(r).path_key
    return [q for q in range(6) if tile.rot(q).path_key == k]


# --- revenue -----------------------------------------------------------------------------------
def node_revenue(node: Node, phase_tile_colors: Iterable[str]) -> int:
    """Revenue of a node now. A colour map takes the value of the latest colour of the current
    phase that appears in the map (off-boards: yellow until brown is available)."""
    rev = node.revenue
    if not isinstance(rev, dict):
        return int(rev)
    colors = list(phase_tile_colors)
    for c in reversed(colors):
        if c in rev:
            return int(rev[c])
    return 0


# --- loading ------------------------------------------------------------------------------------
def _end(v: Any) -> End:
    if isinstance(v, int):
        if not 0 <= v <= 5:
            raise ValueError(f"edge {v} out of range")
        return v
    if isinstance(v, str) and v.startswith("n") and v[1:].isdigit():
        return ("n", int(v[1:]))
    if isinstance(v, str) and v.isdigit():
        return int(v)
    raise ValueError(f"bad path end {v!r}")


def tile_from_def(name: str, d: dict) -> TileDef:
    """Build a TileDef from the JSON tile definition of docs/title-data.md."""
    nodes = []
    for i, n in enumerate(d.get("nodes") or ()):
        kind = n.get("kind", "city")
        rev = n.get("revenue", 0)
        if isinstance(rev, dict):
            rev = {str(k): int(v) for k, v in rev.items()}
        else:
            rev = int(rev or 0)
        nodes.append(Node(
            index=i, kind=kind, revenue=rev,
            slots=int(n.get("slots", 1)) if kind == "city" else 0,
            groups=tuple(n.get("groups") or ()),
            visit_cost=stops(n.get("visit_cost", 1)),
            optional=bool(n.get("optional", False)),
            hidden=bool(n.get("hidden", False)),
        ))
    paths = tuple((_end(a), _end(b)) for a, b in (d.get("paths") or ()))
    for p in paths:
        for e in p:
            if not isinstance(e, int) and not 0 <= e[1] < len(nodes):
                raise ValueError(f"tile {name}: path end n{e[1]} names a node that does not exist")
    borders = tuple(Border(int(b["edge"]), b.get("type"), int(b.get("cost") or 0))
                    for b in (d.get("borders") or ()))
    up = d.get("upgrade") or {}
    return TileDef(
        name=str(name),
        color=d.get("color", "white"),
        nodes=tuple(nodes),
        paths=paths,
        label=d.get("label") or None,
        borders=borders,
        upgrade_cost=int(up.get("cost") or 0),
        terrain=tuple(up.get("terrain") or ()),
        icons=tuple(dict(i) for i in (d.get("icons") or ())),
        terminal_paths=tuple(d.get("terminal_paths") or ()),
        future_label=d.get("future_label"),
    )


def manifest_counts(title_data: dict) -> dict[str, Optional[int]]:
    """Tile name -> number of copies (None = unlimited) from the title's manifest."""
    out: dict[str, Optional[int]] = {}
    for name, v in (title_data.get("tiles") or {}).items():
        if isinstance(v, dict):
            v = v.get("count", 1)
        out[str(name)] = None if v in (None, "unlimited") else int(v)
    return out


def load_catalogue(title_data: dict, tiles_json: dict) -> dict[str, TileDef]:
    """Tile name -> TileDef for every tile in the title's manifest; inline definitions in the
    title (its own R tiles, say) take precedence over the shared catalogue."""
    out: dict[str, TileDef] = {}
    for name, v in (title_data.get("tiles") or {}).items():
        name = str(name)
        if isinstance(v, dict) and v.get("def"):
            out[name] = tile_from_def(name, v["def"])
        elif name in tiles_json:
            out[name] = tile_from_def(name, tiles_json[name])
        else:
            raise ValueError(f"tile {name} is in the {title_data.get('title')} manifest but has no definition")
    return out
