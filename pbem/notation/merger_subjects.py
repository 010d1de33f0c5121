"""Who acts in a merger round line written while no company is at turn ("MNN passes in the
merger round", "NW removes its token from Kiev", "K-B sits out the merger round"): the company
the line names first, straight before its move word, acts for the writer."""
from __future__ import annotations

from .context import NotationContext
from .names import NameIndex
from .pieces import clauses

__all__ = ["company_at_turn"]


def company_at_turn(line: str, ctx: NotationContext, index: NameIndex) -> NotationContext:
    """`ctx` with the company a merger round line names as its subject at turn, when no company
    is (the line's first piece one company's name, the next a move word); else `ctx` itself."""
    hook = ctx.round_kind
    kind = str((hook() if callable(hook) else hook) or "").lower()
    if not kind.startswith("merger") or ctx.kind_of(ctx.current) in ("corporation", "company"):
        return ctx
    found = clauses(line, ctx, index)
    pieces = found[0].pieces if found else []
    if len(pieces) < 2 or pieces[0].kind != "name" or len(pieces[0].value) != 1 or pieces[1].kind != "verb":
        return ctx
    kind_, who = pieces[0].value[0]
    return ctx.at_turn(current=who) if kind_ == "corporation" else ctx
