"""Notation throughput: canonical lines parsed per second.

    python benchmarks/notation.py [--lines N] [--seed S] [--repeat R]

First the real thing: every move line of the 1882 18xx.games records, imported into game
files by pbem, parsed back with the game's own context (lines per second). Then N canonical
lines from random 1882 actions (all action kinds): parse_move on each line, parse_message on
the whole set as one message, and format_action.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pbem.engine.actions import (  # noqa: E402
    Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, EndGame, LayTile,
    Par, Pass, PlaceToken, RemoveToken, Route, RunRoutes, SellShares, Stop,
)
from pbem.notation import context_for_title, format_action, parse_message, parse_move  # noqa: E402
from pbem.notation.grammar import get_parser  # noqa: E402

PLAYERS = {"1047": "Player 1", "3911": "Player 2", "1971": "Player 3"}
CTX = context_for_title("1882", PLAYERS, actor="1047", current="CPR")
HEXES = [f"{r}{c}" for r in "ABCDEFGHIJKLMN" for c in range(1, 14)]


def random_action(rng: random.Random):
    p = rng.choice(list(PLAYERS))
    corp = rng.choice(["CNR", "HBR", "CPR", "GT", "SC", "QLL"])
    comp = rng.choice(list(CTX.companies))
    train = rng.choice(CTX.trains)
    kind = rng.randrange(16)
    if kind == 0:
        return Pass(rng.choice([p, corp]))
    if kind == 1:
        return Bid(p, comp, rng.randrange(20, 300))
    if kind == 2:
        return Par(p, corp, rng.choice([67, 71, 76, 82, 90, 100]))
    if kind == 3:
        return BuyShares(p, corp, rng.choice(["ipo", "pool"]))
    if kind == 4:
        return SellShares(p, corp, 10 * rng.randrange(1, 6))
    if kind in (5, 6):
        return LayTile(corp, rng.choice(HEXES), str(rng.choice([7, 8, 9, 57, 14, 15, 63])), rng.randrange(6))
    if kind == 7:
        return PlaceToken(corp, rng.choice(HEXES), rng.choice([0, 0, 1]))
    if kind == 8:
        return RemoveToken("NWR", rng.choice(HEXES))
    if kind in (9, 10):
        routes = []
        for _ in range(rng.randrange(1, 4)):
            stops = tuple(Stop(h, rng.choice([None, None, 1])) for h in rng.sample(HEXES, rng.randrange(2, 6)))
            routes.append(Route(rng.choice(CTX.trains), stops, None, rng.choice([None, rng.randrange(20, 400)])))
        return RunRoutes(corp, tuple(routes))
    if kind == 11:
        return Dividend(corp, rng.choice(["payout", "withhold"]))
    if kind == 12:
        return BuyTrain(corp, train, rng.choice(["depot", "GT"]), rng.choice([None, 180]))
    if kind == 13:
        return DiscardTrain(corp, train)
    if kind == 14:
        return BuyCompany(corp, comp, rng.randrange(1, 300))
    return rng.choice([Bankrupt(corp), EndGame(p)])


def imported_records() -> None:
    """Lines per second parsing the canonical lines of every imported 1882 record."""
    from pbem.importers.eighteen_xx import load_record
    from pbem.importers.to_gamefile import record_lines
    from pbem.notation import context_from_title_data
    from pbem.titles import load_title

    fixtures = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
    data = load_title("1882").data
    total_lines, total_time = 0, 0.0
    for f in sorted(fixtures.glob("*.json")):
        rec = load_record(f)
        _game, lines = record_lines(rec)
        names = {n: n for _pid, n in rec.players}
        ctx = context_from_title_data(data, names, allow_trusted=True)
        parse_move(lines[0][1], ctx)                    # compile and warm the caches
        t0 = time.perf_counter()
        for entity, line in lines:
            parse_move(line, ctx)
        dt = time.perf_counter() - t0
        total_lines += len(lines)
        total_time += dt
        print(f"  {f.name:34s} {len(lines):5d} lines  {len(lines) / dt:9,.0f} lines/s")
    print(f"imported records: {total_lines} lines, {total_lines / total_time:,.0f} lines parsed per second")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1882)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    actions = [random_action(rng) for _ in range(a.lines)]
    lines = [format_action(x, CTX) for x in actions]

    t0 = time.perf_counter()
    get_parser(CTX.title)
    compile_s = time.perf_counter() - t0
    imported_records()

    best_move = best_msg = best_fmt = float("inf")
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        parsed = [parse_move(line, CTX) for line in lines]
        best_move = min(best_move, time.perf_counter() - t0)
        assert parsed == actions, "round trip failed"
        t0 = time.perf_counter()
        parse_message("\n".join(f"{line}; pass" for line in lines), CTX)
        best_msg = min(best_msg, time.perf_counter() - t0)
        t0 = time.perf_counter()
        for x in actions:
            format_action(x, CTX)
        best_fmt = min(best_fmt, time.perf_counter() - t0)

    chars = sum(len(s) for s in lines) / len(lines)
    print(f"grammar compile (first use): {compile_s * 1000:.0f} ms")
    print(f"lines: {len(lines)} canonical 1882 lines, {chars:.0f} characters on average")
    print(f"parse_move:    {len(lines) / best_move:,.0f} lines/s")
    print(f"parse_message: {2 * len(lines) / best_msg:,.0f} moves/s (one message, 2 moves a line)")
    print(f"format_action: {len(lines) / best_fmt:,.0f} actions/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
