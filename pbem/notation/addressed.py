"""Who a line speaks to beside its moves: a player addressed, names after a word of apology or thanks,
another's token told of and chat about another are set aside; a player may move the company he presides."""
from __future__ import annotations

import bisect
import dataclasses
import re
from typing import TYPE_CHECKING, Optional

from .context import NotationContext
from .lazy import regex

if TYPE_CHECKING:
    from .pieces import Clause

__all__ = ["addressed", "addressed_set_aside", "chat_about_another", "for_company", "token_told_of"]

#: words that are also people's names, written in lower case as the verbs they are
_MODALS = frozenset({"will", "may", "can", "shall", "might", "must"})
_SENTENCE_END = regex(r"[.!?](?=\s|$)")
_YOU = regex(r"\b(?:you|your|you're|youre|you['’]re|yours)\b", re.I)


def _alone(c: "Clause", actor: str) -> bool:
    """Whether the clause is one player's name (not the writer's) and nothing else."""
    return len(c.pieces) == 1 and c.pieces[0].kind == "name" and not c.loose \
        and all(k == "player" and i != actor for k, i in c.pieces[0].value)


def addressed_set_aside(found: list["Clause"], line: str, actor: str) -> list["Clause"]:
    """The clauses with a player addressed set aside (a name alone in a sentence to "you" or ending one of
    chat), and without a player's name written as a lower-case modal before a move word ("will")."""
    for c in found:
        c.pieces = [p for p, q in zip(c.pieces, [*c.pieces[1:], None])
                    if not (p.kind == "name" and line[p.start:p.end] in _MODALS and q is not None and q.kind == "verb")]
    ends = [m.start() for m in _SENTENCE_END.finditer(line)]
    sentence = [bisect.bisect_left(ends, c.start) for c in found]
    you = {s for c, s in zip(found, sentence) if _YOU.search(c.text)}
    for i, c in enumerate(found):
        if not _alone(c, actor):
            continue
        ends_chat = i > 0 and sentence[i - 1] == sentence[i] and not found[i - 1].pieces \
            and (i + 1 == len(found) or sentence[i + 1] != sentence[i])       # "Nice route, Ingrid."
        if sentence[i] in you or ends_chat:
            c.pieces = []
    return found


_SPOKEN_TO = regex(r"\s*(?:sorry|thanks|thank\s+you|cheers|hi|hello|hey|congrats|well\s+done)\b", re.I)
_AND = regex(r"\s*(?:and\s+)?", re.I)


def addressed(found: list["Clause"], line: str) -> list["Clause"]:
    """The clauses with the names spoken to set aside: a clause that opens with a word of
    apology, thanks or greeting and names no move, and the clauses of names alone after it."""
    out: list["Clause"] = []
    speaking = False
    for c in found:
        opens = _SPOKEN_TO.match(line, c.start) is not None
        names_only = bool(c.pieces) and all(p.kind == "name" for p in c.pieces) and not c.verbs()
        if names_only and (opens or speaking and not c.loose and _AND.match(line, c.start)):
            c = dataclasses.replace(c, pieces=[])
            speaking = True
        else:
            speaking = False
        out.append(c)
    return out


def token_told_of(c: "Clause", line: str, current: str | None) -> "Clause":
    """A clause naming another company and its token (the noun) among other words, with no hex
    or figure: a statement about the board, no move (set aside)."""
    verbs = c.of("verb")
    names = c.of("name")
    if not c.loose or len(verbs) != 1 or verbs[0].value != "token" or not names \
            or not re.fullmatch(r"tokens?|stations?", line[verbs[0].start:verbs[0].end], re.I):
        return c
    if any(p.kind not in ("name", "verb", "me") for p in c.pieces):
        return c
    if not all(k == "corporation" and i != current for p in names for k, i in p.value):
        return c
    return dataclasses.replace(c, pieces=[])


#: the pieces a move takes: a clause holding one is no chat
_MOVE_PARTS = frozenset({"verb", "money", "number", "hex", "tile", "train", "percent", "source", "exchange", "rotation",
                         "held", "per_share", "par_paid", "there", "floats"})


def chat_about_another(c: "Clause", ctx: NotationContext) -> Optional[list]:
    """[] (no move: chat) when the clause names players other than the writer among words of
    its own and nothing a move takes ("Nice one Cid!"); None otherwise."""
    if not c.loose or any(p.kind in _MOVE_PARTS for p in c.pieces):
        return None
    names = [(k, i) for p in c.of("name") for k, i in p.value]
    return [] if names and all(k == "player" and i != ctx.actor for k, i in names) else None


def for_company(c: "Clause", line: str, current) -> "Clause":
    """The clause without the player it opens with when it moves the operating company named by
    its possessive ("Cid withholds B&O's $90"): the company's move, made by its president."""
    first = c.pieces[0] if c.pieces else None
    if first is None or first.kind != "name" or not all(k == "player" for k, _ in first.value) or \
            not c.pieces[1:2] or c.pieces[1].kind != "verb":
        return c
    if not any(p.kind == "name" and ("corporation", current) in p.value and line[p.end - 2:p.end] in ("'s", "’s")
               for p in c.pieces[2:]):
        return c
    return dataclasses.replace(c, pieces=c.pieces[1:])
