"""A real bounce: the moderator's mail goes out through a real MTA (a private Postfix on
127.0.0.1 delivering to the test Dovecot over LMTP); a player's address that does not exist
bounces, and the bounce Postfix writes (Return-Path <>, multipart/report) arrives in the
moderator's inbox. The moderator files it as Rejected and never answers it."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pytest

from mailkit import GM, GM_SECRET, MOD, create_body, parse
from mailkit import mail as make_mail
from mailstack import Postfix
from pbem.mail.imap import ImapMailbox
from pbem.mail.sender import SmtpSender
from pbem.moderator.daemon import Moderator
from pbem.moderator.ledger import Ledger
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.signon import hash_secret


@pytest.fixture(scope="module")
def postfix(mail_stack):
    mta = Postfix(Path(tempfile.mkdtemp(prefix="pbem-postfix-")), mail_stack.lmtp_port)
    try:
        yield mta.start()
    finally:
        mta.stop()


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
