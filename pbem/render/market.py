"""Draw the stock market (zone colours, each company's marker in stack order) and the par chart.

    img = render_market(game)              # PIL.Image
    geo = market_geometry(game)            # cell boxes and marker centres in PNG pixels

Markers in a cell are drawn in stack order (the first to arrive operates first among companies
at the same price): left to right, then the next line. The par chart to the right lists the par
values with the companies parred at each.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Optional

from PIL import Image, ImageDraw

from pbem.render import style as S
from pbem.render.map import compact_image, png_bytes, round_label

__all__ = ["render_market", "compact_market", "market_png", "with_header", "header_rows", "market_geometry", "MarketGeometry", "MarketMarkers", "market_markers",
           "marker_colors", "marker_font_px"]

SUPERSAMPLE = 2
CELL_W = 76
PRICE_H = 20
MARKER_R = 15
MARKER_GAP = 4
PER_LINE = 2
MARGIN = 14
HEADER_H = 34
PAR_W = 210
NARROW_CELL_W = 48       # the narrowest cell of a one-row market before it goes on in another line
LEGEND_H = 58


class MarketGeometry:
    """Pixel positions on the market image (final pixels when scale is 1). With `width` the
    picture is that wide (a mail's 800 px): narrower cells, and the par chart under the grid."""

    def __init__(self, game, scale: int = 1, width: Optional[int] = None, room: Optional[tuple[int, int]] = None):
        self.game = game
        self.market = game.market
        self.s = scale
        grid = self.market.grid
        self.rows = len(grid)
        self.cols = max((len(r) for r in grid), default=0)
        most = max((len(c.stack) for r in grid for c in r if c), default=0)
        pars = {}
        for c in self.game.corporations.values():
            if c.par_price is not None and not c.closed:
                pars[c.par_price] = pars.get(c.par_price, 0) + 1
        kept = room                 # the markers a cell and a par value hold, said instead of the game's
        if kept is not None:
            most, pars = kept[0], {None: kept[1]}
        self.below = width is not None              # the par chart under the grid, not beside it
        room = (width - 2 * MARGIN) if width is not None else self.cols * CELL_W
        # a one-row market (1861's column market) wider than the picture goes on in lines below
        self.wrap = min(self.cols, room // NARROW_CELL_W) if self.rows == 1 and self.below else self.cols
        self.wrap = max(1, self.wrap)
        self.bands = math.ceil(self.cols / self.wrap)                   # lines a row of the market takes
        cell_w = min(CELL_W, room // self.wrap)
        self.radius = min(MARKER_R, (cell_w - 2 * MARKER_GAP) // 2)          # a marker's, unscaled
        self.per_line = max(1, min(PER_LINE, (cell_w - MARKER_GAP) // (2 * self.radius + MARKER_GAP)))
        self.lines = max(1, math.ceil(most / self.per_line))
        self.cell_w = cell_w * scale
        self.cell_h = self._height(1 if self.below else self.lines)
        # each line as high as its tallest stack needs (a narrow picture), else all as the tallest
        tall = [max((len(c.stack) for c in r[b * self.wrap:(b + 1) * self.wrap] if c), default=0)
                for r in grid for b in range(self.bands)]
        if kept is not None:
            tall = [kept[0] for _ in tall]
        self.row_h = [self._height(max(1, math.ceil(n / self.per_line))) if self.below else self.cell_h for n in tall]
        self.marker_r = self.radius * scale
        self.margin = MARGIN * scale
        self.header = HEADER_H * scale
        self.grid_w = self.wrap * self.cell_w
        self.grid_h = sum(self.row_h)
        self.row_y = [self.header + sum(self.row_h[:i]) for i in range(len(self.row_h))]
        self.par_x = self.margin if self.below else self.margin + self.grid_w + 2 * self.margin
        self.par_y = self.header + (self.grid_h + 2 * self.margin if self.below else 0)
        self.legend_h = (LEGEND_H + (22 if self.below else 0)) * scale     # its entries on two lines
        self.par_cells = self.market.par_cells
        self.par_per_line = 5
        self.par_row_h = max(self.cell_h * 0.6, (2 * self.radius + 10) * scale
                             * max(1, math.ceil(max(pars.values(), default=1) / self.par_per_line)))
        self.width = int(width * scale if self.below else self.par_x + PAR_W * scale + self.margin)
        par_h = self.par_y + 24 * scale + len(self.par_cells) * self.par_row_h
        self.height = int(max(self.header + self.grid_h, par_h) + self.legend_h + self.margin)

    def _height(self, lines: int) -> float:
        """A cell's height holding `lines` lines of markers."""
        return (PRICE_H + lines * (2 * self.radius + MARKER_GAP) + MARKER_GAP) * self.s

    def cell_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        line = row * self.bands + col // self.wrap
        x0 = self.margin + (col % self.wrap) * self.cell_w
        y0 = self.row_y[line]
        return (x0, y0, x0 + self.cell_w, y0 + self.row_h[line])

    def stack_slot(self, row: int, col: int, index: int) -> tuple[float, float]:
        """Centre of the index-th marker (stack order) in a cell."""
        x0, y0, _, _ = self.cell_box(row, col)
        line, pos = divmod(index, self.per_line)
        step = 2 * self.radius + MARKER_GAP
        dx = (self.cell_w - self.per_line * step * self.s + MARKER_GAP * self.s) / 2
        cx = x0 + dx + (self.radius + pos * step) * self.s
        cy = y0 + (PRICE_H + MARKER_GAP + self.radius + line * step) * self.s
        return (cx, cy)

    def marker_centre(self, sym: str) -> Optional[tuple[float, float]]:
        """Centre of company `sym`'s marker on the market (None if it has none)."""
        cell = self.market.positions.get(sym)
        if cell is None or sym not in cell.stack:
            return None
        return self.stack_slot(cell.row, cell.col, cell.stack.index(sym))

    def par_row_box(self, i: int) -> tuple[float, float, float, float]:
        y0 = self.par_y + 24 * self.s + i * self.par_row_h
        return (self.par_x, y0, self.par_x + PAR_W * self.s, y0 + self.par_row_h)

    def par_corps(self, price: int) -> list:
        return [c for c in self.game.corporations.values() if c.par_price == price and not c.closed]

    def par_marker_centre(self, sym: str) -> Optional[tuple[float, float]]:
        corp = self.game.corporations.get(sym)
        if corp is None or corp.par_price is None or corp.closed:
            return None
        for i, cell in enumerate(self.par_cells):
            if cell.price == corp.par_price:
                return self.par_slot(i, self.par_corps(cell.price).index(corp))
        return None

    def par_slot(self, i: int, j: int) -> tuple[float, float]:
        """Centre of the j-th marker in the i-th line of the par chart."""
        x0, y0, _, _ = self.par_row_box(i)
        line, pos = divmod(j, self.par_per_line)
        step = (2 * self.radius + 6) * self.s
        return (x0 + 70 * self.s + self.marker_r + pos * step, y0 + self.marker_r + 5 * self.s + line * step)


def market_geometry(game, width: Optional[int] = None, room: Optional[tuple[int, int]] = None) -> MarketGeometry:
    return MarketGeometry(game, 1, width, room)


def render_market(game, *, header: bool = True, width: Optional[int] = None, markers: bool = True,
                  room: Optional[tuple[int, int]] = None) -> Image.Image:
    """The market as an RGB image; `header=False` leaves out the line naming the round, phase and
    bank (the HTML replay shows those beside it); `width`: drawn that wide (a mail's 800 px), the
    par chart under the grid; `markers=False`: the cells and the par chart alone (the HTML replay
    draws the markers); `room`: laid out for (the most markers in a cell, the most at a par value)
    rather than the game's own."""
    body = _render_body(game, width, markers, room)
    return with_header(body, game) if header else body


def with_header(body: Image.Image, game) -> Image.Image:
    """A copy of the market drawn without its header (`render_market(game, header=False)`) with
    the line naming the round, phase and bank: the picture of the cells can be kept while the
    markers rest (`market_key`), the line drawn anew. A compact body (a palette image) stays one:
    the line is drawn in colour and mapped to its palette, the cells are not quantised again."""
    g = MarketGeometry(game, 1)
    if body.mode == "P":            # a compact body (`compact_image`): only the line's strip is mapped
        strip = body.crop((0, 0, body.width, int(g.header))).convert("RGB")   # to its palette, drawn
        _header_line(strip, g, game)                                          # in colour first
        img = body.copy()
        img.paste(strip.quantize(palette=body, dither=Image.Dither.NONE), (0, 0))
        return img
    img = body.copy()
    _header_line(img, g, game)
    return img


def header_rows(game) -> int:
    """The rows at the top of the market picture that hold the line `with_header` draws (the rows
    below it are the body's own)."""
    return int(MarketGeometry(game, 1).header)


def _header_line(img: Image.Image, g: MarketGeometry, game) -> None:
    ImageDraw.Draw(img).text((g.margin, g.header / 2), f"{game.data.get('title', '')} stock market   "
                             f"{round_label(game)}   Phase {game.phase.name}   Bank {_money(game, game.bank)}",
                             font=S.font(15), fill=S.TEXT, anchor="lm")


def _render_body(game, width: Optional[int] = None, markers: bool = True,
                 room: Optional[tuple[int, int]] = None) -> Image.Image:
    """The cells, par chart and legend (`_draw_cells`), kept drawn without markers by their
    layout (`_bare`), with the markers drawn over the parts that hold them: the pixels of
    drawing it all at once, since a marker stays inside its cell or par line."""
    g = MarketGeometry(game, SUPERSAMPLE, width, room)
    bare = _bare(game, g)
    out = bare[1].copy()
    for at, part in _marker_parts(game, g, bare[0]) if markers else ():
        out.paste(part, at)
    return out


def compact_market(game, width: Optional[int] = None) -> Image.Image:
    """`render_market(game, header=False, width=width)` in a palette (`compact_image`), as a
    report mail keeps it: the bare cells quantised once per layout (`_bare`), the parts that hold
    markers quantised alone, their colours added to the cells' palette."""
    g = MarketGeometry(game, SUPERSAMPLE, width)
    bare = _bare(game, g)
    parts = _marker_parts(game, g, bare[0])
    if not parts:
        return bare[2].copy()
    cells = bare[2].getpalette()
    strip = Image.new("RGB", (max(p.width for _, p in parts), sum(p.height for _, p in parts)))
    y = 0
    for _, part in parts:
        strip.paste(part, (0, y))
        y += part.height
    own = strip.quantize(colors=256 - len(cells) // 3, method=Image.Quantize.FASTOCTREE).getpalette()
    palette = Image.new("P", (1, 1))
    palette.putpalette(cells + own)
    out = bare[2].copy()
    out.putpalette(cells + own)
    for at, part in parts:
        out.paste(part.quantize(palette=palette, dither=Image.Dither.NONE), at)
    return out


def _marker_parts(game, g: MarketGeometry, big: Image.Image) -> list[tuple[tuple[int, int], Image.Image]]:
    """The parts of the picture that hold markers (where each goes, its final pixels), each
    cut from the bare drawing `big` at twice the size with its markers drawn, then halved."""
    spots = [(g.stack_slot(r, c, i), sym) for r, row in enumerate(game.market.grid) for c, cell in enumerate(row)
             if cell for i, sym in enumerate(cell.stack)]
    spots += [(g.par_marker_centre(corp.sym), corp.sym) for cell in g.par_cells for corp in g.par_corps(cell.price)]
    s, out = SUPERSAMPLE, []
    reach = g.marker_r + 2 * s                          # a marker's disc, its outline and a pixel of blur
    for box in _patches([(x - reach, y - reach, x + reach, y + reach) for (x, y), _ in spots], s, big.size):
        part = big.crop(box)
        d = ImageDraw.Draw(part)
        for (x, y), sym in spots:
            if x + reach > box[0] and x - reach < box[2] and y + reach > box[1] and y - reach < box[3]:
                _marker(d, game, (x - box[0], y - box[1]), g.marker_r, sym, s)
        out.append(((box[0] // s, box[1] // s), part.reduce(s)))
    return out


def _patches(boxes: list, s: int, size: tuple[int, int]) -> list[tuple[int, int, int, int]]:
    """Boxes (drawing pixels) widened to whole final pixels and kept inside the picture; boxes
    that overlap joined, so a marker is drawn whole in every part it reaches."""
    out = []
    for x0, y0, x1, y1 in boxes:
        box = [max(0, int(x0) // s * s), max(0, int(y0) // s * s),
               min(size[0] // s * s, -(-int(math.ceil(x1)) // s) * s), min(size[1] // s * s, -(-int(math.ceil(y1)) // s) * s)]
        merged = True
        while merged:
            merged = False
            for other in out:
                if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]:
                    out.remove(other)
                    box = [min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3])]
                    merged = True
                    break
        out.append(box)
    return [tuple(b) for b in out]


#: bare markets kept (each about 14 MB for 1882 at a mail's width: drawn at twice the size, halved,
#: in a palette); benchmarks/fresh_pictures.py's hundred games in as many states draw three layouts
BARE_KEPT = 4
_BARE: dict = {}


def _bare(game, g: MarketGeometry) -> tuple[Image.Image, Image.Image, Image.Image]:
    """The market of `game` laid out by `g` without its markers, drawn (twice the size), halved
    and in a palette (`compact_image`), kept by everything the drawing shows."""
    cells = [[(c.zone, c.price, c.is_par, c.ends_game) if c else None for c in row] for row in game.market.grid]
    key = (repr(cells), tuple((c.zone, c.price) for c in g.par_cells), g.width, g.height, tuple(g.row_h),
           g.cell_w, g.par_row_h, g.marker_r, g.below, g.wrap, game.data.get("currency", ""))
    hit = _BARE.get(key)
    if hit is None:
        img = Image.new("RGB", (int(g.width), int(g.height)), S.BACKGROUND)
        _draw_cells(ImageDraw.Draw(img), game, g)
        if len(_BARE) >= BARE_KEPT:
            _BARE.pop(next(iter(_BARE)))
        small = img.reduce(SUPERSAMPLE)
        hit = _BARE[key] = (img, small, compact_image(small))
    return hit


def _draw_cells(d: ImageDraw.ImageDraw, game, g: MarketGeometry) -> None:
    """The grid's cells with their prices, the par chart and the legend, without markers."""
    s = SUPERSAMPLE
    fprice = S.font(14 * s)
    fsmall = S.font(11 * s)
    for r, row in enumerate(game.market.grid):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            box = g.cell_box(r, c)
            d.rectangle(box, fill=S.MARKET_ZONES.get(cell.zone, S.MARKET_ZONES["white"]), outline=S.HEX_OUTLINE,
                        width=max(1, s))
            if cell.is_par:
                inset = 2 * s
                d.rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset), outline=S.PAR_OUTLINE,
                            width=3 * s)
            if cell.ends_game:
                d.rectangle((box[0] + s, box[1] + s, box[2] - s, box[3] - s), outline=S.TEXT, width=4 * s)
                at = (box[2] - 6 * s, box[3] - 5 * s, "rb") if g.below else (box[2] - 6 * s, box[1] + 4 * s, "rt")
                d.text(at[:2], "end", font=fsmall, fill=S.TEXT, anchor=at[2])        # clear of a narrow cell's price
            d.text((box[0] + 6 * s, box[1] + 4 * s), str(cell.price), font=fprice, fill=S.TEXT, anchor="lt")
    # par chart
    d.text((g.par_x, g.par_y + 10 * s), "Par values", font=S.font(14 * s), fill=S.TEXT, anchor="lm")
    for i, cell in enumerate(g.par_cells):
        box = g.par_row_box(i)
        d.rectangle(box, fill=S.MARKET_ZONES["white"], outline=S.HEX_OUTLINE, width=max(1, s))
        pb = (box[0] + 6 * s, box[1] + 5 * s, box[0] + 60 * s, box[1] + 5 * s + 2 * g.marker_r)
        d.rectangle(pb, fill=S.MARKET_ZONES.get(cell.zone, S.MARKET_ZONES["white"]), outline=S.PAR_OUTLINE, width=2 * s)
        d.text(((pb[0] + pb[2]) / 2, (pb[1] + pb[3]) / 2), _money(game, cell.price), font=fprice, fill=S.TEXT,
               anchor="mm")
    # legend
    y = g.height - g.legend_h - g.margin / 2
    x = g.margin
    entries = [("yellow", "not counted for the certificate limit"), ("orange", "may also hold over 60%"),
               ("brown", "may also buy several shares a turn")]
    used = {cell.zone for row in game.market.grid for cell in row if cell}
    for zone, text in [(z, t) for z, t in entries if z in used] + [("", "par value")]:
        step = 24 * s + d.textlength(text, font=fsmall) + 24 * s
        if x > g.margin and x + step > g.width - g.margin:              # the next line (a narrow picture)
            x, y = g.margin, y + 22 * s
        box = (x, y + 8 * s, x + 18 * s, y + 22 * s)
        if zone:
            d.rectangle(box, fill=S.MARKET_ZONES[zone], outline=S.HEX_OUTLINE, width=s)
        else:
            d.rectangle(box, outline=S.PAR_OUTLINE, width=2 * s)
        d.text((x + 24 * s, y + 15 * s), text, font=fsmall, fill=S.TEXT, anchor="lm")
        x += step
    d.text((g.margin, y + 40 * s), "Markers in a cell in stack order (left to right, then down): the first "
           "operates first at equal price.", font=fsmall, fill=S.MUTED, anchor="lm")


def _marker(d: ImageDraw.ImageDraw, game, c, r: float, sym: str, s: int) -> None:
    fill, txt = marker_colors(game, sym)
    x, y = c
    d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=S.SLOT_OUTLINE, width=max(1, s))
    f = S.fit_font(d, sym, 1.6 * r, 0.8 * r)
    d.text((x, y), sym, font=f, fill=txt, anchor="mm")


def marker_colors(game, sym: str) -> tuple[S.RGB, S.RGB]:
    """A company's marker: its fill and its letters' colour."""
    corp = game.corporations.get(sym)
    fill = S.rgb(corp.color) if corp else (136, 136, 136)
    return fill, (S.rgb(corp.text_color, S.WHITE) if corp else S.WHITE)


def marker_font_px(sym: str, radius: float) -> float:
    """The size in pixels of a marker's letters on a picture whose markers have `radius`
    (as `_marker` fits them, drawn at SUPERSAMPLE and halved)."""
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    r = radius * SUPERSAMPLE
    return S.fit_font(d, sym, 1.6 * r, 0.8 * r).size / SUPERSAMPLE


@dataclass(frozen=True)
class MarketMarkers:
    """Where the companies' markers stand: (symbol, row, column, place in the cell's stack) on
    the grid, (symbol, line of the par chart, place in it) in the par chart."""

    grid: tuple[tuple[str, int, int, int], ...]
    par: tuple[tuple[str, int, int], ...]

    def room(self) -> tuple[int, int]:
        """The most markers in one cell and at one par value."""
        return (max((i + 1 for *_, i in self.grid), default=0), max((j + 1 for *_, j in self.par), default=0))


def market_markers(game) -> MarketMarkers:
    """Where each company's marker stands now."""
    grid = tuple((sym, r, c, i) for r, row in enumerate(game.market.grid) for c, cell in enumerate(row) if cell
                 for i, sym in enumerate(cell.stack))
    par = []
    for i, cell in enumerate(game.market.par_cells):
        corps = [c for c in game.corporations.values() if c.par_price == cell.price and not c.closed]
        par += [(corp.sym, i, j) for j, corp in enumerate(corps)]
    return MarketMarkers(grid, tuple(par))


def _money(game, amount: int) -> str:
    cur = game.data.get("currency", "$%s") or "$%s"
    return cur % amount if "%s" in cur else f"${amount}"


def market_png(game, *, compact: bool = False, header: bool = True, width: Optional[int] = None) -> bytes:
    """The market as PNG; `compact`: in a palette (the cells quantised without the header line,
    which is then mapped to their palette, as a report mail's market is kept: `with_header`)."""
    if compact and header:
        return png_bytes(with_header(compact_market(game, width), game))
    return png_bytes(render_market(game, header=header, width=width), compact=compact)


def market_key(game) -> str:
    """A digest of what `render_market(game, header=False)` shows: every cell's stack of markers
    and the corporations at each par value. Equal keys give equal pictures."""
    stacks = [[list(cell.stack) if cell else None for cell in row] for row in game.market.grid]
    pars = sorted((c.sym, c.par_price) for c in game.corporations.values() if c.par_price is not None and not c.closed)
    return hashlib.sha256(json.dumps([stacks, pars], default=str).encode()).hexdigest()
