"""What reading a message yields: each move with where it was written, and the remarks and echoes between them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Optional

from pbem.engine.actions import Action

from .claims import Claim

__all__ = ["Echo", "ParsedMove", "Remarks", "noted_on_first"]


@dataclass(frozen=True)
class ParsedMove:
    """One move read from a message, with where it was written."""

    action: Action
    line: int            # 1-based line of the message
    column: int          # 1-based column where the move starts
    text: str            # the move as written
    header: Optional[str] = None   # round label in force ("OR 2.1"), if any
    claims: tuple[Claim, ...] = ()  # stated results, checked after the move (claims.py)
    open: tuple[str, ...] = ()      # parts left unsaid that the game must settle ("city")
    notes: tuple[str, ...] = ()     # how the reader read it, for the reply ('read "buyng" as "buying"')


@dataclass(frozen=True)
class Remarks:
    """A clause of remarks alone ("Cash left 365."): claims about the move before it."""

    claims: tuple
    line: int
    column: int
    text: str
    line_text: str
    optional: bool = False      # a pasted log line: set aside when no move comes before it
    log: object = None
    forward: bool = False       # about the move that follows ("CPR spends $20 and lays ...")


@dataclass(frozen=True)
class Echo:
    """A pasted log line that reports a result of the move before it (not a move)."""

    kind: str
    entity: str
    corporation: Optional[str]
    what: str
    hex: Optional[str] = None


def noted_on_first(items: list, note: str) -> list:
    """The items read, with `note` (how the line was read, for the reply) on the first move."""
    out, noted = [], False
    for i in items:
        if isinstance(i, ParsedMove) and not noted:
            i, noted = dataclasses.replace(i, notes=i.notes + (note,)), True
        out.append(i)
    return out
