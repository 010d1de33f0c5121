#!/usr/bin/env python3
"""How long the reader takes to answer a long line that is no move: runs of one character or
short unit (blanks, marks, quotes, letters, hexes joined by dashes), at 1,000 and 19,000
characters (the longest line a message may have is 20,000). A rule whose cost grows with the
square or cube of a run shows as a large ratio between the two lengths.

    python benchmarks/long_lines.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pbem.errors import PbemError  # noqa: E402
from pbem.notation import context_for_title, parse_message  # noqa: E402

UNITS = [" ", ", ", "'", "x", "Ab-", "I5-", "Regina-", "$5", "#5", "5 ", "a ", ". ", "(", "-"]


def main() -> int:
    contexts = {
        "1882 OR": context_for_title("1882", {"ann": "Ann", "bob": "Bob"}, actor="ann", current="CPR", round_kind="OR"),
        "1861 merger": context_for_title("1861", {"ann": "Ann"}, actor="ann", current="KR", round_kind="merger"),
    }
    parse_message("CPR passes", contexts["1882 OR"])            # the grammar loaded before timing
    worst = (0.0, "")
    for name, ctx in contexts.items():
        for unit in UNITS:
            times = []
            for length in (1000, 19000):
                text = "CPR " + unit * (length // len(unit)) + " lays 57 on I5"
                t = time.perf_counter()
                try:
                    parse_message(text, ctx)
                except PbemError:
                    pass
                times.append(time.perf_counter() - t)
            print(f"{name:12} {unit!r:10} 1,000 chars {times[0]:6.3f} s   19,000 chars {times[1]:6.3f} s")
            worst = max(worst, (times[1], f"{name} {unit!r}"))
    print(f"slowest 19,000-character line: {worst[0]:.2f} s ({worst[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
