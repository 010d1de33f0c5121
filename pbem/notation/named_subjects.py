"""The last try for a line told by its movers ("QLL got a 2 train, HBR got a 3", "Bob starts HBR
on 67", "GT parred at 76 by Bob"): each part read with who leads it at turn (docs/reading.md)."""
from __future__ import annotations

import dataclasses
import re

from .context import round_kind
from .pieces import clauses
from .lazy import regex

__all__ = ["read_by_subjects"]

#: "sells his 20 percent", "swaps her Saskatchewan Central": the subject's holding
_HANDED = regex(r"\b(?:sells?|selling|sold|dump(?:s|ed|ing)?|swap(?:s|ped|ping)?|trad(?:e|es|ed|ing)|"
                     r"exchang(?:e|es|ed|ing)|convert(?:s|ed|ing)?)\s+(his|her)\b", re.I)
_BY = regex(r"\bby\s*$", re.I)
#: what may stand before a mover's name that starts a part ("..., then HBR got a 3")
_LEAD = regex(r"[\s,;.:!]*(?:(?:and|then|while|&)\s+)*", re.I)


def read_by_subjects(reader, line_no: int, line: str, first) -> list:
    """Each part of `line` led by its mover read with that mover at turn (a company in an operating
    round, a player in a stock or auction round); `first` unless every part reads as its mover's."""
    kind = round_kind(reader.ctx)
    wanted = "corporation" if kind == "operating" else "player" if kind in ("stock", "auction") else None
    if wanted is None or getattr(reader, "subject_tried", False):
        raise first
    starts, found = [], clauses(line, reader.ctx, reader.index)
    last = found[-1].pieces[-1] if found and found[-1].pieces and kind != "operating" else None
    named = [i for k, i in last.value if k == "player"] if last is not None and last.kind == "name" else []
    if len(named) == 1 and _BY.search(line[:last.start]) and not line[last.end:].strip(" .!"):
        starts, line = [(0, named[0])], line[:last.start]         # "GT parred at 76 by Bob"
    for c in found if not starts else ():
        p = c.pieces[0] if c.pieces else None
        lead = line[c.start:p.start] if p is not None else ""
        movers = [i for k, i in p.value if k == wanted] if p is not None and p.kind == "name" else []
        if len(movers) == 1 and _LEAD.fullmatch(lead) and (not starts or starts[-1][1] != movers[0]):
            starts.append((p.start, movers[0]))      # (SC: 1882's corporation, not the private of that name)
    own = reader.ctx.current if kind == "operating" else reader.ctx.actor
    if not starts or line[:starts[0][0]].strip() or [w for _, w in starts] == [own] \
            or len(starts) == 1 and any(p.kind == "me" for c in found for p in c.pieces):
        raise first          # the writer's own line, or another's move told to "me"
    ctx, out = reader.ctx, []
    try:
        for (a, who), (b, _) in zip(starts, [*starts[1:], (len(line), None)]):
            part = line[a:b].rstrip(" ,;.:&")
            part = re.sub(r"\s+(?:and|then|while)$", "", part, flags=re.I)
            part = _HANDED.sub(lambda m: m.group(0)[:m.start(1) - m.start()] + " " * len(m.group(1)), part)
            reader.ctx = ctx.at_turn(current=who) if kind == "operating" else ctx.at_turn(actor=who)
            reader.subject_tried = True
            got = reader.interpret(line_no, part)
            if not isinstance(got, list) or not got or any(m.action.entity != who and (kind == "operating" or m.action.entity
                                                                                       in ctx.players) for m in got):
                raise first
            out.extend(dataclasses.replace(m, column=m.column + a) for m in got)
    finally:
        reader.ctx, reader.subject_tried = ctx, False
    return out
