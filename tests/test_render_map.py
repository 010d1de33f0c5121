"""The map PNG, checked pixel by pixel against the engine's state.

Positions come from pbem.render.geometry (hex centres, slot centres, edge midpoints); what
must be there comes from the engine (tokens, tile exits), so a drawing that puts a token or a
piece of track anywhere else fails.
"""
import io
import math
from functools import lru_cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.render import style
from pbem.render.geometry import H, unit_corners
from pbem.render.map import map_geometry, map_png, render_map, round_label

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
RECORDS = sorted(FIXTURES.glob("*.json"))
TRACK = (0, 0, 0)


@lru_cache(maxsize=None)
def record(stem):
    return load_record(FIXTURES / f"{stem}.json")


@lru_cache(maxsize=None)
def final(stem):
    game = replay_record(record(stem))
    png = map_png(game)
    return game, Image.open(io.BytesIO(png)).convert("RGB"), len(png)


def px(img, p):
    return img.getpixel((int(p[0]), int(p[1])))


def disc_pixels(img, c, r):
    out = []
    for dy in range(-int(r), int(r) + 1):
        for dx in range(-int(r), int(r) + 1):
            if dx * dx + dy * dy <= r * r:
                out.append(img.getpixel((int(c[0]) + dx, int(c[1]) + dy)))
    return out


def mode(pixels):
    counts = {}
    for p in pixels:
        counts[p] = counts.get(p, 0) + 1
    best = max(counts, key=counts.get)
    return best, counts[best] / len(pixels)


def on_segment(p, a, b, tol=6):
    """Whether colour p lies (within tol per channel) on the line between colours a and b."""
    best = None
    for i in range(3):
        if a[i] != b[i]:
            best = (p[i] - a[i]) / (b[i] - a[i])
            break
    t = 0.0 if best is None else min(1.0, max(0.0, best))
    return all(abs(p[i] - (a[i] + (b[i] - a[i]) * t)) <= tol for i in range(3))


def ids(p):
    return p.stem


def test_fixtures_present():
    assert len(RECORDS) >= 7


@pytest.mark.parametrize("path", RECORDS, ids=ids)
def test_png_size(path):
    game, img, nbytes = final(path.stem)
    geo = map_geometry(game)
    assert img.size == geo.size()
    assert 1450 <= img.size[0] <= 1750, img.size          # about 1600 px wide for 1882
    assert nbytes < 600 * 1024, nbytes


@pytest.mark.parametrize("path", RECORDS, ids=ids)
def test_every_token_in_its_company_colour_at_its_slot(path):
    game, img, _ = final(path.stem)
    geo = map_geometry(game)
    toks = list(game.board.token_locations())
    assert toks, "every record ends with stations on the map"
    for coord, city, slot, tok in toks:
        corp = game.corporations[tok.corp]
        want = style.rgb(corp.color)
        text = style.rgb(corp.text_color)
        c = geo.slot_centre(coord, city, slot)
        got, share = mode(disc_pixels(img, c, geo.slot_r * 0.45))
        assert got == want and share > 0.5, (coord, city, slot, tok, got, share)
        centre = px(img, c)
        assert on_segment(centre, want, text), (coord, tok.corp, centre, want, text)


@pytest.mark.parametrize("path", RECORDS, ids=ids)
def test_empty_slots_are_white(path):
    game, img, _ = final(path.stem)
    geo = map_geometry(game)
    n = 0
    for coord in game.board.hex_coords():
        for city in range(game.board.city_count(coord)):
            slots = game.board.slots(coord, city)
            res = game.board.reserved(coord, city)
            for i, t in enumerate(slots):
                if t is None and not res[i]:
                    got, share = mode(disc_pixels(img, geo.slot_centre(coord, city, i), geo.slot_r * 0.6))
                    assert got == style.WHITE and share > 0.9, (coord, city, i, got)
                    n += 1
    assert n > 0


def test_reserved_home_slot_is_marked():
    """Early in a game GT's home in L8 is reserved: the slot is drawn as a reservation in GT's colour."""
    rec = record("5236")
    game = replay_record(rec, stop_at=rec.live[5]["id"])
    assert game.board.reserved("L8", 0)[0] == "GT" and game.board.slots("L8", 0)[0] is None
    img = render_map(game)
    geo = map_geometry(game)
    c = geo.slot_centre("L8", 0, 0)
    got, share = mode(disc_pixels(img, c, geo.slot_r * 0.5))
    assert got == style.RESERVED_FILL
    ring = [px(img, (c[0] + geo.slot_r * 0.7 * math.cos(a), c[1] + geo.slot_r * 0.7 * math.sin(a)))
            for a in [i * math.pi / 8 for i in range(16)]]
    assert sum(1 for p in ring if p == style.rgb(game.corporations["GT"].color)) >= 12


def _has_black(img, p, r=2):
    return any(img.getpixel((int(p[0]) + dx, int(p[1]) + dy)) == TRACK
               for dx in range(-r, r + 1) for dy in range(-r, r + 1))


@pytest.mark.parametrize("path", RECORDS, ids=ids)
def test_placed_tiles_draw_track_on_exactly_their_exits(path):
    game, img, _ = final(path.stem)
    geo = map_geometry(game)
    placed = [c for c in game.board.hex_coords() if not game.board.tile(c).printed]
    assert placed
    for coord in placed:
        t = game.board.tile(coord)
        exits = t.exits
        for e in range(6):
            p = geo.edge_point(coord, e, inset=0.15)
            if e in exits:
                assert px(img, p) == TRACK, (coord, t.name, t.rotation, e, px(img, p))
            else:
                assert not _has_black(img, p), (coord, t.name, t.rotation, e)


@pytest.mark.parametrize("path", RECORDS, ids=ids)
def test_edge_to_edge_track_runs_as_straight_or_arc(path):
    """Independent geometry: a straight crosses the centre, a sharp curve passes R/2 from the
    centre towards the corner between its edges, a gentle curve 2h - 1.5R from the centre
    towards the edge between its edges."""
    game, img, _ = final(path.stem)
    geo = map_geometry(game)
    checked = 0
    for coord in game.board.hex_coords():
        t = game.board.tile(coord)
        d = t.def_
        if d.nodes or t.printed:
            continue                                  # plain track tiles: nothing drawn on top
        for a, b in d.rot(t.rotation).paths:
            diff = (b - a) % 6
            if diff == 3:
                q = (0.0, 0.0)
            elif diff in (1, 5):
                corner = a if diff == 1 else b        # between edge `corner` and `corner + 1`
                ang = math.radians(90 + 60 * corner + 30)
                q = (0.5 * math.cos(ang), 0.5 * math.sin(ang))
            else:
                mid = (a + 1) % 6 if diff == 2 else (a - 1) % 6
                ang = math.radians(90 + 60 * mid)
                dist = 2 * H - 1.5
                q = (dist * math.cos(ang), dist * math.sin(ang))
            p = geo.to_px(coord, q)
            assert px(img, p) == TRACK, (coord, t.name, t.rotation, (a, b), px(img, p))
            checked += 1
    assert checked > 0


def _hex_mask(geo, coord, size, grow=2.0):
    cx, cy = geo.centre(coord)
    k = (geo.R + grow) / geo.R
    pts = [(cx + v[0] * geo.R * k, cy + v[1] * geo.R * k) for v in unit_corners()]
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).polygon(pts, fill=255)
    return m


def _lays(stem):
    """(previous move id, lay action) for every tile lay of the record."""
    live = [a for a in record(stem).live if a["type"] != "message"]
    return [(live[i - 1]["id"], a) for i, a in enumerate(live) if a["type"] == "lay_tile" and i > 0]


def _check_lays(stem, want, upgrades_only=False):
    rec = record(stem)
    done = []
    for prev_id, lay in _lays(stem):
        before = replay_record(rec, stop_at=prev_id)
        coord = lay["hex"]
        if upgrades_only and before.board.tile(coord).printed:
            continue
        after = replay_record(rec, stop_at=lay["id"])
        borders = lambda g: {c: g.board.borders(c) for c in g.board.hex_coords()}  # noqa: E731
        if borders(before) != borders(after) or round_label(before) != round_label(after) \
                or before.phase.name != after.phase.name:
            continue                  # a lay that also completes a river crossing or ends the round
        a, b = render_map(before), render_map(after)
        geo = map_geometry(after)
        diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
        mask = _hex_mask(geo, coord, a.size)
        outside = ImageChops.multiply(diff, ImageChops.invert(mask))
        assert outside.getbbox() is None, (stem, lay["id"], coord, outside.getbbox())
        inside = ImageChops.multiply(diff, _hex_mask(geo, coord, a.size, grow=-2))
        changed = inside.histogram()[255]
        hex_area = 1.5 * math.sqrt(3) * geo.R ** 2
        assert changed > 0.2 * hex_area, (coord, changed, hex_area)
        done.append((lay["id"], coord, before.board.tile(coord).name, after.board.tile(coord).name))
        if len(done) == want:
            break
    assert len(done) == want
    return done


@pytest.mark.parametrize("stem", ["5236", "5585", "10526"])
def test_a_tile_lay_changes_exactly_its_own_hex(stem):
    """Render before and after each of the first tile lays (consecutive moves) and diff."""
    _check_lays(stem, 3)


def test_an_upgrade_changes_exactly_its_own_hex():
    done = _check_lays("5585", 2, upgrades_only=True)
    assert all(old != new for _, _, old, new in done)


def test_highlight_outlines_only_the_named_hexes():
    game, plain, _ = final("5236")
    img = render_map(game, highlight=["K3", "J10"])
    geo = map_geometry(game)
    for coord in game.board.hex_coords():
        hits = 0
        for e in range(6):
            p = geo.edge_point(coord, e, inset=H * 0.06)
            hits += px(img, p) == style.HIGHLIGHT
        if coord in ("K3", "J10"):
            assert hits >= 5, coord
        else:
            assert hits == 0, coord
    diff = ImageChops.difference(plain, img).convert("L").point(lambda v: 255 if v else 0)
    both = ImageChops.lighter(_hex_mask(geo, "K3", img.size), _hex_mask(geo, "J10", img.size))
    assert ImageChops.multiply(diff, ImageChops.invert(both)).getbbox() is None


def test_route_overlay_draws_the_last_run():
    rec = record("5236")
    game = replay_record(rec)
    runs = {c.sym: c.last_routes for c in game.corporations.values() if c.last_routes}
    assert runs, "the engine keeps each corporation's last run"
    sym, routes = max(runs.items(), key=lambda kv: len(kv[1]))
    img = render_map(game, route_corp=sym)
    geo = map_geometry(game)
    assert img.size[1] > geo.size()[1]                     # the legend below the map
    for i, r in enumerate(routes):
        color = style.ROUTE_COLORS[i % len(style.ROUTE_COLORS)]
        seen = 0
        for coord, pi in r.paths:
            t = game.board.tile(coord)
            ends = t.def_.rot(t.rotation).paths[pi]
            if any(not isinstance(e, int) and t.def_.nodes[e[1]].kind == "offboard" for e in ends):
                continue
            edge = next((e for e in ends if isinstance(e, int)), None)
            if edge is None:
                continue
            p = geo.edge_point(coord, edge, inset=0.12)
            seen += px(img, p) == color
        assert seen >= 1, (sym, r.describe())


def test_rendering_is_deterministic():
    game, _, _ = final("hs_fxmfdndg_26178")
    a = map_png(game)
    b = map_png(game)
    assert a == b                                   # deterministic output


def test_route_overlay_skips_track_the_run_did_not_use():
    """A run whose hexes were retiled since: paths whose sides the run never crossed are not drawn."""
    import dataclasses

    game, plain, _ = final("5236")
    corp = next(c for c in game.corporations.values() if c.last_routes)
    stale = [dataclasses.replace(r, track=frozenset({("Z99", 0)}), stops=()) for r in corp.last_routes]
    img = render_map(game, routes=stale)
    colors = set(style.ROUTE_COLORS)
    w, h = plain.size
    assert not any(img.getpixel((x, y)) in colors for x in range(0, w, 3) for y in range(0, h - 10, 3))


def test_outline_on_a_finished_map_matches_the_drawn_highlight():
    """The mail's maps outline changed hexes on a kept picture: the outline lands where
    render_map(highlight=...) draws it, and nothing else of the picture changes."""
    from pbem.render.map import map_key
    from pbem.render.map_views import outline_hexes

    game, base, _ = final("5585")
    drawn = render_map(game, highlight=["J10"])
    outlined = outline_hexes(base, game, ["J10"])
    g = map_geometry(game)
    corner = g.to_px("J10", tuple(c * 0.94 for c in unit_corners()[0]))
    assert px(outlined, corner) == style.HIGHLIGHT and px(drawn, corner) == style.HIGHLIGHT
    box = ImageChops.difference(base, outlined).getbbox()
    cx, cy = g.to_px("J10", (0.0, 0.0))
    assert box and abs((box[0] + box[2]) / 2 - cx) < 3 and abs((box[1] + box[3]) / 2 - cy) < 3
    assert map_key(game) != map_key(game, ["J10"]) and map_key(game) == map_key(replay_record(record("5585")))


def test_kept_text_masks_draw_what_the_font_draws():
    """The renderer's font keeps the masks of the text it drew: the same text at an offset within
    1/8 of a pixel is drawn from the kept mask, with the pixels the font itself draws there."""
    from PIL import ImageFont

    kept = style.font(31)
    assert isinstance(kept, style.KeptMasksFont)
    plain = ImageFont.truetype(kept.path, kept.size)
    pictures = {}
    for name, fnt in (("kept", kept), ("plain", plain)):
        img = Image.new("RGB", (400, 60), style.BACKGROUND)
        d = ImageDraw.Draw(img)
        d.text((10.25, 30.5), "Winnipeg 20₽", font=fnt, fill=style.TEXT, anchor="lm")
        d.text((210.25, 30.5), "Winnipeg 20₽", font=fnt, fill=style.TEXT, anchor="lm",
               stroke_width=2, stroke_fill=style.WHITE)
        pictures[name] = img
    assert ImageChops.difference(pictures["kept"], pictures["plain"]).getbbox() is None
    assert pictures["kept"].getcolors(1 << 16) and len(pictures["kept"].getcolors(1 << 16)) > 3   # text was drawn
    masks = len(kept._masks)
    d = ImageDraw.Draw(Image.new("RGB", (400, 60)))
    d.text((110.26, 20.5), "Winnipeg 20₽", font=kept, fill=style.TEXT, anchor="lm")   # the same 1/8 of a pixel
    assert len(kept._masks) == masks
    d.text((110.5, 20.5), "Winnipeg 20₽", font=kept, fill=style.TEXT, anchor="lm")    # another offset: another mask
    assert len(kept._masks) == masks + 1
