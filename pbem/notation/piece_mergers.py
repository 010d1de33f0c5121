"""A merger told whole by its pieces, in a merger round: "R-O, StP-W and K-B merge into NW",
"MV converts, becoming MKV" (the first minor named leads, each other minor joins it, then the
major it becomes), and a merger not made ("O-K doesn't merge this time": the minor's pass).
"""
from __future__ import annotations

import re
from typing import Optional

from pbem.engine.actions import Action, Convert, Merge, Pass
from pbem.errors import NotationError

from .context import NotationContext
from .pieces import Clause
from .scopes import clause_refusal

__all__ = ["merger_group", "merger_not_made", "merging_minor"]

#: words of merging: "into" and "the new company" only where what is merged is told
_MERGING = re.compile(r"\bmerg\w*|\bconver\w*", re.I)
_MERGED_INTO = re.compile(r"\binto\b|\bnew\s+(?:company|major|corporation)\b|\+|->|→", re.I)
#: the adding of minors ended ("Finished adding companies.", "I'm done adding"): the lead's pass before the major
_DONE_ADDING = re.compile(r"\b(?:done|finished|stopped|stop)\s+adding\b", re.I)
#: the major a merger forms, named last ("N merges with M-K and SW to form MKN": SW joins, MKN is formed)
_FORMED = re.compile(r"\b(?:forms?|forming|becomes?|becoming)\b", re.I)
#: the director's (president's) certificate taken with a conversion: part of it, no move
_DIRECTORS = re.compile(r"\b(?:director|president)(?:'?s)?\s+(?:\d{1,3}\s*%|certificate|cert|share)", re.I)
#: "they" and "together" in a merger told whole are the companies merging
_TOGETHER = re.compile(r"\b(?:they|together)\b", re.I)
#: a negation: in a merger round, a merger not made is the minor's pass
_NEGATION = re.compile(r"\b(?:no|not|never)\b|n't\b", re.I)


def merger_group(parts: list[Clause], ctx: NotationContext) -> Optional[list[Action]]:
    """A merger told whole ("R-O, StP-W and K-B merge into NW", "MV converts, becoming MKV"):
    the first minor named leads, each other minor joins it, then the major it becomes; None when
    the line tells anything else."""
    if any("convert" in c.verbs() for c in parts):      # "...; I take the director's 20%": the conversion's own
        parts = [c for c in parts if not _DIRECTORS.search(c.text)]
    ended = [c for c in parts if _DONE_ADDING.search(c.text) and not c.of("name")]
    parts = [c for c in parts if c not in ended]
    verbs = set().union(*(c.verbs() for c in parts)) if parts else set()
    if any(_MERGED_INTO.search(c.text) for c in parts):
        verbs.add("merge")
    if not verbs & {"merge", "convert"} or verbs - {"merge", "convert"} or \
            any(clause_refusal(_TOGETHER.sub(" ", c.text)) for c in parts):
        return None
    named = list(dict.fromkeys(i for c in parts for p in c.of("name") for k, i in p.value if k == "corporation"))
    if any(len(p.value) != 1 or p.value[0][0] != "corporation" for c in parts for p in c.of("name")):
        return None                      # a name of two companies, or one not a company
    minors = [n for n in named if n in ctx.auctioned]
    majors = [n for n in named if n not in ctx.auctioned]
    if len(majors) > 1 and not _FORMED.search(" ".join(c.text for c in parts)) or (not minors and ctx.current is None):
        return None
    lead = minors[0] if minors else ctx.current
    moves: list[Action] = [Convert(lead)] if "convert" in verbs else []
    if moves and len(minors) > 1:
        return None                      # a minor converting alone takes no other in
    moves += [Merge(lead, m) for m in minors[1:]] + [Merge(lead, m) for m in majors]
    if not moves or moves == [Convert(lead)] and "merge" in verbs:
        return None
    return [Pass(lead)] * bool(ended) + moves


def merger_not_made(c: Clause) -> bool:
    """Whether a clause set aside says a merger is not made ("no merger", "doesn't merge")."""
    return bool(_MERGING.search(c.text) and _NEGATION.search(c.text))


def merging_minor(parts: list[Clause], ctx: NotationContext) -> Optional[str]:
    """The one minor a line names, else the entity at turn. NotationError when another clause tells
    a move of another company ("MV won't merge; KR passes too": KR's choice is its own)."""
    who = [i for d in parts for p in d.of("name") for k, i in p.value if k == "corporation" and i in ctx.auctioned]
    minor = who[0] if len(who) == 1 else ctx.current or ctx.actor
    if any(d.verbs() and not merger_not_made(d) and any(k == "corporation" and i != minor for p in d.of("name") for k, i in p.value)
           for d in parts):
        raise NotationError("another company's move beside the pass", text=" ".join(d.text for d in parts))
    return minor
