"""How many times the grammar parses one line: the cost of the reader's last tries, each a reading.

    python benchmarks/grammar_parses.py [--worst N]

Every line of the project's corpora (tests/data/blind/*.jsonl and tests/data/real/seen.jsonl)
is read as `tools/blind_read.py` reads it, counting the calls of the Lark parser (every
grammar parse, the last tries' included). Prints the distribution for
lines of at most 200 characters beside issue #24's target (each such line at most 5 parses),
and the lines that cost most.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

import lark

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import blind_read  # noqa: E402

TARGET = 5          # parses of a line of at most 200 characters (issue #24)
SHORT = 200


def corpora() -> list[dict]:
    files = sorted((ROOT / "tests" / "data" / "blind").glob("*.jsonl")) + [ROOT / "tests" / "data" / "real" / "seen.jsonl"]
    return [json.loads(ln) for f in files for ln in f.read_text().splitlines() if ln.strip()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worst", type=int, default=10, help="how many of the costliest lines to print")
    args = ap.parse_args()
    calls = [0]
    parse = lark.Lark.parse

    def counted(self, *a, **k):
        calls[0] += 1
        return parse(self, *a, **k)

    lark.Lark.parse = counted           # the benchmark's own count; the product is not changed
    rows = []
    for item in corpora():
        calls[0] = 0
        blind_read.judge(item)
        rows.append((calls[0], item["line"]))
    short = sorted(n for n, line in rows if len(line) <= SHORT)
    within = sum(n <= TARGET for n in short)
    q = statistics.quantiles(short, n=100)
    print(f"lines: {len(rows)}, of at most {SHORT} characters: {len(short)}")
    print(f"grammar parses per line of at most {SHORT} characters: median {statistics.median(short):g}, "
          f"p90 {q[89]:g}, p99 {q[98]:g}, max {short[-1]}; at most {TARGET} (target: all): "
          f"{within}/{len(short)} ({100 * within / len(short):.1f}%)")
    print(f"parses in all: {sum(n for n, _ in rows)}")
    for n, line in sorted(rows, reverse=True)[:args.worst]:
        print(f"  {n:3d}  {line[:100]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
