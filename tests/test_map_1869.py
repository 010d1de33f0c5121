"""The 1869 map as drawn, against the title data: every corporation's home (ILL's too) is drawn
as its reserved slot in its colour at the hex the data names, and every bonus end is drawn as a
stop (an empty city slot, or a town's dot) in the hex the data names; the picture is the size a
map of 15 rows by 29 columns should be."""
from __future__ import annotations

import math

import pytest
from PIL import ImageDraw

from pbem.engine.game import Game
from pbem.render import style
from pbem.render.map import map_geometry, render_map
from pbem.titles import load_title


@pytest.fixture(scope="module")
def drawn():
    g = Game(load_title("1869"), [("a", "A"), ("b", "B"), ("c", "C")], 1, ("ill",))
    return g, render_map(g), map_geometry(g)


def _ring(img, c, r):
    return [img.getpixel((int(c[0] + r * math.cos(a)), int(c[1] + r * math.sin(a))))
            for a in [i * math.pi / 8 for i in range(16)]]


def test_the_whole_map_is_drawn(drawn):
    g, img, geo = drawn
    assert img.size == geo.size()
    assert len(list(g.board.hex_coords())) == 189
    # west to east, north to south as the rules text's coordinates say
    assert geo.centre("J2")[0] < geo.centre("J16")[0] < geo.centre("G29")[0]
    assert geo.centre("C21")[1] < geo.centre("F24")[1] < geo.centre("O29")[1]


def test_every_home_is_drawn_reserved_in_its_colour_where_the_data_puts_it(drawn):
    g, img, geo = drawn
    data = g.title.data
    assert {c["sym"] for c in data["corporations"]} == set(g.corporations)
    for c in data["corporations"]:
        home, sym = c["home"], c["sym"]
        reserved = g.board.reserved(home, 0)
        slot = reserved.index(sym)
        centre = geo.slot_centre(home, 0, slot)
        assert geo.hex_at(*centre) == home, sym
        ring = _ring(img, centre, geo.slot_r * 0.7)
        want = style.rgb(g.corporations[sym].color)
        assert sum(1 for p in ring if p == want) >= 12, (sym, home)


def test_every_bonus_end_is_drawn_as_a_stop_where_the_data_puts_it(drawn):
    g, img, geo = drawn
    ends = {h for c in g.title.data["corporations"] for b in c["bonuses"] for h in b["from"] + b["to"]}
    assert len(ends) == 20
    for coord in sorted(ends):
        cities = g.board.city_count(coord)
        if cities:
            for slot, res in enumerate(g.board.reserved(coord, 0)):
                centre = geo.slot_centre(coord, 0, slot)
                assert geo.hex_at(*centre) == coord
                if res is None:
                    assert img.getpixel((int(centre[0]), int(centre[1]))) == style.WHITE, coord
        else:                                   # a town: its dot, black, at the node
            p = geo.node_position(coord, 0)
            assert geo.hex_at(*p) == coord
            dark = [img.getpixel((int(p[0]) + dx, int(p[1]) + dy)) for dx in range(-3, 4) for dy in range(-3, 4)]
            assert any(sum(px) < 100 for px in dark), coord


# --- the whole map at a mail's width (800 px), every home station placed ------------------------
@pytest.fixture(scope="module")
def mailed():
    """The map as a report mail shows it whole, with every corporation's home station on it (the
    cities the labels and revenues crowd: Montreal, New Orleans, Chicago, Minneapolis)."""
    from pbem.engine.board import Token
    from pbem.render.map import MapRenderer
    from pbem.render.map_views import overview_view, render_view

    g = Game(load_title("1869"), [("a", "A"), ("b", "B"), ("c", "C")], 1, ("ill",))
    for c in g.title.data["corporations"]:
        g.board.place_token(c["home"], 0, Token(c["sym"], c["sym"], False))
    view = overview_view(g)
    renderer = MapRenderer(g, radius=view.radius, text_scale=view.text_scale)
    renderer.img = render_view(g, view)
    renderer.draw = ImageDraw.Draw(renderer.img.copy())
    return g, view, renderer


def _covers(spot, w, h, disc) -> float:
    """How deep a box (centre, width, height) reaches into a disc (unit R)."""
    dx = max(abs(disc[0] - spot[0]) - w / 2, 0.0)
    dy = max(abs(disc[1] - spot[1]) - h / 2, 0.0)
    return disc[2] - math.hypot(dx, dy)


def test_on_the_mailed_map_no_label_revenue_or_name_covers_a_station(mailed):
    """Montreal's MTL, New Orleans' NO and Chicago's C, and every city's revenue, are drawn clear
    of the station tokens (at most a twentieth of the hex's radius, a pixel and a half, touching),
    and every label the data gives is drawn."""
    from pbem.render.geometry import SLOT_RADIUS, slot_offsets

    g, view, r = mailed
    labels = {}
    for coord in g.board.hex_coords():
        d, lay, k = g.board.tile(coord).def_, r.g.tile_layout(coord), r.g.slot_k
        slots = [((lay.nodes[n] or (0, 0))[0] + ox * k, (lay.nodes[n] or (0, 0))[1] + oy * k, SLOT_RADIUS * k)
                 for ci, n in enumerate(d.city_nodes)
                 for ox, oy in slot_offsets(len(g.board.slots(coord, ci)))]
        for what, val, _extra, spot, w, h in r._items(coord):
            if what == "label":
                labels[coord] = val
            if what in ("label", "rev", "name"):
                for s in slots:
                    assert _covers(spot, w, h, s) <= 0.05, (coord, what, val)
    assert {"C29": "MTL", "O29": "NO", "G29": "C"}.items() <= labels.items()
    assert set(labels) == {c for c in g.board.hex_coords() if g.board.tile(c).def_.label}


def test_on_the_mailed_map_nothing_is_drawn_over_a_home_station(mailed, monkeypatch):
    """Every home station at the 800-px scale has the pixels it has when no label, revenue, name
    or cost is drawn at all: nothing is drawn over it."""
    from pbem.render.map import MapRenderer
    from pbem.render.map_views import render_view

    g, view, r = mailed
    img, geo = r.img, view.geometry(g)
    assert img.width == 800
    monkeypatch.setattr(MapRenderer, "_draw_items", lambda self, coord, placed, layer: None)
    bare = render_view(g, view)
    for c in g.title.data["corporations"]:
        slot = [t.corp if t else None for t in g.board.slots(c["home"], 0)].index(c["sym"])
        cx, cy = geo.slot_centre(c["home"], 0, slot)
        rr = geo.slot_r * 0.95
        inside = [(x, y) for x in range(int(cx - rr), int(cx + rr) + 1) for y in range(int(cy - rr), int(cy + rr) + 1)
                  if math.hypot(x - cx, y - cy) <= rr]
        assert bare.getpixel((int(cx), int(cy))) != img.getpixel((0, img.height - 1)), c["sym"]   # a token there
        differ = [p for p in inside if img.getpixel(p) != bare.getpixel(p)]
        assert len(differ) <= 0.02 * len(inside), (c["sym"], c["home"], len(differ), len(inside))
