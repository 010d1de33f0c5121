#!/usr/bin/env python3
"""How long the track graph walk takes where track is densest, and the replays it drives: the
walk (every corporation, uncached) at late positions of the shared records and kept random
games; the longest 1861 record's replay against 1.5 s; `pbem import-18xx` of every shared record
against 3 s. CPU seconds (the machine may be shared).

usage: benchmarks/graph_walk.py [GAME.pbem|RECORD.json --at ID ...]
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.engine import graph  # noqa: E402
from pbem.replay.position import position  # noqa: E402

SHARED = ROOT.parent / "shared" / "fixtures" / "18xx.games"
DENSE = [(SHARED / "1861" / "bank_breaks_then_final_phase.json", 757),
         (ROOT / "tests" / "data" / "random" / "1861-seed5.pbem", None),
         (ROOT / "tests" / "data" / "random" / "1861-seed30.pbem", None)]


def walk_time(path: Path, at) -> tuple[float, int]:
    g = position(path, at).game
    board = g.state.board
    corps = [c for c in sorted(g.state.corporations) if board.token_cities(c)]
    t0 = time.process_time()
    for c in corps:
        graph.compute_reach(board, c)
        graph._route_figures(board, c, board.token_cities(c))
    return time.process_time() - t0, len(corps)


def main(argv: list[str]) -> int:
    cases = DENSE
    if argv:
        cases = [(Path(argv[i]), int(argv[i + 2]) if argv[i + 2] != "end" else None)
                 for i in range(0, len(argv), 3)]
    for path, at in cases:
        t, n = walk_time(path, at)
        print(f"walk {path.name} at {at or 'end'}: {n} corporations in {t * 1000:.1f} ms")
    from pbem.importers.eighteen_xx import load_record, replay_record
    from pbem.replay.record_file import import_record

    longest = max(SHARED.glob("1861/*.json"), key=lambda p: len(load_record(p).live))
    t0 = time.process_time()
    replay_record(load_record(longest))
    t = time.process_time() - t0
    print(f"replay {longest.name}: {t:.2f} s (target 1.5 s){'' if t < 1.5 else ' OVER'}")
    for rec in sorted(SHARED.glob("*/*.json")):
        with tempfile.TemporaryDirectory() as d:
            t0 = time.process_time()
            import_record(rec, Path(d) / "g.pbem")
            t = time.process_time() - t0
        print(f"import-18xx {rec.parent.name}/{rec.name}: {t:.2f} s (target 3 s){'' if t < 3 else ' OVER'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
