#!/usr/bin/env python3
"""CPU time one mail holds its game (from taking the game's lock to letting it go), for the
heaviest honest and hostile mails known, on the late 1861 game of `heavy_mail.py` (action 757,
MKN's turn, where listing or settling a run costs most). Each mail is the first its moderator
process handles (a fresh process each), after the game's state is loaded, as a long-running
moderator has it (`--cold`: replayed for the mail while the game is locked, as a one-shot
`pbem mail-in` does). Target: 2 s for every mail (issue: no mail holds a game longer).

A mail's body has at most 2,000 lines of 2,000 characters (`split_body`); a longer one is
refused before the game is locked.

usage: benchmarks/mail_cpu.py [--no-images] [--cold] [NAME ...]   (default: every mail below)
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

TARGET = 2.0


def _chat(corp: str, n: int) -> list[str]:
    return [f"I think {corp} should look at line {i} of the plan, hmm {i * 7}" for i in range(n)]


def mails(turn: list[str], corp: str) -> dict[str, str]:
    """name -> body: an honest turn, and what a player may send to hold the game."""
    return {
        "honest turn": "\n".join(turn),
        "turn + 100 chat lines": "\n".join(_chat(corp, 100) + turn),
        "turn + 170 chat lines": "\n".join(_chat(corp, 170) + turn),
        "flood of 400 chat lines": "\n".join(_chat(corp, 400)),
        "95 chat lines + bad run": "\n".join(_chat(corp, 95) + [f"{corp} runs 8 Z1-Z2 999"]),
        "170 chat lines + bad run": "\n".join(_chat(corp, 170) + [f"{corp} runs 8 Z1-Z2 999"]),
        "bad run alone": f"{corp} runs 8 Z1-Z2 999",
        "1,990 short chat lines": "\n".join(f"ok {corp} {i}" for i in range(1990)),
        "400 lines of 'x,' x 990": "\n".join(f"{corp} {i} " + "x," * 990 for i in range(400)),
        "400 lines of 'I5-' x 640": "\n".join(f"{corp} {i} " + "I5-" * 640 + " lays 57 on I5" for i in range(400)),
    }


def one(name: str, images: bool, cold: bool) -> str:
    from heavy_mail import GAME, world
    from mailkit import latest, mail

    with tempfile.TemporaryDirectory() as tmp:
        pm, secrets, turn = world(757, Path(tmp), images)
        t = pm.table(GAME)
        corp = turn[0][0]
        president = t.game.corporations[corp].president
        seat = getattr(president, "name", president)
        body = mails([text for _, text in turn], corp)[name]
        raw = mail(f"{seat.lower()}@pbem.test", f"SIGNON {GAME} {seat} {secrets[seat]}\n{body}",
                   subject=f"Re: [{GAME}] your turn", in_reply_to=latest(pm, GAME))
        if cold:
            pm.forget()                               # replayed under the lock, as `pbem mail-in` does
        held: list[float] = []
        plain = pm.game_lock

        @contextmanager
        def timed(game: str):
            with plain(game):
                t0 = time.thread_time()
                try:
                    yield
                finally:
                    held.append(time.thread_time() - t0)

        pm.game_lock = timed
        t0 = time.process_time()
        d = pm.handle("m", raw)
        whole = time.process_time() - t0
        return (f"{name:26} {sum(held):5.2f} s held  ({whole:.2f} s in all)  target <= {TARGET:g} s  "
                f"{d.folder}: {d.outcome[:70]}")


def main(argv: list[str]) -> int:
    images, cold = "--no-images" not in argv, "--cold" in argv
    names = [a for a in argv if not a.startswith("--")]
    if "--child" in argv:
        print(one(names[0], images, cold))
        return 0
    from pbem.moderator.postmaster import Postmaster
    pm = Postmaster("m@pbem.test", Path(tempfile.mkdtemp()))
    print(f"cpu_budget {pm.cpu_budget:g} s, of which reading {pm.reading_budget:g} s; images {'on' if images else 'off'}; "
          f"the game's state {'replayed for the mail' if cold else 'kept'}")
    worst = 0.0
    for name in names or list(mails(["x"], "MKN")):
        flags = [f for f, on in (("--no-images", not images), ("--cold", cold)) if on]
        out = subprocess.run([sys.executable, __file__, "--child", name, *flags],
                             capture_output=True, text=True, check=False)
        line = out.stdout.strip() or out.stderr.strip().splitlines()[-1]
        print(line, flush=True)
        try:
            worst = max(worst, float(line[26:].split()[0]))
        except (ValueError, IndexError):
            worst = float("inf")
    print(f"longest a mail held the game: {worst:.2f} s CPU   target <= {TARGET:g} s")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
