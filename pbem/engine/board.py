"""The map: which tile lies on each hex, its rotation, the remaining river borders, and the
station tokens in each city. Checks tile lays and token placements against the rules.

A city is named by (coord, city_index): the index among the cities of the tile that lies on
the hex now (not the node index; `city_node` / `city_index_of_node` convert).

Every change bumps `Board.version`; graph.py and routes.py cache their work per version.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Optional

from pbem.engine import hexgrid
from pbem.engine.tiles import (
    COLOR_ORDER, FIXED_COLORS, IMPASSABLE_COLORS, Border, TileDef, manifest_counts, tile_from_def,
)
from pbem.errors import RuleError

EDGE_NAMES = hexgrid.EDGE_NAMES


@dataclass(frozen=True)
class Token:
    """A station marker. `corp` is whose marker it is (1882 neutral stations are CN's markers),
    `laid_by` the corporation that placed it, `neutral` marks a neutral station."""

    corp: str
    laid_by: str
    neutral: bool = False


@dataclass(frozen=True)
class Crossing:
    """A costed border completed by a lay: `coord`/`edge` on the laid hex, `neighbor` across it."""

    coord: str
    edge: int
    neighbor: str
    type: Optional[str]
    cost: int


@dataclass(frozen=True)
class LayQuote:
    """What a legal lay costs. `crossings` counts the costed borders it completes (1882:
    the Trestle Bridge pays $10 for each); `crossed` details them."""

    cost_terrain: int
    cost_borders: int
    crossings: int
    crossed: tuple[Crossing, ...] = ()
    upgrade: bool = False          # the hex already held a non-white tile

    @property
    def cost(self) -> int:
        return self.cost_terrain + self.cost_borders


@dataclass(frozen=True)
class LayResult(LayQuote):
    """A lay that happened. `lifted_tokens` were taken off (old tile without track, new tile
    with several cities): the game must have their owners place them again. `replaced` is the
    name of the tile that was on the hex."""

    lifted_tokens: tuple[Token, ...] = ()
    replaced: str = ""


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


def _edge_str(e: int) -> str:
    return f"{e} ({EDGE_NAMES[e]})"


def _edges_str(edges: Iterable[int]) -> str:
    return ", ".join(_edge_str(e) for e in sorted(edges)) or "none"


def _path_le(p, q, old: TileDef, new: TileDef) -> bool:
    """18xx.games Path#<=: every end of old path p matches an end of new path q (same edge,
    or a node of the same kind)."""
    for t in p:
        ok = False
        for o in q:
            if isinstance(t, int):
                if isinstance(o, int) and o == t:
                    ok = True
                    break
            elif not isinstance(o, int) and old.nodes[t[1]].kind == new.nodes[o[1]].kind:
                ok = True
                break
        if not ok:
            return False
    return True


def _paths_kept(old: TileDef, old_r: int, new: TileDef, new_r: int) -> bool:
    op = old.rot(old_r).paths
    np_ = new.rot(new_r).paths
    return all(any(_path_le(p, q, old, new) for q in np_) for p in op)


def _describe_path(tile: TileDef, p) -> str:
    parts = []
    for e in p:
        if isinstance(e, int):
            parts.append(f"edge {e}")
        else:
            parts.append(tile.nodes[e[1]].kind)
    return "-".join(parts)


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


class Board:
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
                links = dict(links)
                for c in [coord] + [n for n in self._hexes[coord].adj if n is not None]:
                    links[c] = tuple(self.link(c, e) for e in range(6))
            elif tiles:
                links = None
        if links is not None:
            self._cache["links"] = links
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

    def icons(self, coord: str) -> tuple[str, ...]:
        """Icon names on the hex; sticky printed icons (1882 NWR) survive every lay."""
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

    # ------------------------------------------------------------------ tokens
    def slots(self, coord: str, city: int) -> list[Optional[Token]]:
        hx = self._hex(coord)
        self._check_city(hx, city)
        return list(hx.tokens[city])

    def reserved(self, coord: str, city: int) -> list[Optional[str]]:
        """Slot reservations of the city (corporation symbol or None per slot)."""
        hx = self._hex(coord)
        self._check_city(hx, city)
        return list(hx.res[city])

    def tile_reservations(self, coord: str) -> list[str]:
        """Reservations on the hex not tied to one city (1882 QLL on J10)."""
        return list(self._hex(coord).tile_res)

    def reserve(self, coord: str, city: Optional[int], corp: str) -> None:
        """Reserve a home slot for `corp`. city None on a hex with one city means that city; on
        a hex with several cities the reservation holds for the hex until the home is chosen."""
        hx = self._hex(coord)
        if city is None and len(hx.tile.city_nodes) == 1:
            city = 0
        if city is None:
            if corp not in hx.tile_res:
                hx.tile_res.append(corp)
        else:
            self._check_city(hx, city)
            slot = self._open_slot(hx, city)
            if slot is None:
                hx.res[city].append(corp)
                hx.tokens[city].append(None)
            else:
                hx.res[city][slot] = corp
        self._changed()

    def unreserve(self, coord: str, corp: str) -> None:
        hx = self._hex(coord)
        self._drop_reservation(hx, corp)
        self._changed()

    def _drop_reservation(self, hx: _Hex, corp: str, city: Optional[int] = None) -> None:
        if corp in hx.tile_res:
            hx.tile_res.remove(corp)
        for ci, res in enumerate(hx.res):
            if city is not None and ci != city:
                continue
            for i, r in enumerate(res):
                if r == corp:
                    res[i] = None

    @staticmethod
    def _open_slot(hx: _Hex, city: int) -> Optional[int]:
        toks, res = hx.tokens[city], hx.res[city]
        for i, t in enumerate(toks):
            if t is None and res[i] is None:
                return i
        return None

    def _get_slot(self, hx: _Hex, city: int, corp: str) -> Optional[int]:
        """18xx.games City#get_slot: the corporation's reserved slot, else the first open one."""
        res = hx.res[city]
        for i, r in enumerate(res):
            if r == corp:
                return i
        return self._open_slot(hx, city)

    def available_slots(self, coord: str, city: int) -> int:
        hx = self._hex(coord)
        return sum(1 for i, t in enumerate(hx.tokens[city]) if t is None and hx.res[city][i] is None)

    def blocks(self, coord: str, city: int, corp: Optional[str]) -> bool:
        """A city blocks `corp` iff it has no empty slot, holds no token of corp, and no neutral."""
        if corp is None:
            return False
        toks = self._hexes[coord].tokens[city]
        if any(t is None for t in toks):
            return False
        for t in toks:
            if t.corp == corp or t.neutral:
                return False
        return True

    def node_blocks(self, coord: str, node: int, corp: Optional[str]) -> bool:
        """Whether a route of `corp` may not pass through this node (full city, or an off-board)."""
        hx = self._hexes[coord]
        n = hx.tile.nodes[node]
        if n.kind == "offboard":
            return True
        if n.kind != "city":
            return False
        return self.blocks(coord, hx.tile.city_index(node), corp)

    def has_token(self, coord: str, corp: str, city: Optional[int] = None) -> bool:
        """Whether a marker of `corp` is in the city (or anywhere on the hex when city is None)."""
        hx = self._hex(coord)
        cities = range(len(hx.tokens)) if city is None else [city]
        return any(t is not None and t.corp == corp for c in cities for t in hx.tokens[c])

    def token_problem(self, corp: str, coord: str, city: int, token: Optional[Token] = None) -> Optional[str]:
        """Why `corp` may not place `token` (default: its own marker) here, ignoring connection."""
        hx = self._hex(coord)
        self._check_city(hx, city)
        marker = token.corp if token else corp
        neutral = bool(token and token.neutral)
        where = f"{coord} city {city}" if len(hx.tile.city_nodes) > 1 else coord
        if self._get_slot(hx, city, marker) is None:
            if all(t is not None for t in hx.tokens[city]):
                return f"{where} has no free slot"
            who = sorted({r for r in hx.res[city] if r})
            return f"the free slot in {where} is reserved for {', '.join(who)}'s home station"
        if self.has_token(coord, marker):
            if neutral:
                return f"there is already a neutral station on {coord}"
            return f"{corp} already has a station on {coord}"
        if corp in hx.res[city]:
            return None
        if hx.tile_res:
            others = sum(1 for x in hx.tile_res if x != corp)
            avail = sum(1 for c in range(len(hx.tokens)) for i, t in enumerate(hx.tokens[c])
                        if t is None and hx.res[c][i] is None)
            if others >= avail:
                who = ", ".join(x for x in hx.tile_res if x != corp)
                return f"the last free slot on {coord} is reserved for {who}'s home station"
        return None

    def check_token(self, corp: str, coord: str, city: int, *, need_connection: bool = True,
                    token: Optional[Token] = None) -> None:
        """Raise RuleError unless `corp` may place `token` (default its own marker) in the city:
        a free slot not reserved for someone else, no marker of the same owner on the hex
        (a neutral station may join the corporation's own; only one neutral per hex), and, if
        need_connection, the city reachable by the corporation's track."""
        problem = self.token_problem(corp, coord, city, token)
        if problem:
            raise RuleError(problem, rule="station placement",
                            legal=[f"{c} city {i}" for c, i in self.tokenable_cities(corp, token=token)][:20])
        if need_connection:
            from pbem.engine.graph import reach

            node = self.city_node(coord, city)
            if (coord, node) not in reach(self, corp).nodes:
                raise RuleError(f"{corp} cannot reach {coord}" + (f" city {city}" if self.city_count(coord) > 1 else "")
                                + " along its track", rule="a new station must be connected to the corporation's network",
                                legal=[f"{c} city {i}" for c, i in reach(self, corp).tokenable_cities][:20])

    def tokenable_cities(self, corp: str, *, token: Optional[Token] = None,
                         connected: bool = True) -> list[tuple[str, int]]:
        """Cities where `corp` could place `token` now (connected: reachable by its track)."""
        if connected:
            from pbem.engine.graph import reach

            nodes = sorted(reach(self, corp).nodes)
            cand = [(c, self._hexes[c].tile.city_index(n)) for c, n in nodes
                    if self._hexes[c].tile.nodes[n].kind == "city"]
        else:
            cand = [(c, i) for c, hx in self._hexes.items() for i in range(len(hx.tile.city_nodes))]
        return [(c, i) for c, i in cand if self.token_problem(corp, c, i, token) is None]

    def place_token(self, coord: str, city: int, token: Token, slot: Optional[int] = None) -> int:
        """Put `token` in the city and return its slot: with `slot`, in that slot (replacing what
        is there: 1882 SC home on a neutral); else the marker owner's reserved slot, else the
        first empty unreserved slot. Removes the placing corporation's reservations on the hex."""
        hx = self._hex(coord)
        self._check_city(hx, city)
        toks = hx.tokens[city]
        if slot is not None:
            if not 0 <= slot < len(toks):
                raise RuleError(f"{coord} city {city} has {len(toks)} slots; there is no slot {slot}",
                                rule="station placement")
        else:
            slot = self._get_slot(hx, city, token.corp)
            if slot is not None and toks[slot] is not None:
                slot = self._open_slot(hx, city)
            if slot is None:
                raise RuleError(f"{coord} has no free slot for {token.laid_by}'s station", rule="station placement")
        toks[slot] = token
        hx.res[city][slot] = None
        if token.laid_by in hx.tile_res:
            hx.tile_res.remove(token.laid_by)
        self._drop_reservation(hx, token.laid_by, city)
        self._changed(coord=coord, corps=(token.corp, token.laid_by))
        return slot

    def remove_token(self, coord: str, city: int, slot: int) -> Token:
        hx = self._hex(coord)
        self._check_city(hx, city)
        toks = hx.tokens[city]
        if not 0 <= slot < len(toks) or toks[slot] is None:
            raise RuleError(f"there is no station in slot {slot} of {coord} city {city}", rule="station placement")
        t = toks[slot]
        toks[slot] = None
        self._changed(coord=coord, corps=(t.corp, t.laid_by))
        return t

    def token_locations(self) -> Iterator[tuple[str, int, int, Token]]:
        """(coord, city, slot, token) for every token on the map."""
        for c, hx in self._hexes.items():
            for ci, toks in enumerate(hx.tokens):
                for si, t in enumerate(toks):
                    if t is not None:
                        yield c, ci, si, t

    def all_tokens(self) -> list[Token]:
        return [t for _, _, _, t in self.token_locations()]

    def tokens_of(self, corp: str) -> list[tuple[str, int, int]]:
        """(coord, city, slot) of every marker of `corp` (neutral stations are CN's markers)."""
        return [(c, ci, si) for c, ci, si, t in self.token_locations() if t.corp == corp]

    def tokens_laid_by(self, corp: str) -> list[tuple[str, int, int, Token]]:
        return [x for x in self.token_locations() if x[3].laid_by == corp]

    def cities_with_free_slot(self) -> list[tuple[str, int]]:
        return [(c, ci) for c, hx in self._hexes.items() for ci in range(len(hx.tokens))
                if self._open_slot(hx, ci) is not None]

    def token_cities(self, corp: str) -> list[tuple[str, int]]:
        """(coord, node) of cities holding a marker of `corp` (where its network starts)."""
        out = []
        for c, ci, _ in self.tokens_of(corp):
            out.append((c, self._hexes[c].tile.city_nodes[ci]))
        return sorted(set(out))

    # ------------------------------------------------------------------ tile lays
    def _tile_def(self, name: str) -> TileDef:
        t = self.catalogue.get(name)
        if t is None:
            raise RuleError(f"there is no tile {name} in {self.title_data.get('title', 'this game')}",
                            rule="tile manifest")
        return t

    def _structural_problem(self, hx: _Hex, new: TileDef) -> Optional[tuple[str, str]]:
        """Rotation-independent reasons a tile may not replace the hex's tile (18xx.games upgrades_to?)."""
        old = hx.tile
        c = hx.coord
        if old.color in FIXED_COLORS:
            return (f"no tile can be laid on {c}: it is a {old.color} hex", "tiles go on white hexes or upgrade tiles")
        if old.color not in COLOR_ORDER:
            return (f"no tile can be laid on {c}", "map")
        oi = COLOR_ORDER.index(old.color)
        if new.color not in COLOR_ORDER or COLOR_ORDER.index(new.color) != oi + 1:
            want = COLOR_ORDER[oi + 1] if oi + 1 < len(COLOR_ORDER) else None
            what = f"it needs a {want} tile" if want else "it cannot be upgraded"
            return (f"tile {new.name} ({new.color}) cannot go on {c}: {c} holds "
                    + (f"tile {old.name}" if not hx.printed or old.has_track else "no track")
                    + f" ({old.color}), so {what}", "tiles upgrade one colour at a time")
        old_label = old.label
        fl = hx.printed_tile.future_label
        if fl and new.color == fl.get("color"):
            old_label = fl.get("label")          # the hex's label changes at that colour (1861 Kharkov)
        if old_label != new.label:
            if old_label:
                return (f"{c} is labelled {old_label}; tile {new.name} "
                        + (f"is labelled {new.label}" if new.label else "has no label")
                        + f", but only {old_label} tiles may go there", "labelled hexes take tiles with the same label")
            return (f"tile {new.name} is labelled {new.label} and may only go on a hex labelled {new.label}",
                    "labelled hexes take tiles with the same label")
        if len(old.town_nodes) != len(new.town_nodes):
            return (f"{c} has {len(old.town_nodes)} town(s) but tile {new.name} has {len(new.town_nodes)}",
                    "a tile must show the same towns as the hex")
        if not old.label and len(old.city_nodes) != len(new.city_nodes):
            return (f"{c} has {len(old.city_nodes)} city(ies) but tile {new.name} has {len(new.city_nodes)}",
                    "a tile must show the same cities as the hex")
        if old.label and old.city_nodes and not new.city_nodes:
            return (f"tile {new.name} has no city for {c}", "a tile must show the same cities as the hex")
        if old.color == "white" and old.label == "OO" and len(old.city_nodes) != len(new.city_nodes):
            return (f"{c} needs a tile with {len(old.city_nodes)} cities", "a tile must show the same cities as the hex")
        if len(old.city_nodes) > 1 and len(new.city_nodes) > 1:
            oc = old.rot(hx.rotation).ct_edges
            if not any(all(any(set((e + t) % 6 for e in o) <= n for n in new.rot(0).ct_edges) for o in oc)
                       for t in range(6)):
                return (f"tile {new.name} cannot keep the separate cities of {c}", "upgrades keep each city's track")
        if not any(_paths_kept(old, hx.rotation, new, r) for r in range(6)):
            return (f"tile {new.name} cannot replace {old.name} on {c} in any rotation without losing track",
                    "upgrades keep all existing track")
        return None

    def _rotation_problem(self, hx: _Hex, new: TileDef, r: int, corp: Optional[str],
                          check_connection: bool) -> Optional[tuple[str, str]]:
        """Reasons this rotation is illegal (18xx.games Tracker#legal_tile_rotation?)."""
        old = hx.tile
        c = hx.coord
        nr = new.rot(r)
        for e in sorted(nr.exits):
            if self.link(c, e) is None:
                nb = hx.adj[e]
                if nb is None:
                    why = f"its track would run off the map at edge {_edge_str(e)}"
                else:
                    b = hx.borders.get(e)
                    if b is not None and b.type == "impassable":
                        why = f"its track would cross the impassable border at edge {_edge_str(e)}"
                    else:
                        why = (f"its track would run into the blank side of {nb} "
                               f"({self._hexes[nb].tile.color}) at edge {_edge_str(e)}")
                return (f"tile {new.name} cannot go on {c} with rotation {r}: {why}",
                        "new track may not end at the map edge or a blank red/gray side")
        if not _paths_kept(old, hx.rotation, new, r):
            lost = [p for p in old.rot(hx.rotation).paths
                    if not any(_path_le(p, q, old, new) for q in nr.paths)]
            what = ", ".join(_describe_path(old, p) for p in lost)
            return (f"tile {new.name} with rotation {r} does not keep the existing track on {c} ({what})",
                    "upgrades keep all existing track")
        old_ct = old.rot(hx.rotation).ct_edges
        new_ct = nr.ct_edges
        added = max(0, len(new_ct) - len(old_ct))
        fresh = sum(1 for n in new_ct if all(not (n & o) for o in old_ct))
        if fresh > added:
            return (f"tile {new.name} with rotation {r} would move a city or town of {c}",
                    "upgrades keep each city's track")
        if len(new.city_nodes) > 1 and len(old.city_nodes) > 1:
            for o in old_ct:
                if sum(1 for n in new_ct if o <= n) != 1:
                    return (f"tile {new.name} with rotation {r} does not keep each city of {c} "
                            f"(the city with track to edges {_edges_str(o)})", "upgrades keep each city's track")
        old_ne = [old.rot(hx.rotation).node_edges[k] for k in old.ct_nodes]
        new_ne = [nr.node_edges[k] for k in new.ct_nodes]
        for o in old_ne:
            if not any(o <= n for n in new_ne):
                return (f"tile {new.name} with rotation {r} does not keep the track of each city on {c}",
                        "upgrades keep all existing track")
        if check_connection and corp is not None:
            from pbem.engine.graph import reach

            reached = reach(self, corp).edges.get(c, frozenset())
            if not (nr.exits & reached):
                return (f"{corp} cannot reach tile {new.name} on {c} with rotation {r}: none of its exits "
                        f"({_edges_str(nr.exits)}) connects to {corp}'s track or stations",
                        "new track must connect to the corporation's network")
        return None

    def _borders_completed(self, hx: _Hex, new: TileDef, r: int) -> list[Crossing]:
        out = []
        exits = new.rot(r).exits
        for e, b in sorted(hx.borders.items()):
            if not b.cost or e not in exits:
                continue
            nb = self.link(hx.coord, e)
            if nb is None:
                continue
            if hexgrid.opposite(e) in self._hexes[nb].rot.exits:
                out.append(Crossing(hx.coord, e, nb, b.type, b.cost))
        return out

    def check_lay(self, corp: Optional[str], coord: str, tile_name: str, rotation: int,
                  phase_colors: Iterable[str], *, check_connection: bool = True,
                  loading: bool = False) -> LayQuote:
        """Raise RuleError unless `corp` may lay `tile_name` on `coord` with `rotation` now;
        return the costs. `loading` keeps only the checks 18xx.games makes when it replays a
        record (supply, colour, label, city/town counts, track kept in some rotation).
        Private-company blocked hexes and lays per turn are the game layer's business."""
        hx = self._hex(coord)
        new = self._tile_def(tile_name)
        if not 0 <= int(rotation) <= 5:
            raise RuleError(f"rotation must be 0-5, not {rotation}", rule="tile rotation")
        colors = tuple(phase_colors)
        if new.color not in colors:
            raise RuleError(f"{new.color} tiles are not available in this phase (now: {', '.join(colors)})",
                            rule="tile colours available by phase")
        left = self.supply(tile_name)
        if left is not None and left <= 0:
            raise RuleError(f"no tile {tile_name} is left in the supply (all {self.manifest.get(tile_name, 0)} are "
                            f"on the map)", rule="tile supply is limited")
        prob = self._structural_problem(hx, new)
        if prob:
            raise RuleError(prob[0], rule=prob[1])
        if not loading:
            prob = self._rotation_problem(hx, new, rotation, corp, check_connection)
            if prob:
                legal = [r for r in range(6) if self._rotation_problem(hx, new, r, corp, check_connection) is None]
                raise RuleError(prob[0] + (f"; legal rotations: {', '.join(map(str, legal))}" if legal else ""),
                                rule=prob[1], legal=[f"rotation {r}" for r in legal])
        crossings = self._borders_completed(hx, new, rotation)
        return LayQuote(cost_terrain=hx.tile.upgrade_cost, cost_borders=sum(x.cost for x in crossings),
                        crossings=len(crossings), crossed=tuple(crossings), upgrade=hx.tile.color != "white")

    def legal_rotations(self, corp: Optional[str], coord: str, tile_name: str,
                        phase_colors: Iterable[str], *, check_connection: bool = True) -> list[int]:
        """Every rotation (0-5) with which the lay would be legal (equivalent ones included)."""
        out = []
        for r in range(6):
            try:
                self.check_lay(corp, coord, tile_name, r, phase_colors, check_connection=check_connection)
            except RuleError:
                continue
            out.append(r)
        return out

    def legal_lays(self, corp: str, phase_colors: Iterable[str]) -> list[tuple[str, str, list[int]]]:
        """(coord, tile name, distinct legal rotations) for every lay `corp` could make now."""
        from pbem.engine.graph import reach

        colors = tuple(phase_colors)
        reached = reach(self, corp).edges
        out = []
        for coord in sorted(reached, key=lambda c: self._hexes[c].xy if c in self._hexes else (0, 0)):
            hx = self._hexes.get(coord)
            if hx is None or hx.tile.color in FIXED_COLORS:
                continue
            for name, tile in self.catalogue.items():
                if tile.color not in colors or self.supply(name) == 0:
                    continue
                if self._structural_problem(hx, tile):
                    continue
                rots, seen = [], set()
                for r in range(6):
                    k = tile.rot(r).path_key
                    if k in seen:
                        continue
                    if self._rotation_problem(hx, tile, r, corp, True) is None:
                        seen.add(k)
                        rots.append(r)
                if rots:
                    out.append((coord, name, rots))
        return out

    def rotation_for_edges(self, coord: str, tile_name: str, edges: Iterable[int]) -> int:
        """The rotation that puts the tile's track on exactly the named map edges (keeping the
        hex's existing track). Rotations laying identical track count as one."""
        hx = self._hex(coord)
        tile = self._tile_def(tile_name)
        want = frozenset(int(e) % 6 for e in edges)

        def fits(r: int) -> bool:
            return _paths_kept(hx.tile, hx.rotation, tile, r) and all(self.link(coord, e) for e in tile.rot(r).exits)

        def distinct(rs: list[int]) -> list[int]:
            seen, out = set(), []
            for r in rs:
                k = tile.rot(r).path_key
                if k not in seen:
                    seen.add(k)
                    out.append(r)
            return out

        exact = distinct([r for r in range(6) if tile.rot(r).exits == want and fits(r)])
        if len(exact) == 1:
            return exact[0]
        if not exact:
            sup = distinct([r for r in range(6) if want <= tile.rot(r).exits and fits(r)])
            if len(sup) == 1:
                return sup[0]
            cands = sup
        else:
            cands = exact
        options = [f"rotation {r} (edges {_edges_str(tile.rot(r).exits)})" for r in cands]
        if not cands:
            allr = distinct([r for r in range(6) if fits(r)])
            options = [f"rotation {r} (edges {_edges_str(tile.rot(r).exits)})" for r in allr]
            raise RuleError(f"tile {tile_name} cannot be laid on {coord} with track to edges {_edges_str(want)}",
                            rule="tile rotation", legal=options)
        raise RuleError(f"track to edges {_edges_str(want)} does not say how to turn tile {tile_name} on {coord}: "
                        + "; ".join(options), rule="tile rotation", legal=options)

    # ------------------------------------------------------------------ applying lays
    @staticmethod
    def _city_map(old: TileDef, old_r: int, new: TileDef, new_r: int) -> list[Optional[int]]:
        """For each old city index, the new city index its tokens go to (18xx.games city_map_for)."""
        oe = [old.rot(old_r).node_edges[k] for k in old.city_nodes]
        ne = [new.rot(new_r).node_edges[k] for k in new.city_nodes]
        if not any(oe) and len(oe) == len(ne):
            return list(range(len(oe)))
        m: list[Optional[int]] = []
        for o in oe:
            m.append(next((j for j, n in enumerate(ne) if o and o <= n), None))
        used = [j for j in m if j is not None]
        for i in range(len(m)):
            if m[i] is not None:
                continue
            j: Optional[int] = i if i < len(ne) else None
            if j is None or j in used:
                j = next((k for k in range(len(ne)) if k not in used), None)
            m[i] = j
            if j is not None:
                used.append(j)
        return m

    def _replace(self, hx: _Hex, new: TileDef, r: int) -> list[Token]:
        """Swap the hex's tile, moving tokens and reservations; returns tokens with no home."""
        old, old_r = hx.tile, hx.rotation
        cmap = self._city_map(old, old_r, new, r)
        ntoks: list[list[Optional[Token]]] = [[None] * new.nodes[k].slots for k in new.city_nodes]
        nres: list[list[Optional[str]]] = [[None] * new.nodes[k].slots for k in new.city_nodes]
        for oi, ni in enumerate(cmap):
            if ni is None:
                continue
            for i, x in enumerate(hx.res[oi]):
                if x is None:
                    continue
                if i < len(nres[ni]) and nres[ni][i] is None:
                    nres[ni][i] = x
                else:
                    k = next((j for j, y in enumerate(nres[ni]) if y is None), None)
                    if k is None:
                        nres[ni].append(x)
                        ntoks[ni].append(None)
                    else:
                        nres[ni][k] = x
        homeless: list[Token] = []
        for oi, ni in enumerate(cmap):
            toks = [t for t in hx.tokens[oi] if t is not None]
            if ni is None:
                homeless.extend(toks)
                continue
            for t in toks:
                slots, res = ntoks[ni], nres[ni]
                k = next((j for j, y in enumerate(res) if y == t.corp and slots[j] is None), None)
                if k is None:
                    k = next((j for j, s in enumerate(slots) if s is None and res[j] is None), None)
                if k is None:
                    slots.append(t)
                    res.append(None)
                else:
                    slots[k] = t
        hx.tokens, hx.res = ntoks, nres
        hx._set(new, r)
        return homeless

    def lay(self, coord: str, tile_name: str, rotation: int) -> LayResult:
        """Put the tile on the hex (no legality checks: call check_lay first). Pays nothing:
        returns the costs. The replaced tile returns to the supply unless it was printed."""
        hx = self._hex(coord)
        new = self._tile_def(tile_name)
        left = self._supply.get(tile_name, 0)
        if left is not None and left <= 0:
            raise RuleError(f"no tile {tile_name} is left in the supply", rule="tile supply is limited")
        rotation = int(rotation) % 6
        old = hx.tile
        was_printed = hx.printed
        upgrade = old.color != "white"
        crossings = self._borders_completed(hx, new, rotation)
        terrain = old.upgrade_cost
        homeless = self._replace(hx, new, rotation)
        if left is not None:
            self._supply[tile_name] = left - 1
        if not was_printed and old.name in self._supply and self._supply[old.name] is not None:
            self._supply[old.name] += 1
        for x in crossings:
            hx.borders.pop(x.edge, None)
            self._hexes[x.neighbor].borders.pop(hexgrid.opposite(x.edge), None)
        lifted = list(homeless)
        if not old.has_track and new.has_track and len(new.city_nodes) > 1:
            for toks in hx.tokens:
                for i, t in enumerate(toks):
                    if t is not None:
                        lifted.append(t)
                        toks[i] = None
        self._changed(tiles=True, coord=coord, corps=tuple({t.corp for t in lifted} | {t.laid_by for t in lifted}))
        return LayResult(cost_terrain=terrain, cost_borders=sum(x.cost for x in crossings),
                         crossings=len(crossings), crossed=tuple(crossings), upgrade=upgrade,
                         lifted_tokens=tuple(lifted), replaced=old.name)

    def downgrade(self, coord: str) -> str:
        """Put the printed tile back (1882 North West Rebellion). Tokens stay in the city; the
        removed tile returns to the supply; the hex's river borders are restored, and so is the
        far side of each where the neighbour still shows its printed tile. Returns the removed
        tile's name."""
        hx = self._hex(coord)
        if hx.printed:
            return hx.tile.name
        old = hx.tile
        homeless = self._replace(hx, hx.printed_tile, 0)
        for t in homeless:                       # cannot happen with printed single cities; keep them
            for toks in hx.tokens:
                k = next((i for i, s in enumerate(toks) if s is None), None)
                if k is not None:
                    toks[k] = t
                    break
        if old.name in self._supply and self._supply[old.name] is not None:
            self._supply[old.name] += 1
        for b in hx.printed_tile.borders:
            if b.edge in hx.borders:
                continue
            hx.borders[b.edge] = b
            nb = self.link(coord, b.edge)
            if nb is None:
                continue
            nh = self._hexes[nb]
            inv = hexgrid.opposite(b.edge)
            if nh.printed and inv not in nh.borders:
                ob = next((x for x in nh.printed_tile.borders if x.edge == inv), None)
                if ob is not None:
                    nh.borders[inv] = ob
        self._changed(tiles=True, coord=coord)
        return old.name

    # ------------------------------------------------------------------ misc
    def snapshot(self) -> dict:
        """Plain-data view of the board (for saving, rendering and debugging)."""
        out = {}
        for c, hx in self._hexes.items():
            if hx.printed and not any(any(s) for s in hx.tokens) and not hx.tile_res and not any(any(r) for r in hx.res):
                continue
            out[c] = {
                "tile": hx.tile.name, "rotation": hx.rotation, "printed": hx.printed,
                "tokens": [[(t.corp, t.laid_by, t.neutral) if t else None for t in toks] for toks in hx.tokens],
                "reservations": [list(r) for r in hx.res], "hex_reservations": list(hx.tile_res),
            }
        return out
