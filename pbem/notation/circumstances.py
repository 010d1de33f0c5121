"""What is told with a move and is none: what frames a recap's move, a circumstance clause (why, what led
to it, its purpose), and a sentence after it telling what it leads to or a plan for later."""
from __future__ import annotations

import re
from typing import Optional

from pbem.chat_words import AHEAD, DOUBTS, MODALS, PURPOSES, words

from .correction import MARKER
from .pieces import _WORD, CONSEQUENCE, VERBS, blanked
from .lazy import regex

__all__ = ["circumstances", "names_move", "narration", "told_afterwards"]

#: what opens a circumstance: what led to it ("having won"), a reason, what it did ("..., dropping it to 60")
_OPENS = regex(r"^\s*(?:I\s+)?won\b(?!['’]t)|"
               r"(?<=,\s)(?:dropping(?!\s+out\b)|crashing|tanking|pushing|sending|knocking|bumping|lifting|causing|forcing|"
               r"triggering|hurting|killing)\b(?![^.;,:!?]{0,40}?\b(?:tokens?|stations?)\b)|"      # "dropping its token at D14": a move
               r"\b(?:having\s+[a-z]+|because|cause|cos|coz|since(?!\s+I\s)|(?:since|now\s+that|as)\s+I\s+(?:won|bought|got|took|have\s+[a-z]+)|"
               r"after\s+(?:[a-z]+ing|(?:that|the|this)\s+[^,;]{1,30}?\s(?:was|were)\s+[a-z]+)|and\s+(?:won|got)\s+it|to\s+(?:fund|finance|afford|pay\s+for)|"
               rf"(?<=\w\s)to\s+{words(PURPOSES)}|"
               r"(?:that|which)\s+(?:came|comes)\s+with|counting|so\s+(?:that\s+)?(?:it|I|we)\s+(?:can|could|will|may)|"
               r"(?:it|which|that|this)\s+(?:frees|opens|unlocks|blocks|lets|allows|gives)(?=\s+(?:up\s+)?\S))\b", re.I)
#: a purpose that keeps its own words: what it is for is set aside, "to fund" stays (funding.py)
_FUNDS = ("to fund", "to finance", "to afford", "to pay")
#: where a circumstance ends: a mark between clauses, or the main clause's subject
_ENDS = regex(r"[,:;!?]|\.(?=\s|$)|\s[-–—]\s|\bI\b(?!['’]?d\b)|\bI['’](?:ll|m|ve)\b|\b(?:and|then)\b")


#: a verb in the simple past ("entered"), not after "has" or "is" (a condition's time: "once everyone has passed")
_PAST = (r"(?<!\bhas\s)(?<!\bhave\s)(?<!\bis\s)(?<!\bare\s)(?<!\bbe\s)"
         r"\b(?:was|were|had|came|went|got|ran|rusted|began|became|won|(?!(?:n|f|s|sp|proce|exce|succe)ed\b)[a-z]{2,}ed)\b")
#: a time clause telling what the writer meant is a correction, no frame ("bid 100 when I wanted 110")
_NO_INTENT = r"(?![^,;.!?]{0,40}\b(?:wanted|intended|meant|planned|tried|thought|hoped|wished|expected)\b)"
#: what frames a recap: a past time clause ("when the 3s rusted"), a cleft ("That's when I"), the writer's role
#: ("As president of the C&O"), a verb leading to the move ("decided to buy"), a comment (", which was a steal")
_FRAMES = regex(rf"(?:(?:^|(?<=[.;!]\s))\W{{0,20}}+|(?<=\w\s))(?:once|when|as\s+soon\s+as|after|before|by\s+the\s+time)\s+{_NO_INTENT}"
                rf"[^,;.!?]{{0,60}}?{_PAST}[^,;.!?]{{0,40}}(?=[,;.!?]|\s*$)|"
                r"(?:^|(?<=[.;!]\s))\W{0,20}+(?:that|this|it)(?:['’]s|\s+is|\s+was)\s+(?:when|where|how)\b|"
                r"(?<=,\s)(?P<which>which\s+[^,;:.!?]*)|"
                r"(?:\bas\s+|(?:^|(?<=[.;:!]\s))\W{0,20}+the\s+)(?:the\s+)?(?:president|director)\s+of\b(?=\s+(?:the\s+)?[A-Z])|"
                r"\bas\s+(?:the\s+)?(?P<corp>[A-Z][\w&-]*)\s+(?:president|director)\b|"
                r"(?P<lead>\b(?:my|its|[A-Z][\w&]*['’]s)\s+(?:(?:first|next|last|only|own)\s+)?(?:move|action|play|turn|choice|"
                r"decision)\s+(?:is|was|will\s+be)\s+to|"
                r"\b(?:decid(?:e|ed|es|ing)|manag(?:e|ed|es|ing)|chose|choos(?:e|es|ing)|opt(?:ed|s|ing)?|elect(?:ed|s|ing)?|went\s+on|"
                r"goes\s+on|proceed(?:ed|s)?|was\s+able|got)\s+to)(?=\s+[a-z]+)", re.I)


def narration(line: str, why: Optional[list] = None) -> str:
    """The line with what frames a recap's move blanked (the same length: columns stand), each
    noted in `why`; the move words it leads to and the company of a role are kept."""
    spans: list[tuple[int, int]] = []
    for m in _FRAMES.finditer(line):
        if m.group("lead") and not any(w.lower() in VERBS for w in _WORD.findall(line[m.end():m.end() + 40])[:1]) \
                or m.group("which") and any(w.lower() in VERBS for w in _WORD.findall(m.group("which"))):
            continue     # "managed to get there": no move word follows; ", which I fund by selling 2 B&O": one told
        if why is not None:
            why.append(f'"{m.group(0).strip()}"')
        spans += [(m.start(), m.start("corp")), (m.end("corp"), m.end())] if m.group("corp") else [m.span()]
    return blanked(line, spans)


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
        out.append((m.end() if m.group(0).lower().startswith(_FUNDS) else m.start(), stop))
        at = stop
    if not out:
        return line
    why.extend(f'"{line[a:b].strip()}"' for a, b in out)
    text = blanked(line, out)
    return text if re.search(r"\w", text) else line


#: the longest sentence weighed (the correction's marker costs more than linear time)
_LONGEST = 200
#: what a move leads to: trains rusting or made obsolete, the phase changing
_LEADS_TO = regex(r"\b(?:rust|rusts|rusted|rusting|obsolete|phase)\b", re.I)
#: a time to come, or what is expected of it
_AHEAD = regex(rf"\b{words(('next', 'will', 'after', 'afterwards', 'soon', 'eventually'), AHEAD, MODALS)}\b|'ll\b|"
               r"\bgoing\s+to\b", re.I)
#: the writer's own plan for later: "I'll buy a share later", "I'm going to buy the extra share after"
_MY_PLAN = regex(r"\b(?:I'll|I\s+will|I'm\s+going\s+to|we'll|we\s+will)\b", re.I)
_LATER = regex(r"\b(?:later|after|afterwards|eventually|tomorrow|next\s+(?:turn|round|time|OR|SR))\b", re.I)
#: words of a move besides the move words ("Will pay out.", "Full payout will follow.")
_MOVE_MORE = regex(r"\b(?:pay|pays|paying|full|put|puts|hold|holds|dividends?|shareholders|treasury|"
                        r"drops?|removes?|returns?)\b", re.I)
#: a station kept: what stays as it is, no move ("I'll keep the tokens in Ekaterinburg and Moscow")
_KEEPS = regex(r"^\W*(?:I'll|I\s+will|we'll)\s+keep\b[^.;!?]*\b(?:tokens?|stations?)\b", re.I)
#: an apology to the shareholders or the table, not for a slip ("sorry, 3 GT" corrects one)
_APOLOGY = regex(r"\W*(?:sorry|apologies)\s+(?:to\s+)?(?:the\s+|my\s+)?(?:shareholders|investors|all|everyone|"
                      r"everybody|folks|guys|people)\b", re.I)
#: a reason stated after the apology ("the 5 costs 450", "we need a train"), not a piece put right ("3 GT")
_REASON = regex(r"\b(?:costs?|need|needs|needed|saving|can't|cannot|have|has|had|are|(?<!\bit\s)(?<!\bthat\s)is)\b", re.I)
#: the cash the move leaves, a sentence of its own ("Treasury now 35.", "Cash left: $35")
_CASH_NOW = regex(r"\W*(?:the\s+)?(?:treasury|cash)\s+(?:is\s+)?(?:now|left|remaining)\s*(?::\s*)?[$₽]?\d+\W*$", re.I)
#: a doubt about what was written, or a condition
_DOUBT = regex(rf"\b{words(DOUBTS, ('could', 'would', 'if', 'unless', 'or'))}\b", re.I)
#: "Should be 3.": a correction naming a piece
_SHOULD_BE = regex(r"\bshould\s+(?:have\s+)?be(?:en)?\b", re.I)
_PIECE = regex(r"\d|#|\b[A-Z]{2,}")


def told_afterwards(sentence: str) -> bool:
    """Whether a sentence after the move tells only what the move leads to, a plan for later or
    an apology with its reason ("sorry shareholders, the 5 costs 450"); a long one never is."""
    sentence = " ".join(sentence.split())
    if len(sentence) > _LONGEST:
        return False
    if (sorry := _APOLOGY.match(sentence)) is not None:
        rest = sentence[sorry.end():]
        return "?" not in rest and not _DOUBT.search(rest) and not MARKER.search(rest) and not names_move(rest) \
            and bool(_REASON.search(rest))
    if "?" in sentence or _DOUBT.search(sentence) or MARKER.search(sentence) or \
            _SHOULD_BE.search(sentence) and _PIECE.search(sentence):
        return False
    if _MY_PLAN.search(sentence) and _LATER.search(sentence) or _KEEPS.search(sentence) or _CASH_NOW.match(sentence):
        return True
    return not names_move(sentence) and bool(_LEADS_TO.search(sentence) or _AHEAD.search(sentence) or CONSEQUENCE.search(sentence))


def names_move(sentence: str) -> bool:
    """Whether a sentence holds a move word (a consequence's "floats it" is none)."""
    plain = CONSEQUENCE.sub(" ", sentence)
    return bool(_MOVE_MORE.search(plain)) or any(w.lower() in VERBS for w in _WORD.findall(plain))
