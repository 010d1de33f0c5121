#!/usr/bin/env python3
"""Developer tool: replay the records tools/refgen.rb generated inside the 18xx.games engine with
pbem, and say per record `exact` (pbem reaches the record's own result) or how it differs: the
importer's refusal (with the action id) or the wrong values, and then the first action after
which pbem's state and the reference's differ (the reference's state after every live action,
dumped by /work/shared/tools/ref18xx/state_dump.rb, compared as tools/refdiff.py does).

usage: refgen_check.py [DIR] [--title 1882] [--players N] [--seeds 1-20] [--no-dump]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from randplay import seeds as parse_seeds  # noqa: E402
from refdiff import diff  # noqa: E402

from pbem.errors import PbemError  # noqa: E402
from pbem.importers.eighteen_xx import (ImportRefused, ResultMismatch, check_result,  # noqa: E402
                                         load_record, replay_record)
from pbem.replay.state import state_json  # noqa: E402

REF = Path(os.environ.get("REF18XX_TOOLS", "/work/shared/tools/ref18xx"))
ENV = dict(os.environ, REF18XX=os.environ.get("REF18XX", "/tmp/ref18xx"))
NAME = re.compile(r"^(?P<title>[^-]+)-p(?P<players>\d+)-s(?P<seed>\d+)\.json$")


def first_divergence(path: Path, upto: int | None = None) -> str:
    """The first live action after which pbem's state differs from the reference's."""
    data = json.loads(path.read_text())
    ids = [a["id"] for a in data["actions"] if a.get("type") not in ("message", "undo", "redo")]
    if upto is not None:
        ids = [i for i in ids if i <= upto]
    if not ids:
        return "no action to compare"
    with tempfile.TemporaryDirectory(prefix="refgen-check-") as tmp:
        dump = Path(tmp) / "dump.json"
        r = subprocess.run(["ruby", str(REF / "state_dump.rb"), "--out", str(dump), str(path),
                            *map(str, ids)], capture_output=True, text=True, env=ENV, cwd=REF,
                           timeout=1800)
        if r.returncode:
            return f"state_dump failed: {(r.stderr.strip().splitlines() or [''])[-1][:200]}"
        ref = {c["at"]: c for c in json.loads(dump.read_text())["checkpoints"]}
    found: list[str] = []

    def each(game, a):
        cp = ref.get(a.get("id"))
        if cp is None or found:
            return
        d = diff(state_json(game, a.get("id")), cp)
        if d:
            found.append(f"state differs after action {a.get('id')} ({json.dumps(a)[:300]}): "
                         + "; ".join(d[:6]))
            raise StopIteration

    try:
        replay_record(load_record(path), each=each)
    except StopIteration:
        pass
    except (ImportRefused, PbemError) as e:
        if not found:
            return f"no state difference before the refusal ({str(e)[:200]})"
    return found[0] if found else "no state difference at any action"


def check(path: Path, dump: bool) -> tuple[str, str]:
    """('exact' | 'differs' | 'unfinished', detail)"""
    data = json.loads(path.read_text())
    if data.get("status") != "finished" or not data.get("result"):
        return "unfinished", (data.get("refgen") or {}).get("outcome", "not finished")
    try:
        rec = load_record(path)
        game = replay_record(rec)
        check_result(rec, game)
        reason = data.get("game_end_reason")
        if reason and str(game.end_reason or "") and str(game.end_reason) != reason:
            raise ResultMismatch(f"values agree, but the game ended by {game.end_reason!r}, "
                                 f"the record by {reason!r}")
        return "exact", ""
    except ImportRefused as e:
        m = re.search(r"\(id (\d+)", str(e))
        detail = f"pbem refuses: {str(e)[:400]}"
        upto = int(m.group(1)) - 1 if m else None
    except (ResultMismatch, PbemError) as e:
        detail = f"{type(e).__name__}: {str(e)[:400]}"
        upto = None
    if dump:
        detail += "\n      first divergence: " + first_divergence(path, upto)
    return "differs", detail


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?", default="/tmp/refgen-out")
    ap.add_argument("--title")
    ap.add_argument("--players", type=int)
    ap.add_argument("--seeds", help="ranges and comma lists, as refplay: 2,7,10-12")
    ap.add_argument("--no-dump", action="store_true",
                    help="do not look for the first differing state (no Ruby needed)")
    a = ap.parse_args()
    wanted = set(parse_seeds(a.seeds)) if a.seeds else None
    files = []
    for p in sorted(Path(a.dir).glob("*.json")):
        m = NAME.match(p.name)
        if not m or (a.title and m["title"] != a.title) or (a.players and int(m["players"]) != a.players):
            continue
        if wanted is not None and int(m["seed"]) not in wanted:
            continue
        files.append((m["title"], int(m["seed"]), int(m["players"]), p))
    files.sort()
    totals: dict[str, Counter] = {}
    for title, _seed, _n, path in files:
        start = time.monotonic()
        verdict, detail = check(path, not a.no_dump)
        totals.setdefault(title, Counter())[verdict] += 1
        print(f"{path}: {verdict}{(' - ' + detail) if detail else ''} [{time.monotonic() - start:.1f} s]",
              flush=True)
    for title, c in totals.items():
        extra = f", {c['unfinished']} unfinished" if c["unfinished"] else ""
        print(f"{title}: {sum(c.values())} games, {c['exact']} exact, {c['differs']} differ{extra}")
    return 0 if all(c["differs"] == 0 for c in totals.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
