#!/usr/bin/env python3
"""CPU time of an honest but heavy move mail: a late 1861 operating turn (a run and its dividend
where listing or settling a run costs seconds), played through the moderator (`Postmaster.handle`)
as a player sends it. Prints the CPU seconds of the whole mail, of its reading alone, and whether
it was accepted under the default `cpu_budget`.

usage: benchmarks/heavy_mail.py [--images] [ACTION-ID ...]   (default: 757, MKN's turn: pass, run, half
pay; --images: the reports carry the map and market images)
"""
from __future__ import annotations

import dataclasses
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

RECORD = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1861" / \
    "bank_breaks_then_final_phase.json"
GM, GM_SECRET, GAME = "gm@pbem.test", "gm-secret-words-1234", "late1861"


def world(at: int, root: Path, images: bool = False):
    """A Postmaster whose game is the record up to (not including) action `at`, and the lines of
    the operating turn from `at` on (the actions of that corporation until another one acts)."""
    from mailkit import mail, secret_in
    from pbem.gamefile import GameFile
    from pbem.importers.eighteen_xx import load_record
    from pbem.importers.to_gamefile import record_lines
    from pbem.moderator.postmaster import Master, Postmaster
    from pbem.moderator.signon import hash_secret

    rec = load_record(RECORD)
    names = {pid: f"P{i + 1}" for i, (pid, _) in enumerate(rec.players)}
    rec = dataclasses.replace(rec, players=[(pid, names[pid]) for pid, _ in rec.players])
    origins: dict = {}
    game, lines = record_lines(rec, origins)
    before = sum(len(v) for k, v in origins.items() if k is not None and k < at)
    turn = [lines[before]]
    for ent, text in lines[before + 1:]:
        if ent != turn[0][0]:
            break
        turn.append((ent, text))
    pm = Postmaster("moderator@pbem.test", root / "games", masters=[Master(GM, hash_secret(GM_SECRET))],
                    render_images=images)
    players = "\n".join(f"PLAYER {n} {n.lower()}@pbem.test" for n in names.values())
    d = pm.handle("c", mail(GM, f"SIGNON {GAME} moderator {GM_SECRET}\nCREATE {GAME} 1861 SEED {rec.seed} "
                               f"OPTION {' OPTION '.join(rec.options)}\n{players}"))
    assert d.folder == "Processed", d.outcome
    secrets = {n: secret_in(o.raw, n) for o in d.outgoing for n in names.values()
               if o.rcpts == (f"{n.lower()}@pbem.test",) and b"welcome" in o.raw[:2000].lower()}
    gf = GameFile.open(pm.game_path(GAME))
    assert gf.header.seed == rec.seed
    gf.append_many(lines[:before], source="18xx.games")
    pm.forget(GAME)
    return pm, secrets, turn


def main(argv: list[str]) -> int:
    from mailkit import latest, mail
    images = "--images" in argv
    for at in [int(a) for a in argv if a != "--images"] or [757]:
        with tempfile.TemporaryDirectory() as tmp:
            pm, secrets, turn = world(at, Path(tmp), images)
            t = pm.table(GAME)
            corp = turn[0][0]
            seat = t.game.corporations[corp].president if hasattr(t.game, "corporations") else None
            seat = getattr(seat, "name", seat) or t.game.current_entity_player()
            body = "\n".join(text for _, text in turn)
            raw = mail(f"{seat.lower()}@pbem.test", f"SIGNON {GAME} {seat} {secrets[seat]}\n{body}",
                       subject=f"Re: [{GAME}] your turn", in_reply_to=latest(pm, GAME))
            t0 = time.process_time()
            d = pm.handle("m", raw)
            t1 = time.process_time()
            print(f"action {at}: {corp} ({seat}) {len(turn)} lines: {body!r}")
            print(f"  outcome {d.folder}: {d.outcome}; CPU {t1 - t0:.2f} s for the whole mail "
                  f"(cpu_budget {pm.cpu_budget:g} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
