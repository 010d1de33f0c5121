"""Where things go on a rendered map: hex centres, corners, edge midpoints, node and slot
positions, and the polylines that draw each track path.

Everything is pure arithmetic on the board (no Pillow), so tests can compute where a token or
a piece of track must appear and sample the PNG there.

Conventions (see pbem/engine/hexgrid.py): coordinates are doubled; in the flat layout the
centre of hex (x, y) lies at (x * 1.5 R, y * h) with h = R * sqrt(3) / 2 (the apothem), and
edge e faces the direction 90 + 60 e degrees in screen coordinates (y grows downwards), i.e.
0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE. The pointy layout is supported the same way
(edge e faces 120 + 60 e degrees; centre (x * h, y * 1.5 R)).

A tile's layout (node positions, path polylines) depends only on the tile definition and its
rotation; it is computed once in units of R and cached.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Sequence

from pbem.engine import hexgrid

Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)
H = SQRT3 / 2                  # apothem of a hex of circumradius 1
SLOT_RADIUS = 0.25             # station slot radius, in units of R
TOWN_RADIUS = 0.085            # town dot radius, in units of R
TRACK_WIDTH = 0.09             # track line width, in units of R

#: default rendering parameters (final image pixels)
DEFAULT_RADIUS = 76.0
MARGIN = 0.42                  # coordinate margin around the hexes, in units of R
HEADER = 0.42                  # header band above the top margin, in units of R
MARGIN_SCALE = 1.5             # the coordinates in the margin grow with the text up to this
MIN_SLOT_PX = 13.0             # a station slot's radius in pixels, with enlarged text


def _base_angle(layout: str) -> float:
    return 90.0 if layout == "flat" else 120.0


# --------------------------------------------------------------------------- unit-R tile layout
def edge_angle(edge: int, layout: str = "flat") -> float:
    """Direction (radians, screen coordinates) from a hex's centre to the midpoint of `edge`."""
    return math.radians(_base_angle(layout) + 60.0 * (edge % 6))


def unit_edge_mid(edge: int, layout: str = "flat") -> Point:
    a = edge_angle(edge, layout)
    return (H * math.cos(a), H * math.sin(a))


def unit_vertex(edge: int, layout: str = "flat") -> Point:
    """The corner between edge `edge` and edge `edge + 1` (unit R)."""
    a = edge_angle(edge, layout) + math.radians(30)
    return (math.cos(a), math.sin(a))


def unit_corners(layout: str = "flat") -> list[Point]:
    return [unit_vertex(e, layout) for e in range(6)]


def _lerp(p: Point, q: Point, t: float) -> Point:
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def _dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def edge_curve(e1: int, e2: int, f0: float = 0.0, f1: float = 1.0, layout: str = "flat") -> list[Point]:
    """Track from the midpoint of edge e1 to that of edge e2 (unit R), the part between
    fractions f0 and f1 of the way: a straight line for opposite edges, otherwise an arc that
    meets both edges at right angles (sharp curve: radius R/2 about the shared corner; gentle
    curve: radius 1.5 R about the point 2h beyond the edge between them)."""
    m1, m2 = unit_edge_mid(e1, layout), unit_edge_mid(e2, layout)
    d = (e2 - e1) % 6
    if d == 3 or d == 0:
        return [_lerp(m1, m2, f0), _lerp(m1, m2, f1)]
    if d in (1, 5):
        corner_edge = e1 if d == 1 else e2          # corner between corner_edge and corner_edge + 1
        c = unit_vertex(corner_edge, layout)
        rad = 0.5
    else:
        mid = (e1 + 1) % 6 if d == 2 else (e1 - 1) % 6
        a = edge_angle(mid, layout)
        c = (2 * H * math.cos(a), 2 * H * math.sin(a))
        rad = 1.5
    t1 = math.atan2(m1[1] - c[1], m1[0] - c[0])
    t2 = math.atan2(m2[1] - c[1], m2[0] - c[0])
    sweep = (t2 - t1 + math.pi) % (2 * math.pi) - math.pi
    n = max(2, int(abs(sweep) * (f1 - f0) / math.radians(7.5)) + 2)
    out = []
    for i in range(n):
        t = t1 + sweep * (f0 + (f1 - f0) * i / (n - 1))
        out.append((c[0] + rad * math.cos(t), c[1] + rad * math.sin(t)))
    return out


@dataclass(frozen=True, eq=False)
class TileLayout:
    """Node positions and path polylines of one tile at one rotation, in units of R relative to
    the hex centre. `passthrough[k] = (e1, e2, f)` for a node drawn on the track between two
    edges (a town on a curve, a city on a through line) at fraction f of the way."""

    nodes: tuple[Optional[Point], ...]
    paths: tuple[tuple[Point, ...], ...]
    passthrough: dict
    track_points: tuple[Point, ...]     # sample points on all track (for placing labels)


def _node_size(node) -> float:
    if node.kind == "city":
        return SLOT_RADIUS * (1 if node.slots <= 1 else 2)
    if node.kind == "town":
        return TOWN_RADIUS
    return 0.3


def _node_edges(tile, r: int) -> list[list[int]]:
    rot = tile.rot(r)
    return [sorted(rot.node_edges[k]) for k in range(len(tile.nodes))]


def _is_passthrough(tile, r: int, k: int) -> Optional[tuple[int, int]]:
    rot = tile.rot(r)
    ps = rot.node_paths[k]
    if len(ps) != 2:
        return None
    edges = []
    for p in ps:
        if len(rot.path_edges[p]) != 1 or len(rot.path_nodes[p]) != 1:
            return None
        edges.append(rot.path_edges[p][0])
    if edges[0] == edges[1]:
        return None
    return (min(edges), max(edges))


_FRACTIONS = (0.5, 0.3, 0.7, 0.18, 0.82)


def _curve_point(e1: int, e2: int, f: float, layout: str) -> Point:
    return edge_curve(e1, e2, f, f, layout)[0]


def _default_spots(n: int) -> list[Point]:
    if n == 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-0.42, 0.0), (0.42, 0.0)]
    return [(0.45 * math.cos(2 * math.pi * i / n - math.pi / 2), 0.45 * math.sin(2 * math.pi * i / n - math.pi / 2))
            for i in range(n)]


_EDGE_PROBES = {lay: [(unit_edge_mid(e, lay)[0] * (H - 0.2) / H, unit_edge_mid(e, lay)[1] * (H - 0.2) / H)
                       for e in range(6)] for lay in ("flat", "pointy")}


@lru_cache(maxsize=4096)
def tile_layout(tile, rotation: int, layout: str = "flat") -> TileLayout:
    """Compute (and cache) where a tile's nodes sit and how its paths run, in units of R."""
    rot = tile.rot(rotation)
    nodes = tile.nodes
    edges_of = _node_edges(tile, rotation)
    ct = [k for k in range(len(nodes)) if nodes[k].kind in ("city", "town")]
    single = len(ct) <= 1
    pos: list[Optional[Point]] = [None] * len(nodes)
    passthrough: dict = {}
    cands: dict[int, list[tuple[Point, Optional[float]]]] = {}
    for k, node in enumerate(nodes):
        if node.kind not in ("city", "town"):
            pos[k] = (0.0, 0.0)
            continue
        pt = _is_passthrough(tile, rotation, k)
        es = edges_of[k]
        if single and node.kind == "city":
            cands[k] = [((0.0, 0.0), None)]
            continue
        if pt is not None and (node.kind == "town" or not single):
            cands[k] = [(_curve_point(pt[0], pt[1], f, layout), f) for f in _FRACTIONS]
            continue
        if single:
            cands[k] = [((0.0, 0.0), None)]
            continue
        if len(es) == 1:
            m = unit_edge_mid(es[0], layout)
            cands[k] = [((m[0] * d / H, m[1] * d / H), None) for d in (0.5, 0.4, 0.6, 0.3)]
            continue
        if es:
            vx = sum(unit_edge_mid(e, layout)[0] for e in es)
            vy = sum(unit_edge_mid(e, layout)[1] for e in es)
            n = math.hypot(vx, vy)
            if n > 1e-6:
                cands[k] = [((vx / n * d, vy / n * d), None) for d in (0.45, 0.35, 0.55, 0.25)]
                continue
        cands[k] = []            # placed on the default spots below
    free = [k for k in ct if not cands.get(k)]
    spots = _default_spots(len(ct))
    for i, k in enumerate(free):
        cands[k] = [(spots[ct.index(k)], None)] + [(s, None) for s in spots if s != spots[ct.index(k)]]

    movable = [k for k in ct]
    combos = 1
    for k in movable:
        combos *= len(cands[k])

    def cost(choice: Sequence[int]) -> float:
        c = 0.0
        pts = [cands[k][i][0] for k, i in zip(movable, choice)]
        for (i, k), p in zip(enumerate(movable), pts):
            c += choice[i] * 0.1
            size = _node_size(nodes[k])
            reach = math.hypot(*p) + size
            if reach > H:
                c += 50 * (reach - H)
            for q in _EDGE_PROBES[layout]:      # keep the track visible where it meets each edge
                d = _dist(p, q)
                if d < size + 0.03:
                    c += 5 * (size + 0.03 - d)
        for (a, ka), (b, kb) in itertools.combinations(list(zip(pts, movable)), 2):
            need = _node_size(nodes[ka]) + _node_size(nodes[kb]) + 0.06
            d = _dist(a, b)
            if d < need:
                c += 100 * (need - d)
        return c

    if movable:
        if combos <= 20000:
            best = min(itertools.product(*[range(len(cands[k])) for k in movable]), key=cost)
        else:
            best = tuple(0 for _ in movable)
        for k, i in zip(movable, best):
            p, f = cands[k][i]
            pos[k] = p
            pt = _is_passthrough(tile, rotation, k)
            if f is not None and pt is not None:
                passthrough[k] = (pt[0], pt[1], f)

    paths: list[tuple[Point, ...]] = []
    for (a, b) in rot.paths:
        paths.append(tuple(_path_points(a, b, pos, passthrough, layout)))
    samples: list[Point] = []
    for pts in paths:
        for p, q in zip(pts, pts[1:]):
            n = max(1, int(_dist(p, q) / 0.06))
            for i in range(n + 1):
                samples.append(_lerp(p, q, i / n))
    return TileLayout(tuple(pos), tuple(paths), passthrough, tuple(samples))


def _path_points(a, b, pos, passthrough, layout: str) -> list[Point]:
    ae, be = isinstance(a, int), isinstance(b, int)
    if ae and be:
        return edge_curve(a, b, layout=layout)
    if not ae and not be:
        return [pos[a[1]], pos[b[1]]]
    edge, node = (a, b[1]) if ae else (b, a[1])
    if node in passthrough:
        e1, e2, f = passthrough[node]
        pts = edge_curve(e1, e2, 0.0, f, layout) if edge == e1 else edge_curve(e1, e2, f, 1.0, layout)[::-1]
        return pts if ae else pts[::-1]
    m = unit_edge_mid(edge, layout)
    p = pos[node] or (0.0, 0.0)
    return [m, p] if ae else [p, m]


def slot_offsets(n: int) -> list[Point]:
    """Centres of n station slots around a city's position (unit R)."""
    r = SLOT_RADIUS
    if n <= 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-r, 0.0), (r, 0.0)]
    if n == 3:
        k = r / math.sin(math.radians(60))
        return [(0.0, -k), (-r, k / 2), (r, k / 2)]
    if n == 4:
        return [(-r, -r), (r, -r), (-r, r), (r, r)]
    k = r / math.sin(math.pi / n)
    return [(k * math.cos(2 * math.pi * i / n - math.pi / 2), k * math.sin(2 * math.pi * i / n - math.pi / 2))
            for i in range(n)]


# --------------------------------------------------------------------------- map geometry
class MapGeometry:
    """Pixel positions on one board's rendered map. `scale` multiplies everything (the renderer
    draws at scale 2 and halves the image; tests use scale 1, the PNG's own pixels);
    `text_scale` the text against the hexes, and the margins and header band holding text."""

    def __init__(self, board, radius: float = DEFAULT_RADIUS, scale: float = 1.0, text_scale: float = 1.0):
        self.board = board
        self.layout = getattr(board, "layout", "flat") or "flat"
        self.scale = scale
        self.R = radius * scale
        self.h = self.R * H
        # with enlarged text a slot grows to hold its letters (a radius of MIN_SLOT_PX), by 35% at most
        self.slot_k = min(1.35, max(1.0, MIN_SLOT_PX / (SLOT_RADIUS * radius))) if text_scale > 1 else 1.0
        self.slot_r = SLOT_RADIUS * self.R * self.slot_k
        self.track_w = TRACK_WIDTH * self.R
        axes = board.axes
        self.xy = {c: hexgrid.parse(c, axes) for c in board.hex_coords()}
        xs = [x for x, _ in self.xy.values()] or [0]
        ys = [y for _, y in self.xy.values()] or [0]
        self.xmin, self.xmax, self.ymin, self.ymax = min(xs), max(xs), min(ys), max(ys)
        self.margin = MARGIN * self.R * min(text_scale, MARGIN_SCALE)
        self.header = HEADER * self.R * text_scale
        R, h = self.R, self.h
        if self.layout == "flat":
            self._ox = self.margin + R - self.xmin * 1.5 * R
            self._oy = self.header + self.margin + h - self.ymin * h
            body_w = 2 * R + (self.xmax - self.xmin) * 1.5 * R
            body_h = 2 * h + (self.ymax - self.ymin) * h
        else:
            self._ox = self.margin + h - self.xmin * h
            self._oy = self.header + self.margin + R - self.ymin * 1.5 * R
            body_w = 2 * h + (self.xmax - self.xmin) * h
            body_h = 2 * R + (self.ymax - self.ymin) * 1.5 * R
        self.map_width = body_w + 2 * self.margin
        self.map_height = self.header + body_h + 2 * self.margin

    # --- sizes ---------------------------------------------------------------------
    def size(self, footer_lines: int = 0) -> tuple[int, int]:
        """Image size (w, h) in pixels at this geometry's scale."""
        s = self.scale
        w = int(math.ceil(self.map_width / s)) * s
        hh = int(math.ceil((self.map_height + self.footer_height(footer_lines)) / s)) * s
        return int(w), int(hh)

    def footer_height(self, lines: int) -> float:
        return 0.0 if lines <= 0 else (0.1 + 0.26 * lines) * self.R

    # --- hexes ---------------------------------------------------------------------
    def reaches(self, coord: str, area: tuple[int, int, int, int], reach: float) -> bool:
        """Whether the hex `coord` comes within `reach` of `area` (in pixels at scale 1)."""
        x, y = self.centre(coord)
        s = self.scale
        return area[0] * s - reach <= x <= area[2] * s + reach and area[1] * s - reach <= y <= area[3] * s + reach

    def shift(self, dx: float, dy: float) -> None:
        """Move everything by (dx, dy) pixels (a picture of part of the map)."""
        self._ox += dx
        self._oy += dy

    def centre(self, coord: str) -> Point:
        x, y = self.xy[coord]
        if self.layout == "flat":
            return (self._ox + x * 1.5 * self.R, self._oy + y * self.h)
        return (self._ox + x * self.h, self._oy + y * 1.5 * self.R)

    def to_px(self, coord: str, p: Point) -> Point:
        """A unit-R point relative to the hex centre, in pixels."""
        cx, cy = self.centre(coord)
        return (cx + p[0] * self.R, cy + p[1] * self.R)

    def corners(self, coord: str) -> list[Point]:
        return [self.to_px(coord, v) for v in unit_corners(self.layout)]

    def edge_midpoint(self, coord: str, edge: int) -> Point:
        return self.to_px(coord, unit_edge_mid(edge, self.layout))

    def edge_point(self, coord: str, edge: int, inset: float) -> Point:
        """The point `inset` (units of R) inside the hex from the midpoint of `edge`, on the
        line to the centre (where a track leaving by that edge runs)."""
        m = unit_edge_mid(edge, self.layout)
        k = (H - inset) / H
        return self.to_px(coord, (m[0] * k, m[1] * k))

    def hex_at(self, x: float, y: float) -> Optional[str]:
        """The hex whose area contains the pixel point (None outside every hex)."""
        best, bd = None, None
        for c in self.xy:
            cx, cy = self.centre(c)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if bd is None or d < bd:
                best, bd = c, d
        if best is None or bd > self.R ** 2:
            return None
        return best if self._inside(best, x, y) else None

    def _inside(self, coord: str, x: float, y: float) -> bool:
        cx, cy = self.centre(coord)
        for e in range(6):
            a = edge_angle(e, self.layout)
            if (x - cx) * math.cos(a) + (y - cy) * math.sin(a) > self.h + 1e-9:
                return False
        return True

    # --- tile contents -------------------------------------------------------------
    def tile_layout(self, coord: str) -> TileLayout:
        t = self.board.tile(coord)
        return tile_layout(t.def_, t.rotation, self.layout)

    def node_position(self, coord: str, node: int) -> Point:
        """Pixel position of node `node` (index in the current tile's definition)."""
        p = self.tile_layout(coord).nodes[node] or (0.0, 0.0)
        return self.to_px(coord, p)

    def city_position(self, coord: str, city: int) -> Point:
        return self.node_position(coord, self.board.city_node(coord, city))

    def slot_centre(self, coord: str, city: int, slot: int) -> Point:
        """Pixel centre of station slot `slot` of city `city` (city index as in Board.slots)."""
        n = len(self.board.slots(coord, city))
        off = slot_offsets(n)[slot]
        node = self.tile_layout(coord).nodes[self.board.city_node(coord, city)] or (0.0, 0.0)
        k = self.slot_k                  # slots grown with enlarged text sit as far apart (map.py `_nodes`)
        return self.to_px(coord, (node[0] + off[0] * k, node[1] + off[1] * k))

    def path_points(self, coord: str, path: int) -> list[Point]:
        """Pixel polyline of path `path` (index in the tile's paths) of the hex's current tile."""
        return [self.to_px(coord, p) for p in self.tile_layout(coord).paths[path]]
