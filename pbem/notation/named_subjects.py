"""Last tries for a line's subject: its one player named as who moves ("Bob starts HBR on 67",
"Lukas sells his 20 percent of QLL"), in an operating round another company than the one
operating ("GT: 4-train from the depot, 300"). Another's move is read as theirs, and the table
refuses it for the writer's seat (the interpreter itself reads only the writer's or the
operating company's moves)."""
from __future__ import annotations

import dataclasses
import re
from typing import Optional

from .piece_moves import round_kind
from .pieces import _find, clauses

__all__ = ["read_as_subject", "read_by_subjects", "read_for_subject", "subject"]

#: "sells his 20 percent", "swaps her Saskatchewan Central": the subject's holding
_HANDED = re.compile(r"\b(?:sells?|selling|sold|dump(?:s|ed|ing)?|swap(?:s|ped|ping)?|trad(?:e|es|ed|ing)|"
                     r"exchang(?:e|es|ed|ing)|convert(?:s|ed|ing)?)\s+(his|her)\b", re.I)
_BY = re.compile(r"\bby\s*$", re.I)


def subject(line: str, ctx, index) -> Optional[str]:
    """The one player a stock or auction line names, when it names them as its subject: first on
    the line before a move word or a colon, or last after "by"; None when it also says "I" or
    names no one so. (The interpreter itself reads no other player's move, nor a move told with
    his/her; the table refuses another player's move for the writer's seat.)"""
    if round_kind(ctx) not in ("stock", "auction"):
        return None        # in an operating or merger round a company moves, not a player
    found = _find(line, ctx, index)
    named = [(p, i) for p in found if p.kind == "name" for k, i in p.value if k == "player"]
    if len({i for _, i in named}) != 1 or len(named) != 1 or any(p.kind == "me" for p in found):
        return None
    p, who = named[0]
    after = [q for q in found if q.start >= p.end]
    rest = line[p.end:].lstrip()
    if not line[:p.start].strip() and after and (after[0].kind == "verb" or rest.startswith(":") or _HANDED.match(rest)):
        return who
    return who if _BY.search(line[:p.start]) and not line[p.end:].strip(" .!") else None


def read_as_subject(reader, line_no: int, line: str, first) -> list:
    """The line's moves as its subject's (`subject`), "his"/"her" of their holding read as theirs;
    `first` (the first refusal) when it has no such subject or does not read so either."""
    who = None if getattr(reader, "subject_tried", False) else subject(line, reader.ctx, reader.index)
    if who is None:
        raise first from None
    text = _HANDED.sub(lambda m: m.group(0)[:m.start(1) - m.start()] + " " * len(m.group(1)), line)
    if who == reader.ctx.actor and text == line:
        raise first from None         # the writer's own line as written: the interpreter refused it already
    ctx = reader.ctx
    reader.ctx, reader.subject_tried = ctx.at_turn(actor=who), True
    try:
        got = reader.interpret(line_no, text)
    finally:
        reader.ctx, reader.subject_tried = ctx, False
    if isinstance(got, list) and got:
        return got
    raise first from None


def read_for_subject(reader, line_no: int, line: str, first) -> list:
    """The line read with the company its first word names as the one operating, when all the
    moves read are that company's; `first` (the first refusal) otherwise."""
    ctx = reader.ctx
    found = clauses(line, ctx, reader.index) if round_kind(ctx) == "operating" else []
    subject = found[0].pieces[0] if found and found[0].pieces else None
    if subject is None or subject.kind != "name" or len(subject.value) != 1 or line[:subject.start].strip():
        raise first
    kind, who = subject.value[0]
    if kind != "corporation" or who == ctx.current:
        raise first
    reader.ctx = ctx.at_turn(current=who)
    try:
        got = reader.interpret(line_no, line)
    finally:
        reader.ctx = ctx
    if isinstance(got, list) and got and all(m.action.entity == who for m in got):
        return got
    raise first


#: what may stand before a mover's name that starts a part ("..., then HBR got a 3")
_LEAD = re.compile(r"[\s,;.:!]*(?:(?:and|then|while|&)\s+)*", re.I)


def read_by_subjects(reader, line_no: int, line: str, first) -> list:
    """A line telling several movers' moves, each part led by its mover ("QLL got a 2 train, HBR
    got a 3", "SPW: A9-B8-E1 for 80. KB: A11-D14 for 60."): each part read with its mover at turn
    (a company in an operating round, a player in a stock or auction round); `first` (the first
    refusal) unless every part reads as its mover's. The table refuses a part not the seat's."""
    kind = round_kind(reader.ctx)
    wanted = "corporation" if kind == "operating" else "player" if kind in ("stock", "auction") else None
    if wanted is None or getattr(reader, "subject_tried", False):
        raise first
    starts = []
    for c in clauses(line, reader.ctx, reader.index):
        p = c.pieces[0] if c.pieces else None
        lead = line[c.start:p.start] if p is not None else ""
        movers = [i for k, i in p.value if k == wanted] if p is not None and p.kind == "name" else []
        if len(movers) == 1 and _LEAD.fullmatch(lead) and (not starts or starts[-1][1] != movers[0]):
            starts.append((p.start, movers[0]))      # (SC: 1882's corporation, not the private of that name)
    if len(starts) < 2 or line[:starts[0][0]].strip():
        raise first
    ctx, out = reader.ctx, []
    try:
        for (a, who), (b, _) in zip(starts, [*starts[1:], (len(line), None)]):
            part = line[a:b].rstrip(" ,;.:&")
            part = re.sub(r"\s+(?:and|then|while)$", "", part, flags=re.I)
            reader.ctx = ctx.at_turn(current=who) if kind == "operating" else ctx.at_turn(actor=who)
            reader.subject_tried = True
            got = reader.interpret(line_no, part)
            if not isinstance(got, list) or not got or any(m.action.entity != who for m in got):
                raise first
            out.extend(dataclasses.replace(m, column=m.column + a) for m in got)
    finally:
        reader.ctx, reader.subject_tried = ctx, False
    return out
