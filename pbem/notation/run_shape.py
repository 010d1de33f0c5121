"""The shape of a run told by pieces (the reading by pieces, piece_moves.py): several routes told
by their revenues in one clause, a route told after the run without a move word, a total told
after the last route, and whether "2T for $80" without a move word is a run or a purchase."""
from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Optional, Sequence, TypeVar

from pbem.engine.actions import Action, Dividend, Route, RunRoutes, Stop

from .dividend_words import DIVIDEND_WORDS
from .lazy import regex

if TYPE_CHECKING:
    from .context import NotationContext
    from .pieces import Clause, Piece

__all__ = ["counted_trains", "dividend_after", "in_step_order", "one_more_route", "route_alone",
           "run_unpaired", "several_routes", "train_by_shape"]

#: trains counted in a run ("its two 2s", "both 3-trains")
_COUNTED = regex(r"\b(two|three|four|both|\d)\s+(\d)(?:s|\s*-?\s*trains)\b", re.I)
#: trains counted in words ("ran two trains", "both trains")
_N_TRAINS = regex(r"\b(two|three|four|five|both|\d)\s+trains\b", re.I)
#: a kind of train named in the plural ("3-trains"): every route the run tells is one of them
_KIND_TRAINS = regex(r"(?<![\w+])(\d)\s*-\s*trains\b", re.I)
_COUNT_WORDS = {"two": 2, "both": 2, "three": 3, "four": 4, "five": 5}
_EACH = regex(r"\b(?:each|apiece)\b", re.I)

F = TypeVar("F")


def _count(m: re.Match) -> int:
    return _COUNT_WORDS.get(m.group(1).lower()) or int(m.group(1))


def counted_trains(text: str) -> Optional[int]:
    """How many trains a run's words count ("runs its three 2s": 3), or None."""
    return _count(m) if (m := _COUNTED.search(text)) else None


def _amount(p: "Piece") -> bool:
    return p.kind == "money" or p.kind == "number" and (p.before in ("for", "=", ":") or p.value >= 10)


def _without_total(amounts: list[int], earlier: int = 0, least: int = 3) -> list[int]:
    """The amounts without a last one (of `least` or more) that is `earlier` and the others added up."""
    return amounts[:-1] if len(amounts) >= least and earlier + sum(amounts[:-1]) == amounts[-1] else amounts


def _pairs(c: "Clause", known: set) -> Optional[list[tuple[str, int]]]:
    """(train, revenue) for each train written just before its revenue, when the clause's trains
    and amounts are all so paired (a last amount may be their total); None otherwise."""
    seq = [p for p in c.pieces if p.kind in ("train", "number", "money")]
    out = []
    for p, q in zip(seq[::2], seq[1::2]):
        train = p.kind == "train" or p.kind == "number" and str(p.value) in known and not _amount(p)
        if not train or not _amount(q):
            return None
        out.append((str(p.value), q.value))
    if len(seq) % 2 and not (_amount(seq[-1]) and seq[-1].value == sum(r for _, r in out)):
        return None            # something left over that is not the total
    return out if len(out) > 1 else None


def several_routes(ctx: "NotationContext", cur: str, c: "Clause", trains: list, revenue: list,
                   counts: list) -> Optional[tuple]:
    """The routes without stops of a clause telling several trains' revenues ("runs the 4 for 180
    and 3 for 120", "runs 2 trains for 90 and 70, total 160", "runs 120 + 160"), or None."""
    pairs = _pairs(c, set(ctx.trains))
    if pairs:        # (as many as the trains counted: "two trains: 2 for 50, 3 for 80 and 4 for 100" is no run)
        told = _N_TRAINS.search(c.text)
        n = counts[0] if len(counts) == 1 else _count(told) if told else len(pairs)
        return tuple(Route(t, (), revenue=r) for t, r in pairs) if n == len(pairs) else None
    revenue = _without_total(revenue)
    if len(trains) > 1 and len(revenue) == 1 and _EACH.search(c.text):
        revenue = revenue * len(trains)            # "the two 2-trains for 50 each"
    if len(trains) > 1:
        return tuple(Route(t, (), revenue=r) for t, r in zip(trains, revenue)) if len(revenue) == len(trains) else None
    owned = list(ctx.trains_of(cur)) if not trains and len(revenue) >= 2 and ctx.trains_of is not None else []
    if len(set(owned)) != 1:
        return None
    n = counts[0] if len(counts) == 1 else len(owned)     # "runs 2 trains for 90 and 70"
    return tuple(Route(owned[0], (), revenue=r) for r in revenue) if n == len(revenue) else None


def in_step_order(moves: list) -> list:
    """The moves read, with a run told straight after its company's dividend put before it
    ("NW withholds, 4 train ran for 210")."""
    out = list(moves)
    for i in range(len(out) - 1):
        x, y = getattr(out[i], "action", None), getattr(out[i + 1], "action", None)
        if isinstance(x, Dividend) and isinstance(y, RunRoutes) and x.entity == y.entity:
            out[i], out[i + 1] = out[i + 1], out[i]
    return out


def route_alone(fitter) -> bool:
    """A clause of stops and one amount only, without a move word, in an operating round ("N:
    Moscow to St. Petersburg, 80"): the run of the company's train (`piece_fits.Fitter`)."""
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


def train_by_shape(before: Sequence[Action], later: set, runs: F, buys: F) -> tuple:
    """(runs, buys) with the reading the line's shape rules out replaced by None; `before` are
    the moves read before the clause, `later` the move words of the clauses after it."""
    if any(isinstance(a, Dividend) for a in before):
        return None, buys                      # the dividend is paid: a train now is bought
    if later & DIVIDEND_WORDS:
        return runs, None                      # its dividend follows: the run
    if before and isinstance(before[-1], RunRoutes) or not (before or later):
        return runs, buys                      # alone, or after another train's run: both fit
    return None, buys                          # a turn written whole that pays no dividend


def one_more_route(c: "Clause", out: list, ctx: "NotationContext") -> Optional[RunRoutes]:
    """The run just read with one more route told after it without a move word ("... for 40 and
    H12-H10 for 30", "& the 4 for 120", stops for a route told by its revenue), or None."""
    if not out or not isinstance(out[-1].action, RunRoutes) or c.verbs() - {"run"} or c.loose \
            or c.verbs() and not c.of("train") \
            or {p.kind for p in c.pieces} - {"hex", "name", "number", "money", "train", "count", "verb"}:
        return None             # (a run word with its own train only: "... and the 3 goes J10-K9-J8 for 100")
    run = out[-1].action
    if c.of("count") and counted_trains(c.text) != len(run.routes) + 1:
        return None             # "... and B-W for 50 with the two 2s": the count is the run's
    stops = [p for p in c.pieces
             if p.kind == "hex" or p.kind == "name" and all(k == "location" for k, _ in p.value)]
    stops.sort(key=lambda p: p.start)
    hexes = tuple(Stop(p.value if p.kind == "hex" else p.value[0][1]) for p in stops)
    only_stops = len(stops) == len(c.of("hex") + c.of("name"))
    earlier = sum(r.revenue or 0 for r in run.routes)        # "J14-K15 50 = 130": the total is set aside
    amounts = _without_total([p.value for p in c.pieces if p.kind in ("number", "money")], earlier, 2)
    trains = [p.value for p in c.of("train")]
    if not stops and len(trains) == 1 and len(amounts) == 1 and not any(r.stops for r in run.routes):
        return dataclasses.replace(run, routes=run.routes + (Route(trains[0], (), revenue=amounts[0]),))   # "& the 4 for 120"
    free = [i for i, r in enumerate(run.routes) if not r.stops and r.revenue is not None]
    if len(stops) >= 2 and not amounts and not trains and free and only_stops:
        routes = list(run.routes)         # "... for 70 and 60 this time: K7-H8 and H8-H10-G13": in the order told
        routes[free[0]] = dataclasses.replace(routes[free[0]], stops=hexes)
        return dataclasses.replace(run, routes=tuple(routes))
    if len(stops) < 2 or len(amounts) != 1 or len(trains) > 1 or not only_stops:
        return None
    counted = _COUNTED.search(out[-1].text)
    kind = _KIND_TRAINS.search(out[-1].text)         # "runs 3-trains I5-G7 (70) and K3-I5 (50)"
    train = trains[0] if trains else counted.group(2) if counted else kind.group(1) if kind else None
    if train is None:
        owned = set(ctx.trains_of(run.entity)) if ctx.trains_of is not None else set()
        if len(owned) != 1:
            return None
        train = owned.pop()
    return dataclasses.replace(run, routes=run.routes + (Route(train, hexes, revenue=amounts[0]),))


def dividend_after(verbs: set, cur: str) -> list:
    """The dividend written in a run's own clause ("runs 3T for 90 and pays"), as a fit's part."""
    kinds = verbs & DIVIDEND_WORDS
    return [(Dividend(cur, kinds.pop()), ())] if len(kinds) == 1 else []
