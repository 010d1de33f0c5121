"""The moderator's note on a run below the best: a legal run is accepted, and when the route
search knows a run worth more at the position the run met, the president is told that run in
canonical notation, with what it earns (issue #25: a run below the best is legal by default;
an illegal run, or a decline while a run exists, is refused by the engine itself)."""
from __future__ import annotations

from typing import Optional

from pbem.engine.actions import RunRoutes
from pbem.game import Game
from pbem.reading.runs import needs_stops
from pbem.replay.best_run import BestRun, best_run, cannot_run

__all__ = ["best_before", "below_best"]


def best_before(game: Game, action: object) -> Optional[BestRun]:
    """The best run found for the company of a written run, at the position the run meets
    (the passes it implies change no track, so this is the position of the run itself); None
    for any other move, a decline, a run written without its stops (it takes the search's own
    routes) or a company that cannot run."""
    if not isinstance(action, RunRoutes) or not action.routes or needs_stops(action):
        return None
    if cannot_run(game, action.entity) is not None:
        return None
    best = best_run(game, action.entity)
    return best if best.resolved else None


def below_best(game: Game, best: BestRun, mark: int) -> Optional[str]:
    """The note for the president when the run among the moves pushed since `mark` earned less
    than `best`; None when it earned as much (or the move was no run of that company)."""
    if not any(isinstance(a, RunRoutes) and a.entity == best.corp for a in game.moves[mark:]):
        return None
    sym, resolved = game.state.last_run
    if sym != best.corp:
        return None
    earned = sum(r.revenue for r in resolved)
    if earned >= best.total:
        return None
    money = game.state.money
    return (f"{best.corp} ran for {money(earned)}; a run worth {money(best.total)} exists "
            f"({money(best.total - earned)} more, the best pbem finds): {best.line}")
