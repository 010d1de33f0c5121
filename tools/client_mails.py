#!/usr/bin/env python3
"""Real reply mails nobody here wrote, played through the moderator as a human moderator reads
them: the public test mails of four mail-reply parsers (real replies of Gmail, Outlook, Apple
Mail, Thunderbird, phones and others, plain, HTML and MIME), read from fetched mirrors, never
copied into the project.

Each mail is sent twice, from the seat on turn of a 1882 game replayed from a shared record:
  chat:  as it is (its own words, no move): nothing applied, the game file untouched, the
         writer told it held only chat (or nothing to do), not asked to sign on, nothing refused;
  move:  with the writer's sign-on and the next move of the record written above its own words
         (into its text and HTML parts alike, encodings kept): exactly that move applied, its
         own words and quotes set aside.
The move mails are played in order (no move applied by hand after a miss, so one miss stalls
the game) and each alone (after a miss the move is applied plainly, so the next mail is fair).

usage: tools/client_mails.py [--mirrors DIR] [-v] [--held-out] [--servers]
  (--servers: in order through a real SMTP server into Dovecot, claimed over IMAP: needs dovecot
  and aiosmtpd, as the test suite does)
  (fetch first: mailgun/talon, github/email_reply_parser, crisp-oss/email-reply-parser and
  alfonsrv/mail-parser-reply, into DIR/owner+name/repo; default DIR /work/.mirror)
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import re
import subprocess
import sys
import tempfile
from email import message_from_bytes, policy
from email.message import EmailMessage
from fnmatch import fnmatch
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

RECORD = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" / "5236.json"
GM, GM_SECRET, GAME = "gm@pbem.test", "gm-secret-words-1234", "club-1882"
MOD = "moderator@pbem.test"
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
#: mirror -> (path pattern, kind) of its reply mails
SOURCES = {
    "mailgun+talon": [("tests/fixtures/standard_replies/*.eml", "eml"), ("tests/fixtures/*.eml", "eml"),
                      ("tests/fixtures/html_replies/*.html", "html"), ("tests/fixtures/*.html", "html")],
    "github+email_reply_parser": [("test/emails/*.txt", "text")],
    "crisp-oss+email-reply-parser": [("test/fixtures/*.txt", "text")],
    "alfonsrv+mail-parser-reply": [("test/emails/*.txt", "text")],
}

#: mirrors scored once, unseen, after the reading was mended on SOURCES (--held-out; mails that
#: SOURCES hold too are left out)
HELD_OUT = {
    "discourse+email_reply_trimmer": [("test/emails/*.txt", "text"), ("test/embedded/*.txt", "text")],
    "willdurand+EmailReplyParser": [("tests/Fixtures/*.txt", "text")],
}


@dataclasses.dataclass(frozen=True)
class Sample:
    source: str                 # mirror/path
    kind: str                   # eml, html or text
    data: bytes


def samples(mirrors: Path, sources: dict = SOURCES, seen: Optional[set] = None) -> list[Sample]:
    """Every reply mail of `sources`, each text once (the parsers share some), none of `seen`
    (the keys of texts already taken: filled in)."""
    out, seen = [], set() if seen is None else seen
    for repo, pats in sources.items():
        git = mirrors / repo / "repo"
        if not git.exists():
            raise SystemExit(f"{git} is missing: fetch github:{repo.replace('+', '/')} first")
        names = subprocess.run(["git", "-C", str(git), "ls-tree", "-r", "--name-only", "HEAD"],
                               capture_output=True, text=True, check=True).stdout.split()
        for pat, kind in pats:
            for name in sorted(n for n in names if fnmatch(n, pat) and n.count("/") == pat.count("/")):
                data = subprocess.run(["git", "-C", str(git), "show", f"HEAD:{name}"],
                                      capture_output=True, check=True).stdout
                key = hashlib.sha256(data.replace(b"\r\n", b"\n").strip()).hexdigest()
                if key not in seen and data.strip():
                    seen.add(key)
                    out.append(Sample(f"{repo}/{name}", kind, data))
    return out


#: where the move is written: "top" (above the mail's own words), or "bottom" (below the quote,
#: above a signature, as bottom-posting mail programs and people write it)
PLACE = ["top"]


def _below(text: str, lines: list[str], html: bool) -> str:
    """`text` with `lines` written after its last quoted line (in HTML, after its last
    blockquote, else last in its body), above a `-- ` signature."""
    if html:
        add = "<div><br></div>" + "".join(f"<div>{ln}</div>" for ln in lines)
        at = text.lower().rfind("</blockquote>")
        at = at + len("</blockquote>") if at >= 0 else (text.lower().rfind("</body>") if "</body>" in text.lower()
                                                           else len(text))
        return text[:at] + add + text[at:]
    rows = text.split("\n")
    quoted = [i for i, r in enumerate(rows) if r.lstrip().startswith(">")]
    sig = next((i for i, r in enumerate(rows) if r.rstrip() == "--" or r == "-- "), len(rows))
    at = quoted[-1] + 1 if quoted and quoted[-1] < sig else sig
    return "\n".join(rows[:at] + [""] + lines + [""] + rows[at:])


def _quotes(sample: Sample) -> bool:
    """Whether the sample quotes what it answers with ">" marks or a blockquote."""
    text = sample.data.decode("utf-8", "replace")
    return "<blockquote" in text.lower() if sample.kind != "text" and "<blockquote" in text.lower() \
        else any(r.lstrip().startswith(">") for r in text.splitlines())


def _above(text: str, lines: list[str], html: bool) -> str:
    """`text` with `lines` written above its own words (in HTML, first in its body)."""
    if not lines:
        return text
    if PLACE[0] == "bottom":
        return _below(text, lines, html)
    if html:
        add = "".join(f"<div>{ln}</div>" for ln in lines) + "<div><br></div>"
        m = re.search(r"<body[^>]*>", text, re.I)
        return text[:m.end()] + add + text[m.end():] if m else add + text
    return "\n".join(lines) + "\n\n" + text


def _charset_of(data: bytes) -> str:
    m = re.search(rb'charset="?([\w-]+)', data[:4000], re.I)
    return m.group(1).decode() if m else "utf-8"


def _cte(text: str):
    """Quoted-printable for a text with a line longer than SMTP carries, as a mail program
    sends it; else the library's choice."""
    return "quoted-printable" if any(len(ln) > 900 for ln in text.splitlines()) else None


def build(sample: Sample, sender: str, headers: dict[str, str], lines: list[str]) -> bytes:
    """The sample as `sender` mails it to the moderator, with `lines` above its own words."""
    if sample.kind == "eml":
        msg = message_from_bytes(sample.data.replace(b"\r\n", b"\n"), policy=policy.default)
        for part in msg.walk():
            if part.get_content_maintype() != "text" or part.is_attachment():
                continue
            sub = part.get_content_subtype()
            if sub not in ("plain", "html"):
                continue
            text = _above(part.get_content(), lines, sub == "html")
            if not lines and not _cte(text):
                continue                    # as it is, unless SMTP could not carry it so
            charset = part.get_content_charset() or "us-ascii"
            try:
                text.encode(charset)
            except (UnicodeEncodeError, LookupError):
                charset = "utf-8"
            cte = part.get("Content-Transfer-Encoding", "7bit").lower()
            part.set_content(text, subtype=sub, charset=charset,
                             cte=cte if cte in ("quoted-printable", "base64") else _cte(text))
    else:
        msg = EmailMessage()
        raw = sample.data.decode(_charset_of(sample.data) if sample.kind == "html" else "utf-8", "replace")
        text = _above(raw.replace("\r\n", "\n"), lines, sample.kind == "html")
        msg.set_content(text, subtype="html" if sample.kind == "html" else "plain", charset="utf-8", cte=_cte(text))
    for k in ("From", "To", "Cc", "Date", "Message-ID", "In-Reply-To", "References", "Subject", "Return-Path",
              "Auto-Submitted", "Precedence"):
        del msg[k]
    msg["From"] = sender
    msg["To"] = MOD
    for k, v in headers.items():
        msg[k] = v
    return msg.as_bytes(policy=policy.SMTP)


def _record(path: Path):
    """The record at `path` with its players named from NAMES: (record, id -> name, its lines)."""
    from pbem.importers.eighteen_xx import load_record
    from pbem.importers.to_gamefile import record_lines

    rec = load_record(path)
    names = {pid: NAMES[i] for i, (pid, _) in enumerate(rec.players)}
    rec = dataclasses.replace(rec, players=[(pid, names[pid]) for pid, _ in rec.players])
    return rec, names, record_lines(rec, {})[1]


def world(root: Path):
    """A postmaster with a new 1882 game seeded as the record, its players' secrets, and the
    record's lines (entity, canonical text)."""
    from mailkit import mail, secret_in
    from pbem.moderator.postmaster import Master, Postmaster
    from pbem.moderator.signon import hash_secret

    rec, names, lines = _record(RECORD)
    pm = Postmaster(MOD, root / "games", masters=[Master(GM, hash_secret(GM_SECRET))], render_images=False)
    players = "\n".join(f"PLAYER {n} {n.lower()}@pbem.test" for n in names.values())
    opts = "".join(f" OPTION {o}" for o in rec.options)
    d = pm.handle("create", mail(GM, f"SIGNON {GAME} moderator {GM_SECRET}\nCREATE {GAME} 1882 SEED {rec.seed}"
                                     f"{opts}\n{players}"))
    assert d.folder == "Processed", d.outcome
    secrets = {n: secret_in(o.raw, n) for o in d.outgoing for n in names.values()
               if o.rcpts == (f"{n.lower()}@pbem.test",) and b"welcome" in o.raw[:2000].lower()}
    return pm, secrets, lines


def _seat(game, ent: str) -> str:
    return ent if ent in game.players else game.controller(ent)


def _reply(d, addr: str) -> str:
    from mailkit import text_of
    outs = [o for o in d.outgoing if o.rcpts == (addr,)]
    return text_of(outs[0].raw) if outs else ""


def play(items: list[Sample], recover: bool, verbose: bool, seats: list[str]) -> tuple[int, int, list[str]]:
    """(chat mails handled right, move mails handled right, what went wrong) over one game;
    `seats` gets the seat of each move when empty, and gives it otherwise (in order, after a
    miss, the mails are still the ones each seat sends)."""
    from mailkit import latest
    from pbem.table import Table

    chat_ok = move_ok = 0
    misses: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        pm, secrets, lines = world(Path(tmp))
        path = pm.game_path(GAME)
        for n, (sample, (ent, move)) in enumerate(zip(items, lines)):
            if len(seats) <= n:
                seats.append(_seat(pm.table(GAME).game, ent))
            seat = seats[n]
            addr = f"{seat.lower()}@pbem.test"

            def headers(tag: str) -> dict[str, str]:
                ref = latest(pm, GAME)
                return {"Subject": f"Re: [{GAME}] your turn", "Date": f"Tue, 3 Nov 2026 {10 + n // 60:02d}:{n % 60:02d}:"
                        f"{30 if tag == 'm' else 0:02d} +0000", "Message-ID": f"<{tag}{n}@client.example>",
                        "In-Reply-To": ref, "References": ref}

            before = path.read_bytes()
            d = pm.handle(f"c{n}", build(sample, f"{seat} <{addr}>", headers("c"), []))
            reply = _reply(d, addr)
            if d.folder == "Rejected" and path.read_bytes() == before and any(
                    said in reply for said in ("only chat", "holds no move and no command")):
                chat_ok += 1
            else:
                misses.append(f"chat {sample.source}: {d.folder}; {d.outcome}"
                              + (f"\n    {reply.splitlines()[:6]}" if verbose else ""))
            count = len(Table.open(path).file.effective_moves())
            before_move = path.read_bytes()
            d = pm.handle(f"m{n}", build(sample, f"{seat} <{addr}>", headers("m"),
                                         [f"SIGNON {GAME} {seat} {secrets[seat]}", move]))
            moves = Table.open(path).file.effective_moves()
            if d.folder == "Processed" and len(moves) == count + 1 and moves[-1].notation == move:
                move_ok += 1
                continue
            misses.append(f"move {sample.source} ({move!r} by {seat}): {d.folder}; {d.outcome}"
                          + (f"\n    {_reply(d, addr).splitlines()[:8]}" if verbose else ""))
            if len(moves) > count:
                misses[-1] = "WRONG " + misses[-1] + f": applied {[m.notation for m in moves[count:]]}"
            if recover:
                if len(moves) > count:          # back to the state before the mail
                    path.write_bytes(before_move)
                    pm.forget(GAME)
                out = pm.table(GAME).submit(move, seat)
                assert out.ok, (move, out)
    return chat_ok, move_ok, misses


def _last(stack, addr: str):
    """The latest message in `addr`'s inbox, parsed (what the player's client replies to)."""
    from mailkit import parse

    with stack.imap(addr) as client:
        client.select_folder("INBOX", readonly=True)
        uid = max(client.search(["ALL"]))
        return parse(client.fetch([uid], ["BODY.PEEK[]"])[uid][b"BODY[]"])


def _answers(stack, addr: str, msgid: str) -> list:
    """The moderator's answers in `addr`'s inbox to the message `msgid`."""
    from mailkit import parse

    with stack.imap(addr) as client:
        client.select_folder("INBOX", readonly=True)
        uids = client.search(["HEADER", "In-Reply-To", msgid])
        got = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
        return [parse(got[u][b"BODY[]"]) for u in sorted(got)]


def over_servers(items: list[Sample], verbose: bool) -> tuple[int, int, list[str]]:
    """(chat mails handled right, move mails handled right, what went wrong): each sample
    mailed as chat and then with the next move, in order, through a real SMTP server into
    Dovecot, the moderator claiming it over IMAP and answering over SMTP (a 4-player 1882 game
    replayed from `1882/5585.json`: the players are the test servers' users)."""
    import shutil

    from mailkit import mail, secret_in, text_of
    from mailstack import MailStack
    from pbem.mail.imap import ImapMailbox
    from pbem.mail.sender import SmtpSender
    from pbem.moderator.daemon import Moderator
    from pbem.moderator.ledger import Ledger
    from pbem.moderator.postmaster import Master, Postmaster
    from pbem.moderator.signon import hash_secret
    from pbem.table import Table

    rec, names, lines = _record(RECORD.with_name("5585.json"))
    root = Path(tempfile.mkdtemp(prefix="pbem-mailstack-"))
    stack = MailStack(root)
    stack.start()
    chat_ok = move_ok = 0
    misses: list[str] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            pm = Postmaster(MOD, Path(tmp) / "games", masters=[Master(GM, hash_secret(GM_SECRET))], render_images=False)
            mod = Moderator(pm, ImapMailbox(stack.host, stack.imap_port, *stack.user(MOD), security="none"),
                            SmtpSender(stack.host, stack.smtp_port, security="none"), Ledger(Path(tmp) / "l.db"))
            players = "\n".join(f"PLAYER {n} {n.lower()}@pbem.test" for n in names.values())
            opts = "".join(f" OPTION {o}" for o in rec.options)
            stack.send(mail(GM, f"SIGNON {GAME} moderator {GM_SECRET}\nCREATE {GAME} 1882 SEED {rec.seed}{opts}\n"
                                f"{players}", subject="new game"), GM, MOD)
            mod.run_once()
            secrets = {n: secret_in(m, n) for n in names.values() for m in stack.messages(f"{n.lower()}@pbem.test")
                       if b"welcome" in m[:3000].lower()}
            path = pm.game_path(GAME)
            for n, (sample, (ent, move)) in enumerate(zip(items, lines)):
                seat = _seat(pm.table(GAME).game, ent)
                addr = f"{seat.lower()}@pbem.test"
                for tag, said in (("c", []), ("m", [f"SIGNON {GAME} {seat} {secrets[seat]}", move])):
                    last = _last(stack, addr)
                    msgid = f"<{tag}{n}@client.example>"
                    before = Table.open(path).file.effective_moves()
                    stack.send(build(sample, f"{seat} <{addr}>", {
                        "Subject": "Re: " + str(last["Subject"]), "Message-ID": msgid,
                        "Date": f"Tue, 3 Nov 2026 {10 + n // 60:02d}:{n % 60:02d}:{30 if tag == 'm' else 0:02d} +0000",
                        "In-Reply-To": str(last["Message-ID"]), "References": str(last["Message-ID"])}, said), addr, MOD)
                    mod.run_once()
                    after = Table.open(path).file.effective_moves()
                    answer = _answers(stack, addr, msgid)
                    text = text_of(answer[0].as_bytes()) if len(answer) == 1 else ""
                    if tag == "c" and after == before and any(w in text for w in ("only chat", "holds no move and no command")):
                        chat_ok += 1
                    elif tag == "m" and len(after) == len(before) + 1 and after[-1].notation == move \
                            and "accepted" in str(answer[0]["Subject"]):
                        move_ok += 1
                    else:
                        misses.append(f"{'chat' if tag == 'c' else 'move'} {sample.source}: {len(answer)} answers, "
                                      f"{len(after) - len(before)} moves applied"
                                      + (f"\n    {text.splitlines()[:6]}" if verbose else ""))
    finally:
        stack.stop()
        shutil.rmtree(root, ignore_errors=True)
    return chat_ok, move_ok, misses


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--held-out", action="store_true", help="the mails of HELD_OUT instead")
    ap.add_argument("--servers", action="store_true", help="in order through SMTP, Dovecot and IMAP")
    ap.add_argument("--bottom", action="store_true", help="the move below the quote, above a signature")
    args = ap.parse_args(argv)
    PLACE[0] = "bottom" if args.bottom else "top"
    items = samples(args.mirrors)
    if args.held_out:
        seen: set = set()
        samples(args.mirrors, SOURCES, seen)
        items = samples(args.mirrors, HELD_OUT, seen)
    if args.bottom:       # only where a program quotes with ">" (or a blockquote) can one write below it
        items = [s for s in items if _quotes(s)]
    by_source: dict[str, int] = {}
    for s in items:
        by_source[s.source.split("/")[0]] = by_source.get(s.source.split("/")[0], 0) + 1
    print(f"{len(items)} reply mails: " + ", ".join(f"{k} {v}" for k, v in by_source.items()))
    if args.servers:
        chat, in_order, misses = over_servers(items, args.verbose)
        for m in misses:
            print("  " + m)
        print(f"over SMTP, Dovecot and IMAP, in order: chat mails handled as chat {chat}/{len(items)}, "
              f"move mails {in_order}/{len(items)}")
        return 0
    seats: list[str] = []
    chat, alone, misses = play(items, recover=True, verbose=args.verbose, seats=seats)
    for m in misses:
        print("  " + m)
    _, in_order, _ = play(items, recover=False, verbose=False, seats=seats)
    print(f"chat mails handled as chat: {chat}/{len(items)}")
    print(f"move mails handled right, each alone: {alone}/{len(items)}; in order: {in_order}/{len(items)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
