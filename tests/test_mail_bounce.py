"""A real bounce: the moderator's mail goes out through a real MTA (a private Postfix on
127.0.0.1 delivering to the test Dovecot over LMTP); a player's address that does not exist
bounces, and the bounce Postfix writes (Return-Path <>, multipart/report) arrives in the
moderator's inbox. The moderator files it as Rejected and never answers it."""
from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from mailkit import GM, GM_SECRET, MOD, create_body, parse
from mailkit import mail as make_mail
from mailstack import free_port
from pbem.mail.imap import ImapMailbox
from pbem.mail.sender import SmtpSender
from pbem.moderator.daemon import Moderator
from pbem.moderator.ledger import Ledger
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.signon import hash_secret

MAIN_CF = """compatibility_level = 3.6
queue_directory = {root}/spool
data_directory = {root}/data
meta_directory = /etc/postfix
maillog_file = {root}/log/postfix.log
maillog_file_prefixes = /var, /dev/stdout, /tmp
myhostname = mail.pbem.test
mydomain = pbem.test
myorigin = $mydomain
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
mydestination =
alias_maps =
alias_database =
local_recipient_maps =
biff = no
smtputf8_enable = no
virtual_mailbox_domains = pbem.test
virtual_transport = lmtp:inet:127.0.0.1:{lmtp}
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
default_transport = error:no mail leaves this test machine
queue_run_delay = 5s
minimal_backoff_time = 5s
maximal_backoff_time = 10s
"""

SERVICES = ["{smtp_addr} inet n - n - - smtpd", "pickup unix n - n 60 1 pickup", "cleanup unix n - n - 0 cleanup",
            "qmgr unix n - n 300 1 qmgr", "rewrite unix - - n - - trivial-rewrite", "bounce unix - - n - 0 bounce",
            "defer unix - - n - 0 bounce", "trace unix - - n - 0 bounce", "verify unix - - n - 1 verify",
            "flush unix n - n 1000? 0 flush", "proxymap unix - - n - - proxymap", "smtp unix - - n - - smtp",
            "relay unix - - n - - smtp", "showq unix n - n - - showq", "error unix - - n - - error",
            "retry unix - - n - - error", "discard unix - - n - - discard", "lmtp unix - - n - - lmtp",
            "anvil unix - - n - 1 anvil", "scache unix - - n - 1 scache", "postlog unix-dgram n - n - 1 postlogd"]


def _postfix(etc: Path, verb: str) -> subprocess.CompletedProcess:
    # postfix-script prints nothing without a terminal: run it under script(1)
    return subprocess.run(["script", "-qec", f"postfix -c {etc} {verb}", "/dev/null"], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def postfix(mail_stack):
    if not shutil.which("postfix") and not Path("/usr/sbin/postfix").exists():
        pytest.fail("postfix is not installed (scripts/test.sh installs it)")
    root = Path(tempfile.mkdtemp(prefix="pbem-postfix-"))
    root.chmod(0o755)
    for sub in ("etc", "spool", "data", "log"):
        (root / sub).mkdir()
    shutil.chown(root / "data", "postfix")
    port = free_port()
    (root / "etc" / "main.cf").write_text(MAIN_CF.format(root=root, lmtp=mail_stack.lmtp_port))
    (root / "etc" / "master.cf").write_text("\n".join(SERVICES).format(smtp_addr=f"127.0.0.1:{port}") + "\n")
    started = _postfix(root / "etc", "start")
    log = root / "log" / "postfix.log"
    deadline = time.time() + 20
    while "daemon started" not in (log.read_text() if log.exists() else "") and time.time() < deadline:
        time.sleep(0.1)
    assert "daemon started" in (log.read_text() if log.exists() else ""), started.stdout + started.stderr
    yield port
    _postfix(root / "etc", "stop")
    shutil.rmtree(root, ignore_errors=True)


def test_a_real_bounce_is_filed_and_never_answered(mail_stack, mail, postfix, tmp_path):
    stack = mail_stack
    pm = Postmaster(MOD, tmp_path / "games", masters=[Master(GM, hash_secret(GM_SECRET))], render_images=False)
    box = ImapMailbox(stack.host, stack.imap_port, *stack.user(MOD), security="none")
    mod = Moderator(pm, box, SmtpSender(stack.host, postfix, security="none"), Ledger(tmp_path / "ledger.db"))
    # one player's address has no mailbox: the welcome and report to it bounce
    players = [("Ann", "ann@pbem.test"), ("Bob", "bob@pbem.test"), ("Zed", "nobody-here@pbem.test")]
    stack.send(make_mail(GM, create_body(players=players)), GM, MOD)
    mod.run_once()
    created = mod.ledger.db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
    assert created >= 5                              # welcomes, the reply to the master, the reports
    deadline = time.time() + 60
    bounces: list = []
    while time.time() < deadline:                    # Postfix bounces the mail to the missing mailbox
        mod.run_once()
        bounces = [parse(m) for m in stack.messages(MOD, "Rejected") if parse(m).get_content_type() == "multipart/report"]
        if bounces:
            break
        time.sleep(0.5)
    assert bounces, "no bounce came back and was filed"
    b = bounces[0]
    assert b["Return-Path"] in ("<>", "") and "nobody-here@pbem.test" in b.as_string()
    assert mod.ledger.db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == created    # nothing answered
    outcomes = [r[0] for r in mod.ledger.db.execute("SELECT outcome FROM messages")]
    assert any(o.startswith("automated mail (a delivery report") for o in outcomes), outcomes
    # every mail to the missing mailbox bounces, each when Postfix gets to it (later ones under
    # load): let the rest come in, and each is filed the same way, never answered
    settle = time.time() + 30
    while time.time() < settle and stack.messages(MOD, "INBOX"):
        mod.run_once()
        time.sleep(0.5)
    assert stack.messages(MOD, "INBOX") == []
    assert mod.ledger.db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == created
