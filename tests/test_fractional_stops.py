"""Stops that count as part of a stop and trains with fractional distances (1876v2's villages
count half a stop; its 1½ ... 4½ trains), checked on a real 1882 position: HBR's 3-train run
J10-I11-G11 before action 145 of the shared record 5585, where I11 holds two towns."""
from __future__ import annotations

import copy
import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from pbem.engine.actions import Route, Stop
from pbem.engine.best_run import best_run
from pbem.engine.entities import Depot
from pbem.engine.routes import resolve_route
from pbem.engine.stopcount import stops, words
from pbem.engine.tiles import load_catalogue
from pbem.errors import RuleError
from pbem.importers.eighteen_xx import load_record, replay_record

RECORD = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" / "5585.json"
RUN = Route(train="3", stops=(Stop("J10", None), Stop("I11", None), Stop("G11", None)))


@pytest.mark.parametrize("text,value", [(1, 1), (0, 0), ("½", Fraction(1, 2)), ("2½", Fraction(5, 2)),
                                        ("1/2", Fraction(1, 2)), (0.5, Fraction(1, 2)), (2.5, Fraction(5, 2)),
                                        ("3", 3), (Fraction(3, 2), Fraction(3, 2)), ("¼", Fraction(1, 4))])
def test_stop_counts_are_read_exactly_from_data(text, value):
    got = stops(text)
    assert got == value and type(got) is type(value)


@pytest.mark.parametrize("bad", ["abc", "", "-1", 0.3, "1/5", True, None, [1]])
def test_a_stop_count_that_is_not_one_is_refused(bad):
    with pytest.raises(ValueError, match="not a number of stops"):
        stops(bad)


def test_stop_counts_are_written_as_players_write_them():
    assert [words(x) for x in (3, Fraction(1, 2), Fraction(5, 2), Fraction(2, 3))] == ["3", "½", "2½", "⅔"]


def test_tile_and_train_data_take_half_stops():
    village = {"color": "yellow", "nodes": [{"kind": "town", "revenue": 10, "visit_cost": "½"}],
               "paths": [[0, "n0"], ["n0", 3]]}
    cat = load_catalogue({"title": "t", "tiles": {"v": 1}}, {"v": village})
    assert cat["v"].nodes[0].visit_cost == Fraction(1, 2)
    depot = Depot([{"name": "2½", "distance": "2½", "price": 100, "count": 1}])
    assert depot.upcoming[0].distance == Fraction(5, 2)


@pytest.fixture(scope="module")
def position():
    return replay_record(load_record(RECORD), stop_at=144)


def _villages(game, coord):
    """A copy of the game where the towns of `coord` count half a stop each."""
    g = copy.deepcopy(game)
    hx = g.board._hexes[coord]
    # a new tile design on the copy's hex: tile designs are shared by every state of a game
    hx._set(dataclasses.replace(hx.tile, nodes=tuple(dataclasses.replace(n, visit_cost=Fraction(1, 2))
                                                     if n.kind == "town" else n for n in hx.tile.nodes)),
            hx.rotation)
    return g


def test_every_stop_counts_one_unless_the_data_says_otherwise(position):
    g = position
    assert resolve_route(g.board, "HBR", RUN, 3, g.tile_colors).distance == 3
    with pytest.raises(RuleError, match="the route has 3 stops, too many for a train of distance 2"):
        resolve_route(g.board, "HBR", RUN, 2, g.tile_colors)


def test_a_village_uses_half_a_stop_of_the_distance(position):
    g = _villages(position, "I11")
    done = resolve_route(g.board, "HBR", RUN, Fraction(5, 2), g.tile_colors)
    assert done.distance == Fraction(5, 2) and done.revenue == 70
    with pytest.raises(RuleError, match="the route has 2½ stops, too many for a train of distance 2"):
        resolve_route(g.board, "HBR", RUN, 2, g.tile_colors)
    with pytest.raises(RuleError, match="2½ stops, too many for a train of distance 1½"):
        resolve_route(g.board, "HBR", RUN, Fraction(3, 2), g.tile_colors)


def _best_of_a_2_and_a_half(game):
    """The best run of HBR on a copy of `game` where its one train is a 2½."""
    g = copy.deepcopy(game)
    corp = g.corporations["HBR"]
    corp.trains = [Depot([{"name": "2½", "distance": "2½", "price": 100, "count": 1}]).upcoming[0]]
    g.board._cache.clear()
    return best_run(g, corp, trains=("2½",))


def test_the_route_search_spends_half_stops(position):
    whole, half = (_best_of_a_2_and_a_half(g) for g in (position, _villages(position, "I11")))
    # with villages the 2½ train reaches the three stops J10, I11, G11; without, only two fit
    assert [{s.hex for s in r.stops} for r in half.routes] == [{"J10", "I11", "G11"}] and half.revenue == 70
    assert all(len(r.stops) <= 2 for r in whole.routes) and whole.revenue < half.revenue