"""Kinds of move written and read as their classes say (`written`, `read`): the engine's (convert, merge,
choose) and the title's own, which the interpreter also reads in free text by their `verbs`."""
from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator, Optional, Sequence

from pbem.engine.actions import ALL_ACTIONS, Action
from pbem.errors import AmbiguousMoveError, NotationError
from pbem.titles.registry import declared_kinds, title_kinds
from .lazy import regex

if TYPE_CHECKING:
    from .context import NotationContext
    from .pieces import Clause

#: the engine's kinds that say how they are written and read
ENGINE_KINDS: tuple[type[Action], ...] = tuple(c for c in ALL_ACTIONS if c.written and c.read)


@lru_cache(maxsize=None)
def written_kinds(title: Optional[str]) -> tuple[type[Action], ...]:
    """The kinds a game of `title` writes as their classes say: the title's own, then the engine's."""
    return title_kinds(title) + ENGINE_KINDS


def _value(cls: type, name: str, text: str):
    """A field read from its text, as its declared type wants (int or str)."""
    kind = next((f.type for f in dataclasses.fields(cls) if f.name == name), "str")
    return int(text) if kind in (int, "int") else text


@lru_cache(maxsize=None)
def _pattern(read: str) -> re.Pattern:
    """A kind's `read` pattern, compiled once."""
    return regex(read, re.I)


def readings(rest: str, entity: str, kinds: tuple[type[Action], ...]) -> Iterator[Optional[Action]]:
    """For each of `kinds` whose pattern `rest` (the line after who moves) fits exactly, its action (or None)."""
    for cls in kinds:
        m = _pattern(cls.read).fullmatch(rest.strip())
        if m is None:
            continue
        try:
            action = cls(entity, **{k: _value(cls, k, v) for k, v in m.groupdict().items() if v is not None})
        except (TypeError, ValueError):
            action = None
        yield action


def read_line(line: str, ctx: "NotationContext") -> Optional[Action]:
    """A whole line that is one move of the title's own kinds, "<who> <as written>" or the writer's without a
    name; None for any other line."""
    kinds = title_kinds(ctx.title)
    if not kinds:
        return None
    from .formatter import entity_label

    text = line.strip().rstrip(".")
    labels = {entity_label(e, ctx).lower(): e for e in [*ctx.players, *ctx.corporations, *ctx.companies]}
    for label in sorted(labels, key=len, reverse=True):
        if text.lower().startswith(label + " "):
            return next(readings(text[len(label) + 1:], labels[label], kinds), None)
    return next(readings(text, ctx.actor, kinds), None) if ctx.actor else None


# ---------------------------------------------------------------- in free text, by their verbs

#: number words a count of a title's own move may be written with
_COUNT_WORDS = {"once": 1, "one": 1, "twice": 2, "two": 2, "thrice": 3, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_WORD = regex(r"[a-z]+")
#: pieces a clause of an own kind may hold besides its numbers and who moves
_ALLOWED = {"name", "me", "number", "count"}


@lru_cache(maxsize=None)
def title_verbs(title: Optional[str]) -> dict[str, type[Action]]:
    """Word -> the title's own kind it names (its `verbs`)."""
    return {w.lower(): cls for cls in declared_kinds(title) for w in getattr(cls, "verbs", ())}


def own_kind_moves(c: "Clause", ctx: "NotationContext", done: Sequence[Action]) -> Optional[list[Action]]:
    """The move of the title's own kind that clause `c` tells ("Ann hoisted her flag twice": its numbers the kind's
    int fields), or None when it names none of their verbs."""
    from .addressed import chat_about_another
    from .private_powers import lift_without_hex, private_paid

    lift_without_hex(c, ctx)
    moved = chat_about_another(c, ctx)
    moved = private_paid(c, ctx) if moved is None else moved
    if moved is not None:
        return moved
    verbs = title_verbs(ctx.title)
    words = _WORD.findall(c.text.lower())
    kinds = {verbs[w] for w in words if w in verbs}
    if not kinds:
        return None
    if len(kinds) > 1 or any(p.kind not in _ALLOWED for p in c.pieces):
        raise NotationError(f'"{c.text}": which move this is cannot be told', text=c.text)
    cls = kinds.pop()
    counted = {c.text[p.start - c.start:p.end - c.start].lower() for p in c.of("count")}    # "twice", "x2": read as counts
    numbers = sorted([(p.start, p.value) for p in c.of("number") + c.of("count")] +
                     [(m.start() + c.start, _COUNT_WORDS[m.group(0)]) for m in _WORD.finditer(c.text.lower())
                      if m.group(0) in _COUNT_WORDS and m.group(0) not in counted])
    numbers = [n for _, n in numbers]
    fields = [f for f in dataclasses.fields(cls) if f.name != "entity"]
    ints = [f.name for f in fields if f.type in (int, "int")]
    if len(numbers) != len(ints) or len(fields) != len(ints):
        raise NotationError(f'"{c.text}": {cls.words or cls.kind_name} needs {len(ints)} number(s)', text=c.text)
    named = [opt[1] for p in c.of("name") for opt in p.value]
    who = named if named else [e for e in (ctx.actor, ctx.current) if e]
    moves = [cls(e, **dict(zip(ints, numbers))) for e in dict.fromkeys(who)]
    if not named and ctx.legal is not None:
        # unnamed: the writer's own move when the game allows it, else the operating entity's
        moves = next(([m] for m in moves if ctx.legal([*done, m])), moves[:1])
    if len(moves) > 1:
        from .formatter import format_action
        shown = [format_action(m, ctx) for m in moves]
        raise AmbiguousMoveError(f'"{c.text}" could be {" or ".join(shown)}: say which', candidates=shown)
    return moves
