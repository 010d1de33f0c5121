"""The shape of a run told by pieces: a second route told after the first without a move word
(`one_more_route`), and whether "2T for $80", a train and an amount written without a move word, is a run or a
purchase, told by the shape of the whole line (the reading by pieces, piece_moves.py).

A run written without its stops comes with its dividend, and trains are bought after the
dividend: so a train and an amount followed on the line by a dividend is the run ("2T for 80,
pays out"), one after a dividend is bought ("pays out, 2T for $80"), and one among other moves
of a turn that pays no dividend is bought ("tile 9 in J4 (rot 1), 2T for $80"). Alone on its
line, or right after another train's run, both still fit: the question lists them (at the table
the legal one is read).
"""
from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Optional, Sequence, TypeVar

from pbem.engine.actions import Action, Dividend, Route, RunRoutes, Stop

from .run_totals import route_amounts
from .lazy import regex

if TYPE_CHECKING:
    from .context import NotationContext
    from .pieces import Clause

__all__ = ["DIVIDEND_WORDS", "counted_trains", "dividend_after", "in_step_order", "one_more_route", "route_alone", "run_unpaired",
           "train_by_shape"]

#: trains counted in a run ("its two 2s", "both 3-trains")
_COUNTED = regex(r"\b(two|three|four|both|\d)\s+(\d)(?:s|\s*-?\s*trains)\b", re.I)
#: a kind of train named in the plural ("3-trains"): every route the run tells is one of them
_KIND_TRAINS = regex(r"(?<![\w+])(\d)\s*-\s*trains\b", re.I)
_COUNT_WORDS = {"two": 2, "both": 2, "three": 3, "four": 4}


def counted_trains(text: str) -> Optional[int]:
    """How many trains a run's words count ("runs its three 2s": 3), or None."""
    m = _COUNTED.search(text)
    return None if m is None else _COUNT_WORDS.get(m.group(1).lower()) or int(m.group(1))


def _before(a, b) -> bool:
    """Whether the move `b`, told straight after `a` (PieceMoves) by the same company, comes
    before it in the turn: a run told after its dividend (a step passed after a run is left to the
    table, which sets it aside as behind the turn)."""
    x, y = getattr(a, "action", None), getattr(b, "action", None)
    return isinstance(x, Dividend) and isinstance(y, RunRoutes) and x.entity == y.entity


def in_step_order(moves: list) -> list:
    """The moves read, each told straight after a move of its company's turn that it comes
    before put first ("NW withholds, 4 train ran for 210")."""
    out = list(moves)
    for i in range(len(out) - 1):
        if _before(out[i], out[i + 1]):
            out[i], out[i + 1] = out[i + 1], out[i]
    return out


def route_alone(fitter) -> bool:
    """A clause of stops and one amount only, without a move word, in an operating round ("N:
    Moscow to St. Petersburg, 80"): the run of the company's train (`piece_moves._Fitter`)."""
    c = fitter.c
    return fitter.kind == "operating" and fitter.implicit() and len(fitter.hexes()) >= 2 and len(fitter.amounts()) == 1 \
        and {p.kind for p in c.pieces} <= {"name", "hex", "number", "money"}


def run_unpaired(text: str, run: RunRoutes) -> Optional[str]:
    """Why a run read does not hold together, or None: its words count more or fewer trains than
    routes, or stops were told after the revenues for only the first routes ("for 90 and 50: H8-I13")."""
    n = counted_trains(text)
    if n and len(run.routes) != n:
        return f"{n} trains counted, {len(run.routes)} routes told"
    told = [bool(r.stops) for r in run.routes]
    return "stops told for some revenues only" if any(a and not b for a, b in zip(told, told[1:])) else None

#: the move words of a dividend (pieces.py's families)
DIVIDEND_WORDS = frozenset({"payout", "withhold", "half"})

F = TypeVar("F")


def train_by_shape(before: Sequence[Action], later: set, runs: F, buys: F) -> tuple:
    """(runs, buys) with the reading the line's shape rules out replaced by None; `before` are
    the moves read before the clause, `later` the move words of the clauses after it."""
    if any(isinstance(a, Dividend) for a in before):
        return None, buys                      # the dividend is paid: a train now is bought
    if later & DIVIDEND_WORDS:
        return runs, None                      # its dividend follows: the run
    if before and isinstance(before[-1], RunRoutes):
        return runs, buys                      # another train of the run before, or a purchase
    if before or later:
        return None, buys                      # a turn written whole that pays no dividend
    return runs, buys


def one_more_route(c: "Clause", out: list, ctx: "NotationContext") -> Optional[RunRoutes]:
    """The run just read with one more route: a clause of stops and one revenue, without a move
    word, straight after a run ("... for 40 and H12-H10 for 30"), its train the one named, or
    the run's train when the run counted more trains than it has routes ("the two 2s"); a train and
    its revenue after routes told without stops ("& the 4 for 120"); stops alone after runs told by
    their revenues, the first of them without stops ("for 70 and 60: K7-H8 and H8-H10-G13")."""
    if not out or not isinstance(out[-1].action, RunRoutes) or c.verbs() - {"run"} or c.loose:
        return None
    if c.verbs() and not c.of("train"):
        return None             # "... and the 3 goes J10-K9-J8 for 100": a run word with its own train only
    if {p.kind for p in c.pieces} - {"hex", "name", "number", "money", "train", "count", "verb"}:
        return None
    stops = [p for p in c.pieces if p.kind == "hex" or p.kind == "name" and all(k == "location" for k, _ in p.value)]
    amounts = route_amounts(c, out[-1].action)          # (without the run's total told after it)
    if c.of("count") and counted_trains(c.text) != len(out[-1].action.routes) + 1:
        return None             # "... and B-W for 50 with the two 2s": the count is the run's
    trains = [p.value for p in c.of("train")]
    run = out[-1].action
    if not stops and len(trains) == 1 and len(amounts) == 1 and not any(r.stops for r in run.routes):
        return dataclasses.replace(run, routes=run.routes + (Route(trains[0], (), revenue=amounts[0]),))   # "& the 4 for 120"
    free = [i for i, r in enumerate(run.routes) if not r.stops and r.revenue is not None]
    if len(stops) >= 2 and not amounts and not trains and free and len(stops) == len(c.of("hex") + c.of("name")):
        hexes = tuple(Stop(p.value if p.kind == "hex" else p.value[0][1]) for p in sorted(stops, key=lambda p: p.start))
        routes = list(run.routes)         # "... for 70 and 60 this time: K7-H8 and H8-H10-G13": in the order told
        routes[free[0]] = dataclasses.replace(routes[free[0]], stops=hexes)
        return dataclasses.replace(run, routes=tuple(routes))
    if len(stops) < 2 or len(amounts) != 1 or len(trains) > 1 or len(stops) != len(c.of("hex") + c.of("name")):
        return None
    counted = _COUNTED.search(out[-1].text)
    kind = _KIND_TRAINS.search(out[-1].text)         # "runs 3-trains I5-G7 (70) and K3-I5 (50)"
    train = trains[0] if trains else counted.group(2) if counted else kind.group(1) if kind else None
    if train is None:
        owned = set(ctx.trains_of(run.entity)) if ctx.trains_of is not None else set()
        if len(owned) != 1:
            return None
        train = owned.pop()
    hexes = [p.value if p.kind == "hex" else p.value[0][1] for p in sorted(stops, key=lambda p: p.start)]
    route = Route(train, tuple(Stop(h) for h in hexes), revenue=amounts[0])
    return dataclasses.replace(run, routes=run.routes + (route,))


def dividend_after(verbs: set, cur: str) -> list:
    """The dividend written in a run's own clause ("runs 3T for 90 and pays"), as a fit's part."""
    kinds = verbs & {"payout", "withhold", "half"}
    return [(Dividend(cur, kinds.pop()), ())] if len(kinds) == 1 else []
