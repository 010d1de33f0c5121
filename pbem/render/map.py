"""Draw a game's map as a PNG with Pillow.

    img = render_map(game, highlight=["K3"], route_corp="CPR")   # PIL.Image
    png = map_png(game)                                          # bytes
    geo = map_geometry(game)                                     # where things are, in PNG pixels

The picture is drawn at twice its final size and halved (cheap antialiasing). Pure black is
used for track only (text is dark gray), so a test can tell track pixels from everything else.

Layers, bottom to top: hex fills and outlines, track (straights and arcs exactly as the tile's
paths run; off-board exits as arrow stubs), cities with their slots, station tokens and
reserved slots, towns, revenues / labels / names / terrain costs / private blockers / icons /
tile numbers (each placed in the free part of the hex), river borders still unpaid with their
cost, highlights, the route overlay, then the coordinates in the margins, the header and the
route legend. `text_scale` enlarges the text against the hexes and `render(area=...)` draws one
part alone; the map as a report mail shows it (800 px wide, and the part around a change) is
in `map_views.py`.
"""
from __future__ import annotations

import io
import itertools
import math
from typing import Iterable, Optional, Sequence

from PIL import Image, ImageDraw

from pbem.engine import hexgrid
from pbem.engine.tiles import COLOR_ORDER, node_revenue
from pbem.render import style as S
from pbem.render.map_shown import MapShown, map_key, map_shown, round_label  # re-exported
from pbem.render.placement import _ITEM_ORDER, _UNDER_TRACK, _place
from pbem.render.route_overlay import RouteOverlay, ShownRun
from pbem.render.geometry import (  # re-exported: the geometry helpers tests use
    DEFAULT_RADIUS, H, MARGIN_SCALE, SLOT_RADIUS, TOWN_RADIUS, TRACK_WIDTH, MapGeometry, TileLayout, edge_curve,
    slot_offsets, tile_layout, unit_corners, unit_edge_mid, unit_vertex,
)

__all__ = ["render_map", "map_png", "png_bytes", "compact_image", "map_geometry", "map_key", "map_shown", "MapShown",
           "round_label", "MapRenderer", "SUPERSAMPLE",
           # geometry helpers, re-exported from pbem.render.geometry
           "MapGeometry", "TileLayout", "tile_layout", "edge_curve", "slot_offsets", "unit_edge_mid", "unit_vertex",
           "unit_corners", "DEFAULT_RADIUS", "SLOT_RADIUS", "TOWN_RADIUS", "TRACK_WIDTH"]

SUPERSAMPLE = 2

# unit-R sizes of the small items
REV_R = 0.15              # city revenue disc radius
TOWN_REV_R = 0.125
NAME_SIZE = 0.135         # location name font size
LABEL_SIZE = 0.24         # OO / R label font size
SMALL_SIZE = 0.13         # tags, costs, tile numbers
COORD_SIZE = 0.2
HEADER_SIZE = 0.22
OB_BOX_W, OB_BOX_H = 0.36, 0.26   # off-board revenue box


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
class MapRenderer(RouteOverlay):
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
               header: bool = True, area: Optional[tuple[int, int, int, int]] = None) -> Image.Image:
        """The whole picture, or with `area` (left, top, right, bottom in the whole picture's
        pixels) that part of it alone, drawing only the hexes reaching into it (no margins)."""
        board, g = self.board, self.g
        shown = self._shown_runs(route_corp, routes, runs)
        route_list = [r for run in shown for r in run.routes]
        legend = self._legend_lines(shown)
        w, h = g.size(len(legend))
        coords = board.hex_coords()
        self._span = (0, w)                     # the whole picture's width, in drawing pixels
        if area is not None:
            coords = [c for c in coords if g.reaches(c, area, 1.25 * g.R)]   # what a hex draws stays this near it
            g.shift(-area[0] * self.ss, -area[1] * self.ss)
            self._span = (-area[0] * self.ss, w - area[0] * self.ss)
            w, h, header, legend = (area[2] - area[0]) * self.ss, (area[3] - area[1]) * self.ss, False, []
        self.img = Image.new("RGB", (w, h), S.BACKGROUND)
        self.draw = ImageDraw.Draw(self.img)
        for c in coords:
            self._hex_base(c)
        placed = {c: self._items(c) for c in coords}
        for c in coords:
            self._draw_items(c, placed[c], under=True)
        for c in coords:
            self._track(c)
        if route_list:
            self._route_lines(shown)
        for c in coords:
            self._nodes(c)
        for c in coords:
            self._draw_items(c, placed[c], under=False)
        self._borders(coords)
        for c in highlight:
            if board.has_hex(c):
                self._highlight(c)
        if route_list:
            self._route_stops(shown)
        if area is None:
            self._coordinates()
        if header:
            self._header()
        if legend:
            self._legend(legend)
        img = self.img.reduce(self.ss) if self.ss > 1 else self.img
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

    # --- small items ---------------------------------------------------------------------
    def _items(self, coord: str) -> list:
        """Decide the small items of a hex and where they go (drawn later by _draw_items);
        draws the off-board value boxes directly."""
        game, board = self.game, self.board
        t = board.tile(coord)
        d = t.def_
        lay = self.g.tile_layout(coord)
        R, k = self.R, self.k
        items: list[tuple[str, float, float]] = []
        draws: list = []

        discs = []
        for i, node in enumerate(d.nodes):
            p = lay.nodes[i] or (0.0, 0.0)
            if node.kind == "city":
                n = len(board.slots(coord, d.city_index(i)))
                rr = SLOT_RADIUS * self.g.slot_k * (1 if n <= 1 else 2 if n == 2 else 2.2)
                discs.append((p[0], p[1], rr + 0.02))
            elif node.kind == "town":
                discs.append((p[0], p[1], TOWN_RADIUS + 0.02))

        # off-board values at the centre
        obs = [n for n in d.nodes if n.kind == "offboard" and not n.hidden]
        if obs:
            rev = obs[0].revenue
            keys = [c for c in COLOR_ORDER + ("red",) if isinstance(rev, dict) and c in rev] if isinstance(rev, dict) else []
            nb = max(1, len(keys))
            discs.append((0.0, 0.0, k * max(nb * OB_BOX_W / 2, OB_BOX_H / 2) + 0.03))
            pre = [("offboard", obs[0], None, (0.0, 0.0), 0.0, 0.0)]
        else:
            pre = []

        # revenues of cities and towns
        ct = [i for i in d.ct_nodes if not d.nodes[i].hidden]
        colors = game.tile_colors
        revs = {i: node_revenue(d.nodes[i], colors) for i in ct}
        if ct and len(set(revs.values())) == 1 and len(ct) > 1:
            v = next(iter(revs.values()))
            if v:
                rr = self._rev_k * (REV_R if any(d.nodes[n].kind == "city" for n in ct) else TOWN_REV_R)
                items.append(("rev", 2 * rr, 2 * rr))
                draws.append(("rev", str(v), rr))
        else:
            for n in ct:
                if revs[n]:
                    rr = self._rev_k * (REV_R if d.nodes[n].kind == "city" else TOWN_REV_R)
                    items.append(("rev", 2 * rr, 2 * rr))
                    draws.append(("rev", str(revs[n]), rr))
        if d.label:
            f = self._font(LABEL_SIZE)
            tw = self.draw.textlength(d.label, font=f) / R
            items.append(("label", tw + 0.04, LABEL_SIZE * 0.9 * k))
            draws.append(("label", d.label, None))
        name = board.location_name(coord)
        if name:
            lines, f = self._wrap(name, min(2.0, 1.1 * k), NAME_SIZE)
            lw = max(self.draw.textlength(x, font=f) for x in lines) / R
            items.append(("name", lw + 0.02, len(lines) * f.size * 1.08 / R))
            draws.append(("name", lines, f))
        if d.upgrade_cost:
            label = _money(game, d.upgrade_cost)
            f = self._font(SMALL_SIZE)
            tw = self.draw.textlength(label, font=f) / R
            items.append(("cost", tw + 0.2 * k, 0.2 * k))
            draws.append(("cost", label, d.terrain[0] if d.terrain else ""))
        blocker = game.blocked_hex(coord) if hasattr(game, "blocked_hex") else None
        if blocker is not None:
            f = self._font(SMALL_SIZE)
            tw = self.draw.textlength(blocker.sym, font=f) / R
            items.append(("tag", tw + 0.1 * k, 0.2 * k))
            draws.append(("blocker", blocker.sym, None))
        for sym in board.tile_reservations(coord):
            f = self._font(SMALL_SIZE)
            tw = self.draw.textlength(sym, font=f) / R
            items.append(("tag", tw + 0.12 * k, 0.2 * k))
            draws.append(("hexres", sym, None))
        for icon in t.icons:
            f = self._font(SMALL_SIZE)
            tw = self.draw.textlength(icon, font=f) / R
            items.append(("tag", tw + 0.08 * k, 0.18 * k))
            draws.append(("icon", icon, None))
        if not t.printed:
            f = self._font(SMALL_SIZE * 0.9)
            tw = self.draw.textlength(t.name, font=f) / R
            items.append(("tile", tw + 0.02, SMALL_SIZE * k))
            draws.append(("tile", t.name, None))
        if not items:
            return pre
        order = sorted(range(len(items)), key=lambda i: _ITEM_ORDER.get(items[i][0], 9))
        items = [items[i] for i in order]
        draws = [draws[i] for i in order]
        key = tuple((k, round(w, 3), round(h, 3)) for k, w, h in items)
        spots = _place(lay, tuple(discs), key)
        return pre + [(what, val, extra, spot, w, h) for (kind, w, h), spot, (what, val, extra) in zip(items, spots, draws)]

    def _draw_items(self, coord: str, placed, *, under: bool) -> None:
        """Names and tile numbers go under the track (the track stays whole where text must
        cross it); revenues, labels and tags, placed clear of the track, go on top."""
        for what, val, extra, spot, w, h in placed:
            if (what in _UNDER_TRACK) != under:
                continue
            if what == "offboard":
                self._offboard_values(coord, val)
            else:
                self._draw_item(coord, what, val, extra, spot, w, h)

    def _wrap(self, text: str, max_units: float, size: float):
        """Split a name into 1-3 lines as even as possible; shrink the font if still too wide."""
        f = self._font(size)
        maxw = max_units * self.R
        tl = lambda x: self.draw.textlength(x, font=f)  # noqa: E731
        if tl(text) <= maxw:
            return [text], f
        words = text.split(" ")
        best = ([text], tl(text))
        for n in (2, 3):
            if len(words) < n:
                break
            for cut in itertools.combinations(range(1, len(words)), n - 1):
                bounds = (0,) + cut + (len(words),)
                lines = [" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:])]
                wmax = max(tl(x) for x in lines)
                if wmax < best[1] - 1e-6:
                    best = (lines, wmax)
            if best[1] <= maxw:
                break
        lines = best[0]
        if best[1] > maxw:
            f = S.fit_font(self.draw, max(lines, key=tl), maxw, size * self.k * self.R,
                           min_size=0.8 * size * self.k * self.R)
        return lines, f

    def _draw_item(self, coord: str, what: str, val, extra, spot, w: float, h: float) -> None:
        R = self.R
        cx, cy = self.g.to_px(coord, spot)
        if what == "rev":
            rr = extra * R
            self._circle((cx, cy), rr, fill=S.WHITE, outline=S.SLOT_OUTLINE, width=self._px(0.018))
            f = S.fit_font(self.draw, val, 1.7 * rr, 1.05 * rr)
            self.draw.text((cx, cy), val, font=f, fill=S.TEXT, anchor="mm")
        elif what == "label":
            self._text((cx, cy), val, LABEL_SIZE, S.TEXT, bold=True)
        elif what == "name":
            f = extra
            lh = f.size * 1.08
            y0 = cy - lh * (len(val) - 1) / 2
            for i, line in enumerate(val):
                self.draw.text((cx, y0 + i * lh), line, font=f, fill=S.TEXT, anchor="mm",
                               stroke_width=max(1, int(R * 0.018 * self.k)), stroke_fill=(255, 255, 255))
        elif what == "cost":
            color = S.TERRAIN_COLORS.get(extra, S.TEXT)
            left, u = cx - w * R / 2, self.k * R
            tri = [(left + 0.02 * u, cy + 0.07 * u), (left + 0.1 * u, cy - 0.08 * u), (left + 0.18 * u, cy + 0.07 * u)]
            self.draw.polygon(tri, fill=color)
            self.draw.text((left + 0.2 * u, cy), val, font=self._font(SMALL_SIZE), fill=S.TEXT, anchor="lm",
                           stroke_width=max(1, int(R * 0.015 * self.k)), stroke_fill=(255, 255, 255))
        elif what == "blocker":
            box = (cx - w * R / 2, cy - h * R / 2, cx + w * R / 2, cy + h * R / 2)
            self.draw.rounded_rectangle(box, radius=h * R / 3, fill=S.BLOCKER_FILL, outline=S.WHITE,
                                        width=self._px(0.012))
            self.draw.text((cx, cy), val, font=self._font(SMALL_SIZE), fill=S.WHITE, anchor="mm")
        elif what == "hexres":
            fill, _ = self._corp_colors(val)
            box = (cx - w * R / 2, cy - h * R / 2, cx + w * R / 2, cy + h * R / 2)
            self.draw.rounded_rectangle(box, radius=h * R / 3, fill=S.RESERVED_FILL, outline=fill,
                                        width=self._px(0.035))
            self.draw.text((cx, cy), val, font=self._font(SMALL_SIZE), fill=S.TEXT, anchor="mm")
        elif what == "icon":
            box = (cx - w * R / 2, cy - h * R / 2, cx + w * R / 2, cy + h * R / 2)
            self.draw.rounded_rectangle(box, radius=h * R / 3, fill=(255, 255, 255), outline=S.MUTED,
                                        width=self._px(0.01))
            self.draw.text((cx, cy), val, font=self._font(SMALL_SIZE * 0.95), fill=(140, 20, 20), anchor="mm")
        elif what == "tile":
            self.draw.text((cx, cy), val, font=self._font(SMALL_SIZE * 0.9), fill=S.MUTED, anchor="mm")

    def _offboard_values(self, coord: str, node) -> None:
        R = self.R
        rev = node.revenue
        cx, cy = self.g.to_px(coord, (0.0, 0.0))
        if not isinstance(rev, dict):
            if rev:
                self._circle((cx, cy), REV_R * self.k * R, fill=S.WHITE, outline=S.SLOT_OUTLINE, width=self._px(0.018))
                self.draw.text((cx, cy), str(rev), font=self._font(0.15), fill=S.TEXT, anchor="mm")
            return
        keys = [c for c in COLOR_ORDER + ("red",) if c in rev]
        current = next((c for c in reversed(self.game.tile_colors) if c in rev), None)
        f = self._font(0.16)
        bw = max(OB_BOX_W * R, max(self.draw.textlength(str(rev[c]), font=f) for c in keys) + 0.4 * f.size)
        bh = max(OB_BOX_H * R, 1.45 * f.size)
        lo, hi = self._span                                                 # kept inside the whole picture
        x0 = min(max(cx - bw * len(keys) / 2, lo + self.ss), hi - self.ss - bw * len(keys))
        for i, k in enumerate(keys):
            box = (x0 + i * bw, cy - bh / 2, x0 + (i + 1) * bw, cy + bh / 2)
            fill = S.TILE_COLORS.get(k, S.WHITE)
            self.draw.rectangle(box, fill=fill, outline=S.SLOT_OUTLINE, width=self._px(0.015))
            txt = S.contrast_text(fill)
            self.draw.text(((box[0] + box[2]) / 2, cy), str(rev[k]), font=f, fill=txt, anchor="mm",
                           stroke_width=max(1, int(R * 0.006)) if k == current else 0, stroke_fill=txt)
        if current is not None:
            i = keys.index(current)
            pad = self._px(0.025)
            box = (x0 + i * bw - pad, cy - bh / 2 - pad, x0 + (i + 1) * bw + pad, cy + bh / 2 + pad)
            self.draw.rectangle(box, outline=S.WHITE, width=self._px(0.05))
            self.draw.rectangle(box, outline=(20, 20, 20), width=self._px(0.025))

    # --- borders ---------------------------------------------------------------------------
    def _borders(self, coords) -> None:
        seen = set()
        R = self.R
        for c in coords:
            for e, b in sorted(self.board.borders(c).items()):
                if b.type not in S.BORDER_COLORS or (not b.cost and b.type != "impassable"):
                    continue
                nb = self.board.neighbor(c, e)
                key = frozenset({(c, e), (nb, hexgrid.opposite(e))}) if nb else (c, e)
                if key in seen:
                    continue
                seen.add(key)
                color = S.BORDER_COLORS[b.type]
                v1, v2 = unit_vertex((e - 1) % 6), unit_vertex(e)
                a = (v1[0] + (v2[0] - v1[0]) * 0.06, v1[1] + (v2[1] - v1[1]) * 0.06)
                z = (v1[0] + (v2[0] - v1[0]) * 0.94, v1[1] + (v2[1] - v1[1]) * 0.94)
                self.draw.line([self.g.to_px(c, a), self.g.to_px(c, z)], fill=color, width=self._px(0.075))
                if b.cost:
                    t = (v1[0] + (v2[0] - v1[0]) * 0.2, v1[1] + (v2[1] - v1[1]) * 0.2)
                    p = self.g.to_px(c, t)
                    label = f"${b.cost}"
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
        g = self.g
        f = S.font(COORD_SIZE * min(self.k, MARGIN_SCALE) * self.R)
        axes = self.board.axes
        cols: dict[int, list[str]] = {}
        rows: dict[int, list[str]] = {}
        for c, (x, y) in g.xy.items():
            cols.setdefault(x, []).append(c)
            rows.setdefault(y, []).append(c)
        top = g.header + g.margin / 2
        bottom = g.map_height - g.margin / 2
        left = g.margin / 2
        right = g.map_width - g.margin / 2
        for x, cs in cols.items():
            label = _axis_label(x, "x", axes)
            px = g.centre(cs[0])[0]
            self.draw.text((px, top), label, font=f, fill=S.MUTED, anchor="mm")
            self.draw.text((px, bottom), label, font=f, fill=S.MUTED, anchor="mm")
        for y, cs in rows.items():
            label = _axis_label(y, "y", axes)
            py = g.centre(cs[0])[1]
            self.draw.text((left, py), label, font=f, fill=S.MUTED, anchor="mm")
            self.draw.text((right, py), label, font=f, fill=S.MUTED, anchor="mm")

    def _header(self) -> None:
        g, R = self.g, self.R
        game = self.game
        text = f"{game.data.get('title', '')}   {round_label(game)}   Phase {game.phase.name}"
        self.draw.text((g.margin, g.header / 2 + 0.05 * R * self.k), text, font=self._font(HEADER_SIZE), fill=S.TEXT,
                       anchor="lm")


def _money(game, amount: int) -> str:
    cur = game.data.get("currency", "$%s") or "$%s"
    return cur % amount if "%s" in cur else f"${amount}"


def _axis_label(v: int, axis: str, axes: dict) -> str:
    """The part of a coordinate name that axis value `v` stands for ('K' or '3')."""
    xy = (v, 0) if axis == "x" else (0, v)
    name = hexgrid.format_coord(xy, axes)
    letters = "".join(ch for ch in name if ch.isalpha())
    digits = name[len(letters):]
    kind = (axes or hexgrid.DEFAULT_AXES).get(axis)
    return letters if kind == "letter" else digits
