"""Run decisions: pbem's route search against what the players ran, and its time.

    python benchmarks/routes.py [RECORD ...] [--list N]

At every run of every shared 18xx.games record (and the regression records of
tests/data/refgen), the run pbem's search finds for the company (`pbem.engine.legal.known_run`,
what "legal now" offers and what decides whether a company may decline to run) is timed and
compared with the revenue the players' run earned. Prints, per title, the decisions, those
where the players ran more than the search found (money the search leaves on the table), those
where the search found no run although the players ran one, and the time per decision beside
issue #25's targets (median < 20 ms, max < 0.5 s; an exact optimiser's optimum is never below
a declared run).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pbem  # noqa: E402
from pbem.engine.actions import RunRoutes  # noqa: E402
from pbem.engine.legal import known_run  # noqa: E402

SHARED = ROOT.parent / "shared" / "fixtures" / "18xx.games"
REGRESSION = ROOT / "tests" / "data" / "refgen"


def records() -> list[Path]:
    return sorted(SHARED.glob("*/*.json")) + sorted(REGRESSION.glob("*.json"))


def decisions(path: Path):
    """(title, action index, company, revenue found, seconds, revenue run) for each run of a record."""
    g = pbem.read_record(path)
    title = g.state.title.name
    moves = list(g.moves)
    g.back_to(0)
    for i, action in enumerate(moves):
        if isinstance(action, RunRoutes) and action.routes:
            corp = g.state.corporations[action.entity]
            t0 = time.perf_counter()
            _routes, found = known_run(g.state, corp)
            spent = time.perf_counter() - t0
            g.push(action)
            sym, resolved = g.state.last_run
            ran = sum(r.revenue for r in resolved) if sym == action.entity else 0
            yield title, i, action.entity, found, spent, ran
        else:
            g.push(action)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records", nargs="*", type=Path, help="records (default: the shared and regression records)")
    ap.add_argument("--list", type=int, default=8, help="how many decisions left on the table to list per title")
    args = ap.parse_args()
    rows = defaultdict(list)
    for path in args.records or records():
        try:
            for row in decisions(path):
                rows[row[0]].append((path.name,) + row[1:])
        except pbem.errors.PbemError as e:          # a record pbem cannot replay is not a decision set
            print(f"skipped {path.name}: {str(e).splitlines()[0][:120]}")
    every = []
    for title, rs in sorted(rows.items()):
        times = [r[4] for r in rs]
        every += times
        worse = [r for r in rs if r[5] > r[3]]
        none = [r for r in rs if r[3] == 0 and r[5] > 0]
        print(f"{title}: {len(rs)} run decisions; the players ran more than the search found in {len(worse)} "
              f"(by {sum(r[5] - r[3] for r in worse)} in all, at most {max((r[5] - r[3] for r in worse), default=0)}); "
              f"no run found where the players ran one: {len(none)}; search time median "
              f"{1000 * statistics.median(times):.1f} ms, max {1000 * max(times):.0f} ms")
        for r in sorted(worse, key=lambda r: r[3] - r[5])[:args.list]:
            print(f"    {r[0]} action {r[1]}: {r[2]} ran {r[5]}, the search found {r[3]}")
    if every:
        print(f"all: {len(every)} decisions, median {1000 * statistics.median(every):.1f} ms (target < 20), "
              f"max {1000 * max(every):.0f} ms (target < 500)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
