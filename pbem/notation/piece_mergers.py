"""A merger told whole by its pieces in a merger round ("R-O, StP-W and K-B merge into NW"), a merger
not made (the minor's pass), and who acts in a merger round line."""
from __future__ import annotations

import re
from typing import Optional

from pbem.engine.actions import Action, Convert, Merge, Pass, RemoveToken
from pbem.errors import NotationError

from .context import NotationContext, round_kind
from .names import NameIndex
from .pieces import FIGURES, GROUP_CLOSED, Clause, clauses
from .scopes import clause_refusal
from .lazy import regex

__all__ = ["company_at_turn", "merger_group", "merger_not_made", "merging_minor"]

#: "into" and "the new company" only where what is merged is told
_MERGED_INTO = regex(r"\binto\b|\bnew\s+(?:company|major|corporation)\b|\+|[-=]>|[→⇒]", re.I)
#: the major a merger forms, named last ("N merges with M-K and SW to form MKN": SW joins, MKN is formed)
_FORMED = regex(r"\b(?:forms?|forming|becomes?|becoming|creates?|creating)\b", re.I)
#: the director's (president's) certificate taken with a conversion: part of it, no move
_DIRECTORS = regex(r"\b(?:director|president)(?:'?s)?\s+(?:\d{1,3}\s*%|certificate|cert|share)", re.I)
#: "they" and "together" in a merger told whole are the companies merging
_TOGETHER = regex(r"\b(?:they|together)\b", re.I)
#: the minor that leads a merger, named with it ("(KR leading)", "KR leads", "Y as the survivor")
_LEADING = regex(r"\b([A-Z][A-Za-z-]{0,5})\s+(?:leading|leads|as\s+(?:the\s+)?(?:survivor|leader|lead))\b")
#: a conversion told by its noun
_CONVERSION = regex(r"\bconversion\b", re.I)
#: a negation: in a merger round, a merger not made is the minor's pass
_NEGATION = regex(r"\b(?:no|not|never)\b|n't\b", re.I)


def merger_group(parts: list[Clause], ctx: NotationContext) -> Optional[list[Action]]:
    """A merger told whole ("R-O, StP-W and K-B merge into NW"): the first minor named leads, each
    other minor joins it, then the major it becomes; None when the line tells anything else."""
    if any("convert" in c.verbs() for c in parts):      # "...; I take the director's 20%": the conversion's own
        parts = [c for c in parts if not _DIRECTORS.search(c.text)]
    parts, tail = list(parts), []
    while parts and "remove" in parts[-1].verbs() and parts[-1].verbs() <= {"remove", "token"} \
            and re.search(r"\bits\b", parts[-1].text, re.I):
        tail.insert(0, parts.pop())      # "... -> NW. Then remove its station in D14.": the major's removal
    verbs = set().union(*(c.verbs() for c in parts))
    if any(_MERGED_INTO.search(c.text) for c in parts):
        verbs.add("merge")
    if any(_CONVERSION.search(c.text) for c in parts):
        verbs.add("convert")             # "KR becomes SE (conversion)"
    if "pass" in verbs and not any(GROUP_CLOSED.search(c.text) for c in parts):
        return None                      # "SE passes on merging": no merger told
    if not verbs & {"merge", "convert"} or verbs - {"merge", "convert", "pass"} or \
            any(clause_refusal(_TOGETHER.sub(" ", c.text)) for c in parts):
        return None
    every = [i for c in parts for p in c.of("name") for k, i in p.value if k == "corporation"]
    named = list(dict.fromkeys(every))
    if any(len(p.value) != 1 or p.value[0][0] != "corporation" for c in parts for p in c.of("name")):
        return None                      # a name of two companies, or one not a company
    if any(p.kind in FIGURES and not ("convert" in verbs and p.before in ("at", "@"))
           for c in parts for p in c.pieces):
        return None     # a figure no merger is made of ("MB merges with N to form NW, MKV 2"; a conversion's price is a claim)
    minors = [n for n in named if n in ctx.auctioned]
    majors = [n for n in named if n not in ctx.auctioned]
    text = " ".join(c.text for c in parts)
    if len(majors) > 1 and not _FORMED.search(text) or (not minors and ctx.current is None):
        return None
    leads = [_leader(c, m) for c in parts for m in _LEADING.finditer(c.text)]
    if leads and (len(leads) > 1 or leads[0] not in minors or every.count(leads[0]) < 2):
        return None                      # "(Y leading)" with Y not among the companies merging
    lead = leads[0] if leads else minors[0] if minors else ctx.current
    minors = [lead] + [m for m in minors if m != lead] if minors else minors
    moves: list[Action] = [Convert(lead)] if "convert" in verbs else []
    if moves and len(minors) > 1:
        return None                      # a minor converting alone takes no other in
    closed = [Pass(lead)] if "pass" in verbs else []       # "..., then ends the selection and becomes NW"
    moves += [Merge(lead, m) for m in minors[1:]] + closed + [Merge(lead, m) for m in majors if m != lead]
    if not moves or moves == [Convert(lead)] and "merge" in verbs:
        return None
    for c in tail:
        hexes = [p.value for p in c.of("hex")] + [i for p in c.of("name") for k, i in p.value if k == "location"]
        if len(hexes) != 1 or not majors:
            return None
        moves.append(RemoveToken(majors[-1], hexes[0]))
    return moves


def _leader(c: Clause, m: re.Match) -> str:
    """The company a lead word names ("(M-B leading)"): the name piece written there, else the
    symbol as written without its dash."""
    at = [i for p in c.of("name") if c.start + m.start(1) <= p.start < c.start + m.end(1) for _, i in p.value]
    return at[0] if at else m.group(1).replace("-", "")


def merger_not_made(c: Clause) -> bool:
    """Whether a clause set aside says a merger is not made ("no merger", "doesn't merge")."""
    return bool(_MERGING.search(c.text) and _NEGATION.search(c.text))


def merging_minor(parts: list[Clause], ctx: NotationContext) -> Optional[str]:
    """The one minor a line names, else the entity at turn. NotationError when another clause tells
    a move of another company ("MV won't merge; KR passes too": KR's choice is its own)."""
    who = [i for d in parts for p in d.of("name") for k, i in p.value if k == "corporation" and i in ctx.auctioned]
    minor = who[0] if len(who) == 1 else ctx.current or ctx.actor
    if any((d.verbs() or any(p.kind in FIGURES for p in d.pieces)) and not merger_not_made(d)
           and any(k == "corporation" and i != minor for p in d.of("name") for k, i in p.value) for d in parts):
        raise NotationError("another company's move beside the pass", text=" ".join(d.text for d in parts))
    return minor

#: words of a player's own turn at buying shares after the mergers
_SHARE_TURN = regex(r"\bfor\s+me\b|\bshares?\b|\bbuy(?:s|ing)?\b|\bpost-merger\b", re.I)
#: words of a merger or a conversion (the minor's turn, not the writer's)
_MERGING = regex(r"(?<!-)\bmerg\w*|\bconver\w*|\binto\b|\btakes?\s+in\b", re.I)


def company_at_turn(line: str, ctx: NotationContext, index: NameIndex) -> NotationContext:
    """`ctx` with who acts in a merger round line: the company that is the line's subject when none is
    at turn, the writer when the line speaks of their own share buying and no merger, else `ctx`."""
    if round_kind(ctx) != "merger":
        return ctx
    found = clauses(line, ctx, index)
    pieces = found[0].pieces if found else []
    first = pieces[0] if pieces else None
    if ctx.kind_of(ctx.current) in ("corporation", "company"):
        writer = first is not None and (first.kind == "me" or first.kind == "name" and first.value == (("player", ctx.actor),))
        named = first is not None and first.kind == "name" and not writer
        if not named and _SHARE_TURN.search(line) and not _MERGING.search(line):
            return ctx.at_turn(current=ctx.actor)       # "Bram passes on buying MVR shares"
        return ctx
    if len(pieces) < 2 or first.kind != "name" or len(first.value) != 1 or pieces[1].kind != "verb":
        return ctx
    kind_, who = first.value[0]
    return ctx.at_turn(current=who) if kind_ == "corporation" else ctx
