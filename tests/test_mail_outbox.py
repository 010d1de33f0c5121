"""The outbox over the real SMTP server: one sender at a time per ledger (two moderator processes
sharing a state folder never send a mail twice), and the sending thread of a pass (`Courier`)
hands what it raised to the pass."""
from __future__ import annotations

import multiprocessing
from email import message_from_bytes
from pathlib import Path

import pytest

from pbem.mail.sender import SmtpSender
from pbem.moderator.daemon import Moderator, Stats
from pbem.moderator.failpoints import FailpointError
from pbem.moderator.ledger import STRIPES, Ledger, Outgoing, stripe_of
from pbem.moderator.postmaster import Postmaster

MOD = "moderator@pbem.test"
ANN = "ann@pbem.test"


def queued(n: int, tag: str) -> list[Outgoing]:
    return [Outgoing(f"<{tag}.{i}@pbem.test>", MOD, (ANN,),
                     (f"From: {MOD}\r\nTo: {ANN}\r\nSubject: {tag} {i}\r\nMessage-ID: <{tag}.{i}@pbem.test>\r\n\r\n"
                      f"mail {i}\r\n").encode()) for i in range(n)]


def moderator(stack, tmp: Path) -> Moderator:
    """A moderator that only sends (no mailbox is read)."""
    return Moderator(Postmaster(MOD, tmp / "games", render_images=False), None,
                     SmtpSender(stack.host, stack.smtp_port, security="none"), Ledger(tmp / "state" / "l.db"))


def _flush(stack, tmp: Path, go, done) -> None:
    mod = moderator(stack, tmp)
    go.wait()
    st = Stats()
    mod.flush(st)
    done.put(st.sent)


def test_two_processes_flushing_one_ledger_send_each_mail_once(mail, tmp_path):
    """Both read the outbox at the same moment; each of the 20 mails arrives once, and the two
    together count 20 sent."""
    Ledger(tmp_path / "state" / "l.db").commit("k", message_id="", sender="", game="", folder="Processed",
                                               outcome="x", outgoing=queued(20, "once"))
    ctx = multiprocessing.get_context("fork")
    go, done = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_flush, args=(mail, tmp_path, go, done)) for _ in range(2)]
    for p in procs:
        p.start()
    go.set()
    counts = [done.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(30)
    ids = [message_from_bytes(raw)["Message-ID"] for raw in mail.messages(ANN)]
    assert sorted(ids) == sorted(f"<once.{i}@pbem.test>" for i in range(20))
    assert sum(counts) == 20


def test_a_sender_steps_aside_from_a_stripe_another_sends_and_takes_the_others(tmp_path):
    a, b = Ledger(tmp_path / "l.db"), Ledger(tmp_path / "l.db")       # as two processes would
    with a.sending(3) as mine:
        assert mine
        with b.sending(3, wait=False) as theirs:
            assert not theirs
        with b.sending(4, wait=False) as theirs:
            assert theirs
    with b.sending(3, wait=False) as theirs:
        assert theirs


def test_a_games_mail_is_one_stripe_and_goes_out_in_order(tmp_path):
    """Every mail of a game is in its game's stripe, oldest first; other games spread over the
    stripes (so several senders send at once)."""
    ledger = Ledger(tmp_path / "l.db")
    for n in range(3):
        ledger.commit(f"k{n}", message_id="", sender="", game="club", folder="Processed", outcome="x",
                      outgoing=queued(2, f"club{n}"))
    stripe = stripe_of("club", "")
    assert [o.message_id for o in ledger.due(stripe=stripe)] == [f"<club{n}.{i}@pbem.test>" for n in range(3)
                                                                  for i in range(2)]
    assert {stripe_of(f"game{i}", "") for i in range(40)} == set(range(STRIPES))


def test_what_the_sending_thread_raises_reaches_the_pass(mail, tmp_path, monkeypatch):
    """A pass's answers are sent by its sending thread: what that raises (here a failpoint just
    after the server took the reply) ends the pass with the error; the next pass sends the
    reply again, under its Message-ID."""
    from mailkit import GAME, GM_SECRET, mail as letter, new_game
    from pbem.mail.imap import ImapMailbox
    from pbem.moderator.signon import hash_secret

    pm, _ = new_game(tmp_path, hash_secret(GM_SECRET))
    box = ImapMailbox(mail.host, mail.imap_port, *mail.user(MOD), security="none")
    mod = Moderator(pm, box, SmtpSender(mail.host, mail.smtp_port, security="none"), Ledger(tmp_path / "l.db"))
    mod.flush()                                   # the welcomes of the game's creation
    mail.send(letter(ANN, "STATUS", subject=f"[{GAME}] status", msgid="<status@client.example>"), ANN, MOD)
    monkeypatch.setenv("PBEM_FAILPOINT", "raise:after_send")
    with pytest.raises(FailpointError):
        mod.run_once()
    assert mod.ledger.pending() == 1 and mail.count(MOD, "Processed") == 1     # filed; the reply not marked
    monkeypatch.delenv("PBEM_FAILPOINT")
    assert mod.run_once().sent == 1 and mod.ledger.pending() == 0
    replies = [m for m in map(message_from_bytes, mail.messages(ANN)) if m["In-Reply-To"] == "<status@client.example>"]
    assert len(replies) == 2 and replies[0]["Message-ID"] == replies[1]["Message-ID"]


def test_a_sent_welcomes_secret_is_nowhere_in_the_ledgers_files_after_the_pass(mail, tmp_path):
    """The welcomes of a game created by mail hold the players' secrets; once the pass has sent
    them, neither the ledger nor its WAL holds a secret (bodies dropped, the WAL emptied)."""
    from mailkit import GM, GM_SECRET, PLAYERS, create_body, mail as letter, secret_in
    from pbem.mail.imap import ImapMailbox
    from pbem.moderator.postmaster import Master
    from pbem.moderator.signon import hash_secret

    pm = Postmaster(MOD, tmp_path / "games", masters=[Master(GM, hash_secret(GM_SECRET))], render_images=False)
    box = ImapMailbox(mail.host, mail.imap_port, *mail.user(MOD), security="none")
    ledger = tmp_path / "state" / "l.db"
    mod = Moderator(pm, box, SmtpSender(mail.host, mail.smtp_port, security="none"), Ledger(ledger))
    mail.send(letter(GM, create_body(), subject="new game"), GM, MOD)
    assert mod.run_once().sent >= 4 and mod.ledger.pending() == 0
    secrets = [secret_in(mail.messages(address)[-1], name) for name, address in PLAYERS]
    files = [p for p in ledger.parent.iterdir() if p.name.startswith(ledger.name)]
    assert ledger in files and all(len(secret) >= 15 for secret in secrets)
    for path in files:
        data = path.read_bytes()
        assert not any(secret.encode() in data for secret in secrets), path
