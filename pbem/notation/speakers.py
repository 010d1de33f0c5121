"""Who speaks in a line: the writer named by a role or a pronoun, "it" for the one company named before,
another's auction move told before the writer's, and a line told by its movers."""
from __future__ import annotations

import dataclasses
import re
from typing import Optional

from pbem.errors import PbemError

from .context import NotationContext, round_kind
from .names import NameIndex
from .piece_moves import read_by_pieces
from .pieces import _find, blanked, clauses
from .scopes import line_refusal
from .lazy import regex

__all__ = ["it_named_before", "others_set_aside", "own_pronouns", "read_by_subjects"]

#: "she sells", "dumps her 20%", "buys her 4th share": a subject, a holding sold, which share is bought
_PRONOUN = regex(r"\b(?:he|she)\b|\b(?:his|her)\b(?!\s+(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|last)\b)|"
                      r"(?:(?<=\bbuys\s)|(?<=\btakes\s)|(?<=\bbought\s)|(?<=\bbuying\s)|(?<=\btaking\s))(?:his|her)\b", re.I)
#: the role as the subject of a sale or a purchase ("the president sells", "its director dumped")
_ROLE = regex(r"(?:(?:(?<=^)|(?<=[,;:.]\s)|(?<=\band\s)|(?<=\bthen\s)|(?<=\bso\s))\s*(?:the|its|our)\s+|"
                   r"(?:^|(?<=[,;:.]\s))\s*(?P<corp>[A-Z][\w&-]*)['’]s\s+)"
                   r"(?:president|director|prez)(?=\s+(?:(?:has|had|then|also|just|now)\s+)?"
                   r"(?:sells|sold|selling|dumps|dumped|dumping|buys|bought|buying)\b)", re.I)


def own_pronouns(line: str, ctx: NotationContext, index: NameIndex) -> str:
    """The line with the roles and pronouns standing for the writer blanked (columns stand): "the president"
    who sells in an operating round, "he", "his" after the writer's own name."""
    if ctx.actor and round_kind(ctx) == "operating":
        line = blanked(line, [(m.end("corp") if m.group("corp") else m.start(), m.end())
                              for m in _ROLE.finditer(line)])     # "B&O's president buys": "B&O        buys"
    if not ctx.actor or not _PRONOUN.search(line):
        return line
    players = sorted((p.start, i) for p in _find(line, ctx, index) if p.kind == "name"
                     for k, i in p.value if k == "player")
    spans = []
    for m in _PRONOUN.finditer(line):
        before = [i for at, i in players if at < m.start()]
        if before and before[-1] == ctx.actor:
            at = m.start() - 3 if line[max(0, m.start() - 3):m.start()].lower() == "of " else m.start()
            spans.append((at, m.end()))        # "all four of his HBR": "all four HBR"
    return blanked(line, spans)


_IT = regex(r"\bit\b", re.I)


def it_named_before(line: str, ctx: NotationContext, index: NameIndex, why: str) -> Optional[list]:
    """The moves of the line with its first "it" read as the one company (or private) named before
    it, when the reading refused it for "which company?"; else None."""
    if "which company" not in why:
        return None
    m = _IT.search(line)
    if m is None:
        return None
    before = [p for c in clauses(line[:m.start()], ctx, index) for p in c.of("name")
              if any(k in ("company", "corporation") for k, _ in p.value)]
    ids = {i for p in before for k, i in p.value if k in ("company", "corporation")}
    if len(ids) != 1:
        return None
    name = line[before[-1].start:before[-1].end]
    try:
        moves = read_by_pieces(line[:m.start()] + name + line[m.end():], ctx, index)
    except PbemError:
        return None
    return [dataclasses.replace(moves[0], notes=moves[0].notes + (f'read "it" as {name}',)), *moves[1:]]


def others_set_aside(line: str, ctx: NotationContext, index: NameIndex, kind: Optional[str]) -> Optional[list]:
    """The writer's moves of an auction line opening with another player's move ("Ingrid bids 70 for SC, I go
    to 75"), that move set aside but for the private it names; else None."""
    if kind != "auction" or "?" in line or line_refusal(line) is not None:
        return None
    found = clauses(line, ctx, index)
    if len(found) < 2 or not found[0].pieces or not found[0].verbs():
        return None
    first = found[0].pieces[0]
    if first.kind != "name" or not all(k == "player" and i != ctx.actor for k, i in first.value):
        return None
    if not any(c.of("me") and c.verbs() for c in found[1:]):
        return None
    c = found[0]
    kept = [p for p in c.pieces if p.kind == "name" and any(k == "company" for k, _ in p.value)]
    ends = [c.start] + [x for p in kept for x in (p.start, p.end)] + [c.end]     # the clause blanked but its companies
    try:
        moves = read_by_pieces(blanked(line, zip(ends[0::2], ends[1::2])), ctx, index)
    except PbemError:
        return None
    note = f'read without another\'s move told before the writer\'s: "{c.text}"'
    return [dataclasses.replace(moves[0], notes=moves[0].notes + (note,)), *moves[1:]]


#: "sells his 20 percent", "swaps her Saskatchewan Central": the subject's holding
_HANDED = regex(r"\b(?:sells?|selling|sold|dump(?:s|ed|ing)?|swap(?:s|ped|ping)?|trad(?:e|es|ed|ing)|"
                     r"exchang(?:e|es|ed|ing)|convert(?:s|ed|ing)?)\s+(his|her)\b", re.I)
_BY = regex(r"\bby\s*$", re.I)
#: what may stand before a mover's name that starts a part ("..., then HBR got a 3")
_LEAD = regex(r"[\s,;.:!]*(?:(?:and|then|while|&)\s+)*", re.I)
def read_by_subjects(reader, line_no: int, line: str, first) -> list:
    """The last try for a line told by its movers ("QLL got a 2 train, HBR got a 3"): each part read with
    its mover at turn; `first` unless every part reads as its mover's."""
    kind = round_kind(reader.ctx)
    wanted = "corporation" if kind == "operating" else "player" if kind in ("stock", "auction") else None
    if wanted is None:
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
            part = blanked(part, (m.span(1) for m in _HANDED.finditer(part)))
            reader.ctx = ctx.at_turn(current=who) if kind == "operating" else ctx.at_turn(actor=who)
            got = reader.interpret(line_no, part)
            if not isinstance(got, list) or not got or any(m.action.entity != who and (kind == "operating" or m.action.entity
                                                                                       in ctx.players) for m in got):
                raise first
            out.extend(dataclasses.replace(m, column=m.column + a) for m in got)
    finally:
        reader.ctx = ctx
    return out
