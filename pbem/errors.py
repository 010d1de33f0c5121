"""The three ways a move can fail, kept apart as python-chess keeps parse_san's failures apart."""
from __future__ import annotations


class PbemError(Exception):
    """Base of every error pbem reports to a player or moderator."""


class NotationError(PbemError, ValueError):
    """The text cannot be read as a move (grammar). Carries line/column when known."""

    def __init__(self, message: str, *, text: str = "", line: int | None = None,
                 column: int | None = None, expected: list[str] | None = None):
        super().__init__(message)
        self.text = text
        self.line = line
        self.column = column
        self.expected = expected or []


class RuleError(PbemError):
    """The move is readable but breaks a rule; `rule` names the rule, `legal` lists what is legal now."""

    def __init__(self, message: str, *, rule: str = "", legal: list[str] | None = None):
        super().__init__(message)
        self.rule = rule
        self.legal = legal or []


class AmbiguousMoveError(PbemError):
    """The move could mean several different things; `candidates` lists them."""

    def __init__(self, message: str, *, candidates: list[str] | None = None):
        super().__init__(message)
        self.candidates = candidates or []


class GameFileError(PbemError):
    """A stored game file is malformed or has been tampered with."""

    def __init__(self, message: str, *, line: int | None = None):
        super().__init__(message)
        self.line = line
