"""The values a move writes: amounts, counts, hexes and city numbers, the place named after a hex, rotations, trains.

`ValueReader` is mixed into the notation reader (parser.py): each method turns one node of
the grammar's tree into the value an action holds, or raises a NotationError naming it.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional

from pbem.errors import AmbiguousMoveError

from .names import Entry, norm
from .trees import first_tok, tokens
from .lazy import regex

if TYPE_CHECKING:  # pragma: no cover
    from lark import Token, Tree

__all__ = ["ValueReader"]

_HEX_RE = regex(r"([A-Za-z]{1,2})0*(\d{1,3})(?:[.#](\d{1,2}))?$")
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_CITY_IN_PAREN = regex(r"^\s*(?:city|slot)\s*#?\s*(\d+)\s*$", re.I)


class ValueReader:
    """Reads the values of a move from the grammar's tree (mixed into the reader)."""

    def price(self, node: Tree) -> int:
        num = first_tok(node, "NUMBER")
        if num is None:      # "$11.0": 18xx.games writes amounts per share with a decimal
            dec = first_tok(node, "DECIMAL")
            whole, frac = dec.value.split(".")
            if int(frac) != 0:
                raise self.err("an amount of whole money units is expected here", node,
                               expected=["an amount such as $60"])
            from lark import Token      # (a tree is read: lark is loaded)
            num = Token("NUMBER", whole)
        value = int(num.value)
        if value > 10 ** 9:
            raise self.err("this amount is too large", node)
        return value

    def count(self, node: Tree) -> int:
        tok = node.children[0]
        word = tok.value.lower()        # a title's grammar may count in words ("three")
        n = int(word) if word.isdigit() else _NUMBER_WORDS.index(word) + 1
        if n <= 0 or n > 100:
            raise self.err("a count of shares is 1 or more", node)
        return n

    def hex_of(self, tok: Token) -> tuple[str, Optional[int]]:
        m = _HEX_RE.match(tok.value)
        if not m:  # pragma: no cover - the terminal guarantees the shape
            raise self.err("not a hex coordinate", tok)
        idx = None
        if m.group(3) is not None:
            idx = int(m.group(3))
            if idx == 0:
                raise self.err("cities are counted from 1 (J10.1 is the first city)", tok)
            idx -= 1
        return m.group(1).upper() + m.group(2), idx

    def place(self, node) -> str:
        return self.resolve(node, ("location",)).ident

    def paren(self, tok: Optional[Token], hex_: str) -> Optional[int]:
        """Check the log's "(Name)" after a hex against the map; the city index of "(city 2)"."""
        inner = tok.value[1:-1].strip() if tok is not None else ""
        if not inner:
            return None
        m = _CITY_IN_PAREN.match(inner)
        if m:
            n = int(m.group(1))
            if n == 0:
                raise self.err("cities are counted from 1", tok)
            return n - 1
        # a place name: must agree with the hex when we know the map
        entries = {e.ident: e for e in self.index.entries["location"]}
        q = norm(inner)
        own = entries.get(hex_)
        if own is not None:
            if any(f == q or f.startswith(q) or q.startswith(f) for f in own.exact):
                return None
            other = self._try_lookup_place(inner)
            where = f"; {inner} is {other.ident}" if other is not None and other.ident != hex_ else ""
            raise self.err(f'{hex_} is {own.shown[1] if len(own.shown) > 1 else hex_}, not "{inner}"{where}',
                           tok, expected=["the place name of that hex"])
        other = self._try_lookup_place(inner)
        if other is not None and other.ident != hex_ and q in other.exact:
            raise self.err(f'"{inner}" is {other.ident}, not {hex_}', tok)
        return None

    def _try_lookup_place(self, text: str) -> Optional[Entry]:
        try:
            return self.index.lookup(text, ("location",))
        except AmbiguousMoveError:
            return None

    def rotation(self, node: Tree) -> int:
        last = node.children[-1]
        r = int(last.value)
        if not 0 <= r <= 5:
            raise self.err("a rotation is a number from 0 to 5", last, expected=["0-5"])
        return r

    def train(self, node) -> str:
        toks = [t for t in tokens(node) if t.type in ("NUMBER", "PLUS", "WORD", "EXPRESS")]
        text = "".join(t.value for t in toks)
        if not text:  # pragma: no cover
            raise self.err("which train?", node)
        if not self.ctx.trains:
            return text.upper() if not text.isdigit() else str(int(text))
        q = norm(text)
        for e in self.index.entries["train"]:
            if q in e.exact:
                return e.ident
        sugg = [e.ident for e in self.index.entries["train"]]
        raise self.err(f'unknown train "{text}" (trains: {", ".join(sugg)})', node,
                       expected=["a train such as " + (sugg[0] if sugg else "2")])

    def train_word(self, text: str) -> Optional[str]:
        """The train a bare name like "D" or "Diesel" stands for, if any."""
        q = norm(text)
        for e in self.index.entries["train"]:
            if q in e.exact:
                return e.ident
        return None
