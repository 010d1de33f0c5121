"""Words of a merger round's passes: "sits out the merger round" (a minor's pass) and "closes the
group", "ends the selection", "finished adding companies" (the pass that ends the adding of minors
to a merger), read as pass words by pieces.py; and "takes over" a minor, a merger only in a merger round."""
from __future__ import annotations

import re
from typing import Optional

from .context import NotationContext, round_kind
from .lazy import regex

__all__ = ["SITS_OUT", "GROUP_CLOSED", "TAKES_OVER", "merge_in_merger_round"]

#: "sits out the merger round", "I'll sit this one out", "count me out": a pass
SITS_OUT = regex(r"\b(?:sits?|sitting)\s+(?:(?:this|that|the)\s+(?:one|round|turn|auction|time)\s+)?out\b|\bcount\s+me\s+out\b", re.I)
#: "closes the group": the pass that ends the adding of minors to a merger
GROUP_CLOSED = regex(r"\b(?:closes?|closing|ends?|ending|completes?|completing)\s+(?:the\s+|its\s+|our\s+|my\s+)?"
                          r"(?:group|merger|selection)\b|\b(?:finished|done|stops?|stopped)\s+(?:adding|selecting|taking\s+in)"
                          r"(?:\s+(?:companies|minors))?\b", re.I)
#: "KB takes over the Riga-Orel": a minor absorbed (in a stock round "takes over the presidency" is none)
TAKES_OVER = regex(r"\b(?:takes?|taking|took)\s+over\b", re.I)


def merge_in_merger_round(ctx: NotationContext) -> Optional[str]:
    """The move word "merge" in a merger round, None in any other."""
    return "merge" if round_kind(ctx) == "merger" else None
