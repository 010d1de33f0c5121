"""The map as a report mail shows it, at a mail's width (800 px): the whole map drawn to that
width with its text enlarged, and the part around the hexes a move changed drawn alone at a
scale where everything reads (docs/mail.md). Also: hexes outlined, or brought up to date, on a finished
picture."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Optional

from PIL import Image, ImageDraw

from pbem.render import style as S
from pbem.render.geometry import MapGeometry, unit_corners
from pbem.render.map import DEFAULT_RADIUS, REACH, SMALL_SIZE, MapRenderer, _axis_label, map_geometry

__all__ = ["MAIL_WIDTH", "OVERVIEW_TEXT_PX", "NEAR", "CROP_SIZE", "MapView", "overview_view", "render_view",
           "crop_window", "render_area", "render_around", "outline_hexes", "redraw_hexes", "redraw_header"]

#: the width a mail client gives a picture (an HTML mail's usual column)
MAIL_WIDTH = 800
#: the part around what changed, in its own pixels: shown at full size in a mail
CROP_SIZE = (800, 480)


@dataclass(frozen=True)
class MapView:
    """A scale to draw the map at: hex radius in pixels and how much its text is enlarged."""

    radius: float
    text_scale: float = 1.0

    def geometry(self, game) -> MapGeometry:
        return map_geometry(game, self.radius, self.text_scale)


#: the height of the smallest text (costs, tags; names are a little larger) on the whole map
#: at a mail's width, in pixels: the text is enlarged against the hexes until it is this high
OVERVIEW_TEXT_PX = 9.5
#: the part around what changed: the map's own hex size with text a third larger (names 13 px)
NEAR = MapView(DEFAULT_RADIUS, 1.3)


def overview_view(game, width: int = MAIL_WIDTH, text_px: float = OVERVIEW_TEXT_PX) -> MapView:
    """The scale at which the whole map, margins included, is `width` pixels wide and its
    smallest text `text_px` high (1861's 17 columns need text 2.6 times larger, 1882's 2.1)."""
    scale, radius = 1.0, 0.0
    for _ in range(5):                 # the margins grow with the text: a few rounds settle both
        radius = (width - 0.01) / map_geometry(game, 1.0, scale).map_width
        scale = max(1.0, 1.01 * text_px / (SMALL_SIZE * radius))
    return MapView((width - 0.01) / map_geometry(game, 1.0, scale).map_width, scale)


def render_view(game, view: MapView, *, header: bool = True) -> Image.Image:
    """The whole map at `view`'s scale."""
    return MapRenderer(game, radius=view.radius, text_scale=view.text_scale).render(header=header)


def crop_window(game, coords: Iterable[str], view: MapView = NEAR,
                size: tuple[int, int] = CROP_SIZE) -> Optional[tuple[int, int, int, int]]:
    """The part of the whole picture at `view` around the hexes `coords` (left, top, right,
    bottom): at least `size`, the hexes and a hex of margin all round, kept inside the
    picture; None when none of them is on the map."""
    g = view.geometry(game)
    centres = [g.centre(c) for c in coords if game.board.has_hex(c)]
    if not centres:
        return None
    width, height = g.size()
    margin = 2 * g.R
    left, right = min(x for x, _ in centres) - margin, max(x for x, _ in centres) + margin
    top, bottom = min(y for _, y in centres) - margin, max(y for _, y in centres) + margin
    w, h = min(width, max(size[0], right - left)), min(height, max(size[1], bottom - top))
    every = [g.centre(c) for c in game.board.hex_coords()]          # the hexes' extent, margins aside
    xs, ys, pad = [x for x, _ in every], [y for _, y in every], 1.1 * g.R
    x0 = _snap((left + right) / 2 - w / 2, w, (min(xs) - pad, max(xs) + pad), width, 1.5 * g.R)
    y0 = _snap((top + bottom) / 2 - h / 2, h, (min(ys) - pad, max(ys) + pad), height, 1.5 * g.R)
    return (x0, y0, x0 + int(w), y0 + int(h))


def _snap(start: float, length: float, extent: tuple[float, float], whole: float, near: float) -> int:
    """Where a window of `length` starts along `whole`: inside the hexes' `extent` where it fits
    (else inside the picture), and at an edge when within `near` of it (the hexes along the
    edge whole rather than cut)."""
    lo = max(0.0, min(extent[0], whole - length))
    hi = min(whole, max(extent[1], lo + length))
    start = max(lo, min(hi - length, start))
    if start - lo < near:
        return int(lo)
    return int(hi - length) if hi - length - start < near else int(start)


def render_area(game, area: tuple[int, int, int, int], view: MapView = NEAR,
                highlight: Iterable[str] = (), *, coordinates: bool = True) -> Image.Image:
    """The pixels `area` of the whole picture at `view` (highlight drawn), drawing only the
    hexes that reach into it: the same pixels as cutting them out of the whole picture
    (`coordinates=False`: but for the names of columns and rows in its margins)."""
    renderer = MapRenderer(game, radius=view.radius, text_scale=view.text_scale)
    return renderer.render(highlight=list(highlight), area=area, header=False, coordinates=coordinates)


def redraw_hexes(img: Image.Image, game, view: MapView, coords: Iterable[str]) -> Optional[Image.Image]:
    """The whole picture `img` at `view` (`render_view`) of a board on which only `coords` changed
    since, brought up to date: the part as far around them as a hex draws (`REACH`, grown with
    the text) drawn alone (`render_area`, the margins' coordinates with it) and pasted in, below
    the title line's band; the pixels the whole picture of `game` has there. None when nothing
    of them is in the picture."""
    g = view.geometry(game)
    centres = [g.centre(c) for c in coords if game.board.has_hex(c)]
    if not centres:
        return img.copy()
    reach = REACH * max(1.0, view.text_scale) * g.R
    area = (max(0, int(min(x for x, _ in centres) - reach)),
            max(int(math.ceil(g.header)), int(min(y for _, y in centres) - reach)),
            min(img.width, int(math.ceil(max(x for x, _ in centres) + reach))),
            min(img.height, int(math.ceil(max(y for _, y in centres) + reach))))
    if area[0] >= area[2] or area[1] >= area[3]:
        return None
    out = img.copy()
    out.paste(render_area(game, area, view), area[:2])
    return out


def redraw_header(img: Image.Image, game, view: MapView) -> Image.Image:
    """The whole picture `img` at `view` with the title line of `game` (its round and phase)
    drawn anew, the rest as it was."""
    band = MapRenderer(game, radius=view.radius, text_scale=view.text_scale).header_band()
    out = img.copy()
    out.paste(band, (0, 0))
    return out


def render_around(game, coords: Iterable[str], view: MapView = NEAR,
                  size: tuple[int, int] = CROP_SIZE) -> Optional[Image.Image]:
    """A picture of `size` of the part of the map around `coords` (outlined), drawn alone at
    `view`, with the names of its columns and rows in a band along its top and left edges (and
    not again where the part reaches the map's margins); None when no hex of them is on the map."""
    coords = [c for c in coords if game.board.has_hex(c)]
    band = int(round(EDGE_BAND * view.text_scale * view.radius))
    area = crop_window(game, coords, view, (size[0] - band, size[1] - band))
    if area is None:
        return None
    img = Image.new("RGB", (area[2] - area[0] + band, area[3] - area[1] + band), S.BACKGROUND)
    img.paste(render_area(game, area, view, coords, coordinates=False), (band, band))   # the band names them
    _edge_coordinates(img, game, view, area, band)
    return img


#: the band holding the column and row names, in units of the hex radius (before text scale)
EDGE_BAND = 0.24


def _edge_coordinates(img: Image.Image, game, view: MapView, area: tuple[int, int, int, int], band: int) -> None:
    """Each column's name in the top band and each row's in the left one (where a player looks
    for the name of a hex in the picture)."""
    g = view.geometry(game)
    draw = ImageDraw.Draw(img)
    fnt = S.font(0.62 * band)
    axes, seen = game.board.axes, set()
    for coord, (x, y) in g.xy.items():
        cx, cy = g.centre(coord)
        px, py = cx - area[0] + band, cy - area[1] + band          # the hex's centre in the picture
        for axis, v, at, inside in (("x", x, (px, band / 2), band <= px < img.width),
                                    ("y", y, (band / 2, py), band <= py < img.height)):
            if inside and (axis, v) not in seen:
                seen.add((axis, v))
                draw.text(at, _axis_label(v, axis, axes), font=fnt, fill=S.MUTED, anchor="mm")


def outline_hexes(img: Image.Image, game, coords: Iterable[str], radius: float = DEFAULT_RADIUS,
                  text_scale: float = 1.0) -> Image.Image:
    """A copy of a rendered map with `coords` outlined as `render_map(highlight=...)` outlines
    them, drawn on the finished picture: the same map with another highlight needs no redraw."""
    g = map_geometry(game, radius, text_scale)
    out = img.copy()
    draw = ImageDraw.Draw(out)
    width = max(1, int(round(0.07 * g.R)))
    for c in coords:
        if game.board.has_hex(c):
            pts = [g.to_px(c, (v[0] * 0.94, v[1] * 0.94)) for v in unit_corners()]
            draw.line(pts + [pts[0]], fill=S.HIGHLIGHT, width=width, joint="curve")
    return out
