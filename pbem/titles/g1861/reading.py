"""How 1861's additions to the grammar (grammar.lark) read: the moves of a merger round
(conversions, mergers), a major's redemption of its own share and its choice to be
nationalised. `READERS` maps each added rule to its reader (pbem/titles/reading.py)."""
from __future__ import annotations

import re
from typing import Optional

from lark import Tree

from pbem.engine.actions import Choose, Convert, Merge
from pbem.titles.reading import MoveReader, Reader, named, token

__all__ = ["READERS"]


def convert(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """"KR converts" (then a merge names the major), or "KR converts into MK"."""
    ent = reader.entity("corp", subject, node)
    out: list = [Convert(ent)]
    name = next(iter(named(node)), None)
    if name is not None:
        out.append(Merge(ent, reader.resolve(name, ("corporation",)).ident))
    return out


def merge(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """"MV merges KR" (add a minor) or "MV merges into GRR" (name the major)."""
    name = named(node)[0]
    return [Merge(reader.entity("corp", subject, node), reader.resolve(name, ("corporation",)).ident)]


def merge_add(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """The log's "Adding N to merge of MB" (or "of MB,KR"): the merger MB started takes in N."""
    names = named(node)
    added = reader.resolve(names[0], ("corporation",)).ident
    first = reader.resolve(names[1], ("corporation",)).ident
    return [Merge(first, added)]


def redeem(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """"GRR redeems a 10% share from the market": the major buys back its own share (from the
    pool unless the line names where from)."""
    ent = reader.entity("corp", subject, node)
    name = next(iter(named(node)), None)
    corp = reader.resolve(name, ("corporation",)).ident if name is not None else ent
    pct_tok = token(node, "PERCENT")
    cnt = next(iter(named(node, "count")), None)
    many = reader.count(cnt) if cnt is not None and pct_tok is None else 1
    percent = int(re.match(r"\d+", pct_tok.value).group(0)) if pct_tok is not None else reader.share_size(corp)
    return reader.buy_shares(node, ent, corp, percent, many, source="pool")


def nationalize(reader: MoveReader, node: Tree, subject: Optional[str]) -> list:
    """"GRR chooses nationalize": a trainless major chooses to be nationalised."""
    return [Choose(reader.entity("corp", subject, node), "nationalize")]


READERS: dict[str, Reader] = {
    "convert61": convert, "merge": merge, "merge_add": merge_add, "redeem": redeem, "nationalize": nationalize,
}
