"""A player addressed, not acting: a player's name alone in a clause of a sentence that speaks
to "you" ("Kenji, you're up with GT.", "Priya - pass from me, your go.") or that ends a sentence
of chat ("Nice route, Ingrid."); the name is then no piece of a move (the clauses of a line,
pieces.py). "Bob: 10% GT from the pool." names Bob as the one moving, and is still refused.
A player's name written as a lower-case modal before a move word ("GRR will withhold", with a
player named Will) is the word, not the player."""
from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING
from .lazy import regex

if TYPE_CHECKING:
    from .pieces import Clause

__all__ = ["addressed_set_aside"]

#: words that are also people's names, written in lower case as the verbs they are
_MODALS = frozenset({"will", "may", "can", "shall", "might", "must"})
_SENTENCE_END = regex(r"[.!?](?=\s|$)")
_YOU = regex(r"\b(?:you|your|you're|youre|you['’]re|yours)\b", re.I)


def _alone(c: "Clause", actor: str) -> bool:
    """Whether the clause is one player's name (not the writer's) and nothing else."""
    return len(c.pieces) == 1 and c.pieces[0].kind == "name" and not c.loose \
        and all(k == "player" and i != actor for k, i in c.pieces[0].value)


def addressed_set_aside(found: list["Clause"], line: str, actor: str) -> list["Clause"]:
    """The clauses with the name of a player addressed set aside (the clause left empty: chat),
    and without a player's name written as a lower-case modal before a move word ("GRR will
    withhold", a player being named Will): the word, not the player."""
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
