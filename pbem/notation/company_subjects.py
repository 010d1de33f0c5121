"""Another company's move stays that company's: an operating round's line whose subject is a
company other than the one operating ("GT: 4-train from the depot, 300", "KR trades in its 2 for a
3, 225") is read, as a last try, as that company's moves, which the table then refuses for the
one operating (the interpreter itself reads only the operating company's moves)."""
from __future__ import annotations

from .piece_moves import round_kind
from .pieces import clauses

__all__ = ["read_for_subject"]


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
