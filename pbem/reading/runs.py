"""A run written without its stops ("CPR runs the 3 for 80"): the route pbem's search finds.

Players often state only the train and what it earned. The table looks for the corporation's
best run (the search that also lists the legal run, `engine.legal.known_run`) and takes the
route it finds for each train written, if the stated revenue is that route's; the stored
move then holds the stops, so a replay never searches again. When the search finds less (or
more) than the player wrote, the move is refused with what was found and a request for the
stops; nothing is guessed.
"""
from __future__ import annotations

from pbem.engine.actions import Route, RunRoutes
from pbem.engine.game import Game
from pbem.errors import RuleError


def needs_stops(action: object) -> bool:
    """Whether a RunRoutes names a route without its stops."""
    return isinstance(action, RunRoutes) and any(not r.stops for r in action.routes)


def settle_run(game: Game, action: RunRoutes) -> RunRoutes:
    """The run with the found stops filled in; RuleError (with the found routes) otherwise."""
    from pbem.engine.legal import known_run

    if any(r.stops for r in action.routes):
        raise RuleError("give the stops of every route of the run, or of none (then pbem finds them)",
                        rule="routes written with a run")
    corp = game.corporations.get(action.entity)
    if corp is None:
        raise RuleError(f"{action.entity} is not a corporation that runs trains", rule="routes written with a run")
    found, _total = known_run(game, corp)
    pool = list(found)
    out: list[Route] = []
    for want in action.routes:
        match = next((r for r in pool if str(r.train) == str(want.train)), None)
        if match is None:
            have = ", ".join(sorted({str(r.train) for r in found})) or "none"
            raise RuleError(f"no run found for a {want.train} train of {corp.sym} (trains that can run: {have}); "
                            f"write the stops", rule="routes written with a run")
        pool.remove(match)
        if want.revenue is not None and match.revenue is not None and want.revenue != match.revenue:
            stops = "-".join(s.hex for s in match.stops)
            raise RuleError(f"the best run pbem finds for {corp.sym}'s {want.train} train is {stops} for "
                            f"{game.money(match.revenue)}, not {game.money(want.revenue)}: write the stops "
                            f"of the run you mean", rule="routes written with a run")
        out.append(Route(train=match.train, stops=match.stops, via=match.via, revenue=want.revenue))
    return RunRoutes(action.entity, tuple(out))
