"""Who and what a move names: the reader's name look-ups (the acting entity, a company, a player) with their errors.

`NameResolver` is mixed into the notation reader (parser.py); `name_index` caches the name
tables of a context, so a message does not rebuild them (formatter.py uses it too).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from pbem.errors import AmbiguousMoveError

from .names import KIND_WORDS, Entry, name_index  # noqa: F401 (name_index: part of this module's __all__)
from .trees import first_tok, is_tree

if TYPE_CHECKING:  # pragma: no cover
    from lark import Tree

__all__ = ["NameResolver", "name_index"]


class NameResolver:
    """The reader's look-ups of names: the subject of a move, the entity that makes it, a named entry."""

    def unknown_name(self, text: str, kinds: Sequence[str]) -> tuple[str, list[str]]:
        """The refusal of a name nobody has, with the closest names unless the context says
        the message will not be read (`NotationContext.explain`)."""
        if not self.ctx.explain:
            return f'unknown name "{text.strip()}"', []
        return self.index.unknown_message(text, kinds)

    def subject(self, node: Tree) -> Optional[str]:
        """Who a line names first: "QLL (NWR) places ...", a private acting for its owner, is the private."""
        entry = self.resolve(next(c for c in node.children if is_tree(c, "name")),
                             ("player", "corporation", "company"), mode="priority")
        paren = first_tok(node, "PAREN")
        if paren is not None:
            sub = self._try_lookup(paren.value[1:-1], ("company",))
            if sub is not None:
                return sub.ident
        return entry.ident

    def _try_lookup(self, text: str, kinds) -> Optional[Entry]:
        try:
            return self.index.lookup(text, kinds, mode="priority")
        except AmbiguousMoveError:
            return None

    def resolve(self, node, kinds: Sequence[str], *, mode: str = "priority") -> Entry:
        text = self.text_of(node)
        try:
            entry = self.index.lookup(text, kinds, mode=mode)
        except AmbiguousMoveError as e:
            raise self.ambiguous(e, node) from None
        if entry is None:
            msg, _ = self.unknown_name(text, kinds)
            raise self.err(msg, node, expected=[KIND_WORDS[k] for k in kinds])
        return entry

    def entity(self, family: str, subject: Optional[str], node) -> str:
        """Who makes a move of `family` ('player', 'corp', 'any', 'mover')."""
        ctx = self.ctx
        kind = ctx.kind_of
        cand = subject if subject is not None else self.sticky
        corpish = ("corporation", "company")
        if family == "mover":
            if cand is not None and kind(cand) == "company":
                return cand
            if ctx.token_mover:
                return ctx.token_mover
            family = "corp"
        if family == "player":
            if cand is not None and (kind(cand) == "player" or subject is not None):
                return cand
            if ctx.actor is not None:
                return ctx.actor
            if ctx.current is not None and kind(ctx.current) != "corporation":
                return ctx.current
            raise self.err("who makes this move? start it with the player's name, e.g. \"Ann: ...\"",
                           node, expected=[KIND_WORDS["player"]])
        if family == "corp":
            if cand is not None and kind(cand) in corpish:
                return cand
            if ctx.current is not None and kind(ctx.current) in corpish:
                return ctx.current
            if cand is not None and kind(cand) == "player":
                raise self.err(f'"{ctx.players.get(cand, cand)}" is a player; name the company that '
                               f'makes this move, e.g. "CPR: ..."', node,
                               expected=[KIND_WORDS["corporation"]])
            if cand is not None:
                return cand
            raise self.err("which company makes this move? start it with its name, e.g. \"CPR: ...\"",
                           node, expected=[KIND_WORDS["corporation"]])
        # any
        if cand is not None:
            return cand
        if ctx.current is not None and kind(ctx.current) in corpish:
            return ctx.current
        if ctx.actor is not None:
            return ctx.actor
        if ctx.current is not None:
            return ctx.current
        raise self.err("who makes this move? start it with a name, e.g. \"Ann: pass\"", node,
                       expected=[KIND_WORDS["player"], KIND_WORDS["corporation"]])

    def corp_side(self, subject: Optional[str]) -> bool:
        """Does a move naming `subject` (or nobody) come from a corporation?"""
        kind = self.ctx.kind_of
        cand = subject if subject is not None else self.sticky
        if cand is not None and kind(cand) is not None:
            return kind(cand) in ("corporation", "company")
        return kind(self.ctx.current) in ("corporation", "company")
