#!/usr/bin/env python3
"""Debugging aid: compare pbem's track networks (graph.reach edges) with the ones the 18xx.games
engine computed for the same record (tools/ref_graph.rb); prints how many networks were compared
and the first differences. Tests never depend on this.

usage: REF18XX=/tmp/ref18xx ruby tools/ref_graph.rb RECORD.json 7 > GRAPHS.json
       refgraph.py RECORD.json GRAPHS.json
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.engine.graph import reach  # noqa: E402
from pbem.importers.eighteen_xx import ImportRefused, load_record, replay_record  # noqa: E402


def main() -> int:
    rec = load_record(sys.argv[1])
    ref = {int(k): v for k, v in json.loads(Path(sys.argv[2]).read_text()).items()}
    bad: list = []
    compared = 0

    def each(game, a):
        nonlocal compared
        cp = ref.get(a.get("id"))
        if cp is None:
            return
        for corp, hexes in cp.items():
            if corp not in game.corporations or not game.board.token_cities(corp):
                continue
            mine = {h: sorted(e) for h, e in reach(game.board, corp).edges.items()}
            compared += 1
            if mine != hexes:
                diff = {h: (mine.get(h), hexes.get(h)) for h in set(mine) | set(hexes) if mine.get(h) != hexes.get(h)}
                bad.append((a.get("id"), corp, diff))

    try:
        replay_record(rec, each=each)
    except ImportRefused as e:
        print("REFUSED:", e)
        return 2
    print(f"{compared} networks compared, {len(bad)} differ (hex: (pbem edges, reference edges))")
    for at, corp, diff in bad[:5]:
        print(f"  after action {at}, {corp}: {diff}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
