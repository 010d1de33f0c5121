"""What a line says around its move beyond asides.py's first round, set aside with it: after the
move (`plain_tail`) consequences and reasons that state no move ("-- first 3, so green is open
now", "; Lena is now president of the B&O", " - not buying any MVR" after a pass), before it
(`plain_lead`) the mover's situation, the president's money, a sale summed up before it is told."""
from __future__ import annotations

import re
from .lazy import regex

__all__ = ["plain_tail", "plain_lead"]

_BUY = regex(r"\b(?:buy|buys|buying|bought|purchases?|purchased|takes?|took|picks?\s+up|picked\s+up|"
                  r"pars?|parred|parring)\b", re.I)
_LAY = regex(r"\b(?:lay|lays|laid|laying|upgrades?|upgraded|upgrading|places?|placed|puts?|builds?|built)\b", re.I)
_PASS = regex(r"^\s*(?:(?:[A-Z][\w'-]*\s*:\s*)?(?:I\s+|I'll\s+|I\s+will\s+)?(?:pass|passes|passing|passed)\b)", re.I)
#: move words a set-aside part must not hold (it would be a move of its own)
_MOVE = regex(r"\b(?:buy\w*|bought|sell\w*|sold|par|pars|parr\w*|bid\w*|lay\w*|laid|token\w*|run|runs|ran|"
                   r"pay|pays|paid|withh\w*|discard\w*|merg\w*|convert\w*|upgrad\w*|pass\w*|places?|placed)\b", re.I)

#: "; Lena is now president of the B&O": another player's presidency, a consequence of the move
_NEW_PRESIDENT = regex(r"\s*[;,.]\s*(?:and\s+|so\s+)?(?-i:[A-Z][\w'-]*)\s+(?:is\s+now|now\s+is|becomes|became|is\s+the\s+new)"
                            r"\s+(?:the\s+)?(?:new\s+)?(?:president|director|prez)(?:\s+of\s+(?:the\s+)?[\w&'-]+)?\s*[.!]?\s*$",
                            re.I)
#: "after winning the CP" after a par: what led to it (the auction won), no move now
_AFTER_WINNING = regex(r"\s*,?\s*(?:after|having|since\s+I|as\s+I)\s+(?:winning|won|getting|got|buying|bought)\s+"
                            r"(?:the\s+)?(?-i:[A-Z][\w&'-]*)(?:\s+(?:&\s+|and\s+)?(?-i:[A-Z][\w&'-]*)){0,3}(?:\s+(?:auction|private|bid))?"
                            r"\s*(?=[.!]?\s*$)", re.I)
_PAR = regex(r"\b(?:par|pars|parred|parring|parrs)\b", re.I)
#: "(connecting G11 to G9)" after a lay: the edges the tile joins, said in brackets
_EDGES = regex(r"\s*\(\s*(?:connecting|joining|linking)\s+(?P<a>[A-Z]{1,2}\d{1,2})\s+(?:to|and|with)\s+"
                    r"(?P<b>[A-Z]{1,2}\d{1,2})\s*\)(?P<next>\s*,?\s*and\s+(?=#|tile\b|\d))?")
#: "-- first 3, so green is open now", "; phase 4 starts": the phase the purchase opened
_PHASE = regex(r"\s*(?:--+|[-–—]|[;,.])\s*(?:(?:the\s+|that's\s+the\s+|it's\s+the\s+)?first\s+(?:\d|D)(?:[-\s]?trains?)?"
                    r"\s*(?:[,;]\s*|\s+)(?:so\s+|and\s+|which\s+means\s+)?)?(?:(?:the\s+)?(?:green|brown|grey|gray)"
                    r"(?:\s+tiles?|\s+phase)?\s+(?:(?:is|are)\s+(?:now\s+)?(?:open|available|here)|opens|starts|begins|"
                    r"arrives)|phase\s+\d\s+(?:starts|begins|is\s+on)|"
                    r"we(?:'re|\s+are)\s+in\s+(?:phase\s+\d|green|brown|grey))(?:\s+now)?\s*[.!]?\s*$", re.I)
#: " - not buying any MVR" after a pass: what the writer does not do
_NOT_DOING = regex(r"\s*[,;–—-]\s*not\s+(?:buying|selling|bidding|interested|touching|going\s+for)\b[^.?;!]*[.!]?\s*$",
                        re.I)


def plain_tail(text: str) -> str:
    """`text` without the consequences or reasons that follow its move and state none (see the
    module docstring); the text as it was when none is found."""
    m = _PHASE.search(text) if _BUY.search(text) else None
    text = text if m is None else text[:m.start()] + "."
    if _PAR.search(text):
        text = _AFTER_WINNING.sub("", text)
    m = _NEW_PRESIDENT.search(text)
    if m is not None and _MOVE.search(text[:m.start()]):
        text = text[:m.start()] + "."
    if _LAY.search(text):
        # a second lay after it gets its verb back ("... (connecting G11 to G9) and #9 at H12"):
        # the edges' list would take the "and" for one more edge
        text = _EDGES.sub(lambda m: f" connecting {m.group('a')} and {m.group('b')}" + (", lays " if m.group("next") else ""), text)
    m = _NOT_DOING.search(text) if _PASS.match(text) else None      # said after a pass alone
    if m is not None and not _MOVE.search(re.sub(r"\bnot\s+\w+", "", text[m.start():], count=1, flags=re.I)) \
            and not _MOVE.search(_PASS.sub("", text[:m.start()])):
        text = text[:m.start()] + "."
    return text


# --- before the move ---------------------------------------------------------------------------
#: "CPR has no cash for the 4 - ", "ERIE has no train and only $220, so ": the situation that
#: leads to the move, told of the company or player that moves (no move word in it)
_SITUATION = regex(r"^\s*(?P<who>(?-i:[A-Z][\w&'-]*))\s+(?:has|had|is|was)\s+(?:no|only|not\s+enough|too\s+little|short|"
                        r"out\s+of|without)\b(?P<what>[^.;:?!]*?)(?:\s+[-–—]+\s+|,\s*so\s+|;\s*|\.\s+)", re.I)
#: "takes one loan (45₽ in)": the money a loan brings, in brackets (the game takes 1861's loans)
_LOAN_CASH = regex(r"(\bloans?)\s*\(\s*[$₽]?\d+\s*₽?(?:\s+(?:in|cash|into\s+the\s+treasury|in\s+the\s+till|"
                        r"in\s+the\s+treasury|received))?\s*\)", re.I)
#: "Bob chips in $410 and ERIE buys ...": the president's contribution told before the train
_CHIPS_IN = regex(r"^\s*(?:the\s+president|(?-i:[A-Z][a-z][\w'-]*)|I)\s+(?:contributes|contributed|chips\s+in|chipped\s+in|"
                       r"puts\s+in|put\s+in|adds|added|pays\s+in)\s+[$₽]?\d+\s*₽?(?:\s+(?:from|out\s+of)\s+(?:his|her|their|my)"
                       r"\s+(?:own\s+)?(?:pocket|cash|money))?\s+and\s+(?=(?-i:[A-Z][\w&-]*)\s+(?:buys|purchases|gets)\b)", re.I)
#: "Ann dumps her B&O - sells 4 shares to the market": the sale summed up, then told
_DUMPS = regex(r"^\s*(?P<who>(?-i:[A-Z][\w'-]*)\s+)?(?:dumps|dumped|unloads|unloaded|offloads|offloaded|ditches|ditched|"
                    r"(?:gets|got)\s+rid\s+of|bails\s+out\s+of|bailed\s+out\s+of|cashes\s+out\s+of|cashed\s+out\s+of)\s+"
                    r"(?:his|her|their|my|all\s+(?:of\s+)?(?:his|her|their|my))\s+(?P<corp>(?-i:[A-Z][\w&-]*))\s*[-–—:,]+\s*"
                    r"(?P<verb>sells?|sold|selling)\s+(?P<n>\d+|two|three|four|five|six)\s+shares?\b", re.I)
#: "sells off her entire NYNH stake (5 shares)": the holding sold, its count in brackets
_STAKE = regex(r"\b(?P<verb>sells?|sold|selling)\s+(?:off\s+)?(?:his|her|their|my)\s+(?:entire|whole|full|complete)\s+"
                    r"(?P<corp>(?-i:[A-Z][\w&-]*))\s+(?:stake|holding|position|shares)\s*\(\s*(?P<n>\d+)\s+shares?\s*\)", re.I)


def plain_lead(text: str) -> str:
    """`text` without what leads to its move (see the module docstring), a holding sold by its
    count in brackets put as the count; the text as it was otherwise."""
    m = _SITUATION.match(text)
    what = re.sub(r"\b(?:can't|cannot|can\s+not|couldn't|won't|doesn't)\s+\w+", " ", m.group("what"), flags=re.I) if m else ""
    if m is not None and not _MOVE.search(what) and "?" not in text \
            and (_MOVE.search(text[m.end():]) or re.search(r"\bnationali[sz]\w*", text[m.end():], re.I)):
        text = text[m.end():]
        if re.fullmatch(r"[A-Z][A-Z&-]+", m.group("who")):     # "... - I choose to nationalise it": the company
            text = re.sub(r"\b(nationali[sz]e|merge|convert)\s+it\b", lambda k: f"{k.group(1)} {m.group('who')}",
                          text, count=1, flags=re.I)
    text = _LOAN_CASH.sub(r"\1", text)
    text = _CHIPS_IN.sub("", text, count=1)
    m = _DUMPS.match(text)
    if m is not None:
        text = f"{m.group('who') or ''}{m.group('verb')} {m.group('n')} {m.group('corp')} shares" + text[m.end():]
    return _STAKE.sub(lambda m: f"{m.group('verb')} {m.group('n')} {m.group('corp')} shares", text)
