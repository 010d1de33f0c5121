"""Human move notation: reading players' mail into actions and writing canonical lines.

    parse_move(text, ctx) -> Action
    parse_line(text, ctx) -> list[Action]
    parse_message(text, ctx) -> list[Action]
    read_message(text, ctx) -> list[ParsedMove]
    format_action(action, ctx) -> str          one canonical line; parse_move reads it back

The grammar lives in grammar/pbem.lark (+ the title's additions, pbem/titles/<package>/grammar.lark,
as the title registry declares).
Writing canonical lines and building contexts needs no grammar, so the reader (and Lark) is
loaded only when something is read: replaying an 18xx.games record never loads it.
"""
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
