"""The track walk (pbem/engine/graph.py) records exactly what the exhaustive walk
(tests/graph_oracle.py, the literal 18xx.games walk) records, in the same order, with the same route figures: on
random small boards crowded with random tiles (converging ones among them) and stations, and at
positions of stored games. tools/graph_equality.py compares them at every step of every stored
game."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from graph_oracle import Logged, exhaustive_reach, exhaustive_route_figures, exhaustive_station_walk
from pbem.engine import graph, hexgrid
from pbem.engine.board import Board
from pbem.engine.stations import Token
from pbem.engine.tiles import load_catalogue
from pbem.replay.walk import open_replay
from pbem.titles.registry import data_path, tiles_path

HERE = Path(__file__).resolve().parent


def _order(board, corp, station_walk) -> list:
    starts = board.token_cities(corp)
    paths = Logged()
    for st in starts:
        station_walk(board, corp, st, starts, {}, paths, set(), None)
    return paths.order


def assert_same_walk(board, corp: str, where: str = "") -> None:
    edges, nodes, paths = exhaustive_reach(board, corp)
    r = graph.compute_reach(board, corp)
    assert (dict(r.edges), r.nodes, r.paths) == (edges, nodes, paths), f"{corp} {where}"
    assert graph._route_figures(board, corp, board.token_cities(corp)) == \
        exhaustive_route_figures(board, corp), f"{corp} {where}"
    assert _order(board, corp, graph._station_walk) == _order(board, corp, exhaustive_station_walk), \
        f"{corp} {where}"


@pytest.fixture(scope="module")
def t1861():
    d = json.loads(data_path("1861").read_text())
    return d, load_catalogue(d, json.loads(tiles_path().read_text()))


def _random_board(t1861, seed: int, radius: int = 0) -> tuple[Board, list[str]]:
    """A patch of the 1861 map (radius 2-4 round a random hex) covered with random tiles,
    converging ones half the time, each turned to join as many of its placed neighbours' exits as
    it can (dense connected track), and 3 corporations' stations in random cities (some full,
    so blocking)."""
    rng = random.Random(seed)
    d, cat = t1861
    b = Board(d, cat)
    grid = hexgrid.Grid(b.axes)
    tiles = [td for td in cat.values() if td.rot(0).paths]
    conv = [td for td in tiles if any(len(v) > 1 for v in td.rot(0).edge_paths.values())]
    centre = rng.choice(sorted(b._hexes))
    radius = radius or rng.choice((2, 3, 4))
    patch = [c for c in sorted(b._hexes) if grid.distance(c, centre) <= radius]
    rng.shuffle(patch)
    for c in patch:
        hx = b._hexes[c]
        if not hx.tile.rot(0).paths or rng.random() < 0.9:
            td = rng.choice(conv if rng.random() < 0.5 else tiles)

            def joined(r: int) -> float:
                n = 0
                for e in td.rot(r).edge_paths:
                    nb = hx.adj[e]
                    if nb is not None and hexgrid.opposite(e) in b._hexes[nb].rot.edge_paths:
                        n += 1
                return n + rng.random()
            hx._set(td, max(range(6), key=joined))
            hx.tokens = [[None] * td.nodes[k].slots for k in td.city_nodes]
            hx.res = [[None] * td.nodes[k].slots for k in td.city_nodes]
    corps = ["AA", "BB", "CC"]
    cities = [(c, i) for c in patch for i in range(len(b._hexes[c].tokens))]
    rng.shuffle(cities)
    for c, i in cities[:rng.randrange(2, 9)]:
        toks = b._hexes[c].tokens[i]
        for s in range(len(toks)):
            if s == 0 or rng.random() < 0.6:
                who = rng.choice(corps)
                toks[s] = Token(who, who)
    b._changed(tiles=True)
    return b, corps


@pytest.mark.parametrize("seed", range(200))
def test_walk_equals_exhaustive_on_random_dense_boards(t1861, seed):
    b, corps = _random_board(t1861, seed)
    for corp in corps:
        assert_same_walk(b, corp, f"seed {seed}")


@pytest.mark.parametrize("game", ["refplay/1882-seed69-graph.pbem", "random/1861-seed5.pbem"])
def test_walk_equals_exhaustive_in_stored_games(game):
    """Every 15th step of two stored games, every corporation with a station."""
    for m in open_replay(HERE / "data" / game):
        if m.index % 15:
            continue
        board = m.game.state.board
        for corp in sorted(m.game.state.corporations):
            if board.token_cities(corp):
                assert_same_walk(board, corp, f"{game} step {m.id}")
