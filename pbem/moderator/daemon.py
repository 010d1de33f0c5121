"""The moderator at work: claim mail, judge it, commit the outcome, send, file the mail.

Order of a message's life, chosen so that a crash anywhere loses no accepted move and
applies none twice:
  1. claim it (an atomic move into Working; another process never gets it too);
  2. if the ledger already has its outcome, skip to 5;
  3. count the attempt in the ledger, then judge it (`Postmaster.handle`): moves go into the
     game file under the mail's source; a mail whose judging raised or was killed `max_tries`
     times is set aside in Quarantine instead, and the game's moderator told;
  4. commit its outcome and its outgoing mail to the ledger in one transaction;
  5. move it to Processed or Rejected;
  and, from the outbox, send what is due (retries with backoff, same Message-ID each time): in
  a pass (`run_once`) a thread of its own (`Courier`) sends while the next mails are judged,
  and the pass ends when it has tried everything due. The ledger holds a mail's answers from
  step 4 on, so they are sent whether the process lives on or is started again.
"""
from __future__ import annotations

import hashlib
import logging
import re
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Callable, Optional

from pbem.mail.letter import LetterError, parse_letter
from pbem.mail.mailbox import Incoming, MailboxError
from pbem.mail.sender import SendError
from pbem.moderator import failpoints
from pbem.moderator.ledger import STRIPES, Ledger
from pbem.moderator.decision import Decision
from pbem.moderator.postmaster import Postmaster

log = logging.getLogger("pbem.moderator")
_BODY_START = re.compile(rb"\r?\n\r?\n")
#: of a mail handed out as its head only, the bytes of its body that its digest is taken of
#: (a relay's added headers leave them in the head)
HEAD_DIGEST = 16 * 1024
#: mails claimed at a time: small, so that several moderator processes share a mailbox's work
BATCH = 2
#: seconds at most between emptying the ledger's WAL of sent mail while a pass sends
SCRUB_EVERY = 1.0


@dataclass
class Stats:
    """What one pass did."""

    handled: int = 0
    skipped: int = 0          # already handled (a restart or a second delivery)
    sent: int = 0
    send_failures: int = 0


class Moderator:
    """Connects a mailbox, a sender, the ledger and the postmaster."""

    def __init__(self, postmaster: Postmaster, mailbox, sender, ledger: Ledger, *, batch: int = BATCH,
                 max_tries: int = 2):
        self.pm = postmaster
        self.mailbox = mailbox
        self.sender = sender
        self.ledger = ledger
        self.batch = batch
        self.max_tries = max_tries
        postmaster.ledger = ledger              # sign-on failures are counted where the outcomes are
        self.stopping = False
        self._unscrubbed, self._scrubbed = False, 0.0    # sent bodies still in the ledger's WAL; when emptied

    # --- one pass --------------------------------------------------------------------
    def run_once(self) -> Stats:
        """Handle everything waiting now, then return."""
        st = Stats()
        self.flush(st)
        with Courier(self, st) as courier:       # sends while the next mails are judged
            while not self.stopping:
                items = self.mailbox.claim_next(self.batch)
                if not items:
                    break
                for inc in items:
                    if self.stopping:
                        break
                    self.process(inc, st, courier)
        return st

    def process(self, inc: Incoming, st: Optional[Stats] = None, courier: Optional["Courier"] = None) -> str:
        """One claimed message, start to finish; returns the folder it went to. Its answers are
        sent before it is filed, or with a `courier` by that courier's thread meanwhile."""
        st = st or Stats()
        failpoints.reached("after_fetch")
        done = self.ledger.handled(inc.key)
        if done is None:
            mid, sender, digest = _identity(inc.raw, inc.size)
            dup = self.ledger.duplicate_of(mid, sender, digest) if mid else None
            if dup is not None:
                decision = Decision(dup.folder, f"a second delivery of {mid}: nothing done again")
                st.skipped += 1
            else:
                decision = self._judge(inc)
                st.handled += 1
            self.ledger.commit(inc.key, message_id=mid, sender=sender, game=decision.game,
                               folder=decision.folder, outcome=decision.outcome, outgoing=decision.outgoing,
                               digest=digest)
            failpoints.reached("after_outbox")
            log.info("%s -> %s: %s", inc.key, decision.folder, decision.outcome)
            folder = decision.folder
        else:
            st.skipped += 1
            folder = done.folder
        if courier is None:
            self.flush(st)
        else:
            courier.wake()
        failpoints.reached("before_move")
        self.mailbox.finish(inc.key, folder)
        return folder

    def _judge(self, inc: Incoming) -> Decision:
        """Judge a mail, each attempt counted in the ledger first: one that raised (a bug) is
        tried again, and after `max_tries` attempts that raised or were killed it goes to
        Quarantine, so one mail never stops the moderator or comes back forever."""
        while True:
            tries = self.ledger.attempt(inc.key)
            if tries > self.max_tries:
                return self.pm.quarantine(inc.key, inc.raw, f"{tries - 1} attempts at it stopped the moderator")
            try:
                failpoints.reached("in_judge")
                return self.pm.handle(inc.key, inc.raw, inc.size)
            except Exception:                   # a bug must not stop the moderator or lose the mail
                log.error("internal error on %s (attempt %d):\n%s", inc.key, tries, traceback.format_exc())
                if tries >= self.max_tries:
                    return self.pm.quarantine(inc.key, inc.raw, f"{tries} attempts at it raised an internal error")

    def flush(self, st: Optional[Stats] = None, *, wait: bool = True) -> None:
        """Send every mail that is due; failures wait with backoff. One sender at a time sends
        each stripe of the outbox (`Ledger.sending`: a game's mail in order, other games' by
        other processes meanwhile); without `wait`, a stripe another sender has is left to it."""
        st = st or Stats()
        for stripe in range(STRIPES):
            with self.ledger.sending(stripe, wait=wait) as mine:
                if mine:
                    done, unwell = self._send_due(stripe, st)
                    self._unscrubbed = self._unscrubbed or done > 0
                    if unwell:
                        break                   # the server is unwell: try the rest later
        # the bodies just dropped leave the WAL too: at the end of a pass's sending, and while it
        # sends at most SCRUB_EVERY apart (emptying the WAL holds every writer of the ledger)
        if self._unscrubbed and (wait or time.monotonic() - self._scrubbed >= SCRUB_EVERY):
            self.ledger.scrub()
            self._unscrubbed, self._scrubbed = False, time.monotonic()

    def _send_due(self, stripe: int, st: Stats) -> tuple[int, bool]:
        """Send one stripe's due mail: (how many were sent, whether the server failed for now)."""
        sent = 0
        for out in self.ledger.due(stripe=stripe):
            try:
                self.sender.send(out.mail_from, out.rcpts, out.raw)
            except SendError as e:
                self.ledger.mark_failed(out.message_id, str(e), transient=e.transient)
                st.send_failures += 1
                log.warning("sending %s failed (%s): %s", out.message_id,
                            "will retry" if e.transient else "given up", e)
                if e.transient:
                    return sent, True
                continue
            failpoints.reached("after_send")
            self.ledger.mark_sent(out.message_id)
            st.sent += 1
            sent += 1
        return sent, False

    # --- the daemon --------------------------------------------------------------------
    def serve(self, *, idle: float = 60.0, should_stop: Callable[[], bool] = lambda: False) -> None:
        """Run until `stop()` (e.g. on SIGTERM): handle mail, wait for more (IDLE), retry sends."""
        backoff = 1.0
        while not self.stopping and not should_stop():
            try:
                self.run_once()
                backoff = 1.0
                wait = idle
                nxt = self.ledger.next_try()
                if nxt is not None:
                    wait = max(0.2, min(wait, nxt - time.time()))
                if not self.stopping:
                    self.mailbox.wait(wait)
            except MailboxError as e:
                log.warning("mailbox unavailable (%s); retrying in %.0f s", e, backoff)
                self._sleep(backoff)
                backoff = min(backoff * 2, 60.0)

    def stop(self) -> None:
        """Stop after the mail at hand; a wait in progress returns within about a second.
        Only sets flags, so a signal handler may call it."""
        self.stopping = True
        interrupt = getattr(self.mailbox, "interrupt", None)
        if interrupt is not None:
            interrupt()

    def _sleep(self, seconds: float) -> None:
        end = time.time() + seconds
        while not self.stopping and time.time() < end:
            time.sleep(min(0.2, end - time.time()))


class Courier:
    """Sends the outbox from a thread of its own while the moderator judges the next mails (the
    server's answer to each mail is waited for there, not by the judging); a stripe of the
    outbox another process is sending is left to that one until the courier is left.
    Used as a context: leaving it waits until everything due then has been tried once, and
    raises what the sending raised."""

    def __init__(self, moderator: Moderator, st: Stats):
        self.moderator, self.st = moderator, st
        self._wake = threading.Event()
        self._last = False
        self._error: Optional[BaseException] = None
        self._thread = threading.Thread(target=self._run, name="pbem-courier", daemon=True)

    def __enter__(self) -> "Courier":
        self._thread.start()
        return self

    def wake(self) -> None:
        """New mail is in the outbox."""
        self._wake.set()

    def _run(self) -> None:
        try:
            while True:
                self._wake.wait()
                self._wake.clear()
                last = self._last
                self.moderator.flush(self.st, wait=last)      # the last flush waits for its turn
                if last:
                    return
        except BaseException as e:            # handed to the judging thread when it leaves
            self._error = e

    def __exit__(self, *exc: object) -> None:
        self._last = True
        self._wake.set()
        self._thread.join()
        if self._error is not None and exc[0] is None:
            raise self._error


def _identity(raw: bytes, size: Optional[int] = None) -> tuple[str, str, str]:
    """(Message-ID, sender address, digest of the body) of a raw mail, for spotting a second
    delivery of the same mail (a relay adds headers, never changes the body). Of a mail handed out
    as its head (`size`), the body's length and its first HEAD_DIGEST bytes stand for it."""
    try:
        letter = parse_letter(raw, max_bytes=1)          # headers only: cheap
    except LetterError:
        return "", "", ""
    end = _BODY_START.search(raw)
    body = raw[end.end():] if end else b""
    if size is not None:
        body = b"%d:" % (size - len(raw) + len(body)) + body[:HEAD_DIGEST]
    return letter.message_id, letter.from_addr, hashlib.sha256(body).hexdigest()[:32]
