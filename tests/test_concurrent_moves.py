"""Moves sent at once by several processes, through a symlink and through its target.

Fifty rounds: in each, four processes (two through `link.pbem -> game.pbem`, two through
`game.pbem`) open the game, then all submit the next one or two moves of a real game (the
18xx.games record in samples/) at the same moment. The lock is the game file's own, and a
message of two moves replaces the file by a new one, so this also shows that writers waiting
on a replaced file lock the new one. Afterwards the file must verify and replay, every
accepted move must be in it exactly once and in order, every refused sender must have been
told that nothing was written, and nothing but the game and the link may be in the folder.
"""
from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

from pbem.gamefile import GameFile, StaleGameError
from pbem.table import Table

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "1882-18xx.games-5585.pbem"
ROUNDS = 50
WORKERS = 4


def _mover(path: str, who: int, moves: list[str], barrier, results) -> None:
    """One process: each round, open the game and send the next moves of the record."""
    for r in range(ROUNDS):
        barrier.wait()
        try:
            table = Table.open(path)
            done = len(table.seqs)
            count = 1 + (r + who) % 2                 # one move (an append) or two (a rewrite)
            text = "\n".join(moves[done:done + count])
            applied = table.submit(text, source=f"worker {who} round {r}").check().applied
            results.put(("ok", who, r, [(m.seq, m.notation) for m in applied]))
        except StaleGameError as e:
            results.put(("stale", who, r, str(e)))
        except Exception as e:                        # reported, and the test fails on it
            results.put(("error", who, r, f"{type(e).__name__}: {e}"))


def test_fifty_rounds_of_concurrent_moves_through_a_link_and_its_target(tmp_path, monkeypatch):
    monkeypatch.setenv("PBEM_KEY_FILE", str(tmp_path / "key"))
    sample = GameFile.open(SAMPLE)
    moves = [m.notation for m in sample.effective_moves()]
    folder = tmp_path / "games"
    folder.mkdir()
    target = folder / "game.pbem"
    link = folder / "link.pbem"
    Table.create(target, "1882", [(p.name, "") for p in sample.header.players], sample.header.seed)
    link.symlink_to("game.pbem")

    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(WORKERS)
    results = ctx.Queue()
    procs = [ctx.Process(target=_mover, args=(str(link if w % 2 == 0 else target), w, moves, barrier, results))
             for w in range(WORKERS)]
    for p in procs:
        p.start()
    outcomes = [results.get(timeout=300) for _ in range(ROUNDS * WORKERS)]
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0] * WORKERS

    errors = [o for o in outcomes if o[0] == "error"]
    assert errors == []
    accepted = [pair for o in outcomes if o[0] == "ok" for pair in o[3]]
    stale = [o[3] for o in outcomes if o[0] == "stale"]
    assert stale, "no two messages ever met: the test did not test concurrency"
    assert all("nothing was written" in s and "another move was accepted" in s for s in stale), stale[:3]

    gf = GameFile.open(link)                           # verifies the whole chain
    stored = [(m.seq, m.notation) for m in gf.effective_moves()]
    assert len(gf.records) == len(stored)              # moves only: nothing annulled, no notes
    assert sorted(accepted) == stored                  # every accepted move once, nothing else
    assert [n for _, n in stored] == moves[:len(stored)]   # in the record's order
    assert len(stored) >= ROUNDS                       # every round accepted at least one message
    assert len(Table.open(target).seqs) == len(stored)     # and the whole file replays
    assert link.is_symlink() and os.readlink(link) == "game.pbem"
    assert sorted(p.name for p in folder.iterdir()) == ["game.pbem", "link.pbem"]
