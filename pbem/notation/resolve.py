"""Who and what a move names: the reader's name look-ups (the acting entity, a company, a player) with their errors.

`NameResolver` is mixed into the notation reader (parser.py); `name_index` caches the name
tables of a context, so a message does not rebuild them (formatter.py uses it too).
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

from lark import Token, Tree

from pbem.errors import AmbiguousMoveError

from .messages import MOVE_PHRASE_SHORT, MOVE_WORDS, expected_words, keyword_suggestion
from .names import KIND_WORDS, Entry, name_index  # noqa: F401 (name_index: part of this module's __all__)
from .trees import first_tok, is_tree

__all__ = ["MAX_NAME_WORDS", "MOVE_PHRASE_SHORT", "NameResolver", "name_index"]

MAX_NAME_WORDS = 12          # words in the longest name anyone writes (players, companies, places)

class NameResolver:
    """The reader's look-ups of names: the subject of a move, the entity that makes it, a named entry."""

    def unknown_name(self, text: str, kinds: Sequence[str]) -> tuple[str, list[str]]:
        """The refusal of a name nobody has, with the closest names unless the context says
        the message will not be read (`NotationContext.explain`)."""
        if not self.ctx.explain:
            return f'unknown name "{text.strip()}"', []
        return self.index.unknown_message(text, kinds)

    def subject(self, node: Tree, alone: bool = False) -> Optional[str]:
        pron = first_tok(node, "PRONOUN")
        if pron is not None:
            if self.ctx.actor is None:
                raise self.err(f'who is "{pron.value}"? start the move with your name', pron)
            return self.ctx.actor
        name = next(c for c in node.children if is_tree(c, "name"))
        colon = first_tok(node, "COLON")
        paren = first_tok(node, "PAREN")
        if alone and colon is None:
            entry = self._try_lookup(self.text_of(name), ("player", "corporation", "company"))
            if entry is None:
                self._no_move_word(name)
        entry = self.resolve(name, ("player", "corporation", "company"), mode="priority")
        ident = entry.ident
        if paren is not None:
            inner = paren.value[1:-1]
            try:
                sub = self.index.lookup(inner, ("company",), mode="priority")
            except AmbiguousMoveError:
                sub = None
            if sub is not None:
                ident = sub.ident
        return ident

    def _try_lookup(self, text: str, kinds) -> Optional[Entry]:
        try:
            return self.index.lookup(text, kinds, mode="priority")
        except AmbiguousMoveError:
            return None

    def _no_move_word(self, name: Tree):
        words = [t for t in name.children if isinstance(t, Token)]
        # which leading words name someone: no name is longer than MAX_NAME_WORDS words, so
        # a line of 2,000 words costs a dozen look-ups, not 2,000 ever longer ones
        for i in range(min(len(words) - 1, MAX_NAME_WORDS), 0, -1):
            a = words[0].start_pos
            b = words[i - 1].end_pos
            if self._try_lookup(self.line[a:b], ("player", "corporation", "company")):
                bad = words[i]
                raw = self.line[bad.start_pos:bad.end_pos]
                msg = (f'after "{self.line[a:b]}", expected {expected_words(set(MOVE_WORDS))[0]}, '
                       f'but found "{raw}"')
                sugg = keyword_suggestion(raw)
                if sugg:
                    msg += f' — did you mean "{sugg}"?'
                raise self.err(msg, bad, expected=expected_words(set(MOVE_WORDS)))
        first = words[0]
        raw = self.line[first.start_pos:first.end_pos]
        sugg = keyword_suggestion(raw)
        if sugg:
            raise self.err(f'expected a move, but found "{raw}" — did you mean "{sugg}"?', first,
                           expected=expected_words(set(MOVE_WORDS)))
        text = self.text_of(name).strip()
        _, sugg = self.unknown_name(text, ("player", "corporation", "company"))
        msg = (f'no move found: "{text}" is neither a move word ({MOVE_PHRASE_SHORT}) '
               f'nor a known name')
        if sugg:
            msg += f' — did you mean "{sugg[0]}"?'
        raise self.err(msg, name, expected=expected_words(set(MOVE_WORDS)))

    def resolve(self, node, kinds: Sequence[str], *, mode: str = "priority") -> Entry:
        text = self.text_of(node)
        try:
            entry = self.index.lookup(text, kinds, mode=mode)
        except AmbiguousMoveError as e:
            raise self.ambiguous(e, node) from None
        if entry is None:
            msg, _ = self.unknown_name(text, kinds)
            if kinds == ("location",):
                msg = msg.split(" (known:")[0] + ": give a hex coordinate such as J10"
                if self.index.entries["location"]:
                    msg += " or a place name"
            if " did you mean" not in msg:
                w = re.match(r"\s*([A-Za-z]+)", text)
                sugg = keyword_suggestion(w.group(1), others=True) if w else None
                if sugg:
                    msg += f' — did you mean the word "{sugg}"?'
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
