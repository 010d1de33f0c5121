#!/usr/bin/env python3
"""What taking moves back and asking "is this legal?" cost on a long game of each title.

For the longest 18xx.games record of 1882 and of 1861 (the shared fixtures), the game is built
by pushing its actions onto a `pbem.Game` one by one, then:
- push: the time per push with snapshots every SNAPSHOT_EVERY moves, and without (what the
  snapshots cost);
- pop: the time of one `pop()` and of ten in a row at the end of the game, with snapshots and
  replaying from the start (the facade before snapshots);
- is_legal: the time per call over every listed legal move at a sample of positions, answered
  by the steps' checks where they can (`pbem.engine.legality`), against a deep copy tried for
  every call (the facade before), and how many calls the checks answered.

Measured on the shared 2-core machine under load (Nov 2026, a snapshot every 100): 1882 5236.json
(768 actions) pop 59 ms against 431 ms replaying from the start, is_legal 6.9 ms/call against
248 ms with a deep copy (123 of 157 calls answered by the checks), push 0.75 ms/action with
snapshots against 0.43 without; 1861 (701 actions) pop 30 ms against 973 ms, is_legal 9.6 ms
against 225 ms (143 of 156).

usage: python benchmarks/undo.py [FIXTURE_DIR] [--repeat N]
"""
import argparse
import copy
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pbem  # noqa: E402
import pbem.game as facade  # noqa: E402
from pbem.engine.legality import verdict  # noqa: E402
from pbem.errors import PbemError  # noqa: E402


def longest(folder: Path) -> Path:
    import json
    return max(sorted(folder.glob("*.json")), key=lambda p: len(json.loads(p.read_text()).get("actions", [])))


def built(moves, setup) -> tuple[pbem.Game, float]:
    g = pbem.Game(setup)
    t0 = time.perf_counter()
    for a in moves:
        g.push(a)
    return g, time.perf_counter() - t0


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def pops(moves, setup, count: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        g, _t = built(moves, setup)
        best = min(best, timed(lambda: [g.pop() for _ in range(count)]))
    return best


def old_is_legal(g: pbem.Game, action) -> bool:
    try:
        copy.deepcopy(g.state).push(action)
    except PbemError:
        return False
    return True


def legality(moves, setup, samples: int = 12) -> tuple[float, float, int, int]:
    """(new s/call, old s/call, calls answered by the checks, calls) over listed moves at sample positions."""
    g = pbem.Game(setup)
    marks = {len(moves) * (i + 1) // (samples + 1) for i in range(samples)}
    new = old = 0.0
    answered = calls = 0
    for i, a in enumerate(moves):
        if i in marks:
            listed = g.legal_moves()[:40]
            for m in listed:
                calls += 1
                answered += verdict(g.state, m) is not None
                new += timed(lambda: g.is_legal(m))
                old += timed(lambda: old_is_legal(g, m))
        g.push(a)
    return new / max(calls, 1), old / max(calls, 1), answered, calls


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("fixtures", nargs="?", default=str(ROOT.parent / "shared" / "fixtures" / "18xx.games"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    every = facade.SNAPSHOT_EVERY
    for title in ("1882", "1861"):
        path = longest(Path(args.fixtures) / title)
        whole = pbem.read_record(path)
        moves, setup = list(whole.moves), whole.setup
        n = len(moves)
        facade.SNAPSHOT_EVERY = every
        with_snap = min(built(moves, setup)[1] for _ in range(args.repeat))
        pop1, pop10 = pops(moves, setup, 1, args.repeat), pops(moves, setup, 10, args.repeat)
        facade.SNAPSHOT_EVERY = 10 ** 9                   # no snapshots: every pop replays from the start
        without = min(built(moves, setup)[1] for _ in range(args.repeat))
        old1, old10 = pops(moves, setup, 1, args.repeat), pops(moves, setup, 10, args.repeat)
        facade.SNAPSHOT_EVERY = every
        new_l, old_l, answered, calls = legality(moves, setup)
        print(f"{title} {path.name}: {n} actions, a snapshot every {every}")
        print(f"  push   {with_snap / n * 1e3:.3f} ms/action with snapshots, {without / n * 1e3:.3f} without")
        print(f"  pop    1: {pop1 * 1e3:.1f} ms (replaying from the start: {old1 * 1e3:.1f} ms); "
              f"10 in a row: {pop10 * 1e3:.1f} ms ({old10 * 1e3:.1f} ms)")
        print(f"  is_legal {new_l * 1e3:.2f} ms/call (a deep copy each: {old_l * 1e3:.2f} ms); "
              f"{answered}/{calls} answered by the checks")


if __name__ == "__main__":
    main()
