"""The moderator's note on a run below the best: a legal run is accepted, and when the route
search knows a run worth more at the position the run met, the president is told that run in
canonical notation, with what it earns (issue #25: a run below the best is legal by default;
with the game option `best-run` it is refused; an illegal run, or a decline while a run
exists, is refused by the engine itself)."""
from __future__ import annotations

from typing import Optional

from pbem.engine.actions import RunRoutes
from pbem.game import Game
from pbem.reading.runs import needs_stops
from pbem.replay.best_run import BestRun, best_run, cannot_run

__all__ = ["BEST_RUN_RULE", "best_before", "below_best", "note"]

#: the rule a lower run breaks in a game with the option `best-run`
BEST_RUN_RULE = "the best run is obliged (game option best-run)"


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


def below_best(game: Game, best: BestRun, mark: int) -> Optional[int]:
    """What the run among the moves pushed since `mark` earned, when that is less than `best`;
    None when it earned as much (or the move was no run of that company)."""
    if not any(isinstance(a, RunRoutes) and a.entity == best.corp for a in game.moves[mark:]):
        return None
    sym, resolved = game.state.last_run
    if sym != best.corp:
        return None
    earned = sum(r.revenue for r in resolved)
    return earned if earned < best.total else None


def note(game: Game, best: BestRun, earned: int) -> str:
    """The note to the president of a run that earned `earned`, below `best`."""
    money = game.state.money
    return (f"{best.corp} ran for {money(earned)}; a run worth {money(best.total)} exists "
            f"({money(best.total - earned)} more, the best pbem finds): {best.line}")
