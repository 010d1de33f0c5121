#!/usr/bin/env python3
"""Size and build time of the HTML replay (`pbem replay GAME --html OUT.html`) of the longest
shared 1882 record (the most actions), or of the record given. Bound: the page under 25 MB.

usage: python benchmarks/replay_html.py [RECORD.json] [--out OUT.html]
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pbem.replay.page import MAP_RADIUS, build_page  # noqa: E402

SHARED = ROOT.parent / "shared/fixtures/18xx.games/1882"
LIMIT_MB = 25


def longest() -> Path:
    """The shared 1882 record with the most actions."""
    return max(SHARED.glob("*.json"), key=lambda p: len(json.loads(p.read_text())["actions"]))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("record", nargs="?", default=None)
    ap.add_argument("--out", default=None, help="keep the page here (default: a temporary file)")
    a = ap.parse_args()
    record = Path(a.record) if a.record else longest()
    page = build_page(record)
    data = page.html.encode("utf-8")
    out = Path(a.out) if a.out else Path(tempfile.mkdtemp(prefix="pbem-replay-")) / "replay.html"
    out.write_bytes(data)
    mb = len(data) / 1e6
    print(f"record:   {record.name} ({len(page.frames) - 1} moves shown)")
    print(f"pictures: {page.maps_drawn} maps (hex radius {MAP_RADIUS:g}) and {page.markets_drawn} markets drawn, "
          f"{page.images} distinct PNGs, {page.png_bytes / 1e6:.1f} MB before base64")
    print(f"page:     {mb:.1f} MB (bound {LIMIT_MB} MB: {'ok' if mb < LIMIT_MB else 'OVER'}) at {out}")
    print(f"built in: {page.seconds:.1f} s ({page.seconds / max(1, len(page.frames)) * 1000:.0f} ms a move)")


if __name__ == "__main__":
    main()
