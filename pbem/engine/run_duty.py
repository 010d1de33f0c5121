"""The duty to run: a company with a paying route must run, and what a run below the best is.

The rules of every title here oblige a company with a legal route to run its trains (the rules'
lines are quoted in docs/routes.md). A game played in pbem refuses a
decline while a run exists, naming the best run. The 18xx.games engine never enforces it (its
route step accepts an empty run), so a game under the reference's rules (option
`REFERENCE_RUNS`: every game read from an 18xx.games record has it) accepts the decline and
notes it. A declared legal run below the best is accepted with a note of the best run, or
refused under option `BEST_RUN_REQUIRED`.

Notes go to `Game.rule_notes` (reset by each push) as `RunNote`s, worked out only when read:
a replay that never reads them never searches.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

from pbem.engine.best_run import BestRun, best_run
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game

#: game option: runs judged as the 18xx.games engine judges them (a decline is noted, not refused)
REFERENCE_RUNS = "reference-runs"
#: game option: a declared run below the best run is refused (default: accepted with a note)
BEST_RUN_REQUIRED = "best-run-required"
#: the options above, pbem's own (no title declares them)
RUN_OPTIONS = (REFERENCE_RUNS, BEST_RUN_REQUIRED)

MUST_RUN = "a company with a legal route must run its trains"
BEST_RUN = "a company runs for the most revenue"


def reference_runs(g: "Game") -> bool:
    """Whether declines are judged as 18xx.games judges them (noted, not refused)."""
    return REFERENCE_RUNS in g.options


@dataclass
class RunNote:
    """A note on a run, worked out when first read (`str`): the search is run then, on the
    board as it was (`version`); read after the board changed it says nothing."""

    g: "Game"
    corp: str
    trains: tuple[str, ...]
    revenue: Optional[int]            # the declared run's revenue; None: the company declined
    version: int
    _text: Optional[str] = field(default=None, repr=False)

    def __str__(self) -> str:
        if self._text is None:
            self._text = self._work_out()
        return self._text

    def __bool__(self) -> bool:
        return bool(str(self))

    def _work_out(self) -> str:
        g = self.g
        if g.board.version != self.version:
            return ""
        corp = g.corporations[self.corp]
        found = best_run(g, corp, trains=self.trains)
        return decline_note(g, corp, found) if self.revenue is None else below_note(g, corp, self.revenue, found)


def decline_note(g: "Game", corp: "Corporation", found: BestRun) -> str:
    """The note on a decline accepted under the reference's rules ("" when no run existed)."""
    if found.revenue <= 0:
        return ""
    return (f"{corp.sym} did not run although a run of {g.money(found.revenue)} existed "
            f"({found.describe(g.money)}): the rules oblige it ({MUST_RUN})")


def below_note(g: "Game", corp: "Corporation", revenue: int, found: BestRun) -> str:
    """The note on a declared run below the best ("" when it was the best)."""
    if found.revenue <= revenue:
        return ""
    proven = "" if found.proven else " (the best found; not proven the best)"
    return (f"{corp.sym} ran for {g.money(revenue)}; the best run was {g.money(found.revenue)}{proven}: "
            f"{found.describe(g.money)}")


def decline_refusal(g: "Game", corp: "Corporation", found: Optional[BestRun] = None) -> Optional[str]:
    """Why `corp` may not decline to run now (None if it may): in a game played in pbem, a
    paying run exists (the best run named). `found`: the best run already searched here."""
    if reference_runs(g) or not any(not t.operated for t in corp.trains):
        return None
    found = found if found is not None else best_run(g, corp)
    if found.revenue <= 0:
        return None
    return f"{corp.sym} has a run worth {g.money(found.revenue)} and must run it: {found.describe(g.money)}"


def check_decline(g: "Game", corp: "Corporation") -> None:
    """A decline to run: RuleError in a game played in pbem when a paying run exists."""
    why = decline_refusal(g, corp)
    if why:
        raise RuleError(why, rule=MUST_RUN, legal=["run_routes"])


def note_decline(g: "Game", corp: "Corporation", unrun: tuple[str, ...]) -> None:
    """An accepted decline (the reference's rules): a note if a paying run existed."""
    if unrun and reference_runs(g):
        g.rule_notes.append(RunNote(g, corp.sym, unrun, None, g.board.version))


def check_run_revenue(g: "Game", corp: "Corporation", trains: tuple[str, ...], revenue: int) -> None:
    """A declared legal run: refused below the best under `BEST_RUN_REQUIRED`, else a note of
    the best run (worked out when read) goes to `g.rule_notes`."""
    if BEST_RUN_REQUIRED in g.options:
        found = best_run(g, corp, trains=trains)
        if found.revenue > revenue:
            raise RuleError(f"{corp.sym}'s run earns {g.money(revenue)}; the best run earns "
                            f"{g.money(found.revenue)}: {found.describe(g.money)}", rule=BEST_RUN)
        return
    g.rule_notes.append(RunNote(g, corp.sym, trains, revenue, g.board.version))
