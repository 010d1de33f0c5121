"""The writer named by the role they play or by a pronoun. In an operating round "the president"
(director, prez) who sells is the writer, the president of the company at turn ("the president
dumped two GT to fund the 4"; the table checks the seat may sell). A pronoun standing for the writer ("Ann has $300 left, so she sells 20% of GT", "Ann sells off
her whole PRR holding", "buys her third share"): "he", "she", "his" and "her" (not before an ordinal
but after a buy: "that's her 4th share" is a claim),
after the writer's own name with no other player named between, are the writer's; the line is
read without them (another's pronoun, one whose player is not the writer, still sets its clause
aside: scopes.py)."""
from __future__ import annotations

import re

from .context import NotationContext
from .names import NameIndex
from .lazy import regex

__all__ = ["own_pronouns"]

#: "she sells", "dumps her 20%", "sold his CPR", "buys her 4th share": a subject, a holding sold, which
#: share is bought ("that's her 4th share" is a claim about the count, left to the claims)
_PRONOUN = regex(r"\b(?:he|she)\b|\b(?:his|her)\b(?!\s+(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|last)\b)|"
                      r"(?:(?<=\bbuys\s)|(?<=\btakes\s)|(?<=\bbought\s)|(?<=\bbuying\s)|(?<=\btaking\s))(?:his|her)\b", re.I)


#: "the president sells", "its director dumped": the role, as the subject of a sale
_ROLE = regex(r"(?:(?<=^)|(?<=[,;:.]\s)|(?<=\band\s)|(?<=\bthen\s)|(?<=\bso\s))\s*(?:the|its|our)\s+"
                   r"(?:president|director|prez)(?=\s+(?:(?:has|had|then|also|just|now)\s+)?"
                   r"(?:sells|sold|selling|dumps|dumped|dumping)\b)", re.I)


def own_pronouns(line: str, ctx: NotationContext, index: NameIndex) -> str:
    """The line with the roles and pronouns that stand for the writer blanked (the same length)."""
    raw = ctx.round_kind() if callable(ctx.round_kind) else ctx.round_kind
    if ctx.actor and str(raw or "").lower().startswith(("or", "operating")):
        line = _ROLE.sub(lambda m: " " * len(m.group(0)), line)
    if not ctx.actor or not _PRONOUN.search(line):
        return line
    from .pieces import _find

    players = sorted((p.start, i) for p in _find(line, ctx, index) if p.kind == "name"
                     for k, i in p.value if k == "player")
    out = list(line)
    for m in _PRONOUN.finditer(line):
        before = [i for at, i in players if at < m.start()]
        if before and before[-1] == ctx.actor:
            at = m.start() - 3 if line[max(0, m.start() - 3):m.start()].lower() == "of " else m.start()
            out[at:m.end()] = " " * (m.end() - at)        # "all four of his HBR": "all four HBR"
    return "".join(out)
