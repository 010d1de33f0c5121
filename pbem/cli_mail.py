"""`pbem` commands of the mail moderator: moderate, mail-in, hash-secret."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from pbem.cli_guard import UsageError


def build_moderator(cfg):
    """The moderator a configuration describes (servers, or Maildir folders)."""
    from pbem.moderator.daemon import Moderator
    from pbem.moderator.ledger import Ledger
    from pbem.moderator.postmaster import Postmaster

    from pbem.moderator.workers import WorkerSlot

    if cfg.key_file is not None:                # the key that seals this moderator's game files
        from pbem.gamefile.key import KEY_ENV

        os.environ[KEY_ENV] = str(cfg.key_file.resolve())
    pm = Postmaster(cfg.address, cfg.games, masters=cfg.masters, name=cfg.name, max_bytes=cfg.max_bytes,
                    cpu_budget=cfg.cpu_budget, states=moderator_states(cfg))
    ledger = Ledger(cfg.state / "ledger.sqlite")
    slot = WorkerSlot(cfg.state)
    if cfg.maildir is not None:
        from pbem.mail.mailbox import MaildirMailbox
        from pbem.mail.sender import MaildirSender

        mailbox = MaildirMailbox(moderator_maildir(cfg.maildir), working=slot.working.lower(),
                                 max_bytes=cfg.max_bytes)
        sender = MaildirSender(cfg.maildir)
    else:
        from pbem.mail.imap import ImapMailbox
        from pbem.mail.sender import SmtpSender

        i, s = cfg.imap, cfg.smtp
        mailbox = ImapMailbox(i.host, i.port, i.user or cfg.address, i.password or "", security=i.security,
                              ca_file=i.ca_file, inbox=cfg.inbox, working=slot.working,
                              max_bytes=cfg.max_bytes)
        sender = SmtpSender(s.host, s.port, security=s.security, user=s.user, password=s.password,
                            ca_file=s.ca_file)
    mod = Moderator(pm, mailbox, sender, ledger)
    mod.slot = slot
    return mod


#: game states a moderator keeps on disk (about 0.1-0.2 MB each), of games of at least
#: MODERATOR_STATE_MOVES moves in force (a shorter game replays about as fast as its state thaws:
#: `python benchmarks/fresh_pictures.py --cold` against `--states`)
MODERATOR_STATES = 2000
MODERATOR_STATE_MOVES = 100


def moderator_states(cfg):
    """The replayed states a moderator keeps between its runs, in its state folder, for as many
    games as it keeps tables (None without the moderator's key, which authenticates them, or with
    `PBEM_STATE_CACHE=off`)."""
    from pbem.gamefile.key import load_key
    from pbem.replay.state_cache import StateCache

    if os.environ.get("PBEM_STATE_CACHE", "").strip().lower() == "off":
        return None
    key = load_key()
    return (StateCache(cfg.state / "states", key, most=MODERATOR_STATES, least_moves=MODERATOR_STATE_MOVES)
            if key is not None else None)


def moderator_maildir(root: Path) -> Path:
    """Where the moderator's own folders live under a Maildir root (inbox, working, processed...)."""
    return Path(root) / "moderator"


def cmd_moderate(a: argparse.Namespace) -> int:
    import logging
    import signal

    from pbem.moderator.config import load_config

    cfg = load_config(a.config, maildir=a.maildir)
    logging.basicConfig(level=logging.INFO if a.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    mod = build_moderator(cfg)
    try:
        if a.once:
            st = mod.run_once()
            mod.pm.keep_states()                # for the next run (a new process) to thaw
            print(f"handled {st.handled} mail(s), {st.skipped} already handled, sent {st.sent}"
                  + (f", {st.send_failures} send failure(s) (will retry)" if st.send_failures else "")
                  + (f"; {mod.ledger.pending()} mail(s) wait in the outbox" if mod.ledger.pending() else ""))
            return 0
        signal.signal(signal.SIGTERM, lambda *_: mod.stop())
        signal.signal(signal.SIGINT, lambda *_: mod.stop())
        print(f"moderating {cfg.address} (games in {cfg.games}); SIGTERM stops cleanly", file=sys.stderr)
        mod.serve(idle=cfg.idle)
        mod.pm.keep_states()
        print("stopped", file=sys.stderr)
        return 0
    finally:
        mod.mailbox.close()
        mod.ledger.close()


def cmd_mail_in(a: argparse.Namespace) -> int:
    """Drop a mail into a Maildir inbox, as if a player had sent it."""
    from email.message import EmailMessage
    from email.utils import formatdate, make_msgid

    from pbem.mail.mailbox import deliver_to_maildir

    text = _mail_in_text(a.text)
    for option, value in (("--from", a.sender), ("--to", a.to), ("--subject", a.subject),
                          ("--in-reply-to", a.in_reply_to)):
        _one_line(option, value)
    for option, value in (("--from", a.sender), ("--to", a.to)):
        if not _one_address(value):
            raise UsageError(f"{option} must be one mail address, e.g. 'Ann <ann@example.org>'")
    m = EmailMessage()
    m["From"] = a.sender
    m["To"] = a.to
    m["Subject"] = a.subject or ""
    m["Date"] = formatdate(usegmt=True)
    domain = _one_address(a.sender).rpartition("@")[2] or "localhost"
    m["Message-ID"] = make_msgid(domain=domain)
    if a.in_reply_to:
        m["In-Reply-To"] = a.in_reply_to
        m["References"] = a.in_reply_to
    m.set_content(text)
    path = deliver_to_maildir(moderator_maildir(Path(a.maildir)), m.as_bytes())
    print(f"delivered {m['Message-ID']} to {path}")
    return 0


def _mail_in_text(arg: str) -> str:
    """The body of `mail-in`: standard input or the argument, which must be UTF-8 text."""
    if arg == "-":
        data = sys.stdin.buffer.read()
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise UsageError(f"the mail text on standard input is not UTF-8 (byte {e.start + 1} is 0x"
                             f"{data[e.start]:02x}); save it as UTF-8") from None
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError("the mail text is not UTF-8; give it as UTF-8 (or on standard input with -)") from None
    return arg


def _one_line(option: str, value: str) -> None:
    """A header given on the command line: one line of UTF-8 text."""
    if any(c in value for c in "\r\n\x00"):
        raise UsageError(f"{option} must be one line (it holds a line break or NUL)")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"{option} is not UTF-8 text") from None


def _one_address(value: str) -> str:
    """The addr-spec of `value` when it is one mailbox ('Ann <ann@x.org>' or 'ann@x.org'), else ''."""
    from pbem.mail.letter import _one_mailbox

    try:
        return _one_mailbox(value)[1]
    except ValueError:
        return ""


def cmd_hash_secret(a: argparse.Namespace) -> int:
    """Print the hash of a secret (for a master's secret_hash in the config)."""
    import getpass

    from pbem.moderator.signon import hash_secret, new_secret

    if a.new:
        secret = new_secret()
        print(f"secret: {secret}", file=sys.stderr)
    else:
        secret = sys.stdin.readline().rstrip("\n") if not sys.stdin.isatty() else getpass.getpass("secret: ")
        if not secret:
            print("pbem hash-secret: empty secret", file=sys.stderr)
            return 2
    print(hash_secret(secret))
    return 0


def add_parsers(sub) -> None:
    p = sub.add_parser("moderate", help="run the mail moderator (IMAP+SMTP, or local Maildir folders)")
    p.add_argument("--config", required=True, help="the TOML configuration")
    p.add_argument("--once", action="store_true", help="handle what is waiting, send, and exit")
    p.add_argument("--maildir", help="use local Maildir folders under this folder instead of servers")
    p.add_argument("-v", "--verbose", action="store_true", help="log each mail's outcome to stderr")
    p.set_defaults(func=cmd_moderate)

    p = sub.add_parser("mail-in", help="drop a mail into a Maildir inbox (to try the moderator by hand)")
    p.add_argument("--maildir", required=True)
    p.add_argument("--from", dest="sender", required=True, help="the sender, e.g. 'Ann <ann@example.org>'")
    p.add_argument("--to", default="moderator@pbem.local")
    p.add_argument("--subject", default="")
    p.add_argument("--in-reply-to", default="")
    p.add_argument("text", help="the mail body, or - for standard input")
    p.set_defaults(func=cmd_mail_in)

    p = sub.add_parser("hash-secret", help="hash a secret read from stdin (or --new) for the config")
    p.add_argument("--new", action="store_true", help="make a new secret (printed on stderr)")
    p.set_defaults(func=cmd_hash_secret)
