#!/usr/bin/env python3
"""Developer tool: lines made from corpus lines read as meant by adding a clause that names a piece of the
game (a company, a train and its price, a hex, a count: "...; SV wants a 5+5E ($80)", "..., 3 for 80"), read
as blind_read reads them; each reading that leaves a piece unexplained (no action, claim or note accounts for
it: tools/unexplained.py) is printed, then the count. A probe of issue #24's "no piece left unexplained" on
lines nobody wrote: a line may be nonsense, but a reading must never drop a piece without a word.

usage: drop_probe.py [SEED ...] [-n N]     (default seeds 1 2 3, N = 400 lines a seed)
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import blind_read  # noqa: E402
import unexplained as U  # noqa: E402

#: the clauses added ({pre}: the corpus line; {c} a company or private, {t} a train, {p} a price, {h} a hex,
#: {n} a count, {pl} a player)
SHAPES = ("{pre}, and {c} too", "{pre}; {c} wants a {t} (${p})", "{pre}, also {c}", "{pre} - {c} next",
          "{pre}, {t} for {p}", "{pre} and {h}", "{pre}, then {c} {n}", "{pre} (with {c})", "{pre}. {c} at {p}",
          "{c}: {pre}", "{pre}, {n} {c}", "{pre} and the {c} from {pl}", "{pre}; {pl} gets {c}", "{pre}, {c} {t}",
          "Maybe {c}. {pre}", "{pre}, or {c}", "{pre} but {c} at {p}", "{pre}, not {c}",
          "{pre} instead of {c}", "{pre}, except {c}", "{pre}; {c} has {p}", "{pre}, {c} pays {p}", "{pre} (and {t} later)",
          "{pre}, {c} {h}", "{pre}; {pl} sells {c}", "{pre}, {n} more", "{pre}, then {t} ({p})", "{pre}. {c} passes",
          "{pre} - {pl} has {c}", "{pre}, {h} next time", "{pre} and {c} buys a {t}", "{pre}, {c} at {p} too",
          "{pre}; {c} runs for {p}", "{pre} (I hold {c})", "{pre}, keeping {c}", "{pre} with {t} for {p}")


def main(argv: list[str]) -> int:
    n = int(argv[argv.index("-n") + 1]) if "-n" in argv else 400
    seeds = [int(a) for i, a in enumerate(argv) if a.lstrip("-").isdigit() and (i == 0 or argv[i - 1] != "-n")] or [1, 2, 3]
    items = [json.loads(raw) for f in U.corpus_files() for raw in f.read_text().splitlines() if raw.strip()]
    items = [it for it in items if it.get("means") and '"' not in it["line"] and blind_read.judge(it).ok]
    left = tried = 0
    for seed in seeds:
        rng = random.Random(seed)
        for it in rng.sample(items, min(n, len(items))):
            ctx = blind_read.context_of(it)
            line = rng.choice(SHAPES).format(
                pre=it["line"].rstrip(".!"), c=rng.choice([*ctx.corporations, *ctx.companies]),
                t=rng.choice(sorted(ctx.trains) or ["2"]), p=rng.choice([40, 80, 120, 300]),
                h=rng.choice(sorted(U._map_hexes(it["title"]))), n=rng.choice([2, 3, "two"]),
                pl=rng.choice(list(ctx.players.values())))
            found = U.unexplained(dict(it, line=line))
            tried += 1
            if found and found[0]:
                left += 1
                print(f"{' '.join(found[0])}\t{line}\t{'; '.join(U._shown(m.action, found[2]) for m in found[1])}")
    print(f"lines leaving a piece unexplained: {left} of {tried}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
