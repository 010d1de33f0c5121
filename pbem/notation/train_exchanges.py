"""A train bought by handing another in, told by its own words ("PRR exchanges its 4 for a D
train, paying $800 to the bank"): the train handed in is the buy's exchange, and an amount paid
to the bank is the buy's price (never a dividend paid out)."""
from __future__ import annotations

import re
from .lazy import regex

__all__ = ["EXCHANGES", "PAID_TO_BANK"]

#: "exchanges its 4 for", "swaps the 4 for", "trades its 4 towards": the train handed in
EXCHANGES = regex(r"\b(?:exchang(?:e|es|ing)|swap(?:s|ping)?|trad(?:e|es|ing))\s+(?:its|the|a|an|one|their)\s+"
                       r"(\d\+?\d*E?|D)(?:\s*-?\s*trains?)?(?=\s+(?:for|towards)\b)", re.I)
#: "paying $800 to the bank": a price paid for what is bought (a clause of its amount only)
PAID_TO_BANK = regex(r"\bpay(?:s|ing)?\s+(?:[$₽]\s*(\d{1,5})|(\d{1,5})\s*₽?)\s+to\s+the\s+(?:bank|depot)\b", re.I)
