"""How values are written in a game file's lines: quoting, times, the hash chain and the seals.

The field encoding and the chain that `format` (the lines of each record, `loads`, `dumps`)
and `records` (the values a file holds) share; docs/game-file.md specifies it.
"""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from typing import Iterable

from pbem.errors import GameFileError

from .key import mac as _mac

FORMAT_VERSION = 3            # what new files are written as
SUPPORTED_VERSIONS = (1, 2, 3)  # what the reader accepts (1: moves without a seat field)
SEALED_VERSION = 3            # from this version on every line carries the moderator's seal (MAC)
MAGIC = "pbem-game"
HASH_LEN = 32                 # hex digits kept of each SHA-256 (128 bits)
GENESIS = "0" * HASH_LEN      # the "previous hash" of line 1


def chain_hash(prev: str, body: bytes) -> str:
    """The hash of a line: first HASH_LEN hex digits of SHA-256(prev-hash ASCII + body bytes)."""
    return hashlib.sha256(prev.encode("ascii") + body).hexdigest()[:HASH_LEN]


def quote(value: str) -> str:
    """Quote a string field: a JSON string literal in one canonical form.

    `"` and `\\` are backslash-escaped, newline/CR/tab become \\n \\r \\t, every other
    character that is not printable (str.isprintable) becomes \\uXXXX (a surrogate pair
    above U+FFFF); all other characters, including non-ASCII letters, are kept as is.
    """
    if value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'             # nothing to escape (the common case)
    out = ['"']
    for ch in value:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ch.isprintable():
            out.append(ch)
        else:
            cp = ord(ch)
            if cp > 0xFFFF:
                cp -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)))
            else:
                out.append("\\u%04x" % cp)
    out.append('"')
    return "".join(out)


def for_listing(value: str) -> str:
    """A string for a human listing: as is when printable, else quoted."""
    return value if value and value.isprintable() else quote(value)


def format_time(value: datetime) -> str:
    v = value.astimezone(timezone.utc)
    return (f"{v.year:04d}-{v.month:02d}-{v.day:02d}"
            f"T{v.hour:02d}:{v.minute:02d}:{v.second:02d}Z")


def render_lines(prev: str, bodies: Iterable[str], *, key: bytes | None = None,
                 macs: Iterable[str] | None = None) -> tuple[bytes, str]:
    """Hash-chain `bodies` after `prev`; returns the bytes of the lines and the new head.

    With `key` (or the stored `macs`, one per body) each line is sealed (version 3):
    `<content> <mac> <hash>`, the MAC being HMAC-SHA-256(key, prev hash + content).
    """
    out = bytearray()
    seals = iter(macs) if macs is not None else None
    for body in bodies:
        b = body.encode("utf-8")
        if key is not None:
            b += b" " + _mac(key, prev, b, HASH_LEN).encode("ascii")
        elif seals is not None:
            b += b" " + next(seals).encode("ascii")
        prev = chain_hash(prev, b)
        out += b + b" " + prev.encode("ascii") + b"\n"
    return bytes(out), prev


def sealing_key(version: int, key: bytes | None) -> bytes | None:
    """The key to seal lines of a file of `version` with: required from SEALED_VERSION on,
    never used before it (an old game goes on unsealed). GameFileError if it is missing."""
    if version < SEALED_VERSION:
        return None
    if key is None:
        raise GameFileError("this game file is sealed (format version 3): writing to it needs the "
                            "moderator's key (see PBEM_KEY_FILE in docs/game-file.md)")
    return key

