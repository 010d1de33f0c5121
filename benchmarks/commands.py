#!/usr/bin/env python3
"""`pbem status` and `pbem move` on a 1,000-move game, each timed as a whole process (what a
player or moderator waits for) beside the 0.3 s target (issue #28).

The game: a seeded random game (tools/randplay.py; by default 1861, seed 3, six players: since
randplay plays games to their end (b969938), no random 1882 game of seeds 1-12 with 4 to 6 players
lasts 1,000 moves, the longest 780) stopped after 1,000 moves, still going, written as a sealed game file (one line a move) in a temporary
folder with a moderator's key and a state cache of its own. Timed:
- `pbem status GAME` with the state kept for the file's head (pbem/replay/state_cache.py), and
  without any (PBEM_STATE_CACHE=off: every move replayed), for comparison;
- `pbem move COPY "LINE"`: a legal move (the first the game lists) onto a fresh copy of the file
  each run (the copy has the same head, so its state is the one kept), and the same without
  the cache; the line with a full stop after it (still read by the exact canonical reader);
  and the line with ", please" after it, which only the interpreter reads (importing it is most
  of the difference).
Each figure is the minimum of --repeat runs: the wall time, and the CPU time (user + system)
the verdict is judged on, since the machine is shared and a run's wall time also holds the time
other work had the cores (on an idle core the two differ by milliseconds). pbem runs
with compiled bytecode as an installed pbem has it (written to a temporary cache folder by an
untimed run first).

usage: python benchmarks/commands.py [--repeat N] [--moves N] [--title T --seed N --players N]
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from process_timing import best_of, run_once  # noqa: E402

TARGET = 0.3


def build_game(folder: Path, moves: int, title: str = "1861", seed: int = 3,
               players: int = 6) -> tuple[Path, str]:
    """A random game of `moves` moves as a game file in `folder`, and a legal move's line."""
    from randplay import play, save

    game, done, _ = play(title, seed, players, moves)
    if game.finished or len(done) != moves:
        raise SystemExit(f"the random game ended after {len(done)} moves; pick another seed")
    path = save(game, done, title, seed, folder)
    from pbem.replay.gamefile import read_game

    line = read_game(path).legal_notation()[0]
    return path, line


def timed(cmd: list[str], env: dict) -> tuple[float, float, str]:
    """One run of `cmd`: wall and CPU seconds, and its output."""
    return run_once(cmd, env)


def best(repeat: int, cmd: list[str], env: dict, before=None) -> tuple[float, float, str]:
    """The least wall time and the least CPU time of `repeat` runs (and an output)."""
    t, out = best_of(repeat, cmd, env, before)
    return t.wall, t.cpu, out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--moves", type=int, default=1000)
    ap.add_argument("--title", default="1861")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--players", type=int, default=6)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="pbem-commands-") as tmp:
        folder = Path(tmp)
        os.environ["PBEM_KEY_FILE"] = str(folder / "key")           # a moderator's key of its own
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(folder / "pyc"),
                   PBEM_STATE_CACHE=str(folder / "states"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        plain = dict(env, PBEM_STATE_CACHE="off")
        game, line = build_game(folder, a.moves, a.title, a.seed, a.players)
        copy = folder / "copy.pbem"

        def fresh_copy() -> None:
            shutil.copyfile(game, copy)

        pbem = [sys.executable, "-m", "pbem.cli"]
        status, move = pbem + ["status", str(game)], pbem + ["move", str(copy), line]
        stopped = pbem + ["move", str(copy), line + "."]        # canonical with a full stop: read exactly
        worded = pbem + ["move", str(copy), line + ", please"]  # in words: read by the interpreter
        first = timed(status, env)                # compiles the bytecode, replays and keeps the state
        rows = [
            ("pbem status, state kept for the head", best(a.repeat, status, env)),
            ("pbem move, state kept for the head", best(a.repeat, move, env, fresh_copy)),
            ("pbem move, canonical ending in a full stop", best(a.repeat, stopped, env, fresh_copy)),
            ("pbem move, in words (the interpreter)", best(a.repeat, worded, env, fresh_copy)),
            ("pbem status, no cache (every move replayed)", best(max(1, a.repeat // 2), status, plain)),
            ("pbem move, no cache (every move replayed)", best(max(1, a.repeat // 2), move, plain, fresh_copy)),
        ]
        print(f"game: {a.moves} moves of a random {a.title} game (seed {a.seed}, {a.players} players, still going); "
              f"the move: {line!r}")
        print(f"first status (replays, keeps the state): {first[0]:.3f} s wall, {first[1]:.3f} s CPU")
        print(f"\n  {'command':46s} {'wall':>6s} {'CPU':>6s} {'target':>6s}")
        for name, (wall, cpu, _out) in rows:
            verdict = "" if "no cache" in name else ("  met" if cpu <= TARGET else "  NOT MET")
            print(f"  {name:46s} {wall:6.3f} {cpu:6.3f} {TARGET if not verdict == '' else '':>6}{verdict}")
        print("\n(verdicts on the CPU time: on this shared machine the wall time of a run also holds the"
              "\n time other work had the cores; on an idle core the two differ by milliseconds)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
