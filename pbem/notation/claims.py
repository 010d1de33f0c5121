"""Claims: what a line states about the result of its move, to be checked after applying it.

People write results next to their moves: "CPR pays out $100 = $10 per share ($40 to Ann,
$20 to Bob)", "Dee buys a second HBR share and becomes president", "Bob bids 115 on NWR.
Cash left 365.", "the president pays the rest out of pocket". The reader keeps each such
statement as a `Claim` on the move (`ParsedMove.claims`); the moderator checks them against
the game after the move (pbem/reading/claims.py) and refuses the message when one is
false. A claim is never applied: the engine computes every result itself.

Kinds and values:
    president   corporation symbol or None (the move's corporation): the mover is its
                president after the move
    cash        int: the mover's cash after the move (for a bid: cash not tied up in bids)
    paid        int: the mover paid this much (a share bought "for $76")
    received    int: the mover received this much (a sale "and receives $150")
    revenue     int: the corporation's revenue of this run ("pays out $100", "withholds $40")
    per_share   int: paid per share of the dividend ("= $10 per share")
    payees      tuple of (entity, amount): what each got from the dividend or sale
    pocket      None: the president paid part of a train out of pocket
    price_move  (from, to): the corporation's share price went from one value to the other
    step        str: the step the pass was made at ("track", "token", "route", ...)
    amount      int: a bare amount in brackets, "(60)": the revenue of a run or dividend, the
                price paid for a share, the money received for a sale
    price_dir   "up" or "down": "and the share price goes up" (right counts as up)
    holding     int: "now holding 40%": the mover's percent of the corporation afterwards
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional
from .lazy import regex

__all__ = ["Claim", "parse_paren_claims", "PAYEE_RE"]


@dataclass(frozen=True)
class Claim:
    """One stated result of a move, as written."""

    kind: str
    value: object
    text: str            # the words of the claim as written
    column: int          # 1-based column where they start
    line: Optional[int] = None   # line of the message, when not the move's own line


_AMOUNT = r"[$£¥₽€]?\s*(\d+)\s*[$£¥₽€]?"
#: "$40 to Ann", "Ann $40", "Ann: $40", "Ann gets $40", "$40 for Ann"
PAYEE_RE = regex(
    rf"^\s*(?:{_AMOUNT}\s+(?:to|for)\s+(?P<n1>[^,;]+?)|(?P<n2>[^,;$£¥₽€\d][^,;$£¥₽€]*?)\s*(?::|gets|receives|got|received)?\s*{_AMOUNT})\s*$",
    re.I)
_CASH_RE = regex(rf"^\s*(?:cash\s*(?:left|remaining|now|on\s+hand)?|left\s+with|leaving)\s*:?\s*{_AMOUNT}\s*(?:left)?\s*$", re.I)
_BARE_RE = regex(rf"^\s*{_AMOUNT}\s*$")
_REVENUE_RE = regex(rf"^\s*(?:revenue|earnings|income|ran\s+for|runs\s+for)\s*:?\s*{_AMOUNT}\s*$", re.I)
_ROUND_RE = regex(r"^\s*(?:in\s+|during\s+)?(?:sr|or|stock\s+round|operating\s+round)\s*\d+(?:\.\d+)?\s*$", re.I)


def parse_paren_claims(inner: str) -> Optional[list[tuple[str, object, str]]]:
    """Claims in a parenthesised remark: payees, cash left or a round label.

    Returns (kind, value, text) triples, or None when the remark says something else.
    Payee names are returned as written; the reader resolves them.
    """
    m = _CASH_RE.match(inner)
    if m:
        return [("cash", int(m.group(1)), inner.strip())]
    m = _BARE_RE.match(inner)
    if m:
        return [("amount", int(m.group(1)), inner.strip())]
    m = _REVENUE_RE.match(inner)
    if m:
        return [("revenue", int(m.group(1)), inner.strip())]
    if _ROUND_RE.match(inner):
        return [("round", re.sub(r"^\s*(?:in|during)\s+", "", inner.strip(), flags=re.I), inner.strip())]
    parts = [p for p in re.split(r"\s*(?:,|;|\band\b)\s*", inner) if p.strip()]
    payees = []
    for p in parts:
        m = PAYEE_RE.match(p)
        if not m or re.fullmatch(r"\s*[A-Za-z]{1,2}\d{1,2}\s*", p):
            return None             # "(A11)" is a hex, never $11 paid to "A"
        amount = int(m.group(1) or m.group(4))
        name = (m.group("n1") or m.group("n2")).strip()
        payees.append((name, amount))
    if not payees:
        return None
    return [("payees", tuple(payees), inner.strip())]
