"""`pbem demo`: a game of 1882 run entirely by mail, on local Maildir folders (no server).

A game moderator mails CREATE; three players read their welcome mails for their secrets
and mail the private auction, the first stock round and the first operating round in
ordinary mail (greetings, quotes, signatures), each a reply to the latest mail in the
player's mailbox. Among them: a wrong secret, a spoofed sender, a copy of an earlier mail
sent again, a refused move and a reply quoting the last report. After every mail the
moderator runs once (`pbem moderate --once`), exactly as the daemon would on new mail.
At the end it says where every player's mail is, and which one to open first.
"""
from __future__ import annotations

import argparse
import re
import tempfile
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path

GAME = "club-1882"
GM = "gm@pbem.local"
MODERATOR = "moderator@pbem.local"
PLAYERS = [("Ann", "ann@pbem.local"), ("Bob", "bob@pbem.local"), ("Cid", "cid@pbem.local")]

#: (sender name, body lines after the SIGNON line); "{quote}" is replaced by the last report, quoted
TURNS: list[tuple[str, str]] = [
    ("Ann", "Hi all,\n\nI buy the Hudson Bay for $20.\n\nGood luck!\nAnn"),
    ("Bob", "Bob bids 150 on the Trestle Bridge"),
    ("Cid", "buy Saskatchewan Central for 50"),
    ("Ann", "pass"),
    ("Bob", "pass"),
    ("Cid", "Cid bids 80 for NWR"),
    ("Ann", "Ann buys Canadian Pacific for 180\nAnn pars CPR at 76"),
    ("Bob", "Bob pars GT at 77"),                               # not a par price: refused with the legal ones
    ("Bob", "Sorry, typo.\nBob pars GT at 67"),
    ("Cid", "Cid pars CNR at 67"),
    ("Ann", "Ann buys a share of CPR"),
    ("Bob", "Bob buys GT"),
    ("Cid", "Hi everyone,\n\nCid buys CNR\n\nThanks!\n-- \nCid\nSent from my phone\n\n{quote}"),
    ("Ann", "Ann buys CPR"), ("Bob", "Bob buys GT"), ("Cid", "Cid buys CNR"),
    ("Ann", "Ann buys CPR"), ("Bob", "Bob buys GT"), ("Cid", "Cid buys CNR"),
    ("Ann", "Ann buys CPR"), ("Bob", "Bob buys GT"), ("Cid", "Cid buys CNR"),
    ("Ann", "pass"), ("Cid", "pass"),                           # Bob, with $48, has nothing to buy: passed for him
    ("Ann", "CPR lays 57 in I5 rot 1; buys a 2 train; buys a 2 train; done"),
    ("Bob", "GT: lays #57 on L8 rot 1; lays #1 on K9 rot 0; buys a 2 train; done"),
    ("Cid", "CNR: lays #9 on E7 rot 1; buys a 2-train; done"),
]

#: mails that must be refused: (position in TURNS before which it is sent, kind)
TRAPS = {1: "wrong secret", 4: "spoofed sender", 22: "replayed mail"}
REPLAYED = 3                                                    # Ann's 'pass' in the auction


def _mail(sender: str, subject: str, body: str, n: int, reply_to: str = "") -> bytes:
    m = EmailMessage()
    m["From"] = sender
    m["To"] = MODERATOR
    m["Subject"] = subject
    m["Date"] = formatdate(usegmt=True)
    m["Message-ID"] = f"<demo-{n:03d}.{sender.rpartition('@')[0].rpartition('<')[2]}@pbem.local>"
    if reply_to:
        m["In-Reply-To"] = reply_to
        m["References"] = reply_to
    m.set_content(body)
    return m.as_bytes()


def _config(root: Path, gm_secret: str) -> Path:
    from pbem.moderator.signon import hash_secret

    cfg = root / "pbem.toml"
    cfg.touch(mode=0o600)                  # it names the master's secret hash: the moderator's alone
    cfg.chmod(0o600)
    cfg.write_text(f'[moderator]\naddress = "{MODERATOR}"\ngames = "games"\nstate = "state"\nkey_file = "pbem.key"\n'
                   f'masters = [{{ address = "{GM}", secret_hash = "{hash_secret(gm_secret)}" }}]\n\n'
                   f'[maildir]\nroot = "mail"\n', encoding="utf-8")
    return cfg


def _replayed(raw: bytes, n: int) -> bytes:
    """A copy of a mail sent again under a new Message-ID, as someone who kept a copy would."""
    head, _, body = raw.partition(b"\n\n")
    lines = [ln for ln in head.split(b"\n") if not ln.lower().startswith(b"message-id:")]
    return b"\n".join(lines + [f"Message-ID: <demo-{n:03d}.copy@elsewhere.example>".encode()]) + b"\n\n" + body


def _inbox(root: Path, address: str) -> list[Path]:
    box = root / "mail" / address / "new"
    return sorted(box.iterdir(), key=lambda p: (p.stat().st_mtime_ns, p.name)) if box.is_dir() else []


def _text_of(path: Path) -> tuple[str, str, str]:
    """(subject, Message-ID, plain text) of a delivered mail."""
    from email import policy
    from email.parser import BytesParser

    msg = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
    part = msg.get_body(preferencelist=("plain",))
    text = part.get_content().replace("\r\n", "\n") if part else ""
    return str(msg["Subject"]), str(msg["Message-ID"]), text


def run(out: Path, quiet: bool = False) -> int:
    from pbem.cli_mail import build_moderator, moderator_maildir
    from pbem.mail.mailbox import deliver_to_maildir
    from pbem.moderator.config import load_config
    from pbem.moderator.signon import new_secret

    say = (lambda *a: None) if quiet else print
    out.mkdir(parents=True, exist_ok=True)
    gm_secret = new_secret()
    cfg = load_config(_config(out, gm_secret))
    mod = build_moderator(cfg)
    inbox = moderator_maildir(cfg.maildir)
    n = 0
    last_raw, sent = [b""], {}

    def mail(sender: str, subject: str, body: str, reply_to: str = "", raw: bytes = b"") -> str:
        nonlocal n
        n += 1
        raw = raw or _mail(sender, subject, body, n, reply_to)
        last_raw[0] = raw
        deliver_to_maildir(inbox, raw)
        mod.run_once()
        return _header(raw, "Message-ID")

    say(f"A game of 1882 by mail in {out}\n")
    plines = "\n".join(f"PLAYER {name} {addr}" for name, addr in PLAYERS)
    mail(f"Game Master <{GM}>", "new game", f"SIGNON {GAME} moderator {gm_secret}\nCREATE {GAME} 1882 SEED 7\n{plines}")
    secrets = {}
    for name, addr in PLAYERS:
        welcome = next(p for p in _inbox(out, addr) if "welcome" in _text_of(p)[0])
        secrets[name] = re.search(rf"SIGNON {GAME} {name} (\S+)", _text_of(welcome)[2]).group(1)
    say(f"{GM} created {GAME}; each player found a secret in a welcome mail.\n")
    addr = dict(PLAYERS)
    refused = 0
    for i, (who, body) in enumerate(TURNS):
        # a player answers the latest mail in their mailbox (the welcome, then the latest report):
        # the reply names the state of the game it answers, so an old mail sent again is refused
        subj, reply_to, shown = _text_of(_inbox(out, addr[who])[-1])
        subj = subj if subj.lower().startswith("re:") else f"Re: {subj}"
        trap = TRAPS.get(i)
        if trap == "wrong secret":
            mid = mail(f"{who} <{addr[who]}>", subj, f"SIGNON {GAME} {who} not-my-secret\n{body}", reply_to)
            refused += _show(out, say, who, addr[who], mid, "a mail with a wrong secret", trap=True)
        elif trap == "spoofed sender":
            mid = mail("Mallory <mallory@elsewhere.example>", subj, f"SIGNON {GAME} {who} {secrets[who]}\n{body}",
                       reply_to)
            refused += _show(out, say, who, addr[who], mid, f"a spoofed mail in {who}'s name from mallory@elsewhere.example",
                             trap=True)
        elif trap == "replayed mail":              # someone who saw Ann's auction 'pass' sends it again
            mid = mail(f"{who} <{addr[who]}>", "", "", raw=_replayed(sent[REPLAYED], n + 1))
            refused += _show(out, say, who, addr[who], mid, f"a copy of {who}'s earlier 'pass' sent again "
                             "(new Message-ID)")
            subj, reply_to, shown = _text_of(_inbox(out, addr[who])[-1])
            subj = subj if subj.lower().startswith("re:") else f"Re: {subj}"
        text = body
        if "{quote}" in text:
            text = text.replace("{quote}", f"On {formatdate(usegmt=True)}, pbem moderator <{MODERATOR}> wrote:\n"
                                + "\n".join("> " + ln for ln in shown.splitlines()[:30]))
        mid = mail(f"{who} <{addr[who]}>", subj, f"SIGNON {GAME} {who} {secrets[who]}\n{text}", reply_to)
        sent[i] = last_raw[0]
        refused += _show(out, say, who, addr[who], mid,
                         " / ".join(ln for ln in body.splitlines() if ln.strip() and "{" not in ln))
    return _summary(out, say, cfg, refused)


def _header(raw: bytes, name: str) -> str:
    from email import policy
    from email.parser import BytesHeaderParser

    return str(BytesHeaderParser(policy=policy.default).parsebytes(raw)[name] or "")


def _show(out: Path, say, who: str, address: str, mid: str, what: str, trap: bool = False) -> int:
    """Print the moderator's answer to mail `mid` (found in the seat's registered mailbox);
    1 if it was a refusal."""
    answer = None
    for p in reversed(_inbox(out, address)):
        subj, _, text = _text_of(p)
        raw = p.read_bytes()
        if _header(raw, "In-Reply-To") == mid or (trap and "refused sign-on" in subj):
            answer = (subj, text)
            break
    if answer is None:
        say(f"{who}: {what}\n    -> (no answer found)")
        return 1
    subj, text = answer
    if "accepted" in subj:
        applied = [ln.strip() for ln in text.split("Applied:", 1)[1].split("\n\n", 1)[0].splitlines() if ln.strip()]
        say(f"{who}: {what}\n    -> accepted: {'; '.join(applied)}")
        return 0
    lines = [ln for ln in text.splitlines() if ln.strip()]
    reason = next((ln for ln in lines if ln.lower().startswith("refused")),
                  next((ln for ln in lines if "refused" in ln.lower()), lines[0] if lines else ""))
    say(f"{who}: {what}\n    -> REFUSED ({'told to ' + address if 'sign-on' in subj else 'reply'}): {reason.strip()}")
    return 1


def _summary(out: Path, say, cfg, refused: int) -> int:
    from pbem.gamefile.key import read_key
    from pbem.table import Table

    t = Table.open(cfg.games / f"{GAME}.pbem", key=read_key(cfg.key_file))     # the demo moderator's key
    g = t.game
    say(f"\nThe game file {cfg.games / (GAME + '.pbem')} holds {len(t.seqs)} moves; {refused} mails were refused.")
    say(f"Now: {g.current_entity()} to act ({g.round.name} round, phase {g.phase.name}).\n")
    say("Every player's mail (replies and reports, with the map and market attached), as Maildir folders")
    say("(open with any mail reader, e.g. `mutt -f DIR`):")
    for name, address in PLAYERS + [("game master", GM)]:
        box = out / "mail" / address
        say(f"  {name:11s} {box}  ({len(_inbox(out, address))} mails)")
    first = _inbox(out, PLAYERS[0][1])
    if first:
        say(f"\nOpen first: {first[0]}  (Ann's welcome, with her secret)")
        say(f"then the last report: {first[-1]}")
    say(f"The moderator's folders (inbox, processed, rejected): {out / 'mail' / 'moderator'}")
    say(f"Check the game file: pbem verify {cfg.games / (GAME + '.pbem')} --key-file {cfg.key_file}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="pbem demo")
    ap.add_argument("--out", type=Path, default=None, help="folder for the mail folders and the game")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    out = a.out or Path(tempfile.mkdtemp(prefix="pbem-demo-"))
    return run(out, a.quiet)
