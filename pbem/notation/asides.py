"""What surrounds a move in a line and states no move of its own (chat, a greeting, the mover's situation
before it; a consequence, a reason or a plan after it), set aside as a last try at a refused line."""
from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING, Callable, Optional

from pbem.chat_words import (ADDRESSEES, AHEAD, CONDITIONS, DOUBTS, FOREIGN_GREETINGS, GREETINGS, MODALS, PLANS,
                             words)
from pbem.errors import AmbiguousMoveError, NotationError, PbemError

from .correction import read_reworded
from .scopes import PRICED_TRAIN, SENTENCE_REFUSE, line_refusal
from .parsed import ParsedMove
from .pieces import REMOVES, VERBS
from .train_words import DROPS
from .lazy import regex

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["without_asides", "read_without_asides", "plans_one_now"]

_MOVE_WORD = regex(r"\b(?:" + "|".join(sorted((re.escape(w) for w in VERBS if " " not in w), key=len,
                                                   reverse=True)) + r"|got|gets|get|ran|pays?|put|puts)\b", re.I)
#: move words a set-aside part must not hold (it would be a move of its own)
_MOVE = regex(r"\b(?:buy\w*|bought|sell\w*|sold|par|pars|parr\w*|bid\w*|lay\w*|laid|token\w*|run|runs|ran|"
                   r"pay|pays|paid|withh\w*|discard\w*|merg\w*|convert\w*|upgrad\w*|pass\w*|places?|placed)\b", re.I)

# --- before the move ---------------------------------------------------------------------------
#: a greeting opening the line ("Morning all - ", "Hi Marek, ")
_GREETING = regex(
    rf"^\s*{words(GREETINGS, FOREIGN_GREETINGS)}\b"
    rf"(?:\s+(?:{words(ADDRESSEES)}|[A-Z][a-z]+))?"
    r"\s*[!,.:;]*(?:\s+[-–—]+)?\s+", re.I)
#: the words of the president's money put in ("chips in"): a claim on the train bought, never the mover's situation
_PUT_IN = r"(?:contribut(?:es|ed)|chips\s+in|chipped\s+in|puts?\s+in|add(?:s|ed)|pays\s+in)"
#: the mover's situation that leads to the move, no move word in it ("CPR has no cash for the 4 - ")
_SITUATION = regex(r"^\s*(?P<who>(?-i:[A-Z][\w&'-]*))\s+(?:has|had|is|was)\s+(?:(?:no|only|not\s+enough|too\s+little|short|"
                        r"out\s+of|without)\b|(?=[^.;:?!-]{1,30}?\balready\b))"
                        r"(?P<what>[^.;:?!]*?)(?:\s+[-–—]+\s+|,\s*so\s+|;\s*|\.\s+)", re.I)
#: "takes one loan (45₽ in)": the money a loan brings, in brackets (the game takes 1861's loans)
_LOAN_CASH = regex(r"(\bloans?)\s*\(\s*[$₽]?\d+\s*₽?(?:\s+(?:in|cash|into\s+the\s+treasury|in\s+the\s+till|"
                        r"in\s+the\s+treasury|received))?\s*\)", re.I)
#: "Ann dumps her B&O - sells 4 shares to the market": the sale summed up, then told
_DUMPS = regex(r"^\s*(?P<who>(?-i:[A-Z][\w'-]*)\s+)?(?:dumps|dumped|unloads|unloaded|offloads|offloaded|ditches|ditched|"
                    r"(?:gets|got)\s+rid\s+of|bails\s+out\s+of|bailed\s+out\s+of|cashes\s+out\s+of|cashed\s+out\s+of)\s+"
                    r"(?:his|her|their|my|all\s+(?:of\s+)?(?:his|her|their|my))\s+(?P<corp>(?-i:[A-Z][\w&-]*))\s*[-–—:,]+\s*"
                    r"(?P<verb>sells?|sold|selling)\s+(?P<n>\d+|two|three|four|five|six)\s+shares?\b", re.I)
#: "sells off her entire NYNH stake (5 shares)": the holding sold, its count in brackets
_STAKE = regex(r"\b(?P<verb>sells?|sold|selling)\s+(?:off\s+)?(?:his|her|their|my)\s+(?:entire|whole|full|complete)\s+"
                    r"(?P<corp>(?-i:[A-Z][\w&-]*))\s+(?:stake|holding|position|shares)\s*\(\s*(?P<n>\d+)\s+shares?\s*\)", re.I)
#: one sentence before the move, or a label that names nobody ("Emergency:", not "GT:")
_SENTENCE = regex(r"^\s*(?P<s>[^.?!:…]*?(?:\?+|!+|\.\.\.|…|\.(?=\s))|(?:emergency|urgent|update|note|"
                       r"fyi|ps|also|finally|decision|my\s+move|my\s+turn|orders?|moves?)\s*:"
                       r"|(?-i:[A-Za-z][a-z']*(?:,?\s+[a-z']+)+)\s*:)\s+", re.I)
#: the company or player heading a question before the move: "GT - half? ..."
_HEADING = regex(r"^\s*([A-Z][\w&'-]*)\s*(?::|\s[-–—]+)\s+")
#: what a remainder must not begin with: a condition or an answer to one ("If so, buy one")
_CONDITION = regex(rf"^\s*(?:{words(CONDITIONS, DOUBTS, MODALS)}|then|otherwise|else|in\s+that\s+case|in\s+case)\b",
                  re.I)
#: words of a plan or a time to come ("Next round: buy 1 GT"): a sentence holding one is never dropped
_LATER = regex(rf"\b(?:{words(('next',), AHEAD, PLANS, DOUBTS, MODALS, CONDITIONS)}|planned|will|won't|"
               r"going\s+to|gonna|future|eventually|once|after|afterwards|before|soon|then)\b", re.I)
#: a move told with its amount or route ("HBR ran G11-H12 for 30."): a sentence holding one is never dropped
_TOLD = regex(r"\b(?:ran|runs|run|paid|pays|laid|lays|bought|buys|sold|sells|parred|pars|bid|bids|withheld|"
                   r"withholds|placed|places|tokened|tokens|upgraded|upgrades)\b[^.?!]*?(?:\d|\b[A-Z]{1,2}\d{1,2}\b)")
#: the words that turn to the move after the chat: "Anyway", "Fine -", "OK so", "Right,"
_TURN = regex(r"^\s*(?:(?:anyway|anyhow|fine|ok|okay|alright|right|so|well|hmm+|ugh|meh)\b[,!.]?\s*"
                   r"(?:[-–—]+\s*)?)+", re.I)


def _shares(m: re.Match) -> str:
    """A sale told by its count of shares ("sells 4 B&O shares"), after whoever sells."""
    return f"{m.groupdict().get('who') or ''}{m.group('verb')} {m.group('n')} {m.group('corp')} shares"


#: what is said before the move and dropped or put plainly after the mover's situation, in this order
_LEAD = ((_LOAN_CASH, r"\1"), (_DUMPS, _shares), (_STAKE, _shares))


def _lead(text: str) -> str:
    """`text` without the situation of the company or player that moves ("CPR has no cash for the
    4 - "), a loan's cash, a sale summed up or told by a holding's count (`_LEAD`)."""
    m = _SITUATION.match(text)
    what = re.sub(r"\b(?:can't|cannot|can\s+not|couldn't|won't|doesn't)\s+\w+", " ", m.group("what"), flags=re.I) if m else ""
    if m is not None and not _MOVE.search(what) and not re.search(rf"\b{_PUT_IN}\b", what, re.I) and "?" not in text \
            and not PRICED_TRAIN.search(what) \
            and (_MOVE.search(text[m.end():]) or re.search(r"\bnationali[sz]\w*", text[m.end():], re.I)):
        text = text[m.end():]
        if re.fullmatch(r"[A-Z][A-Z&-]+", m.group("who")):     # "... - I choose to nationalise it": the company
            text = re.sub(r"\b(nationali[sz]e|merge|convert)\s+it\b", lambda k: f"{k.group(1)} {m.group('who')}",
                          text, count=1, flags=re.I)
    for rx, said in _LEAD:
        text = rx.sub(said, text)
    return text


def _puts_off(sentence: str) -> bool:
    """Whether a label or a few words before the move put it off ("Next round:", "Next turn."): a
    plan; a whole sentence of its own ("I'd bid on KR if Ted passes; otherwise nothing.") is not."""
    return bool(_LATER.search(sentence)) and (sentence.rstrip().endswith(":") or len(sentence.split()) <= 4)


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
        if not s.rstrip().endswith("?") and (states_move(s) or _puts_off(s) or _TOLD.search(s)):
            return text
        head = _HEADING.match(s)         # "GT - half? no, ...": whose move it is stays
        text = (head.group(1) + ": " if head else "") + text[m.end():]


# --- after the move ----------------------------------------------------------------------------
#: "QLL got a 4 train (300)": the price of the train in brackets
_TRAIN_PRICE = regex(r"(\b(?:\d|[DE])(?:[-\s]?(?:trains?|T))?|\btrains?)\s*\(\s*([$₽]?\s?\d{2,4}\s*₽?)\s*\)", re.I)
#: "(I did not pay, withheld)": the dividend in brackets, after what was not done
_DIVIDEND = regex(r"\s*\((?:(?P<pre>[^()]*?)[,;]\s*)?(?P<kind>withheld|withholds?|withholding|paid\s+out|"
                       r"pays\s+out|paying\s+out|pay\s+out|payout)\s*\)", re.I)
_NEGATED = regex(r"\b(?:not|no|never|didn't|did\s+not|don't|won't)\b", re.I)
#: where a clause after the move begins: a stop, a dash, a bracket, "and", "so"
_CLAUSE = regex(r"\s*(?:[;,.]+(?=\s)|[;,]|\s[-–—]+\s|\s*--+|\(|\band\b|\bso\b)\s*", re.I)
#: a move word named as a thing ("its home token") or not done ("not buying", "nothing worth buying")
_NO_MOVE_WORD = regex(r"\b(?:(?:its|the|a|an|his|her|their|my|this|that)\s+(?:home\s+|last\s+)?(?-i:(?=[a-z]))|"
                      r"(?:not|nothing|none)\b.*)\w+", re.I)
#: a piece a move could take: a name, a number
_PIECE = regex(r"\d|\b(?!I\b|I')[A-Z]")
#: what follows from a move: trains rusted, a company's loss or gain, a new president (not one a move is made with:
#: "the C&A from its president"), a phase
_CONSEQUENCE = regex(r"\b(?:rust(?:ed|s)?|gone|died|(?:loses|lost)\s+(?:its|their|the|a|all|both)|"
                     r"(?:gets|receives|keeps|collects)\s+its|(?:new|becomes?|became|becoming|now|is|takes?|took)\s+(?:the\s+)?"
                     r"president|president\w*\s+(?:now|again|changes)|president['’]s\s+(?:cert|certificate|share)|"
                     r"open|opens|starts|begins|phase)\b", re.I)
#: ", if that's allowed now?": a question about the move's own legality
_IF_ALLOWED = regex(r"\s*,?\s*if\s+(?:that's|that\s+is|it's|it\s+is|this\s+is)\s+(?:allowed|ok|okay|legal|"
                    r"possible|fine|alright)(?:\s+(?:now|here|yet|at\s+this\s+point))?\s*\?\s*$", re.I)


#: a clause that is a move's thing alone ("and a token", "plus the station too"): a move told by it, never a remark
_THING_ALONE = regex(r"\W*(?:and\s+|plus\s+)?(?:an?|the|its|my)\s+(?:home\s+)?(?:token|station|tile|train)s?"
                     r"(?:\s+(?:too|as\s+well))?\W*", re.I)


def _states_none(clause: str) -> bool:
    """Whether a clause after the move states none: no move word (nor a token or train given up), no chat the line is refused for,
    and no piece a move could take, unless it tells a consequence ("B&O loses its 2")."""
    if _THING_ALONE.fullmatch(clause):
        return False
    said = _NO_MOVE_WORD.sub(" ", clause)
    return not _MOVE.search(said) and not REMOVES.search(clause) and not DROPS.search(clause) \
        and not SENTENCE_REFUSE.search(clause) and line_refusal(said) is None \
        and bool(_CONSEQUENCE.search(clause) or not _PIECE.search(said))


def _without_remarks(text: str) -> str:
    """`text` without the clauses at its end that state no move ("; B&O loses its 2", "and stop
    there", "(nothing worth buying)"): a consequence, a reason or a plan the move leaves over."""
    cuts = [m.start() for m in _CLAUSE.finditer(text)] + [len(text)]
    for i, at in enumerate(cuts[:-1]):
        if _MOVE_WORD.search(text[:at]) and all(_states_none(text[a:b]) for a, b in zip(cuts[i:], cuts[i + 1:])):
            return text[:at].rstrip() + "."
    return text


_LAY = regex(r"\b(?:lay|lays|laid|laying|upgrades?|upgraded|upgrading|places?|placed|puts?|builds?|built)\b", re.I)
#: "(connecting G11 to G9)" after a lay: the edges the tile joins, said in brackets
_EDGES = regex(r"\s*\(\s*(?:connecting|joining|linking)\s+(?P<a>[A-Z]{1,2}\d{1,2})\s+(?:to|and|with)\s+"
                    r"(?P<b>[A-Z]{1,2}\d{1,2})\s*\)(?P<next>\s*,?\s*and\s+(?=#|tile\b|\d))?")
#: a plan of several buys of which one is made now ("two MKN shares - one now, one next turn")
_ONE_NOW = regex(r"\s*(?:,|[-–—]+|;)\s*(?:(?:just|so|only)\s+)?(?:(?:one|1)\s+(?:now|at\s+a\s+time|per\s+turn)\b|"
                      r"I'?ll\s+(?:take|buy|get)\s+(?:one|1)\s+now\b).*$", re.I)
_ONE_NOW_SAID = regex(r"\b(?:one|1)\s+(?:for\s+)?now\b", re.I)
_COUNT = regex(r"\b(?:two|three|four|2|3|4)\b(?=\s+(?:[A-Z][\w&-]*\s+)?(?:shares?|certs?|[A-Z]{2,4}\b))")


def _edges(m: re.Match) -> str:
    """The edges a lay joins put plainly; a second lay after it gets its verb back ("... (connecting
    G11 to G9) and #9 at H12"): the edges' list would take the "and" for one more edge."""
    return f" connecting {m.group('a')} and {m.group('b')}" + (", lays " if m.group("next") else "")


def _after(text: str) -> str:
    """The remarks after the move dropped or put plainly (see the module docstring)."""
    text = _TRAIN_PRICE.sub(r"\1 for \2", _IF_ALLOWED.sub("", text))
    m = _DIVIDEND.search(text)
    if m is not None and (not m.group("pre") or _NEGATED.search(m.group("pre"))):
        text = text[:m.start()] + " and " + m.group("kind") + text[m.end():]
    text = _EDGES.sub(_edges, text) if _LAY.search(text) else text
    return _without_remarks(_one_now(text))


def plans_one_now(text: str) -> Optional[tuple[re.Match, re.Match]]:
    """The plan of several buys of which the line orders one now ("two MKN shares - one now, one
    next turn"), and the count of shares before it, which is not what is bought now; or None."""
    m = _ONE_NOW.search(text) if _ONE_NOW_SAID.search(text) else None
    count = _COUNT.search(text[:m.start()]) if m is not None else None
    return None if count is None else (m, count)


def _one_now(text: str) -> str:
    """A count of shares the writer buys one at a time, one now, as the one buy ordered now."""
    found = plans_one_now(text)
    if found is None or _ONE_NOW.search(text[:found[0].start()]):
        return text
    head, count = text[:found[0].start()], found[1]
    head = head[:count.start()] + ("1" if count.group(0).isdigit() else "one") + head[count.end():]
    return re.sub(r"\b(one|1)(\s+(?:[A-Z][\w&-]*\s+)?)(share|cert)s\b", r"\1\2\3", head) + "."


def without_asides(line: str, states_move: Callable[[str], bool] = lambda s: False) -> Optional[str]:
    """The line without what surrounds its move and states no move, or None when there is
    nothing to set aside (or what is left begins with a condition)."""
    text = _lead(_GREETING.sub("", line))
    text = _TURN.sub("", leading_chat(text, states_move))
    if "?" in _IF_ALLOWED.sub("", text):
        return None                  # a question after the move is never dropped ("one now, one later?")
    text = _after(text).strip()
    return None if not text or text == line.strip() or _CONDITION.match(text) else text


def read_without_asides(reader: "_Reader", line_no: int, line: str, first: NotationError) -> list:
    """The items of `line` without its asides (`without_asides`), noted for the reply; `first`
    when there is nothing to set aside or what is left does not read."""
    def reads_a_move(sentence: str, saved: tuple) -> bool:
        """Whether a sentence before the move reads as a move by itself (then it is never dropped)."""
        try:
            return any(isinstance(i, ParsedMove) for i in reader.read_line(line_no, sentence.rstrip(".:…! ")))
        except AmbiguousMoveError:
            return True                  # several moves fit: it could be one
        except PbemError:
            return False
        finally:
            reader.header, reader.sticky = saved

    def readings(saved: tuple) -> list[tuple[str, str]]:
        again = without_asides(line, lambda s: reads_a_move(s, saved))
        return [] if again is None else [(again, "")]

    return read_reworded(reader, line_no, line, first, "setting_aside", readings,
                         lambda kept: "read without what states no move: " + ", ".join(dropped(line, kept) or [f'"{line.strip()}"']))


def dropped(line: str, kept: str) -> list[str]:
    """The runs of words of `line` that `kept` (its rewording) left out, each quoted."""
    def plain(words: list[str]) -> list[str]:
        return [re.sub(r"\W", "", w).lower() for w in words]
    a, b = line.split(), kept.split()
    runs = difflib.SequenceMatcher(None, plain(a), plain(b), autojunk=False).get_opcodes()
    return [f'"{" ".join(a[i:j]).strip(" ,;:-–—")}"' for tag, i, j, k, m in runs
            if tag == "delete" or tag == "replace" and j - i >= 2 and m - k <= (j - i) // 2]
