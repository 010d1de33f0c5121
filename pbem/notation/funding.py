"""A sale told after the train it pays for is made first: "CPR buys a D train for 1100, Bob sells
2 GT to fund it" is the president's sale, then the purchase (the money must be there before the
train is bought). Applied to the line before anything reads it, by the reader
and by the table's reading alike (both through `_Reader.read_units`).
"""
from __future__ import annotations

import re
from .lazy import regex

__all__ = ["sale_first"]

#: the purchase the sale pays for: a train bought ("buys a D", "bought the 6 from the depot")
_TRAIN_BUY = regex(r"\b(?:buys?|bought|buying|purchases?|purchased|purchasing)\b[^,;.]*?"
                        r"(?:\btrains?\b|\b[2-8DE]\b|\b\d\s*-?\s*T\b|\d\+\d)", re.I)
#: the sale told last, with what it is for: ", Bob sells 2 GT to fund it", "; I sell a CN share
#: to pay for it", " and Priya sold 2 PRR to raise the cash"
_SALE_FOR_IT = regex(
    r"(?P<sep>\s*[,;]\s*(?:and\s+)?|\.\s+|\s+and\s+)"
    r"(?P<sale>(?:(?-i:[A-Z][\w'’-]*)|the\s+president)\s+(?:sells?|sold|selling)\s+[^,;.?!]*?\s+"
    r"(?:in\s+order\s+)?to\s+(?:fund|pay\s+for|finance|afford|raise|cover)\b[^,;.?!]*?)"
    r"(?P<end>[.!]?)\s*$", re.I)


def sale_first(line: str) -> str:
    """The line with a sale told after the train purchase it pays for put before it; the line
    as written otherwise (a sale with no purpose, or no train bought before it)."""
    if len(line) > 400 or "?" in line:
        return line
    m = _SALE_FOR_IT.search(line)
    if m is None:
        return line
    head = line[:m.start()]
    if not _TRAIN_BUY.search(head) or re.search(r"\b(?:sells?|sold|selling)\b", head, re.I):
        return line
    label = re.match(r"\s*(?:[A-Za-z][\w .]{0,30}?:\s+)?", head)      # "Emergency: ", "OR 5.2: "
    if _TRAIN_BUY.search(label.group(0)):
        return line
    return f"{label.group(0)}{m.group('sale')}, {head[label.end():].strip()}{m.group('end')}"
