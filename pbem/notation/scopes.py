"""How far a word that makes no move reaches: a condition or a retraction the whole line; a question, a
report, a plan or a modal its sentence; a negation, a doubt or another's pronoun its clause."""
from __future__ import annotations

import re
from typing import Optional

from pbem.chat_words import AHEAD, CONDITIONS, DOUBTS, MODALS, OTHERS, PLANS, REPORTS, THOUGHTS, words

from .circumstances import circumstances, names_move, narration, told_afterwards
from .own_word_moves import NO_RUN
from .pieces import _STEP_PASS, _WORD, CONSEQUENCE, VERBS, blanked
from .lazy import regex

__all__ = ["Heading", "PRICED_TRAIN", "SENTENCE_REFUSE", "clause_refusal", "line_refusal", "set_aside"]

#: words that make a whole line no move: a condition, a retraction, a quoted log line
_LINE_REFUSE = regex(
    r"(?<!\bat\s)\bonce\b|\bas\s+soon\s+as\b|\bin\s+case\b|"
    rf"\b(?:{words(CONDITIONS, ('whether',))}|ignore|scratch|scrap|wait|undo|resend|oops|wrong|automatic|"
    r"automatically|auto(?![\s-]*pass))\b|"          # ("auto pass me": the writer asks for a pass)
    r"\b(?:hang|hold)\s+on\b|\blet\s+me\b|\[|"
    r"^\W*(?:an?\s+|the\s+)?(?:\d\S*|#\d+)\s*-?\s*(?:trains?|T|tiles?|shares?)?\s+(?:purchased|bought|sold|laid|placed|taken)\b",
    re.I)
#: words of a report, a plan, a doubt or another time: their sentence is chat ("Last OR Jonas ran HBR for 170.")
SENTENCE_REFUSE = regex(
    r"\b(?:next|last|previous)\s+(?:OR|SR|round|turn|time|go|week|night)\b|"
    r"\b(?:and|or)\s+(?:the\s+)?next(?:\s+one)?\s*(?:[.!,;]|$)|"      # "passes this turn and the next": a time to come
    rf"\b{words(REPORTS, THOUGHTS, AHEAD, PLANS, DOUBTS, MODALS)}\b", re.I)
#: the words of a plan or a time to come, which head a line when their sentence names no move
_AHEAD = regex(rf"\b{words(('next',), AHEAD, PLANS, DOUBTS, MODALS)}\b", re.I)
#: the participles of moves
_DONE = r"(?:bought|sold|laid|run|paid|passed|placed|tokened|upgraded|parred|floated|withheld)"
#: words that tell a doubt, a negation or another's move: the clause holding one is chat
_CLAUSE_REFUSE = regex(
    r"\b(?:wo|can|cannot|cant|not|never|let's|lets|"
    r"check|checking|got(?!\s+(?:an?|the)\s+(?:\d|[\w&-]+\s+from\s))|them(?!\s+(?:all\s+)?out\b)|"
    rf"{words(OTHERS)}|nobody|anyone|somebody|everybody|everyone|interest|income|receives|rust|rusts|"
    r"rusted|rusting|(?:is|are|were)\s+(?:all\s+|now\s+)?gone|keeps?\s+(?:on\s+)?(?:going|running|operating)|operat(?:ing|es)\s+(?:it|them)\b|"
    r"(?:must|has\s+to|have\s+to|needs?\s+to)\s+(?:[a-z]+\s+){1,2}one\s+of\s+(?:its|the)|"     # the need, told before the move
    r"(?:^|(?<=[,;]))\s*so\s+(?:[A-Za-z][\w&-]{0,11}\s+)?(?:now\s+)?floats|"    # "..., so GT floats": the clause's own
    r"closes(?!\s+(?:the\s+|its\s+)?(?:group|merger)\b)|nationali[sz]\w*|bankrupt\w*|president(?!['’]s)|(?:the|its|a)\s+presidency|presidency\s+from|prices|share\s+price|price\s+(?:moves?|"
    r"drops?|rises?|goes|went|is|was|to)|priority|phase)\b|n't\b|'d\b|"
    r"\b(?:is|are|be|been|being)\s+(?:already\s+|all\s+|now\s+|just\s+|at\s+\d{1,3}\s*%\s+)?(?:sold|bought|laid|passed|opened|started|"
    r"floated|taken)\b|\b(?:bought|sold|laid|placed|taken|purchased)\s+by\b|"
    # what was done already, told ("CPR has bought two 2s already", "has already laid its tile")
    rf"\b(?:has|have|had)\s+(?:already\s+(?:\w+\s+)?{_DONE}|{_DONE}\b[^.;,!?]{{0,40}}?\balready)\b",
    re.I)
#: a question in brackets inside a sentence ("sold 4 NYC (see a pattern here?) and started Erie"): an aside
_ASIDE_QUESTION = regex(r"\([^()?]*\?[^()]*\)(?=\s*\S)")
#: the writer's pass asked of the table ("you can pass me", "u may skip me"): the pass, not another's move
_LEAVE_TO_PASS = regex(r"\b(?:you|u)\s+(?:can|may|could)\s+(?:just\s+)?(?=(?:pass|skip)\s+me\b)", re.I)
#: a bracket telling what nearly happened ("(I nearly put it on Moscow, oops)"): chat, its regret no retraction
_NEAR_MISS = regex(r"\([^()]*\b(?:nearly|almost)\b[^()]*\)", re.I)
#: polite forms of the move itself, not doubts ("I would like to bid", "I have no choice but to sell", "nothing I want to buy")
_POLITE = regex(r"\b(?:I\s+would|I'd|I\s+will)\s+like(?:\s+to)?\b|\bthank\s+you\b|\bsorry\s+for\s+the\s+(?:long\s+)?wait\b|"
                r"(?<=\bnothing\s)I\s+want\s+to\b|"
                r"\bcan(?:not|['’]t|\s+not)\s+help\s+but\b|\b(?:have|has|had)\s+no\s+(?:other\s+)?(?:choice|option)\s+but(?:\s+to)?\b|"
                     r"\bif\s+(?:that'?s|that\s+is|it'?s|it\s+is|this\s+is)\s+(?:allowed|ok|okay|legal|possible|fine|alright|"
                     r"permitted)(?:\s+now)?\b", re.I)
_NEGATION = regex(r"\b(?:no(?![-&]\w)|nothing|none|nope)\b", re.I)      # ("NO-SF" is a name)
#: "GT has 5 shares sold": how many are sold (or bought), a state, the participle after the count
_HAS_DONE = regex(r"\b(?:has|have|had)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|all)\s+"
                       r"(?:shares?\s+|certs?\s+|certificates?\s+)?(?:sold|bought|issued)\b", re.I)
#: "NYC has only $150 and no train": what a company has, a situation (not the step passed)
_HAS_NO = regex(r"\b(?:has|have|had)\s+(?:only\s+[^,;.]{1,20}?\s+and\s+)?no\b", re.I)
#: a move told after the pass as made before it ("Pass (buying a GT first)"): an order the pieces cannot keep
_FIRST_AFTER = regex(r"\b(?:pass|passes|passing|done)\b[^.?!;]*?\b(?:buy\w*|bought|sell\w*|sold|par|pars|"
                          r"parring|bid\w*|lay\w*|laid|run\w*|ran)\b[^.?!;]*?\bfirst\b", re.I)


#: a train told with its price ("needs a 4 ($300)", "a 4 at $300"): what a buy is made of, never set aside beside a move
PRICED_TRAIN = regex(r"\b(?:\d\+\d+E?|\dE|\d|D)(?:[-\s]?(?:trains?|T))?\s*(?:\(\s*[$₽]?\d{2,4}\s*₽?\s*\)|(?:at|for)\s+[$₽]?\d{2,4})", re.I)
#: a move put off ("I'll wait on the 4 until next OR") or a run compared ("the same as last OR"): set aside alone
_LATER = regex(r"\b(?:wait(?:s|ing)?|hold(?:s|ing)?\s+off)\b[^,;.!?]{0,60}?\buntil\s+(?:the\s+)?next\s+(?:OR|SR|round|turn|time)\b|"
                    r"\b(?:the\s+)?same\s+as\s+(?:the\s+)?(?:last|previous)\s+(?:OR|round|time|turn)\b", re.I)


def line_refusal(line: str) -> Optional[str]:
    """Why no clause of a line is a move (a quoted line, a condition, a retraction), or None."""
    if line.lstrip().startswith(">"):
        return "a quoted line"
    plain = narration(_LATER.sub(" ", _NEAR_MISS.sub(" ", _POLITE.sub(" ", line))))
    m = _LINE_REFUSE.search(plain) or _FIRST_AFTER.search(plain)
    return f'"{m.group(0).strip()}"' if m else None


def clause_refusal(text: str) -> Optional[str]:
    """Why a clause is chat, not a move (a doubt, a plan, a negation, someone else's), or None."""
    plain = _POLITE.sub(" ", text)
    m = SENTENCE_REFUSE.search(plain) or _CLAUSE_REFUSE.search(plain) or _HAS_NO.search(plain) or _HAS_DONE.search(text)
    if m:
        return f'"{m.group(0).strip()}"'
    rest = NO_RUN.sub(" ", _STEP_PASS.sub(" ", plain))      # "no token", "nothing to run": a step's move
    rest = re.sub(r"\bno\s+(?:bid|more\s+for\s+me)\b|\bnothing\s+(?:more\s+)?for\s+me\b", " ", rest, flags=re.I)     # "No more for me on N", "nothing for me": a pass
    rest = re.sub(r"\b(?:for|at)\s+no\s+(?:cost|charge)\b", " ", rest, flags=re.I)     # "lays #7 at H12 for no cost": free
    m = _NEGATION.search(rest)
    return f'"{m.group(0)}"' if m else None


_TRADE = regex(r"\b(?:exchang|swap|trad)\w*", re.I)


def possessive_move(reason: str, c) -> bool:
    """Whether a clause set aside for "his", "her" or "their" tells a move ("Lukas sells his 20
    percent of QLL"): whose it is cannot be told, so the line is read with none of its clauses."""
    named = any(k == "player" for p in c.of("name") for k, _ in p.value) and _TRADE.search(c.text)  # "Bob exchanges his SC"
    return reason.lower() in ('"his"', '"her"', '"their"') and bool(c.verbs() or named)


#: a sentence with the mark that ends it; a dash between blanks or a "but" ends one too
_SENTENCE_RX = regex(r"(?:[^.!?;\s]|\s(?![-–—]\s|but\s)|\.(?!\s|$))+(?:[.!;](?=\s|$)|\?|\s[-–—](?=\s)|\s(?=but\s)|$)|[.!?;]|\s[-–—]\s",
                          re.I)
#: a bracket holding words of its own ("(not converting this time)")
_BRACKET = regex(r"\([^()]*\)")
#: a part of a bracket between its commas ("(I did not pay, withheld)": the second part stands)
_PART = regex(r"[^,()]+")


class Heading(Exception):
    """What makes a whole line no move: a sentence of plans or times to come that names no
    move ("Next turn. Buy 1 GT."), a bracket that sets a move against what is not done."""


#: a bracket that describes what it follows ("(the coal town)"): "the" and words, no number
_DESCRIPTION = regex(r"\s*the\s+[A-Za-z][A-Za-z' -]{0,40}")


def described(part: str) -> bool:
    """Whether a bracket's part only describes the hex or thing before it: no move word, no number."""
    return bool(_DESCRIPTION.fullmatch(part)) and not any(w.lower() in VERBS for w in _WORD.findall(part))


def set_aside(line: str) -> tuple[str, list[str]]:
    """The line with its questions, report or plan sentences and chat in brackets blanked (columns stand),
    and why each was; `Heading` when a sentence of plans names no move ("Next turn. Buy 1 GT.")."""
    why: list[str] = []
    telling: list[str] = []       # sentences set aside that tell a move

    written = line                # the line as written: a part set aside is quoted so, blanks and all put back

    def blank(m: re.Match) -> str:
        said = written[m.start():m.end()] if len(m.string) == len(written) else m.group(0)
        why.append(f'"{said.strip(" -–—")}"')
        return " " * len(m.group(0))

    asked = [False]               # whether the sentence before was a question
    moved, after = [False], []    # whether a sentence kept before names a move; what was set aside after it

    def sentence(m: re.Match) -> str:
        text = m.group(0)
        was, asked[0] = asked[0], text.rstrip().endswith("?")
        if asked[0] or was and _BRACKET.fullmatch(text.strip()):
            return blank(m)       # a question, and the bracket after it ("GT passes? (no token)")
        if moved[0] and told_afterwards(text):
            after.append(text)    # what the move leads to, a plan after it (circumstances.py)
            return blank(m)
        if after and names_move(text):
            raise Heading(after[0].strip())      # "Buy a 2. Next turn. Buy a 3.": which is meant now?
        moved[0] = moved[0] or names_move(text)
        if not SENTENCE_REFUSE.search(_POLITE.sub(" ", _BRACKET.sub(" ", CONSEQUENCE.sub(" ", text)))):
            return text         # (a bracket's parts are weighed by themselves, below)
        told = any(w.lower() in VERBS for w in _WORD.findall(CONSEQUENCE.sub(" ", text))) or bool(PRICED_TRAIN.search(text))
        if _AHEAD.search(text) and not told:
            raise Heading(text.strip())
        if told and not re.match(r"\s*but\s", m.string[m.end():], re.I):
            telling.append(text.strip(" -–—"))    # (a move thought of before "but" is set against the one made)
        return blank(m)
    framed: list[str] = []        # what frames a recap's move: noted after what else is set aside
    line = circumstances(narration(_LATER.sub(blank, line), framed), why)      # "Having won the CP, I par CPR at 90": that clause alone
    line = _ASIDE_QUESTION.sub(blank, line)    # "(see a pattern here?)": the bracket alone, not its sentence
    line = blanked(line, (m.span() for m in _LEAVE_TO_PASS.finditer(line)))     # "you can pass me": the writer's pass
    line = _SENTENCE_RX.sub(sentence, line)
    def bracket(m: re.Match) -> str:
        parts = _PART.findall(m.group(0))
        said = [clause_refusal(p) is not None for p in parts]
        if any(a and re.match(r"\s*but\b", p, re.I) for a, p in zip(said, parts[1:])):
            # "Pass (nothing, but buy a GT)": what is not done against what is
            raise Heading(m.group(0))
        return _PART.sub(lambda p: blank(p) if clause_refusal(p.group(0)) or described(p.group(0)) else p.group(0),
                         m.group(0))
    line = _BRACKET.sub(bracket, _NEAR_MISS.sub(blank, line))
    if telling and line.strip():
        # "GT ran for 30 and did the usual. Bought a 2.": which moves are meant cannot be told
        raise Heading(telling[0])
    return line, why + framed
