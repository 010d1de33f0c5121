"""The stock-market PNG: every company's marker in its cell, in stack order, and the par chart."""
import io
import math
from functools import lru_cache
from pathlib import Path

import pytest
from PIL import Image

from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.render import style
from pbem.render.market import market_geometry, market_png, render_market

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
RECORDS = sorted(FIXTURES.glob("*.json"))


@lru_cache(maxsize=None)
def final(stem):
    return replay_record(load_record(FIXTURES / f"{stem}.json"))


def cap_mode(img, c, r):
    """Most common colour above and below a marker's centre (clear of its symbol text)."""
    counts = {}
    for deg in range(55, 126, 5):
        for sign in (1, -1):
            a = math.radians(deg)
            p = img.getpixel((int(c[0] + r * math.cos(a)), int(c[1] + sign * r * math.sin(a))))
            counts[p] = counts.get(p, 0) + 1
    best = max(counts, key=counts.get)
    return best, counts[best] / sum(counts.values())


def check_markers(game, img, width=None):
    geo = market_geometry(game, width)
    assert img.size == (geo.width, geo.height)
    for sym, cell in game.market.positions.items():
        corp = game.corporations[sym]
        c = geo.marker_centre(sym)
        x0, y0, x1, y1 = geo.cell_box(cell.row, cell.col)
        assert x0 < c[0] < x1 and y0 < c[1] < y1, (sym, c, (x0, y0, x1, y1))
        got, share = cap_mode(img, c, geo.marker_r * 0.7)
        assert got == style.rgb(corp.color) and share > 0.6, (sym, got, share)
    for sym, corp in game.corporations.items():
        c = geo.par_marker_centre(sym)
        if corp.par_price is None or corp.closed or corp.par_price not in {p.price for p in geo.par_cells}:
            assert c is None                 # no par, or (1861's minors) a price the chart has no row for
            continue
        got, share = cap_mode(img, c, geo.marker_r * 0.7)
        assert got == style.rgb(corp.color) and share > 0.6, (sym, "par chart", got)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_final_market(path):
    game = final(path.stem)
    png = market_png(game)
    assert len(png) < 600 * 1024
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert game.market.positions
    check_markers(game, img)


@pytest.mark.parametrize("title, stem", [("1882", "5236"), ("1861", "29683"), ("1830", "26855"),
                                         ("1861", "bank_breaks_then_final_phase")])
def test_the_market_of_a_mail_is_drawn_800_px_wide_with_its_markers_where_they_stand(title, stem):
    """A report mail's market is drawn for the mail's 800 px (narrower cells, the par chart under
    the grid, each row as high as its stack): every marker is in its cell and on the par chart,
    its letters as high as the picture drawn wide draws them or nearly."""
    game = replay_record(load_record(FIXTURES.parent / title / f"{stem}.json"))
    img = render_market(game, width=800)
    assert img.width == 800
    check_markers(game, img, 800)
    narrow, wide = market_geometry(game, 800), market_geometry(game)
    assert narrow.marker_r >= 0.8 * wide.marker_r and narrow.cell_w >= 40


def test_zone_colours():
    game = final("5236")
    img = render_market(game)
    geo = market_geometry(game)
    seen = set()
    for row in game.market.grid:
        for cell in row:
            if cell is None:
                continue
            x0, y0, x1, y1 = geo.cell_box(cell.row, cell.col)
            # a point in the cell's lower right, clear of price, markers and the par frame
            p = img.getpixel((int(x1 - 8), int(y1 - 8)))
            assert p == style.MARKET_ZONES[cell.zone], (cell.id, cell.zone, p)
            seen.add(cell.zone)
    assert seen == {"white", "yellow", "orange", "brown"}


def test_stacks_are_drawn_in_stack_order():
    """Through a whole game, every cell holding several markers shows them in stack order."""
    rec = load_record(FIXTURES / "5236.json")
    checked = []

    def each(game, a):
        if len(checked) >= 6:
            return
        stacks = [c for row in game.market.grid for c in row if c and len(c.stack) >= 2]
        if not stacks or (checked and checked[-1] == [list(c.stack) for c in stacks]):
            return
        img = render_market(game)
        check_markers(game, img)
        geo = market_geometry(game)
        for cell in stacks:
            centres = [geo.marker_centre(s) for s in cell.stack]
            keys = [(round(c[1]), c[0]) for c in centres]          # reading order: line, then x
            assert keys == sorted(keys), (cell.id, cell.stack, centres)
        checked.append([list(c.stack) for c in stacks])

    replay_record(rec, each=each)
    assert checked, "the record has shared market cells"


def currency_signs() -> dict[str, str]:
    """Each registered title's currency sign, from its data's format ('%s₽' -> '₽')."""
    from pbem.titles.registry import TITLES, title_data

    return {t: "".join(ch for ch in title_data(t)["currency"].replace("%s", "") if not ch.isspace())
            for t in TITLES}


@pytest.mark.parametrize("title", sorted(currency_signs()))
def test_every_currency_sign_a_title_writes_is_drawn_as_a_glyph(title):
    """1861's rouble sign was drawn as a box (the built-in font has no ₽): the pictures' font
    draws each title's currency sign (and £, which a title may write) as a glyph of its own,
    unlike the box it draws for a character it has no glyph for."""
    from pbem.render.style import font

    f = font(24)

    def drawn(ch: str) -> tuple:
        mask = f.getmask(ch)
        return mask.size, bytes(mask)

    box = drawn("\ue000")                  # private-use characters: no glyph, the font's missing-glyph box
    assert drawn("\U0010fffd") == box and any(box[1])      # the box is one shape, and drawn
    signs = currency_signs()[title] + "£"
    assert signs and all(drawn(sign) != box and any(drawn(sign)[1]) for sign in signs), signs


def test_the_market_is_drawn_again_only_when_a_marker_moves():
    """A report's market picture keeps its cells and markers while no marker moves (most moves)
    and draws the header line anew: the same pixels as drawing it all again."""
    import io

    from PIL import Image, ImageChops

    import pbem
    import pbem.render.market as M
    from pbem.engine.actions import LayTile
    from pbem.moderator.pictures import PictureCache

    g = pbem.read_record(Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" /
                         "10526.json")
    idx = next(i for i, a in enumerate(g.moves) if isinstance(a, LayTile) and a.hex == "D4")
    lay = g.moves[idx]
    g.back_to(idx)
    cache = PictureCache()
    cache.market_png(g.state)
    bank = g.state.bank
    g.push(lay)                                   # a tile lay: money moves, no marker does
    assert g.state.bank != bank
    png = cache.market_png(g.state)
    assert cache.stats.markets_drawn == 1
    pixels = lambda b: Image.open(io.BytesIO(b)).convert("RGB")      # noqa: E731
    assert ImageChops.difference(pixels(png), pixels(M.market_png(g.state, compact=True, width=800))).getbbox() is None


def test_the_market_without_markers_keeps_room_and_lists_where_they_stand():
    """The HTML replay's market: the cells and par chart drawn without the markers, with room for
    more markers a cell than the state has; `market_markers` names each marker's cell and place,
    and the geometry's slots put it where the picture with markers draws it."""
    from pbem.render.market import market_markers

    game = final("5236")
    spots = market_markers(game)
    assert sorted(s for s, *_ in spots.grid) == sorted(game.market.positions)
    for sym, row, col, i in spots.grid:
        assert game.market.grid[row][col].stack[i] == sym
    room = (spots.room()[0] + 2, spots.room()[1] + 1)
    bare = render_market(game, header=False, markers=False, room=room).convert("RGB")
    geo, own = market_geometry(game, room=room), market_geometry(game)
    assert bare.size == (geo.width, geo.height) and geo.cell_h > own.cell_h and geo.height > own.height
    colours = {c for _, c in bare.getcolors(1 << 16)}
    assert not any(style.rgb(game.corporations[s].color) in colours for s, *_ in spots.grid)
    drawn = render_market(game, header=False).convert("RGB")
    for sym, row, col, i in spots.grid:
        assert own.stack_slot(row, col, i) == own.marker_centre(sym)
        got, share = cap_mode(drawn, own.stack_slot(row, col, i), own.marker_r * 0.7)
        assert got == style.rgb(game.corporations[sym].color) and share > 0.6
    for sym, i, j in spots.par:
        assert own.par_slot(i, j) == own.par_marker_centre(sym)


def test_the_markets_kept_bare_with_their_markers_drawn_in_parts_are_the_picture_drawn_at_once():
    """The market is kept drawn without markers by its layout and each part holding markers is
    drawn over it (`_marker_parts`): pixel for pixel the picture of drawing cells and markers
    at once, at a mail's width and at its own, through a record of each title; the compact
    picture keeps the cells' palette and stays within a few levels of those pixels."""
    from PIL import Image, ImageChops, ImageDraw

    import pbem
    import pbem.render.market as M

    def at_once(game, width):
        g = M.MarketGeometry(game, M.SUPERSAMPLE, width)
        img = Image.new("RGB", (int(g.width), int(g.height)), style.BACKGROUND)
        d = ImageDraw.Draw(img)
        M._draw_cells(d, game, g)
        for r, row in enumerate(game.market.grid):
            for c, cell in enumerate(row):
                for i, sym in enumerate(cell.stack if cell else ()):
                    M._marker(d, game, g.stack_slot(r, c, i), g.marker_r, sym, M.SUPERSAMPLE)
        for cell in g.par_cells:
            for corp in g.par_corps(cell.price):
                M._marker(d, game, g.par_marker_centre(corp.sym), g.marker_r, corp.sym, M.SUPERSAMPLE)
        return img.reduce(M.SUPERSAMPLE)

    shared = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
    checked = 0
    for record in ("1882/5585.json", "1861/29683.json", "1830/26855.json"):
        g = pbem.read_record(shared / record)
        moves = list(g.moves)
        g.back_to(0)
        for n, action in enumerate(moves):
            g.push(action)
            if n % 97:
                continue
            for width in (800, None):
                drawn = M._render_body(g.state, width)
                assert ImageChops.difference(drawn, at_once(g.state, width)).getbbox() is None, (record, n, width)
                checked += 1
            compact = M.compact_market(g.state, 800)
            assert compact.mode == "P" and len(compact.getpalette()) <= 3 * 256
            error = ImageChops.difference(compact.convert("RGB"), M._render_body(g.state, 800)).getextrema()
            assert max(hi for _, hi in error) <= 40, (record, n)
    assert checked >= 30
