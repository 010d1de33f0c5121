"""What one node of the grammar's tree names (an amount, a hex, a tile, a train, a name, who moves):
`ValueReader`, mixed into the notation reader (parser.py)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional, Sequence

from pbem.errors import AmbiguousMoveError

from .lazy import regex
from .names import KIND_WORDS, Entry, norm
from .trees import kid, tokens

if TYPE_CHECKING:  # pragma: no cover
    from lark import Token, Tree

__all__ = ["ValueReader"]

_HEX_RE = regex(r"([A-Za-z]{1,2})0*(\d{1,3})(?:[.#](\d{1,2}))?$")
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_CITY_IN_PAREN = regex(r"^\s*(?:city|slot)\s*#?\s*(\d+)\s*$", re.I)
_CORPORATE = ("corporation", "company")
#: what a move nobody is named for is refused with, by who may make it
_WHO_MOVES = {
    "player": ('who makes this move? start it with the player\'s name, e.g. "Ann: ..."', ("player",)),
    "corp": ('which company makes this move? start it with its name, e.g. "CPR: ..."', ("corporation",)),
    "any": ('who makes this move? start it with a name, e.g. "Ann: pass"', ("player", "corporation")),
}


class ValueReader:
    """Reads the values and names of a move from the grammar's tree (mixed into the reader)."""

    def price(self, node: Tree) -> int:
        num = kid(node, "NUMBER")
        if num is not None:
            whole = num.value
        else:      # "$11.0": 18xx.games writes amounts per share with a decimal
            whole, frac = kid(node, "DECIMAL").value.split(".")
            if int(frac) != 0:
                raise self.err("an amount of whole money units is expected here", node,
                               expected=["an amount such as $60"])
        return int(whole)

    def count(self, node: Tree) -> int:
        word = node.children[0].value.lower()        # a title's grammar may count in words ("three")
        n = int(word) if word.isdigit() else _NUMBER_WORDS.index(word) + 1
        if n <= 0 or n > 100:
            raise self.err("a count of shares is from 1 to 100", node)
        return n

    def hex_of(self, tok: Token) -> tuple[str, Optional[int]]:
        """The hex a HEX token names and its 0-based city ("J10.2": 1), None when it names none."""
        m = _HEX_RE.match(tok.value)
        idx = None
        if m.group(3) is not None:
            idx = int(m.group(3))
            if idx == 0:
                raise self.err("cities are counted from 1 (J10.1 is the first city)", tok)
            idx -= 1
        return m.group(1).upper() + m.group(2), idx

    def index1(self, tok: Token) -> int:
        """A city or slot written 1-based, 0-based."""
        n = int(tok.value)
        if n < 1 or n > 99:
            raise self.err("cities and slots are counted from 1", tok, expected=["1, 2, ..."])
        return n - 1

    def paren(self, tok: Optional[Token], hex_: str) -> Optional[int]:
        """Check the log's "(Name)" after a hex against the map; the city index of "(city 2)"."""
        inner = tok.value[1:-1].strip() if tok is not None else ""
        if not inner:
            return None
        m = _CITY_IN_PAREN.match(inner)
        if m:
            if int(m.group(1)) == 0:
                raise self.err("cities are counted from 1", tok)
            return int(m.group(1)) - 1
        # a place name: must agree with the hex when we know the map
        own = {e.ident: e for e in self.index.entries["location"]}.get(hex_)
        q = norm(inner)
        other = self._try_lookup(inner, ("location",), "union")
        if own is not None:
            if any(f == q or f.startswith(q) or q.startswith(f) for f in own.exact):
                return None
            where = f"; {inner} is {other.ident}" if other is not None and other.ident != hex_ else ""
            raise self.err(f'{hex_} is {own.shown[1] if len(own.shown) > 1 else hex_}, not "{inner}"{where}',
                           tok, expected=["the place name of that hex"])
        if other is not None and other.ident != hex_ and q in other.exact:
            raise self.err(f'"{inner}" is {other.ident}, not {hex_}', tok)
        return None

    def rotation(self, node: Tree) -> int:
        last = node.children[-1]
        if not 0 <= int(last.value) <= 5:
            raise self.err("a rotation is a number from 0 to 5", last, expected=["0-5"])
        return int(last.value)

    def tile(self, node) -> str:
        """The tile a `tile_ref` names: "#57" is '57'; "#57-2" is refused as ambiguous."""
        tok = [t for t in tokens(node) if t.type in ("TILE_HASH", "NUMBER", "HEX", "WORD", "TILE_COPY")][-1]
        value = tok.value.lstrip("#").strip()
        if tok.type == "TILE_COPY" or (tok.type == "TILE_HASH" and "-" in value):
            # "#57-2": a copy number in 18xx.games records, a rotation in many mails
            base, suffix = value.split("-", 1)
            raise self.ambiguous(AmbiguousMoveError(
                f'"{tok.value}": the part after "-" is a copy number in 18xx.games records but a '
                f'rotation elsewhere; write "#{base} rot {suffix}" for rotation {suffix}, or "#{base}"',
                candidates=[f"#{base}", f"#{base} rot {suffix}"]), tok)
        value = value.upper()
        return str(int(value)) if value.isdigit() else value

    def train(self, node) -> str:
        text = "".join(t.value for t in tokens(node) if t.type in ("NUMBER", "PLUS", "WORD", "EXPRESS"))
        if not self.ctx.trains:
            return text.upper() if not text.isdigit() else str(int(text))
        q = norm(text)
        for e in self.index.entries["train"]:
            if q in e.exact:
                return e.ident
        sugg = [e.ident for e in self.index.entries["train"]]
        raise self.err(f'unknown train "{text}" (trains: {", ".join(sugg)})', node,
                       expected=["a train such as " + (sugg[0] if sugg else "2")])

    def unknown_name(self, text: str, kinds: Sequence[str]) -> tuple[str, list[str]]:
        """The refusal of a name nobody has, with the closest names unless the context does not explain."""
        if not self.ctx.explain:
            return f'unknown name "{text.strip()}"', []
        return self.index.unknown_message(text, kinds)

    def subject(self, node: Tree) -> Optional[str]:
        """Who a line names first: "QLL (NWR) places ...", a private acting for its owner, is the private."""
        entry = self.resolve(kid(node, "name"), ("player", "corporation", "company"))
        paren = kid(node, "PAREN")
        sub = self._try_lookup(paren.value[1:-1], ("company",)) if paren is not None else None
        return sub.ident if sub is not None else entry.ident

    def _try_lookup(self, text: str, kinds: Sequence[str], mode: str = "priority") -> Optional[Entry]:
        try:
            return self.index.lookup(text, kinds, mode=mode)
        except AmbiguousMoveError:
            return None

    def resolve(self, node, kinds: Sequence[str], *, mode: str = "priority", hint: str = "") -> Entry:
        """The entry of `kinds` the node names; an ambiguous name is refused with `hint` after the candidates."""
        text = self.text_of(node)
        try:
            entry = self.index.lookup(text, kinds, mode=mode)
        except AmbiguousMoveError as e:
            raise self.ambiguous(AmbiguousMoveError(f"{e}{hint}", candidates=e.candidates), node) from None
        if entry is None:
            msg, _ = self.unknown_name(text, kinds)
            raise self.err(msg, node, expected=[KIND_WORDS[k] for k in kinds])
        return entry

    def entity(self, family: str, subject: Optional[str], node) -> str:
        """Who makes a move of `family` ('player', 'corp', 'any', 'mover'): the one the line names,
        else the writer or the one at turn, as the family allows."""
        ctx, kind = self.ctx, self.ctx.kind_of
        cand = subject if subject is not None else self.sticky
        if family == "mover":
            if kind(cand) == "company":
                return cand
            if ctx.token_mover:
                return ctx.token_mover
            family = "corp"
        # (the one at turn is asked for only when the line names nobody fit: the live game works it out)
        if family == "player":
            if cand is not None and (kind(cand) == "player" or subject is not None):
                return cand
            if ctx.actor is not None:
                return ctx.actor
            if ctx.current is not None and kind(ctx.current) != "corporation":
                return ctx.current
        elif family == "corp":
            if kind(cand) in _CORPORATE:
                return cand
            if kind(ctx.current) in _CORPORATE:
                return ctx.current
            if kind(cand) == "player":
                raise self.err(f'"{ctx.players.get(cand, cand)}" is a player; name the company that '
                               f'makes this move, e.g. "CPR: ..."', node, expected=[KIND_WORDS["corporation"]])
        elif cand is not None:
            return cand
        else:
            for found in (ctx.current if kind(ctx.current) in _CORPORATE else None, ctx.actor, ctx.current):
                if found is not None:
                    return found
        message, kinds = _WHO_MOVES[family]
        raise self.err(message, node, expected=[KIND_WORDS[k] for k in kinds])

    def corp_side(self, subject: Optional[str]) -> bool:
        """Does a move naming `subject` (or nobody) come from a corporation?"""
        kind = self.ctx.kind_of
        cand = subject if subject is not None else self.sticky
        if cand is not None and kind(cand) is not None:
            return kind(cand) in _CORPORATE
        return kind(self.ctx.current) in _CORPORATE
