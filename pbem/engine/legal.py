"""Concrete legal moves for the acting entity: what a player may do now, spelled out.

Open-ended moves (running trains, prices within a range) are given as one representative
action plus a note, so a reply to an illegal move can say exactly what is possible.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.leases import sellable_trains
from pbem.engine.step import LegalMove
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.game import Game

def legal_moves(g: "Game", entity: Optional[str] = None) -> list[LegalMove]:
    """Every legal move of `entity` (default: whoever acts now)."""
    if g.finished:
        return []
    ent = entity or g.current_entity()
    if ent is None:
        return []
    kinds = g.round.legal(ent)
    out: list[LegalMove] = []
    rnd = g.round
    for kind in kinds:
        step_moves = getattr(rnd, "step_moves", None)       # a round made of steps: the step's own list
        listed = step_moves(kind, ent) if step_moves else None
        if listed is not None:
            out.extend(listed)
            continue
        fn = _GEN.get(kind)
        if fn:
            out.extend(fn(g, rnd, ent))
    if entity is None and rnd.name == "operating" and ent in g.corporations and rnd.active_step() == "buy_train":
        corp = g.corporations[ent]
        if rnd.emergency(corp) and corp.president:
            # the president raises money for the corporation's train by selling shares
            train_step = rnd.step_named("buy_train")
            out.extend(m for m in rnd.step_moves("sell_shares", corp.president) or []
                       if train_step.sale_problem(m.action) is None)
    return out


def _pass(g, rnd, ent):
    return [LegalMove(A.Pass(ent))]


def _discard(g, rnd, ent):
    corp = g.corporations[ent]
    return [LegalMove(A.DiscardTrain(ent, n)) for n in sorted({t.name for t in sellable_trains(corp)})]


def known_run(g, corp) -> tuple[list, int]:
    """The best run pbem's route search finds for `corp` now, and its revenue."""
    from pbem.engine.autoroute import suggest_routes

    routes = g.title.suggest_runs(g, corp)
    if routes is None:
        trains = [(t.name, t.distance) for t in corp.trains if not t.operated]
        if not all(isinstance(d, (int, Fraction)) for _n, d in trains):
            return _parts_run(g, corp)
        routes = suggest_routes(g.board, corp.sym, trains, g.tile_colors,
                                lambda stops: g.title.route_bonus(g, stops), one_per_group=True)
    return routes, sum(r.revenue or 0 for r in routes)


def _parts_run(g, corp) -> tuple[list, int]:
    """A run for trains whose distance is a title's `Distance` (e.g. cities counted, towns free):
    each train's best route by its counted stops, kept only if the engine's own check accepts
    the set; revenues are the engine's."""
    from pbem.engine.autoroute import suggest_routes
    from pbem.engine.distance import Distance
    from pbem.engine.routes import check_routes

    dist = {t.name: g.title.train_distance(g, corp, t) for t in corp.trains}
    kept: list = []
    resolved: list = []
    for t in sorted((t for t in corp.trains if not t.operated), key=lambda t: -t.price):
        d = dist[t.name]
        if not isinstance(d, Distance):
            continue
        for r in suggest_routes(g.board, corp.sym, [(t.name, d.search_budget())], g.tile_colors, None,
                                d.stop_cost, one_per_group=True):
            trial = kept + [A.Route(train=r.train, stops=r.stops)]
            try:
                res = check_routes(g.board, corp.sym, trial, dist, g.tile_colors,
                                   lambda stops: g.title.route_bonus(g, stops))
                g.title.check_resolved_routes(g, corp, res)
            except RuleError:
                continue
            kept, resolved = trial, res
    routes = [A.Route(train=r.train, stops=r.stops, revenue=x.revenue) for r, x in zip(kept, resolved)]
    return routes, sum(x.revenue for x in resolved)


def may_not_run(g, corp, found: Optional[tuple[list, int]] = None) -> Optional[str]:
    """Why `corp` may not decline to run (None if it may): the highest known earnings must be
    run (as the rules of every 18xx say), so declining is only for a corporation without a
    paying run. `found`: the `known_run` already searched at this position (the search is the
    costly part of listing a run)."""
    if not any(not t.operated for t in corp.trains):
        return None
    routes, total = found if found is not None else known_run(g, corp)
    if routes and total > 0:
        return f"{corp.sym} has a run worth {g.money(total)}: the highest known earnings must be run"
    return None


#: listings for rounds not (yet) made of steps that list no moves of these kinds themselves
_GEN = {"pass": _pass, "discard_train": _discard}
