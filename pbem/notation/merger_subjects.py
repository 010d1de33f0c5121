"""Who acts in a merger round line: while no company is at turn, the company the line names
first, straight before its move word ("MNN passes in the merger round", "NW removes its token
from Kiev", "K-B sits out the merger round"); while a minor is, the writer when the line is the
writer's own turn at buying shares ("Bram passes on buying MVR shares", "Pass, no SW for me")."""
from __future__ import annotations

import re

from .context import NotationContext
from .names import NameIndex
from .pieces import clauses
from .lazy import regex

__all__ = ["company_at_turn"]

#: words of a player's own turn at buying shares after the mergers
_SHARE_TURN = regex(r"\bfor\s+me\b|\bshares?\b|\bbuy(?:s|ing)?\b|\bpost-merger\b", re.I)
#: words of a merger or a conversion (the minor's turn, not the writer's)
_MERGING = regex(r"(?<!-)\bmerg\w*|\bconver\w*|\binto\b|\btakes?\s+in\b", re.I)


def company_at_turn(line: str, ctx: NotationContext, index: NameIndex) -> NotationContext:
    """`ctx` with who acts in a merger round line at turn: the company named as the line's subject
    when no company is at turn (its first piece one company's name, the next a move word); the
    writer when the line speaks of their own share buying and of no merger, its subject the writer
    or none; else `ctx` itself."""
    hook = ctx.round_kind
    kind = str((hook() if callable(hook) else hook) or "").lower()
    if not kind.startswith("merger"):
        return ctx
    found = clauses(line, ctx, index)
    pieces = found[0].pieces if found else []
    first = pieces[0] if pieces else None
    if ctx.kind_of(ctx.current) in ("corporation", "company"):
        writer = first is not None and (first.kind == "me" or first.kind == "name" and first.value == (("player", ctx.actor),))
        named = first is not None and first.kind == "name" and not writer
        if not named and _SHARE_TURN.search(line) and not _MERGING.search(line):
            return ctx.at_turn(current=ctx.actor)       # "Bram passes on buying MVR shares"
        return ctx
    if len(pieces) < 2 or first.kind != "name" or len(first.value) != 1 or pieces[1].kind != "verb":
        return ctx
    kind_, who = first.value[0]
    return ctx.at_turn(current=who) if kind_ == "corporation" else ctx
