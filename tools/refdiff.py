#!/usr/bin/env python3
"""Debugging aid: replay a record with pbem and compare the state after every action with a
checkpoint dump from the 18xx.games reference engine (../shared/tools/ref18xx/state_dump.rb --out).
Prints the first action where the two disagree. Tests never depend on this.

usage: refdiff.py RECORD.json DUMP.json [--all]
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.importers.eighteen_xx import ImportRefused, load_record, replay_record  # noqa: E402
from pbem.replay.state import state_json  # noqa: E402


def diff(a, b, path=""):
    out = []
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k == "at":
                continue
            out += diff(a.get(k), b.get(k), f"{path}.{k}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            key = x.get("sym") or x.get("id") if isinstance(x, dict) else i
            out += diff(x, y, f"{path}[{key}]")
    elif a != b:
        out.append(f"{path}: pbem={a!r} ref={b!r}")
    return out


def main():
    rec = load_record(sys.argv[1])
    ref = {c["at"]: c for c in json.loads(Path(sys.argv[2]).read_text())["checkpoints"]}
    show_all = "--all" in sys.argv
    found = []

    def each(game, a):
        cp = ref.get(a.get("id"))
        if cp is None or found and not show_all:
            return
        d = diff(state_json(game, a.get("id")), cp)
        if d:
            found.append(a.get("id"))
            print(f"== diverges after action id {a.get('id')}: {json.dumps(a)[:400]}")
            for line in d[:40]:
                print("  ", line)
            if not show_all:
                raise SystemExit(1)

    try:
        game = replay_record(rec, each=each)
    except ImportRefused as e:
        print("REFUSED:", e)
        raise SystemExit(2)
    print("no divergence" if not found else f"{len(found)} divergent checkpoints",
          "| finished:", game.finished, game.end_reason)


if __name__ == "__main__":
    main()
