"""Check a stored game file: its whole hash chain, its seals under the moderator's key, and a witness.

The chain alone catches any edit inside the file, but not a cut at the end (a shorter
chain is still valid) nor a forger who recomputes every hash after an edit. The seals
(format version 3: a MAC on every line under the moderator's key) catch the recomputed
chain, for whoever holds the key. A *witness* (a record number N and the head hash after
record N, copied by a player from an earlier moderator mail) catches both a recomputed
chain and a cut, without the key. `verify_file` reports the first problem found as one
line a player can read (`pbem verify` prints it).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Optional

from pbem.errors import GameFileError

from .format import HASH_LEN, SEALED_VERSION, ForgedLineError, TornTailError, loads
from .store import read_locked

_WITNESS = re.compile(r"([0-9]+):([0-9a-fA-F]{%d})" % HASH_LEN)


@dataclass(frozen=True)
class Witness:
    """`seq:hash` as a moderator mail quotes it: the chain hash of record `seq`'s line
    (seq 0: the hash of the header's last line, the head of a game without records)."""

    seq: int
    hash: str

    @classmethod
    def parse(cls, text: str) -> "Witness":
        """Read `N:HASH` (HASH: the 32 hex digits; upper case is accepted). ValueError if malformed."""
        m = _WITNESS.fullmatch(text.strip()) if isinstance(text, str) else None
        if m is None:
            raise ValueError(f"a witness is N:HASH (a record number, a colon and the {HASH_LEN} hex "
                             f"digits of its hash), not {text!r}")
        return cls(int(m.group(1)), m.group(2).lower())

    def __str__(self) -> str:
        return f"{self.seq}:{self.hash}"


@dataclass(frozen=True)
class VerifyResult:
    """The outcome of a check.

    `status`: "ok", "damaged" (a line fails the chain or the format; `line` names it),
    "forged" (checked with the key: a line whose chain is sound but whose MAC is not; `line`),
    "unsealed" (a key was given but the file is of a version before seals, so it proves
    nothing), "cut" (the witness names a record past the end) or "rewritten" (the witness's
    hash differs from the file's). `records` and `head` describe the file when its chain is
    sound (0 and "" when it is damaged). `message` is the one line to show.
    """

    status: str
    message: str
    records: int = 0
    head: str = ""
    line: Optional[int] = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def verify_bytes(data: bytes, witness: Optional[Witness] = None, *,
                 name: str = "<game file>", key: Optional[bytes] = None) -> VerifyResult:
    """Check the bytes of a game file (see the module docstring); `key` also checks every seal."""
    try:
        log = loads(data, name=name, key=key)
    except ForgedLineError as e:
        return VerifyResult("forged", f"forged at line {e.line}: the line's hash chain was recomputed but its MAC "
                            "does not match the moderator's key: it was written or rewritten without the key",
                            line=e.line)
    except TornTailError as e:
        return VerifyResult("damaged", f"the file is damaged or edited at line {e.line}: its last line "
                            "is incomplete (an append was interrupted; 'pbem repair FILE' fixes it)",
                            line=e.line)
    except GameFileError as e:
        what = str(e)
        prefix = f"{name}:{e.line}: "
        if what.startswith(prefix):
            what = what[len(prefix):]
        return VerifyResult("damaged", f"the file is damaged or edited at line {e.line}: {what}", line=e.line)
    n = len(log.records)
    if key is not None and log.header.version < SEALED_VERSION:
        return VerifyResult("unsealed", f"not sealed: the file is format version {log.header.version}, which has "
                            "no MACs, so the key cannot vouch for it (only a witness can)", n, log.head)
    if witness is not None:
        if witness.seq > n:
            return VerifyResult("cut", f"history cut: the witness names record {witness.seq} "
                                f"but the file ends at record {n}", n, log.head)
        have = log.hash_at(witness.seq)
        if have != witness.hash:
            which = f"record {witness.seq}'s hash" if witness.seq else "the header's hash (record 0)"
            return VerifyResult("rewritten", f"history rewritten: {which} is {have} in the file "
                                f"but {witness.hash} in the witness", n, log.head)
    message = f"ok: {n} records, head {n}:{log.head}"
    if witness is not None:
        message += f" (witness {witness.seq} matches)"
    if key is not None:
        message += " (every line's MAC matches the key)"
    return VerifyResult("ok", message, n, log.head)


def verify_file(path: str | os.PathLike[str], witness: Optional[Witness] = None, *,
                key: Optional[bytes] = None) -> VerifyResult:
    """Check the game file at `path`, read under its shared lock (with `key`: its seals too).

    OSError (e.g. FileNotFoundError) if it cannot be read; every problem with its
    content is a VerifyResult, never an exception.
    """
    return verify_bytes(read_locked(path), witness, name=os.fspath(path), key=key)
