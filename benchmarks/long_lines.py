#!/usr/bin/env python3
"""How long the reader takes to answer a long line that is no move: runs of one character or
short unit (blanks, marks, quotes, letters, hexes joined by dashes), at 1,000 and 19,000
characters (the longest line a message may have is 20,000), inside a move's line and alone after
a speaker ("Ann says " + run: masked, such a line is all blanks). A rule whose cost grows with the
square or cube of a run shows as a large ratio between the two lengths. Then lines a player
may send to hold the moderator (many clauses, many moves, word salad) at 1 to 20,000
characters. Times are CPU seconds (time.process_time); target: at most 0.5 s for the longest.

    python benchmarks/long_lines.py
"""
from __future__ import annotations

import random
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
            for shape in ("CPR {} lays 57 on I5", "Ann says {}"):
                times = []
                for length in (1000, 19000):
                    text = shape.format(unit * (length // len(unit)))
                    t = time.process_time()
                    try:
                        parse_message(text, ctx)
                    except PbemError:
                        pass
                    times.append(time.process_time() - t)
                print(f"{name:12} {shape.format(unit)!r:32} 1,000 chars {times[0]:6.3f} s   19,000 chars {times[1]:6.3f} s")
                worst = max(worst, (times[1], f"{name} {shape.format(unit)!r}"))
    print(f"slowest 19,000-character line: {worst[0]:.2f} s ({worst[1]})   target <= 0.50 s")
    rng = random.Random(1)
    words = "the a train lays buy sell hello CPR I5 tile 57 run pay out weather good game nice move".split()
    floods = {"'x,' x 10,000": "x," * 10000, "'buy 1 CPR, ' x 1,819": "buy 1 CPR, " * 1819,
              "word salad": " ".join(rng.choice(words) for _ in range(5000))}
    ctx = contexts["1882 OR"]
    longest = (0.0, "")
    for name, flood in floods.items():
        times = []
        for length in (1, 100, 1000, 5000, 20000):
            t = time.process_time()
            try:
                parse_message(flood[:length], ctx)
            except PbemError:
                pass
            times.append(time.process_time() - t)
        print(f"{name:22} " + "  ".join(f"{n:,} chars {s:.3f} s" for n, s in zip((1, 100, 1000, 5000, 20000), times)))
        longest = max(longest, (times[-1], name))
    print(f"slowest 20,000-character flood: {longest[0]:.2f} s CPU ({longest[1]})   target <= 0.50 s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
