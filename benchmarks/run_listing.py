#!/usr/bin/env python3
"""How long listing the legal moves takes at positions where a corporation must run: the route
search behind "legal now" replies and the "may not decline a run" check. Prints seconds per
position and the revenue found (the figure must not change when the search gets faster).

usage: benchmarks/run_listing.py [RECORD --at ID ...]   (defaults: late 1861 and 1882 positions)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.replay.position import position  # noqa: E402

SHARED = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
LATE_1861 = SHARED / "1861" / "bank_breaks_then_final_phase.json"
#: the slowest run listings of the shared records (`known_run` before each recorded run)
DEFAULT = [(LATE_1861, 757), (LATE_1861, 766), (LATE_1861, 739), (LATE_1861, 774)]


def main(argv: list[str]) -> int:
    cases = DEFAULT
    if argv:
        cases = [(Path(argv[i]), int(argv[i + 2])) for i in range(0, len(argv), 3)]
    for path, at in cases:
        g = position(path, at).game
        t0 = time.perf_counter()
        moves = g.legal_moves()
        t1 = time.perf_counter()
        runs = [getattr(m, "action", m) for m in moves]
        runs = [a for a in runs if type(a).__name__ == "RunRoutes"]
        rev = sum(r.revenue or 0 for r in runs[0].routes) if runs else None
        print(f"{path.name} at {at}: {len(moves)} legal moves in {t1 - t0:.2f} s (target < 1 s: a mail may hold "
              f"a game 2 s in all); run listed: {rev}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
