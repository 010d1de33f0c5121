"""Views of a finished map picture: the hexes a move changed outlined on it, and the part of it
around them at the map's own scale (a report mail's first picture). Neither draws the map again."""
from __future__ import annotations

from typing import Iterable, Optional

from PIL import Image, ImageDraw

from pbem.render import style as S
from pbem.render.geometry import unit_corners
from pbem.render.map import DEFAULT_RADIUS, map_geometry

__all__ = ["CROP_SIZE", "crop_around", "outline_hexes"]


def outline_hexes(img: Image.Image, game, coords: Iterable[str], radius: float = DEFAULT_RADIUS) -> Image.Image:
    """A copy of a rendered map with `coords` outlined as `render_map(highlight=...)` outlines
    them, drawn on the finished picture: the same map with another highlight needs no redraw."""
    g = map_geometry(game, radius)
    out = img.copy()
    draw = ImageDraw.Draw(out)
    width = max(1, int(round(0.07 * g.R)))
    for c in coords:
        if game.board.has_hex(c):
            pts = [g.to_px(c, (v[0] * 0.94, v[1] * 0.94)) for v in unit_corners()]
            draw.line(pts + [pts[0]], fill=S.HIGHLIGHT, width=width, joint="curve")
    return out


#: the smallest crop around what changed, in the map's own pixels: at a mail's width (800 px)
#: it is shown at full size, so its names, revenues, costs and tokens read as drawn
CROP_SIZE = (800, 480)


def crop_around(img: Image.Image, game, coords: Iterable[str], radius: float = DEFAULT_RADIUS,
                size: tuple[int, int] = CROP_SIZE) -> Optional[Image.Image]:
    """The part of a rendered map around the hexes `coords` (at least `size`, the hexes and a
    hex of margin all round, kept inside the picture), at the map's own scale; None when none
    of them is on the map."""
    g = map_geometry(game, radius)
    centres = [g.centre(c) for c in coords if game.board.has_hex(c)]
    if not centres:
        return None
    margin = 2 * g.R
    left, right = min(x for x, _ in centres) - margin, max(x for x, _ in centres) + margin
    top, bottom = min(y for _, y in centres) - margin, max(y for _, y in centres) + margin
    w, h = max(size[0], right - left), max(size[1], bottom - top)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    x0 = int(max(0, min(img.width - w, cx - w / 2)))
    y0 = int(max(0, min(img.height - h, cy - h / 2)))
    if y0 < g.R:
        y0 = 0                          # near the top: the title line whole rather than cut
    return img.crop((x0, y0, int(min(img.width, x0 + w)), int(min(img.height, y0 + h))))
