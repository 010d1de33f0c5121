"""The moderator's durable memory of mail: which messages were handled (and how), and the
outbox of mail still to send.

One SQLite file (WAL, synchronous=FULL; an attempt's count and a mail's mark as sent are not
waited for on disk, see `attempt` and `mark_sent`). A message's outcome and the mail it causes are
committed in one transaction, after the game file has taken its moves; sending happens
from the outbox afterwards, with retries, always under the mail's own Message-ID. So a
crash at any point either re-handles a message (its moves are found in the game file by
their source and not applied twice) or re-sends a mail (the same Message-ID again).
"""
from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence, TypeVar

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    key TEXT PRIMARY KEY, message_id TEXT, sender TEXT, game TEXT,
    folder TEXT NOT NULL, outcome TEXT NOT NULL, at REAL NOT NULL, digest TEXT);
CREATE INDEX IF NOT EXISTS messages_mid ON messages (message_id, sender);
CREATE TABLE IF NOT EXISTS outbox (
    id TEXT PRIMARY KEY, mail_from TEXT NOT NULL, rcpts TEXT NOT NULL, raw BLOB NOT NULL,
    created REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_try REAL NOT NULL,
    sent REAL, error TEXT, dead INTEGER NOT NULL DEFAULT 0, stripe INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (sent, dead, next_try);
CREATE TABLE IF NOT EXISTS attempts (
    key TEXT PRIMARY KEY, tries INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS signon_failures (
    game TEXT NOT NULL, seat TEXT NOT NULL, sender TEXT NOT NULL, failures INTEGER NOT NULL,
    locked_until REAL NOT NULL, last_notice REAL NOT NULL, PRIMARY KEY (game, seat, sender));
"""

#: wrong secrets for a seat before its sign-ons are refused unchecked for a while
SIGNON_FREE_TRIES = 5
#: the first lock-out (seconds), doubled with each wrong secret after it, at most a day
SIGNON_LOCK = 60.0
SIGNON_LOCK_MAX = 86400.0
#: at most one "refused sign-on" notice to a seat's address in this many seconds
SIGNON_NOTICE_EVERY = 3600.0

#: waits between send attempts (seconds); the last repeats until `max_attempts`
BACKOFF = (1, 2, 5, 15, 60, 300, 900)
#: the outbox's parts that senders take one each (a game's mail all in one, sent in order)
STRIPES = 8


def stripe_of(game: str, message_id: str) -> int:
    """The part of the outbox a mail belongs to: its game's (its own when it has none)."""
    return int(hashlib.sha256((game or message_id).encode("utf-8")).hexdigest()[:8], 16) % STRIPES


@dataclass(frozen=True)
class Outgoing:
    """A mail to send: its Message-ID (the outbox key), envelope and bytes."""

    message_id: str
    mail_from: str
    rcpts: tuple[str, ...]
    raw: bytes


@dataclass(frozen=True)
class Handled:
    """What became of a message: the folder it goes to and a one-line outcome."""

    key: str
    folder: str
    outcome: str


def _serialised(method: Callable[..., T]) -> Callable[..., T]:
    """One call at a time on the ledger's connection (the moderator judges mail in one thread
    and sends the outbox from another: `pbem.moderator.daemon.Courier`)."""
    @functools.wraps(method)
    def run(self: "Ledger", *args, **kwargs) -> T:
        with self._lock:
            return method(self, *args, **kwargs)
    return run


class Ledger:
    """Handled messages and the outbox, in `path` (created on first use). Safe to share between
    threads: each method runs alone on the one connection."""

    def __init__(self, path: str | Path, *, max_attempts: int = 30):
        self.path = Path(path)
        self.max_attempts = max_attempts
        memory = str(path) == ":memory:"
        if not memory:
            # the state folder and the ledger are the moderator's alone: a mail not yet sent holds
            # its text (a welcome holds a secret); SQLite gives its -wal and -shm files this mode
            if not self.path.parent.exists():
                self.path.parent.mkdir(parents=True, mode=0o700)
            os.close(os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600))
            if os.stat(self.path).st_mode & 0o077:
                os.chmod(self.path, 0o600)
        self._lock = threading.RLock()
        self._sending = [threading.Lock() for _ in range(STRIPES)]     # a sender per stripe (`sending`)
        self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA secure_delete=ON")       # a body dropped is overwritten, not left in free pages
        if not memory:
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        if "sender" not in [r[1] for r in self.db.execute("PRAGMA table_info(signon_failures)")]:
            self.db.execute("DROP TABLE IF EXISTS signon_failures")   # counted per seat only: started again
        self.db.executescript(_SCHEMA)
        # a ledger of an older version: the bodies of mail already sent (or given up) dropped
        self.db.execute("UPDATE outbox SET raw=X'' WHERE (sent IS NOT NULL OR dead=1) AND length(raw)>0")
        if "digest" not in [r[1] for r in self.db.execute("PRAGMA table_info(messages)")]:
            self.db.execute("ALTER TABLE messages ADD COLUMN digest TEXT")      # a ledger from before digests
        if "stripe" not in [r[1] for r in self.db.execute("PRAGMA table_info(outbox)")]:
            self.db.execute("ALTER TABLE outbox ADD COLUMN stripe INTEGER NOT NULL DEFAULT 0")   # from before stripes

    @_serialised
    def close(self) -> None:
        self.db.close()

    # --- messages --------------------------------------------------------------------
    @_serialised
    def handled(self, key: str) -> Optional[Handled]:
        row = self.db.execute("SELECT folder, outcome FROM messages WHERE key=?", (key,)).fetchone()
        return Handled(key, row[0], row[1]) if row else None

    @_serialised
    def duplicate_of(self, message_id: str, sender: str, digest: str) -> Optional[Handled]:
        """An earlier delivery of the same message: the same Message-ID from the same sender with
        the same body (never the Message-ID alone: another mail may carry it)."""
        if not message_id or not sender or not digest:
            return None
        row = self.db.execute("SELECT key, folder, outcome FROM messages WHERE message_id=? AND sender=? "
                              "AND digest=? ORDER BY at LIMIT 1", (message_id, sender, digest)).fetchone()
        return Handled(*row) if row else None

    @_serialised
    def commit(self, key: str, *, message_id: str, sender: str, game: str, folder: str, outcome: str,
               outgoing: Sequence[Outgoing] = (), digest: str = "") -> None:
        """Record a message's outcome and queue its mail, all in one transaction.
        A mail already queued under the same Message-ID is kept as it is (never queued twice)."""
        now = time.time()
        with self._tx():
            self.db.execute("INSERT OR REPLACE INTO messages (key, message_id, sender, game, folder, outcome, at, "
                            "digest) VALUES (?,?,?,?,?,?,?,?)",
                            (key, message_id, sender, game, folder, outcome, now, digest or None))
            self.db.execute("DELETE FROM attempts WHERE key=?", (key,))
            for m in outgoing:
                self.db.execute("INSERT OR IGNORE INTO outbox (id, mail_from, rcpts, raw, created, next_try, stripe) "
                                "VALUES (?,?,?,?,?,?,?)", (m.message_id, m.mail_from, json.dumps(list(m.rcpts)),
                                                           m.raw, now, now, stripe_of(game, m.message_id)))

    # --- attempts: a mail that crashes the moderator is not retried forever --------------
    @_serialised
    def attempt(self, key: str) -> int:
        """Count one more attempt at judging `key`, committed before the judging starts (so a
        kill counts too); returns the attempts so far, this one included."""
        with self._tx(durable=False):         # against a mail that kills the process, not the machine
            row = self.db.execute("SELECT tries FROM attempts WHERE key=?", (key,)).fetchone()
            tries = (row[0] if row else 0) + 1
            self.db.execute("INSERT OR REPLACE INTO attempts VALUES (?,?,?)", (key, tries, time.time()))
        return tries

    # --- sign-on failures: a rate limit per seat and sending address ---------------------
    # Counted per (game, seat, sender): wrong secrets from another address lock only that address
    # out of the seat, never the seat's registered address (which keeps a count of its own).
    @_serialised
    def signon_locked(self, game: str, seat: str, sender: str, now: Optional[float] = None) -> bool:
        """Whether the seat's sign-ons from `sender` are refused unchecked now (too many wrong secrets)."""
        now = time.time() if now is None else now
        row = self.db.execute("SELECT locked_until FROM signon_failures WHERE game=? AND seat=? AND sender=?",
                              (game, seat.lower(), sender.lower())).fetchone()
        return bool(row) and row[0] > now

    @_serialised
    def signon_failed(self, game: str, seat: str, sender: str, now: Optional[float] = None, *,
                      checked: bool = True) -> bool:
        """Count a wrong secret for the seat from `sender` (`checked`; a try refused unchecked while
        locked is not counted, so it neither extends the lock nor is a guess); from the
        SIGNON_FREE_TRIES-th on, that sender is locked out of the seat for a time that doubles with
        each. Returns whether a notice may go to the seat's address (one per SIGNON_NOTICE_EVERY,
        whoever the senders)."""
        now = time.time() if now is None else now
        seat, sender = seat.lower(), sender.lower()
        with self._tx():
            row = self.db.execute("SELECT failures, locked_until FROM signon_failures "
                                  "WHERE game=? AND seat=? AND sender=?", (game, seat, sender)).fetchone()
            failures, locked = row if row else (0, 0.0)
            last = self.db.execute("SELECT MAX(last_notice) FROM signon_failures WHERE game=? AND seat=?",
                                   (game, seat)).fetchone()[0] or 0.0
            if checked:
                failures += 1
                over = failures - SIGNON_FREE_TRIES
                if over >= 0:
                    locked = now + min(SIGNON_LOCK * 2 ** min(over, 20), SIGNON_LOCK_MAX)
            notice = now - last >= SIGNON_NOTICE_EVERY
            self.db.execute("INSERT OR REPLACE INTO signon_failures VALUES (?,?,?,?,?,?)",
                            (game, seat, sender, failures, locked, now if notice else last))
        return notice

    @_serialised
    def signon_ok(self, game: str, seat: str, sender: str) -> None:
        """A right sign-on: the count of wrong secrets from that address starts again (other
        addresses stay counted, and locked)."""
        with self._tx():
            self.db.execute("DELETE FROM signon_failures WHERE game=? AND seat=? AND sender=?",
                            (game, seat.lower(), sender.lower()))

    @_serialised
    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM messages").fetchone()[0]

    # --- outbox ----------------------------------------------------------------------
    @contextlib.contextmanager
    def sending(self, stripe: int, *, wait: bool = True) -> Iterator[bool]:
        """Hold the right to send one stripe of this ledger's outbox (`stripe_of`): one sender at a
        time for it, among the threads of this process and every process on the same ledger (a
        lock on `LEDGER.send-N`, which goes with its process however it dies), so no mail is sent
        twice by two senders reading it as due at once, while other stripes are sent meanwhile.
        Yields False, holding nothing, when another sender has it and `wait` is off."""
        if not self._sending[stripe].acquire(blocking=wait):
            yield False
            return
        fd = -1
        try:
            if str(self.path) != ":memory:":
                fd = os.open(f"{self.path}.send-{stripe}", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
                except BlockingIOError:
                    yield False
                    return
            yield True
        finally:
            if fd >= 0:
                os.close(fd)
            self._sending[stripe].release()

    @_serialised
    def due(self, now: Optional[float] = None, limit: int = 100, *, stripe: Optional[int] = None) -> list[Outgoing]:
        """Mails to send now, oldest first (of one stripe only, with `stripe`)."""
        now = time.time() if now is None else now
        part = "" if stripe is None else f" AND stripe={int(stripe)}"
        rows = self.db.execute("SELECT id, mail_from, rcpts, raw FROM outbox WHERE sent IS NULL AND dead=0 "
                               f"AND next_try<=?{part} ORDER BY created, id LIMIT ?", (now, limit)).fetchall()
        return [Outgoing(r[0], r[1], tuple(json.loads(r[2])), bytes(r[3])) for r in rows]

    @_serialised
    def pending(self) -> int:
        """Mails queued and not yet sent (nor given up)."""
        return self.db.execute("SELECT COUNT(*) FROM outbox WHERE sent IS NULL AND dead=0").fetchone()[0]

    @_serialised
    def next_try(self) -> Optional[float]:
        row = self.db.execute("SELECT MIN(next_try) FROM outbox WHERE sent IS NULL AND dead=0").fetchone()
        return row[0]

    @_serialised
    def mark_sent(self, message_id: str) -> None:
        """A mail sent: its body is dropped (kept only while it may still be sent). Not waited
        for on disk: lost with the machine's power, the mark only makes the mail sent again,
        under its Message-ID, as a crash between sending and marking always could."""
        with self._tx(durable=False):
            self.db.execute("UPDATE outbox SET sent=?, error=NULL, raw=X'' WHERE id=?", (time.time(), message_id))

    @_serialised
    def scrub(self) -> None:
        """Write the WAL back and empty it, so the bodies dropped are nowhere in the files."""
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    @_serialised
    def mark_failed(self, message_id: str, error: str, *, transient: bool) -> None:
        """A failed attempt: retry later with backoff, or give up (permanent, or too many tries)."""
        with self._tx():
            row = self.db.execute("SELECT attempts FROM outbox WHERE id=?", (message_id,)).fetchone()
            attempts = (row[0] if row else 0) + 1
            wait = BACKOFF[min(attempts - 1, len(BACKOFF) - 1)]
            dead = int(not transient or attempts >= self.max_attempts)
            self.db.execute("UPDATE outbox SET attempts=?, error=?, next_try=?, dead=? WHERE id=?",
                            (attempts, error[:500], time.time() + wait, dead, message_id))
            if dead:
                self.db.execute("UPDATE outbox SET raw=X'' WHERE id=?", (message_id,))

    @_serialised
    def failures(self) -> list[tuple[str, str]]:
        """Mails given up on: (Message-ID, last error)."""
        return list(self.db.execute("SELECT id, error FROM outbox WHERE dead=1 ORDER BY created"))

    def _tx(self, *, durable: bool = True):
        return _Transaction(self.db, durable)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT; `durable=False`: committed without waiting for the disk
    (synchronous=NORMAL: kept if the process dies, perhaps lost with the machine's power)."""

    def __init__(self, db: sqlite3.Connection, durable: bool = True):
        self.db, self.durable = db, durable

    def __enter__(self):
        if not self.durable:
            self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type, exc, tb):
        try:
            self.db.execute("COMMIT" if exc_type is None else "ROLLBACK")
        finally:
            if not self.durable:
                self.db.execute("PRAGMA synchronous=FULL")
        return False
