"""Incoming mail: one Mailbox interface with an IMAP and a local Maildir back end.

A message is claimed by moving it from the inbox into a Working folder; the move is atomic, so
two moderators on one account never both take it. Once handled it is moved on to Processed or
Rejected. Messages found in Working when a mailbox is opened (or reconnected) are taken to be
left over by a crashed run and are returned again; a second moderator opened while another one
is busy may therefore see the other's in-flight messages, and the moderator's ledger dedupes
by Message-ID for exactly that case (and for IMAP UIDVALIDITY changes, which change the keys).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Protocol, runtime_checkable

from pbem.errors import PbemError
from pbem.mail.maildir import base_name, ensure_maildir, file_masked, find_message, list_messages, write_message
from pbem.mail.reasons import describe

FOLDERS = ("inbox", "working", "processed", "rejected")
#: of a message larger than the mailbox's `max_bytes`, only this much is read: its header (a mail
#: that size is refused unread, so its body is never held in memory; it is filed whole, one at a time)
HEAD_BYTES = 256 * 1024


@dataclass(frozen=True)
class Incoming:
    """A claimed message: a stable progress key and the message exactly as stored, or only its
    first HEAD_BYTES when it is larger than the mailbox's `max_bytes` (`size` is then its whole size)."""

    key: str
    raw: bytes
    size: Optional[int] = None      # set only when `raw` is the message's beginning, not all of it


class MailboxError(PbemError):
    """The mailbox cannot be reached or used; the message is plain text for the moderator."""


@runtime_checkable
class Mailbox(Protocol):
    """What the moderator needs from an incoming mailbox."""

    def claim_next(self, limit: int = 50) -> list[Incoming]:
        """Claim up to `limit` waiting messages (left-overs in Working first) and return them."""
        ...

    def finish(self, key: str, folder: str) -> None:
        """Move a claimed message to "Processed" or "Rejected"; a message already gone is fine."""
        ...

    def wait(self, timeout: float) -> None:
        """Block until new mail may have arrived or `timeout` seconds passed."""
        ...

    def close(self) -> None:
        """Release the connection; the mailbox is not used afterwards."""
        ...





def deliver_to_maildir(root: Path, raw: bytes) -> Path:
    """Drop a message into ROOT/inbox/new the Maildir way (tmp, then rename); returns its path."""
    try:
        return write_message(Path(root) / "inbox", raw)
    except OSError as exc:
        raise MailboxError(f"cannot store the message in {Path(root) / 'inbox'}: "
                           f"{describe(exc)}") from None


class MaildirMailbox:
    """Local folders ROOT/inbox, working, processed and rejected, each a real Maildir.

    A claim is os.rename from inbox to working/cur: atomic on one file system, so when the file
    is already gone another process claimed it and it is skipped.
    """

    def __init__(self, root: Path, *, working: str = "working", max_bytes: Optional[int] = None):
        self.root = Path(root)
        self.working = working               # one per moderator process (pbem.moderator.workers)
        self.max_bytes = max_bytes           # a larger message is handed out as its head only
        try:
            for name in FOLDERS + (working,):
                ensure_maildir(self.root / name)
        except OSError as exc:
            raise MailboxError(f"cannot use the mail folder {self.root}: "
                               f"{describe(exc)}") from None
        self._outstanding: set[str] = set()
        self._interrupted = False
        # what sits in working now was left by an earlier run: hand it out again first
        self._resume = [base_name(p.name) for p in list_messages(self.root / self.working)]

    def _key(self, base: str) -> str:
        return f"maildir:{self.working}/{base}"

    def claim_next(self, limit: int = 50) -> list[Incoming]:
        """Left-overs from Working first, then up to `limit` in all, claimed from the inbox."""
        working = self.root / self.working
        out: list[Incoming] = []
        while self._resume and len(out) < limit:
            base = self._resume.pop(0)
            path = find_message(working, base)
            if path is not None and self._key(base) not in self._outstanding:
                out.append(self._take(path, base))
        for path in list_messages(self.root / "inbox"):
            if len(out) >= limit:
                break
            target = working / "cur" / path.name
            try:
                os.rename(path, target)
            except FileNotFoundError:
                continue          # another process claimed it first
            out.append(self._take(target, base_name(path.name)))
        return out

    def _take(self, path: Path, base: str) -> Incoming:
        key = self._key(base)
        self._outstanding.add(key)
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if self.max_bytes is not None and size > self.max_bytes:
                return Incoming(key=key, raw=f.read(HEAD_BYTES), size=size)
            return Incoming(key=key, raw=f.read())

    def finish(self, key: str, folder: str) -> None:
        """Move the message to ROOT/<folder, lower case>/cur; nothing happens if it is gone."""
        prefix = f"maildir:{self.working}/"
        if not key.startswith(prefix):
            raise MailboxError(f"{key!r} is not a key of a Maildir mailbox")
        name = folder.lower()
        if not name or name in ("inbox", "working", self.working) or "/" in name or name.startswith("."):
            raise MailboxError(f"cannot file a message into the folder {folder!r}")
        base = key[len(prefix):]
        self._outstanding.discard(key)
        path = find_message(self.root / self.working, base)
        if path is None:
            return
        try:
            file_masked(path, self.root / name)      # filed with its SIGNON secrets as ******
        except FileNotFoundError:
            return                # finished by someone else meanwhile

    def wait(self, timeout: float) -> None:
        """Poll inbox/new and inbox/cur a few times a second until something is there."""
        deadline = time.monotonic() + timeout
        while not list_messages(self.root / "inbox"):
            left = deadline - time.monotonic()
            if left <= 0 or self._interrupted:
                self._interrupted = False
                return
            time.sleep(min(0.1, left))

    def interrupt(self) -> None:
        """Make the running (or the next) wait() return soon; safe in a signal handler."""
        self._interrupted = True

    def close(self) -> None:
        """Nothing to release for local folders."""
