"""Colours and fonts shared by the map and market renderers.

Fonts: DejaVu Sans (Debian's fonts-dejavu-core, which the install steps bring), which has every
currency sign a title writes (₽ for 1861, $, £); without it, Pillow's built-in font
(`ImageFont.load_default(size=...)`, scalable since Pillow 10.1 with FreeType), which has no ₽.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import ImageColor, ImageFont

RGB = tuple[int, int, int]

BACKGROUND: RGB = (250, 248, 243)
TEXT: RGB = (34, 34, 34)              # never pure black: pure black is reserved for track
MUTED: RGB = (110, 110, 110)
TRACK: RGB = (0, 0, 0)
HEX_OUTLINE: RGB = (92, 92, 92)
WHITE: RGB = (255, 255, 255)
SLOT_OUTLINE: RGB = (20, 20, 20)
HIGHLIGHT: RGB = (255, 20, 147)
BLOCKER_FILL: RGB = (70, 70, 70)
RESERVED_FILL: RGB = (238, 238, 238)

TILE_COLORS: dict[str, RGB] = {
    "white": (236, 228, 208),
    "yellow": (247, 221, 59),
    "green": (96, 182, 72),
    "brown": (186, 114, 64),
    "gray": (182, 184, 187),
    "red": (218, 54, 44),
    "blue": (66, 156, 224),
}

BORDER_COLORS: dict[str, RGB] = {
    "water": (24, 104, 214),
    "mountain": (120, 78, 40),
    "impassable": (200, 20, 20),
}

TERRAIN_COLORS: dict[str, RGB] = {
    "mountain": (120, 78, 40),
    "hill": (150, 110, 70),
    "water": (24, 104, 214),
    "river": (24, 104, 214),
    "lake": (24, 104, 214),
    "swamp": (60, 120, 90),
    "forest": (30, 110, 50),
}

#: one colour per route of the overlay (train order)
ROUTE_COLORS: tuple[RGB, ...] = (
    (255, 0, 200), (0, 170, 255), (255, 130, 0), (0, 200, 90), (150, 40, 255), (0, 205, 190),
)

MARKET_ZONES: dict[str, RGB] = {
    "white": (246, 243, 234),
    "yellow": (250, 226, 100),
    "orange": (246, 166, 66),
    "brown": (176, 118, 76),
}
PAR_OUTLINE: RGB = (200, 30, 30)


def rgb(color: str, default: RGB = (136, 136, 136)) -> RGB:
    """'#rrggbb' or a CSS colour name -> (r, g, b)."""
    try:
        c = ImageColor.getrgb(color)
    except (ValueError, AttributeError, TypeError):
        return default
    return (c[0], c[1], c[2])


def contrast_text(fill: RGB) -> RGB:
    """Black-ish or white text, whichever reads on `fill`."""
    lum = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return TEXT if lum > 150 else WHITE


#: where DejaVu Sans is found (Debian's fonts-dejavu-core, other systems' usual places)
FONT_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf",
              "/usr/share/fonts/TTF/DejaVuSans.ttf", "/Library/Fonts/DejaVuSans.ttf")


#: glyph masks a font keeps (each a few KB at most): far more than a map's distinct labels
MASKS_KEPT = 4096


class KeptMasksFont(ImageFont.FreeTypeFont):
    """A FreeType font that keeps the text masks it renders and the lengths it measures: a map
    draws (and measures, to place them) the same names, revenues, costs and letters at the same
    sub-pixel offsets picture after picture, and rendering them is most of the cost of a part of
    the map. The offset is taken to 1/8 of a
    pixel (of the supersampled drawing), so equal text at nearly equal offsets is one mask."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._masks: dict = {}
        self._lengths: dict = {}

    def getmask2(self, text, mode="", direction=None, features=None, language=None, stroke_width=0, anchor=None,
                 ink=0, start=None, *args, **kwargs):
        if start is not None:
            start = (round(start[0] * 8) / 8, round(start[1] * 8) / 8)
        call = (mode, direction, features, language, stroke_width, anchor, ink, start) + args
        try:
            key = (text, call, tuple(sorted(kwargs.items())))
            hash(key)
        except TypeError:                       # a list among the options (features): not kept
            return super().getmask2(text, *call, **kwargs)
        hit = self._masks.get(key)
        if hit is None:
            if len(self._masks) >= MASKS_KEPT:
                self._masks.clear()
            hit = self._masks[key] = super().getmask2(text, *call, **kwargs)
        return hit

    def getlength(self, text, mode="", direction=None, features=None, language=None):
        """The advance of `text`, kept as its masks are (a map measures the same names, revenues
        and legends picture after picture to place them)."""
        try:
            key = (text, mode, direction, tuple(features) if features else None, language)
            hash(key)
        except TypeError:
            return super().getlength(text, mode, direction, features, language)
        hit = self._lengths.get(key)
        if hit is None:
            if len(self._lengths) >= MASKS_KEPT:
                self._lengths.clear()
            hit = self._lengths[key] = super().getlength(text, mode, direction, features, language)
        return hit


@lru_cache(maxsize=64)
def font(size: float):
    """DejaVu Sans at `size` pixels, else the built-in scalable font (bitmap without FreeType)."""
    size = max(6, int(round(size)))
    for path in FONT_FILES:
        try:
            return KeptMasksFont(path, size)
        except OSError:
            continue
    try:
        return ImageFont.load_default(size=size)
    except TypeError:               # Pillow < 10.1: no sizes
        return ImageFont.load_default()


def text_size(draw, text: str, fnt) -> tuple[float, float]:
    box = draw.textbbox((0, 0), text, font=fnt, anchor="lt")
    return (box[2] - box[0], box[3] - box[1])


def fit_font(draw, text: str, max_w: float, size: float, min_size: float = 6):
    """The largest font not above `size` whose rendering of `text` is at most `max_w` wide."""
    s = size
    while s > min_size:
        f = font(s)
        if draw.textlength(text, font=f) <= max_w:
            return f
        s -= max(1.0, s * 0.08)
    return font(min_size)
