"""The values a move writes: amounts, counts, hexes and city numbers, what a bracket after a hex says, rotations, trains.

`ValueReader` is mixed into the notation reader (parser.py): each method turns one node of
the grammar's tree into the value an action holds, or raises a NotationError naming it.
"""
from __future__ import annotations

import re
from typing import Optional

from lark import Token, Tree

from pbem.errors import AmbiguousMoveError

from .names import Entry, norm
from .trees import first_tok, tokens

__all__ = ["ValueReader", "compass"]

_HEX_RE = re.compile(r"([A-Za-z]{1,2})0*(\d{1,3})(?:[.#](\d{1,2}))?$")
_COMPASS_NORM = {
    "north": "N", "south": "S", "east": "E", "west": "W",
    "northeast": "NE", "northwest": "NW", "southeast": "SE", "southwest": "SW",
}
_EDGE_IN_PAREN = re.compile(r"^\s*(?:connect\w*|toward\w*|join\w*|exit\w*|pointing|link\w*|to)\b", re.I)
_EDGE_ITEMS = re.compile(
    r"\b[A-Za-z]{1,2}\d{1,3}\b|\b(?:north|south)(?:[\s-]?(?:east|west))?\b|\b(?:east|west|NE|NW|SE|SW|N|S|E|W)\b",
    re.I)
_CITY_IN_PAREN = re.compile(r"^\s*(?:city|slot)\s*#?\s*(\d+)\s*$", re.I)


def compass(text: str) -> str:
    t = re.sub(r"[\s-]", "", text.lower())
    return _COMPASS_NORM.get(t, t.upper())


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
            num = Token("NUMBER", whole)
        value = int(num.value)
        if value > 10 ** 9:
            raise self.err("this amount is too large", node)
        return value

    def count(self, node: Tree) -> int:
        tok = node.children[0]
        if tok.type == "NUMBER":
            n = int(tok.value)
        else:
            n = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten"].index(tok.value.lower()) + 1
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

    def paren(self, tok: Optional[Token], hex_: str) -> tuple[Optional[int], tuple]:
        """Check '(Name)' after a hex; returns (city index from '(city 2)', edges)."""
        if tok is None:
            return None, ()
        inner = tok.value[1:-1].strip()
        if not inner:
            return None, ()
        m = _CITY_IN_PAREN.match(inner)
        if m:
            n = int(m.group(1))
            if n == 0:
                raise self.err("cities are counted from 1", tok)
            return n - 1, ()
        if _EDGE_IN_PAREN.match(inner):
            body = _EDGE_IN_PAREN.sub("", inner)
            body = re.sub(r"^\s*(?:track\s+)?(?:to|towards?)?\s*", "", body, flags=re.I)
            edges = tuple(self._edge_text(x) for x in _EDGE_ITEMS.findall(body))
            return None, edges
        # a place name: must agree with the hex when we know the map
        entries = {e.ident: e for e in self.index.entries["location"]}
        q = norm(inner)
        own = entries.get(hex_)
        if own is not None:
            if any(f == q or f.startswith(q) or q.startswith(f) for f in own.exact):
                return None, ()
            other = self._try_lookup_place(inner)
            where = f"; {inner} is {other.ident}" if other is not None and other.ident != hex_ else ""
            raise self.err(f'{hex_} is {own.shown[1] if len(own.shown) > 1 else hex_}, not "{inner}"{where}',
                           tok, expected=["the place name of that hex"])
        other = self._try_lookup_place(inner)
        if other is not None and other.ident != hex_ and q in other.exact:
            raise self.err(f'"{inner}" is {other.ident}, not {hex_}', tok)
        return None, ()

    def _try_lookup_place(self, text: str) -> Optional[Entry]:
        try:
            return self.index.lookup(text, ("location",))
        except AmbiguousMoveError:
            return None

    def _edge_text(self, raw: str) -> str:
        m = _HEX_RE.match(raw)
        if m and m.group(3) is None:
            return m.group(1).upper() + m.group(2)
        c = compass(raw)
        if c not in self.ctx.compass_sides():
            raise self.err(f'"{raw}" is not a side of this map\'s hexes (sides: '
                           f'{", ".join(self.ctx.compass_sides())})', None)
        return c

    def rotation(self, node: Tree) -> int:
        toks = [t for t in node.children if isinstance(t, Token)]
        last = toks[-1]
        if last.type == "R_ROT":
            return int(last.value[-1])
        if last.type == "NUMBER":
            r = int(last.value)
            if not 0 <= r <= 5:
                raise self.err("a rotation is a number from 0 to 5", last, expected=["0-5"])
            return r
        # COMPASS
        c = compass(last.value)
        sides = self.ctx.compass_sides()
        if c not in sides:
            raise self.err(f'"{last.value}" is not a side of this map\'s hexes (sides: '
                           f'{", ".join(sides)})', last, expected=list(sides))
        return sides[c]

    def train(self, node) -> str:
        toks = [t for t in tokens(node) if t.type in ("NUMBER", "PLUS", "SLASH", "WORD", "COMPASS", "EXPRESS")]
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
