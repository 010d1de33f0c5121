"""The mail transport against real servers: Dovecot over IMAP, STARTTLS and IMAPS, and SMTP
through aiosmtpd into Dovecot; the Maildir back ends on real folders, across real processes."""
from __future__ import annotations

import multiprocessing
import re
import threading
import time
import uuid
from pathlib import Path

import pytest

from pbem.mail import imap, imap_claim
from pbem.mail.imap import ImapMailbox
from pbem.mail.mailbox import HEAD_BYTES, Incoming, Mailbox, MaildirMailbox, MailboxError, deliver_to_maildir
from pbem.mail.sender import MaildirSender, Sender, SendError, SmtpSender

MOD = "moderator@pbem.test"
ANN = "ann@pbem.test"


def letter(subject: str, to: str = MOD, sender: str = ANN) -> bytes:
    """A small message with CRLF line endings and a line starting with a dot (SMTP stuffs it)."""
    return (f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\n"
            f"Message-ID: <{uuid.uuid4().hex}@pbem.test>\r\n\r\n"
            f"move for {subject}\r\n.a line with a leading dot\r\n").encode()


def subject_of(raw: bytes) -> str:
    return re.search(rb"^Subject: (.*?)\r?$", raw, re.M).group(1).decode()


def open_box(mail, security: str = "none", addr: str = MOD, **kw) -> ImapMailbox:
    port = mail.imaps_port if security == "tls" else mail.imap_port
    return ImapMailbox(mail.host, port, *mail.user(addr), security=security,
                       ca_file=mail.ca_file, **kw)


def flags_in(mail, addr: str, folder: str) -> list[tuple[bytes, ...]]:
    with mail.imap(addr) as client:
        client.select_folder(folder, readonly=True)
        uids = sorted(client.search(["ALL"]))
        data = client.fetch(uids, ["FLAGS"]) if uids else {}
        return [data[u][b"FLAGS"] for u in uids]


# -- ImapMailbox ---------------------------------------------------------------------------------
@pytest.mark.parametrize("security", ["none", "starttls", "tls"])
def test_claim_returns_exact_bytes_and_finish_files_them(mail, security):
    sent = [letter(f"claim-{security}-{i}") for i in range(3)]
    for raw in sent:
        mail.send(raw, ANN, MOD)
    with open_box(mail, security) as box:
        got = box.claim_next()
        assert [subject_of(m.raw) for m in got] == [subject_of(r) for r in sent]
        for message, raw in zip(got, sent):
            assert message.raw.endswith(raw)          # Dovecot only prepends trace headers
            assert re.fullmatch(r"imap:Working/\d+/\d+", message.key)
        assert mail.messages(MOD) == []
        assert len(mail.messages(MOD, "Working")) == 3
        box.finish(got[0].key, "Processed")
        box.finish(got[1].key, "Rejected")
        box.finish(got[1].key, "Rejected")           # again: already gone, still fine
        assert [subject_of(r) for r in mail.messages(MOD, "Processed")] == [subject_of(sent[0])]
        assert [subject_of(r) for r in mail.messages(MOD, "Rejected")] == [subject_of(sent[1])]
        assert [subject_of(r) for r in mail.messages(MOD, "Working")] == [subject_of(sent[2])]
        assert box.claim_next() == []


def test_claim_respects_the_limit(mail):
    for i in range(5):
        mail.send(letter(f"limit-{i}"), ANN, MOD)
    with open_box(mail) as box:
        first = box.claim_next(limit=2)
        rest = box.claim_next(limit=10)
    assert [subject_of(m.raw) for m in first] == ["limit-0", "limit-1"]
    assert [subject_of(m.raw) for m in rest] == ["limit-2", "limit-3", "limit-4"]


@pytest.mark.parametrize("round_", range(3))
def test_two_claimers_never_get_the_same_message(mail, round_):
    subjects = {f"race-{round_}-{i}" for i in range(20)}
    boxes = [open_box(mail), open_box(mail, working="Working-2")]   # as two moderator processes
    for s in sorted(subjects):
        mail.send(letter(s), ANN, MOD)
    claimed: list[list[str]] = [[], []]
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def run(n: int) -> None:
        start.wait()
        deadline = time.monotonic() + 20
        try:
            while time.monotonic() < deadline:
                got = boxes[n].claim_next(limit=2)
                claimed[n].extend(subject_of(m.raw) for m in got)
                if not got and not mail.count(MOD):
                    return
        except BaseException as exc:   # reported by the main thread below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for box in boxes:
        box.close()
    assert errors == []
    a, b = claimed
    assert len(a) == len(set(a)) and len(b) == len(set(b))
    assert set(a) | set(b) == subjects
    assert set(a) & set(b) == set()
    assert len(mail.messages(MOD, "Working")) + len(mail.messages(MOD, "Working-2")) == 20


def test_a_claim_that_lost_every_message_it_tried_takes_the_next(mail, monkeypatch):
    """Two claimers see the same first messages; the one that loses them all claims the next
    ones in the same call, instead of coming back empty (a pass would end with mail waiting)."""
    for i in range(4):
        mail.send(letter(f"next-{i}"), ANN, MOD)
    a, b = open_box(mail), open_box(mail, working="Working-2")
    real, first, won = imap.lock, [], []

    def beaten(client, uids, room, stale, mark):
        if not first:                                 # the other claimer takes them just before
            first.append(uids)
            won.extend(a.claim_next(limit=2))
        return real(client, uids, room, stale, mark)

    monkeypatch.setattr(imap, "lock", beaten)
    got = b.claim_next(limit=2)
    assert [subject_of(m.raw) for m in won] == ["next-0", "next-1"]
    assert [subject_of(m.raw) for m in got] == ["next-2", "next-3"]
    a.close()
    b.close()


def test_a_claim_the_server_let_through_twice_goes_to_one_claimer(mail, monkeypatch):
    """Fault injection: the server lets a second conditional STORE through after the first one
    (Dovecot checks UNCHANGEDSINCE against the session's view as of the command's start). The
    later claimer sees the earlier one's mark and backs off: it neither gets nor moves the mail."""
    for i in range(2):
        mail.send(letter(f"twice-{i}"), ANN, MOD)
    a, b = open_box(mail), open_box(mail, working="Working-2")
    real_store, first_won = imap_claim.store_claim, []

    def lapse(client, uids, since, how, flags):
        if client is b._client and how.startswith("+") and not first_won:
            a._client.select_folder("INBOX")           # A claims just before B's STORE lands ...
            first_won.extend(imap_claim.lock(a._client, sorted(a._client.search(["ALL"])), 2, {},
                                             a._mark))
            since = 2 ** 63 - 1                       # ... and the server lets B's through too
        real_store(client, uids, since, how, flags)

    monkeypatch.setattr(imap_claim, "store_claim", lapse)
    assert b.claim_next(limit=2) == []
    assert len(first_won) == 2
    assert mail.count(MOD) == 2 and mail.count(MOD, "Working-2") == 0
    marks = {f for flags in flags_in(mail, MOD, "INBOX") for f in flags if f.startswith(b"$PbemBy")}
    assert marks == {b"$PbemBy-Working", b"$PbemBy-Working-2"}
    a.close()
    b.close()


def big_letter(subject: str, size: int) -> bytes:
    """A mail of about `size` bytes whose body has a SIGNON secret at its end (to be masked when filed)."""
    filler = ("x" * 76 + "\r\n") * (size // 78)
    return letter(subject) + filler.encode() + b"SIGNON g1 Ann hunter2secret\r\n"


def test_a_message_over_max_bytes_is_handed_out_as_its_head_and_filed_whole(mail):
    """A batch of large mails is never held whole: each is handed out as its head with its size,
    and filed whole (its secret masked) when finished; small ones come whole as before."""
    sent = [letter("small-0"), big_letter("big-1", 600_000), big_letter("big-2", 600_000), letter("small-3")]
    for raw in sent:
        mail.send(raw, ANN, MOD)
    with open_box(mail, max_bytes=100_000) as box:
        got = box.claim_next()
        assert [subject_of(m.raw) for m in got] == ["small-0", "big-1", "big-2", "small-3"]
        for m, raw in zip(got, sent):
            if len(raw) > 100_000:
                assert m.size is not None and m.size >= len(raw) and len(m.raw) == imap.HEAD_BYTES
                assert raw.startswith(m.raw[m.raw.index(b"From: "):])       # its beginning, after trace headers
            else:
                assert m.size is None and m.raw.endswith(raw)
        box.finish(got[1].key, "Rejected")
    [filed] = mail.messages(MOD, "Rejected")
    assert subject_of(filed) == "big-1" and len(filed) >= len(sent[1]) - 100
    assert b"hunter2secret" not in filed and filed.rstrip().endswith(b"SIGNON g1 Ann ******")


def test_a_claimers_mark_is_an_imap_atom():
    assert imap_claim.claimer_mark("Working-2") == "$PbemBy-Working-2"
    odd = imap_claim.claimer_mark('Work (in) "progress"')
    assert odd.startswith("$PbemBy-") and re.fullmatch(r"\$PbemBy-[0-9a-f]{12}", odd)
    assert odd != imap_claim.claimer_mark('Work (in) "progress" 2')


def test_messages_left_in_working_are_returned_by_a_new_mailbox(mail):
    for i in range(3):
        mail.send(letter(f"resume-{i}"), ANN, MOD)
    crashed = open_box(mail)
    got = crashed.claim_next(limit=3)
    crashed.finish(got[0].key, "Processed")
    crashed._drop()                                   # dies without logging out
    mail.send(letter("resume-new"), ANN, MOD)
    with open_box(mail) as box:
        again = box.claim_next()
        assert [subject_of(m.raw) for m in again] == ["resume-1", "resume-2", "resume-new"]
        assert [m.key for m in again[:2]] == [m.key for m in got[1:]]
        assert box.claim_next() == []                 # handed out once, not again


def test_a_restarted_server_is_reconnected_transparently(mail):
    mail.send(letter("before"), ANN, MOD)
    with open_box(mail, "starttls") as box:
        first = box.claim_next()
        mail.kill_dovecot()
        with pytest.raises(MailboxError, match=rf"^cannot reach the IMAP server 127\.0\.0\.1:"
                                               rf"{mail.imap_port}: connection refused$"):
            box.claim_next()
        mail.start_dovecot()
        mail.send(letter("after"), ANN, MOD)
        assert [subject_of(m.raw) for m in box.claim_next()] == ["after"]
        mail.kill_dovecot()
        mail.start_dovecot()                          # the kept connection is dead again
        box.finish(first[0].key, "Processed")
    assert [subject_of(r) for r in mail.messages(MOD, "Processed")] == ["before"]
    assert [subject_of(r) for r in mail.messages(MOD, "Working")] == ["after"]


def test_idle_wait_wakes_up_when_mail_arrives(mail):
    with open_box(mail) as box:
        t0 = time.monotonic()
        box.wait(0.8)                                  # nothing comes: waits the whole time
        assert 0.7 <= time.monotonic() - t0 < 5
        timer = threading.Timer(0.5, mail.send, args=(letter("wake"), ANN, MOD))
        timer.start()
        t0 = time.monotonic()
        box.wait(30)
        waited = time.monotonic() - t0
        timer.join()
        assert 0.4 <= waited < 10
        t0 = time.monotonic()
        box.wait(30)                                   # mail is waiting: no blocking at all
        assert time.monotonic() - t0 < 2
        assert [subject_of(m.raw) for m in box.claim_next()] == ["wake"]


@pytest.mark.parametrize("when", ["as IDLE starts", "while idling"])
def test_a_delivery_the_server_does_not_push_is_noticed_within_two_seconds(mail, monkeypatch, when):
    """Dovecot sends no EXISTS for a delivery that lands just as IDLE starts, and the wait used
    to sleep until its timeout (30 s at the moderator): about 3.5% of mails. Here every push of
    the server is unheard, and the mail lands in the instant between the wait's look at the
    inbox and its IDLE (or 0.3 s into IDLE); the wait still returns within 2 s of the delivery
    (it looks every RECHECK seconds), long before its 30 s."""
    from imapclient import IMAPClient

    def deaf(self, timeout=None):             # the server's push is never heard while idling
        time.sleep(timeout or 0)
        return []

    delivered: list[float] = []
    idle = IMAPClient.idle

    def deliver_then_idle(self):
        if not delivered:
            mail.send(letter("unpushed"), ANN, MOD)     # in the mailbox when this returns
            delivered.append(time.monotonic())
        return idle(self)

    monkeypatch.setattr(IMAPClient, "idle_check", deaf)
    with open_box(mail) as box:
        if when == "as IDLE starts":
            monkeypatch.setattr(IMAPClient, "idle", deliver_then_idle)
            timer = None
        else:
            timer = threading.Timer(0.3, lambda: (mail.send(letter("unpushed"), ANN, MOD),
                                                  delivered.append(time.monotonic())))
            timer.start()
        box.wait(30)
        returned = time.monotonic()
        if timer is not None:
            timer.join()
        assert delivered and returned - delivered[0] < 2.0, returned - delivered[0]
        assert [subject_of(m.raw) for m in box.claim_next()] == ["unpushed"]


def test_idle_wait_survives_a_server_restart(mail):
    def restart_and_send() -> None:
        mail.kill_dovecot()
        mail.start_dovecot()
        mail.send(letter("after restart"), ANN, MOD)

    with open_box(mail) as box:
        timer = threading.Timer(0.3, restart_and_send)
        timer.start()
        t0 = time.monotonic()
        box.wait(30)
        timer.join()
        assert time.monotonic() - t0 < 10
        assert [subject_of(m.raw) for m in box.claim_next()] == ["after restart"]


def test_wait_polls_when_the_server_has_no_idle(mail, monkeypatch):
    monkeypatch.setattr(imap, "POLL_EVERY", 0.2)
    with open_box(mail) as box:
        box.use_idle = False
        t0 = time.monotonic()
        box.wait(0.5)
        assert 0.45 <= time.monotonic() - t0 < 5
        timer = threading.Timer(0.3, mail.send, args=(letter("polled"), ANN, MOD))
        timer.start()
        t0 = time.monotonic()
        box.wait(30)
        timer.join()
        assert 0.25 <= time.monotonic() - t0 < 10
        assert [subject_of(m.raw) for m in box.claim_next()] == ["polled"]


def test_a_stale_claim_flag_is_released_later(mail, monkeypatch):
    """A claimer that flagged a message and died before moving it does not block it forever:
    its flag and its mark are cleared."""
    monkeypatch.setattr(imap_claim, "STALE_CLAIM", 1.0)
    mail.send(letter("stuck"), ANN, MOD)
    with mail.imap(MOD) as client:
        client.select_folder("INBOX")
        client.add_flags(client.search(["ALL"]), [imap_claim.CLAIM_FLAG, "$PbemBy-Working-9"])
    with open_box(mail) as box:
        assert box.claim_next() == []                  # someone else's claim: left alone
        t0 = time.monotonic()
        box.wait(0.3)                                  # and it is no reason to wake up
        assert time.monotonic() - t0 >= 0.25
        assert box.claim_next() == []
        t0 = time.monotonic()
        box.wait(30)                                   # ... until that claim turns stale
        assert 0.3 <= time.monotonic() - t0 < 5
        assert box.claim_next() == []                  # stale now: the flag is cleared ...
        assert [subject_of(m.raw) for m in box.claim_next()] == ["stuck"]   # ... then claimed


def test_seen_flags_are_never_set(mail):
    mail.send(letter("unseen"), ANN, MOD)
    with open_box(mail) as box:
        got = box.claim_next()
        assert len(got) == 1
        assert all(b"\\Seen" not in f for f in flags_in(mail, MOD, "Working"))
        box.finish(got[0].key, "Processed")
    flags = flags_in(mail, MOD, "Processed")
    assert len(flags) == 1 and b"\\Seen" not in flags[0]


@pytest.mark.parametrize("condstore", [True, False])
def test_copy_and_expunge_when_move_is_not_used(mail, condstore):
    for i in range(3):
        mail.send(letter(f"copy-{i}"), ANN, MOD)
    with open_box(mail) as box:
        box.use_move = False
        box.use_condstore = condstore
        got = box.claim_next()
        assert [subject_of(m.raw) for m in got] == ["copy-0", "copy-1", "copy-2"]
        assert mail.messages(MOD) == []
        assert len(mail.messages(MOD, "Working")) == 3


def test_missing_folders_are_created(mail):
    mail.send(letter("folders"), ANN, MOD)
    with open_box(mail, working="Claimed") as box:
        got = box.claim_next()
        assert got[0].key.startswith("imap:Claimed/")
        box.finish(got[0].key, "Done")
    assert [subject_of(r) for r in mail.messages(MOD, "Done")] == ["folders"]
    assert mail.messages(MOD, "Claimed") == []


def test_imap_failures_are_plain_messages(mail):
    with pytest.raises(MailboxError, match=r"refused the login for moderator@pbem\.test"):
        ImapMailbox(mail.host, mail.imap_port, MOD, "wrong", security="none")
    with pytest.raises(MailboxError, match=r"^TLS with the IMAP server .* failed: "):
        ImapMailbox(mail.host, mail.imaps_port, *mail.user(MOD), security="tls")   # no CA
    with pytest.raises(MailboxError, match=r"^unknown IMAP security"):
        ImapMailbox(mail.host, mail.imap_port, *mail.user(MOD), security="ssl")
    with open_box(mail) as box:
        with pytest.raises(MailboxError, match=r"is not a key of this IMAP mailbox"):
            box.finish("maildir:working/x", "Processed")


# -- SmtpSender ----------------------------------------------------------------------------------
def test_smtp_sender_delivers_and_reuses_its_connection(mail):
    sender = SmtpSender(mail.host, mail.smtp_port, security="none")
    first, second = letter("smtp-1", to=ANN, sender=MOD), letter("smtp-2", to=ANN, sender=MOD)
    sender.send(MOD, [ANN], first)
    kept = sender._smtp
    sender.send(MOD, [ANN, "bob@pbem.test"], second)
    assert sender._smtp is kept and kept is not None
    sender.close()
    inbox = mail.messages(ANN)
    assert len(inbox) == 2 and inbox[0].endswith(first) and inbox[1].endswith(second)
    assert [subject_of(r) for r in mail.messages("bob@pbem.test")] == ["smtp-2"]


def test_smtp_sender_reconnects_after_the_server_restarts(mail):
    sender = SmtpSender(mail.host, mail.smtp_port, security="none")
    sender.send(MOD, [ANN], letter("restart-1", to=ANN))
    mail.stop_smtp()
    mail.start_smtp()
    sender.send(MOD, [ANN], letter("restart-2", to=ANN))
    sender.close()
    assert [subject_of(r) for r in mail.messages(ANN)] == ["restart-1", "restart-2"]


def test_smtp_refusals_are_transient_or_permanent(mail):
    sender = SmtpSender(mail.host, mail.smtp_port, security="none")
    mail.smtp_refuse(True)
    with pytest.raises(SendError, match="451 4.3.0") as err:
        sender.send(MOD, [ANN], letter("later", to=ANN))
    assert err.value.transient is True
    mail.smtp_refuse(False)
    sender.send(MOD, [ANN], letter("later", to=ANN))       # the retry goes through
    with pytest.raises(SendError, match="550 5.1.1") as err:
        sender.send(MOD, ["nobody@pbem.test"], letter("unknown"))
    assert err.value.transient is False and list(err.value.refused) == ["nobody@pbem.test"]
    with pytest.raises(SendError, match="(?i)relaying denied") as err:
        sender.send(MOD, ["someone@example.org"], letter("relay"))
    assert err.value.transient is False
    with pytest.raises(SendError, match="the others got the message") as err:
        sender.send(MOD, [ANN, "nobody@pbem.test"], letter("partial", to=ANN))
    assert list(err.value.refused) == ["nobody@pbem.test"] and err.value.transient is False
    sender.close()
    assert [subject_of(r) for r in mail.messages(ANN)] == ["later", "partial"]


def test_smtp_starttls_with_login(mail):
    sender = SmtpSender(mail.host, mail.smtp_port, security="starttls", user=MOD,
                        password=mail.user(MOD)[1], ca_file=mail.ca_file)
    sender.send(MOD, [ANN], letter("tls", to=ANN))
    sender.close()
    assert [subject_of(r) for r in mail.messages(ANN)] == ["tls"]
    bad = SmtpSender(mail.host, mail.smtp_port, security="starttls", user=MOD,
                     password="wrong", ca_file=mail.ca_file)
    with pytest.raises(SendError, match="refused the login for moderator@pbem.test: 535") as err:
        bad.send(MOD, [ANN], letter("nope", to=ANN))
    assert err.value.transient is False
    untrusted = SmtpSender(mail.host, mail.smtp_port, security="starttls")
    with pytest.raises(SendError, match="^TLS with the SMTP server") as err:
        untrusted.send(MOD, [ANN], letter("nope", to=ANN))
    assert err.value.transient is False


def test_smtp_implicit_tls(mail):
    sender = SmtpSender(mail.host, mail.smtps_port, security="tls", ca_file=mail.ca_file,
                        user=ANN, password=mail.user(ANN)[1])
    raw = letter("smtps", to="bob@pbem.test")
    sender.send(ANN, ["bob@pbem.test"], raw)
    sender.close()
    assert mail.messages("bob@pbem.test")[0].endswith(raw)


def test_smtp_server_unreachable_is_transient(mail):
    from mailstack import free_port
    port = free_port()
    sender = SmtpSender(mail.host, port, security="none", timeout=5)
    with pytest.raises(SendError, match=rf"^cannot reach the SMTP server 127\.0\.0\.1:{port}: "
                                        r"connection refused$") as err:
        sender.send(MOD, [ANN], letter("down"))
    assert err.value.transient is True


# -- Maildir back ends ---------------------------------------------------------------------------
def test_deliver_to_maildir_writes_new_files_the_maildir_way(tmp_path):
    raw = letter("local")
    path = deliver_to_maildir(tmp_path, raw)
    assert path.parent == tmp_path / "inbox" / "new" and path.read_bytes() == raw
    assert list((tmp_path / "inbox" / "tmp").iterdir()) == []
    assert deliver_to_maildir(tmp_path, raw) != path


def test_maildir_claim_finish_and_resume(tmp_path):
    sent = [letter(f"md-{i}") for i in range(4)]
    for raw in sent:
        deliver_to_maildir(tmp_path, raw)
        time.sleep(0.01)                                # distinct mtimes: order is defined
    box = MaildirMailbox(tmp_path)
    got = box.claim_next(limit=3)
    assert [m.raw for m in got] == sent[:3]
    assert all(re.fullmatch(r"maildir:working/[^/]+", m.key) for m in got)
    box.finish(got[0].key, "Processed")
    box.finish(got[1].key, "Rejected")
    box.finish(got[1].key, "Rejected")                  # already gone: fine
    assert len(list((tmp_path / "processed" / "cur").iterdir())) == 1
    assert [p.read_bytes() for p in (tmp_path / "rejected" / "cur").iterdir()] == [sent[1]]
    assert [m.raw for m in box.claim_next()] == [sent[3]]
    assert box.claim_next() == []
    again = MaildirMailbox(tmp_path)                    # a new run after a crash
    assert sorted(m.raw for m in again.claim_next()) == sorted([sent[2], sent[3]])
    assert again.claim_next() == []
    with pytest.raises(MailboxError):
        again.finish(got[2].key, "../elsewhere")


def test_maildir_hands_out_a_message_over_max_bytes_as_its_head_and_files_it_whole(tmp_path):
    sent = [big_letter("big-0", 600_000), letter("small-1")]
    for raw in sent:
        deliver_to_maildir(tmp_path, raw)
        time.sleep(0.01)
    box = MaildirMailbox(tmp_path, max_bytes=100_000)
    big, small = box.claim_next()
    assert (big.size, big.raw) == (len(sent[0]), sent[0][:HEAD_BYTES])
    assert (small.size, small.raw) == (None, sent[1])
    box.finish(big.key, "Rejected")
    [filed] = [p.read_bytes() for p in (tmp_path / "rejected" / "cur").iterdir()]
    assert filed == sent[0].replace(b"hunter2secret", b"*" * 6)


def test_maildir_wait_notices_new_mail(tmp_path):
    box = MaildirMailbox(tmp_path)
    t0 = time.monotonic()
    box.wait(0.3)
    assert time.monotonic() - t0 >= 0.29
    timer = threading.Timer(0.3, deliver_to_maildir, args=(tmp_path, letter("poll")))
    timer.start()
    t0 = time.monotonic()
    box.wait(30)
    timer.join()
    assert 0.25 <= time.monotonic() - t0 < 5
    assert [subject_of(m.raw) for m in box.claim_next()] == ["poll"]


def _claim_all(root: str, start, out) -> None:
    """Child process: claim in small batches until the inbox is empty; report the subjects."""
    box = MaildirMailbox(Path(root))
    start.wait()
    got: list[str] = []
    while batch := box.claim_next(limit=3):
        got.extend(subject_of(m.raw) for m in batch)
    out.put(got)


def test_maildir_claim_is_atomic_across_processes(tmp_path):
    subjects = {f"proc-{i}" for i in range(300)}
    for s in subjects:
        deliver_to_maildir(tmp_path, letter(s))
    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_claim_all, args=(str(tmp_path), start, out)) for _ in range(2)]
    for p in procs:
        p.start()
    a, b = out.get(timeout=60), out.get(timeout=60)
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    assert len(a) == len(set(a)) and len(b) == len(set(b))
    assert set(a) | set(b) == subjects
    assert set(a) & set(b) == set()


def test_maildir_sender_gives_each_recipient_a_maildir(tmp_path):
    raw = letter("out", to=ANN)
    MaildirSender(tmp_path).send(MOD, [ANN, "Bob@pbem.test"], raw)
    for name in (ANN, "bob@pbem.test"):
        files = list((tmp_path / name / "new").iterdir())
        assert [f.read_bytes() for f in files] == [raw]
        assert (tmp_path / name / "cur").is_dir() and (tmp_path / name / "tmp").is_dir()
    with pytest.raises(SendError) as err:
        MaildirSender(tmp_path).send(MOD, ["../etc"], raw)
    assert err.value.transient is False


def test_incoming_is_a_frozen_value():
    message = Incoming(key="maildir:working/x", raw=b"x")
    with pytest.raises(AttributeError):
        message.key = "y"   # type: ignore[misc]
    assert message == Incoming(key="maildir:working/x", raw=b"x")


def test_every_back_end_offers_its_interface(mail, tmp_path):
    with open_box(mail) as box:
        assert isinstance(box, Mailbox)
    assert isinstance(MaildirMailbox(tmp_path), Mailbox)
    assert isinstance(SmtpSender(mail.host, mail.smtp_port, security="none"), Sender)
    assert isinstance(MaildirSender(tmp_path), Sender)
    assert not isinstance(MaildirSender(tmp_path), Mailbox)


def test_the_fixture_fails_plainly_without_dovecot(monkeypatch):
    import mailstack
    monkeypatch.setattr(mailstack.shutil, "which", lambda *a, **k: None)
    with pytest.raises(RuntimeError, match="dovecot is not installed"):
        mailstack.find_dovecot()


def test_maildir_failures_are_plain_errors(tmp_path):
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    with pytest.raises(MailboxError, match=r"^cannot use the mail folder .*file: not a directory$"):
        MaildirMailbox(not_a_dir)
    with pytest.raises(MailboxError, match=r"^cannot store the message in .*: not a directory$"):
        deliver_to_maildir(not_a_dir, b"x")
    with pytest.raises(SendError, match=r"^cannot write to .*: not a directory$") as err:
        MaildirSender(not_a_dir).send(MOD, [ANN], b"x")
    assert err.value.transient is True


def test_a_new_uidvalidity_gives_new_keys_and_old_keys_are_harmless(mail):
    mail.send(letter("old world"), ANN, MOD)
    with open_box(mail) as box:
        old = box.claim_next()
        with mail.imap(MOD) as client:                # Working is replaced behind our back
            client.rename_folder("Working", "Attic")
            client.create_folder("Working")
        box.finish(old[0].key, "Processed")           # the key names a UIDVALIDITY gone by
        assert mail.messages(MOD, "Processed") == []
        mail.send(letter("new world"), ANN, MOD)
        new = box.claim_next()
    assert [subject_of(m.raw) for m in new] == ["new world"]
    assert new[0].key.split("/")[1] != old[0].key.split("/")[1]
    assert [subject_of(r) for r in mail.messages(MOD, "Attic")] == ["old world"]


@pytest.mark.parametrize("idle", [True, False])
def test_a_signal_handler_can_end_a_wait(mail, idle):
    """A moderator stopping on SIGTERM must not sit out a long IDLE: interrupt() ends the wait."""
    import signal
    with open_box(mail) as box:
        box.use_idle = idle
        old = signal.signal(signal.SIGALRM, lambda *_: box.interrupt())
        try:
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            t0 = time.monotonic()
            box.wait(60)
            waited = time.monotonic() - t0
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
        assert 0.25 <= waited < 5
        t0 = time.monotonic()
        box.wait(0.5)                                  # the interrupt was used up
        assert time.monotonic() - t0 >= 0.45


def test_maildir_wait_can_be_interrupted(tmp_path):
    box = MaildirMailbox(tmp_path)
    timer = threading.Timer(0.3, box.interrupt)
    timer.start()
    t0 = time.monotonic()
    box.wait(60)
    timer.join()
    assert 0.25 <= time.monotonic() - t0 < 5


def test_idle_is_renewed_during_a_long_wait(mail, monkeypatch):
    monkeypatch.setattr(imap, "IDLE_SLICE", 0.2)
    monkeypatch.setattr(imap, "CHECK_EVERY", 0.1)
    with open_box(mail) as box:
        timer = threading.Timer(1.0, mail.send, args=(letter("renewed"), ANN, MOD))
        timer.start()
        t0 = time.monotonic()
        box.wait(30)                                   # IDLE was re-issued about four times
        timer.join()
        assert 0.9 <= time.monotonic() - t0 < 10
        assert [subject_of(m.raw) for m in box.claim_next()] == ["renewed"]
