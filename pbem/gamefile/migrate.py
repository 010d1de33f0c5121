"""`pbem seal`: an old, unsealed game file (format version 1 or 2) sealed under the moderator's key.

Once a moderator key exists, the moderator refuses every unsealed game file (a forger could have
stripped the seals of a sealed one: `store.check_vouched`). Sealing an old game is therefore an
explicit, logged step: the plain chain is verified (and a witness the moderator kept, if given),
every line is rewritten as version 3 and sealed, and a note at the end records the migration with
the old file's head, so that the witnesses mailed before it can still be related to the new file.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Optional

from pbem.errors import GameFileError

from .encoding import GENESIS, SEALED_VERSION, render_lines
from .format import _header_bodies, _record_body, loads, note_body
from .key import key_id, load_key
from .records import utcnow
from .store import _check_same, _check_writable, _hook, _locked, _must_exist, _write_new


@dataclass(frozen=True)
class SealResult:
    """What `seal_file` did: the old format version, the records and heads before and after
    (`old_head`/`new_head` as `N:HASH`), and the key's public id. `changed` False: already sealed."""

    old_version: int
    records: int
    old_head: str
    new_head: str
    key_id: str
    changed: bool = True


def seal_file(path: str | os.PathLike[str], *, key: Optional[bytes] = None, witness=None,
              time: Optional[datetime] = None) -> SealResult:
    """Seal the unsealed game file at `path` in place, under its exclusive lock.

    `key`: by default the moderator's key file (made if there is none, as for a new game).
    `witness` (a `verify.Witness`): the last head the moderator mailed; refused unless the file
    matches it. A file already sealed is checked with the key (ForgedLineError) and left as is.
    GameFileError (nothing written) if the chain is damaged or the witness does not match.
    """
    path = Path(path)
    _must_exist(path)
    if key is None:
        key = load_key(create=True)
    with _locked(path, exclusive=True) as held:
        data = held.read()
        log = loads(data, name=str(path), key=key)
        n = len(log.records)
        old_head = f"{n}:{log.head}"
        kid = key_id(key)
        if log.header.version >= SEALED_VERSION:
            return SealResult(log.header.version, n, old_head, old_head, kid, changed=False)
        if witness is not None:
            if witness.seq > n or log.hash_at(witness.seq) != witness.hash:
                raise GameFileError(f"{path}: not sealed: the file does not match the witness {witness} "
                                    f"(its head is {old_head}): it is not the game you mailed")
        v = log.header.version
        text = (f"sealed by pbem seal: until here this was a format-version {v} game file without seals, "
                f"{n} records, head {old_head}; every line above was sealed with the moderator's key "
                f"{kid} and so has a new hash (a witness mailed before this note names the old file: "
                f"strip the seals, put back version {v} in line 1"
                + (" and drop the moves' seat fields" if v == 1 else "") + ", and its chain gives that head)")
        bodies = (_header_bodies(replace(log.header, version=SEALED_VERSION))
                  + [_record_body(r, SEALED_VERSION) for r in log.records]
                  + [note_body(n + 1, time or utcnow(), "moderator", text, "pbem seal")])
        content, _ = render_lines(GENESIS, bodies, key=key)
        new = loads(content, name=str(path), key=key)       # what is written is read back first
        if [replace(r, hash="") for r in new.records[:n]] != [replace(r, hash="") for r in log.records]:
            raise GameFileError(f"{path}: sealing changed the records; nothing written")
        _check_writable(held, path)
        _hook("before_write", held.real)
        _check_same(held, path)
        _write_new(held.real, content, replace_existing=True)
    return SealResult(v, n, old_head, f"{n + 1}:{new.head}", kid)


__all__ = ["SealResult", "seal_file"]
