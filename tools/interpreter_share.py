#!/usr/bin/env python3
"""Developer tool: how much of every corpus the grammar and the one interpreter (the reading by
pieces against the round's moves) read alone, without the last tries (respelling, loose wording,
asides, dropping...) that issue #24 is to retire.

usage: interpreter_share.py [--full] [-v]
  --full    the whole cascade, for comparison
  -v        each miss and each non-move read as a move
Prints each corpus's fair move lines read as meant, and the fair non-move lines read as moves.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import blind_read  # noqa: E402
from pbem.notation import parser  # noqa: E402


def interpreter_only() -> None:
    """The reader with the last tries switched off."""
    parser.LAST_TRIES = ()


def main() -> int:
    if "--full" not in sys.argv[1:]:
        interpreter_only()
    verbose = "-v" in sys.argv[1:]
    files = sorted((ROOT / "tests/data/blind").glob("*.jsonl")) + [ROOT / "tests/data/real/seen.jsonl"]
    total = read = wrong = 0
    for f in files:
        lines = [json.loads(x) for x in f.read_text().splitlines() if x.strip()]
        fair = [x for x in lines if x.get("fair", True)]
        judged = [(x, blind_read.judge(x)) for x in fair]
        ok = sum(v.ok for x, v in judged if x["means"])
        n = sum(1 for x in fair if x["means"])
        bad = sum(not v.ok for x, v in judged if not x["means"])
        for x, v in judged:
            if verbose and not v.ok:
                print(f"  {'miss' if x['means'] else 'NON-MOVE'} {x['title']} {x.get('round')}: {x['line']!r}")
        print(f"{f.name:16} {ok:4}/{n:4} {ok / n:6.1%}   non-moves read as moves: {bad}")
        total, read, wrong = total + n, read + ok, wrong + bad
    print(f"{'all':16} {read:4}/{total:4} {read / total:6.1%}   non-moves read as moves: {wrong}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
