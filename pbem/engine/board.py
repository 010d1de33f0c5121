"""The map: which tile lies on each hex, its rotation, the remaining river borders, and the
station tokens in each city. Tile lays are checked and applied by the TrackLays mixin
(track.py), station tokens by the Stations mixin (stations.py).

A city is named by (coord, city_index): the index among the cities of the tile that lies on
the hex now (not the node index; `city_node` / `city_index_of_node` convert).

Every change bumps `Board.version` and goes through `_changed`, which drops what the
change can make wrong of the work graph.py, route_chains.py, track.py and stations.py keep in
`_cache` (a network, a lay allowed, the tokens' index, the sides track may cross, track chains)
and keeps the rest.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pbem.engine import hexgrid
from pbem.engine.tiles import (
    IMPASSABLE_COLORS, Border, TileDef, manifest_counts, tile_from_def,
)
from pbem.errors import RuleError

EDGE_NAMES = hexgrid.EDGE_NAMES


from pbem.engine.stations import Stations, Token  # noqa: E402,F401  (Token is part of the board's API)
from pbem.engine.track import Crossing, LayQuote, LayResult, TrackLays  # noqa: E402,F401

@dataclass(frozen=True)
class PlacedTile:
    """Read-only view of what lies on a hex."""

    coord: str
    def_: TileDef
    rotation: int
    printed: bool
    icons: tuple[str, ...]          # icon names on the hex (sticky printed icons included)

    @property
    def name(self) -> str:
        return self.def_.name

    @property
    def color(self) -> str:
        return self.def_.color

    @property
    def has_track(self) -> bool:
        return self.def_.has_track

    @property
    def label(self) -> Optional[str]:
        return self.def_.label

    @property
    def exits(self) -> frozenset[int]:
        return self.def_.rot(self.rotation).exits


class _Hex:
    """Mutable state of one hex (internal)."""

    __slots__ = ("coord", "xy", "printed_tile", "tile", "rotation", "borders", "tokens", "res",
                 "tile_res", "sticky_icons", "group", "adj", "rot")

    def __init__(self, coord: str, xy, tile: TileDef, group: int):
        self.coord = coord
        self.xy = xy
        self.printed_tile = tile
        self.group = group
        self.sticky_icons = tuple(i["name"] for i in tile.icons if i.get("sticky") and i.get("name"))
        self.borders: dict[int, Border] = {b.edge: b for b in tile.borders}
        self.tile_res: list[str] = []
        self.adj: list[Optional[str]] = [None] * 6
        self._set(tile, 0)
        self.tokens: list[list[Optional[Token]]] = [[None] * tile.nodes[k].slots for k in tile.city_nodes]
        self.res: list[list[Optional[str]]] = [[None] * tile.nodes[k].slots for k in tile.city_nodes]

    def _set(self, tile: TileDef, rotation: int) -> None:
        self.tile = tile
        self.rotation = rotation % 6
        self.rot = tile.rot(rotation)

    @property
    def printed(self) -> bool:
        return self.tile is self.printed_tile


_PRINTED: dict[int, tuple[dict, TileDef]] = {}


def _printed_tile(h: dict) -> TileDef:
    """The printed tile of a title's hex entry, parsed once per title data (TileDefs are immutable).
    The cache holds the entry itself, so its id cannot be reused by another dict."""
    hit = _PRINTED.get(id(h))
    if hit is not None and hit[0] is h:
        return hit[1]
    d = dict(h.get("def") or {})
    d.setdefault("color", h.get("color", "white"))
    tile = tile_from_def(h["coord"], d)
    if len(_PRINTED) > 5000:
        _PRINTED.clear()
    _PRINTED[id(h)] = (h, tile)
    return tile


def printed_tiles(title_data: dict) -> list[TileDef]:
    """The printed tiles of a title's map, in its hexes' order (the same objects every board of
    that data points at: `pbem.engine.snapshot` names them instead of writing them)."""
    return [_printed_tile(h) for h in title_data.get("hexes") or () if not h.get("tile")]


class Board(TrackLays, Stations):
    """All hexes of one game's map, with the tile supply and the station tokens."""

    def __init__(self, title_data: dict, catalogue: dict[str, TileDef]):
        self.title_data = title_data
        self.catalogue = catalogue
        self.axes = title_data.get("axes") or hexgrid.DEFAULT_AXES
        self.layout = title_data.get("layout", "flat")
        self.location_names: dict[str, str] = dict(title_data.get("location_names") or {})
        self.version = 0
        self._cache: dict = {}
        self._hexes: dict[str, _Hex] = {}
        by_xy: dict = {}
        for h in title_data.get("hexes") or ():
            coord = h["coord"]
            if h.get("tile"):
                tile = catalogue.get(h["tile"])
                if tile is None:
                    raise ValueError(f"hex {coord} is printed with tile {h['tile']}, which is not in the catalogue")
            else:
                tile = _printed_tile(h)
            xy = hexgrid.parse(coord, self.axes)
            hx = _Hex(coord, xy, tile, int(h.get("group", 0)))
            self._hexes[coord] = hx
            by_xy[xy] = coord
        offs = hexgrid.offsets(self.layout)
        for hx in self._hexes.values():
            for e, (dx, dy) in enumerate(offs):
                hx.adj[e] = by_xy.get((hx.xy[0] + dx, hx.xy[1] + dy))
        self._by_xy = by_xy
        counts = manifest_counts(title_data)
        self.manifest: dict[str, Optional[int]] = counts
        self._supply: dict[str, Optional[int]] = dict(counts)

    # ------------------------------------------------------------------ basic queries
    def _changed(self, tiles: bool = False, coord: Optional[str] = None, corps: tuple = ()) -> None:
        """Invalidate derived data after a change at `coord` (None: anywhere).

        A corporation's cached network survives a change outside it: its walk can only enter a
        hex across a side it already touches, so a lay or token elsewhere cannot alter it (the
        corporations whose own stations changed, `corps`, are always recomputed)."""
        self.version += 1
        old = self._cache
        self._cache = {}
        links = old.get("links")
        if links is not None:
            if tiles and coord is not None:
                # the hex's own sides, and each neighbour's side toward it: a neighbour's other
                # sides read neither the hex's tile nor its borders
                link = self.link
                links = dict(links)
                links[coord] = tuple([link(coord, e) for e in range(6)])
                for n in self._hexes[coord].adj:
                    if n is not None:
                        adj = self._hexes[n].adj
                        links[n] = tuple([link(n, e) if adj[e] == coord else old_link
                                          for e, old_link in enumerate(links[n])])
            elif tiles:
                links = None
        if links is not None:
            self._cache["links"] = links
        # track chains (route_chains.py) follow the tiles alone: a station change keeps them all,
        # a lay keeps the segments (chains along given hexes) that do not cross its hex: such a
        # chain reads the tiles of its own hexes and their sides toward each other, and a lay
        # changes no tile but its own and no side but those toward its own hex
        segments = old.get("segments")
        if segments and (not tiles or coord is not None):
            if tiles:
                segments = {seg: cs for seg, cs in segments.items() if coord not in seg}
            if segments:
                self._cache["segments"] = segments
        if not tiles and "chains" in old:
            self._cache["chains"] = old["chains"]
        reach = old.get("reach")
        if reach and coord is not None:
            kept = {corp: r for corp, r in reach.items()
                    if corp not in corps and coord not in r.edges and coord not in r.node_hexes}
            if kept:
                self._cache["reach"] = kept

    def _hex(self, coord: str) -> _Hex:
        hx = self._hexes.get(coord)
        if hx is None:
            raise RuleError(f"there is no hex {coord} on the map", rule="map")
        return hx

    def has_hex(self, coord: str) -> bool:
        return coord in self._hexes

    def hex_coords(self) -> list[str]:
        return list(self._hexes)

    def tile(self, coord: str) -> PlacedTile:
        hx = self._hex(coord)
        icons = tuple(dict.fromkeys(hx.sticky_icons + hx.tile.icon_names()))
        return PlacedTile(coord, hx.tile, hx.rotation, hx.printed, icons)

    def tile_def(self, coord: str) -> tuple[TileDef, int]:
        """The design of the tile on the hex and its rotation (`tile` without its icons)."""
        hx = self._hex(coord)
        return hx.tile, hx.rotation

    def icons(self, coord: str) -> tuple[str, ...]:
        """Icon names on the hex; sticky printed icons (a title's rebellion hexes) survive every lay."""
        return self.tile(coord).icons

    def printed_tile(self, coord: str) -> TileDef:
        return self._hex(coord).printed_tile

    def group(self, coord: str) -> int:
        """Position of the hex in its group of identical printed hexes (18xx.games tile id)."""
        return self._hex(coord).group

    def rotation(self, coord: str) -> int:
        return self._hex(coord).rotation

    def rot(self, coord: str):
        """The current tile's rotation-dependent data (tiles.Rot)."""
        return self._hexes[coord].rot

    def borders(self, coord: str) -> dict[int, Border]:
        """Remaining borders of the hex, by edge (completed costed crossings are gone)."""
        return dict(self._hex(coord).borders)

    def neighbor(self, coord: str, edge: int) -> Optional[str]:
        """The hex across `edge`, or None when that is off the map."""
        return self._hex(coord).adj[edge % 6]

    def link(self, coord: str, edge: int) -> Optional[str]:
        """The hex track may enter across `edge` (18xx.games Hex#neighbors): None when it is off
        the map, a red/blue/gray hex without track on that side, or an impassable border."""
        hx = self._hexes[coord]
        nb = hx.adj[edge]
        if nb is None:
            return None
        b = hx.borders.get(edge)
        if b is not None and b.type == "impassable":
            return None
        nh = self._hexes[nb]
        if nh.tile.color in IMPASSABLE_COLORS and hexgrid.opposite(edge) not in nh.rot.exits:
            return None
        return nb

    def supply(self, name: str) -> Optional[int]:
        """Copies of tile `name` left (None = unlimited; 0 also when the title has no such tile)."""
        if name not in self._supply:
            return 0
        return self._supply[name]

    def location_name(self, coord: str) -> str:
        return self.location_names.get(coord, "")

    # ------------------------------------------------------------------ cities and nodes
    def city_count(self, coord: str) -> int:
        return len(self._hex(coord).tile.city_nodes)

    def city_node(self, coord: str, city: int) -> int:
        """Node index of city number `city` on the hex's current tile."""
        hx = self._hex(coord)
        self._check_city(hx, city)
        return hx.tile.city_nodes[city]

    def city_index_of_node(self, coord: str, node: int) -> int:
        """City number of node `node` (the part index of 18xx.games city ids)."""
        hx = self._hex(coord)
        ci = hx.tile.city_index(node)
        if ci is None:
            raise RuleError(f"{coord} has no city at node {node} (tile {hx.tile.name})", rule="map")
        return ci

    def _check_city(self, hx: _Hex, city: int) -> None:
        n = len(hx.tile.city_nodes)
        if n == 0:
            raise RuleError(f"{hx.coord} has no city", rule="stations go in cities")
        if not 0 <= city < n:
            raise RuleError(f"{hx.coord} has {n} {'city' if n == 1 else 'cities'}; there is no city {city}",
                            rule="stations go in cities")

    # ------------------------------------------------------------------ misc
    def laid_tiles(self) -> dict[str, int]:
        """How many of each tile lie on the map (the printed ones not counted)."""
        out: dict[str, int] = {}
        for hx in self._hexes.values():
            if hx.tile is not hx.printed_tile:
                out[hx.tile.name] = out.get(hx.tile.name, 0) + 1
        return out

    def snapshot(self) -> dict:
        """Plain-data view of the board (for saving, rendering and debugging)."""
        out = {}
        for c, hx in self._hexes.items():
            # a printed hex with no token, reservation or hex reservation is left out (most of
            # the map: the test is written flat, as it runs for every hex of every snapshot)
            if hx.tile is hx.printed_tile and not hx.tile_res:
                for s in hx.tokens:
                    if any(s):
                        break
                else:
                    for r in hx.res:
                        if any(r):
                            break
                    else:
                        continue
            out[c] = {
                "tile": hx.tile.name, "rotation": hx.rotation, "printed": hx.printed,
                "tokens": [[(t.corp, t.laid_by, t.neutral) if t else None for t in toks] for toks in hx.tokens],
                "reservations": [list(r) for r in hx.res], "hex_reservations": list(hx.tile_res),
            }
        return out
