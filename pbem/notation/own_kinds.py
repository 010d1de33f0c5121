"""Kinds of move written and read as their classes say (`written`, `read`:
pbem.engine.actions.Action): the engine's kinds that say it (convert, merge, choose) and the
context's title's own kinds. The formatter and the canonical reader ask here first, and the
line reader for the title's own kinds, so a kind brings its notation where it is declared."""
from __future__ import annotations

import dataclasses
import functools
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterator, Optional

from pbem.engine.actions import ALL_ACTIONS, Action
from pbem.titles.registry import title_kinds
from .lazy import regex

if TYPE_CHECKING:
    from .context import NotationContext

#: the engine's kinds that say how they are written and read
ENGINE_KINDS: tuple[type[Action], ...] = tuple(c for c in ALL_ACTIONS if c.written and c.read)


@lru_cache(maxsize=None)
def written_kinds(title: Optional[str]) -> tuple[type[Action], ...]:
    """The kinds a game of `title` writes as their classes say: the title's own, then the engine's."""
    return title_kinds(title) + ENGINE_KINDS


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


@functools.lru_cache(maxsize=None)
def _pattern(read: str) -> re.Pattern:
    """A kind's `read` pattern, compiled once."""
    return regex(read, re.I)


def readings(rest: str, entity: str, kinds: tuple[type[Action], ...]) -> Iterator[Optional[Action]]:
    """For each of `kinds` whose pattern `rest` (the line after who moves) is exactly written
    as, in order, its action (None when the text does not make one)."""
    for cls in kinds:
        m = _pattern(cls.read).fullmatch(rest.strip())
        if m is None:
            continue
        try:
            action = cls(entity, **{k: _value(cls, k, v) for k, v in m.groupdict().items() if v is not None})
        except (TypeError, ValueError):
            action = None
        yield action


def read(rest: str, entity: str, ctx: "NotationContext") -> Optional[Action]:
    """The action of one of the context's title's own kinds that `rest` (the line after who
    moves) is exactly written as, or None."""
    return next(readings(rest, entity, title_kinds(ctx.title)), None)


def read_line(line: str, ctx: "NotationContext", label: Callable[[str, "NotationContext"], str]) -> Optional[Action]:
    """A whole line that is one move of the title's own kinds: "<who> <as written>" (who by
    `label`, the formatter's name of an entity, in any case), or the writer's own move without
    a name; None for any other line (and for every line of a title without kinds of its own).
    The engine's kinds are read from free text by the grammar, which checks their names."""
    if not title_kinds(ctx.title):
        return None
    text = line.strip().rstrip(".")
    labels = {label(e, ctx).lower(): e for e in [*ctx.players, *ctx.corporations, *ctx.companies]}
    for label in sorted(labels, key=len, reverse=True):
        if text.lower().startswith(label + " "):
            return read(text[len(label) + 1:], labels[label], ctx)
    return read(text, ctx.actor, ctx) if ctx.actor else None
