"""Concrete legal moves for the acting entity: what a player may do now, spelled out.

Open-ended moves (running trains, prices within a range) are given as one representative
action plus a note, so a reply to an illegal move can say exactly what is possible.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.leases import sellable_trains
from pbem.engine.step import LegalMove

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
    """The best run of `corp` now (`best_run.best_run`: proven the best unless its search budget
    ran out), as its routes and revenue; a title's own suggestion (`suggest_runs`) first."""
    routes = g.title.suggest_runs(g, corp)
    if routes is not None:
        return routes, sum(r.revenue or 0 for r in routes)
    from pbem.engine.best_run import best_run

    found = best_run(g, corp)
    return list(found.routes), found.revenue


def may_not_run(g, corp, found: Optional[tuple[list, int]] = None) -> Optional[str]:
    """Why `corp` may not decline to run (None if it may): a game played in pbem refuses a
    decline while a paying run exists (`run_duty.decline_refusal`). `found`: the `known_run`
    already searched at this position."""
    from pbem.engine.run_duty import decline_refusal, reference_runs

    if found is not None and not reference_runs(g) and any(not t.operated for t in corp.trains):
        routes, total = found
        if routes and total > 0:
            return f"{corp.sym} has a run worth {g.money(total)} and must run it"
        return None
    return decline_refusal(g, corp)


#: listings for rounds not (yet) made of steps that list no moves of these kinds themselves
_GEN = {"pass": _pass, "discard_train": _discard}
