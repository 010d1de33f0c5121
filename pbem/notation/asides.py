"""What surrounds a move in a line and states no move of its own, set aside as a last try at a
refused line: the chat or question before the move ("Hmm, is GT floating? ... no, pass.",
"Priority? whoever. Anyway QLL goes now: lay 9 M5", "Ugh, <complaint>. Fine - <move>",
"Emergency: <move>"), and the remarks after it ("(nothing worth buying)", "(run by Kit as
priority)", "(buying the 20% president's certificate)" after a par, "- RSR gets its token",
"and stop there", ", if that's allowed now?", "CPR's 2s rusted, nice.", "President sells
nothing.", "- one now, one next turn" after a count of shares, of which one is bought now).

What is set aside is a question, a greeting, a complaint, a consequence or a plan for later; a
sentence before the move that reads as a move by itself is never dropped (`leading_chat` asks
the reader), and what is left must begin with neither a condition nor an answer to one ("If
so, buy one"). The line without its asides is read by the whole reader; nothing is read when
it fails.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Optional

from pbem.chat_words import ADDRESSEES, FOREIGN_GREETINGS, GREETINGS, words
from pbem.errors import AmbiguousMoveError, NotationError, PbemError

from .parsed import ParsedMove, noted_on_first
from .pieces import VERBS
from .trailing import plain_lead, plain_tail
from .lazy import regex

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["without_asides", "read_without_asides", "plans_one_now"]

#: a greeting opening the line ("Morning all - ", "Hi Marek, ")
_GREETING = regex(
    rf"^\s*{words(GREETINGS, FOREIGN_GREETINGS)}\b"
    rf"(?:\s+(?:{words(ADDRESSEES)}|[A-Z][a-z]+))?"
    r"\s*[!,.:;]*(?:\s+[-–—]+)?\s+", re.I)

_MOVE_WORD = regex(r"\b(?:" + "|".join(sorted((re.escape(w) for w in VERBS if " " not in w), key=len,
                                                   reverse=True)) + r"|got|gets|get|ran|pays?|put|puts)\b", re.I)

# --- before the move ---------------------------------------------------------------------------
#: one sentence before the move: up to "?", "!", ". " or "... "; or a label that names nobody
#: ("Emergency:", not "GT:" or "Ann:", whose move follows)
_SENTENCE = regex(r"^\s*(?P<s>[^.?!:…]*?(?:\?+|!+|\.\.\.|…|\.(?=\s))|(?:emergency|urgent|update|note|"
                       r"fyi|ps|also|finally|decision|my\s+move|my\s+turn|orders?|moves?)\s*:"
                       r"|(?-i:[A-Za-z][a-z']*(?:,?\s+[a-z']+)+)\s*:)\s+", re.I)
#: the company or player heading a question before the move: "GT - half? ..."
_HEADING = regex(r"^\s*([A-Z][\w&'-]*)\s*(?::|\s[-–—]+)\s+")
#: what a remainder must not begin with: a condition or an answer to one ("If so, buy one")
_CONDITION = regex(r"^\s*(?:if|then|unless|otherwise|else|in\s+that\s+case|when|whenever|in\s+case|"
                        r"maybe|perhaps|probably|should|would|could|might)\b", re.I)
#: words that put what follows off in time or make it a plan ("Next round: buy 1 GT"): a
#: sentence or label with one before the move is never dropped
_LATER = regex(r"\b(?:next|later|tomorrow|tonight|plan|plans|planning|planned|will|won't|would|going\s+to|gonna|"
                    r"future|eventually|once|when|whenever|if|unless|after|afterwards|until|till|before|soon|maybe|"
                    r"perhaps|might|could|should|then)\b", re.I)
#: the words that turn to the move after the chat: "Anyway", "Fine -", "OK so", "Right,"
_TURN = regex(r"^\s*(?:(?:anyway|anyhow|fine|ok|okay|alright|right|so|well|hmm+|ugh|meh)\b[,!.]?\s*"
                   r"(?:[-–—]+\s*)?)+", re.I)
#: "QLL goes now: lay 9 M5": the company whose turn it is, as a heading
_GOES = regex(r"^\s*([A-Z][\w&'-]*)\s+(?:goes|moves|plays|is\s+up)(?:\s+(?:now|next))?\s*:\s*")
#: "I'll think about it... no, pass.": a decision weighed and then made
_THINK = regex(r"^\s*(?:I'll|I\s+will|let\s+me|I\s+need\s+to|I\s+have\s+to)\s+(?:think|consider|see|ponder)"
                    r"\b[^.?!…]*?(?:\.\.\.|…|[.,;]|\s[-–—])\s*(?:(?:no|nah|nope|ok|okay|fine|right)\s*[,.!-]?\s*)?",
                    re.I)
#: "Kwame contributes $120 from his own pocket; CPR buys ...": the president's money for the move
_CONTRIBUTES = regex(r"^\s*(?:the\s+president|[A-Z][a-z]+|I)\s+(?:contributes|contributed|adds|added|"
                          r"chips\s+in|pays\s+in|puts\s+in)\s+[$₽]?\d+\s*₽?[^;:.,]*[;:.,]\s*", re.I)

# --- after the move ----------------------------------------------------------------------------
#: "(nothing worth buying)", "(none I can afford)": what was not done, in brackets
_NOTHING = regex(r"\s*\(\s*(?:nothing|none)\b(?![^()]*(?:\bbut\b|\band\b|\bthen\b|[,;]|\d|(?-i:\b[A-Z]{2,})))[^()]*\)",
                      re.I)
#: "(run by Kit as priority)", "(entered by Ann for Bob)": who wrote the move
_BY_WHOM = regex(r"\s*\(\s*(?:(?:run|played|moved|made|done|entered|sent|submitted|operated)\s+by\s+"
                      r"[A-Z][a-z]+\b|[A-Z][a-z]+\s+(?:operating|running|playing|moving)\s+(?:it|them|this)\s+as\b)"
                      r"[^()]*\)")
#: after a par, what the par buys: "(buying the 20% director's certificate)"
_PRESIDENTS = regex(r"\s*\((?=[^()]*\b(?:president'?s|director'?s|presidency)\b)(?:[^()\d]|\d+\s*%)*\)", re.I)
_PAR = regex(r"\b(?:par|pars|parring|parred|parred|starts|floats|launches|opens)\b", re.I)
#: "QLL got a 4 train (300)": the price of the train in brackets
_TRAIN_PRICE = regex(r"(\b(?:\d|[DE])(?:[-\s]?(?:trains?|T))?|\btrains?)\s*\(\s*([$₽]?\s?\d{2,4}\s*₽?)\s*\)", re.I)
#: "(I did not pay, withheld)": the dividend in brackets, after what was not done
_DIVIDEND = regex(r"\s*\((?:(?P<pre>[^()]*?)[,;]\s*)?(?P<kind>withheld|withholds?|withholding|paid\s+out|"
                       r"pays\s+out|paying\s+out|pay\s+out|payout)\s*\)", re.I)
_NEGATED = regex(r"\b(?:not|no|never|didn't|did\s+not|don't|won't)\b", re.I)
#: " — RSR gets its token.": what another company gets as the move's consequence
_GETS = regex(r"\s+[-–—]+\s+[A-Z][\w&-]*\s+(?:gets|receives|keeps|collects)\s+its\s+[a-z ]+[.!]?\s*$")
#: "and stop there", "and that's all": the end of what is ordered, said for completeness
_STOP = regex(r"\s*(?:,|\band\b|[-–—])\s*(?:then\s+)?(?:(?:stop|stops|stopping|stopped)\s+(?:there|here)|that'?s\s+all)"
                   r"\s*[.!]?\s*$", re.I)
#: ", if that's allowed now?": a question about the move's own legality
_IF_ALLOWED = regex(r"\s*,?\s*if\s+(?:that's|that\s+is|it's|it\s+is|this\s+is)\s+(?:allowed|ok|okay|legal|"
                         r"possible|fine|alright)(?:\s+(?:now|here|yet|at\s+this\s+point))?\s*\?\s*$", re.I)
#: "CPR's 2s rusted, nice.": the trains another purchase rusted
_RUSTED = regex(r"\s*(?:[,;.]|\band\b)\s*(?:(?:so|and|which\s+means)\s+)?(?:[A-Z][\w&-]*'s\s+|the\s+|all\s+)?"
                     r"(?:\d|[DE])(?:[-\s]?trains?|T|'?s)\s+(?:rust(?:ed|s)?|are\s+rusted|have\s+rusted|"
                     r"(?:are|is)\s+gone|die|died)\b[^.;?]*?(?:,\s*(?:nice|great|ouch|yay|damn|sadly|finally|lol))?"
                     r"\s*[.!]?\s*$", re.I)
#: "GT loses its 2": what another company loses by the purchase
_LOSES = regex(r"\s*[;,.]\s*[A-Z][\w&-]*\s+(?:loses|lost|drops|dropped)\s+(?:its|their|the|a|all|both)\b"
                    r"[^.;?]*[.!]?\s*$")
#: ", can't afford anything": why the writer passes
_AFFORD = regex(r"\s*[,;–—-]\s*(?:I\s+)?(?:can't|cannot|can\s+not|couldn't)\s+afford\b[^.;?]*[.!]?\s*$", re.I)
#: "(saving for a 4)", "(waiting for GT to float)", "(need a 5)": a plan for later, in brackets
_PLAN = regex(r"\s*\((?:saving|to\s+save|waiting|hoping|planning|need(?:ing)?\s+the\s+cash|needs?\s+(?:a|an|another|the\s+money\s+for)\s)\b"
                   r"(?![^()]*(?:\bbut\b|\band\b|\bthen\b|[,;]))[^()]*\)", re.I)
#: "President sells nothing.": no emergency sale, said for completeness
_SELLS_NOTHING = regex(r"(?<=[.;,])\s*(?:the\s+)?(?:president|[A-Z][a-z]+|I|he|she)\s+(?:sells|sold|sell|"
                            r"contributes|contributed|adds|added)\s+nothing\s*[.!]?\s*$", re.I)
#: " - my last buy this round", ", my third share": which of the writer's moves it is
_MY_NTH = regex(r"\s*[-–—,;]\s*(?:my|our)\s+(?:last|final|first|only|second|third|fourth|fifth|\d(?:st|nd|rd|th))\s+"
                     r"(?:buy|purchase|share|cert(?:ificate)?|move|action|one|bid|sale)\b[^.?!,;]*([.!]?)\s*$", re.I)
#: "Pass after that.": the order of the moves, said again
_AFTER_THAT = regex(r"\b(pass(?:es|ing)?|done)\s+(?:after\s+(?:that|this|those|it)|afterwards|then)\b", re.I)
#: ", since I have no money": the reason for the move, with no move in it
_BECAUSE = regex(r"\s*[,;–—-]\s*(?:since|as|because|'?cause|cos)\s+(?P<why>(?:I|I'm|I've|I'd|we|we're|there's|"
                      r"there\s+is|it's|it\s+is|my|our)\b[^.?!]*)([.!]?)\s*$", re.I)
#: ", the cheap one": which company, said again in other words
_THE_ONE = regex(r"\s*,\s*the\s+(?:cheap|cheaper|cheapest|expensive|big|bigger|small|smaller|little|first|"
                      r"last|other|only|yellow|green|brown|good|best|blue|red)\s+one\s*([.!]?)\s*$", re.I)
#: ", becoming... well, price goes to 90": a word begun and left
_BEGUN = regex(r",?\s*(?:becoming|going|moving|leaving)\s*(?:\.\.\.|…)\s*(?:(?:well|er+m?|uh|hmm|ok)\s*,?\s*)?",
                    re.I)
#: a plan of several buys of which one is made now: "two MKN shares - one now, one next turn",
#: "Buy 2 QLL from the pool, 1 at a time obviously - just put me down for one now."
_ONE_NOW = regex(r"\s*(?:,|[-–—]+|;)\s*(?:(?:just|so|only)\s+)?(?:(?:one|1)\s+(?:now|at\s+a\s+time|per\s+turn)\b|"
                      r"I'?ll\s+(?:take|buy|get)\s+(?:one|1)\s+now\b).*$", re.I)
_ONE_NOW_SAID = regex(r"\b(?:one|1)\s+(?:for\s+)?now\b", re.I)
_COUNT = regex(r"\b(?:two|three|four|2|3|4)\b(?=\s+(?:[A-Z][\w&-]*\s+)?(?:shares?|certs?|[A-Z]{2,4}\b))")


def plans_one_now(line: str) -> bool:
    """Whether the line plans several buys of which it orders one now ("two MKN shares - one
    now, one next turn"): its count of shares is not what is bought now."""
    m = _ONE_NOW.search(line) if _ONE_NOW_SAID.search(line) else None
    return m is not None and _COUNT.search(line[:m.start()]) is not None


def _one_now(text: str) -> str:
    """A count of shares the writer buys one at a time, one now, as the one buy ordered now."""
    if not _ONE_NOW_SAID.search(text):
        return text
    m = _ONE_NOW.search(text)
    if m is None:
        return text
    head = text[:m.start()]
    count = _COUNT.search(head)
    if count is None or _ONE_NOW.search(head):
        return text
    one = "1" if count.group(0).isdigit() else "one"
    head = head[:count.start()] + one + head[count.end():]
    return re.sub(r"\b(one|1)(\s+(?:[A-Z][\w&-]*\s+)?)(share|cert)s\b", r"\1\2\3", head) + "."


def _after(text: str) -> str:
    """The remarks after the move dropped or put plainly."""
    text = _NOTHING.sub("", text)
    text = _BY_WHOM.sub("", text)
    if _PAR.search(text):
        text = _PRESIDENTS.sub("", text)
    text = _TRAIN_PRICE.sub(r"\1 for \2", text)
    m = _DIVIDEND.search(text)
    if m is not None and (not m.group("pre") or _NEGATED.search(m.group("pre"))):
        text = text[:m.start()] + " and " + m.group("kind") + text[m.end():]
    text = _GETS.sub(".", text)
    text = _STOP.sub("", text)
    text = _IF_ALLOWED.sub("", text)
    text = _RUSTED.sub("", text)
    text = _SELLS_NOTHING.sub("", text)
    text = _LOSES.sub("", text)
    text = _AFFORD.sub("", text)
    text = _PLAN.sub("", text)
    text = _THE_ONE.sub(r"\1", text)
    text = _MY_NTH.sub(r"\1", text)
    text = _AFTER_THAT.sub(r"\1", text)
    why = _BECAUSE.search(text)
    if why is not None and not _MOVE_WORD.search(why.group("why")) and not re.search(r"\d|\b[A-Z]{2,}", why.group("why")):
        text = text[:why.start()] + why.group(2)
    text = _BEGUN.sub(", ", text)
    text = plain_tail(text)
    return _one_now(text)


def _puts_off(sentence: str) -> bool:
    """Whether a label or a few words before the move put it off ("Next round:", "Later on:",
    "Next turn."): what follows is then a plan. A whole sentence of its own ("I'd bid on KR if
    Ted passes; otherwise nothing. So: pass.") is a plan beside the move, and set aside."""
    return bool(_LATER.search(sentence)) and (sentence.rstrip().endswith(":") or len(sentence.split()) <= 4)


#: a move word in the past or present with its amount, route or revenue: "HBR ran G11-H12 for 30"
_TOLD = regex(r"\b(?:ran|runs|run|paid|pays|laid|lays|bought|buys|sold|sells|parred|pars|bid|bids|withheld|"
                   r"withholds|placed|places|tokened|tokens|upgraded|upgrades)\b[^.?!]*?(?:\d|\b[A-Z]{1,2}\d{1,2}\b)")


def _tells_move(sentence: str) -> bool:
    """Whether a sentence before the move tells a move with its pieces ("HBR ran G11-H12 for 30
    and paid it out."), though it does not read by itself: it is never dropped as chat."""
    return _TOLD.search(sentence) is not None


def leading_chat(text: str, states_move: Callable[[str], bool]) -> str:
    """`text` without the sentences before its move that state none: questions, and sentences
    `states_move` does not read as a move ("Morning folks.", "Ugh, the token blocks me.")."""
    first = _HEADING.match(text)
    if first is not None and "?" in text[first.end():] and _SENTENCE.match(text[first.end():]):
        # "Priya: sell 2 HBR, buy 1 HBR? ha, can't do that. Just sell ...": whose move it is stays
        rest = leading_chat(text[first.end():], states_move)
        return text if rest == text[first.end():] else first.group(1) + ": " + rest
    while True:
        m = _SENTENCE.match(text)
        if m is None or not _MOVE_WORD.search(text[m.end():]):
            return text
        s = m.group("s")
        if not s.rstrip().endswith("?") and (states_move(s) or _puts_off(s) or _tells_move(s)):
            return text
        head = _HEADING.match(s)         # "GT - half? no, ...": whose move it is stays
        text = (head.group(1) + ": " if head else "") + text[m.end():]


def without_asides(line: str, states_move: Callable[[str], bool] = lambda s: False) -> Optional[str]:
    """The line without what surrounds its move and states no move, or None when there is
    nothing to set aside (or what is left begins with a condition)."""
    text = _GREETING.sub("", line, count=1)
    text = _CONTRIBUTES.sub("", text, count=1)
    text = plain_lead(text)
    text = leading_chat(text, states_move)
    text = _TURN.sub("", text, count=1)
    text = _GOES.sub(r"\1: ", text, count=1)
    text = _THINK.sub("", text, count=1)
    if "?" in _IF_ALLOWED.sub("", text):
        return None                  # a question after the move is never dropped ("one now, one later?")
    text = _after(text).strip()
    if not text or text == line.strip() or _CONDITION.match(text):
        return None
    if "?" in text:
        return None                  # a question left in the line is never read as a move
    return text


def read_without_asides(reader: "_Reader", line_no: int, line: str, first: NotationError) -> list:
    """The items of `line` without its asides (`without_asides`), noted for the reply; `first`
    when there is nothing to set aside or what is left does not read."""
    if getattr(reader, "setting_aside", False):
        raise first from None
    saved = (reader.header, reader.sticky)
    reader.setting_aside = True
    try:
        again = without_asides(line, lambda s: _reads_a_move(reader, line_no, s, saved))
        if again is None:
            raise first from None
        reader.header, reader.sticky = saved
        items = reader.read_line(line_no, again)
        if not any(isinstance(i, ParsedMove) for i in items):
            raise first from None
        return noted_on_first(items, f'read without what states no move: "{again}"')
    except PbemError:
        reader.header, reader.sticky = saved
        reader.line_no, reader.line = line_no, line
        raise first from None
    finally:
        reader.setting_aside = False


def _reads_a_move(reader: "_Reader", line_no: int, sentence: str, saved: tuple) -> bool:
    """Whether a sentence before the move reads as a move by itself (then it is never dropped)."""
    try:
        items = reader.read_line(line_no, sentence.rstrip(".:…! "))
    except AmbiguousMoveError:
        return True                  # several moves fit: it could be one
    except PbemError:
        return False
    finally:
        reader.header, reader.sticky = saved
    return any(isinstance(i, ParsedMove) for i in items)
