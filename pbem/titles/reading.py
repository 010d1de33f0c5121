"""What a title's readers of its grammar additions are given: the notation reader, as the few
methods they use (`MoveReader`), and small questions asked of lark's trees.

A title whose `grammar.lark` adds rules declares, in the module its `TitleEntry.readers`
names, `READERS`: rule name -> a function `(reader, node, subject) -> list of actions`, called
by the notation reader for a clause of that rule (`node` the rule's tree, `subject` whom the
clause names, or None). The titles sit below the notation (pyproject.toml's layers), so a
reader is typed by this protocol, never by the notation's own class.
"""
from __future__ import annotations

from typing import Callable, Optional, Protocol, Sequence

from lark import Token, Tree

__all__ = ["MoveReader", "Named", "Reader", "named", "token"]


class Named(Protocol):
    """A name looked up: what it names (a corporation's symbol, a company's, a player's id)."""

    @property
    def ident(self) -> str: ...


class MoveReader(Protocol):
    """The notation reader, as a title's readers use it."""

    def entity(self, family: str, subject: Optional[str], node) -> str:
        """Who makes a move of `family` ('player', 'corp', 'any'): the clause's subject, or
        the one acting (NotationError when nobody fits)."""

    def resolve(self, node, kinds: Sequence[str], *, mode: str = "priority") -> Named:
        """The entry a `name` tree names among `kinds` ('corporation', 'company', 'player');
        NotationError or AmbiguousMoveError pointing at it otherwise."""

    def price(self, node: Tree) -> int:
        """The amount a `price` tree writes."""

    def count(self, node: Tree) -> int:
        """The number a `count` tree writes ("2", "two")."""

    def buy_shares(self, node: Tree, who: str, corporation: str, percent: int, count: int = 1,
                   source: str = "ipo") -> list:
        """`count` purchases of a `percent` share of `corporation` by `who`, read with the
        node's purchase modifiers (`buy_mod`: "from the pool", "for 60"), from `source`
        ('ipo' or 'pool') when they name none."""


#: what a title's READERS holds for each rule it adds
Reader = Callable[[MoveReader, Tree, Optional[str]], list]


def named(node: Tree, rule: str = "name") -> list[Tree]:
    """The children of `node` that are `rule` trees (its names, by default), in order."""
    return [c for c in node.children if isinstance(c, Tree) and c.data == rule]


def token(node: Tree, type_: str) -> Optional[Token]:
    """The first child of `node` that is a token of `type_`, or None."""
    return next((c for c in node.children if isinstance(c, Token) and c.type == type_), None)
