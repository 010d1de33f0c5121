#!/usr/bin/env python3
"""pbem and the 18xx.games engine (Ruby) replaying the same shared 1882 records, side by side,
each ratio beside its target: a full record in <= 0.25x the reference's time, a short one (the
hs_* records: 67 actions in force) in <= 1x.

Two comparisons, both printed:
- whole process, from a cold start (what a user waits for; the targets are judged on this):
  `python -m pbem.cli replay RECORD.json` against `ruby benchmarks/ref_replay.rb RECORD.json`,
  each loading its code, reading the record, replaying it and printing the result. The
  reference is timed two ways, each with its verdict: started as its own entry point starts it
  (`require 'engine'`: every title's code, `--all-titles`), and with only the code of the
  record's title loaded (its fastest start, though nothing ships it so). pbem runs with
  compiled bytecode as an installed pbem has it (written to a temporary cache folder by one
  untimed run first).
- in-process, after loading (the title's code and data loaded once, as in a long-running
  moderator): pbem's `load_record` + `replay_record` + `check_result` against the reference's
  JSON parse + game built from the actions, best of --repeat in the same process.

Times are the minimum of --repeat runs, in CPU time (in-process: the process's CPU clock on
both sides; whole processes: user + system time of the process, printed beside its wall time),
since the machine is shared and a wall time also holds the time other work had the cores (on
an idle core the two differ by milliseconds). Each record's final values
are checked equal between the two engines.
The reference is found through $REF18XX; without it only pbem's figures are printed
("reference not installed").

usage: python benchmarks/replay_reference.py [RECORD.json ...] [--repeat N]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from process_timing import Timing, best_of  # noqa: E402

SHARED = ROOT.parent / "shared/fixtures/18xx.games/1882"
RUBY_SCRIPT = ROOT / "benchmarks" / "ref_replay.rb"
TARGET_FULL, TARGET_SHORT = 0.25, 1.0


def is_short(record: Path) -> bool:
    return record.name.startswith("hs_")


def target(record: Path) -> float:
    return TARGET_SHORT if is_short(record) else TARGET_FULL


def run_process(cmd: list[str], env: dict, repeat: int) -> tuple[Timing, str]:
    """The least wall and the least CPU time of `repeat` runs of `cmd` as a whole process, and its output."""
    return best_of(repeat, cmd, env)


def pbem_env(pycache: str) -> dict:
    """The environment pbem's command runs in: this checkout first on the path, bytecode kept."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=pycache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def pbem_in_process(record: Path, repeat: int) -> tuple[float, dict, int]:
    """Best in-process time of reading, checking and replaying `record` (title loaded), the
    final values and the actions in force."""
    from pbem.importers.eighteen_xx import check_result, load_record, replay_record

    best, values = float("inf"), {}
    for _ in range(repeat):
        t0 = time.process_time()
        rec = load_record(record)
        game = replay_record(rec)
        check_result(rec, game)
        best = min(best, time.process_time() - t0)
        values = {str(pid): game.player_value(pid) for pid in game.players}
    return best, values, len(rec.live)


def reference_home() -> Optional[Path]:
    home = os.environ.get("REF18XX")
    return Path(home) if home and (Path(home) / "lib" / "engine.rb").exists() else None


def ruby_in_process(records: list[Path], repeat: int) -> dict[str, dict]:
    """record name -> the reference's line (replay_ms, actions, result), best of `repeat` in one process."""
    done = subprocess.run(["ruby", str(RUBY_SCRIPT), "--repeat", str(repeat), *map(str, records)],
                          capture_output=True, text=True, check=True)
    return {d["record"]: d for d in map(json.loads, done.stdout.splitlines())}


def verdict(ratio: float, goal: float) -> str:
    return "met" if ratio <= goal else "NOT MET"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="*", type=Path)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    records = a.records or sorted(SHARED.glob("*.json"))
    home = reference_home()
    from pbem.titles import load_title

    load_title("1882")
    print(f"{len(records)} records; times are the best of {a.repeat} runs; targets: full <= {TARGET_FULL}x "
          f"the reference, short (hs_*) <= {TARGET_SHORT}x")
    if home is None:
        print("reference not installed (set REF18XX to the 18xx.games engine's folder): pbem's figures only")
    ref = ruby_in_process(records, a.repeat) if home is not None else {}

    print("\nin-process, after loading (ms of CPU):")
    print(f"  {'record':30s} {'actions':>7s} {'pbem':>8s} {'reference':>9s} {'ratio':>6s} {'target':>6s}")
    for r in records:
        ours, values, actions = pbem_in_process(r, a.repeat)
        line = f"  {r.name:30s} {actions:7d} {ours * 1000:8.1f}"
        if r.name in ref:
            theirs = ref[r.name]["replay_ms"] / 1000
            same = "" if ref[r.name]["result"] == values else "  (final values differ!)"
            line += f" {theirs * 1000:9.1f} {ours / theirs:5.2f}x {target(r):5.2f}x  {verdict(ours / theirs, target(r))}{same}"
        print(line)

    print("\nwhole process, cold start (s; wall and CPU, ratios of the CPU times; the targets are judged on these):")
    with tempfile.TemporaryDirectory(prefix="pbem-pyc-") as pycache:
        env = pbem_env(pycache)
        cli = [sys.executable, "-m", "pbem.cli", "replay"]
        run_process(cli + [str(records[0])], env, 1)       # compiles the bytecode once, untimed
        head = f"  {'record':30s} {'pbem':>12s}"
        if home is not None:
            head += (f"  {'ref, every title':>16s} {'ratio':>6s} {'verdict':8s} {'ref, 1882 code':>15s} {'ratio':>6s}"
                     f" {'verdict':8s} {'target':>6s}")
        print(head)
        for r in records:
            ours, _ = run_process(cli + [str(r)], env, a.repeat)
            line = f"  {r.name:30s} {ours.wall:5.3f} {ours.cpu:5.3f} "
            if home is not None:
                ruby = ["ruby", str(RUBY_SCRIPT), str(r)]
                every, _ = run_process(ruby[:2] + ["--all-titles"] + ruby[2:], dict(os.environ), max(1, a.repeat // 2))
                own, _ = run_process(ruby, dict(os.environ), a.repeat)
                line += (f" {every.wall:8.3f} {every.cpu:5.3f} {ours.cpu / every.cpu:5.2f}x "
                         f"{verdict(ours.cpu / every.cpu, target(r)):8s}"
                         f"{own.wall:7.3f} {own.cpu:5.3f} {ours.cpu / own.cpu:5.2f}x {verdict(ours.cpu / own.cpu, target(r)):8s}"
                         f" {target(r):5.2f}x")
            print(line)
    if home is not None:
        print("\n('ref, every title': the reference started as its entry point loads it, every title's code;"
              "\n 'ref, 1882 code': only the code of 1882 loaded, its fastest start, which nothing ships)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
