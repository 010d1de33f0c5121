"""Draw a game's map as a PNG with Pillow.

    img = render_map(game, highlight=["K3"], route_corp="CPR")   # PIL.Image
    png = map_png(game)                                          # bytes
    geo = map_geometry(game)                                     # where things are, in PNG pixels

The picture is drawn at twice its final size and halved (cheap antialiasing). Pure black is
used for track only (text is dark gray), so a test can tell track pixels from everything else.

Layers, bottom to top: hex fills and outlines, names and tile numbers, track (straights and
arcs exactly as the tile's paths run; off-board exits as arrow stubs), cities with their slots,
station tokens and reserved slots, towns, revenues / labels / terrain costs / private blockers /
icons (the small items, each placed in the free part of the hex: `hex_items.py`), river borders
still unpaid with their cost, the names when the text is enlarged, highlights, the route
overlay, then the coordinates in the margins, the header and the route legend. `text_scale`
enlarges the text against the hexes and `render(area=...)` draws one part alone with the whole
picture's pixels there; the map as a report mail shows it (800 px wide, and the part around a
change) is in `map_views.py`.
"""
from __future__ import annotations

import io
import math
from typing import Iterable, Optional, Sequence

from PIL import Image, ImageDraw

from pbem.engine import hexgrid
from pbem.render import style as S
from pbem.render.hex_items import (  # re-exported: the item sizes callers scale text by
    LABEL_SIZE, NAME_SIZE, REV_R, SMALL_SIZE, TOWN_REV_R, HexItems, money_text,
)
from pbem.render.labels import round_label
from pbem.render.map_shown import MapShown, map_key, map_shown  # re-exported
from pbem.render.route_overlay import RouteOverlay, ShownRun
from pbem.render.geometry import (  # re-exported: the geometry helpers tests use
    DEFAULT_RADIUS, H, MARGIN_SCALE, SLOT_RADIUS, TOWN_RADIUS, TRACK_WIDTH, MapGeometry, TileLayout, edge_curve,
    slot_offsets, tile_layout, unit_corners, unit_edge_mid, unit_vertex,
)

__all__ = ["render_map", "map_png", "png_bytes", "compact_image", "map_geometry", "map_key", "map_shown", "MapShown",
           "round_label", "MapRenderer", "SUPERSAMPLE",
           # geometry helpers, re-exported from pbem.render.geometry
           "MapGeometry", "TileLayout", "tile_layout", "edge_curve", "slot_offsets", "unit_edge_mid", "unit_vertex",
           "unit_corners", "DEFAULT_RADIUS", "SLOT_RADIUS", "TOWN_RADIUS", "TRACK_WIDTH",
           # the small items' sizes, re-exported from pbem.render.hex_items
           "REV_R", "TOWN_REV_R", "NAME_SIZE", "LABEL_SIZE", "SMALL_SIZE"]

SUPERSAMPLE = 2

# unit-R sizes of the small items
COORD_SIZE = 0.2
HEADER_SIZE = 0.22
REACH = 1.25              # what a hex draws stays this near its centre (unit R, times an enlargement
                          # of the text): a part drawn alone draws the hexes this near it


def map_geometry(game, radius: float = DEFAULT_RADIUS, text_scale: float = 1.0) -> MapGeometry:
    """Geometry of the PNG that `render_map(game, radius=radius, text_scale=...)` produces (final pixels)."""
    return MapGeometry(game.board, radius, 1, text_scale)


def render_map(game, *, highlight: Iterable[str] = (), route_corp: Optional[str] = None,
               routes: Optional[Sequence] = None, runs: Optional[Sequence[ShownRun]] = None,
               radius: float = DEFAULT_RADIUS, header: bool = True, text_scale: float = 1.0) -> Image.Image:
    """The map as an RGB image. `highlight`: hexes to outline; `route_corp`: draw that
    corporation's last run (Corporation.last_routes); `routes`: or draw these ResolvedRoutes;
    `runs`: or these runs, each under its own heading in the legend; `text_scale`: names,
    revenues, costs, tags and token letters that many times their size."""
    return MapRenderer(game, radius=radius, text_scale=text_scale).render(
        highlight=highlight, route_corp=route_corp, routes=routes, runs=runs, header=header)


def map_png(game, *, compact: bool = False, **kw) -> bytes:
    """render_map(...) encoded as PNG (`compact`: a 128-colour palette, for mail)."""
    return png_bytes(render_map(game, **kw), compact=compact)


def png_bytes(img: Image.Image, *, compact: bool = False) -> bytes:
    """PNG bytes; `compact` quantises to a 128-colour palette first (`compact_image`): about a
    third of the size and faster to encode, with no visible change on these flat-coloured
    drawings. A palette image is encoded as it is."""
    buf = io.BytesIO()
    if compact and img.mode != "P":
        img = compact_image(img)
    img.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


def compact_image(img: Image.Image) -> Image.Image:
    """`img` in a palette of 128 colours (a picture kept for mail is quantised once; what is
    drawn on it later, an outline, adds its colour to the palette)."""
    return img.convert("RGB").quantize(colors=128, method=Image.Quantize.FASTOCTREE)


# --------------------------------------------------------------------------- renderer
class MapRenderer(HexItems, RouteOverlay):
    """Draws one game's map. `geometry` is the final-pixel geometry (for tests and callers)."""

    def __init__(self, game, radius: float = DEFAULT_RADIUS, supersample: int = SUPERSAMPLE,
                 text_scale: float = 1.0):
        self.game = game
        self.board = game.board
        self.ss = supersample
        self.k = text_scale                 # text and the small items holding it, against the hexes
        self._rev_k = max(1.0, 0.8 * text_scale)   # revenue discs: a little less, to stay clear of the cities
        self.geometry = MapGeometry(self.board, radius, 1, text_scale)
        self.g = MapGeometry(self.board, radius, supersample, text_scale)
        self.R = self.g.R

    # --- helpers ------------------------------------------------------------------
    def _font(self, units: float):
        return S.font(units * self.k * self.R)

    def _px(self, units: float) -> int:
        return max(1, int(round(units * self.R)))

    def _text(self, xy, text: str, units: float, fill, *, anchor: str = "mm", bold: bool = False,
              halo=None, fnt=None) -> None:
        f = fnt or self._font(units)
        kw = {}
        if bold:
            kw = {"stroke_width": max(1, int(self.R * 0.008)), "stroke_fill": fill}
        if halo is not None:
            kw = {"stroke_width": max(2, int(self.R * 0.02)), "stroke_fill": halo}
            if bold:
                self.draw.text(xy, text, font=f, fill=fill, anchor=anchor, **kw)
                kw = {"stroke_width": max(1, int(self.R * 0.008)), "stroke_fill": fill}
        self.draw.text(xy, text, font=f, fill=fill, anchor=anchor, **kw)

    def _circle(self, c, r, fill=None, outline=None, width=1) -> None:
        x, y = c
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=width)

    # --- main ---------------------------------------------------------------------
    def render(self, *, highlight: Iterable[str] = (), route_corp: Optional[str] = None,
               routes: Optional[Sequence] = None, runs: Optional[Sequence[ShownRun]] = None,
               header: bool = True, area: Optional[tuple[int, int, int, int]] = None,
               coordinates: bool = True) -> Image.Image:
        """The whole picture, or with `area` (left, top, right, bottom in the whole picture's
        pixels) that part of it alone, drawing only the hexes reaching into it: the whole
        picture's own pixels there (`_part_canvas`); `coordinates=False`: without the columns'
        and rows' names in the margins."""
        board, g = self.board, self.g
        shown = self._shown_runs(route_corp, routes, runs)
        route_list = [r for run in shown for r in run.routes]
        legend = self._legend_lines(shown)
        w, h = g.size(len(legend))
        coords = board.hex_coords()
        self._span = (0, w)                     # the whole picture's width, in drawing pixels
        self._shift = (0, 0)                    # where the whole picture's origin is drawn
        cut = None
        if area is not None:
            coords = [c for c in coords if g.reaches(c, area, self._reach())]
            w, h, cut = self._part_canvas(area)
            header, legend = False, []
        self.img = Image.new("RGB", (w, h), S.BACKGROUND)
        self.draw = ImageDraw.Draw(self.img)
        for c in coords:
            self._hex_base(c)
        placed = {c: self._items(c) for c in coords}
        for c in coords:
            self._draw_items(c, placed[c], "under")
        for c in coords:
            self._track(c)
        if route_list:
            self._route_lines(shown)
        for c in coords:
            self._nodes(c)
        for c in coords:
            self._draw_items(c, placed[c], "over")
        self._borders(coords)
        for c in coords:
            self._draw_items(c, placed[c], "top")
        for c in highlight:
            if board.has_hex(c):
                self._highlight(c)
        if route_list:
            self._route_stops(shown)
        if coordinates:
            self._coordinates()
        if header:
            self._header()
        if legend:
            self._legend(legend)
        img = self.img
        if cut is not None:                     # the area alone, before halving: half the pixels to halve
            img = img.crop(tuple(v * self.ss for v in cut))
        img = img.reduce(self.ss) if self.ss > 1 else img
        del self.draw, self.img
        return img

    def header_band(self) -> Image.Image:
        """The band across the top of the whole picture that holds its title line, drawn alone:
        the whole picture's pixels there (a map whose board rests while its round changes)."""
        w, _ = self.g.size()
        self.img = Image.new("RGB", (w, int(math.ceil(self.g.header / self.ss)) * self.ss), S.BACKGROUND)
        self.draw = ImageDraw.Draw(self.img)
        self._header()
        img = self.img.reduce(self.ss) if self.ss > 1 else self.img
        del self.draw, self.img
        return img

    def _reach(self) -> float:
        """How far from its centre a hex draws, in drawing pixels."""
        return REACH * max(1.0, self.k) * self.R

    def _part_canvas(self, area: tuple[int, int, int, int]) -> tuple[int, int, tuple[int, int, int, int]]:
        """Shift the drawing to `area` and return the canvas size (drawing pixels) and the cut
        (final pixels) that leaves the area. The canvas reaches as far left and up as the hexes
        drawn can (clipped at the whole picture's edge), so that nothing is drawn at a negative
        coordinate: Pillow truncates those towards zero, a pixel off where the whole picture draws."""
        ss = self.ss
        pad = int(math.ceil(2 * self._reach() / ss)) + 1
        px, py = min(area[0], pad), min(area[1], pad)
        dx, dy = -(area[0] - px) * ss, -(area[1] - py) * ss
        self.g.shift(dx, dy)
        self._shift = (dx, dy)
        self._span = (self._span[0] + dx, self._span[1] + dx)
        w, h = area[2] - area[0], area[3] - area[1]
        return (w + px) * ss, (h + py) * ss, (px, py, px + w, py + h)

    # --- hexes ----------------------------------------------------------------------
    def _hex_base(self, coord: str) -> None:
        t = self.board.tile(coord)
        pts = self.g.corners(coord)
        self.draw.polygon(pts, fill=S.TILE_COLORS.get(t.color, S.TILE_COLORS["white"]))
        self.draw.line(pts + [pts[0]], fill=S.HEX_OUTLINE, width=self._px(0.018), joint="curve")

    def _track(self, coord: str) -> None:
        t = self.board.tile(coord)
        d = t.def_
        if not d.paths:
            return
        lay = self.g.tile_layout(coord)
        rot = d.rot(t.rotation)
        width = self._px(TRACK_WIDTH)
        for i, (a, b) in enumerate(rot.paths):
            nodes = [e[1] for e in (a, b) if not isinstance(e, int)]
            if any(d.nodes[k].kind == "offboard" for k in nodes):
                edge = a if isinstance(a, int) else b
                if isinstance(edge, int):
                    self._stub(coord, edge)
                continue
            pts = [self.g.to_px(coord, p) for p in lay.paths[i]]
            self.draw.line(pts, fill=S.TRACK, width=width, joint="curve")

    def _stub(self, coord: str, edge: int) -> None:
        """An off-board exit: track from the edge ending in an arrow head pointing inwards."""
        m = unit_edge_mid(edge)
        u = (-m[0] / H, -m[1] / H)            # inward unit vector
        n = (-u[1], u[0])
        tw = TRACK_WIDTH
        p0 = m
        p1 = (m[0] + u[0] * 0.22, m[1] + u[1] * 0.22)
        tip = (m[0] + u[0] * 0.42, m[1] + u[1] * 0.42)
        self.draw.line([self.g.to_px(coord, p0), self.g.to_px(coord, p1)], fill=S.TRACK, width=self._px(tw))
        head = [(p1[0] + n[0] * tw * 1.6, p1[1] + n[1] * tw * 1.6), tip,
                (p1[0] - n[0] * tw * 1.6, p1[1] - n[1] * tw * 1.6)]
        self.draw.polygon([self.g.to_px(coord, p) for p in head], fill=S.TRACK)

    # --- cities, towns, tokens ----------------------------------------------------------
    def _nodes(self, coord: str) -> None:
        board = self.board
        t = board.tile(coord)
        d = t.def_
        lay = self.g.tile_layout(coord)
        ow = self._px(0.025)
        r = self.g.slot_r
        for ci, k in enumerate(d.city_nodes):
            if d.nodes[k].hidden:
                continue
            cx, cy = self.g.to_px(coord, lay.nodes[k] or (0.0, 0.0))
            slots = board.slots(coord, ci)
            res = board.reserved(coord, ci)
            n = len(slots)
            offs = slot_offsets(n)
            if n == 2:
                self.draw.rounded_rectangle((cx - 2 * r, cy - r, cx + 2 * r, cy + r), radius=r, fill=S.WHITE,
                                            outline=S.SLOT_OUTLINE, width=ow)
            elif n >= 3:
                big = max(math.hypot(*o) for o in offs) * self.g.slot_k * self.R + r
                self._circle((cx, cy), big, fill=S.WHITE, outline=S.SLOT_OUTLINE, width=ow)
            for si, off in enumerate(offs):
                sc = (cx + off[0] * self.g.slot_k * self.R, cy + off[1] * self.g.slot_k * self.R)
                self._circle(sc, r, fill=S.WHITE, outline=S.SLOT_OUTLINE, width=ow)
                tok = slots[si] if si < len(slots) else None
                if tok is not None:
                    self._token(sc, tok)
                elif si < len(res) and res[si]:
                    self._reservation(sc, res[si])
        for k in d.town_nodes:
            if d.nodes[k].hidden:
                continue
            p = self.g.to_px(coord, lay.nodes[k] or (0.0, 0.0))
            self._circle(p, TOWN_RADIUS * self.R, fill=S.TRACK, outline=S.WHITE, width=self._px(0.02))

    def _corp_colors(self, sym: str):
        corp = self.game.corporations.get(sym)
        if corp is None:
            return (136, 136, 136), S.WHITE
        return S.rgb(corp.color), S.rgb(corp.text_color, S.WHITE)

    def _token(self, c, tok) -> None:
        r = self.g.slot_r
        fill, txt = self._corp_colors(tok.corp)
        self._circle(c, r, fill=fill, outline=S.SLOT_OUTLINE, width=self._px(0.025))
        if tok.neutral:
            self._circle(c, r * 0.78, outline=S.WHITE, width=self._px(0.018))
        f = S.fit_font(self.draw, tok.corp, 1.5 * r * max(1.0, 0.6 * self.k), 0.62 * r * self.k)
        self.draw.text(c, tok.corp, font=f, fill=txt, anchor="mm")

    def _reservation(self, c, sym: str) -> None:
        r = self.g.slot_r
        fill, _ = self._corp_colors(sym)
        self._circle(c, r * 0.8, fill=S.RESERVED_FILL, outline=fill, width=self._px(0.05))
        f = S.fit_font(self.draw, sym, 1.3 * r * max(1.0, 0.6 * self.k), 0.5 * r * self.k)
        self.draw.text(c, sym, font=f, fill=S.TEXT, anchor="mm")

    # --- borders ---------------------------------------------------------------------------
    def _border_sides(self, coords) -> list:
        """Each border to draw around `coords` once, as (hex, edge, border) from the side the
        whole map draws it from (the first hex in the board's order that has it), so a part
        drawn alone has the whole picture's pixels."""
        board = self.board
        order = {c: i for i, c in enumerate(board.hex_coords())}
        drawn = lambda b: b.type in S.BORDER_COLORS and (b.cost or b.type == "impassable")  # noqa: E731
        sides = {}
        for c in coords:
            for e, b in board.borders(c).items():
                if not drawn(b):
                    continue
                side = (c, e, b)
                nb = board.neighbor(c, e)
                if nb is not None:
                    other = board.borders(nb).get(hexgrid.opposite(e))
                    if other is not None and drawn(other) and order[nb] < order[c]:
                        side = (nb, hexgrid.opposite(e), other)
                    key = frozenset({(c, e), (nb, hexgrid.opposite(e))})
                else:
                    key = frozenset({(c, e)})
                sides.setdefault(key, side)
        return sorted(sides.values(), key=lambda s: (order[s[0]], s[1]))

    def _borders(self, coords) -> None:
        R = self.R
        for c, e, b in self._border_sides(coords):
            color = S.BORDER_COLORS[b.type]
            v1, v2 = unit_vertex((e - 1) % 6), unit_vertex(e)
            a = (v1[0] + (v2[0] - v1[0]) * 0.06, v1[1] + (v2[1] - v1[1]) * 0.06)
            z = (v1[0] + (v2[0] - v1[0]) * 0.94, v1[1] + (v2[1] - v1[1]) * 0.94)
            self.draw.line([self.g.to_px(c, a), self.g.to_px(c, z)], fill=color, width=self._px(0.075))
            if b.cost:
                t = (v1[0] + (v2[0] - v1[0]) * 0.2, v1[1] + (v2[1] - v1[1]) * 0.2)
                p = self.g.to_px(c, t)
                label = money_text(self.game, b.cost)
                f = self._font(0.135)
                tw = self.draw.textlength(label, font=f)
                u = self.k * R
                box = (p[0] - tw / 2 - 0.03 * u, p[1] - 0.085 * u, p[0] + tw / 2 + 0.03 * u, p[1] + 0.085 * u)
                self.draw.rounded_rectangle(box, radius=0.05 * u, fill=S.WHITE, outline=color, width=self._px(0.02))
                self.draw.text(p, label, font=f, fill=color, anchor="mm")

    # --- highlight and routes ----------------------------------------------------------------------
    def _highlight(self, coord: str) -> None:
        pts = [self.g.to_px(coord, (v[0] * 0.94, v[1] * 0.94)) for v in unit_corners()]
        self.draw.line(pts + [pts[0]], fill=S.HIGHLIGHT, width=self._px(0.07), joint="curve")

    # --- margins --------------------------------------------------------------------------------
    def _coordinates(self) -> None:
        """Each column's and row's name in the margins (those near the canvas, for a part)."""
        g = self.g
        f = S.font(COORD_SIZE * min(self.k, MARGIN_SCALE) * self.R)
        axes = self.board.axes
        cols: dict[int, list[str]] = {}
        rows: dict[int, list[str]] = {}
        for c, (x, y) in g.xy.items():
            cols.setdefault(x, []).append(c)
            rows.setdefault(y, []).append(c)
        dx, dy = self._shift
        top = dy + g.header + g.margin / 2
        bottom = dy + g.map_height - g.margin / 2
        left = dx + g.margin / 2
        right = dx + g.map_width - g.margin / 2
        w, h = self.img.size
        near = lambda x, y: -g.R < x < w + g.R and -g.R < y < h + g.R  # noqa: E731
        for x, cs in cols.items():
            label = _axis_label(x, "x", axes)
            px = g.centre(cs[0])[0]
            for at in ((px, top), (px, bottom)):
                if near(*at):
                    self.draw.text(at, label, font=f, fill=S.MUTED, anchor="mm")
        for y, cs in rows.items():
            label = _axis_label(y, "y", axes)
            py = g.centre(cs[0])[1]
            for at in ((left, py), (right, py)):
                if near(*at):
                    self.draw.text(at, label, font=f, fill=S.MUTED, anchor="mm")

    def _header(self) -> None:
        g, R = self.g, self.R
        game = self.game
        text = f"{game.data.get('title', '')}   {round_label(game)}   Phase {game.phase.name}"
        self.draw.text((g.margin, g.header / 2 + 0.05 * R * self.k), text, font=self._font(HEADER_SIZE), fill=S.TEXT,
                       anchor="lm")


def _axis_label(v: int, axis: str, axes: dict) -> str:
    """The part of a coordinate name that axis value `v` stands for ('K' or '3')."""
    xy = (v, 0) if axis == "x" else (0, v)
    name = hexgrid.format_coord(xy, axes)
    letters = "".join(ch for ch in name if ch.isalpha())
    digits = name[len(letters):]
    kind = (axes or hexgrid.DEFAULT_AXES).get(axis)
    return letters if kind == "letter" else digits
