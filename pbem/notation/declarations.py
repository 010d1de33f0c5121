"""What the operating company declares with its reasons around it ("CPR can't buy a train - I
declare bankruptcy", "MKN has no train after the 6 - I choose to nationalise it", "MVR declines
nationalisation and will find a train"): the one clause that declares is the move, every other
clause must state no move (a reason, a regret, a plan of chat)."""
from __future__ import annotations

import re
from typing import Optional

from pbem.engine.actions import Action, Bankrupt, Choose, Pass

from .context import NotationContext
from .pieces import Clause
from .scopes import clause_refusal

__all__ = ["declared"]

#: a bankruptcy declared now ("declares bankruptcy", "goes bankrupt", "I go bankrupt")
_BANKRUPT = re.compile(r"\b(?:declares?|declaring|goes|go|going)\s+(?:into\s+)?bankrupt(?:cy)?\b", re.I)
#: a nationalisation chosen or declined (1861's trainless major); not a report of one
_NATIONAL = re.compile(r"\bnationali[sz](?:e|es|ed|ing|ation)\b", re.I)
_REPORTED = re.compile(r"\b(?:is|was|were|are|been|gets?|got|being)\s+nationali", re.I)
_DECLINED = re.compile(r"\b(?:declines?|declining|refuses?|refusing|rejects?|rejecting)\b", re.I)
#: words that deny or doubt what the declaring clause says
_DENIED = re.compile(r"\b(?:no|not|never|don'?t|won'?t|can'?t|cannot|if|would|might|may)\b|n't\b", re.I)


def declared(parts: list[Clause], ctx: NotationContext, kind: str) -> Optional[list[Action]]:
    """The operating company's bankruptcy, nationalisation (its choice) or nationalisation
    declined (its pass) when one clause of the line declares it and the others state no move;
    None when the line tells anything else."""
    cur = ctx.current
    if kind != "operating" or not cur or ctx.kind_of(cur) != "corporation":
        return None
    found = [(c, _declaration(c)) for c in parts]
    said = [(c, a) for c, a in found if a is not None]
    if len(said) != 1:
        return None
    clause, action = said[0]
    if any(i not in (cur, ctx.actor) for p in clause.of("name") for _, i in p.value):
        return None       # another company's, or another player's
    for c in parts:
        subject = all(p.kind == "name" and all(i in (cur, ctx.actor) for _, i in p.value) for p in c.pieces)
        if c is not clause and not subject and not clause_refusal(c.text) and (c.verbs() or not c.loose):
            return None   # a clause telling a move of its own beside the declaration ("MKN, ...": its subject)
    return [action(cur)]


def _declaration(c: Clause):
    """What a clause declares (a maker of the action), or None."""
    text = c.text
    if c.verbs():
        return None
    if _BANKRUPT.search(text):
        return None if _DENIED.search(text) else Bankrupt
    if _NATIONAL.search(text) and not _REPORTED.search(text):
        if _DECLINED.search(text):
            return None if _DENIED.search(text) else Pass
        return None if _DENIED.search(text) else (lambda e: Choose(e, "nationalize"))
    return None
