"""Where a just-started moderator's CPU goes on K move mails to K games in K different states
(`benchmarks/mail.py`'s "100 games in 100 different states, nothing drawn before"), without the
mail servers: one `Postmaster` made afresh, the reader warmed and each game's state replayed
first (as that benchmark's workers do before the mails come), then each mail judged in turn
(`Postmaster.handle`: read, applied, replied to, its report's pictures drawn). Prints the CPU a
mail, the part of it spent on each piece of a report's pictures, and how many pictures were
drawn; the CPU of a process on a shared machine varies by a tenth or so from run to run, so an
A/B comparison runs both sides one after the other (`--repeat` takes each figure's best).

`--cold`: each game's state is not replayed first, so each mail to a game pays for it, as in a
moderator started while mail waits; `--states`: so, but the states thawed from the moderator's
state cache (`Postmaster(states=...)`), as kept by a moderator that ran before (made for each
run, unmeasured, by opening each game once; with a moderator's key in a temporary folder).

`--first N`: the games' states start at move N (10) of the record, 4 moves apart.

    python benchmarks/fresh_pictures.py [--games 100] [--first 10] [--repeat 3] [--cold | --states]
"""
from __future__ import annotations

import argparse
import collections
import functools
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

import mail as bench  # noqa: E402

#: the pieces timed: (module, attribute) of functions a report's pictures go through
PIECES = (("pbem.moderator.pictures", "PictureCache.for_report", "all of a report's pictures"),
          ("pbem.render.map_views", "render_view", "the whole map drawn"),
          ("pbem.render.map", "compact_image", "the whole map put in a palette"),
          ("pbem.render.map", "png_bytes", "PNGs encoded (whole map, part around a change)"),
          ("pbem.render.map_views", "render_around", "the part around a change drawn"),
          ("pbem.moderator.pictures", "PictureCache.market_png", "the market (drawn, in a palette, encoded)"),
          ("pbem.moderator.game_pictures", "PictureMemory.keep", "each game's last pictures kept (packed)"))


def timed(spent: dict) -> None:
    """Wrap each piece so that its CPU time adds up in `spent`."""
    import importlib

    for module, name, _ in PIECES:
        owner = importlib.import_module(module)
        path = name.split(".")
        for part in path[:-1]:
            owner = getattr(owner, part)
        real = getattr(owner, path[-1])

        def wrapper(*a, _real=real, _key=name, **k):
            t = time.process_time()
            try:
                return _real(*a, **k)
            finally:
                spent[_key] += time.process_time() - t
        setattr(owner, path[-1], functools.wraps(real)(wrapper))


def one_run(games: Path, mails: list[bytes], spent: dict, how: str = ""):
    from pbem.moderator.postmaster import Postmaster
    from pbem.table import Table, warm_reader

    states = None
    if how == "states":
        from pbem.gamefile.key import load_key
        from pbem.replay.state_cache import StateCache

        from pbem.cli_mail import MODERATOR_STATE_MOVES

        states = StateCache(games.parent / "states", load_key(), most=10 * len(mails),
                            least_moves=MODERATOR_STATE_MOVES)
        for path in sorted(games.glob("*.pbem")):          # a moderator that ran before kept them
            Table.open(path, cache=states)
    pm = Postmaster(bench.MOD, games, render_images=True, states=states)
    warm_reader("1882")
    for g in pm.games() if not how else ():
        pm.table(g)
    spent.clear()
    t0 = time.process_time()
    for i, raw in enumerate(mails):
        pm.handle(f"bench{i}", raw)
    return time.process_time() - t0, pm.pictures.stats


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--first", type=int, default=10, help="the first game's move in the record (then 4 apart)")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--cold", action="store_const", const="cold", dest="how", default="",
                     help="each game's file replayed at its mail, not before")
    how.add_argument("--states", action="store_const", const="states", dest="how",
                     help="each game's state thawed at its mail from the states a moderator kept")
    a = ap.parse_args()
    if a.how == "states":                       # a moderator's key of its own: nothing of the user's touched
        from pbem.gamefile.key import KEY_ENV, load_key

        os.environ[KEY_ENV] = str(Path(tempfile.mkdtemp(prefix="pbem-fresh-key-")) / "key")
        load_key(create=True)
    from pbem.moderator.signon import hash_secret

    lines, seed = bench.record_moves()
    secret = hash_secret(bench.SECRET)
    states = [bench.playable(lines, a.first + 4 * i, 1) for i in range(a.games)]
    spent: dict = collections.defaultdict(float)
    timed(spent)
    best, parts, stats = float("inf"), {}, None
    for _ in range(a.repeat):                   # each run on games just made: their files as at the start
        games = Path(tempfile.mkdtemp(prefix="pbem-fresh-")) / "games"
        games.mkdir()
        for i, m in enumerate(states):
            bench.make_game(games, f"club{i:04d}", lines, seed, m, secret)
        mails = [bench.next_mail(games, f"club{i:04d}", lines, m) for i, m in enumerate(states)]
        cpu, stats = one_run(games, mails, spent, a.how)
        if cpu < best:
            best, parts = cpu, dict(spent)
    k = a.games
    first = {"": "each game's state replayed before", "cold": "each game's file replayed at its mail",
             "states": "each game's state thawed at its mail from the states kept"}[a.how]
    print(f"{k} move mails to {k} games in {k} states (moves {states[0]} to {states[-1]} of 1882 5585), a Postmaster "
          f"just made, {first}: {1000 * best / k:.1f} ms of CPU a mail (best of {a.repeat})")
    for _, name, what in PIECES:
        print(f"  {1000 * parts.get(name, 0.0) / k:6.1f} ms a mail  {what}")
    print(f"  drawn: {stats.maps_drawn} whole maps, {stats.areas_drawn} parts around a change, "
          f"{stats.markets_drawn} markets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
