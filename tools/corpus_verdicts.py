#!/usr/bin/env python3
"""Developer tool: every corpus line's verdict, one line each ("file:n<TAB>ok<TAB>what was read"),
for a diff before and after a change to the reader (issue #24: a rule or last try retired must leave
every line's verdict as it was).

usage: corpus_verdicts.py > after.tsv     (then: diff before.tsv after.tsv)
Reads tests/data/blind/*.jsonl, tests/data/real/seen.jsonl and the scored real files
(tests/data/real/*-scored.jsonl) through blind_read.judge (never a held-out file).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import blind_read  # noqa: E402


def main() -> int:
    real = ROOT / "tests/data/real"
    files = sorted((ROOT / "tests/data/blind").glob("*.jsonl")) + [real / "seen.jsonl"] + sorted(real.glob("*-scored.jsonl"))
    for f in files:
        lines = [json.loads(x) for x in f.read_text().splitlines() if x.strip()]
        for i, item in enumerate(lines):
            v = blind_read.judge(item)
            print(f"{f.name}:{i}\t{v.ok}\t{v.got}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
