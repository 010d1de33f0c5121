"""Geometry of the rendered map agrees with the engine's hex grid, for both layouts, and every
tile of the 1882 catalogue lays out cleanly at every rotation."""
import itertools
import math

import pytest

from pbem.engine import hexgrid
from pbem.engine.board import Board
from pbem.render.geometry import (
    H, SLOT_RADIUS, TOWN_RADIUS, MapGeometry, edge_curve, slot_offsets, tile_layout, unit_edge_mid,
)
from pbem.titles import load_title


def synthetic_board(layout):
    coords = []
    for x in range(6):
        for y in range(8):
            if (x + y) % 2 == 0:
                coords.append(hexgrid.format_coord((x, y), hexgrid.DEFAULT_AXES))
    data = {"layout": layout, "axes": hexgrid.DEFAULT_AXES,
            "hexes": [{"coord": c, "color": "white"} for c in coords]}
    return Board(data, {})


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_edge_midpoints_face_the_engines_neighbours(layout):
    board = synthetic_board(layout)
    geo = MapGeometry(board, radius=50)
    pairs = 0
    for c in board.hex_coords():
        a = geo.centre(c)
        for e in range(6):
            n = board.neighbor(c, e)
            if n is None:
                continue
            b = geo.centre(n)
            assert math.isclose(math.dist(a, b), 2 * geo.h, rel_tol=1e-9)
            m = geo.edge_midpoint(c, e)
            assert math.isclose(m[0], (a[0] + b[0]) / 2, abs_tol=1e-6) and \
                math.isclose(m[1], (a[1] + b[1]) / 2, abs_tol=1e-6), (layout, c, e)
            pairs += 1
            assert geo.hex_at(*geo.edge_point(c, e, 0.1)) == c
    assert pairs > 40
    w, h = geo.size()
    for c in board.hex_coords():
        for x, y in geo.corners(c):
            assert 0 <= x <= w and 0 <= y <= h


def test_flat_edge_numbering_is_clockwise_from_the_bottom():
    names = {}
    for e in range(6):
        x, y = unit_edge_mid(e, "flat")
        names[e] = ("S" if y > 0.4 else "N" if y < -0.4 else "") if abs(x) < 1e-9 else \
            ("S" if y > 0 else "N") + ("W" if x < 0 else "E")
    assert names == {0: "S", 1: "SW", 2: "NW", 3: "N", 4: "NE", 5: "SE"}


def test_arcs_meet_edges_at_right_angles():
    for e1, e2 in itertools.permutations(range(6), 2):
        pts = edge_curve(e1, e2)
        for end, nxt, e in ((pts[0], pts[1], e1), (pts[-1], pts[-2], e2)):
            m = unit_edge_mid(e)
            assert math.dist(end, m) < 1e-9
            # the first step runs towards the centre, along the edge's normal
            d = (nxt[0] - end[0], nxt[1] - end[1])
            cross = d[0] * m[1] - d[1] * m[0]
            assert abs(cross) / (math.hypot(*d) * H) < 0.07, (e1, e2)


def _size(node, slots):
    if node.kind == "city":
        return SLOT_RADIUS * (1 if slots <= 1 else 2)
    return TOWN_RADIUS


@pytest.mark.parametrize("name", sorted(load_title("1882").catalogue))
def test_catalogue_tile_layouts(name):
    tile = load_title("1882").catalogue[name]
    for r in range(6):
        lay = tile_layout(tile, r)
        rot = tile.rot(r)
        for (a, b), pts in zip(rot.paths, lay.paths):
            for end, p in ((a, pts[0]), (b, pts[-1])):
                want = unit_edge_mid(end) if isinstance(end, int) else lay.nodes[end[1]]
                assert math.dist(p, want) < 1e-9, (name, r, (a, b))
        placed = [(k, lay.nodes[k]) for k in tile.ct_nodes]
        for k, p in placed:
            assert math.hypot(*p) + _size(tile.nodes[k], tile.nodes[k].slots) <= H + 1e-9, (name, r, k)
        for (k1, p1), (k2, p2) in itertools.combinations(placed, 2):
            need = _size(tile.nodes[k1], tile.nodes[k1].slots) + _size(tile.nodes[k2], tile.nodes[k2].slots)
            assert math.dist(p1, p2) >= need, (name, r, k1, k2)


def test_slot_offsets_do_not_overlap():
    for n in range(1, 7):
        offs = slot_offsets(n)
        assert len(offs) == n
        for a, b in itertools.combinations(offs, 2):
            assert math.dist(a, b) >= 2 * SLOT_RADIUS - 1e-9


def test_printed_hexes_lay_out_cleanly():
    from pbem.engine.game import Game

    game = Game(load_title("1882"), [("1", "A"), ("2", "B"), ("3", "C")])
    geo = MapGeometry(game.board)
    for c in game.board.hex_coords():
        tile = game.board.printed_tile(c)
        lay = tile_layout(tile, 0)
        placed = [(k, lay.nodes[k]) for k in tile.ct_nodes]
        for (k1, p1), (k2, p2) in itertools.combinations(placed, 2):
            need = _size(tile.nodes[k1], 1) + _size(tile.nodes[k2], 1)
            assert math.dist(p1, p2) >= need, (c, k1, k2)
        for k, p in placed:
            assert geo.hex_at(*geo.to_px(c, p)) == c
