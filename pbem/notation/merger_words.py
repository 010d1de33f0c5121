"""Words of a merger round's passes: "sits out the merger round" (a minor's pass) and "closes the
group", "ends the selection", "finished adding companies" (the pass that ends the adding of minors
to a merger), read as pass words by pieces.py."""
from __future__ import annotations

import re

__all__ = ["SITS_OUT", "GROUP_CLOSED"]

#: "sits out the merger round": a pass
SITS_OUT = re.compile(r"\b(?:sits?|sitting)\s+out\b", re.I)
#: "closes the group": the pass that ends the adding of minors to a merger
GROUP_CLOSED = re.compile(r"\b(?:closes?|closing|ends?|ending|completes?|completing)\s+(?:the\s+|its\s+|our\s+|my\s+)?"
                          r"(?:group|merger|selection)\b|\b(?:finished|done|stops?|stopped)\s+(?:adding|selecting|taking\s+in)"
                          r"(?:\s+(?:companies|minors))?\b", re.I)
