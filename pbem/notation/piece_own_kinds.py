"""A title's own kinds of move in free text, read by the interpreter: a clause with one of a
kind's `verbs` (a toy title's "Ann hoisted her flag twice") is that kind, its numbers the kind's whole-number
fields in order, who moves the one named, else the writer (or the entity operating) as the game allows."""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Optional, Sequence

from pbem.engine.actions import Action
from pbem.errors import AmbiguousMoveError, NotationError
from pbem.titles.registry import declared_kinds

from .addressed import chat_about_another
from .context import NotationContext
from .pieces import Clause
from .private_powers import lift_without_hex, private_paid
from .lazy import regex

__all__ = ["own_kind_moves", "own_verbs", "title_verbs"]

#: number words a count of a title's own move may be written with
_COUNT_WORDS = {"once": 1, "one": 1, "twice": 2, "two": 2, "thrice": 3, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_WORD = regex(r"[a-z]+")
#: pieces a clause of an own kind may hold besides its numbers and who moves
_ALLOWED = {"name", "me", "number"}


@lru_cache(maxsize=None)
def title_verbs(title: Optional[str]) -> dict[str, type[Action]]:
    """Word -> the title's own kind it names (its `verbs`)."""
    return {w.lower(): cls for cls in declared_kinds(title) for w in getattr(cls, "verbs", ())}


def own_verbs(ctx: NotationContext) -> dict[str, type[Action]]:
    """Word -> the context's title's own kind it names."""
    return title_verbs(ctx.title)


def _int_fields(cls: type[Action]) -> list[str]:
    return [f.name for f in dataclasses.fields(cls) if f.name != "entity" and f.type in (int, "int")]


def own_kind_moves(c: Clause, ctx: NotationContext, done: Sequence[Action]) -> Optional[list[Action]]:
    """The move of the title's own kind that clause `c` tells, or None when it names none of
    their words. NotationError when the clause holds what the kind has no field for;
    AmbiguousMoveError when the game allows several of the moves it could be."""
    lift_without_hex(c, ctx)                # private_powers.py
    moved = chat_about_another(c, ctx)      # addressed.py, private_powers.py
    moved = private_paid(c, ctx) if moved is None else moved
    if moved is not None:
        return moved
    verbs = own_verbs(ctx)
    words = _WORD.findall(c.text.lower())
    kinds = {verbs[w] for w in words if w in verbs}
    if not kinds:
        return None
    if len(kinds) > 1 or any(p.kind not in _ALLOWED for p in c.pieces):
        raise NotationError(f'"{c.text}": which move this is cannot be told', text=c.text)
    cls = kinds.pop()
    numbers = [p.value for p in c.of("number")] + [_COUNT_WORDS[w] for w in words if w in _COUNT_WORDS]
    fields = _int_fields(cls)
    if len(numbers) != len(fields) or len([f for f in dataclasses.fields(cls) if f.name != "entity"]) != len(fields):
        raise NotationError(f'"{c.text}": {cls.words or cls.kind_name} needs {len(fields)} number(s)', text=c.text)
    named = [opt[1] for p in c.of("name") for opt in p.value]
    who = named if named else [e for e in (ctx.actor, ctx.current) if e]
    moves = [cls(e, **dict(zip(fields, numbers))) for e in dict.fromkeys(who)]
    if not named and ctx.legal is not None:
        # unnamed: the writer's own move when the game allows it, else the operating entity's
        moves = next(([m] for m in moves if ctx.legal([*done, m])), moves[:1])
    if len(moves) > 1:
        from .formatter import format_action
        shown = [format_action(m, ctx) for m in moves]
        raise AmbiguousMoveError(f'"{c.text}" could be {" or ".join(shown)}: say which', candidates=shown)
    return moves
