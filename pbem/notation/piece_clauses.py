"""How the clauses of a line hang together for the reading by pieces: a label or move word alone goes
on into the next clause, a price or source alone belongs to the one before, "done" ends the turn."""
from __future__ import annotations

import re
from typing import Optional

from pbem.chat_words import CONDITIONS, OTHERS, words
from pbem.engine.actions import Pass

from .claims import Claim
from .dividend_words import denied
from .context import NotationContext
from .pieces import Clause, Piece
from .operating_clauses import STEP_NOUN, settled
from .lazy import regex

__all__ = ["BARE", "CARRIED", "DONE", "GOES_ON", "TOO", "a_digit", "joined", "named_before", "step_not_taken", "steps_named",
           "train_after_lay"]

#: move words that need no piece to be a move
BARE = {"pass", "steppass", "payout", "withhold", "half", "convert", "redeem", "norun"}
#: a clause that says the turn is over
DONE = regex(r"\W*(?:done|that'?s\s+(?:it|all)(?:\s+for\s+\w+(?:\s+\w+)?)?)\W*", re.I)
#: a clause that goes on with the moves of the one before it
GOES_ON = regex(r"\bthen\s*$", re.I)
#: move words an ellipsis carries on to the next clause
CARRIED = {"buy", "sell", "lay", "bid", "run"}
#: the words of a clause that says a move again, or as well: "GT too", "C&O as well", "the station too"
TOO = ([], ["too"], ["as", "well"])

def a_digit(c: Clause) -> bool:
    """ "and a 5" after "buys a 4": a digit after "a" is a thing named (a train), never a price."""
    return any(p.kind == "number" and p.value <= 9 and p.before in ("a", "an", "another") for p in c.pieces)


def train_after_lay(verbs: set, c: Clause) -> bool:
    """A train alone after a lay ("lays #8 on I7, 2T"), or with a route of two stops or more, does not
    take the lay's move word: a lay names no train and one hex (run_words.py reads it)."""
    return verbs <= {"lay"} and bool(c.of("train")) and not c.of("tile") and len(c.of("hex")) != 1


def joined(parts: list[Clause], ctx: NotationContext, line: str) -> list[Clause]:
    """A clause of a price or a source alone belongs to the clause before it ("buys a 3, $180")."""
    parts = settled(parts, ctx, line)        # the words around a lay or a deal (operating_clauses.py)
    out: list[Clause] = []
    ahead: Optional[Clause] = None
    for c in parts:
        if ahead is not None and c.verbs() - ahead.verbs() and ahead.verbs() \
                and not c.verbs() | ahead.verbs() <= {"bid", "par"}:
            out.append(ahead)          # "upgrades the tile and places a token": two moves, not one
            ahead = None
        if ahead is not None:          # "SW runs 2 trains: 4T 180 + 3T 120": the move word goes on
            c = Clause(ahead.start, c.end, ahead.text + ": " + c.text, ahead.pieces + c.pieces, c.loose, c.mover)
            ahead = None
        kinds = {p.kind for p in c.pieces} - {"me", "round"}
        if kinds == {"name"} and not c.loose and not c.text.lower().startswith(("and", "then", "also")) \
                and not (out and re.search(r"\b(?:and|then|also)\W*$", line[:c.start], re.I)) and \
                all(k != "player" or i == ctx.actor for p in c.of("name") for k, i in p.value):
            ahead = c              # "Moscow-Yaroslavl: Sasha bids 50": a label of the next clause
            continue
        if kinds and (kinds <= {"verb", "count", "name"} or kinds <= {"verb", "count", "name", "train"}
                      and c.verbs() == {"run"}) and not c.loose and "verb" in kinds \
                and not {p.value for p in c.of("verb")} & BARE and all(
                    i in (ctx.actor, ctx.current) or c.verbs() <= {"bid", "par"} and k != "player"
                    for p in c.of("name") for k, i in p.value):
            ahead = c             # "Olga nominates N and bids R140 for it": what the bid is on
            continue
        if out and kinds and kinds <= {"money", "number", "source", "rotation", "percent", "count", "exchange"} \
                and not c.loose and not c.verbs() and not a_digit(c):
            out[-1] = out[-1].then(c)
        else:
            out.append(c)
    if ahead is not None and out and out[-1].verbs() and {p.kind for p in ahead.pieces} - {"me"} == {"name"} and not any(
            k in ("company", "corporation") for p in out[-1].of("name") for k, _ in p.value):
        # "bids 115 on the Rostov minor, KR.": a name last on the line says what the clause before is about
        out[-1] = out[-1].then(ahead)
    elif ahead is not None:
        out.append(ahead)
    return out


#: a step of the operating company's turn not taken ("does not lay a tile", "won't buy a train")
_NOT_TAKEN = regex(r"\bnot\b|n't\b|\bnever\b", re.I)
_UNABLE = regex(r"\b(?:can|cannot|could|afford|unable)\b", re.I)


def step_not_taken(c: Clause, ctx: NotationContext, kind: Optional[str]) -> Optional[str]:
    """The move word of what a set-aside clause says is not done ("C&O does not lay a tile": a step
    pass; "pays no dividend": withheld; in a stock or merger round, buying nothing: a pass), or None."""
    if kind != "operating":
        return ("pass" if kind == "stock" else "steppass") if kind in ("stock", "merger") and buying_declined(c, ctx) else None
    verbs = c.verbs()
    names = {i for p in c.of("name") for _, i in p.value}
    if verbs == {"norun"} and names <= {ctx.current, ctx.actor} and len(c.pieces) == len(c.of("verb")) + len(c.of("name")):
        return "norun"          # "CPR does not run", "can't run": a run of no route (the table settles a company with no train)
    if _UNABLE.search(c.text):
        return None             # "can't buy a train": not a choice, which the table settles
    if bool(_NOT_TAKEN.search(c.text)) and bool(verbs) and verbs <= {"lay", "token", "buy"} \
            and len(STEP_NOUN.findall(c.text)) == 1 and names <= {ctx.current, ctx.actor} \
            and not any(p.kind in ("money", "number", "hex", "tile", "train", "count", "percent") for p in c.pieces):
        return "steppass"
    return denied(c, {ctx.current, ctx.actor})


#: the step a written step pass names ("no tile", "skips the token"), as the grammar's claims name it
_STEP_WORDS = (("track", ("track", "tile", "lay")), ("token", ("token", "station")), ("buy_train", ("train", "purchase")))


def steps_named(line: str, c: Clause, fit: list) -> tuple:
    """One step claim per pass of `fit` when the clause's step passes each name one step
    ("no tile, no token"), in order; () otherwise (a bare "pass" names none)."""
    said = [p for p in c.of("verb") if p.value == "steppass"]
    if not fit or len(said) != len(fit) or not all(isinstance(a, Pass) for a, _ in fit):
        return ()
    out = []
    for p in said:
        words = line[p.start:p.end].lower()
        named = [step for step, keys in _STEP_WORDS if any(k in words for k in keys)]
        if len(named) != 1:
            return ()
        out.append(Claim("step", named[0], line[p.start:p.end], p.start + 1))
    return tuple(out)


def named_before(parts: list[Clause], c: Clause) -> Optional[Piece]:
    """The one company or corporation the clauses before `c` name (as a piece, all its
    readings), or None when they name none or several."""
    found = [p for d in parts if d.end <= c.start for p in d.of("name")
             if any(k in ("company", "corporation") for k, _ in p.value)]
    ids = {i for p in found for k, i in p.value if k in ("company", "corporation")}
    if len(ids) != 1:
        return None
    options = tuple(dict.fromkeys(kv for p in found for kv in p.value if kv[1] in ids))
    return Piece("name", options, c.start, c.start)

#: the buy negated over everything: "not buying anything", "buying nothing (more)", "(I have) nothing to buy"
_DECLINED = regex(r"\b(?:not|n't|no\s+longer)\s+(?:buy|buying)\s+(?:anything|any\s+more|anymore)\b|"
                       r"\b(?:buy|buying)\s+nothing\b|"      # "nothing (left) to buy", "no more shares to buy", "nothing I want to buy"
                       r"^\W*(?:(?:I\s+have|I'?ve|I\s+got|there'?s|there\s+is)\s+)?(?:no|nothing)\s+(?:more\s+|left\s+|else\s+)?(?:shares?\s+)?(?:(?:I|I'd)\s+(?:want|like)\s+)?"
                       r"(?:to\s+buy|worth\s+buying)\W*$", re.I)
_OTHERS = regex(rf"\b{words(OTHERS, CONDITIONS)}\b", re.I)


def buying_declined(c: Clause, ctx: NotationContext) -> bool:
    """Whether a clause set aside (or a step's pass: "nothing to buy") says the writer buys nothing now
    (the writer's pass): a stock or merger round's own buy negated, no company, amount or other player named."""
    if not _DECLINED.search(c.text) or _OTHERS.search(c.text) or c.verbs() - {"buy", "steppass"}:
        return False
    if {p.kind for p in c.pieces} & {"money", "number", "hex", "tile", "train", "count", "percent", "source"}:
        return False
    return all(k == "player" and i == ctx.actor for p in c.of("name") for k, i in p.value)
