"""A report mail's whole map brought up to date move by move (the hexes that changed redrawn
alone and pasted in, `pbem.render.map_views.redraw_hexes`) against the map drawn whole.

Prints, for each record, move by move through the whole game: how many changes of hexes were
redrawn (the hexes whose look changed, `hex_looks`) and how many had to be drawn whole (a new
tile colour), the median and
longest redraw, the median time of the whole map, and the pixels where the map kept up to date
differs from the whole drawing at the end (target: under 0.1%).

    python benchmarks/map_redraw.py [RECORD.json ...]
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from PIL import ImageChops

import pbem
from pbem.render.map import map_shown
from pbem.render.map_updates import hex_looks
from pbem.render.map_views import overview_view, redraw_header, redraw_hexes, render_view

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
RECORDS = [FIXTURES / "1882" / "5236.json", FIXTURES / "1861" / "29683.json", FIXTURES / "1830" / "26855.json"]


def run(path: Path) -> None:
    record = pbem.read_record(path)
    actions = list(record.moves)
    record.back_to(0)
    view = overview_view(record.state)
    img, before, looks = render_view(record.state, view), map_shown(record.state), hex_looks(record.state)
    redrawn: list[float] = []
    whole: list[float] = []
    for action in actions:
        record.push(action)
        shown, was = map_shown(record.state), looks
        looks = hex_looks(record.state, shown.hexes)
        hexes = sorted(c for c in looks if looks[c] != was.get(c))
        if hexes or shown.title != before.title:
            t0 = time.perf_counter()
            new = None if shown.colors != before.colors else redraw_hexes(img, record.state, view, hexes) if hexes else img
            if new is not None and shown.title != before.title:
                new = redraw_header(new, record.state, view)
            t1 = time.perf_counter()
            if new is None:
                new = render_view(record.state, view)
                whole.append(time.perf_counter() - t1)
            elif hexes:
                redrawn.append(t1 - t0)
            img = new
        before = shown
    t0 = time.perf_counter()
    final = render_view(record.state, view)
    whole.append(time.perf_counter() - t0)
    off = ImageChops.difference(img, final).convert("L").point(lambda v: 255 if v > 40 else 0).histogram()[255]
    share = off / (final.width * final.height)
    print(f"{path.parent.name} {path.stem}: {len(redrawn)} changes of hexes redrawn, {len(whole) - 1} drawn whole; "
          f"redrawn in a median {1000 * statistics.median(redrawn):.1f} ms (longest {1000 * max(redrawn):.1f}), "
          f"the whole map {1000 * statistics.median(whole):.0f} ms; at the end {off} pixels "
          f"({100 * share:.3f}%) differ from the whole drawing (target < 0.1%: {'met' if share < 0.001 else 'NOT met'})")


def main() -> int:
    for path in [Path(p) for p in sys.argv[1:]] or RECORDS:
        run(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
