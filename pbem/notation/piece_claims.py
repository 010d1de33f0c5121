"""What a clause read by its pieces states about its move's result, a claim the table checks
(`pbem/reading/claims.py`): a holding ("that's 40% now"), a dividend per share, what one share
bought cost or what a sale brought in, and a presidency the move takes ("and takes the presidency
from Cid")."""
from __future__ import annotations

import dataclasses
import re

from pbem.engine.actions import Action, BuyShares, SellShares

from .claims import Claim
from .pieces import Clause

__all__ = ["clause_claims", "presidency_taken", "with_presidency"]

#: "and takes the presidency (from Cid)", "becoming president": the mover is president after the move
_PRESIDENCY = re.compile(r"^\W*(?:and\s+|so\s+|thus\s+|thereby\s+)*(?:takes?|took|taking|gets?|got|getting|becomes?|became|"
                         r"becoming)\s+(?:the\s+)?(?:new\s+)?(?:presidency|president|director)\b(?:\s+(?:from|off)\s+\w+)?\W*$", re.I)


def clause_claims(line: str, c: Clause, acts: list[Action]) -> tuple[Claim, ...]:
    """The claims of a clause on the last move it makes."""
    said = [Claim("holding", p.value, line[p.start:p.end], p.start + 1) for p in c.of("held")]
    said += [Claim("per_share", p.value, line[p.start:p.end], p.start + 1) for p in c.of("per_share")]
    money = c.of("money")
    if len(money) == 1 and len(acts) == 1 and money[0].before not in ("at", "@"):
        # "buys a NYC share (IPO, $80)", "sells 2 GT for $180": the price of the one move ("at" is a share's)
        kind = "paid" if isinstance(acts[0], BuyShares) else "received" if isinstance(acts[0], SellShares) else None
        if kind is not None:
            said.append(Claim(kind, money[0].value, line[money[0].start:money[0].end], money[0].start + 1))
    return tuple(said)


def presidency_taken(c: Clause) -> bool:
    """Whether a clause set aside only says the mover takes the presidency."""
    return bool(_PRESIDENCY.match(c.text))


def with_presidency(line: str, out: list, taken: list[Clause]) -> tuple[list, list[str]]:
    """The moves with a presidency claim on the share bought before each clause `taken`; the
    clauses no share bought comes before, as asides."""
    left = []
    for c in taken:
        at = [i for i, m in enumerate(out) if m.column <= c.start and isinstance(m.action, BuyShares)]
        if not at:
            left.append(f'"{c.text}"')
            continue
        m = out[at[-1]]
        out[at[-1]] = dataclasses.replace(m, claims=m.claims + (Claim("president", (None, None), c.text.strip(" ,."),
                                                                      c.start + 1),))
    return out, left
