"""A private's power used by the company operating ("C&O uses D&H: lays #57 on F16", "Using the NWR:
GT moves its G11 token to E5", "buys the NWR ... and uses it to put a token at E5"): the tile laid and
the tokens placed or lifted after the words of use are the private's moves, as the game records them."""
from __future__ import annotations

import dataclasses
import re
from typing import NamedTuple, Optional

from pbem.engine.actions import LayTile, PlaceToken, RemoveToken

from .context import NotationContext
from .names import NameIndex

__all__ = ["PrivateUsed", "private_used", "by_the_private"]

#: the words of a power used, up to where the private is named ("uses the", "using its", "used")
_USE = re.compile(r"\b(?:uses|use|used|using)\s+(?:(?:the|its|his|her|my|our|their)\s+)?", re.I)
#: what may follow the private's name in the words of use ("the NWR power", "... private to")
_TAIL = re.compile(r"(?:\s+(?:power|ability|special|private|company))?(?:\s+to\b)?", re.I)
#: a pronoun standing for the private named before ("buys the NWR ... and uses it to")
_IT = re.compile(r"it\b(?:\s+to\b)?", re.I)


class PrivateUsed(NamedTuple):
    line: str        # the line with the words of use blanked (the same length)
    private: str     # the private whose power is used
    at: int          # where the words of use start


def private_used(line: str, ctx: NotationContext, index: NameIndex) -> Optional[PrivateUsed]:
    """The private whose power the line says the company operating uses, or None: an operating
    round, a use word straight before a private's name (or "it" after one named before)."""
    raw = ctx.round_kind() if callable(ctx.round_kind) else ctx.round_kind
    if not str(raw or "").strip().lower().startswith(("or", "operating")) or not ctx.current:
        return None
    from .pieces import _find

    privates = [p for p in _find(line, ctx, index) if p.kind == "name" and any(k == "company" for k, _ in p.value)]
    for m in _USE.finditer(line):
        named = next((p for p in privates if m.start() + 3 <= p.start <= m.end() < p.end), None)   # the name may hold "the"
        if named is not None:
            end = _TAIL.match(line, named.end).end()
        elif (it := _IT.match(line, m.end())) and (before := [p for p in privates if p.end <= m.start()]):
            named, end = before[-1], it.end()
        else:
            continue
        code = next(i for k, i in named.value if k == "company")
        return PrivateUsed(line[:m.start()] + " " * (end - m.start()) + line[end:], code, m.start())
    return None


def by_the_private(moves: list, used: PrivateUsed, ctx: NotationContext) -> list:
    """The moves read with the tile lays and tokens told after the words of use (in a clause that
    ends after them) made the private's."""
    out = []
    for m in moves:
        a = m.action
        if isinstance(a, (LayTile, PlaceToken, RemoveToken)) and a.entity == ctx.current and m.column - 1 + len(m.text) > used.at:
            m = dataclasses.replace(m, action=dataclasses.replace(a, entity=used.private))
        out.append(m)
    return out
