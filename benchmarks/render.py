#!/usr/bin/env python3
"""Median time to render the 1882 map and the stock market of a finished game (PNG bytes
included). Target: under 0.3 s for the map.

usage: python benchmarks/render.py [RECORD.json] [--repeat N]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pbem.importers.eighteen_xx import load_record, replay_record  # noqa: E402
from pbem.render.map import map_png  # noqa: E402
from pbem.render.market import market_png  # noqa: E402
from pbem.render.report import build_report, render_report  # noqa: E402


def timed(fn, repeat):
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), min(times), out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("record", nargs="?", default=str(ROOT.parent / "shared/fixtures/18xx.games/1882/5236.json"))
    ap.add_argument("--repeat", type=int, default=15)
    a = ap.parse_args()
    game = replay_record(load_record(a.record))
    # the first render of a process also lays out every tile (cached afterwards): time it apart
    t0 = time.perf_counter()
    map_png(game)
    first = time.perf_counter() - t0
    med, best, png = timed(lambda: map_png(game), a.repeat)
    print(f"map     median {med * 1000:7.1f} ms  (best {best * 1000:.1f}, first in process {first * 1000:.1f})  "
          f"{len(png) // 1024} KB  target < 300 ms: {'ok' if med < 0.3 else 'MISSED'}")
    med, best, png = timed(lambda: market_png(game), a.repeat)
    print(f"market  median {med * 1000:7.1f} ms  (best {best * 1000:.1f})  {len(png) // 1024} KB")
    med, best, _ = timed(lambda: [render_report(build_report(game), f) for f in ("text", "html", "md")], a.repeat)
    print(f"reports median {med * 1000:7.1f} ms  (text + html + md)")


if __name__ == "__main__":
    main()
