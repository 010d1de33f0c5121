"""A loan told beside the train it pays for ("SW takes a loan and buys a 4", "KR took 2 loans to
afford the 3-train (225)", "buys a 6 for 650 (two loans needed)"): in the titles with loans
(1861, 1867) the game takes a loan by itself when a buy needs one, so the loan is no move of its
own and the buy it pays for is the move."""
from __future__ import annotations

import re
from .lazy import regex

__all__ = ["loans_aside"]

#: a loan taken, with its proceeds in brackets ("(+45)", "(45₽ in)") and what it pays for
#: ("to pay for the 3", "to afford the 5", "to buy the 5")
_LOAN = regex(
    r"\b(?:takes?|took|taking|needs?|needed|needing|with)\s+(?:out\s+)?(?:a|an|one|two|three|[1-3])\s+(?:more\s+)?loans?\b"
    r"(?:\s*\([^()]*\))?(?:\s+(?:to\s+(?:(pay\s+for|afford|fund|cover)\b|(?=buy\b))|(for)\b(?=\s+(?:the|a|an|its)\s+(?:\d|D\b))))?", re.I)
#: a loan alone in its field before the buy it pays for ("KK: 1 loan, buys a 3")
_FIELD = regex(r"(?<![\w$₽])(?:a|an|one|two|three|[1-3])\s+loans?(?:\s+taken)?(?=\s*[,;]\s*(?:and\s+|then\s+)?(?:buys?|bought|buying)\b)",
                    re.I)
#: the buy said again after the loan's purpose ("took a loan to afford a 5 and bought it for 450")
_BOUGHT_IT = regex(r"(?<=\bbuys\s)(\s*(?:an?\s+|the\s+)?[\w+]{1,4}(?:\s?-?\s?train)?)(\s+and\s+(?:then\s+)?(?:bought|buys|purchased)\s+it)\b",
                        re.I)
#: a bracket that tells the loans a buy needed ("(two loans needed)", "(with a loan)")
_BRACKET = regex(r"\([^()]*\)")
_LOAN_WORD = regex(r"\bloans?\b", re.I)


def loans_aside(line: str) -> str:
    """The line with each loan it tells blanked in place (the same length, so every column
    stands); a loan told with what it pays for ("takes a loan to pay for the 3") leaves the buy
    of that ("buys the 3")."""
    def blank(m: re.Match) -> str:
        text = m.group(0)
        if m.lastindex:        # "to pay for", "to afford", "for": the buy of what follows
            return "buys" + " " * (len(text) - 4)
        return " " * len(text)
    line = _BRACKET.sub(lambda m: " " * len(m.group(0)) if _LOAN_WORD.search(m.group(0)) else m.group(0), line)
    said = _FIELD.sub(lambda m: " " * len(m.group(0)), _LOAN.sub(blank, line))
    return _BOUGHT_IT.sub(lambda m: m.group(1) + " " * len(m.group(2)), said) if said != line else said
