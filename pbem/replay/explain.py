"""What one move did, in words and figures (`pbem explain`): filled in by the ledger comparison."""
from __future__ import annotations

from .walk import Moment

__all__ = ["explain"]


def explain(before, moment: Moment) -> list[str]:
    """Lines that say what `moment`'s move did, given the ledger before it (see pbem.replay.ledger)."""
    return list(moment.lines)
