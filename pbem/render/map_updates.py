"""A map picture kept up to date as a game goes on: the first picture drawn whole, then after
each move only the parts around the hexes whose look changed, each drawn alone (the whole
picture's own pixels there, `MapRenderer.render(area=...)`). The HTML replay carries the first
picture and the parts, and paints a move's map as the first picture with the parts up to it
laid over it in order. One palette for all of them keeps a part's colours the picture's.

    updates = MapUpdates.start(game, radius=52)
    ... game.push(...); new = updates.update(game)     # indices of the parts this move drew
    base_png, part_pngs = updates.pngs()
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import Optional

from PIL import Image

from pbem.render.map import REACH, MapRenderer, map_geometry

__all__ = ["Part", "MapUpdates", "hex_looks", "indexed_pngs"]

#: colours of the shared palette: flat drawings with antialiased edges need no more
PALETTE_COLORS = 128


@dataclass(frozen=True)
class Part:
    """A part of the map redrawn: where it goes (left, top, right, bottom in the picture's
    pixels) and its pixels."""

    area: tuple[int, int, int, int]
    image: Image.Image


def hex_looks(game, snapshot: Optional[dict] = None) -> dict[str, tuple]:
    """Per hex, everything its drawing reads from the game (its tile and rotation, stations,
    reservations, the borders left, the private blocking it, and for a hex whose revenue follows
    the phase the tile colours available): equal looks draw equal pixels. `snapshot`: the
    board's snapshot when the caller has it."""
    board = game.board
    colors = tuple(game.tile_colors)
    snap = board.snapshot() if snapshot is None else snapshot
    blocking = {c for comp in game.companies.values() for c in comp.blocks_hexes} if hasattr(game, "blocked_hex") else ()
    blockers = {c: getattr(game.blocked_hex(c), "sym", None) for c in blocking if board.has_hex(c)}
    out = {}
    for c in board.hex_coords():
        tile, rotation = board.tile_def(c)
        by_phase = _BY_PHASE.get(tile)
        if by_phase is None:
            if len(_BY_PHASE) > 4096:
                _BY_PHASE.clear()
            by_phase = _BY_PHASE[tile] = any(isinstance(n.revenue, dict) for n in tile.nodes)
        out[c] = (tile.name, rotation, snap.get(c), board.borders(c), blockers.get(c), colors if by_phase else None)
    return out


#: whether a tile design's revenue follows the phase, by design (hashed by identity, as the
#: engine's own caches of designs are)
_BY_PHASE: dict = {}


@dataclass
class MapUpdates:
    """The first picture of a game's map and every part redrawn since (see the module)."""

    radius: float
    base: Image.Image
    looks: dict[str, tuple]
    parts: list[Part] = field(default_factory=list)
    size: tuple[int, int] = (0, 0)

    @classmethod
    def start(cls, game, radius: float) -> "MapUpdates":
        """The map of `game` as it stands, drawn whole (no header)."""
        base = MapRenderer(game, radius=radius).render(header=False)
        return cls(radius, base, hex_looks(game), [], base.size)

    def update(self, game, snapshot: Optional[dict] = None) -> list[int]:
        """Draw the parts around the hexes whose look changed since the last call; their indices.
        `snapshot`: the board's snapshot when the caller has it."""
        looks = hex_looks(game, snapshot)
        changed = [c for c, look in looks.items() if self.looks.get(c) != look]
        self.looks = looks
        if not changed:
            return []
        first = len(self.parts)
        for area in self.areas(game, changed):
            self.parts.append(Part(area, MapRenderer(game, radius=self.radius).render(header=False, area=area)))
        return list(range(first, len(self.parts)))

    def areas(self, game, coords: list[str]) -> list[tuple[int, int, int, int]]:
        """The parts to redraw for the hexes `coords`: each hex and as far round it as it draws,
        inside the picture; parts that overlap drawn as one."""
        geo = map_geometry(game, self.radius)
        reach = REACH * self.radius
        w, h = self.size
        boxes = []
        for c in coords:
            x, y = geo.centre(c)
            boxes.append((max(0, math.floor(x - reach)), max(0, math.floor(y - reach)),
                          min(w, math.ceil(x + reach)), min(h, math.ceil(y + reach))))
        return _merged(boxes)

    def pngs(self, colors: int = PALETTE_COLORS) -> tuple[bytes, list[bytes]]:
        """The first picture and the parts as PNGs, indexed with one palette made from them all."""
        images = indexed_pngs([self.base] + [p.image for p in self.parts], colors)
        return images[0], images[1:]


def _merged(boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """The boxes with every two that overlap replaced by the box holding both."""
    out: list[tuple[int, int, int, int]] = []
    for b in boxes:
        while True:
            hit = next((o for o in out if b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]), None)
            if hit is None:
                break
            out.remove(hit)
            b = (min(b[0], hit[0]), min(b[1], hit[1]), max(b[2], hit[2]), max(b[3], hit[3]))
        out.append(b)
    return out


def indexed_pngs(images: list[Image.Image], colors: int = PALETTE_COLORS) -> list[bytes]:
    """`images` as PNGs with one palette of at most `colors` made from all of them (without
    dithering, so a pixel's colour depends on its own colour alone: equal pixels stay equal)."""
    if not images:
        return []
    width = max(i.width for i in images)
    spots, x, y, row = [], 0, 0, 0             # the pictures side by side in rows, for one quantizing
    for img in images:
        if x and x + img.width > width:
            x, y, row = 0, y + row, 0
        spots.append((x, y))
        x, row = x + img.width, max(row, img.height)
    sheet = Image.new("RGB", (width, y + row))
    for img, at in zip(images, spots):
        sheet.paste(img, at)
    palette = sheet.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    out = []
    for img in images:
        buf = io.BytesIO()
        img.quantize(palette=palette, dither=Image.Dither.NONE).save(buf, "PNG", compress_level=6)
        out.append(buf.getvalue())
    return out
