"""Human move notation: reading players' mail into actions (parse_move, parse_line, parse_message, read_message)
and writing canonical lines (format_action); the reader and Lark are loaded only when something is read."""
from .context import COMPASS_SIDES, NotationContext, RotationResolver
from .formatter import format_action, format_actions
from .parsed import ParsedMove
from .titles import context_for_title, context_from_title_data

_READER = ("parse_line", "parse_message", "parse_move", "read_message")


def __getattr__(name: str):
    if name in _READER:
        from . import sequence

        return getattr(sequence, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "COMPASS_SIDES", "NotationContext", "RotationResolver", "ParsedMove", "parse_move",
    "parse_line", "parse_message", "read_message", "format_action", "format_actions",
    "context_for_title", "context_from_title_data",
]
