"""A title's own kinds of move, written and read as their classes say (`written`, `read`:
pbem.engine.actions.Action): the formatter, the canonical reader and the line reader ask
here first, so a title's package brings a kind's notation with the kind."""
from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Callable, Optional

from pbem.engine.actions import Action
from pbem.titles.registry import title_kinds

if TYPE_CHECKING:
    from .context import NotationContext


def write(action: Action, who: str) -> Optional[str]:
    """The line of an action whose kind says how it is written, or None."""
    spec = type(action).written
    if not spec:
        return None
    return f"{who} " + spec.format(**{f.name: getattr(action, f.name) for f in dataclasses.fields(action)})


def _value(cls: type, name: str, text: str):
    """A field read from its text, as its declared type wants (int or str)."""
    kind = next((f.type for f in dataclasses.fields(cls) if f.name == name), "str")
    return int(text) if kind in (int, "int") else text


def read(rest: str, entity: str, ctx: "NotationContext") -> Optional[Action]:
    """The action of one of the context's title's own kinds that `rest` (the line after who
    moves) is exactly written as, or None."""
    for cls in title_kinds(ctx.title):
        m = re.fullmatch(cls.read, rest.strip(), flags=re.I)
        if m is None:
            continue
        try:
            return cls(entity, **{k: _value(cls, k, v) for k, v in m.groupdict().items() if v is not None})
        except (TypeError, ValueError):
            return None
    return None


def read_line(line: str, ctx: "NotationContext", label: Callable[[str, "NotationContext"], str]) -> Optional[Action]:
    """A whole line that is one move of the title's own kinds: "<who> <as written>" (who by
    `label`, the formatter's name of an entity, in any case), or the writer's own move without
    a name; None for any other line (and for every line of a title without kinds of its own)."""
    if not title_kinds(ctx.title):
        return None
    text = line.strip().rstrip(".")
    labels = {label(e, ctx).lower(): e for e in [*ctx.players, *ctx.corporations, *ctx.companies]}
    for label in sorted(labels, key=len, reverse=True):
        if text.lower().startswith(label + " "):
            return read(text[len(label) + 1:], labels[label], ctx)
    return read(text, ctx.actor, ctx) if ctx.actor else None
