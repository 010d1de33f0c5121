"""Mail moderator speed, end to end against real local servers (Dovecot + SMTP on 127.0.0.1).

Prints: messages/s (fetch, parse, apply, render, send) over many games, and the latency of
one move mail at move 10 and at move 600 of a real game (18xx.games record 1882/5585, players
renamed), with 1 and with 1,000 active games beside it. Targets (issue): >= 10 messages/s,
latency at move 600 <= 1.5x latency at move 10, flat from 1 to 1,000 games.

    python benchmarks/mail.py [--games 1000] [--throughput 40] [--processes 2] [--no-images]

Needs dovecot (scripts/test.sh installs it) and aiosmtpd (the `test` extra).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from mailstack import MailStack  # noqa: E402

from pbem.gamefile import GameFile, GameHeader, Player  # noqa: E402
from pbem.importers.eighteen_xx import load_record  # noqa: E402
from pbem.importers.to_gamefile import record_lines  # noqa: E402
from pbem.mail.compose import message_id  # noqa: E402
from pbem.mail.imap import ImapMailbox  # noqa: E402
from pbem.mail.sender import SmtpSender  # noqa: E402
from pbem.moderator.daemon import Moderator  # noqa: E402
from pbem.moderator.ledger import Ledger  # noqa: E402
from pbem.moderator.postmaster import Postmaster  # noqa: E402
from pbem.moderator.replies import acting_player  # noqa: E402
from pbem.moderator.roster import Roster, Seat  # noqa: E402
from pbem.moderator.signon import hash_secret  # noqa: E402
from pbem.table import Table  # noqa: E402

RECORD = ROOT.parent / "shared" / "fixtures" / "18xx.games" / "1882" / "5585.json"
MOD = "moderator@pbem.test"
NAMES = ["Ann", "Bob", "Cid", "Dee"]
SECRET = "bench-secret-0001"


def record_moves() -> list[tuple[str, str]]:
    rec = load_record(RECORD)
    rec.players = [(pid, NAMES[i]) for i, (pid, _) in enumerate(rec.players)]
    _, lines = record_lines(rec)
    return lines, rec.seed


def make_game(games: Path, gid: str, lines, seed: int, n: int, secret_hash: str) -> None:
    header = GameHeader(title="1882", players=[Player(nm, f"{nm.lower()}@pbem.test") for nm in NAMES], seed=seed)
    gf = GameFile.create(games / f"{gid}.pbem", header)
    if n:
        gf.append_many(lines[:n], source="import")
    Roster(game=gid, title="1882", moderator="gm@pbem.test", moderator_hash=secret_hash,
           seats=[Seat(nm, f"{nm.lower()}@pbem.test", secret_hash) for nm in NAMES]).save(games / f"{gid}.roster.json")


def next_mail(games: Path, gid: str, lines, n: int) -> bytes:
    """The mail in which the player to act makes the record's next move."""
    t = Table.open(games / f"{gid}.pbem")
    who, _ = acting_player(t.game)
    _, notation = lines[n]
    m = EmailMessage()
    m["From"] = f"{who.lower()}@pbem.test"
    m["To"] = MOD
    m["Subject"] = f"[{gid}] move"
    m["Message-ID"] = make_msgid(domain="client.example")
    m["Date"] = formatdate(usegmt=True)
    recs = t.file.records                      # a reply to the latest report names the head it answers
    m["In-Reply-To"] = message_id(gid, "report", "pbem.test", "bench", at=(recs[-1].seq if recs else 0, t.file.head))
    m.set_content(f"Hi,\n\nSIGNON {gid} {who} {SECRET}\n{notation}\n\nThanks!\n-- \n{who}\n")
    return m.as_bytes(policy=SMTP)


def playable(lines, around: int) -> int:
    """A move number near `around` whose next recorded move a player could mail (no stored run)."""
    n = around
    while "trusted" in lines[n][1]:
        n += 1
    return n


def latency(stack: MailStack, mod: Moderator, games: Path, gid: str, lines, n: int, repeat: int = 5) -> float:
    times = []
    for i in range(repeat):
        raw = next_mail(games, gid, lines, n + i)
        stack.send(raw, "x@pbem.test", MOD)
        t0 = time.perf_counter()
        st = mod.run_once()
        times.append(time.perf_counter() - t0)
        assert st.handled == 1, st
        if "trusted" in lines[n + i + 1][1]:
            break
    return statistics.median(times)


def _worker(stack, games: Path, slot: int, images: bool, queue, go) -> None:
    pm = Postmaster(MOD, games, render_images=images)
    box = ImapMailbox(stack.host, stack.imap_port, *stack.user(MOD), security="none",
                      working="Working" if slot == 1 else f"Working-{slot}")
    mod = Moderator(pm, box, SmtpSender(stack.host, stack.smtp_port, security="none"),
                    Ledger(games.parent / f"{games.name}.ledger"), batch=2)
    for g in pm.games():                        # a long-running daemon has its games' states cached
        pm.table(g)
    queue.put("ready")
    go.wait()                                   # start together
    st = mod.run_once()
    queue.put(st.handled)


def run_workers(stack, games: Path, procs: int, no_images: bool) -> tuple[int, float]:
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    queues = [ctx.Queue() for _ in range(procs)]
    go = ctx.Event()
    ps = [ctx.Process(target=_worker, args=(stack, games, i + 1, not no_images, q, go)) for i, q in enumerate(queues)]
    for p in ps:
        p.start()
    for q in queues:
        assert q.get(timeout=300) == "ready"
    t0 = time.perf_counter()
    go.set()
    handled = sum(q.get(timeout=600) for q in queues)
    dt = time.perf_counter() - t0
    for p in ps:
        p.join()
    return handled, dt


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--throughput", type=int, default=40)
    ap.add_argument("--no-images", action="store_true")
    ap.add_argument("--processes", type=int, default=2, help="moderator processes for the throughput run")
    a = ap.parse_args()
    lines, seed = record_moves()
    h = hash_secret(SECRET)
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-"))
    stack = MailStack(Path(tempfile.mkdtemp(prefix="pbem-mailstack-")))
    print(f"mail servers up in {stack.start():.2f} s")
    try:
        def moderator(games: Path) -> Moderator:
            pm = Postmaster(MOD, games, render_images=not a.no_images)
            box = ImapMailbox(stack.host, stack.imap_port, *stack.user(MOD), security="none")
            return Moderator(pm, box, SmtpSender(stack.host, stack.smtp_port, security="none"),
                             Ledger(games.parent / f"{games.name}.ledger"))

        # latency at move 10 and move 600, one game
        out = {}
        for label, around in (("10", 10), ("600", 600), ("40", 40)):
            games = root / f"g{label}"
            games.mkdir()
            n = playable(lines, around)
            make_game(games, "club", lines, seed, n, h)
            mod = moderator(games)
            stack.send(next_mail(games, "club", lines, n).replace(b"SIGNON", b"STATUS\nX-SIGNON"), "x@pbem.test", MOD)
            mod.run_once()                                     # warm-up: the table is read once, then cached
            out[label] = latency(stack, mod, games, "club", lines, n)
            print(f"latency at move {n}: {out[label] * 1000:.0f} ms per move mail (median of 5)")
        print(f"ratio move 600 / move 10: {out['600'] / out['10']:.2f} (target <= 1.5)")
        print(f"like with like (operating-round moves with a tile lay, which redraw the map): move 600 / move 40: "
              f"{out['600'] / out['40']:.2f}")

        # 1,000 games beside it
        games = root / "many"
        games.mkdir()
        n = playable(lines, 10)
        t0 = time.perf_counter()
        for i in range(a.games):
            make_game(games, f"club{i:04d}", lines, seed, n, h)
        print(f"made {a.games} games in {time.perf_counter() - t0:.1f} s")
        mod = moderator(games)
        stack.send(next_mail(games, "club0000", lines, n).replace(b"SIGNON", b"STATUS\nX-SIGNON"), "x@pbem.test", MOD)
        mod.run_once()
        many = latency(stack, mod, games, "club0000", lines, n)
        print(f"latency at move {n} with {a.games} games: {many * 1000:.0f} ms "
              f"(x{many / out['10']:.2f} of one game; target: flat)")

        # throughput: one move mail to each of K games, all waiting; P moderator processes on the
        # mailbox (each with its own Working folder), as `pbem moderate` run P times would be
        k = min(a.throughput, a.games - 1)
        for procs in sorted({1, a.processes}):
            first = 1 if procs == 1 else k + 1
            for i in range(first, first + k):
                stack.send(next_mail(games, f"club{i:04d}", lines, n), "x@pbem.test", MOD)
            handled, dt = run_workers(stack, games, procs, a.no_images)
            print(f"throughput with {procs} process(es): {handled} move mails in {dt:.2f} s = "
                  f"{handled / dt:.1f} messages/s (target >= 10/s)")
    finally:
        stack.stop()
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
