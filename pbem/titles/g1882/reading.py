"""How 1882's addition to the grammar (grammar.lark) reads: the Saskatchewan Central's
conversion into the SC corporation, a par of SC. `READERS` maps the added rule to its reader
(pbem/titles/reading.py)."""
from __future__ import annotations

from typing import Optional

from lark import Tree

from pbem.engine.actions import Par
from pbem.titles.reading import MoveReader, Reader, named

__all__ = ["READERS"]


def convert(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """"converts SC at 76", "convert Saskatchewan Central to SC at $76": a par of SC."""
    names = named(node)
    price = reader.price(named(node, "price")[0])
    if len(names) == 2:
        reader.resolve(names[0], ("company", "corporation"), mode="priority")
        corp = reader.resolve(names[1], ("corporation",)).ident
    else:
        corp = reader.resolve(names[0], ("corporation",)).ident
    return [Par(reader.entity("player", subject, node), corp, price)]


READERS: dict[str, Reader] = {"convert": convert}
