"""What the operating company declares with its reasons around it ("CPR can't buy a train - I declare
bankruptcy"): the one clause that declares is the move, the others state none."""
from __future__ import annotations

import re
from typing import Optional

from pbem.engine.actions import Action, Bankrupt, Choose, EndGame, Pass

from .context import NotationContext
from .pieces import Clause
from .scopes import clause_refusal
from .lazy import regex

__all__ = ["declared", "game_ended"]

#: a bankruptcy declared now ("declares bankruptcy", "goes bankrupt", "I go bankrupt")
_BANKRUPT = regex(r"\b(?:declares?|declaring|goes|go)\s+(?:into\s+)?bankrupt(?:cy)?\b|^\W*bankruptcy\s+(?:for|of)\b|"
                       r"^\W*bankrupt(?:cy)?\W*$", re.I)      # "bankrupt" alone: the declaration
#: a nationalisation chosen (1861's trainless major): "chooses to nationalise", "nationalise it", "MKN nationalises"
_CHOSEN = regex(r"\b(?:choos\w*|elect\w*|opt|opts|opting|accept\w*|let|lets|letting|decid\w*)\b[^.;,:!?]{0,30}?\bnationali[sz]|"
                     r"^\W*(?:(?:I|we)\s+)?nationali[sz]e\b|\bnationali[sz]es\b|"
                     r"^\W*[\w&-]+\s+is\s+nationali[sz]ed\W*$", re.I)      # "GRR is nationalised - can't afford a 5"
#: a nationalisation declined: the company's pass
_DECLINED = regex(r"\b(?:declin\w*|refus\w*|reject\w*)\b[^.;,:!?]{0,30}?\bnationali[sz]", re.I)
#: the reason told after the declaration ("declares bankruptcy because Ann can't pay for the D")
_REASON = regex(r"\s(?:because|since|as)\s", re.I)
#: words that deny, doubt or put off what the declaring clause says
_DENIED = regex(r"\b(?:no|not|never|don'?t|won'?t|can'?t|cannot|if|would|might|may|soon|almost|nearly|about)\b|"
                     r"n't\b", re.I)

def declared(parts: list[Clause], ctx: NotationContext, kind: str) -> Optional[list[Action]]:
    """The operating company's bankruptcy, nationalisation or pass declining it when one clause declares
    it and the others state no move, else None."""
    cur = ctx.current
    if kind not in ("operating", None) or not cur or ctx.kind_of(cur) != "corporation":
        return None
    found = [(c, _declaration(c)) for c in parts]
    said = [(c, a) for c, a in found if a is not None]
    if len(said) != 1:
        return None
    clause, action = said[0]
    if any(i not in (cur, ctx.actor) for p in clause.of("name") for _, i in p.value if p.start - clause.start < _said(clause)):
        return None       # another company's, or another player's
    for c in parts:
        subject = all(p.kind == "name" and all(i in (cur, ctx.actor) for _, i in p.value) for p in c.pieces)
        other = any(k in ("corporation", "company") and i != cur for p in c.of("name") for k, i in p.value)
        if c is not clause and not subject and not clause_refusal(c.text) and (c.verbs() or not c.loose or other):
            return None   # a clause telling a move of its own beside the declaration ("MKN, ...": its subject; "or SE")
    return [action(cur)]


#: the game ended by a player's word ("Bob ends the game"); \W*+ gives nothing back (no cubic backtracking)
_END_GAME = regex(r"^\W*+(?:[\w&'’ -]{1,40}?\s+)?(?:ends?\s+(?:the\s+)?game|end\s*game|game\s+over)\W*$|"
                       r"^\W*game\s+ended(?:\s+manually)?\s+by\s+[\w&'’ -]{1,40}?\W*$", re.I)


def game_ended(parts: list[Clause], ctx: NotationContext, line: str) -> Optional[list[Action]]:
    """The game ended by the one player the line names (the writer when it names none), or None."""
    if not _END_GAME.match(line):
        return None
    names = [i for c in parts for p in c.pieces if p.kind == "name" for _, i in p.value]
    if len(names) > 1 or any(ctx.kind_of(i) != "player" for i in names) or any(
            p.kind not in ("name", "me") for c in parts for p in c.pieces):
        return None
    who = names[0] if names else ctx.actor
    return [EndGame(who)] if who else None


def _said(c: Clause) -> int:
    """How much of the clause's text declares: what comes before its reason."""
    reason = _REASON.search(c.text)
    return reason.start() if reason else len(c.text)


def _declaration(c: Clause):
    """What a clause naming only its subject declares (a maker of the action), or None."""
    text = c.text[:_said(c)]
    if any(p.kind not in ("name", "me") for p in c.pieces if p.start - c.start < len(text)) or _DENIED.search(text):
        return None
    if _BANKRUPT.search(text):
        return Bankrupt
    if _DECLINED.search(text):
        return Pass
    if _CHOSEN.search(text):
        return lambda e: Choose(e, "nationalize")
    return None
