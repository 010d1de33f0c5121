"""The IMAP back end of Mailbox: claims by UID MOVE into Working, keys by UIDVALIDITY and UID.

How a claim is won is in pbem.mail.imap_claim. Every claim searches the whole inbox (flags such as \\Seen are never relied on or
changed: bodies are fetched with BODY.PEEK[]). A dropped connection is reconnected once, after a
short pause, and the reconnect rescans Working (see pbem.mail.mailbox for what that implies).
"""
from __future__ import annotations

import imaplib
import ssl
import time
from typing import Callable, TypeVar

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError, LoginError

from pbem.mail import imap_claim
from pbem.mail.imap_claim import file_masked, lock, move
from pbem.mail.mailbox import HEAD_BYTES, Incoming, MailboxError
from pbem.mail.reasons import describe

T = TypeVar("T")
SECURITY = ("tls", "starttls", "none")
RETRY_PAUSE = 0.5
IDLE_SLICE = 600.0      # re-issue IDLE at least this often (servers drop IDLE after ~30 min)
#: leave IDLE and look this often: a delivery the server does not push (one landing just as
#: IDLE starts: Dovecot then sends no EXISTS) is noticed within this many seconds (and a
#: round trip), well inside the 2 s a new delivery may wait to be noticed
RECHECK = 1.0
CHECK_EVERY = 1.0       # how often a wait looks at interrupt()
CLAIM_ROUNDS = 8        # a claim that lost every message it tried tries the next ones, this often
POLL_EVERY = 2.0        # NOOP interval when the server has no IDLE
_DROPPED = (OSError, imaplib.IMAP4.abort)   # OSError covers timeouts, resets and TLS errors


class ImapMailbox:
    """A Mailbox on an IMAP account. Not thread-safe: use one object per thread or process."""

    def __init__(self, host: str, port: int, user: str, password: str, *, security: str,
                 ca_file: str | None = None, inbox: str = "INBOX", working: str = "Working",
                 timeout: float = 30, max_bytes: int | None = None):
        if security not in SECURITY:
            raise MailboxError(f"unknown IMAP security {security!r} (use tls, starttls or none)")
        self.host, self.port, self.user, self._password = host, port, user, password
        self.security, self.ca_file, self.timeout = security, ca_file, timeout
        self.inbox, self.working = inbox, working
        self.max_bytes = max_bytes           # a larger message is fetched as its head only
        self._client: IMAPClient | None = None
        self._validity = 0                   # UIDVALIDITY of Working
        self._resume: list[int] = []         # Working UIDs owed to the caller, oldest first
        self._outstanding: dict[str, bytes | None] = {}   # keys handed out, not yet finished: their bytes if whole
        self._folders: set[str] = set()      # folders known to exist
        self.use_move = True
        self.use_condstore = True
        self.use_idle = True
        self._interrupted = False
        self._stale: dict[int, tuple[int, float]] = {}   # flagged inbox UID -> (modseq, first seen)
        self._mark = imap_claim.claimer_mark(working)
        self._connect()

    # -- connection ---------------------------------------------------------------------------
    @property
    def where(self) -> str:
        return f"{self.host}:{self.port}"

    def _login(self) -> IMAPClient:
        ctx = ssl.create_default_context(cafile=self.ca_file)
        client: IMAPClient | None = None
        try:
            client = IMAPClient(self.host, self.port, ssl=self.security == "tls",
                                ssl_context=ctx, timeout=self.timeout)
            if self.security == "starttls":
                client.starttls(ctx)
            client.login(self.user, self._password)
            return client
        except BaseException:
            if client is not None:
                _shutdown(client)
            raise

    def _open(self) -> IMAPClient:
        try:
            return self._login()
        except LoginError as exc:
            raise MailboxError(f"the IMAP server {self.where} refused the login for "
                               f"{self.user}: {_text(exc)}") from None
        except ssl.SSLError as exc:
            raise MailboxError(f"TLS with the IMAP server {self.where} failed: "
                               f"{describe(exc)}") from None
        except _DROPPED as exc:
            raise MailboxError(f"cannot reach the IMAP server {self.where}: "
                               f"{describe(exc)}") from None
        except IMAPClientError as exc:
            raise MailboxError(f"the IMAP server {self.where} said: {_text(exc)}") from None

    def _connect(self) -> None:
        """Log in, check capabilities, create missing folders and rescan Working."""
        client = self._open()
        self._client = client
        try:
            if not client.has_capability("UIDPLUS"):
                raise MailboxError(f"the IMAP server {self.where} lacks UIDPLUS (RFC 4315), "
                                   "which pbem needs to claim messages safely")
            self.use_move = self.use_move and client.has_capability("MOVE")
            self.use_condstore = self.use_condstore and client.has_capability("CONDSTORE")
            self.use_idle = self.use_idle and client.has_capability("IDLE")
            self._folders.clear()
            self._ensure_folder(self.working)
            self._select_working()
            self._resume = [uid for uid in sorted(client.search(["ALL"]))
                            if self._key(uid) not in self._outstanding]
        except _DROPPED as exc:
            self._drop()
            raise MailboxError(f"cannot reach the IMAP server {self.where}: "
                               f"{describe(exc)}") from None
        except IMAPClientError as exc:
            self._drop()
            raise MailboxError(f"the IMAP server {self.where} said: {_text(exc)}") from None

    def _drop(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            _shutdown(client)

    def _call(self, op: Callable[[IMAPClient], T]) -> T:
        """Run op on the connection; on a dropped connection reconnect once and run it again."""
        for attempt in (1, 2):
            if self._client is None:
                self._connect()
            assert self._client is not None
            try:
                return op(self._client)
            except _DROPPED as exc:
                self._drop()
                if attempt == 2:
                    raise MailboxError(f"lost the connection to the IMAP server {self.where}: "
                                       f"{describe(exc)}") from None
                time.sleep(RETRY_PAUSE)
            except IMAPClientError as exc:
                raise MailboxError(f"the IMAP server {self.where} said: {_text(exc)}") from None
        raise AssertionError("unreachable")

    def _ensure_folder(self, name: str) -> None:
        assert self._client is not None
        if name not in self._folders:
            if not self._client.folder_exists(name):
                self._client.create_folder(name)
            self._folders.add(name)

    def _select_working(self) -> None:
        """Select Working (again each time: a folder renamed while selected stays selected);
        if its UIDVALIDITY changed, every UID there is owed again."""
        assert self._client is not None
        info = self._client.select_folder(self.working)
        validity = int(info[b"UIDVALIDITY"])
        if validity != self._validity:
            self._validity = validity
            self._resume = sorted(self._client.search(["ALL"]))

    def _key(self, uid: int) -> str:
        return f"imap:{self.working}/{self._validity}/{uid}"

    # -- the Mailbox interface ---------------------------------------------------------------
    def claim_next(self, limit: int = 50) -> list[Incoming]:
        """Left-overs in Working first, then inbox messages moved into Working, up to `limit`."""
        return self._call(lambda client: self._claim(client, limit))

    def _claim(self, client: IMAPClient, limit: int) -> list[Incoming]:
        room = limit - len(self._resume)
        if room > 0:
            client.select_folder(self.inbox)
            if self.use_condstore:      # the flags of the first free ones and of those held, not of all
                uids = []
                for _ in range(CLAIM_ROUNDS):   # another claimer won all of them: the next ones
                    free = sorted(client.search(["UNKEYWORD", imap_claim.CLAIM_FLAG]))
                    held = client.search(["KEYWORD", imap_claim.CLAIM_FLAG])    # watched for going stale
                    if not free and not held:
                        break
                    uids = lock(client, sorted({*free[:room], *held}), room, self._stale, self._mark)
                    if uids or not free:
                        break
            else:
                uids = sorted(client.search(["ALL"]))
            if uids:
                self._resume.extend(move(client, uids[:room], self.working,
                                         use_move=self.use_move))
        self._select_working()
        take, self._resume = self._resume[:limit], self._resume[limit:]
        return self._hand_out(client, take)

    def _hand_out(self, client: IMAPClient, uids: list[int]) -> list[Incoming]:
        """Messages of Working by UID, each whole, or its head only when over `max_bytes` (sizes are
        asked first, so a batch of large mails is never held in memory); gone ones are skipped."""
        sizes = {uid: d[b"RFC822.SIZE"] for uid, d in client.fetch(uids, ["RFC822.SIZE"]).items()} \
            if uids and self.max_bytes is not None else {}
        big = [uid for uid, size in sizes.items() if size > self.max_bytes]
        data = client.fetch([u for u in uids if u not in big], ["BODY.PEEK[]"]) if len(big) < len(uids) else {}
        heads = client.fetch(big, [f"BODY.PEEK[]<0.{HEAD_BYTES}>"]) if big else {}
        out = []
        for uid in uids:
            key = self._key(uid)
            if key in self._outstanding:
                continue
            if uid in data:                          # else gone: finished by another run
                self._outstanding[key] = data[uid][b"BODY[]"]
                out.append(Incoming(key=key, raw=data[uid][b"BODY[]"]))
            elif uid in heads:
                self._outstanding[key] = None        # filed whole, its body fetched then
                out.append(Incoming(key=key, raw=heads[uid][b"BODY[]<0>"], size=sizes[uid]))
        return out

    def finish(self, key: str, folder: str) -> None:
        """Move a claimed message out of Working, its SIGNON secrets masked (`file_masked`); a
        message already gone (or a stale key) is fine."""
        prefix = f"imap:{self.working}/"
        try:
            validity, uid = (int(part) for part in key[len(prefix):].split("/"))
        except ValueError:
            validity = uid = -1
        if not key.startswith(prefix) or uid < 0:
            raise MailboxError(f"{key!r} is not a key of this IMAP mailbox")

        def op(client: IMAPClient) -> None:
            self._ensure_folder(folder)
            self._select_working()
            if validity == self._validity:
                file_masked(client, uid, folder, use_move=self.use_move, raw=self._outstanding.get(key))
            self._outstanding.pop(key, None)
        self._call(op)

    def wait(self, timeout: float) -> None:
        """Return at once if the inbox holds mail, else IDLE (or poll) until something arrives.
        A claim flag that other claimers left in the inbox ends the wait when it turns stale."""
        deadline = time.monotonic() + timeout
        if self._stale:
            deadline = min(deadline, min(t for _m, t in self._stale.values())
                           + imap_claim.STALE_CLAIM + 0.1)
        self._call(lambda client: self._wait(client, deadline))

    def interrupt(self) -> None:
        """Make the running (or the next) wait() return within about a second; only sets a flag,
        so a signal handler may call it (a moderator stopping on SIGTERM)."""
        self._interrupted = True

    def _wait(self, client: IMAPClient, deadline: float) -> None:
        client.select_folder(self.inbox, readonly=True)
        if client.search(["UNKEYWORD", imap_claim.CLAIM_FLAG]):
            return          # mail is waiting (messages other claimers hold do not count)
        if not self.use_idle:
            while (left := deadline - time.monotonic()) > 0 and not self._take_interrupt():
                time.sleep(min(POLL_EVERY, CHECK_EVERY, left))
                if _new_mail(client.noop()[1]):
                    return
            return
        client.idle()
        idling_since, idle_ended = time.monotonic(), False
        try:
            while (left := deadline - time.monotonic()) > 0 and not self._take_interrupt():
                if time.monotonic() - idling_since > min(IDLE_SLICE, RECHECK):
                    idle_ended = True
                    if _new_mail(client.idle_done()[1]):   # it came while we renewed
                        return
                    if client.search(["UNKEYWORD", imap_claim.CLAIM_FLAG]):
                        return                             # delivered, but never pushed
                    client._imap.untagged_responses.pop("EXISTS", None)
                    client.idle()
                    idle_ended = False
                    if any(int(n) > 0 for n in client._imap.untagged_responses.pop("EXISTS", [])):
                        return
                    idling_since = time.monotonic()
                asked = min(left, CHECK_EVERY, max(0.05, idling_since + min(IDLE_SLICE, RECHECK) - time.monotonic()))
                started = time.monotonic()
                responses = client.idle_check(timeout=asked)
                if _new_mail(responses):
                    return
                if not responses and time.monotonic() - started < asked - 0.05:
                    # idle_check swallows EOF and returns nothing early: the server went away
                    raise imaplib.IMAP4.abort("the connection closed during IDLE")
        finally:
            if self._client is client and not idle_ended:
                try:
                    client.idle_done()
                except (OSError, IMAPClientError):   # the error that got us here matters more
                    pass

    def _take_interrupt(self) -> bool:
        interrupted, self._interrupted = self._interrupted, False
        return interrupted

    def close(self) -> None:
        """Log out (quietly: the mailbox is being closed anyway)."""
        client = self._client
        if client is not None:
            try:
                client.logout()
                self._client = None
            except Exception:   # a dead connection cannot log out; closing is all we want
                self._drop()

    def __enter__(self) -> "ImapMailbox":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _shutdown(client: IMAPClient) -> None:
    """Close a connection that is being thrown away; a failure here has nothing to report."""
    try:
        client.shutdown()
    except Exception:
        pass


def _new_mail(responses: list) -> bool:
    """Whether unsolicited responses report messages in the selected folder (* N EXISTS)."""
    return any(isinstance(r, tuple) and len(r) > 1 and r[1] == b"EXISTS" and r[0] > 0
               for r in responses)


def _text(exc: BaseException) -> str:
    """An imaplib error's server text as plain str (imaplib wraps bytes in the message)."""
    text = str(exc)
    if text.startswith(("b'", 'b"')) and text.endswith(("'", '"')):
        text = text[2:-1]
    return text
