"""Crash points for fault tests: `PBEM_FAILPOINT=after_append` makes the process SIGKILL
itself at that stage, so a test can check that a restart loses and repeats nothing.

Stages: after_fetch, after_parse, after_append, after_outbox, after_send, before_move.
Unset (always, outside tests) it costs one dictionary lookup.
"""
from __future__ import annotations

import os
import signal

STAGES = ("after_fetch", "after_parse", "after_append", "after_outbox", "after_send", "before_move")


def reached(stage: str) -> None:
    """Die here if the environment asks for it."""
    if os.environ.get("PBEM_FAILPOINT") == stage:
        os.kill(os.getpid(), signal.SIGKILL)
