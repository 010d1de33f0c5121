#!/usr/bin/env python3
"""Replay every 1882 18xx.games record in-process and print actions per second and the median
time per record, and how much of it reading and checking the record takes (JSON, schema,
undo/redo: docs/records.md). benchmarks/replay_reference.py times the same records beside the
18xx.games engine, with the targets (docs/records.md "Speed").

Then the same game as a record and as a pbem game file (the longest record, `pbem import-18xx`ed):
the game file replayed by its canonical lines' exact reader (pbem/notation/canonical.py), and
every line through the grammar as before that reader, against the record's replay. The goal
is game-file replay <= 1.2x record replay. Measured on the shared 2-core machine under load
(Nov 2026): records 2,682-2,829 actions/s before the `pbem.Game` redesign (commit 8840c62) and
2,769-2,834 after; 5236.json as a game file 0.70-0.72x its record (1.66-2.33x by grammar). On
2026-11-30, after issue #28's engine speed-ups (merge 8a1c1a8, load ~2): records 11,998
actions/s; 5236.json as a game file 87.9 ms, 1.26x its record's 69.7 ms (the record's replay
gained more than the file's). Then the exact reader given each line's label instead of looking
it up again, and a title kind's pattern compiled once: 81.1-84.6 ms, 1.15-1.22x (--repeat 9:
1.20x twice), at the goal, not under it with any margin; what is left is the file's parse and
hash chain (~11 ms) and the exact reader (~4 ms). Then a plain move line read by one pattern
instead of split into tokens and rendered again (pbem/gamefile/format.py `_plain_move`;
GameFile.open of this file 11.6 -> 6.2 ms): --repeat 9 on 09aab10, load 1.5, 1.06x and 1.03x
(69.9 ms against 66.2, 60.7 against 58.8).

usage: python benchmarks/replay.py [FIXTURE_DIR] [--repeat N]
"""
import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pbem.gamefile import GameFile  # noqa: E402
from pbem.importers.eighteen_xx import load_record, replay_record  # noqa: E402
from pbem.replay.record_file import import_record  # noqa: E402
from pbem.replay.gamefile import replay_file  # noqa: E402
from pbem.titles import load_title  # noqa: E402


def best_of(repeat: int, run) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default=str(ROOT.parent / "shared/fixtures/18xx.games/1882"))
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    files = sorted(Path(a.dir).glob("*.json"))
    load_title("1882")  # title data loads once per process, as in a long-running moderator
    total_actions, total_time, per_record = 0, 0.0, []
    sizes = {}
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
        sizes[f] = len(rec.live)
        print(f"{f.name:36s} {len(rec.live):5d} actions {best * 1000:8.1f} ms (load and check {min(loads) * 1000:5.1f} ms)")
    print(f"records: {len(files)}  actions/s: {total_actions / total_time:,.0f}  "
          f"median per record: {statistics.median(per_record) * 1000:.1f} ms")
    if not files:
        return
    longest = max(files, key=lambda f: sizes[f])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.pbem"
        import_record(longest, path)
        record = best_of(a.repeat, lambda: replay_record(load_record(longest)))
        fast = best_of(a.repeat, lambda: replay_file(GameFile.open(path)))
        grammar = best_of(a.repeat, lambda: replay_file(GameFile.open(path), fast=False))
    print(f"\nthe same game ({longest.name}, {sizes[longest]} actions), read and replayed:")
    print(f"  18xx.games record                  {record * 1000:8.1f} ms")
    print(f"  game file, canonical lines reader  {fast * 1000:8.1f} ms  ({fast / record:.2f}x the record)")
    print(f"  game file, every line by grammar   {grammar * 1000:8.1f} ms  ({grammar / record:.2f}x the record)")


if __name__ == "__main__":
    main()
