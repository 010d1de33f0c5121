"""`pbem demo`: the moderator's job on embedded defaults, no mail server needed.

Four players mail their moves for the opening of an 1882 game: the private auction, the
first stock round and the first operating round. pbem reads each mail, checks it against
the rules and the stored game file, applies it or replies with what is wrong and what is
legal, and finally writes the game file, the status report and the pictures.
"""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from pbem.errors import AmbiguousMoveError, NotationError, RuleError

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"),
           ("Cid", "cid@example.org"), ("Dee", "dee@example.org")]

# (sender, message body) in the order the mails arrive
MAILS = [
    ("Ann", "I buy the Hudson Bay for $20."),
    ("Bob", "Bob bids 150 on the Trestle Bridge"),
    ("Cid", "buy Saskatchewan Central for 50"),
    ("Dee", "pass"),
    ("Ann", "pass"),
    ("Bob", "pass"),
    ("Cid", "Cid bids 80 for NWR"),
    ("Dee", "Dee buys Canadian Pacific for 180\nDee pars CPR at 90"),
    ("Ann", "Ann starts GT @ $76"),
    ("Bob", "Bob pars CNR at 77"),                         # not a par value: refused with the legal ones
    ("Bob", "Bob pars CNR at 76"),
    ("Cid", "Cid buys GT"),
    ("Dee", "Dee buys a share of CPR"),
    ("Ann", "Ann buys GT"),
    ("Bob", "Bob buys CNR"),
    ("Cid", "Cid buys CNR"),
    ("Dee", "Dee buys CPR"),
    ("Ann", "Ann buys GT"),
    ("Cid", "Cid buys GT"),
    ("Dee", "Dee buys CPR"),
    ("Ann", "Ann buys CNR"),
    ("Cid", "Cid buys CNR"),
    ("Ann", "GT: lays #57 on L8 rot 1; lays #9 on K7 rot 0"),   # K7 is not connected: all refused
    ("Ann", "GT: lays #57 on L8 rot 1; lays #1 on K9 rot 0; buys a 2 train; buys a 2 train; done"),
    ("Bob", "CNR: lays #9 on E7 rot 1; buys a 2-train; buys a 2 train; done"),
]


def run(out: Path, quiet: bool = False) -> int:
    from pbem.moderator.table import MoveRejected, Table

    out.mkdir(parents=True, exist_ok=True)
    path = out / "demo-1882.pbem"
    if path.exists():
        path.unlink()
    table = Table.create(path, "1882", PLAYERS, seed=1882)
    say = (lambda *a: None) if quiet else print
    say(f"New 1882 game for {', '.join(n for n, _ in PLAYERS)} in {path}\n")
    refused = 0
    for sender, body in MAILS:
        addr = dict(PLAYERS)[sender]
        say(f"From: {sender} <{addr}>")
        for line in body.splitlines():
            say(f"  > {line}")
        try:
            applied = table.submit(body, sender=sender, source=f"demo mail from {addr}")
        except MoveRejected as e:
            refused += 1
            say(f"  REPLY: refused, nothing applied. {e}")
            for line in e.legal[:6]:
                say(f"         legal: {line}")
            say("")
            continue
        except (NotationError, AmbiguousMoveError, RuleError) as e:
            refused += 1
            say(f"  REPLY: could not read it, nothing applied. {e}\n")
            continue
        for m in applied:
            say(f"  accepted #{m.seq}: {m.notation}")
        say("")
    g = table.game
    say(f"Now: {g.current_entity()} to act in the {g.round.name} round, phase {g.phase.name}.")
    for pid, value in g.standings():
        p = g.players[pid]
        say(f"  {p.name:4s} cash ${p.cash:4d}  value ${value}")
    written = _render(table, out)
    say(f"\nGame file: {path} ({len(table.seqs)} moves, {refused} mails refused)")
    for f in written:
        say(f"Wrote {f}")
    return 0


def _render(table, out: Path) -> list[Path]:
    """The map, the stock market and the status report the moderator would mail out."""
    from pbem.render import write_outputs

    moves = [r.notation for r in table.file.effective_moves()][-8:]
    changed = list(table.game.last_move_hexes)
    paths = write_outputs(table.game, out, last_moves=moves, highlight=changed, html_images="files",
                          at=table.seqs[-1] if table.seqs else None, game_id="demo-1882")
    return list(paths.values())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="pbem demo")
    ap.add_argument("--out", type=Path, default=None, help="folder for the game file and pictures")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    out = a.out or Path(tempfile.mkdtemp(prefix="pbem-demo-"))
    return run(out, a.quiet)
