"""Human move notation: reading players' mail into actions and writing canonical lines.

    parse_move(text, ctx) -> Action
    parse_line(text, ctx) -> list[Action]
    parse_message(text, ctx) -> list[Action]
    read_message(text, ctx) -> list[ParsedMove]
    format_action(action, ctx) -> str          one canonical line; parse_move reads it back

The grammar lives in grammar/pbem.lark (+ grammar/<title>.lark).
"""
from .context import COMPASS_SIDES, NotationContext, RotationResolver
from .formatter import format_action, format_actions
from .parser import ParsedMove, parse_line, parse_message, parse_move, read_message
from .titles import context_for_title, context_from_title_data

__all__ = [
    "COMPASS_SIDES", "NotationContext", "RotationResolver", "ParsedMove", "parse_move",
    "parse_line", "parse_message", "read_message", "format_action", "format_actions",
    "context_for_title", "context_from_title_data",
]
