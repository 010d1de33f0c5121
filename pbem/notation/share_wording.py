"""Share buys and sales (and a few train buys) told loosely, put plainly as a last try.

People name a certificate by its size ("1 10% certificate of HBR"), its source in their own words
("out of the open market", "from the company treasury": a major's treasury is its IPO), a share
by its story ("the CNR share that came with the Trestle Bridge") and add what follows from the
move ("(keeps the presidency)", "- that's four for me", "; NYC floats", "(train limit is now 2)"), and a
sale by the holding it ends ("sells off his entire NYNH stake (5 shares)", "dumps his B&O - sells
4 shares").
Each rewording drops words or names what the line names already; the reworded line is read by the
whole reader (`pbem/notation/loose.py`), and nothing is read when it fails.
"""
from __future__ import annotations

import re

__all__ = ["share_reworded"]

_COUNT = r"(?:\d|a|an|one|two|three|four|five|six)"
#: "1 10% certificate of HBR", "two 10% shares in GT": the size of an ordinary share said again
_TEN_PERCENT = re.compile(rf"\b({_COUNT})\s+10\s*%\s+(?:cert(?:ificate)?|share)(s?)\s+(?:of|in)\s+", re.I)
#: "from the company treasury", "from GRR's treasury", "from the corporation's treasury"
_TREASURY = re.compile(r"\bfrom\s+(?:the\s+)?(?:(?:company|corporation|major)(?:'s)?|[A-Z][\w&-]*'s)\s+treasury\b")
#: "out of the open market", "out of the pool"
_OUT_OF = re.compile(r"\bout\s+of\s+the\s+(?:open\s+)?(market|pool)\b", re.I)
#: "the Canadian Northern share that came with the Trestle Bridge": which share, by its story
_CAME_WITH = re.compile(r"\b(share|certificate|cert)\s+(?:that|which)\s+(?:came|I\s+got)\s+with\s+"
                        r"(?:the\s+)?[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*)*", re.I)
#: a consequence in brackets: "(keeps the presidency)", "(my 3rd share)", "(train limit is now 2)"
_BRACKET_AFTER = re.compile(
    r"\s*\((?:(?:still\s+)?(?:keeps?|keeping|retains?|retaining|holds?|holding)\s+(?:the\s+|my\s+|his\s+|her\s+)?"
    r"presiden(?:cy|t(?:'s\s+(?:share|cert(?:ificate)?))?)"
    r"|(?:my|his|her|their)\s+(?:\d(?:st|nd|rd|th)|second|third|fourth|fifth|sixth)"
    r"(?:\s+(?:share|one|cert(?:ificate)?))?"
    r"|(?:the\s+)?train\s+limit\s+is\s+(?:now\s+)?\d)\s*\)", re.I)
#: a consequence after the move: "- that's four for me, so I think I take the presidency",
#: ", that should float it", "; NYC floats"
_THATS = re.compile(r"\s*[-–—,;]\s*that'?s\s+(?:\w+\s+)?(?:for\s+me|shares?|now|in\s+total)\b[^?]*$", re.I)
_FLOATS = re.compile(r"\s*(?:,\s*(?:that|which|this)\s+(?:should|will|ought\s+to|would)\s+float\s+(?:it|[A-Z][\w&]*)"
                     r"|[;,]\s*(?:[A-Z][\w&]*|it)\s+(?:now\s+)?floats)\s*[.!]*\s*$")
#: "buys the MYR for 60, then a 2+2 from the depot for 600": the verb of the clause before
_THEN_A = re.compile(r"\b(buys|bought|buying|buy)\b(?P<mid>[^.;?]*?,)\s*(?:and\s+)?then\s+"
                     r"(?=(?:a|an|one)\s+[\dDE+]+(?:[\s-]*trains?)?\s+from\s+the\s+(?:depot|bank)\b)", re.I)
#: "from the bank - 225 roubles": the price after a dash
_DASH_PRICE = re.compile(r"\bfrom\s+the\s+(bank|depot)\s*[-–—:]\s*([$₽]?\s?\d{2,4})\s*(?:roubles|rubles|dollars|₽)?"
                         r"(?=\s*[.!]?\s*$)", re.I)
#: "sells off", "sold off": the sale itself
_OFF = re.compile(r"\b(sells?|sold|selling)\s+off\b", re.I)
#: "his entire NYNH stake (5 shares)": the holding by its count in brackets
_STAKE = re.compile(rf"\b(?:my|his|her|their)\s+(?:(?:entire|whole|full|complete)\s+)?([A-Z][\w&-]*)\s+"
                    rf"(?:stake|holding|holdings|position|shares|stock)\s*\(\s*({_COUNT})\s+(?:shares?|certs?|certificates?)\s*\)", re.I)
#: "dumps his B&O - sells 4 shares": the sale told twice, its count in the second telling
_DUMPS = re.compile(rf"\b(?:dumps|dumped|unloads|unloaded|offloads|gets\s+rid\s+of)\s+(?:my|his|her|their)\s+([A-Z][\w&-]*)"
                    rf"(?:\s+(?:shares|stock|stake))?\s*[-–—:,;]\s*(?:and\s+)?(sells?|sold)\s+({_COUNT})\s+(?:shares|certs|certificates)\b")
_WORDS = {"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}


def _ten_percent(m: re.Match) -> str:
    n = _WORDS.get(m.group(1).lower(), m.group(1))
    return f"{n} share{'' if n == '1' else 's'} of "


def share_reworded(line: str) -> str:
    """`line` with its loose share wording put plainly (the line itself when there is none)."""
    text = _OFF.sub(r"\1", line)
    text = _STAKE.sub(lambda m: f"{_WORDS.get(m.group(2).lower(), m.group(2))} {m.group(1)} shares", text)
    text = _DUMPS.sub(lambda m: f"{m.group(2)} {_WORDS.get(m.group(3).lower(), m.group(3))} {m.group(1)} shares", text)
    text = _TEN_PERCENT.sub(_ten_percent, text)
    text = _TREASURY.sub("from the treasury", text)
    text = _OUT_OF.sub(r"from the \1", text)
    text = _CAME_WITH.sub(r"\1", text)
    text = _BRACKET_AFTER.sub("", text)
    text = _THATS.sub("", text)
    text = _FLOATS.sub("", text)
    text = _THEN_A.sub(lambda m: m.group(1) + m.group("mid") + " then " + m.group(1) + " ", text)
    text = _DASH_PRICE.sub(r"from the \1 for \2", text)
    return text
