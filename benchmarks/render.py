#!/usr/bin/env python3
"""Median time to render the 1882 map and the stock market of a finished game (PNG bytes
included), and a report mail's pictures: the whole map at a mail's width, the part around a
changed hex drawn alone, and a report's three pictures through the postmaster's cache.
Targets: the map under 0.3 s; the part around a change under 40 ms (issue #28). The machine may
be shared while it runs: the part's figure is each hex's best of three rounds.

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
from pbem.render.map import png_bytes  # noqa: E402
from pbem.render.map_views import overview_view, render_around, render_view  # noqa: E402
from pbem.moderator.pictures import PictureCache  # noqa: E402


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
    mail_pictures(game, a.repeat)


def mail_pictures(game, repeat: int) -> None:
    """A report mail's pictures: each hex in turn as the one a move changed."""
    view = overview_view(game)
    med, best, img = timed(lambda: render_view(game, view), repeat)
    print(f"mail map (whole, {img.width} px wide)  median {med * 1000:6.1f} ms  (best {best * 1000:.1f})  "
          f"drawn when the board changed")
    hexes = game.board.hex_coords()
    picked = hexes[:: max(1, len(hexes) // repeat)][:repeat]
    first, walls, cpus = [], {c: [] for c in picked}, {c: [] for c in picked}
    for rnd in range(3):                 # the first round draws each part's text afresh; the machine is shared:
        for c in picked:                 # each hex's least time over three rounds
            t0, c0 = time.perf_counter(), time.process_time()
            png_bytes(render_around(game, [c]), compact=True)
            walls[c].append(time.perf_counter() - t0)
            cpus[c].append(time.process_time() - c0)
            if rnd == 0:
                first.append(walls[c][-1])
    best = [min(v) for v in walls.values()]
    med, cpu = statistics.median(best), statistics.median(min(v) for v in cpus.values())
    print(f"part around a change (800 x 480, drawn alone, PNG)  median {med * 1000:6.1f} ms wall, {cpu * 1000:.1f} ms CPU "
          f"(each of {len(best)} hexes its best of 3; fastest {min(best) * 1000:.1f}, slowest {max(best) * 1000:.1f}; "
          f"the first round, text drawn afresh: median {statistics.median(first) * 1000:.1f})  "
          f"target < 40 ms: {'ok' if med < 0.04 else 'MISSED'}")
    cache = PictureCache()
    t0 = time.perf_counter()
    pics = cache.for_report(game, "head-1", [picked[0]])
    cold = time.perf_counter() - t0
    sizes = [len(pics.near or b""), len(pics.whole), len(pics.market)]
    print(f"a report's pictures: {sum(sizes) // 1024} KB (part {sizes[0] // 1024}, whole map {sizes[1] // 1024}, "
          f"market {sizes[2] // 1024}), each carried once by a mail")
    t0 = time.perf_counter()
    cache.for_report(game, "head-2", [picked[1]])      # the board as it was: only outlines and the part
    rest = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(repeat):
        cache.for_report(game, "head-2", [picked[1]])  # every other recipient of that report
    hit = (time.perf_counter() - t0) / repeat
    st = cache.stats
    print(f"a report's three pictures: {cold * 1000:.0f} ms drawn afresh, {rest * 1000:.0f} ms on a board "
          f"that rests, {hit * 1e6:.0f} us for each further recipient ({st.maps_drawn} map, {st.areas_drawn} parts, "
          f"{st.markets_drawn} market drawn for {st.asked} asks)")


if __name__ == "__main__":
    main()
