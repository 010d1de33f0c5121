"""A dividend told without its usual move word: by the share of the revenue paid ("pays 50%", "a
50/50 split": half; "100%": paid out), by where the money goes ("everything to the treasury",
"holds the 340": withheld), a payout or withholding denied ("pays no dividend": withheld), and
the treasury named as where money stays or what it holds, never as where shares come from."""
from __future__ import annotations

import re
from typing import Optional
from .lazy import regex

__all__ = ["HELD", "KEPT", "SHARED", "denied", "not_a_source", "shared"]

#: the share of the revenue paid out: "pays 50%", "pays out 100 percent", "50/50 split"
SHARED = regex(r"\bpay(?:s|ing)?\s+(?:out\s+)?(0|50|100)\s*(?:%|per\s*cent\b)|(?<![\d/])\b50\s*/\s*50\b(?![/\d])", re.I)
#: the revenue kept whole: "everything to the treasury", "all of it goes into the treasury", "holds the 340"
KEPT = regex(r"\b(?:everything|all(?:\s+of\s+it)?|it\s+all|the\s+(?:whole\s+)?lot)\s+(?:goes\s+|stays\s+)?"
                  r"(?:to|into|in)\s+(?:the\s+|its\s+)?treasury\b|"
                  r"\b(?:holds?|holding)\b(?=\s+(?:the\s+|its\s+|all\s+)?[$₽]?\d{2,5}\b(?!\s*(?:%|shares?|certs?)))", re.I)
#: "treasury now 35": what the treasury holds, a figure stated beside the move
HELD = regex(r"\btreasury\s*(?:now|left|is(?:\s+now)?|at|:|=)\s*(?:now\s+)?[$₽]?\d{1,6}\s*₽?", re.I)
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
    """The dividend a clause's denied payout or withholding is ("SE does not pay a dividend",
    "pays nothing out": withheld; "isn't withholding": paid out), or None: the clause names
    nothing but its dividend word and `names` (the company, the writer), and says no inability."""
    verbs = c.verbs()
    if verbs not in ({"payout"}, {"withhold"}) or not _NEGATED.search(c.text) or _UNABLE.search(c.text) \
            or verbs == {"payout"} and not _PAYOUT.search(c.text):
        return None
    if any(p.kind not in ("verb", "name", "me") for p in c.pieces) or \
            any(i not in names for p in c.of("name") for _, i in p.value):
        return None
    return "withhold" if verbs == {"payout"} else "payout"
