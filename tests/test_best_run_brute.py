"""The best run equals a brute force on random small boards: a title's real map and tiles, a few
random tiles laid around a station (some cities filled by other companies' stations), random
trains; the brute force names every stop sequence of the network as a route of each train,
keeps those the engine's own check (`check_routes`, the title's `check_resolved_routes`)
accepts, and tries every combination of them (one route or none per train) with that check."""
from __future__ import annotations

from itertools import product
from random import Random

import pytest

from pbem.engine.actions import Route, Stop
from pbem.engine.best_run import best_run
from pbem.engine.board import Token
from pbem.engine.entities import Train
from pbem.engine.game import Game
from pbem.engine.route_chains import chains_from
from pbem.engine.routes import check_routes
from pbem.errors import RuleError
from pbem.titles import load_title

#: the trains drawn per title (names of the title's data)
TRAINS = {"1882": ["2", "3", "4"], "1830": ["2", "3", "4"], "1861": ["2", "3", "2+2", "5+5E"]}
COLORS = ("yellow", "green", "brown")
MAX_ROUTES = 70             # stop sequences per train the brute force tries at most (else a new board)


def _near(board, coord: str, radius: int) -> list[str]:
    seen, edge = {coord}, [coord]
    for _ in range(radius):
        nxt = []
        for c in edge:
            for e in range(6):
                n = board.neighbor(c, e)
                if n is not None and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        edge = nxt
    return sorted(seen)


def _position(title: str, rng: Random) -> tuple[Game, object]:
    """A new game of `title` with a few random tiles laid as one company could lay them around
    its station, a few other companies' stations, random trains, and (1861) some of the
    privates whose hex bonuses its routes earn."""
    g = Game(load_title(title), [("a", "A"), ("b", "B"), ("c", "C")], rng.randrange(1000))
    board = g.board
    cities = [(c, k) for c in board.hex_coords() for k in range(board.city_count(c))
              if board.available_slots(c, k) > 0]
    home, city = rng.choice(cities)
    corp = rng.choice(sorted(g.corporations.values(), key=lambda c: c.sym))
    board.place_token(home, city, Token(corp.sym, corp.sym, False))
    area = _near(board, home, 3)
    for _ in range(rng.randrange(5, 13)):    # lays the company could make, near its station
        lays = [(c, n, rots) for c, n, rots in board.legal_lays(corp.sym, COLORS) if c in area]
        if not lays:
            break
        coord, name, rots = rng.choice(lays)
        board.lay(coord, name, rng.choice(rots))
    others = sorted(c for c in g.corporations if c != corp.sym)
    for c, k in [(c, k) for c in area for k in range(board.city_count(c)) if c != home]:
        while rng.random() < 0.3 and board.available_slots(c, k) > 0:
            board.place_token(c, k, Token(rng.choice(others), "x", False))
    # the company owns the privates that give its routes a bonus on a hex (1861), at random
    corp.companies = [c["sym"] for c in g.title.data.get("companies") or []
                      if any(a.get("type") == "hex_bonus" for a in c.get("abilities") or []) and rng.random() < 0.7]
    spec = {t["name"]: t for t in g.title.data["trains"]}
    corp.trains = []
    for i in range(rng.choice([1, 2, 2, 3])):
        name = rng.choice(TRAINS[title])
        corp.trains.append(Train(f"{name}-{i}", name, spec[name]["distance"], 0, owner=corp.sym))
    return g, corp


def _sequences(board, most: int):
    """Every sequence of distinct stops joined by chains (each direction), up to `most` stops
    (None when there are more than 5000: a board too big for the brute force)."""
    out: list[tuple] = []
    starts = [(c, k) for c in board.hex_coords() for k in range(len(board._hexes[c].tile.nodes))
              if chains_from(board, c, k)]

    def walk(seq: list) -> None:
        if len(seq) >= 2:
            out.append(tuple(seq))
        if len(seq) >= most or len(out) > 5000:
            return
        for ch in chains_from(board, *seq[-1]):
            if ch.end not in seq:
                seq.append(ch.end)
                walk(seq)
                seq.pop()

    for s in starts:
        walk([s])
    return out if len(out) <= 5000 else None


def _brute(g, corp) -> int:
    board, title = g.board, g.title
    dist = {t.name: title.train_distance(g, corp, t) for t in corp.trains}

    def check(routes: list[Route]):
        try:
            res = check_routes(board, corp.sym, routes, dist, g.tile_colors, lambda s: title.route_bonus(g, corp, s))
            title.check_resolved_routes(g, corp, res)
        except RuleError:
            return None
        return sum(r.revenue for r in res)

    seqs = _sequences(board, 14)
    if seqs is None:
        return -1
    per_train = []
    for t in corp.trains:
        legal = [Route(train=t.name, stops=tuple(Stop(c, k) for c, k in s)) for s in seqs]
        legal = [r for r in legal if check([r]) is not None]
        if len(legal) > MAX_ROUTES:
            return -1
        per_train.append([None] + legal)
    best = 0
    for combo in product(*per_train):
        chosen = [r for r in combo if r is not None]
        if chosen:
            got = check(chosen)
            if got is not None and got > best:
                best = got
    return best


def _case(title: str, seed: int) -> tuple[Game, object, int]:
    rng = Random(seed)
    while True:                      # a board small enough for the brute force (drawn on from the seed)
        g, corp = _position(title, rng)
        want = _brute(g, corp)
        if want >= 0:
            return g, corp, want


@pytest.mark.parametrize("title", ["1882", "1830", "1861"])
@pytest.mark.parametrize("seed", range(25))
def test_best_run_equals_the_brute_force(title, seed):
    g, corp, want = _case(title, seed)
    found = best_run(g, corp)
    assert found.proven
    assert found.revenue == want, (title, seed, found.describe(), want)
    if found.routes:                 # the routes are the engine's, worth what the search says
        dist = {t.name: g.title.train_distance(g, corp, t) for t in corp.trains}
        res = check_routes(g.board, corp.sym, list(found.routes), dist, g.tile_colors,
                           lambda s: g.title.route_bonus(g, corp, s))
        g.title.check_resolved_routes(g, corp, res)
        assert sum(r.revenue for r in res) == found.revenue


def test_the_random_boards_have_runs_to_find():
    """The property test is not vacuous: many drawn boards have a paying run, several a run of
    more than one train, in each title."""
    for title in ("1882", "1830", "1861"):
        found = [best_run(g, c) for g, c, _w in (_case(title, s) for s in range(25))]
        assert sum(1 for f in found if f.revenue > 0) >= 10, title
        assert sum(1 for f in found if len(f.routes) > 1) >= 2, title


def test_a_search_cut_short_says_it_is_not_proven():
    """With its step budget spent the answer is the best found, marked not proven and said so."""
    g, corp, want = next((g, c, w) for g, c, w in (_case("1882", s) for s in range(25)) if len(c.trains) > 1 and w > 0)
    cut = best_run(g, corp, budget=3)
    assert not cut.proven and "not proven the best" in cut.note and cut.revenue <= want
    assert best_run(g, corp).proven
