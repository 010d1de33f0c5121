"""A run's revenue told as the sum of its stops ("G11-J10-I5 = 30+40+20 = 90", "(40+30+30=100)"),
and an amount told as the product it is worked out by ("20 x 3 = 60₽"):
the parts are the stops' values, no piece of a move; the total after "=" is the revenue, and a
sum alone in brackets after a route ("I5-K3 (20+30)") is the revenue it adds up to (the pieces
of a line, pieces.py)."""
from __future__ import annotations

import dataclasses
import re

from .purposes import within_spans
from .lazy import regex

__all__ = ["sum_parts_set_aside", "sum_disagreeing"]

#: amounts added up to a total: "30+40+20 = 90" (at most a dozen: each try reads a bounded stretch)
_BRACKET_SUM = regex(r"\(\s{0,3}(\d{1,4}(?:\s{0,3}\+\s{0,3}\d{1,4}){1,11})\s{0,3}\)")
#: an amount worked out as a product: "20 x 3 = 60" (a token's cost by the distance)
_PRODUCT = regex(r"(?<![\w.$])(\d{1,4})\s{0,3}[x×*]\s{0,3}(\d{1,2})\s{0,3}=\s{0,3}[$₽]?(\d{1,5})(?![\w.]\d)")
_SUM = regex(r"(?<![\w.$])(\d{1,4}(?:\s{0,3}\+\s{0,3}\d{1,4}){1,11})\s{0,3}=\s{0,3}(\d{1,5})(?![\w.]\d)")


def sum_parts_set_aside(pieces: list, line: str) -> list:
    """The pieces with each amount added up (or multiplied) to the total written after it made a
    "sum_part" piece, when the parts do make the total."""
    spans = [(m.start(1), m.end(1)) for m in _SUM.finditer(line)
             if sum(int(x) for x in re.findall(r"\d+", m.group(1))) == int(m.group(2))]
    spans += [(m.start(), m.end(2)) for m in _PRODUCT.finditer(line) if int(m.group(1)) * int(m.group(2)) == int(m.group(3))]
    for m in _BRACKET_SUM.finditer(line):          # "(20+30)": the first part stands for the sum
        total = sum(int(x) for x in re.findall(r"\d+", m.group(1)))
        first = next((i for i, p in enumerate(pieces) if p.kind == "number" and p.start == m.start(1)), None)
        if first is not None:
            spans.append((pieces[first].end, m.end(1)))
            pieces = [*pieces[:first], dataclasses.replace(pieces[first], value=total), *pieces[first + 1:]]
    return within_spans(pieces, sorted(spans), "sum_part") if spans else pieces


def sum_disagreeing(line: str):
    """The first sum in `line` whose parts do not make the total written after it ("20+30+40 = 80"),
    as (start, end, message), or None."""
    for m in _SUM.finditer(line):
        total = sum(int(x) for x in re.findall(r"\d+", m.group(1)))
        if total != int(m.group(2)):
            return m.start(), m.end(2), f"the revenue figures disagree: {m.group(1)} = {total}, not {m.group(2)}"
    return None
