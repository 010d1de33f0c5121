#!/usr/bin/env python3
"""Developer tool: each blind corpus's move lines read as meant today against its floor today and
its floor at an earlier commit (default: the floors of the day issue #24 was filed), and the
slack: how many of today's readings could be lost before the corpus reads below that floor.

usage: floor_slack.py [REV]     (REV: a commit whose tests/test_notation_blind.py holds the floors)
"""
from __future__ import annotations

import ast
import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import blind_read  # noqa: E402

#: the last commit before issue #24 was filed that changed the corpus floors
FILED = "3d28420"


def floors(source: str) -> dict[str, float]:
    """The FLOORS table of a version of tests/test_notation_blind.py."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "FLOORS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise SystemExit("no FLOORS table found")


def main(rev: str = FILED) -> int:
    now = floors((ROOT / "tests/test_notation_blind.py").read_text())
    then = floors(subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:tests/test_notation_blind.py"],
                                 capture_output=True, text=True, check=True).stdout)
    print(f"corpus\tmove lines\tread\tfloor now\tfloor at {rev}\tslack at {rev}")
    total = 0
    for name in sorted(now, key=lambda n: int(n[5:-6] or 1)):
        lines = [json.loads(x) for x in (ROOT / "tests/data/blind" / name).read_text().splitlines() if x.strip()]
        moves = [x for x in lines if x["means"]]
        read = sum(blind_read.judge(x).ok for x in moves)
        floor = then.get(name, now[name])
        slack = read - math.ceil(floor * len(moves) - 1e-9)
        total += slack
        print(f"{name}\t{len(moves)}\t{read}\t{now[name]}\t{floor}\t{slack}")
    print(f"all\t\t\t\t\t{total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:2]))
