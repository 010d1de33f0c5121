#!/usr/bin/env python3
"""Developer tool: the track walk of `pbem.engine.graph` against the exhaustive walk it replaced
(tests/graph_oracle.py), at every step of stored games, for every corporation: the same edges,
nodes and paths, the paths recorded in the same order, and the same route figures. Prints the
positions compared, any difference, and the slowest positions for the exhaustive walk (the
densest track) with both walks' times.

usage: tools/graph_equality.py [--budget N] [GAME.pbem|RECORD.json ...]
       --budget: graph._BUDGET for the run, for a walk that prunes past a budget
       (default: every shared 18xx.games record, tests/data/random/*.pbem, tests/data/refplay/*.pbem)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from graph_oracle import Logged, exhaustive_reach, exhaustive_route_figures  # noqa: E402

from pbem.engine import graph  # noqa: E402
from pbem.replay.walk import open_replay  # noqa: E402

SHARED = ROOT.parent / "shared" / "fixtures" / "18xx.games"


def walk_logged(board, corp, station_walk):
    starts = board.token_cities(corp)
    edges, paths, nodes = {}, Logged(), set()
    for st in starts:
        station_walk(board, corp, st, starts, edges, paths, nodes, None)
    return paths.order


def compare(board, corp: str) -> tuple[list[str], float, float]:
    """Differences between the two walks for one corporation, and their times (oracle, new)."""
    from graph_oracle import exhaustive_station_walk

    t0 = time.perf_counter()
    o_edges, o_nodes, o_paths = exhaustive_reach(board, corp)
    o_route = exhaustive_route_figures(board, corp)
    t1 = time.perf_counter()
    r = graph.compute_reach(board, corp)
    n_route = graph._route_figures(board, corp, board.token_cities(corp))
    t2 = time.perf_counter()
    bad = []
    if dict(r.edges) != o_edges:
        bad.append("edges")
    if r.nodes != o_nodes:
        bad.append("nodes")
    if r.paths != o_paths:
        bad.append("paths")
    if n_route != o_route:
        bad.append(f"route {n_route} != {o_route}")
    if walk_logged(board, corp, graph._station_walk) != walk_logged(board, corp, exhaustive_station_walk):
        bad.append("order")
    return bad, t1 - t0, t2 - t1


def default_games() -> list[Path]:
    return (sorted(SHARED.glob("*/*.json")) + sorted((ROOT / "tests" / "data" / "random").glob("*.pbem"))
            + sorted((ROOT / "tests" / "data" / "refplay").glob("*.pbem")))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--budget"]:          # a pruning walk's budget, if it has one
        graph._BUDGET = float(argv[1])
        argv = argv[2:]
    games = [Path(a) for a in argv] or default_games()
    positions = compared = 0
    failures = []
    slow = []                       # (oracle s, new s, game, step id, corp)
    t_oracle = t_new = 0.0
    for path in games:
        rp = open_replay(path)
        n0 = positions
        for m in rp:
            board = m.game.state.board
            positions += 1
            for corp in sorted(m.game.state.corporations):
                if not board.token_cities(corp):
                    continue
                bad, to, tn = compare(board, corp)
                compared += 1
                t_oracle += to
                t_new += tn
                slow.append((to, tn, path.name, m.id, corp))
                if bad:
                    failures.append((path.name, m.id, corp, bad))
                    print(f"DIFFERENT {path.name} at {m.id} {corp}: {', '.join(bad)}", flush=True)
        slow.sort(reverse=True)
        del slow[20:]
        print(f"{path.name}: {positions - n0} positions", flush=True)
    print(f"{positions} positions, {compared} corporation walks compared in {len(games)} games; "
          f"{len(failures)} different")
    print(f"total time: exhaustive {t_oracle:.1f} s, pruned {t_new:.1f} s")
    print("slowest for the exhaustive walk (s exhaustive / s pruned):")
    for to, tn, name, at, corp in slow:
        print(f"  {to:8.3f} {tn:8.3f}  {name} at {at} {corp}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
