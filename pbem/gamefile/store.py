"""A game file on disk: create, open, append under a lock, annul, repair a torn tail.

Locking: every operation takes fcntl.flock on the game file itself (the real file, symlinks
resolved; shared to read, exclusive to write) and re-reads and verifies the whole file under
that lock, so several processes (mail handler, CLI) may use the same game at once. A rewrite
replaces the file by a new inode, so a process that waited on the old one sees that and locks
the new one: no lock or temp file is ever left beside a game. Details: docs/game-file.md.
"""
from __future__ import annotations

import errno
import fcntl
import os
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from pbem.errors import GameFileError

from .atomic import is_temp_of, write_file
from .encoding import SEALED_VERSION, render_lines, sealing_key
from .format import (StaleGameError, UnsealedGameError, WriteRefusedError, annul_body, extend, header_text, loads,
                     move_body, note_body)
from .key import key_path, load_key
from .records import AnnulRecord, GameHeader, GameLog, MoveRecord, NoteRecord, Record, _text, _utc, utcnow


def real_path(path: str | os.PathLike[str]) -> Path:
    """The file a game path names, symlinks resolved: what is locked, read and replaced.

    Resolved afresh by every operation, so a link retargeted later is followed.
    """
    return Path(os.path.realpath(os.fspath(path)))


@dataclass(frozen=True)
class Locked:
    """A game file held under its lock: `real` is the file's path (symlinks resolved) and `fd`
    an open descriptor of the very inode that `real` names while the lock is held."""

    real: Path
    fd: int

    def read(self) -> bytes:
        """The whole file, read through the locked descriptor."""
        chunks = []
        offset = 0
        while True:
            chunk = os.pread(self.fd, 1 << 20, offset)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            offset += len(chunk)


def _is_current(fd: int, path: str | os.PathLike[str], real: Path) -> bool:
    """Whether `path` still resolves to `real` and `real` is still the inode open as `fd`
    (a rewrite renames a new file over the old one while others wait for its lock)."""
    if real_path(path) != real:
        return False
    try:
        st = os.lstat(real)               # a link put in its place is not the file we hold
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (held.st_dev, held.st_ino)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _open_for_lock(real: Path, *, exclusive: bool) -> int:
    """A descriptor to flock `real` through: read-only to share the lock; to hold it alone,
    read-write where allowed (NFS grants an exclusive lock only on a descriptor open for
    writing), else read-only (a local file system does not mind)."""
    if exclusive:
        try:
            return os.open(real, os.O_RDWR | os.O_CLOEXEC | _NOFOLLOW)
        except OSError as e:
            if e.errno not in (errno.EACCES, errno.EPERM, errno.EROFS, errno.EISDIR):
                raise
    return os.open(real, os.O_RDONLY | os.O_CLOEXEC | _NOFOLLOW)


@contextmanager
def _locked(path: str | os.PathLike[str], *, exclusive: bool) -> Iterator[Locked]:
    """Hold flock on the game file itself, shared or exclusive, and yield it.

    The lock belongs to the inode, and every rewrite puts a new inode in place: so after
    waiting for the lock we check that the path still names the inode we locked, and
    otherwise let go and lock the file that is there now. Every path to one game (a symlink,
    a relative path) resolves to the same real file, so they all share its lock. flock needs
    no write access, so a read-only copy is locked like any other file.
    FileNotFoundError if there is no file; IsADirectoryError for a folder.
    """
    for attempt in range(100):
        real = real_path(path)
        try:
            fd = _open_for_lock(real, exclusive=exclusive)
        except OSError as e:
            if e.errno != errno.ELOOP or attempt == 99:
                raise
            continue                      # made a link after it was resolved: resolve it again
        try:
            if stat.S_ISDIR(os.fstat(fd).st_mode):
                raise IsADirectoryError(errno.EISDIR, "is a directory, not a game file", os.fspath(path))
            fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            if _is_current(fd, path, real):
                break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)                      # replaced while we waited: lock the new file
    try:
        yield Locked(real, fd)
    finally:
        os.close(fd)                      # closing the descriptor releases the lock


def check_vouched(name: str, version: int, key: bytes | None) -> None:
    """The rule of every read and write the moderator makes (docs/game-file.md, *Threat model*):
    with a moderator key, only a sealed file (its seals checked by the caller) is vouched for;
    without one, only an unsealed file (there is nothing to check a seal against).

    A file without seals while a key exists is what a forger makes of a sealed game: strip the
    seals, edit, recompute the plain chain. UnsealedGameError, naming what was found.
    """
    if key is not None and version < SEALED_VERSION:
        raise UnsealedGameError(
            f"{name} is not sealed (format version {version}) but a moderator key exists: refusing to read or "
            "write it as the moderator, since anyone can edit an unsealed file and recompute its hash chain "
            "(a sealed game with its seals stripped looks just like this). If this is an old game of yours, "
            f"check it against the last head you mailed (pbem verify {name} --head N:HASH), then seal it: "
            f"pbem seal {name}")
    if key is None and version >= SEALED_VERSION:
        raise UnsealedGameError(
            f"{name} is sealed (format version {version}): reading or writing it as the moderator needs the "
            f"moderator's key, and there is none at {key_path()} (restore it from its backup, or set "
            "PBEM_KEY_FILE; see docs/game-file.md)")


#: tests only: called as WRITE_HOOK(stage, real path) at "before_write" (the file verified and held,
#: nothing written yet) and "after_write" (written, not yet checked again), to swap the path there
WRITE_HOOK: Callable[[str, Path], None] | None = None


def _hook(stage: str, real: Path) -> None:
    if WRITE_HOOK is not None:
        WRITE_HOOK(stage, real)


def _check_writable(held: Locked, path: str | os.PathLike[str]) -> None:
    """Refuse (WriteRefusedError) to write a game file with no write bit in its mode, or held
    through a read-only descriptor. The mode bits are read, not os.access: root may write any
    file, but a game file made read-only must stay as it is for root too."""
    mode = stat.S_IMODE(os.fstat(held.fd).st_mode)
    if not mode & 0o222 or fcntl.fcntl(held.fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY:
        raise WriteRefusedError(f"{path}: the game file is read-only (mode {mode:04o}): nothing was written; "
                                "make it writable (chmod u+w) to go on")


def _check_same(held: Locked, path: str | os.PathLike[str]) -> None:
    """Refuse (WriteRefusedError) unless `path` still names, through no new link, the very
    file held and verified as `held.fd`: a path swapped for a link or another file is never written."""
    try:
        st = os.lstat(held.real)
    except FileNotFoundError:
        st = None
    fd = os.fstat(held.fd)
    if (st is None or not stat.S_ISREG(st.st_mode) or (st.st_dev, st.st_ino) != (fd.st_dev, fd.st_ino)
            or real_path(path) != held.real):
        raise WriteRefusedError(f"{path}: the game file was replaced (by a link or another file) while it was "
                                f"held for writing: nothing was written; look at what {path} is now before going on")


def _sweep_temps(path: Path) -> list[Path]:
    """Remove what killed writers left beside `path`: temp files of `write_file`, and the
    empty `<name>.lock` sidecar that versions before locking the file itself created.

    Called with `path`'s lock held (shared or exclusive) on the current file: a temp file of
    this game is only named while its writer holds the exclusive lock on the current file
    (it is renamed over the game before that writer lets go), so one that exists now belongs
    to a writer that died. Returns what was removed; a folder we may not write is left as is.
    """
    gone = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return gone
    ours = "." + path.name + "."                 # every temp name of this game starts so (`temp_name`)
    sidecar = path.name + ".lock"
    for name in names:                           # (a moderator's folder holds every game: one pass, no work per name)
        if (name.startswith(ours) and is_temp_of(name, path)) or name == sidecar:
            old = path.parent / name
            try:
                if name.endswith(".lock") and (not stat.S_ISREG(os.lstat(old).st_mode) or os.lstat(old).st_size):
                    continue                  # not an old empty lock sidecar: not ours to remove
                os.unlink(old)
                gone.append(old)
            except OSError:
                pass
    return gone


def _must_exist(path: Path) -> None:
    if not path.exists():
        raise FileNotFoundError(errno.ENOENT, "no such game file", str(path))


def _refuse_existing(path: Path) -> GameFileError:
    return GameFileError(f"{path}: refusing to overwrite an existing game file")


def _write_new(path: Path, content: bytes, *, replace_existing: bool) -> None:
    """`write_file`, refusing (GameFileError) to make a game where a file exists."""
    try:
        write_file(path, content, replace=replace_existing)
    except FileExistsError:
        raise _refuse_existing(path) from None


class GameFile:
    """One game's stored file. Obtain with `GameFile.create` or `GameFile.open`.

    The in-memory view (`header`, `records`, `head`) is refreshed by every write and by
    `reload()`; writes always re-read and verify the file under the lock first, so a stale
    object never writes a wrong sequence number or a broken chain.
    """

    def __init__(self, path: str | os.PathLike[str], log: GameLog, data: bytes = b"", *,
                 key: bytes | None = None, checked_with: bytes | None = None):
        self.path = Path(path)
        self._log = log
        self._data = data                  # the bytes `_log` was verified from (b"": unknown)
        self._key = key                    # the moderator's key given to open/create (None: the default)
        self._checked_with = checked_with  # the key whose seals `_data` was checked with
        self._moderator = False            # opened as the moderator: reloads refuse what it cannot vouch for

    # -- reading ---------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], header: GameHeader, *,
               key: bytes | None = None) -> "GameFile":
        """Create a new game file holding `header`; GameFileError if `path` exists.

        A version-3 header is sealed with `key`, by default the moderator's key file
        (`pbem.gamefile.key.load_key`), which is made if there is none yet.
        """
        path = Path(path)
        if header.version >= SEALED_VERSION and key is None:
            key = load_key(create=True)
        content = header_text(header, key)
        log = loads(content, name=str(path), key=key)
        if os.path.lexists(path):              # also a dangling symlink: never write through it
            raise GameFileError(f"{path}: refusing to overwrite an existing game file")
        real = real_path(path)
        if os.path.lexists(real):
            raise _refuse_existing(path)
        _write_new(real, content, replace_existing=False)    # refuses a file made meanwhile
        return cls(path, log, content, key=key, checked_with=key)

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, key: bytes | None = None,
             moderator: bool = False) -> "GameFile":
        """Open and verify a game file (the whole chain). FileNotFoundError if missing.

        With `key` the seal of every line is checked too (ForgedLineError); without it only
        the plain chain is, so anyone can read a game. Writes always check the seals first.
        `moderator`: open it as the moderator does before it answers or writes: with `key`, by
        default the moderator's key file, every seal is checked, and a file it cannot vouch for
        is refused (`check_vouched`: an unsealed file while a key exists, UnsealedGameError).
        """
        path = Path(path)
        if moderator and key is None:
            key = load_key()
        data = read_locked(path)
        log = loads(data, name=str(path), key=key)
        if moderator:
            check_vouched(str(path), log.header.version, key)
        gf = cls(path, log, data, key=key, checked_with=key)
        gf._moderator = moderator
        return gf

    def reload(self) -> None:
        """Re-read and re-verify the file (to see appends made by other processes)."""
        fresh = GameFile.open(self.path, key=self._key, moderator=self._moderator)
        self._log, self._data, self._checked_with = fresh._log, fresh._data, fresh._checked_with

    @property
    def log(self) -> GameLog:
        return self._log

    @property
    def header(self) -> GameHeader:
        return self._log.header

    @property
    def records(self) -> tuple[Record, ...]:
        """Every record (moves, annulments, notes) in file order."""
        return self._log.records

    @property
    def header_hash(self) -> str:
        return self._log.header_hash

    @property
    def head(self) -> str:
        """Hash of the last line: publish it (e.g. in every mail) to make history rewrites evident."""
        return self._log.head

    def effective_moves(self) -> list[MoveRecord]:
        """The moves still in force (not annulled), in order."""
        return self._log.effective_moves()

    def listing(self) -> str:
        """All records as human-readable text; annulled moves are marked."""
        return self._log.listing()

    def hash_at(self, seq: int) -> str:
        """The chain hash of record `seq`'s line (0: the header hash); GameFileError if none."""
        return self._log.hash_at(seq)

    # -- writing ---------------------------------------------------------------------

    def append(self, entity: str, notation: str, source: str = "", *, seat: str = "",
               time: datetime | None = None, expect_head: str | None = None) -> MoveRecord:
        """Append one move. `notation` is stored verbatim (any characters).

        `seat`: the player who sent the move ("" for none); see `append_many`.
        `expect_head`: if given, refuse (StaleGameError, nothing written) unless the file's
        head hash still equals it, i.e. nobody appended since the caller validated the move.
        """
        rec = self.append_many([(entity, notation)], source, seat=seat, time=time,
                               expect_head=expect_head)
        return rec[0]

    def append_many(self, moves: Iterable[tuple[str, str]], source: str = "", *, seat: str = "",
                    time: datetime | None = None,
                    expect_head: str | None = None) -> list[MoveRecord]:
        """Append several (entity, notation) moves from one source, all or nothing.

        `seat` is the player who sent them (one mail, one sender), "" for a moderator or
        CLI action without a player. A version-1 file has no seat field and keeps getting
        version-1 lines (a file never mixes versions): there the seat is not stored and
        the returned records have seat "".
        Every move is checked before anything is written; the lines are then committed by
        one atomic file replacement, so a failure or a crash leaves either all or none.
        """
        items = [tuple(m) if isinstance(m, (tuple, list)) else m for m in moves]
        for m in items:
            if not isinstance(m, tuple) or len(m) != 2:
                raise GameFileError(f"append_many wants (entity, notation) pairs, got {m!r}")
            _text(m[0], "entity", empty=False)
            _text(m[1], "notation", empty=False)
        _text(source, "source")
        _text(seat, "seat")
        if not items:
            return []
        when = utcnow() if time is None else _utc(time, "time")

        def bodies(log: GameLog) -> list[str]:
            v = log.header.version
            kept = seat if v >= 2 else ""
            return [move_body(log.next_seq + i, when, e, n, source, kept, version=v)
                    for i, (e, n) in enumerate(items)]

        new = self._commit(bodies, expect_head)
        return [r for r in new if isinstance(r, MoveRecord)]

    def annul(self, n: int, reason: str, who: str, source: str = "", *,
              time: datetime | None = None, expect_head: str | None = None) -> AnnulRecord:
        """Cancel the last `n` moves still in force (moderator undo) with an annul record.

        The annulled moves stay in the file; they are marked `annulled` and drop out of
        `effective_moves()`. GameFileError if n < 1 or more than the moves in force.
        """
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise GameFileError(f"annul needs a positive number of moves, got {n!r}")
        _text(reason, "reason")
        _text(who, "who", empty=False)
        _text(source, "source")
        when = utcnow() if time is None else _utc(time, "time")

        def bodies(log: GameLog) -> list[str]:
            in_force = log.effective_moves()
            if n > len(in_force):
                raise GameFileError(f"{self.path}: cannot annul {n} moves, only {len(in_force)} in force")
            targets = [m.seq for m in in_force[-n:]]
            return [annul_body(log.next_seq, when, who, targets, reason, source)]

        (rec,) = self._commit(bodies, expect_head)
        assert isinstance(rec, AnnulRecord)
        return rec

    def note(self, text: str, who: str, source: str = "", *,
             time: datetime | None = None, expect_head: str | None = None) -> NoteRecord:
        """Append a moderator note (hashed like a move, no effect on the game)."""
        _text(text, "note text")
        _text(who, "who", empty=False)
        _text(source, "source")
        when = utcnow() if time is None else _utc(time, "time")
        (rec,) = self._commit(
            lambda log: [note_body(log.next_seq, when, who, text, source)], expect_head)
        assert isinstance(rec, NoteRecord)
        return rec

    def _commit(self, make_bodies: Callable[[GameLog], Sequence[str]],
                expect_head: str | None) -> tuple[Record, ...]:
        path = self.path
        _must_exist(path)
        with _locked(path, exclusive=True) as held:
            real = held.real                   # write the target, never replace a symlink
            _sweep_temps(real)
            data = held.read()
            key = self._key if self._key is not None else load_key()
            # the whole file is verified (its seals too, under the moderator's key: a forged line is
            # never extended), but lines read and verified before (the same bytes, the same key) are
            # not parsed again: an append costs the same at move 10 and at move 600
            if key is not None and self._checked_with != key:
                log = loads(data, name=str(path), key=key)
            else:
                log = extend(self._log, self._data, data, name=str(path), key=key)
            # a file without seals while a key exists is never extended: its seals may have been stripped
            check_vouched(str(path), log.header.version, key)
            self._log, self._data, self._checked_with = log, data, key
            if expect_head is not None and log.head != expect_head:
                raise StaleGameError(f"{path}: nothing was written: another move was accepted since the game "
                                     f"was read (head now {len(log.records)}:{log.head}, expected {expect_head}); "
                                     "read it again and retry")
            bodies = make_bodies(log)
            extra, _ = render_lines(log.head, bodies, key=sealing_key(log.header.version, key))
            # Verify what we are about to write with the reader itself.
            new_log = extend(log, data, data + extra, name=str(path), key=key)
            _check_writable(held, path)
            _hook("before_write", real)
            if len(bodies) == 1:
                _append_bytes(held, path, data, extra)
            else:                              # all or none: a new file renamed over the one held
                _check_same(held, path)
                _write_new(real, data + extra, replace_existing=True)
            self._log, self._data = new_log, data + extra
        return new_log.records[len(log.records):]


def read_locked(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a game file, read under its shared lock (not verified).

    FileNotFoundError if it is missing. Temp files a killed writer left beside it are removed.
    """
    path = Path(path)
    _must_exist(path)
    with _locked(path, exclusive=False) as held:
        _sweep_temps(held.real)
        return held.read()


def _pwrite_all(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        n = os.pwrite(fd, view, offset)
        view, offset = view[n:], offset + n


def _append_bytes(held: Locked, path: str | os.PathLike[str], old: bytes, extra: bytes) -> None:
    """Append `extra` to the held file (whose content is `old`) through its locked descriptor,
    fsync; the path must name that file before and after (else WriteRefusedError and the file is
    truncated back: the game never lost a move its writer was told was applied)."""
    _check_same(held, path)
    try:
        _pwrite_all(held.fd, extra, len(old))
        os.fsync(held.fd)
        _hook("after_write", held.real)
        _check_same(held, path)
    except BaseException:
        try:                           # undo a partial write; we still hold the lock
            os.ftruncate(held.fd, len(old))
            os.fsync(held.fd)
        except OSError:
            pass
        raise


@dataclass(frozen=True)
class RepairResult:
    """What `repair` did: `removed` = bytes cut off the end; `completed` = a newline was added
    to a last line that was whole and valid; `line` = the affected line (None: nothing done)."""

    removed: bytes = b""
    completed: bool = False
    line: int | None = None
    swept: tuple[str, ...] = ()      # leftover temp files of killed writes that were deleted

    @property
    def changed(self) -> bool:
        return self.line is not None


def repair(path: str | os.PathLike[str], *, dry_run: bool = False) -> RepairResult:
    """Fix a torn tail left by an interrupted append, under the exclusive lock.

    Only the bytes after the last newline are touched: if they form a complete line whose
    hash verifies, the missing newline is added; otherwise they are truncated away. All
    earlier lines must verify, else GameFileError and the file is left untouched. A file
    that already ends with a newline is verified and left as is.
    `dry_run`: only say what would be done (the same result), writing nothing, so a
    person can look at the bytes that would be dropped before agreeing (`pbem repair`).
    """
    name = str(path)
    _must_exist(Path(path))
    with _locked(path, exclusive=True) as held:
        real = held.real
        swept = () if dry_run else tuple(p.name for p in _sweep_temps(real))
        data = held.read()
        if not data or data.endswith(b"\n"):
            loads(data, name=name)
            return RepairResult(swept=swept)
        cut = data.rfind(b"\n") + 1
        line = data.count(b"\n") + 1
        try:
            loads(data + b"\n", name=name)
        except GameFileError:
            pass
        else:
            if dry_run:
                return RepairResult(completed=True, line=line, swept=swept)
            _check_writable(held, path)
            _hook("before_write", real)
            _append_bytes(held, path, data, b"\n")
            return RepairResult(completed=True, line=line, swept=swept)
        loads(data[:cut], name=name)     # everything before the tail must be sound
        if dry_run:
            return RepairResult(removed=data[cut:], line=line, swept=swept)
        _check_writable(held, path)       # cut through the descriptor verified, never a path reopened
        _hook("before_write", real)
        _check_same(held, path)
        os.ftruncate(held.fd, cut)
        os.fsync(held.fd)
        return RepairResult(removed=data[cut:], line=line, swept=swept)
