"""The best run: the highest revenue a corporation's trains can earn together, proven.

Every legal route of each train is enumerated (`route_set.py`), then the routes are combined by
branch and bound: trains one at a time, each train's routes best first, a train may also not
run; a branch is cut when what it holds plus the best route each later train could still run
(its first route, in value order, sharing no track with those chosen) cannot beat the best
run found. The argument that the result is the optimum is written in docs/routes.md. Where the
title adds to a whole run (`run_bonus`, a bonus several trains earn together), a run is worth
its routes plus that, and every bound adds the most it can add (`run_bonus_bound`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from typing import Optional

from pbem.engine.actions import Route, Stop
from pbem.engine.route_set import Candidate, Track, TrainWalks
from pbem.errors import RuleError

#: orders of the train kinds tried for the first run (the floor of the exact search)
GREEDY_ORDERS = 6
#: the first train's routes tried in each order for the first run (the best ones its search met)
FIRST_ROUTES = 6
#: the gap between the first run and the most the trains can earn from which a first, narrower
#: search aims halfway
AIM_GAP = 20
#: search steps (walks grown, pairs looked at, combinations tried) before the answer is given
#: unproven; the costliest decision of the records takes about 180,000 (benchmarks/routes.py)
STEP_BUDGET = 1_000_000


@dataclass(frozen=True)
class BestRun:
    """The best run found for a corporation: its routes (Route actions carrying their revenue),
    the total, and whether it is proven the maximum (False only when the search budget ran out,
    and then `note` says so)."""

    routes: tuple[Route, ...]
    revenue: int
    proven: bool = True
    note: str = ""
    steps: int = 0
    trains: tuple[str, ...] = field(default=())

    def describe(self, money=str) -> str:
        """The run as people write it: "2: E1-H8 (120), 3: ... = 300"."""
        parts = [f"{r.train}: {'-'.join(s.hex for s in r.stops)} ({money(r.revenue or 0)})" for r in self.routes]
        return ", ".join(parts) + f" = {money(self.revenue)}" if parts else "no run"


class _Budget:
    def __init__(self, steps: int):
        self.left = steps

    def spend(self, n: int = 1) -> bool:
        self.left -= n
        return self.left >= 0


def best_run(g, corp, budget: int = STEP_BUDGET, trains: Optional[tuple[str, ...]] = None) -> BestRun:
    """The corporation's best run now by the title's rules: the routes the engine's own check and
    the title's check accept, the most revenue, with the trains that have not run this round
    (or the trains named in `trains`). A run earning nothing is no run. Kept per position (the
    board's cache, the phase's colours, the corporation's companies, the most the title can add
    to a run) while the board stands."""
    names = trains if trains is not None else tuple(t.name for t in corp.trains if not t.operated)
    if not names:
        return BestRun((), 0)
    key = (corp.sym, tuple(sorted(names)), tuple(g.tile_colors), tuple(sorted(corp.companies)), budget,
           g.title.run_bonus_bound(g, corp))
    cache = g.board._cache.setdefault("best_run", {})
    got = cache.get(key)
    if got is None:
        got = cache[key] = _search(g, corp, names, budget)
    return got


def _search(g, corp, wanted: tuple[str, ...], budget: int) -> BestRun:
    """The search behind `best_run` (module doc)."""
    pool = list(corp.trains)
    trains = []
    for name in wanted:
        t = next((t for t in pool if t.name == name), None)
        if t is not None:
            pool.remove(t)
            trains.append(t)
    if not trains:
        return BestRun((), 0)
    title = g.title
    extra = title.run_bonus_bound(g, corp)
    worth = _Worth(g, corp, extra)
    dist = {t.name: title.train_distance(g, corp, t) for t in corp.trains}
    steps = _Budget(budget)
    track = Track()
    complete = True

    walks: dict[str, TrainWalks] = {}

    def routes(name: str, floor: int, used: int = 0, best_only: bool = False) -> list[Candidate]:
        nonlocal complete
        if name not in walks:
            walks[name] = TrainWalks(g, corp, name, dist[name], steps, track)
        found = walks[name].routes(floor, used, best_only)
        complete = complete and found.complete
        return found.routes

    # each train kind's best route alone: what a train can earn at most
    rising = {t.name: routes(t.name, 0, best_only=True) for t in trains}
    alone = {name: r[:1] for name, r in rising.items()}
    best = {name: (r[0].revenue if r else 0) for name, r in alone.items()}
    order = sorted(trains, key=lambda t: -best[t.name])
    names = [t.name for t in order]
    if len(order) == 1 and extra is None:
        chosen = alone[names[0]]
    else:
        # a first run: the trains in turn (each order of the kinds, up to GREEDY_ORDERS), each its
        # best route on the track the ones before left
        greedy: list[Candidate] = []
        greedy_worth = 0
        kinds = list(dict.fromkeys(names))
        for perm in list(permutations(kinds))[:GREEDY_ORDERS]:
            seq = [n for k in perm for n in names if n == k]
            for lead in rising[seq[0]][:FIRST_ROUTES]:
                trial: list[Candidate] = [lead]
                used, value, beaten = lead.mask, lead.revenue, sum(c.revenue for c in greedy)
                for i, name in enumerate(seq[1:], 1):
                    # a route of this train beats the best first run only if worth more than this
                    # (the later trains earning at most their best)
                    need = max(0, beaten - value - sum(best[n] for n in seq[i + 1:]))
                    got = routes(name, need, used, best_only=True)[:1] if best[name] > need else []
                    if not got and need:
                        break
                    trial += got
                    used |= got[0].mask if got else 0
                    value += got[0].revenue if got else 0
                else:
                    value = worth(trial, value)
                    if value > greedy_worth and _title_accepts(g, corp, trial):
                        greedy, greedy_worth = trial, value
        floor = greedy_worth
        top = sum(best[n] for n in names) + (extra or 0)
        chosen = greedy
        # a run earning at least `aim` needs each train's route worth at least aim minus what the
        # other trains can earn at most: first aim halfway between the first run and that most
        # (found: it is the best, as every run earning more has its routes in those lists), then
        # anything above the first run
        aims = [floor + (top - floor + 1) // 2] if top - floor >= AIM_GAP else []
        for aim in aims + [floor + 1]:
            lists = {name: routes(name, aim - 1 - (top - best[name])) for name in dict.fromkeys(names)}
            better = _combine(g, corp, names, [lists[n] for n in names], steps, aim - 1, worth)
            if better is not None:
                chosen = better
                break
    proven = steps.left >= 0 and complete
    out = tuple(Route(train=c.train, stops=tuple(Stop(h, n) for h, n in c.stops), revenue=c.revenue)
                for c in chosen)
    total = worth(chosen, sum(c.revenue for c in chosen))
    note = "" if proven else "the search stopped at its budget: this run is the best found, not proven the best"
    return BestRun(out, total, proven, note, budget - steps.left, tuple(names))


class _Worth:
    """What a run of these routes is worth: the sum of its routes' worths (`value`), plus what
    the title adds for the run as a whole when it adds anything (`bound` not None)."""

    def __init__(self, g, corp, bound: Optional[int]):
        self.g, self.corp, self.bound = g, corp, bound
        self.most = bound or 0          # the most the title can add: every bound counts it
        self.memo: dict = {}            # the title's, for this search (the position stands meanwhile)
        self._resolved: dict[int, tuple] = {}     # id -> (candidate, kept alive so its id stays its own; resolved)

    def __call__(self, picked: list[Candidate], value: int) -> int:
        if self.bound is None or not picked:
            return value
        resolved = [(self._resolved.get(id(c)) or self._resolved.setdefault(id(c), (c, c.resolved())))[1]
                    for c in picked]
        return value + self.g.title.run_bonus(self.g, self.corp, resolved, self.memo)


def _title_accepts(g, corp, picked: list[Candidate]) -> bool:
    """Whether the title's own check of a whole run accepts these routes together."""
    if not picked:
        return True
    try:
        g.title.check_resolved_routes(g, corp, [c.resolved() for c in picked])
    except RuleError:
        return False
    return True


class _Index:
    """A train's routes (best first) by track: for each track bit, the set of routes using it as
    the bits of one integer, so the routes free of some track are found without looking at the
    others. The routes clashing with a route's track (`clash`) are kept per route: the search
    adds them up as it picks routes (those clashing with the track used are the union of those
    clashing with each route picked)."""

    def __init__(self, routes: list[Candidate]):
        self.routes = routes
        self.all = (1 << len(routes)) - 1
        self.where: Optional[dict[int, int]] = None      # made when first asked with some track used
        self._clash: dict[int, int] = {}                 # a track mask -> the routes using some of it

    def _make(self) -> dict[int, int]:
        users: dict[int, list[int]] = {}
        for j, c in enumerate(self.routes):
            for b in c.bits:
                users.setdefault(b, []).append(j)
        self.where = {b: _bits(len(self.routes), js) for b, js in users.items()}
        self.bits = sum(1 << b for b in self.where)
        return self.where

    def clash(self, mask: int) -> int:
        """The routes that use some track of `mask`, as bits (kept per mask: the masks asked are
        those of the other trains' routes)."""
        got = self._clash.get(mask)
        if got is None:
            where = self.where if self.where is not None else self._make()
            got = 0
            m = mask & self.bits
            while m:
                bit = m & -m
                got |= where[bit.bit_length() - 1]
                m ^= bit
            self._clash[mask] = got
        return got

    def free(self, clash: int, low: int = 0) -> int:
        """The routes from index `low` on outside `clash` (the routes using track already used),
        as bits."""
        return (self.all & ~clash) >> low << low

    def best_free(self, clash: int) -> int:
        """The revenue of the best route outside `clash` (0: none)."""
        free = self.all & ~clash
        return self.routes[(free & -free).bit_length() - 1].revenue if free else 0


def _bits(count: int, indices: list[int]) -> int:
    """The set of indices (each below `count`) as one integer: bit j set for index j."""
    out = bytearray(count // 8 + 1)
    for j in indices:
        out[j >> 3] |= 1 << (j & 7)
    return int.from_bytes(out, "little")


def _combine(g, corp, names: list[str], lists: list[list[Candidate]], steps: _Budget,
             floor: int, worth: Optional[_Worth] = None) -> Optional[list[Candidate]]:
    """The combination (at most one route per train, no track shared) of the highest revenue
    (`worth`: what the run is worth) above `floor` that the title's check accepts, or None;
    branch and bound (module doc)."""
    worth = worth if worth is not None else _Worth(g, corp, None)
    most = worth.most
    n = len(lists)
    index = [_Index(routes) for routes in lists]
    best: list = [floor, None]
    picked: list[Candidate] = []

    def rec(i: int, value: int, low: int, clash: list[int]) -> None:
        # low: the lowest route index allowed for train i (a train of the same kind as train
        # i - 1 takes a later route, so two equal trains are not tried both ways round);
        # clash[j]: the routes of train j that use track of the routes picked (as bits)
        if not steps.spend():
            return
        if i == n:
            if value + most > best[0]:
                total = worth(picked, value)
                if total > best[0] and _title_accepts(g, corp, picked):
                    best[0], best[1] = total, list(picked)
            return
        # what the later trains can earn at most: each its best route free of the track used
        rest = sum(index[j].best_free(clash[j]) for j in range(i + 1, n))
        routes = lists[i]
        cand = index[i].free(clash[i], low)
        first = routes[(cand & -cand).bit_length() - 1].revenue if cand else 0
        if value + first + rest + most <= best[0]:
            return
        same_next = i + 1 < n and names[i + 1] == names[i]
        while cand:
            bit = cand & -cand
            cand ^= bit
            k = bit.bit_length() - 1
            c = routes[k]
            if value + c.revenue + rest + most <= best[0]:
                break
            picked.append(c)
            after = clash[:i + 1] + [clash[j] | index[j].clash(c.mask) for j in range(i + 1, n)]
            rec(i + 1, value + c.revenue, k + 1 if same_next else 0, after)
            picked.pop()
            if steps.left < 0:
                return
        # train i does not run (then neither does a later train of its kind: same value, tried above)
        j = i + 1
        while j < n and names[j] == names[i]:
            j += 1
        rec(j, value, 0, clash)

    rec(0, 0, 0, [0] * n)
    return best[1]
