#!/usr/bin/env python3
"""Replay every 1882 18xx.games record in-process and print actions per second and the median
time per record, and how much of it reading and checking the record takes (JSON, schema,
undo/redo: docs/records.md). (The 18xx.games engine takes 280-660 ms per full 1882 record on this machine,
about 50 ms for the short hs_* ones; the target is a tenth of that.)

usage: python benchmarks/replay.py [FIXTURE_DIR] [--repeat N]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pbem.importers.eighteen_xx import load_record, replay_record  # noqa: E402
from pbem.titles import load_title  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default=str(ROOT.parent / "shared/fixtures/18xx.games/1882"))
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    files = sorted(Path(a.dir).glob("*.json"))
    load_title("1882")  # title data loads once per process, as in a long-running moderator
    total_actions, total_time, per_record = 0, 0.0, []
    for f in files:
        times, loads = [], []
        for _ in range(a.repeat):
            t0 = time.perf_counter()
            rec = load_record(f)
            loads.append(time.perf_counter() - t0)
            replay_record(rec)
            times.append(time.perf_counter() - t0)
        best = min(times)
        per_record.append(best)
        total_actions += len(rec.live)
        total_time += best
        print(f"{f.name:36s} {len(rec.live):5d} actions {best * 1000:8.1f} ms (load and check {min(loads) * 1000:5.1f} ms)")
    print(f"records: {len(files)}  actions/s: {total_actions / total_time:,.0f}  "
          f"median per record: {statistics.median(per_record) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
