"""The 1869 map as drawn, against the title data: every corporation's home (ILL's too) is drawn
as its reserved slot in its colour at the hex the data names, and every bonus end is drawn as a
stop (an empty city slot, or a town's dot) in the hex the data names; the picture is the size a
map of 15 rows by 29 columns should be."""
from __future__ import annotations

import math

import pytest

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
