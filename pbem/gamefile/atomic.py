"""Writing a whole file so that a crash or a kill leaves the old file or the new one, never
half of one, and (almost never) a temp file: used for game files and the moderator's rosters.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import secrets
import stat
from pathlib import Path

_NO_UNNAMED = (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL)   # no O_TMPFILE on this file system
_NO_LINKS = (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV)       # no hard links (or not from /proc)


def write_all(fd: int, data: bytes) -> None:
    """os.write until every byte is written."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def fsync_dir(directory: Path) -> None:
    """fsync a folder, so a new or renamed name in it survives a crash."""
    fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def temp_name(path: Path) -> Path:
    """A fresh name for a temp file beside `path`: `.<name>.<pid>.<8 hex>.tmp`."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def is_temp_of(name: str, path: Path) -> bool:
    """Whether the file name `name` is one `temp_name(path)` makes."""
    return re.fullmatch(r"\.%s\.[0-9]+\.[0-9a-f]{8}\.tmp" % re.escape(path.name), name) is not None


def write_file(path: Path, content: bytes, *, replace: bool, mode: int | None = None) -> None:
    """Put a complete, fsynced file holding `content` at `path`, then fsync the folder.

    The content is written into a file without a name (O_TMPFILE), which a killed writer
    leaves nowhere; it gets its name only when complete: linked straight to `path` for a new
    file (a link never replaces one: FileExistsError if `path` exists), or with `replace`
    linked to a temp name and renamed over `path` (a writer killed between those two system
    calls leaves the temp name; game files sweep such leftovers, see store._sweep_temps).
    Where O_TMPFILE is not supported, a named temp file is written instead, with the same
    outcome. `mode`: the new file's mode; by default, when replacing, the old file's. A file
    with no write bit in its mode is never replaced (PermissionError).
    Without `replace`, on file systems without hard links: an O_EXCL create written in place
    under the new file's exclusive lock.
    """
    if replace:
        try:
            current = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            current = None
        if current is not None and not current & 0o222:
            # a file made read-only is never replaced, by root either (whose os.access says yes)
            raise PermissionError(errno.EACCES, f"read-only file (mode {current:04o}): not replaced", str(path))
        if mode is None:
            mode = current
    if _write_unnamed(path, content, mode, replace=replace):
        fsync_dir(path.parent)
        return
    tmp = temp_name(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    try:
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            write_all(fd, content)
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise
            except OSError:
                _create_in_place(path, content, mode)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    fsync_dir(path.parent)


def _write_unnamed(path: Path, content: bytes, mode: int | None, *, replace: bool) -> bool:
    """`write_file` through an O_TMPFILE file; False (nothing done) where that is unsupported."""
    flag = getattr(os, "O_TMPFILE", 0)
    proc = "/proc/self/fd"
    if not flag or not os.path.isdir(proc):
        return False
    try:
        fd = os.open(path.parent, flag | os.O_WRONLY | os.O_CLOEXEC, 0o666)
    except OSError as e:
        if e.errno in _NO_UNNAMED:
            return False
        raise
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        write_all(fd, content)
        os.fsync(fd)
        unnamed = f"{proc}/{fd}"
        target = path if not replace else temp_name(path)
        try:
            os.link(unnamed, target, follow_symlinks=True)
        except OSError as e:
            if e.errno in _NO_LINKS:
                return False             # the caller's fallback
            raise                        # FileExistsError: `path` exists and may not be replaced
        if replace:
            try:
                os.replace(target, path)
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(target)
        return True
    finally:
        os.close(fd)


def _create_in_place(path: Path, content: bytes, mode: int | None) -> None:
    """A new file on a file system without hard links: O_EXCL refuses an existing file, and
    the content is written under the new file's exclusive lock (a game reader that locks it in
    the instant between the create and the lock finds it empty and says so; never half)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666 if mode is None else mode)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        write_all(fd, content)
        os.fsync(fd)
    finally:
        os.close(fd)
