"""Mail moderator speed, end to end against real local servers (Dovecot + SMTP on 127.0.0.1).

Prints, each beside its target (issue #28):
- the latency of one move mail at move 10, 40 and 600 of a real game (18xx.games record
  1882/5585, players renamed), and with 1,000 games beside it: a mail's cost does not grow with
  the game's length, move 600 <= 1.5x move 40 (both operating-round moves that lay track and so
  redraw the map; move 10 is an auction bid, which draws no map: its ratio is printed too), and
  flat from 1 to 1,000 games;
- throughput (claim, parse, apply, draw, compose, send, file) with 1 and with 2 moderator
  processes on the mailbox: K move mails to K of the 1,000 games (all in one state, so their
  pictures are shared), to K games in K different states (every picture drawn whole by a
  process just started; brought up to date by one that drew each game's last report), and K
  move mails in a row to one game (one process: a game's mails are handled one at a time, in
  order): >= 10 messages/s each, and two processes faster than one; beside each, the CPU a
  mail costs the moderators and the servers, how long the moderators' judging threads were
  ready to run but waited for a core (/proc/thread-self/schedstat) and how much of the run the
  machine's cores were idle (/proc/stat): where a second process waits;
- the worst time from a delivery to its claim over many deliveries at random moments, as the
  server pushes them, with every push of IDLE unheard, and polling as with a server without
  IDLE: <= 2 s.

    python benchmarks/mail.py [--games 1000] [--throughput 100] [--processes 2] [--pairs 3] [--no-images]
                              [--deliveries 60] [--mta test|postfix] [--profile [cumulative|tottime]]
                              [--same-session]

The machine's load (other work running beside) is printed at the start and the end: the
throughput follows it. Each moderator process runs in a session of its own, as separately started
services do: where Linux schedules by session (autogroup, /proc/sys/kernel/sched_autogroup_enabled),
the cores are shared between the busy sessions first, so two processes of one session get no
more of a busy machine than one (`--same-session` runs them so).

Needs dovecot (scripts/test.sh installs it) and aiosmtpd (the `test` extra).
"""
from __future__ import annotations

import argparse
import os
import cProfile
import io
import pstats
import random
import re
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

from mailstack import MailStack, Postfix  # noqa: E402

import pbem  # noqa: E402
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
from pbem.table import Table, warm_reader  # noqa: E402

RECORD = ROOT.parent / "shared" / "fixtures" / "18xx.games" / "1882" / "5585.json"
MOD = "moderator@pbem.test"
NAMES = ["Ann", "Bob", "Cid", "Dee"]
SECRET = "bench-secret-0001"
TARGET_RATE = 10.0          # messages/s
TARGET_NOTICE = 2.0         # seconds from a delivery to its claim
SESSIONS = True             # each moderator process in a session of its own (--same-session: all in this one's)


def record_moves() -> tuple[list[tuple[str, str]], int]:
    rec = load_record(RECORD)
    rec.players = [(pid, NAMES[i]) for i, (pid, _) in enumerate(rec.players)]
    _, lines = record_lines(rec)
    return lines, rec.seed


def make_game(games: Path, gid: str, lines, seed: int, n: int, secret_hash: str, bind: str = "head") -> None:
    header = GameHeader(title="1882", players=[Player(nm, f"{nm.lower()}@pbem.test") for nm in NAMES], seed=seed)
    gf = GameFile.create(games / f"{gid}.pbem", header)
    if n:
        gf.append_many(lines[:n], source="import")
    Roster(game=gid, title="1882", moderator="gm@pbem.test", moderator_hash=secret_hash,
           seats=[Seat(nm, f"{nm.lower()}@pbem.test", secret_hash) for nm in NAMES],
           bind=bind).save(games / f"{gid}.roster.json")


def move_mail(gid: str, who: str, notation: str, *, in_reply_to: str = "", date: float | None = None) -> bytes:
    m = EmailMessage()
    m["From"] = f"{who.lower()}@pbem.test"
    m["To"] = MOD
    m["Subject"] = f"[{gid}] move"
    m["Message-ID"] = make_msgid(domain="client.example")
    m["Date"] = formatdate(date, usegmt=True)
    if in_reply_to:
        m["In-Reply-To"] = in_reply_to
    m.set_content(f"Hi,\n\nSIGNON {gid} {who} {SECRET}\n{notation}\n\nThanks!\n-- \n{who}\n")
    return m.as_bytes(policy=SMTP)


def next_mail(games: Path, gid: str, lines, n: int) -> bytes:
    """The mail in which the player to act makes the record's next move, in a reply to the
    latest report (its In-Reply-To names the head it answers)."""
    t = Table.open(games / f"{gid}.pbem")
    who, _ = acting_player(t.game)
    recs = t.file.records
    return move_mail(gid, who, lines[n][1],
                     in_reply_to=message_id(gid, "report", "pbem.test", "bench", at=(recs[-1].seq if recs else 0, t.file.head)))


def mails_in_a_row(games: Path, gid: str, lines, n: int, k: int) -> list[bytes]:
    """k mails making the record's moves n, n+1, ... of one game, each from the player to act
    then, dated a second apart (the game binds a mail by its date: written before the report
    it would answer, it cannot name that report's head)."""
    g = pbem.read_game(games / f"{gid}.pbem")
    start = time.time() - k - 10
    out = []
    for i in range(k):
        who, _ = acting_player(g.state)
        notation = lines[n + i][1]
        out.append(move_mail(gid, who, notation, date=start + i))
        g.push_notation(notation, as_=who)
    return out


def playable(lines, around: int, k: int = 1) -> int:
    """A move number from `around` on whose next k recorded moves a player could mail (no stored run)."""
    n = around
    while any("trusted" in notation for _, notation in lines[n:n + k]):
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


# ------------------------------------------------------------------------------ throughput
def _worker(stack, games: Path, slot: int, images: bool, queue, go, profile: str, drawn: bool,
            session: bool = True) -> None:
    if session:             # a session of its own, as a moderator started on its own (a service) has:
        os.setsid()         # Linux shares the cores between sessions (autogroup), then between their processes
    pm = Postmaster(MOD, games, render_images=images)
    box = ImapMailbox(stack.host, stack.imap_port, *stack.user(MOD), security="none",
                      working="Working" if slot == 1 else f"Working-{slot}")
    mod = Moderator(pm, box, SmtpSender(stack.host, stack.outgoing_port, security="none"),
                    Ledger(games.parent / f"{games.name}.ledger"))
    warm_reader("1882")                         # a running daemon has its reader loaded
    for g in pm.games():                        # and its games' states cached
        t = pm.table(g)
        if drawn and images:                    # and, with `drawn`, the pictures of their last reports
            pm.pictures.for_report(t.game, "", (), g)
    queue.put("ready")
    go.wait()                                   # start together
    prof = cProfile.Profile() if profile else None
    if prof:
        prof.enable()
    cpu, queued = time.process_time(), run_queue_wait()
    st = mod.run_once()
    cpu, queued = time.process_time() - cpu, run_queue_wait() - queued
    if prof:
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats(profile).print_stats(30)
        queue.put(out.getvalue())
    queue.put((st.handled, cpu, queued))


def run_queue_wait() -> float:
    """Seconds this thread (the judging one) has been ready to run but waiting for a core
    (/proc/self/schedstat: CPU time, run-queue time, time slices; 0 where it is missing)."""
    try:
        return int(Path("/proc/thread-self/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def machine_idle() -> tuple[float, float]:
    """(idle seconds summed over the machine's cores, seconds) so far (/proc/stat: idle + iowait)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[3]) + int(fields[4])) / tick, time.monotonic()


def run_workers(stack, games: Path, procs: int, images: bool, profile: str = "",
                drawn: bool = False, session: bool = True) -> tuple[int, float, dict]:
    """Run `procs` moderator processes on the mailbox at once until it is empty: (mails handled,
    seconds, CPU seconds spent by the moderators, the SMTP server they send to and Dovecot, and
    seconds the moderators' judging threads waited for a core and the machine's cores were idle)."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    queues = [ctx.Queue() for _ in range(procs)]
    go = ctx.Event()
    ps = [ctx.Process(target=_worker, args=(stack, games, i + 1, images, q, go, profile, drawn, session))
          for i, q in enumerate(queues)]
    for p in ps:
        p.start()
    for q in queues:
        assert q.get(timeout=600) == "ready"
    t0, smtp, dovecot, idle = time.perf_counter(), smtp_cpu(stack), dovecot_cpu(stack), machine_idle()
    go.set()
    handled, moderators, queued = 0, 0.0, 0.0
    for q in queues:
        got = q.get(timeout=600)
        if isinstance(got, str):
            print(got)
            got = q.get(timeout=60)
        handled += got[0]
        moderators += got[1]
        queued += got[2]
    dt = time.perf_counter() - t0
    idle_now = machine_idle()
    cpu = {"moderator": moderators, stack.outgoing_name: smtp_cpu(stack) - smtp, "Dovecot": dovecot_cpu(stack) - dovecot,
           "waiting for a core": queued, "idle": (idle_now[0] - idle[0], idle_now[1] - idle[1])}
    for p in ps:
        p.join()
    return handled, dt, cpu


def dovecot_cpu(stack) -> float:
    """CPU seconds used so far by Dovecot's processes (its master's process group)."""
    return cpu_of(pid for pid, fields in _processes() if int(fields[2]) == stack.proc.pid)


def smtp_cpu(stack) -> float:
    """CPU seconds used so far by the SMTP server the moderators send to: Postfix's processes, or
    this process (the test stack's server runs in it)."""
    return cpu_of(stack.postfix.pids()) if stack.postfix is not None else time.process_time()


def cpu_of(pids) -> float:
    """CPU seconds of these processes and of their children that ended (utime, stime, cutime,
    cstime: a server's short-lived workers count once they are reaped)."""
    wanted, tick = set(pids), os.sysconf("SC_CLK_TCK")
    return sum(sum(int(f) for f in fields[11:15]) for pid, fields in _processes() if pid in wanted) / tick


def _processes():
    """(pid, the fields of /proc/PID/stat after its name) of every process."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                yield int(entry.name), (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue


def throughput(stack, games: Path, mails: list[bytes], procs: int, images: bool, label: str,
               profile: str = "", drawn: bool = False) -> float:
    processed = stack.count(MOD, "Processed")
    for raw in mails:
        stack.send(raw, "x@pbem.test", MOD)
    handled, dt, cpu = run_workers(stack, games, procs, images, profile, drawn, SESSIONS)
    accepted = stack.count(MOD, "Processed") - processed
    assert handled == len(mails) and accepted == len(mails), (handled, accepted, len(mails))
    rate = handled / dt
    print(f"throughput, {label}, {procs} process{'es' if procs > 1 else ''}: {handled} move mails in {dt:.2f} s = "
          f"{rate:.1f} messages/s (target >= {TARGET_RATE:g}: {'met' if rate >= TARGET_RATE else 'NOT met'})")
    queued, (idle, span) = cpu.pop("waiting for a core"), cpu.pop("idle")
    print("    CPU a mail: " + ", ".join(f"{who} {1000 * sec / handled:.0f} ms" for who, sec in cpu.items())
          + f"; wall {1000 * dt / handled:.0f} ms; a judging thread ready but waiting for a core "
          f"{1000 * queued / handled:.0f} ms a mail; the cores idle {100 * idle / (span * (os.cpu_count() or 1)):.0f}% "
          f"of the run")
    return rate


# ------------------------------------------------------------------------------ noticing a delivery
def _noticer(stack, deaf: str, n: int, queue, ready) -> None:
    """Wait for mail as the moderator does, and say when each delivery was claimed. `deaf`:
    "" (IDLE as the server pushes), "unheard" (every push unheard) or "no IDLE" (the mailbox
    polls, as with a server without IDLE)."""
    if deaf == "unheard":                       # every push of the server unheard while idling
        from imapclient import IMAPClient

        def unheard(self, timeout=None):
            time.sleep(timeout or 0)
            return []
        IMAPClient.idle_check = unheard
    box = ImapMailbox(stack.host, stack.imap_port, *stack.user(MOD), security="none", working="Working-notice")
    box.use_idle = deaf != "no IDLE"
    ready.set()
    seen = 0
    while seen < n:
        box.wait(60)
        got = box.claim_next(50)
        claimed = time.time()
        for inc in got:
            queue.put((re.search(rb"^Subject: (.*?)\r?$", inc.raw, re.M).group(1).decode(), claimed))
            box.finish(inc.key, "Rejected")
            seen += 1
    box.close()


def notice_latencies(stack, n: int, deaf: str, gap: float = 0.6) -> list[float]:
    """Deliver n mails at random moments (0 to `gap` s apart) while a mailbox waits for mail;
    the time from the start of each delivery to its claim."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    queue, ready = ctx.Queue(), ctx.Event()
    p = ctx.Process(target=_noticer, args=(stack, deaf, n, queue, ready))
    p.start()
    ready.wait(30)
    rng = random.Random(28)
    started = {}
    for i in range(n):
        time.sleep(rng.uniform(0, gap))
        subject = f"delivery {i}"
        started[subject] = time.time()
        stack.send(f"From: ann@pbem.test\r\nTo: {MOD}\r\nSubject: {subject}\r\n\r\nhello\r\n".encode(),
                   "ann@pbem.test", MOD)
    out = []
    for _ in range(n):
        subject, claimed = queue.get(timeout=120)
        out.append(claimed - started[subject])
    p.join(30)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--throughput", type=int, default=100, help="move mails in each throughput run")
    ap.add_argument("--no-images", action="store_true")
    ap.add_argument("--processes", type=int, default=2, help="moderator processes for the second throughput run")
    ap.add_argument("--pairs", type=int, default=3,
                    help="pairs of throughput runs (one process, then --processes) whose ratios' median is printed")
    ap.add_argument("--deliveries", type=int, default=60, help="deliveries timed for each notice figure (0: none)")
    ap.add_argument("--mta", choices=("test", "postfix"), default="test",
                    help="the SMTP server the moderators send to: the test stack's (aiosmtpd, delivering "
                         "over LMTP as it receives) or a private Postfix (queues, then delivers)")
    ap.add_argument("--profile", nargs="?", const="cumulative", default="", metavar="SORT",
                    help="print where one process's time goes (cProfile, sorted by SORT: cumulative, tottime)")
    ap.add_argument("--same-session", action="store_true",
                    help="run the moderator processes in this process's session (as jobs of one shell) instead "
                         "of each in a session of its own (as services): where the kernel groups each session's "
                         "processes for scheduling (autogroup), a busy machine then gives them all one share")
    a = ap.parse_args()
    global SESSIONS
    SESSIONS = not a.same_session
    images = not a.no_images
    lines, seed = record_moves()
    h = hash_secret(SECRET)
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-"))
    stack = MailStack(Path(tempfile.mkdtemp(prefix="pbem-mailstack-")))
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min; 2 cores)")
    print(f"mail servers up in {stack.start():.2f} s")
    stack.postfix = Postfix(Path(tempfile.mkdtemp(prefix="pbem-postfix-")), stack.lmtp_port) if a.mta == "postfix" else None
    stack.outgoing_port = stack.postfix.start() if stack.postfix else stack.smtp_port   # where moderators send
    stack.outgoing_name = "Postfix" if stack.postfix else "SMTP server"
    print(f"the moderators send to {'a private Postfix' if stack.postfix else 'the test SMTP server (aiosmtpd)'}")
    try:
        grouped = Path("/proc/sys/kernel/sched_autogroup_enabled").read_text().strip() == "1"
    except OSError:
        grouped = False
    print(f"each moderator process in {'this process' if a.same_session else 'a'} session "
          f"{'' if a.same_session else 'of its own '}(the kernel {'groups' if grouped else 'does not group'} "
          f"a session's processes for scheduling)")
    try:
        def moderator(games: Path) -> Moderator:
            pm = Postmaster(MOD, games, render_images=images)
            box = ImapMailbox(stack.host, stack.imap_port, *stack.user(MOD), security="none")
            return Moderator(pm, box, SmtpSender(stack.host, stack.outgoing_port, security="none"),
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
        like = out['600'] / out['40']
        print(f"ratio move 600 / move 10 (an auction bid: no map drawn): {out['600'] / out['10']:.2f}")
        print(f"like with like (operating-round moves with a tile lay, which redraw the map): move 600 / move 40: "
              f"{like:.2f} (target <= 1.5: {'met' if like <= 1.5 else 'NOT met'})")

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
        # (each run takes games no other run has moved: club0001.. for one process, the next k for two)
        # (the runs come in pairs, one process then several, each pair's ratio taken: the load
        # other work puts on the machine changes between runs)
        sizes = sorted({1, a.processes})
        k = min(a.throughput, (a.games - 1) // (len(sizes) * a.pairs))
        first, ratios = 1, []
        for pair in range(a.pairs):
            rates = {}
            for procs in sizes:
                mails = [next_mail(games, f"club{i:04d}", lines, n) for i in range(first, first + k)]
                first += k
                rates[procs] = throughput(stack, games, mails, procs, images, f"{k} of {a.games} games",
                                          profile=a.profile if procs == 1 and pair == 0 else "")
            if a.processes > 1:
                ratios.append(rates[a.processes] / rates[1])
        if ratios:
            ratio = statistics.median(ratios)
            print(f"{a.processes} processes / 1 process: {ratio:.2f}x, the median of {len(ratios)} pairs of runs "
                  f"({', '.join(f'{r:.2f}' for r in ratios)}) (target > 1: {'met' if ratio > 1 else 'NOT met'})")

        # K games in K different states (moves 10, 14, 18, ...): no picture is shared between them.
        # A moderator just started draws every map and market whole; a running one has drawn each
        # game's last report and brings its pictures up to date (with 2 processes a game's last
        # report may have been drawn by the other one: that run starts with nothing drawn).
        # Each run makes each game's next move.
        apart = root / "apart"
        apart.mkdir()
        runs = [(procs, False) for _ in range(a.pairs) for procs in sizes] + [(1, True)]
        states = [playable(lines, 10 + 4 * i, len(runs)) for i in range(k)]
        for i, m in enumerate(states):
            make_game(apart, f"club{i:04d}", lines, seed, m, h)
        ratios, rates = [], {}
        for step, (procs, drawn) in enumerate(runs):
            mails = [next_mail(apart, f"club{i:04d}", lines, m + step) for i, m in enumerate(states)]
            how = "each game's last report drawn before (a running moderator)" if drawn else "nothing drawn before"
            rates[procs] = throughput(stack, apart, mails, procs, images, f"{k} games in {k} different states, {how}",
                                      profile=a.profile if step == 0 else "", drawn=drawn)
            if not drawn and procs == sizes[-1] > 1:
                ratios.append(rates[procs] / rates[1])
        if ratios:
            ratio = statistics.median(ratios)
            print(f"{k} games in {k} states, nothing drawn before: {a.processes} processes / 1 process: {ratio:.2f}x, "
                  f"the median of {len(ratios)} pairs of runs ({', '.join(f'{r:.2f}' for r in ratios)}) "
                  f"(target > 1: {'met' if ratio > 1 else 'NOT met'})")

        # one game, K move mails in a row (bound by date: written before the reports they follow)
        solo = root / "one"
        solo.mkdir()
        n1 = playable(lines, 10, k)
        make_game(solo, "solo", lines, seed, n1, h, bind="date")
        throughput(stack, solo, mails_in_a_row(solo, "solo", lines, n1, k), 1, images, f"{k} in a row to 1 game",
                   profile=a.profile)

        # a delivery noticed: from its start to its claim, at random moments
        for deaf in ("", "unheard", "no IDLE") if a.deliveries > 0 else ():
            got = notice_latencies(stack, a.deliveries, deaf)
            how = {"": "as the server pushes", "unheard": "every push of IDLE unheard",
                   "no IDLE": "the mailbox polling (a server without IDLE)"}[deaf]
            worst = max(got)
            print(f"delivery to claim, {len(got)} deliveries, {how}: median {statistics.median(got):.2f} s, "
                  f"worst {worst:.2f} s (target <= {TARGET_NOTICE:g} s: {'met' if worst <= TARGET_NOTICE else 'NOT met'})")
    finally:
        if stack.postfix is not None:
            stack.postfix.stop()
        stack.stop()
        shutil.rmtree(root, ignore_errors=True)
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
