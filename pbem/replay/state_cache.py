"""A game file's replayed state kept on disk, keyed by the file's head hash: a command started
for a game it has seen (`pbem status`, `pbem move`, `pbem legal`) thaws the state instead of
replaying every move.

The cache is only a speed-up, never a source of truth. An entry is used only when all of this
holds, and otherwise ignored and replaced (docs/game-file.md, "The state cache"):
- its MAC (HMAC-SHA-256 under a key derived from the moderator's key) is right, so only a
  process holding that key made it: nothing else is ever unpickled;
- it names the head hash, the record count and the moves of the file just opened and verified
  (its whole hash chain and seals), so an edited, annulled or other file never meets a state
  made for another;
- it was made by this very code (a fingerprint of pbem's files and of Python), so a state
  made by another version is never taken for this one's;
- it thaws naming only the engine's and titles' classes (`pbem.engine.snapshot.thaw_value`).
The folder is `$PBEM_STATE_CACHE` ("off": no cache), else `states` in pbem's cache folder
(`$PBEM_CACHE_DIR`, "" for none, else `~/.cache/pbem`), made private (0700); it keeps the
MAX_ENTRIES states used last.
"""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from pbem.engine.snapshot import freeze, freeze_value, thaw_value
from pbem.game import Game
from pbem.gamefile import GameFile
from pbem.gamefile.key import load_key
from pbem.titles import load_title
from pbem.titles.registry import title_entry

from .gamefile import replay_file, setup_of

__all__ = ["StateCache", "MAX_ENTRIES", "MAX_BYTES", "CACHE_ENV"]

CACHE_ENV = "PBEM_STATE_CACHE"
MAGIC = b"pbem-state 1\n"
MAX_ENTRIES = 64                  # states kept (about 0.2 MB each for a whole game)
MAX_BYTES = 32 << 20              # a bigger file is no state of ours: not read
_MAC_LEN = 64                     # hex digits of the HMAC-SHA-256
_PACKAGE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class _Made:
    """What an entry says it is the state of."""

    code: str
    head: str
    records: int
    moves: int
    state_bytes: int


def _fingerprint() -> str:
    """This code: every file of the pbem package (name, size, modification time) and Python's version."""
    h = hashlib.sha256(sys.version.encode())
    for root, dirs, files in os.walk(_PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".json", ".lark", ".j2")):
                st = os.stat(os.path.join(root, name))
                h.update(f"{os.path.relpath(os.path.join(root, name), _PACKAGE)} {st.st_size} {st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:32]


_CODE: list[str] = []


def code_fingerprint() -> str:
    """`_fingerprint()`, worked out once per process."""
    if not _CODE:
        _CODE.append(_fingerprint())
    return _CODE[0]


def _allowed(module: str, name: str) -> bool:
    """The classes a state may name: the engine's and the built-in titles', and fractions."""
    return module.startswith(("pbem.engine.", "pbem.titles.")) or (module, name) == ("fractions", "Fraction")


def _folder() -> Optional[Path]:
    """$PBEM_STATE_CACHE ("off": none), else `states` in pbem's cache folder: $PBEM_CACHE_DIR
    ("": no cache, as for the grammar's), else $XDG_CACHE_HOME/pbem (~/.cache/pbem)."""
    env = os.environ.get(CACHE_ENV)
    if env == "off":
        return None
    if env:
        return Path(env)
    base = os.environ.get("PBEM_CACHE_DIR")
    if base == "":
        return None
    if base is None:
        base = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pbem")
    return Path(base) / "states"


class StateCache:
    """The states of game files, in `folder`, authenticated with `key` (see the module docstring)."""

    def __init__(self, folder: Path, key: bytes, most: Optional[int] = None, least_moves: int = 0):
        """`most`: the states kept (MAX_ENTRIES); `least_moves`: the moves in force a game needs
        for its state to be kept and thawed (a short game replays faster than its state thaws)."""
        self.folder, self.most, self.least_moves = folder, most, least_moves
        self._mac_key = hmac.new(key, b"pbem state cache", hashlib.sha256).digest()

    @classmethod
    def default(cls, key: Optional[bytes] = None) -> Optional["StateCache"]:
        """The cache of this user (None when it is off, or there is no moderator's key to
        authenticate it with: then every command replays)."""
        folder = _folder()
        if folder is None:
            return None
        key = key if key is not None else load_key()
        return cls(folder, key) if key is not None else None

    def replay(self, gf: GameFile) -> tuple[Game, list[int]]:
        """`replay_file(gf)`: the state kept for its head, or the file replayed and its state kept."""
        found = self.load(gf)
        if found is None:
            found = replay_file(gf)
            self.save(gf, found[0])
        return found

    # --- reading ------------------------------------------------------------------
    def load(self, gf: GameFile) -> Optional[tuple[Game, list[int]]]:
        """The game after `gf`'s moves in force and their numbers, when an entry for its head
        is here and passes every check; None otherwise (the caller replays)."""
        if not _cacheable(gf) or not self._long_enough(gf):
            return None
        path = self._path(gf.head)
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        try:
            with os.fdopen(fd, "rb") as f:
                data = f.read(MAX_BYTES + 1)
        except OSError:
            return None
        found = self._open(data, gf)
        if found is None:
            return None
        made, state_bytes, moves_bytes = found
        setup = setup_of(gf.header)
        title = load_title(setup.title, setup.data)
        try:
            state = thaw_value(state_bytes, title, _allowed)
            moves = thaw_value(moves_bytes, title, _allowed)
        except Exception:          # noqa: BLE001 - authenticated but unreadable: ignored, replayed
            return None
        if not isinstance(moves, list) or len(moves) != made.moves or type(state).__module__ != "pbem.engine.game":
            return None
        played = Game(setup, state)
        played.moves = moves
        played.snapshots = {len(moves): state_bytes} if moves else {}
        try:
            os.utime(path)          # used now: kept longer
        except OSError:
            pass
        return played, [r.seq for r in gf.effective_moves()]

    def _open(self, data: bytes, gf: GameFile) -> Optional[tuple[_Made, bytes, bytes]]:
        """The entry's parts when its MAC is right and it names `gf` and this code."""
        if len(data) > MAX_BYTES or not data.startswith(MAGIC):
            return None
        mac, body = data[len(MAGIC):len(MAGIC) + _MAC_LEN], data[len(MAGIC) + _MAC_LEN:]
        if not hmac.compare_digest(mac, self._mac(body).encode("ascii")):
            return None
        head, _, rest = body.partition(b"\n")
        try:
            made = _Made(**json.loads(head))
        except (ValueError, TypeError):
            return None
        if (made.code, made.head, made.records, made.moves) != (
                code_fingerprint(), gf.head, len(gf.records), len(gf.effective_moves())):
            return None
        if type(made.state_bytes) is not int or not 0 < made.state_bytes <= len(rest):
            return None
        return made, rest[:made.state_bytes], rest[made.state_bytes:]

    # --- writing ------------------------------------------------------------------
    def save(self, gf: GameFile, game: Game) -> None:
        """Keep `game` as the state of `gf` (its moves in force replayed): best effort, a cache
        that cannot be written is no error."""
        if not _cacheable(gf) or not self._long_enough(gf) or len(game.moves) != len(gf.effective_moves()):
            return
        state_bytes = freeze(game.state)
        moves_bytes = freeze_value(list(game.moves), game.state.title)
        made = _Made(code_fingerprint(), gf.head, len(gf.records), len(game.moves), len(state_bytes))
        body = json.dumps(made.__dict__, sort_keys=True).encode() + b"\n" + state_bytes + moves_bytes
        data = MAGIC + self._mac(body).encode("ascii") + body
        if len(data) > MAX_BYTES:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            path = self._path(gf.head)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, path)       # a link planted at `path` is replaced, never followed
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)
            self._trim()
        except OSError:
            return

    def _trim(self) -> None:
        """Keep the `most` states used last (and no temporary file a killed writer left)."""
        entries, stale = [], []
        old = time.time_ns() - 600 * 10 ** 9
        for e in os.scandir(self.folder):
            if not e.is_file(follow_symlinks=False):
                continue
            mtime = e.stat(follow_symlinks=False).st_mtime_ns
            if e.name.endswith(".state"):
                entries.append((mtime, e.path))
            elif e.name.endswith(".tmp") and mtime < old:
                stale.append((mtime, e.path))
        for _, path in sorted(entries)[:-(self.most or MAX_ENTRIES)] + stale:
            try:
                os.unlink(path)
            except OSError:
                pass

    # --- common -------------------------------------------------------------------
    def _long_enough(self, gf: GameFile) -> bool:
        return not self.least_moves or len(gf.effective_moves()) >= self.least_moves

    def _path(self, head: str) -> Path:
        return self.folder / f"{head}.state"

    def _mac(self, body: bytes) -> str:
        return hmac.new(self._mac_key, body, hashlib.sha256).hexdigest()


def _cacheable(gf: GameFile) -> bool:
    """Only a built-in title's state is kept (a plug-in's code is not in the fingerprint), and
    only a head that is a hash (it names the entry's file)."""
    try:
        entry = title_entry(gf.header.title)
    except Exception:              # noqa: BLE001 - an unknown title: the replay says so
        return False
    head = gf.head
    return entry.package.startswith("pbem.titles.") and len(head) == 32 and all(c in "0123456789abcdef" for c in head)
