"""Run decisions: the best run (`pbem.engine.best_run.best_run`) against what the players ran, timed.

    python benchmarks/routes.py [RECORD ...] [--list N]

At every run decision of every shared 18xx.games record and of the regression records of
tests/data/refgen (a run, or a company with an unrun train declining to run), the exact best
run is searched, timed (CPU seconds of this process) and compared with the revenue the players'
run earned. Prints per title: the decisions, the time per decision (median, max) beside issue
#25's targets (median < 20 ms, max < 0.5 s), the decisions where the best run is below the
declared one (must be none), those where it is above (money left on the table, listed with both
runs), the declines while a run existed, the decisions not proven (search budget hit), and the
peak resident memory of the process, replays included (target < 200 MB).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
import resource
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pbem  # noqa: E402
from pbem.engine.actions import RunRoutes  # noqa: E402
from pbem.engine.best_run import best_run  # noqa: E402

SHARED = ROOT.parent / "shared" / "fixtures" / "18xx.games"
REGRESSION = ROOT / "tests" / "data" / "refgen"


@dataclass
class Decision:
    """One run decision: where, who, the best run and what was run."""

    record: str
    title: str
    index: int
    corp: str
    best: int
    best_run: str
    proven: bool
    seconds: float
    ran: int
    ran_run: str


def records() -> list[Path]:
    return sorted(SHARED.glob("*/*.json")) + sorted(REGRESSION.glob("*.json"))


def decisions(path: Path):
    """Each run decision of a record (a `Decision`), the record replayed as it goes."""
    g = pbem.read_record(path)
    title = g.state.title.name
    moves = list(g.moves)
    g.back_to(0)
    for i, action in enumerate(moves):
        if isinstance(action, RunRoutes):
            st = g.state
            corp = st.corporations[action.entity]
            if any(not t.operated for t in corp.trains):
                t0 = time.process_time()
                found = best_run(st, corp)
                spent = time.process_time() - t0
                g.push(action)
                sym, resolved = g.state.last_run if action.routes else (None, [])
                ran = sum(r.revenue for r in resolved) if sym == action.entity else 0
                ran_run = ", ".join(f"{r.train}: {'-'.join(r.hexes)} ({r.revenue})" for r in resolved) or "no run"
                yield Decision(path.name, title, i, action.entity, found.revenue, found.describe(), found.proven,
                               spent, ran, ran_run)
                continue
        g.push(action)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records", nargs="*", type=Path, help="records (default: the shared and regression records)")
    ap.add_argument("--list", type=int, default=100, help="how many decisions left on the table to list per title")
    args = ap.parse_args()
    rows: dict[str, list[Decision]] = defaultdict(list)
    for path in args.records or records():
        try:
            for d in decisions(path):
                rows[d.title].append(d)
        except pbem.errors.PbemError as e:          # a record pbem cannot replay is not a decision set
            print(f"skipped {path.name}: {str(e).splitlines()[0][:120]}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    every: list[float] = []
    for title, rs in sorted(rows.items()):
        times = [d.seconds for d in rs]
        every += times
        below = [d for d in rs if d.best < d.ran]
        above = [d for d in rs if d.best > d.ran and d.ran_run != "no run"]
        declined = [d for d in rs if d.ran_run == "no run" and d.best > 0]
        unproven = [d for d in rs if not d.proven]
        print(f"{title}: {len(rs)} run decisions; time median {1000 * statistics.median(times):.1f} ms, "
              f"max {1000 * max(times):.0f} ms; best run below the declared: {len(below)}; "
              f"players left money on the table: {len(above)} (by {sum(d.best - d.ran for d in above)} in all); "
              f"declined while a run existed: {len(declined)}; not proven: {len(unproven)}")
        for d in below + unproven:
            print(f"    CHECK {d.record} action {d.index}: {d.corp} ran {d.ran}, best {d.best} (proven {d.proven})")
        for d in sorted(above, key=lambda d: d.ran - d.best)[:args.list]:
            print(f"    {d.record} action {d.index}: {d.corp} ran {d.ran_run} = {d.ran}; best {d.best_run}")
        for d in declined:
            print(f"    {d.record} action {d.index}: {d.corp} did not run; best {d.best_run}")
    slowest = sorted((d for rs in rows.values() for d in rs), key=lambda d: -d.seconds)
    for d in [d for d in slowest if d.seconds > 0.5]:
        print(f"    over 500 ms: {d.record} action {d.index}: {d.corp} {1000 * d.seconds:.0f} ms, best {d.best_run}")
    if every:
        slow = sorted(every)[-5:]
        print(f"all: {len(every)} decisions, median {1000 * statistics.median(every):.1f} ms (target < 20), "
              f"max {1000 * max(every):.0f} ms (target < 500), five slowest {[round(1000 * s) for s in slow]} ms, "
              f"over 500 ms: {sum(1 for s in every if s > 0.5)}; peak resident memory {peak / 2**20:.0f} MB "
              f"(target < 200)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
