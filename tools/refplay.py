#!/usr/bin/env python3
"""Developer tool: differential random testing of pbem against the 18xx.games engine.

For each seed: play a random legal game through pbem (tools/randplay.py), export it as an
18xx.games record (`pbem export-18xx`), replay that record in the reference engine
(/work/shared/tools/ref18xx/state_dump.rb, REF18XX=/tmp/ref18xx) and compare the state after
sampled actions (tools/refdiff.py). Reports, per seed, 'agrees', the first action the reference
refuses (found by bisection), or the first state that differs.

usage: refplay.py --title 1882 --seeds 1-10 [--sample 40] [--keep DIR]
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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import randplay  # noqa: E402

REF = Path(os.environ.get("REF18XX_TOOLS", "/work/shared/tools/ref18xx"))
ENV = dict(os.environ, REF18XX=os.environ.get("REF18XX", "/tmp/ref18xx"))
DUMPER = [str(REF / "state_dump.rb")]      # tools/ref_fresh_tokens.rb with --fresh-tokens


def ref_ok(record: Path, upto: int) -> tuple[bool, str]:
    p = subprocess.run(["ruby", *DUMPER, str(record), str(upto)], capture_output=True,
                       text=True, env=ENV, cwd=REF, timeout=600)
    return p.returncode == 0, (p.stderr.strip().splitlines() or [""])[0]


def first_refused(record: Path, n: int) -> tuple[int, str]:
    ok, why = ref_ok(record, n)
    if ok:
        return 0, ""
    lo, hi = 0, n
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ref_ok(record, mid)[0]:
            lo = mid
        else:
            hi = mid
    return hi, ref_ok(record, hi)[1]


def check(title: str, seed: int, players: int, sample: int, folder: Path) -> tuple[str, int]:
    """The verdict for one seed and how many record actions the reference replayed."""
    game, done, problem = randplay.play(title, seed, players, 4000)
    if problem:
        return f"pbem: {problem.splitlines()[0]}", 0
    path = randplay.save(game, done, title, seed, folder)
    record = path.with_suffix(".18xx.json")
    p = subprocess.run([sys.executable, "-m", "pbem", "export-18xx", str(path), str(record)],
                       capture_output=True, text=True, cwd=HERE.parent)
    if p.returncode:
        return f"export failed: {p.stderr.strip()}", 0
    n = len(json.loads(record.read_text())["actions"])
    dump = record.with_suffix(".ref.json")
    r = subprocess.run(["ruby", *DUMPER, "--sample", str(sample), "--seed", str(seed),
                        "--out", str(dump), str(record)], capture_output=True, env=ENV, cwd=REF, timeout=1200)
    if r.returncode:                  # the reference refused an action: find the first one
        dump.unlink(missing_ok=True)
        at, why = first_refused(record, n)
        if at:
            act = json.loads(record.read_text())["actions"][at - 1]
            return f"reference refuses action {at} of {n}: {why[:200]} | {json.dumps(act)[:300]}", at - 1
        return f"state_dump failed: {r.stderr.strip().splitlines()[:1]}", 0
    d = subprocess.run([sys.executable, str(HERE / "refdiff.py"), str(record), str(dump)],
                       capture_output=True, text=True)
    last = (d.stdout.strip().splitlines() or ["(no output)"])
    checked = len(json.loads(dump.read_text())["checkpoints"]) if dump.exists() else 0
    return ("agrees" if last[-1].startswith("no divergence") else " / ".join(last[:4])[:600]), checked


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="1882")
    ap.add_argument("--seeds", default="1-5")
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--sample", type=int, default=40)
    ap.add_argument("--keep", help="folder for the games and records (default: a temporary one)")
    ap.add_argument("--fresh-tokens", action="store_true",
                    help="the reference without its cached 'can place a station' (tools/ref_fresh_tokens.rb)")
    a = ap.parse_args()
    if a.fresh_tokens:
        DUMPER[:] = [str(HERE / "ref_fresh_tokens.rb")]
    folder = Path(a.keep or tempfile.mkdtemp(prefix="refplay-"))
    bad = games = compared = 0
    began = time.monotonic()
    for seed in randplay.seeds(a.seeds):
        n = a.players or 2 + seed % 5
        start = time.monotonic()
        result, checked = check(a.title, seed, n, a.sample, folder)
        print(f"{a.title} seed {seed} ({n} players): {result} [{checked} states compared, "
              f"{time.monotonic() - start:.1f} s]", flush=True)
        bad += result != "agrees"
        games += 1
        compared += checked if result == "agrees" else 0
    print(f"games: {games}; differ: {bad}; states compared in agreeing games: {compared}; "
          f"{time.monotonic() - began:.0f} s; files in {folder}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
