"""A pass told with its reason: "I'll pass this time, nothing I want.", "I'm passing - saving cash
for the 3 train.", "Kit: pass (waiting to see what Sam does with GT)", "Thought about selling GT
but I'll hold on to it. Pass.", "I can't afford anything so pass me", "pass me I have no cash".

In an auction or a stock round a line whose one clause is the writer's bare pass, and whose
other clauses name no move (or are set aside as a negation, a doubt or a report), is that pass:
the rest is why ("200 would be too much"). A question, a condition, a time to come or a retraction anywhere,
a modal up to the pass, shares or a price told beside it ("Pls record a sale of 10% GT
for me, then I pass"), a pass reported ("so I passed") or another player named alone as who
moves keeps the line unread.
"""
from __future__ import annotations

import re
from typing import Optional

from pbem.engine.actions import Pass
from pbem.errors import PbemError

from .context import NotationContext
from .names import NameIndex
from .pieces import clauses
from .scopes import _AHEAD, _reported, clause_refusal, line_refusal
from .lazy import regex

__all__ = ["pass_with_reason"]

#: a reason's words that read like a retraction or a wait elsewhere ("hold on to it", "wait for the 3s")
_REASON_WORDS = regex(r"\bhold(?:ing)?\s+on\s+to\b|\bwait(?:ing)?\s+(?:for|to|and\s+see|until\s+the)\b", re.I)
#: a time to come anywhere on the line: a plan, not the pass's reason ("passes this turn and the next")
_LATER = regex(r"\b(?:next|later|tonight|tomorrow|plan|plans|planning|intend|expect)\b", re.I)
#: brackets: their words are a clause of their own here
_BRACKETS = regex(r"[()]")
#: where a reason meets the pass without a comma: "I can't float so pass me" (a conjunction),
#: "pass me I have no money" (a new sentence run on): a clause's end here, kept to its length
_RUN_ON = regex(r"\s(?:so|because|since|coz|cos)\s|(?<=[a-z])\s(?=I\s)", re.I)


def pass_with_reason(line: str, ctx: NotationContext, index: NameIndex, kind: Optional[str]) -> Optional[list]:
    """[the writer's pass] when the line is a bare pass and its reason (see the module's doc),
    else None (the line is left to its refusal)."""
    from .piece_moves import PieceMove, read_by_pieces

    if kind not in ("auction", "stock") or "?" in line or _LATER.search(line):
        return None
    plain = _BRACKETS.sub(",", _REASON_WORDS.sub(lambda m: " " * len(m.group(0)), line))
    plain = _RUN_ON.sub(lambda m: "," + " " * (len(m.group(0)) - 1), plain)
    if line_refusal(plain) is not None:
        return None
    found = clauses(plain, ctx, index)
    passes, reasons = [], []
    for c in found:
        moves = {p.value for p in c.of("verb") if not _noun(c, p)} - {"steppass"}
        if "pass" in moves and moves == {"pass"} and clause_refusal(c.text) is None:
            passes.append(c)
        elif moves and clause_refusal(c.text) is None or _quantity(c):
            return None               # another move named ("a sale of 10% GT"): not a pass alone
        else:
            reasons.append(c.text)
    if len(passes) != 1 or _reported(passes[0].text):
        return None           # "..., so I passed": a report
    c = passes[0]
    if _AHEAD.search(plain[:c.end]):
        return None           # "Next turn: pass": a plan or a modal before the pass (after it: the reason)
    others = [d for d in found if d is not c and d.pieces and all(
        p.kind == "name" and all(k == "player" and i != ctx.actor for k, i in p.value) for p in d.pieces)]
    if others and not c.of("me"):
        return None           # "Bob: pass, nothing he wants": Bob's pass, unless "from me"
    try:
        got = read_by_pieces(c.text, ctx, index)
    except PbemError:
        return None
    if [m.action for m in got] != [Pass(ctx.actor)] or not reasons:
        return None
    why = ", ".join(f'"{r}"' for r in reasons)
    return [PieceMove(Pass(ctx.actor), (), c.start + 1, c.text, notes=(f"read as a pass with its reason: {why}",))]


def _quantity(c) -> bool:
    """Whether a clause tells shares or a price of a company ("a sale of 10% GT", "GT at 90"):
    a move in other words, never a reason."""
    kinds = {p.kind for p in c.pieces}
    company = any(k in ("corporation", "company") for p in c.of("name") for k, _ in p.value)
    return bool(kinds & {"percent", "count", "source", "size"}) or company and bool(kinds & {"money", "number"})


_ARTICLES = frozenset({"the", "a", "an", "this", "that", "my", "its"})


def _noun(c, p) -> bool:
    """Whether a move word is a noun here: after an article or straight after a company's name
    ("on the SC auction", "a bid")."""
    before = [q for q in c.pieces if q.end <= p.start]
    named = bool(before) and before[-1].kind == "name" and all(k != "player" for k, _ in before[-1].value)
    return p.before in _ARTICLES or named and p.start - before[-1].end <= 1
