"""What the grammar reads: a canonical line, a line of the 18xx.games log, and a line a title's own grammar rule
reads; every other line is the interpreter's."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from .canonical import CanonicalReader
from .context import NotationContext
from .grammar import title_words
from .logs import is_log_move
from .names import NameIndex, rewrite_names
from .lazy import regex

if TYPE_CHECKING:  # pragma: no cover
    from lark import Lark, Tree

__all__ = ["Gate"]

_STAMPED = regex(r"\s*\[\d{1,2}:\d{2}")


class Gate:
    """The grammar's gate for one game's context (its exact reader kept)."""

    def __init__(self, ctx: NotationContext) -> None:
        self.ctx = ctx
        self._exact: Optional[CanonicalReader] = None

    def canonical(self, text: str) -> bool:
        """Whether every ";"-part of `text` is a canonical line, or the line a log line."""
        if _STAMPED.match(text) or is_log_move(text):
            return True
        self._exact = self._exact or CanonicalReader(self.ctx)
        parts = [p.strip() for p in text.strip().rstrip(".;").split(";") if p.strip()]
        return bool(parts) and all(self._exact.read(p) is not None for p in parts)

    def title_rule(self, text: str, parser: Callable[[], Lark], index: NameIndex) -> Optional[Tree]:
        """The tree of a line a title's own grammar rule reads as a whole move of its own kind
        (its addition to `title_action`), or None; the grammar is parsed only when the line holds
        one of the title's own words (and only then loaded: `parser()`)."""
        words = title_words(self.ctx.title)
        if words is None or not words.search(text):
            return None
        grammar = parser()
        from lark.exceptions import LarkError      # (loaded with the grammar)
        try:
            tree = grammar.parse(rewrite_names(index, text))
        except LarkError:
            return None
        return tree if any(t.data == "title_action" for t in tree.iter_subtrees()) else None
