"""The moderator's key: the secret that seals a game file's lines (format version 3).

The key never goes into a game file. It lives in a key file, by default
`$XDG_CONFIG_HOME/pbem/key` (`~/.config/pbem/key`), overridden by the environment variable
`PBEM_KEY_FILE` or an explicit path (`pbem verify --key-file`). The file holds 64 hex digits
(32 random bytes) and a newline, mode 0600. Whoever holds it can write lines the moderator's
checks accept, so it stays with the moderator; players never need it (docs/game-file.md).
"""
from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path
from typing import Optional

from pbem.errors import GameFileError

KEY_ENV = "PBEM_KEY_FILE"
_KEY_TEXT = re.compile(rb"([0-9a-f]{64})\n?")


def key_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Where the key is: `explicit`, else $PBEM_KEY_FILE, else $XDG_CONFIG_HOME/pbem/key."""
    if explicit is not None:
        return Path(explicit)
    env = os.environ.get(KEY_ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "pbem" / "key"


def read_key(path: Path) -> bytes:
    """The 32 key bytes in `path`; GameFileError if the file is not a key or its group or
    others may read it (anyone who reads it can seal lines as the moderator), OSError if unreadable."""
    data = path.read_bytes()
    mode = os.stat(path).st_mode
    if mode & 0o044:
        raise GameFileError(f"{path}: the key file may be read by its group or others (mode {mode & 0o777:o}); "
                            f"make it private with: chmod 600 {path}")
    m = _KEY_TEXT.fullmatch(data)
    if m is None:
        raise GameFileError(f"{path}: not a pbem key file (it must hold 64 lowercase hex digits)")
    return bytes.fromhex(m.group(1).decode("ascii"))


def load_key(explicit: str | os.PathLike[str] | None = None, *, create: bool = False) -> Optional[bytes]:
    """The moderator's key, or None when there is no key file (and `create` is False).

    With `create`, a missing key file is made (32 random bytes, mode 0600, its folder 0700):
    the first game a moderator creates makes the key every later game is sealed with.
    An explicit path that does not exist is an error unless `create` is set.
    """
    path = key_path(explicit)
    try:
        return read_key(path)
    except FileNotFoundError:
        if not create:
            if explicit is not None:
                raise
            return None
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    except FileExistsError:                # another process made it first: use theirs
        return read_key(path)
    try:
        os.write(fd, key.hex().encode("ascii") + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    return key


def mac(key: bytes, prev: str, content: bytes, length: int) -> str:
    """A line's seal: the first `length` hex digits of HMAC-SHA-256(key, prev-hash ASCII + content)."""
    return hmac.digest(key, prev.encode("ascii") + content, "sha256").hex()[:length]


def key_id(key: bytes) -> str:
    """A short public name of a key (not the key): lets a moderator tell keys apart."""
    return hashlib.sha256(b"pbem key id " + key).hexdigest()[:12]


__all__ = ["KEY_ENV", "key_path", "read_key", "load_key", "mac", "key_id"]
