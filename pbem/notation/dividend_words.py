"""How a dividend is told without its move word ("pays 50%", "holds the 340", "pays no dividend")
or with its revenue ("withholds the 140")."""
from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Optional
from .lazy import regex

if TYPE_CHECKING:
    from .pieces import Clause

__all__ = ["DIVIDEND_WORDS", "KEPT", "SHARED", "denied", "not_a_source", "revenue_beside_dividend",
           "shared"]

#: the move words of a dividend (pieces.py's families)
DIVIDEND_WORDS = frozenset({"payout", "withhold", "half"})

#: the share of the revenue paid out: "pays 50%", "pays out 100 percent", "50/50 split"
SHARED = regex(r"\bpay(?:s|ing)?\s+(?:out\s+)?(0|50|100)\s*(?:%|per\s*cent\b)|(?<![\d/])\b50\s*/\s*50\b(?![/\d])", re.I)
#: the revenue kept whole: "everything to the treasury", "all of it goes into the treasury", "holds the 340"
KEPT = regex(r"\b(?:everything|all(?:\s+of\s+it)?|it\s+all|the\s+(?:whole\s+)?lot)\s+(?:goes\s+|stays\s+)?"
                  r"(?:to|into|in)\s+(?:the\s+|its\s+)?treasury\b|"
                  r"\b(?:holds?|holding)\b(?=\s+(?:the\s+|its\s+|all\s+)?[$₽]?\d{2,5}\b(?!\s*(?:%|shares?|certs?)))", re.I)
#: "in the treasury", "into its treasury": where money stays
_STAYS = regex(r"\b(?:in|into|to)\s+(?:the\s+|its\s+)?$", re.I)
_NEGATED = regex(r"\b(?:not|never|no|nothing)\b|n't\b", re.I)
#: what a denied payout says it denies: a dividend, paying out, anything to the shareholders
_PAYOUT = regex(r"\b(?:dividends?|out|shareholders)\b|\bpay\W*$", re.I)
_UNABLE = regex(r"\b(?:can|cannot|could|afford|unable)\b|\bcan't\b", re.I)


def shared(m: re.Match) -> str:
    """The dividend a share of the revenue names (`SHARED`)."""
    return {"0": "withhold", "100": "payout"}.get(m.group(1) or "50", "half")


def not_a_source(line: str, m: re.Match) -> bool:
    """Whether "treasury" at `m` says where money stays (not where shares come from)."""
    return m.group(0).lower() == "treasury" and bool(_STAYS.search(line, max(0, m.start() - 12), m.start()))


def denied(c, names: set) -> Optional[str]:
    """The dividend a clause's denied payout or withholding is ("pays nothing out": withheld), or None."""
    verbs = c.verbs()
    if verbs not in ({"payout"}, {"withhold"}) or not _NEGATED.search(c.text) or _UNABLE.search(c.text) \
            or verbs == {"payout"} and not _PAYOUT.search(c.text) \
            or any(p.kind not in ("verb", "name", "me") for p in c.pieces) \
            or any(i not in names for p in c.of("name") for _, i in p.value):
        return None
    return "withhold" if verbs == {"payout"} else "payout"


#: pieces a dividend's clause may hold besides its one amount
_BESIDE = frozenset({"verb", "name", "me", "round", "per_share", "purpose"})
#: pieces that make a clause a move
_MOVES = frozenset({"verb", "tile", "train", "hex"})


def _told(c: "Clause") -> bool:
    """Whether the clause is a dividend of one amount (ten or more), besides it only words and names."""
    verbs = c.verbs()
    amounts = [p for p in c.pieces if p.kind in ("money", "number")]
    if not verbs or not verbs <= DIVIDEND_WORDS or len(amounts) != 1 or amounts[0].value < 10:
        return False
    # a place is a stop of a run; a private named is what the amount buys ("pays Priya $40 for the HB")
    named = all(any(k in ("corporation", "player") for k, _ in p.value) for p in c.of("name"))
    return named and all(p.kind in _BESIDE for p in c.pieces if p is not amounts[0])


def revenue_beside_dividend(found: list["Clause"], run_known: bool = False) -> list["Clause"]:
    """The clauses with a dividend's revenue made a "revenue" piece, up to a move when `run_known`."""
    for c in found:
        c.pieces = half_paid(c.pieces)
    for c, after in zip(found, [*found[1:], None]):
        joins = after is not None and not after.verbs() and not after.loose and bool(after.of("money") or after.of("number"))
        if _told(c) and not joins:      # (an amount after it, "pays out 80 and 90", joins it: which is the revenue?)
            c.pieces = [dataclasses.replace(p, kind="revenue") if p.kind in ("money", "number") else p
                        for p in c.pieces]
        if run_known and any(p.kind in _MOVES for p in c.pieces):
            break
    return found


def half_paid(pieces: list) -> list:
    """The pieces without a "pay" word straight after or before "half" ("half pay", "paid half")."""
    drop = {id(q if p.value == "half" else p) for p, q in zip(pieces, pieces[1:]) if p.kind == q.kind == "verb"
            and {p.value, q.value} == {"half", "payout"} and 0 < q.start - p.end <= 2}
    return [p for p in pieces if id(p) not in drop] if drop else pieces
