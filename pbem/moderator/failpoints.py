"""Crash points for fault tests: `PBEM_FAILPOINT=after_append` makes the process SIGKILL
itself at that stage, so a test can check that a restart loses and repeats nothing.

`PBEM_FAILPOINT=raise:STAGE` raises FailpointError there instead (a bug in judging).

Stages: after_fetch, in_judge, after_parse, after_append, after_outbox, after_send, before_move.
Unset (always, outside tests) it costs one dictionary lookup.
"""
from __future__ import annotations

import os
import signal

STAGES = ("after_fetch", "in_judge", "after_parse", "after_append", "after_outbox", "after_send", "before_move")


class FailpointError(RuntimeError):
    """Raised where PBEM_FAILPOINT=raise:STAGE asks for it."""


def reached(stage: str) -> None:
    """Die (or raise) here if the environment asks for it."""
    want = os.environ.get("PBEM_FAILPOINT")
    if want is None:
        return
    if want == stage:
        os.kill(os.getpid(), signal.SIGKILL)
    if want == "raise:" + stage:
        raise FailpointError(f"failpoint {stage}")
