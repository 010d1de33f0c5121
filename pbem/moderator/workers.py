"""Several moderator processes on one mailbox: each takes a numbered slot, and claims mail into
its own Working folder (`Working` for slot 1, `Working-2`, ... after), so a process resuming
its folder after a crash never takes mail another live process is handling.

Slots are held by an exclusive lock on `STATE/workers/slot-N.lock` for the life of the
process (the lock goes with the process, however it dies), and a restarted process gets the
lowest free slot, so a crashed worker's folder is resumed by the next one started.
"""
from __future__ import annotations

import fcntl
import os
from pathlib import Path

from pbem.errors import PbemError

MAX_SLOTS = 64


class NoFreeSlot(PbemError):
    """More moderator processes than slots are running on this state folder."""


class WorkerSlot:
    """A held slot: `number` (1-based) and the Working folder name that goes with it."""

    def __init__(self, state: Path):
        folder = Path(state) / "workers"
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, MAX_SLOTS + 1):
            fd = os.open(folder / f"slot-{n}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            self.number, self._fd = n, fd
            return
        raise NoFreeSlot(f"{MAX_SLOTS} moderator processes already use {state}")

    @property
    def working(self) -> str:
        return "Working" if self.number == 1 else f"Working-{self.number}"

    def release(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
