"""A circumstance told with the move: "Having won the CP, I par CPR at 90.", "Since I won CP:
par CPR at 90.", "Jonas parred CPR at $100 after winning the CP", "Sasha bid 165 on RO and won it.",
"Ingrid has sold 3 CPR shares (30%) to fund SC.", "Won the CP at 205, so CPR gets a par of 90.".

A clause opened by "having", "since I", "now that I", "after ...ing" or the line's first "won"
("Won the CP for 190, so ...") tells what led to the move (a report of something done before),
one opened by "and won it" what came of it, one opened by "to fund", "to afford"... its purpose
("sold 3 CPR shares to fund SC"), "that came with", "counting" what the thing moved is ("the CNR
share that came with the Trestle Bridge"), one opened by "so it can" or "it frees" what the move
is for or does ("so it can use the Scranton tile"). It reaches to its clause's end (a comma, a
colon, a semicolon, a dash, "and", "then", a sentence's end) or to the main clause's "I", and is
set aside alone, so the report word in it no longer sets aside the sentence that holds the move.
"""
from __future__ import annotations

import re
from .lazy import regex

__all__ = ["circumstances"]

#: what opens a circumstance: "having won", "since I won", "now that I won", "after winning"
_OPENS = regex(r"^\s*(?:I\s+)?won\b(?!['’]t)|\b(?:having\s+[a-z]+|(?:since|now\s+that|as)\s+I\s+(?:won|bought|got|took|have\s+[a-z]+)|"
                    r"after\s+(?:[a-z]+ing|(?:that|the|this)\s+[^,;]{1,30}?\s(?:was|were)\s+[a-z]+)|and\s+(?:won|got)\s+it|to\s+(?:fund|finance|afford|pay\s+for)|"
                    r"(?:that|which)\s+(?:came|comes)\s+with|counting|so\s+(?:that\s+)?(?:it|I|we)\s+(?:can|could|will|may)|"
                    r"(?:it|which|that|this)\s+(?:frees|opens|unlocks|blocks|lets|allows|gives)(?=\s+(?:up\s+)?\S))\b", re.I)
#: where a circumstance ends: a mark between clauses, or the main clause's subject
_ENDS = regex(r"[,:;!?]|\.(?=\s|$)|\s[-–—]\s|\bI\b(?!['’]?d\b)|\bI['’](?:ll|m|ve)\b|\b(?:and|then)\b")


def circumstances(line: str, why: list) -> str:
    """The line with each circumstance blanked (the same length: columns stand), and why noted
    in `why`; a line that is nothing but a circumstance is left as it is."""
    out, at = [], 0
    for m in _OPENS.finditer(line):
        if m.start() < at:
            continue
        end = _ENDS.search(line, m.end())
        stop = end.start() if end else len(line)
        # a purpose keeps its own words ("to fund"): what it is for is set aside, the clause stays a clause
        out.append((m.end() if m.group(0).lower().startswith("to") else m.start(), stop))
        at = stop
    if not out:
        return line
    blanked = list(line)
    for a, b in out:
        why.append(f'"{line[a:b].strip()}"')
        blanked[a:b] = " " * (b - a)
    text = "".join(blanked)
    return text if re.search(r"\w", text) else line
