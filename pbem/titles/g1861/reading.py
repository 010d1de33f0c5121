"""How 1861's additions to the grammar (grammar.lark) read: the log lines of a merger round
(conversions, mergers) and of a major's redemption of its own share. `READERS` maps each added
rule to its reader (pbem/titles/reading.py)."""
from __future__ import annotations

import re
from typing import Optional

from lark import Tree

from pbem.engine.actions import Convert, Merge
from pbem.titles.reading import MoveReader, Reader, named, token

__all__ = ["READERS"]


def convert(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """"MNN converts into SW": the conversion, and the major it forms when the line names it."""
    ent = reader.entity("corp", subject, node)
    return [Convert(ent)] + [Merge(ent, reader.resolve(name, ("corporation",)).ident) for name in named(node)]


def merge(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """"MB merges into NW" (the major the merger forms), "MV merges with KR" (a minor added)."""
    return [Merge(reader.entity("corp", subject, node), reader.resolve(named(node)[0], ("corporation",)).ident)]


def merge_add(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """The log's "Adding N to merge of MB" (or "of MB,KR"): the merger MB started takes in N."""
    names = named(node)
    added = reader.resolve(names[0], ("corporation",)).ident
    first = reader.resolve(names[1], ("corporation",)).ident
    return [Merge(first, added)]


def redeem(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """"SW redeems a 10% share from the market for 60₽": the major buys back its own share."""
    ent = reader.entity("corp", subject, node)
    percent = int(re.match(r"\d+", token(node, "PERCENT").value).group(0))
    return reader.buy_shares(node, ent, ent, percent, 1, source="pool")


READERS: dict[str, Reader] = {
    "convert61": convert, "merge": merge, "merge_add": merge_add, "redeem": redeem,
}
