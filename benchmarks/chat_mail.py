#!/usr/bin/env python3
"""CPU time the moderator spends telling chat from moves (`pbem/moderator/classify.py`): N
distinct chat lines with no move word or sign against an 1882 game, each set aside unread when
it names nothing a move needs, else read in its turn as the table reads a mail's unsure lines
(`pbem.reading.driver.read(..., unsure=...)`). Prints the time per line and how many such lines
fit the default `cpu_budget`.

usage: benchmarks/chat_mail.py [N]   (default 200; target: under 20 ms a line)
"""
from __future__ import annotations

import inspect
import random
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

WORDS = ("the a we it was good fun game luck everyone sorry delay week holiday kids weather great nice "
         "thanks cheers later maybe think going see you all soon really hope well").split()


def main(argv: list[str]) -> int:
    import pbem
    from pbem.mail.body import BodyLine
    from pbem.game_notation import notation_context
    from pbem.moderator.classify import judge_lines
    from pbem.reading import driver
    from pbem.moderator.postmaster import Postmaster

    n = int(argv[0]) if argv else 200
    table = types.SimpleNamespace(game=pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1).state)
    rng = random.Random(1)
    lines = [BodyLine(i + 1, " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 10))).capitalize() + ".")
             for i in range(n)]
    ctx = notation_context(table.game)

    def split_chat(lines):
        chat, kept, unsure = judge_lines(lines, table)
        if unsure:
            text = "\n".join(ln.text if ln.number in unsure else "" for ln in lines)
            said = set(driver.read(text, lambda: ctx, play=lambda pm, i: None, unsure=unsure).chat)
            chat += [ln for ln in kept if ln.number in said]
            kept = [ln for ln in kept if ln.number not in said]
        return chat, kept

    split_chat([BodyLine(1, "warming up, not counted, Bob")])        # the reader's modules loaded
    t0 = time.process_time()
    chat, kept = split_chat(lines)
    dt = time.process_time() - t0
    budget = inspect.signature(Postmaster).parameters["cpu_budget"].default
    per = dt / n
    print(f"{n} distinct chat lines: {dt:.2f} s CPU, {per * 1000:.1f} ms a line (target < 20 ms); "
          f"{len(chat)} set aside as chat, {len(kept)} kept; about {int(budget / per)} fit the {budget:g} s budget")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
