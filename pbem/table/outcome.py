"""What a submission at the table comes to: the `Outcome` of `Table.submit` (the moves applied,
the refusal with its reasons, the notes, the trace of how each line was read), and the values
it is made of. The moderator turns an Outcome into replies without knowing the notation or the
engine."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from pbem.errors import PbemError, RuleError

__all__ = ["AppliedMove", "MoveRejected", "Outcome", "Refusal"]


@dataclass(frozen=True)
class AppliedMove:
    """A move accepted into the game: its canonical line, and the line of the message it was
    read from (with the passes that line implies; None when not known: a mail applied before)."""

    seq: int
    entity: str
    notation: str
    line: Optional[int] = field(default=None, compare=False)


class MoveRejected(PbemError):
    """A message was refused as a whole; `move` is the 1-based move of the message at fault."""

    def __init__(self, message: str, *, move: int, text: str, cause: PbemError, legal: Sequence[str] = ()):
        super().__init__(message)
        self.move = move
        self.text = text
        self.cause = cause
        self.legal = list(legal)


@dataclass(frozen=True)
class Refusal:
    """Why a message was refused, nothing of it applied: the message, the rule broken (if
    any), the moves legal where the refused move met the game (a move the rules refused), the
    moves the writer may have meant (a line that could be several), and the move and line of
    the message at fault when known. `error` is the exception it was raised as."""

    message: str
    rule: str = ""
    legal: tuple[str, ...] = ()
    candidates: tuple[str, ...] = ()
    move: Optional[int] = None
    line: Optional[int] = None
    text: str = ""
    by_rules: bool = False          # a move read and refused by the rules (`legal` is listed)
    error: Optional[BaseException] = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, e: PbemError) -> "Refusal":
        if isinstance(e, MoveRejected):
            return cls(str(e), getattr(e.cause, "rule", "") or "", tuple(e.legal),
                       tuple(getattr(e.cause, "candidates", ()) or ()), e.move, None, e.text, True, e)
        rule = e.rule if isinstance(e, RuleError) else ""
        cands = tuple(getattr(e, "candidates", None) or ())
        return cls(str(e), rule or "", (), cands, getattr(e, "move", None), getattr(e, "line", None),
                   getattr(e, "text", "") or "", False, e)


@dataclass
class Outcome:
    """What `Table.submit` did with a message: every move applied, or none and the refusal."""

    applied: list[AppliedMove] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)        # lines set aside, stale round labels, ...
    trace: list = field(default_factory=list)             # pbem.reading.driver.LineTrace, a line each
    duplicate: bool = False                               # the message had been applied before
    changed_hexes: list[str] = field(default_factory=list)
    chat: list[int] = field(default_factory=list)         # lines that might have been moves, read as chat

    @property
    def ok(self) -> bool:
        return not self.refusals

    def check(self) -> "Outcome":
        """The Outcome itself when its moves were applied; else its refusal raised."""
        if self.refusals:
            err = self.refusals[0].error
            raise err if err is not None else PbemError(self.refusals[0].message)
        return self
