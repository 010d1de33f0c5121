"""The best run of a company at a position: the run the route search finds
(`pbem.engine.legal.known_run`), laid on the board by the engine's own route check, written
as the canonical line a player could mail back and told train by train, stop by stop.
`pbem routes` and its pictures ask here."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pbem.engine.actions import RunRoutes
from pbem.engine.graph import route_available
from pbem.engine.legal import known_run
from pbem.engine.routes import check_routes
from pbem.errors import PbemError, RuleError
from pbem.game import Game

__all__ = ["BestRun", "NoRun", "TrainRun", "as_operating", "best_run", "cannot_run", "runners"]


class NoRun(PbemError):
    """The company named cannot run at this position (one line saying why)."""


@dataclass(frozen=True)
class TrainRun:
    """One train's part of a run: its stops in travel order as (hex, place name) and what it earns."""

    train: str
    stops: tuple[tuple[str, str], ...]
    revenue: int

    def where(self) -> str:
        """'G11 Sydney - G9 - J10 Kolkata': each stop's hex and, where the map names it, its name."""
        return " - ".join(f"{c} {n}" if n else c for c, n in self.stops)


@dataclass(frozen=True)
class BestRun:
    """The best run found for `corp`: its trains, the total, the canonical line and the routes
    as the engine lays them on the board (empty when it found no paying run)."""

    corp: str
    trains: tuple[TrainRun, ...]
    total: int
    line: str
    action: RunRoutes
    resolved: tuple = ()
    refused: str = ""              # why the engine's route check refuses the run found (a fault of the search)


def as_operating(game: Game) -> Game:
    """The game to search for runs: itself in an operating round; outside one a copy whose
    trains have all not run yet (as at the start of the next operating round), so a stock
    round asks what each company would run now."""
    if _operating(game):
        return game
    copy = game.copy()
    for corp in copy.state.corporations.values():
        for t in corp.trains:
            t.operated = False
    return copy


def _operating(game: Game) -> bool:
    return getattr(game.state.round, "name", "") == "operating"


def runners(game: Game) -> list[str]:
    """The companies that may run now: the one whose turn it is in an operating round when it
    can, else every company that can (as `cannot_run` judges)."""
    g = game.state
    ent = g.current_entity()
    if _operating(game) and ent in g.corporations and cannot_run(game, ent) is None:
        return [ent]
    return [sym for sym in g.corporations if cannot_run(game, sym) is None]


def cannot_run(game: Game, sym: str) -> Optional[str]:
    """Why company `sym` cannot run now (None when it can): unknown, no train, its trains have
    run in this operating round, or no route for a train (outside an operating round, ask
    `best_run` on `as_operating(game)`)."""
    g = game.state
    corp = g.corporations.get(sym)
    if corp is None:
        return f"there is no company {sym!r} (the companies: {', '.join(sorted(g.corporations))})"
    if not corp.trains:
        return f"{sym} has no train (a company runs only the trains it has)"
    if all(t.operated for t in corp.trains) and _operating(game):
        return f"{sym}'s trains have all run in this operating round (each train runs once per operating round)"
    if not route_available(g.board, sym):
        return f"{sym} has no route: a train needs two stops joined by track with a station of {sym} on them"
    return None


def best_run(game: Game, sym: str) -> BestRun:
    """The best run found for company `sym` now; NoRun when it cannot run."""
    why = cannot_run(game, sym)
    if why is not None:
        raise NoRun(why)
    g = game.state
    corp = g.corporations[sym]
    routes, total = known_run(g, corp)
    action = RunRoutes(sym, tuple(routes))
    resolved: tuple = ()
    refused = ""
    if routes:
        dist = {t.name: g.title.train_distance(g, corp, t) for t in corp.trains}
        try:
            laid = check_routes(g.board, sym, list(routes), dist, g.tile_colors,
                                lambda stops: g.title.route_bonus(g, corp, stops))
            g.title.check_resolved_routes(g, corp, laid)       # as the run rule checks it (`Route.run`)
            resolved = tuple(laid)
        except RuleError as e:
            refused = str(e)         # the search's run that the route check refuses: told, never drawn
    names = g.board.location_name
    trains = tuple(TrainRun(r.train, tuple((s.hex, names(s.hex)) for s in r.stops), r.revenue or 0) for r in routes)
    return BestRun(sym, trains, total, game.notation(action), action, resolved, refused)
