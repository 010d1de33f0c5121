"""Plain-file Maildir helpers shared by the Maildir mailbox and sender.

A message is written under tmp/ and renamed into new/, so a reader never sees half a file.
"""
from __future__ import annotations

import itertools
import os
import secrets
import socket
import time
from pathlib import Path

from pbem.mail.masking import mask_signons

SUBDIRS = ("tmp", "new", "cur")
_counter = itertools.count()


def ensure_maildir(path: Path) -> Path:
    """Create path/tmp, path/new and path/cur if missing, private to their owner (0700: mail
    holds secrets); returns path."""
    for sub in SUBDIRS:
        if not (path / sub).is_dir():
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
            (path / sub).mkdir(exist_ok=True, mode=0o700)
    return path


def unique_name() -> str:
    """A Maildir file name that no other writer on any host picks: time, pid, counter, random."""
    ns = time.time_ns()
    host = socket.gethostname().replace("/", r"\057").replace(":", r"\072")
    return (f"{ns // 1_000_000_000}.M{ns // 1000 % 1_000_000}P{os.getpid()}"
            f"Q{next(_counter)}R{secrets.token_hex(4)}.{host}")


def base_name(filename: str) -> str:
    """The unique part of a Maildir file name, without the ':2,FLAGS' info a reader may add."""
    return filename.split(":", 1)[0]


def write_message(maildir: Path, raw: bytes) -> Path:
    """Store raw bytes (unchanged) in maildir/new the Maildir way; returns the final path."""
    ensure_maildir(maildir)
    name = unique_name()
    tmp = maildir / "tmp" / name
    with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600), "wb") as f:
        f.write(raw)
        f.flush()
        os.fsync(f.fileno())
    final = maildir / "new" / name
    os.rename(tmp, final)
    return final


def file_masked(path: Path, dest_dir: Path) -> None:
    """Move the message at `path` into the Maildir folder `dest_dir` (its cur/) with its SIGNON
    secrets masked: written under tmp/, renamed into place, then the original removed (a crash
    between leaves it in both; the one left behind is filed again, as a message already handled)."""
    ensure_maildir(dest_dir)
    raw = path.read_bytes()
    masked = mask_signons(raw)
    if masked == raw:
        os.rename(path, dest_dir / "cur" / path.name)
        return
    tmp = dest_dir / "tmp" / path.name
    with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600), "wb") as f:
        f.write(masked)
        f.flush()
        os.fsync(f.fileno())
    os.rename(tmp, dest_dir / "cur" / path.name)
    os.unlink(path)


def list_messages(maildir: Path) -> list[Path]:
    """Every message file in new/ and cur/, oldest first (by modification time, then name)."""
    found: list[tuple[float, str, Path]] = []
    for sub in ("new", "cur"):
        try:
            entries = list(os.scandir(maildir / sub))
        except FileNotFoundError:
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                found.append((entry.stat().st_mtime, entry.name, Path(entry.path)))
            except FileNotFoundError:
                continue          # taken by someone else while we looked
    return [path for _mtime, _name, path in sorted(found)]


def find_message(maildir: Path, base: str) -> Path | None:
    """The file in new/ or cur/ whose unique part is `base`, if it is still there."""
    for path in list_messages(maildir):
        if base_name(path.name) == base:
            return path
    return None
