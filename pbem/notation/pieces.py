"""The pieces a line names (names, hexes, tiles, trains, amounts, counts, move words), found without a
grammar and cut into clauses; names match exactly, never by prefix (piece_moves.py fills the moves)."""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Iterable, Optional

from .context import NotationContext, round_kind
from .addressed import addressed_set_aside
from .amount_words import AMOUNT_HINT, AMOUNT_WORDS, amount_words
from .beside_moves import bonuses_set_aside, purposes_set_aside, sum_parts_set_aside
from .dividend_words import KEPT, SHARED, not_a_source, revenue_beside_dividend, shared
from .names import NameIndex, name_spans
from .own_word_moves import NO_RUN
from .funding import BUYS_BACK, redeem_word
from .run_words import railway_as_route, stops_joined, trains_before_routes
from .train_words import DROPS, EXCHANGES, PAID_TO_BANK, TRAIN_LIMIT
from .share_quantity import CERT_SIZE, counted_shares
from .lay_words import (
    CITY, EDGE_LIST, NAMED_TILE, ROTATION, SIDE_ROTATION, TILE, TILE_AFTER_HEX, TILE_AT, side, tile_names,
)
from .lazy import regex

__all__ = ["Piece", "Clause", "blanked", "clauses", "CONSEQUENCE", "GROUP_CLOSED", "ROUND_VERBS", "VERBS"]


@dataclass(frozen=True)
class Piece:
    """One thing a clause names: `kind` says what ("name", "hex", "tile", "train", "money", "count", "verb",
    "me"...); `value` is a name's (kind, id) options, a verb's move family, else the thing itself."""

    kind: str
    value: object
    start: int
    end: int
    before: str = ""          # the word written just before it (lower case)


@dataclass
class Clause:
    """A stretch of the line between separators, with its pieces in order and its words."""

    start: int
    end: int
    text: str
    pieces: list[Piece] = field(default_factory=list)
    loose: list[str] = field(default_factory=list)     # words that are neither pieces nor fillers
    mover: Optional[str] = None       # a private whose power makes the clause's moves (private_powers.py)

    def of(self, kind: str) -> list[Piece]:
        return [p for p in self.pieces if p.kind == kind]

    def then(self, other: Clause) -> Clause:
        """This clause and `other`, after it, read as one."""
        return Clause(self.start, other.end, self.text + ", " + other.text, self.pieces + other.pieces,
                      self.loose + other.loose, self.mover)

    def verbs(self) -> set:
        got = {p.value for p in self.pieces if p.kind == "verb"}
        if "place" in got:      # "places #57 on I5": a lay; "places a token", "places it in D4": a token
            got.discard("place")
            got.add("lay" if self.of("tile") and "token" not in got else "token")
        if "lay" in got and "token" in got and not self.of("tile"):
            got.discard("lay")        # "lays a station": the token's move word
        return got


#: the move words that name a move of each kind of round ("keep my cash" in a stock round is chat)
ROUND_VERBS = {
    "auction": {"bid", "buy", "par", "pass", "steppass", "loan"},
    "stock": {"bid", "buy", "sell", "par", "pass", "token", "loan", "convert", "swap"},
    "operating": {"buy", "sell", "lay", "token", "run", "norun", "payout", "withhold", "half", "pass", "steppass", "discard",
                  "loan", "merge", "convert", "redeem"},
    "merger": {"buy", "merge", "convert", "pass", "steppass", "loan", "remove"},
}
#: the kinds of piece that are figures: what a move is made of, never dropped unsaid
FIGURES = ("train", "tile", "hex", "money", "number", "percent")
#: move words -> the move family they name (present forms only: a past tense reports)
VERBS: dict[str, str] = {}
for _family, _words in {
    "bid": "bid bids bidding raise raises raising offer offers offering give gives giving auction auctions auctioning "
           "nominate nominates nominating",
    "buy": "buy buys buying take takes taking grab grabs grabbing purchase purchases purchasing "
           "acquire acquires acquiring pick picks picking",
    "sell": "sell sells selling dump dumps dumping unload unloads",
    "par": "par pars parring start starts starting launch launches launching open opens opening "
           "ipo ipos float floats floating",
    "lay": "lay lays laying upgrade upgrades upgrading build builds building tile lt",
    "place": "place places placing",
    "token": "token tokens station stations home tok tkn",
    "run": "run runs running earns earning nets netting makes making",
    "payout": "payout paid",
    "withhold": "withhold withholds witholds withholding keep keeps keeping retain retains withheld",
    # participles after "has"/"have" (any other past tense refuses the line: a report)
    "buy ": "bought took grabbed purchased acquired picked", "sell ": "sold dumped", "lay ": "laid upgraded built",
    "par ": "parred started opened floated", "run ": "ran earned netted", "token ": "placed tokened", "bid ": "raised auctioned nominated", "withhold ": "kept",
    "pass ": "passed", "merge ": "merged", "convert ": "converted", "discard ": "discarded", "loan ": "redeemed",
    "half": "half halves split splits splitting",
    "pass": "pass passes passing autopass autopasses permapass",
    "merge": "merge merges merging absorb absorbs absorbing becomes become becoming form forms forming join joins "
             "joining combine combines combining",
    "convert": "convert converts converting",
    "discard": "discard discards discarding",
    "loan": "loan loans redeem redeems redeeming repay repays",
}.items():
    for _w in _words.split():
        VERBS[_w] = _family.strip()

#: move words written as phrases: (pattern, kind, value, where it is looked for: on the "line" as written, in the
#: "text" with the pieces found blanked, on "both": the line where no piece stands)
_PHRASES = [
    (regex(r"\bpays?\s+out\b|\bpaying\s+out\b|"
           r"\bpay(?:s|ing)?\b(?!\s+(?:half|for|the\s+[$₽]?\d|[$₽]?\d+\s+(?:extra|more)|"
           r"(?:in\s+)?(?:the\s+)?(?:difference|rest|balance|remainder|shortfall|gap)\b))|"
           r"(?<!\bthe\s)(?<!\bat\s)(?<!\bfor\s)\bfull\b(?!\s+(?:price|amount|cost|value)\b)", re.I),
     "verb", "payout", "both"),          # ("paying the 20" is the terrain's cost)
    (regex(r"\bholds?\b(?=\s*(?:[.!,;/]|$))", re.I), "verb", "withhold", "text"),    # "..., hold": a clause's last word
    (regex(r"\b(?:go(?:ing|es)?|up)\s+to\b(?=\s*(?:[$₽R]\s?)?\d)", re.I), "verb", "bid", "line"),
    (regex(r"\b(?:drops?|dropping)\s+out\b|\bI'?m\s+out\b(?!\s+of\s+(?:cash|money|funds))|"
           r"\bno\s+(?:bid|more\s+for\s+me)\b|"
           r"(?:^|(?<=[,;.:!(\-–—]))\s*nothing\s+(?:more\s+)?for\s+me\b|"
           r"\bout\s+of\b(?!\s+(?:the\s+)?(?:open\s+|bank\s+|company'?s?\s+|its\s+)?"
           r"(?:pool|market|ipo|bank|treasury|depot|pocket|initial|cash|money|funds|trains?|tokens?|stations?))|"
           r"(?:^|(?<=[,;.:!(\-–—]))\s*(?:done|that'?s\s+(?:it|all))"
           r"(?:\s+for\s+(?:me|now|this\s+(?:turn|time|round)|today))?(?=\s*(?:[.!,;)]|$))", re.I),
     "verb", "pass", "line"),
    (regex(r"(?:^|(?<=[.;/,]))\s*(trains?)\s*:(?=\s*(?:an?\s+|the\s+|one\s+)?(?:\d|D\b))", re.I),
     "verb", "buy", "line"),         # "Train: a 3 from the depot": the label is the purchase
    (regex(r"(?:^|(?<=[.;/,-]))\s*(routes?)\s*:", re.I), "verb", "run", "text"),    # "Route: K7-I5 60": the run
    # "skip", "CPR skips": the pass ("skips the token": that step's, `_SKIPS`)
    (regex(r"\bskips?\b(?!\s+(?:the\s+|its\s+)?(?:track|tiles?|lay|tokens?|station|run|trains?)\b)", re.I),
     "verb", "pass", "text"),
    (regex(r"\b(?:I'?m|I\s+am|I)\s+(done)\b|^\s*[A-Z][\w&-]*\s+is\s+(done)\b(?![^.;]*\bpass)", re.I),
     "verb", "pass", "line"),       # "I'm done", "PRR is done for this round"
    (regex(r"\bneutral\b", re.I), "neutral", True, "text"),
]

#: "no track", "no tile", "no further trains": a step passed, the one "no" that is not a negation
_STEP_PASS = regex(r"\bno\s+(?:more\s+|further\s+|new\s+)?(?:track|tiles?|tokens?|stations?|trains?(?!\s+to\s+run)|train\s+purchase|"
                        r"purchase|lay)\b|\bnothing\s+to\s+(?:lay|token|station|buy)\b|"
                        # "Token: none", "buy nothing": the step named, then nothing done in it
                        r"\b(?:track|tiles?|tokens?|stations?|trains?|buys?|lays?)(?:\s*:\s*|\s+)(?:none|nothing)\b", re.I)
#: "declines to buy a train", "refuses to sell any shares this turn": the step passed, or the turn
_DECLINES = regex(r"\b(?:declin(?:e|es|ing)|refus(?:e|es|ing))\s+to\s+(?:buy|purchase|sell|bid|par|start|lay|place|token|merge)"
                       r"(?:\s+(?:anything|any|more|a|an|the|its|train|trains|shares?|this|turn|time|round|now|at|all|further))*\b",
                       re.I)
#: "starts GT at 76 and pays 152 for 2 shares (20%)": the par's certificate paid for, a figure stated
_PAID_FOR_SHARES = regex(r"\bpa(?:ys?|id|ying)\s+[$₽]?\d+\s+for\s+(?:the\s+|its\s+|his\s+|her\s+)?"
                              r"(?:\d|two|three|four)\s+shares?(?:\s*\(\s*\d+\s*%\s*\))?", re.I)
#: "skips track and token": the steps passed (two when two are named)
_SKIPS = regex(r"\bskip(?:s|ping)?\s+(?:the\s+|its\s+)?(?:track|tiles?|lay|tokens?|station|run|trains?)"
                    r"(\s+(?:and|&)\s+(?:the\s+)?(?:track|tile|lay|tokens?|station|trains?))?\b", re.I)
_MONEY = regex(r"(?:[$₽]\s*(\d{1,6})|\bR\s?(\d{2,6})\b|(?<![A-Za-z])(\d{1,6})\s*(?:₽|\$(?!\s*\d)|roubles?\b|rubles?\b|RUB\b))")
#: move words before a hex after which a number is no tile ("token J10 40", "runs I5 50")
_NOT_LAID = regex(r"\b(?:tokens?|tokened|stations?|runs?|ran|for|at|pays?|paid|withh\w*)\b", re.I)
#: a train named with a plus or as an express ("a 2+2", "5+5E", "4E"): its name alone says it is a train
_PLUS_TRAIN = regex(r"(?<![\w#$+])(\d\+\d+E?|\d+E)(?![\w+])")
#: a holding stated beside a buy ("that's 40% now", "now holding 30%"): a claim, not the buy
_HELD = regex(r"\b(?:that's|thats|that\s+is|now|holding|makes|making)\s+(?:me\s+)?(?:holds?\s+|has\s+|owns?\s+)?(?:at\s+|up\s+to\s+)?\d{1,3}\s*%"
                   r"|\b\d{1,3}\s*%\s+now\b", re.I)
_PERCENT = regex(r"\b(\d{1,3})\s*(?:%|(?i:per\s*cent|pct)\b)")
#: a dividend told per share ("pays, $4 a share"): a claim on the dividend, not a revenue ("at $100 per share"
#: is a price)
_PER_SHARE = regex(r"(?<!\bat\s)(?<!\bat\s[$₽])(?:[$₽]\s*)?\b(?<!\bat\s)(\d{1,4})\s*(?:₽\s*)?(?:(?:a|per|each)\s+|/\s*)share\b", re.I)
#: "trading in the 4": the train handed in for a discount
_EXCHANGE = regex(r"\b(?:(?:trad(?:e|es|ed|ing)|hands?|handing|turns?|turning)\s+in|(?:with\s+)?(?:an?\s+)?(?:exchange|trade-in)\s+of)"
                  r"\s+(?:the\s+|its\s+|a\s+|an\s+|one\s+)?(\d\+?\d*E?|D)\b(?:\s*-?\s*trains?)?",
                       re.I)
#: "a 2nd share", "my third cert": one share (which one of the writer's it is, not how many)
_ORDINAL = regex(r"\b(?:a\s+|my\s+|the\s+|his\s+|her\s+)?(?:\d(?:st|nd|rd|th)|second|third|fourth|fifth|sixth|"
                      r"last)(?=\s+(?:share|cert))", re.I)
#: "runs 2 trains": how many, not which (after a count, "two 2 trains", it is which)
_TRAINS_N = regex(r"(?<![\w#$.+-])(?<!\b[Tt]he\s)(?<!\b[Tt]wo\s)(?<!\b[Tt]hree\s)(?<!\b[Ff]our\s)(?<!\b[Bb]oth\s)([2-4])\s+(?i:trains)\b")
#: "2 2T", "buys 2 x 2-trains": a count of trains
_TRAIN_COUNT = regex(r"(?<![\w#$.])([1-4])(?:\s*x)?\s+(?=(?:\d\+\d+E?|\d)\s*-?\s*(?:T\b|trains?\b))")
_TRAIN = regex(r"(?<![\w#$])(\d\+\d+E?|\d{1,2})\s*-?\s*(?:T\b|trains?\b|'s\b|s\b)|\b(D|[Dd]iesel)(?:\s*-?\s*trains?|T)?\b|"
                    r"\b((?i:two|three|four|five|six|seven|eight))(?:\s*-\s*(?i:trains?)|\s+(?i:train)|(?<=x)es|(?<!x)s)\b|"
                    r"(?:(?<=\b[Rr]un\s)|(?<=\b[Rr]uns\s))(\d)(?=\s*:)|"      # "Run 4: L8 J10 = 150": the train run
                    r"(?:^|(?<=[;,]\s))(\d)(?=:\s*[A-Z]{1,2}\d{1,2}\s*[-–>])")      # "3: I5-J10-K9 = 90"
_TRAIN_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
_COUNT = regex(r"\bx\s*(\d)\b|\b(\d)\s*x\b|(?<![\w$])\+\s*(\d)\b|\b(twice|thrice)\b", re.I)
_SLOT = regex(r"\bslot\s+([1-9])\b", re.I)
_HEX = regex(r"(?<![#\w$])([A-Z]{1,2}\d{1,2})\b|(?<=\b(?:on|at|in|to)\s)([a-z]\d{1,2})\b|"
             r"(?<=[\d\s]-)([a-z]\d{1,2})\b|\b([a-z]\d{1,2})(?=-[A-Za-z]\d)")   # "e5-d4-c3-b4": a route's
_NUMBER = regex(r"(?<![\w#$.])(\d{1,6})(?![\w%]|\.\d)")
#: where sold shares go ("four shares of QLL to the market", "two GT into the pool"): a sale
_DESTINATION = regex(r"\b(?:in)?to\s+(?:the\s+)?(?:bank\s+|open\s+)?(?:pool|market)\b", re.I)
_SOURCE = regex(r"\b(?:(IPO|initial(?:\s+public)?(?:\s+offering)?|treasury|bank(?!\s+pool)|depot)|(pool(?:ed)?|market|open\s+market))\b", re.I)
_WORD = regex(r"[A-Za-z][A-Za-z0-9'’]*")
_ROUND = regex(r"\b(?:(?:in|during)\s+)?(?:(?:SR|OR|MR|AR)\s*\d+(?:\.\d+)?|(?:stock|operating|merger|auction)\s+"
                    r"round(?:\s+\d+(?:\.\d+)?)?)\b", re.I)
#: a consequence told with the move ("that should float it", "I take the presidency off Ingrid"): no move of its own
CONSEQUENCE = regex(r"\b(?:that|which|this|it)\s+(?:should\s+|will\s+|would\s+|then\s+)?floats?\b(?:\s+it\b)?|"
                         r"\bfloats?\s+it\b|\b(?:take|takes|taking|took|get|gets)\s+(?:the\s+)?(?:[A-Z][\w&]*\s+)?presidency\s+(?:off|from)\b",
                         re.I)
#: "takes in KK", "takes KK into the merger": a minor taken into a merger
#: (the names are blanked when it is looked for: a blank stands for one)
_TAKES_IN = regex(r"\b(?:takes?|taking|took)\s+in\b(?=\s+(?:the\s+)?(?:[A-Z]|\s))|"
                       r"\b(?:takes?|taking|brings?|bringing)\b(?=\s+(?:the\s+)?(?:[A-Z][\w&-]*\s+)?into\s+(?:the\s+|its\s+)?merger\b)|"
                       r"\b(?:adds?|adding)\b(?=\s+(?:the\s+)?(?:[A-Z][\w&-]*\s+)?to\s+(?:the\s+|its\s+)?(?:merger|group)\b)")
_JOINING = regex(r"\b(?:joining|joins?|connecting|connects?)\b(?=\s+(?:the\s+)?(?:[NS][EW]?\b|[EW]\b|north|south|east|west|"
                      r"[A-Z]{1,2}\d{1,3}\b))", re.I)
_SWAPS = regex(r"\b(?:exchanges?|exchanged|exchanging|trades?|trading)\b(?=[^.;]{0,60}\bfor\s+(?:an?|one|the)\s+"
                    r"(?:\d+\s*%\s+)?(?:president'?s\s+)?(?:share|cert))", re.I)
#: "sits out the merger round", "I'll sit this one out", "count me out": a pass
_SITS_OUT = regex(r"\b(?:sits?|sitting)\s+(?:(?:this|that|the)\s+(?:one|round|turn|auction|time)\s+)?out\b|\bcount\s+me\s+out\b", re.I)
#: "closes the group", "ends the selection", "finished adding companies": the pass that ends the adding of minors to a merger
GROUP_CLOSED = regex(r"\b(?:closes?|closing|ends?|ending|completes?|completing)\s+(?:the\s+|its\s+|our\s+|my\s+)?"
                     r"(?:group|merger|selection)\b|\b(?:finished|done|stops?|stopped)\s+(?:adding|selecting|taking\s+in)"
                     r"(?:\s+(?:companies|minors))?\b", re.I)
#: "KB takes over the Riga-Orel": a minor absorbed, a merger only in a merger round ("takes over the presidency" is none)
_TAKES_OVER = regex(r"\b(?:takes?|taking|took)\s+over\b", re.I)
#: a token removed ("drops", "removes", "gives up", "lifts" with a token or station named within a few words after it,
#: bounded, so the look-ahead stays linear): 1861's merged major over its token limit (`own_word_moves.removal`)
REMOVES = regex(r"\b(?:drops?|dropping|removes?|removing|(?:gives?|giving|hands?|handing)\s+(?:up|back)|returns?|returning|"
                 r"lifts?|lifting|loses|losing)\b"
                 r"(?=[^.;,:!?]{0,40}?\b(?:tokens?|stations?)\b)", re.I)
_PLUS_AND = regex(r"(?<=\b[A-Z])\+(?=[A-Z]\b)")
_PASSES = regex(r"\bpass(?:es|ed|ing)?\b", re.I)
#: what a move word names when it is a thing on a screen ("the pass button", "the buy link")
_UI_NOUN = regex(r"\s+(?:buttons?|keys?|links?|options?|tabs?|box|boxes|menus?|screens?|icons?)\b", re.I)
_CONVERTS = regex(r"\bconvert(?:s|ing)?\b", re.I)
_GETS_MONEY = regex(r"\s+(?:back\s+)?(?:[$₽]|\d{2,}\b|\d+\s*(?:₽|roubles?|rubles?|dollars?)\b|(?:its|his|her|their)\s+money)", re.I)
_BUYS = regex(r"\b(?:buy|buys|buying|purchases?|purchasing)\b", re.I)
_TRACK_WORDS = regex(r"\b(?:lays?|laying|tiles?|tokens?|runs?|running|trains?|routes?|upgrades?)\b|#", re.I)
#: the notation's legs of a route's track ("via I5>I6>J10", "via I5>J8 J8>K9"): which track, not stops
_LEGS = regex(r"\bvia\s+((?:[A-Z]{1,2}\d{1,3}(?:\s*>\s*[A-Z]{1,2}\d{1,3})+)(?:\s+[A-Z]{1,2}\d{1,3}(?:\s*>\s*[A-Z]{1,2}\d{1,3})+)*)",
                   re.I)
_WORDS_N = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "single": 1, "another": 1}
#: a clause boundary: ";", a sentence end, ",", ":", "then", "and", "plus", "+" between pieces, "with" a token
_SPLIT = regex(r";|!|(?<!\d)(?<!\bCo)(?<!\bSt)\.(?=\s|$)|(?<!\bCo)(?<!\bSt)\.\s|,|:|\s[-–—]\s|\bthen\b|\band\b|\bplus\b|\balso\b|&|\||\s/\s|(?<!\d)\s\+\s(?!\d)|\s\+\s(?=[#A-Za-z])"
               r"|\bwith\b(?=\s+(?:(?:an?|the|its|no)\s+)?(?:home\s+)?(?:token|station)\b)", re.I)

#: a sale told with the buy it is for ("sell 1 PRR to buy the D"): two moves, cut at "to"
_SALE_TO_BUY = regex(r"\b(?:sells?|sold|selling|dumps?|dumped|dumping)\b[^;.!?]{1,120}?\s(to)\s+(?:buy|purchase)\b", re.I)

#: words that may stand in a clause without a move word (the clause is then pieces only)
FILLERS = set("""a an the for at on in of to from with x me my i i'm i'll please share shares cert certificate
one more another of off its it's this that time turn by new green yellow brown grey gray single
all minimum min face value each per via through train trains rot rotation hex tile bank depot pool market ipo
treasury initial so just now today again round each apiece total go price cost costs paying extra more first second old
other and sh pls plz minor offering instead rd nd th towards into auto
""".split())
#: words that name no private by themselves in an auction (`name_spans`)
_NOT_PRIVATE_WORDS = frozenset(VERBS) | frozenset(FILLERS)


_JOINED = regex(r"[\w@=#$₽'’]+")      # a word: its own characters, quotes joining them
_HARD = regex(r"[\w@=#$₽]")


def blanked(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """`text` with each span (start, end) of it blanked: what is set aside leaves its columns standing."""
    buf = list(text)
    for a, b in spans:
        buf[a:b] = " " * (b - a)
    return "".join(buf)


_LONGEST_WORD = 40     # "the word before" is cut to its last 40 characters: a longer one matches nothing


class _Words:
    """The words of one text, indexed once, so the word before any place is found without
    searching the text again (a search per piece grew with the square of a long line)."""

    def __init__(self, text: str):
        self.text = text
        self.runs = [(m.start(), m.end()) for m in _JOINED.finditer(text)]
        self.starts = [a for a, _ in self.runs]
        self.last_hard = [-1] * (len(text) + 1)   # last_hard[i]: the last word character before i
        for i, ch in enumerate(text):
            self.last_hard[i + 1] = i if _HARD.match(ch) else self.last_hard[i]
        self.first_quote = next((i for i, ch in enumerate(text) if ch in "'’"), len(text))

    def before(self, at: int) -> str:
        """The word just before `at` (lower case; a number or "#87" is a word, quotes join it), cut at `at`."""
        h = self.last_hard[at]
        if h < 0:
            h = self.first_quote
            if h >= at:
                return ""
        a, b = self.runs[bisect.bisect_right(self.starts, h) - 1]
        b = min(b, at)
        return self.text[max(a, b - _LONGEST_WORD):b].lower()     # no word compared is longer


_PUT = frozenset({"put", "puts", "putting"})


#: "has ... and no train", "with $150 and no train": a state ("lays #57 with no token": the step passed)
_HAS_BEFORE = regex(r"\b(?:has|have|had)\b[^.;:!?]*$|\bwith\s+\S[^.;:!?]*$", re.I)
_GOING_ON = regex(r"\s+(?:on\s+)?[a-z]+ing\b", re.I)      # "keeps going": no withholding
_GOING_TO = regex(r"\b(?:going|like|free|but)\s+to\s+$",
                       re.I)       # "going to pass", "no choice but to sell": the move, not a purpose (circumstances.narration: "decides to")
_COUNTED = regex(r"\s+(?:of\s+(?:my|his|her|their|our|the)\s+)?(?:more\s+|single\s+)?"
                      r"(?:share|cert|[A-Z]|\d\s*-?\s*(?:s|T|trains?)\b|(?i:two|three|four|five|six)e?s\b)")
#: "two 10% certificates": a count of certificates of a size
_SIZED = regex(r"\s+\d{1,2}\s*%\s*(?:shares|certs|certificates)\b")
#: "both 3s", "both threes": two trains
_BOTH = regex(r"\s+(?:\d\s*-?\s*(?:s|T|trains)|(?:two|three|four|five|six)e?s)\b", re.I)


#: a one-letter move word at a clause's start, alone or before a count ("S" and "B" capitals only)
_LETTER = regex(r"(?:^|(?<=[,;:]))\s*([PpSB])(?=\s*(?:[.!]?\s*$|[,;]|\s\d\b))")
#: "Out." alone: the writer is out of this round's bidding or buying
_OUT = regex(r"^\s*(?:(?:I'?m|I\s+am)\s+)?out\s*[.!]?\s*$", re.I)
_LETTER_FAMILY = {"P": "pass", "S": "sell", "B": "buy"}
#: "I'd like", "I'll have" before what is wanted (a taking), and before "to" (the writer asking)
_REQUEST = regex(r"\b(?:I['’]d|I\s+would|I['’]ll|I\s+will)\s+(?:like|have)\b(?!\s+to\b)|\bcount\s+me\s+in\b",
                 re.I)
_ASKING = regex(r"\b(?:I['’]d|I\s+would)\s+like\s+to\b", re.I)


def _no_verbs(text: str, played: Optional[str]) -> list[tuple[str, int, int]]:
    """(family, start, end) of each move word that is no verb: "P", "S", "B" or "Out." alone in a stock
    or auction round, a request ("I'd like a NYNH share": "buy"), the writer asking to move ("me")."""
    out = []
    if played in ("stock", "auction"):
        out = [(_LETTER_FAMILY[m.group(1).upper()], m.start(1), m.end(1)) for m in _LETTER.finditer(text)]
        m = _OUT.match(text)
        out += [("pass", m.start(), m.end())] if m else []
    return out + [("buy", m.start(), m.end()) for m in _REQUEST.finditer(text)] + \
        [("me", m.start(), m.end()) for m in _ASKING.finditer(text)]


def _find(text: str, ctx: NotationContext, index: NameIndex) -> list[Piece]:
    """Every piece of the whole line, in order of where it stands."""
    line = text = _PLUS_AND.sub("&", text)       # "B+M": B&M
    played = round_kind(ctx)
    words = _Words(line)
    # a private's code, where no hex is meant: "convert P2 to SC"; in an operating round "buys P3 for 160"
    coded = played == "auction" or ("codes" if played == "stock" and _CONVERTS.search(text) or
                              played == "operating" and _BUYS.search(text) and not _TRACK_WORDS.search(text) else False)
    pieces = [Piece("name", f, a, b, words.before(a)) for a, b, f in name_spans(text, index, coded, _NOT_PRIVATE_WORDS)]
    text = blanked(text, ((p.start, p.end) for p in pieces))      # blanked once per kind of piece: linear in the line
    trains = set(ctx.trains) | {"D"} if ctx.trains else _ANY_TRAIN      # (a game of no title: any train)

    def take(rx: re.Pattern, kind: str, value_of) -> None:
        nonlocal text
        found = [(m, v) for m in rx.finditer(text) if (v := value_of(m)) is not None]
        if not found:       # (most patterns find nothing in a line: nothing to add nor to blank)
            return
        pieces.extend(Piece(kind, v, m.start(), m.end(), words.before(m.start())) for m, v in found)
        text = blanked(text, (m.span() for m, _ in found))

    def _tile_after_hex(m: re.Match) -> Optional[str]:
        """"I5 57": the tile, unless its clause has a tile already ("#9 I9 4": a rotation) or a token's or
        run's word."""
        at = max(text.rfind(ch, 0, m.start()) for ch in ",;.")
        if _NOT_LAID.search(text[at + 1:m.start()]) or any(p.kind == "tile" and at < p.start < m.start() for p in pieces):
            return None
        return m.group(1)

    take(_ROUND, "round", lambda m: m.group(0))
    take(_JOINING, "edges", lambda m: True)       # "joining N, S": the sides a tile joins, no merger
    if played == "stock":          # "exchanges MH for a 10% share of NYC": a private's share exchange
        take(_SWAPS, "verb", lambda m: "swap")
    take(_LEGS, "via", lambda m: tuple(tuple(re.split(r"\s*>\s*", leg.upper()))
                                       for leg in re.split(r"\s+(?=[A-Za-z]{1,2}\d{1,3}\s*>)", m.group(1))))
    take(CITY, "city", lambda m: int(next(g for g in m.groups() if g)))      # "J10 city 2": lay_words.py
    take(_SLOT, "slot", lambda m: int(m.group(1)) - 1)       # "J10 slot 2": a token's place in its city
    take(_DECLINES, "verb", lambda m: "pass")
    take(CONSEQUENCE, "floats", lambda m: True)
    take(_TAKES_IN, "verb", lambda m: "merge")
    take(_TAKES_OVER, "verb", lambda m: "merge" if played == "merger" else None)     # "takes over the Riga-Orel"
    take(BUYS_BACK, "verb", lambda m: redeem_word(m, played == "operating"))      # a company buying back its own shares
    take(REMOVES, "verb", lambda m: "remove")        # "drops its token": a token removed
    take(DROPS, "verb", lambda m: "discard")         # "drops the 4": a train discarded
    take(TRAIN_LIMIT, "limit", lambda m: int(m.group(1)))      # "(train limit is now 2)": a claim
    take(_SITS_OUT, "verb", lambda m: "pass")         # "sits out the merger round"
    take(GROUP_CLOSED, "verb", lambda m: "pass")     # "closes the group": the merger's adding ended
    take(EXCHANGES, "exchange", lambda m: (lambda t: t if t in trains else None)(m.group(1).upper()))  # "exchanges its 4 for"
    take(PAID_TO_BANK, "money", lambda m: int(m.group(1) or m.group(2)))     # "paying $800 to the bank": a price
    take(SHARED, "verb", shared)                     # "pays 50%", "50/50 split": half (dividend_words.py)
    take(KEPT, "verb", lambda m: "withhold")         # "everything to the treasury", "holds the 340"
    take(_PAID_FOR_SHARES, "par_paid", lambda m: int(re.search(r"\d+", m.group(0)).group(0)))   # a claim on a par
    take(NO_RUN, "verb", lambda m: "norun")       # "nothing to run", "revenue 0": a run of no route (own_word_moves.py)
    take(_PER_SHARE, "per_share", lambda m: int(m.group(1)))
    take(_MONEY, "money", lambda m: int(next(g for g in m.groups() if g)))
    take(_HELD, "held", lambda m: int(re.search(r"\d+", m.group(0)).group(0)))
    take(CERT_SIZE, "size", lambda m: int(m.group(1)))      # "2 10% certificates": which kind, not how many
    take(_PERCENT, "percent", lambda m: int(m.group(1)))
    named = tile_names(ctx.title)
    if named:      # "upgrades Regina to R2", "lays R1 on J10": a tile, where "r1" elsewhere is a rotation
        take(NAMED_TILE, "tile", lambda m: (lambda t: t if t in named else None)(next(g for g in m.groups() if g)))
    take(SIDE_ROTATION, "rotation", lambda m: side(m, ctx))
    take(ROTATION, "rotation", lambda m: int(next(g for g in m.groups() if g)))
    take(_EXCHANGE, "exchange", lambda m: (lambda t: t if t in trains else None)(m.group(1)))
    take(_PLUS_TRAIN, "train", lambda m: m.group(1) if m.group(1) in trains else None)
    take(_TRAIN_COUNT, "count", lambda m: int(m.group(1)))
    take(_TRAINS_N, "count", lambda m: int(m.group(1)))
    take(_ORDINAL, "count", lambda m: 1)
    take(TILE, "tile", lambda m: m.group(1))
    if played != "stock":      # no tile is laid in a stock round: "MKV at 120 in P8" is a par and its home
        take(TILE_AT, "tile", lambda m: m.group(1))
        take(TILE_AFTER_HEX, "tile", _tile_after_hex)
    take(_TRAIN, "train", lambda m: (lambda t: t if t in trains else None)(
        "D" if m.group(2) else _TRAIN_WORDS[m.group(3).lower()] if m.group(3) else m.group(1) or m.group(4) or m.group(5)))
    take(_COUNT, "count", lambda m: int(m.group(4) and ("2" if m.group(4).lower() == "twice" else "3")
                                        or next(g for g in m.groups() if g)))       # "x2", "2x", "+1", "twice"
    take(_HEX, "hex", lambda m: re.sub(r"^([A-Z]+)0+(?=\d)", r"\1", next(g for g in m.groups() if g).upper()))   # "I05": I5
    take(_NUMBER, "number", lambda m: int(m.group(1)))
    take(_DESTINATION, "verb", lambda m: "sell")
    take(_SOURCE, "source", lambda m: None if not_a_source(line, m) else "pool" if m.group(2)
         else "bank" if m.group(1).lower() == "bank" else "ipo")
    if AMOUNT_HINT.search(text):
        take(AMOUNT_WORDS, "number", amount_words)
    sold_to = [m.end(1) for m in _SALE_TO_BUY.finditer(line)]       # "sells 1 PRR to buy the D": a buy too
    for m in _WORD.finditer(text):
        w = m.group(0).lower().replace("’", "'")
        if w in ("i", "me", "my", "i'll", "i'm", "mine"):
            pieces.append(Piece("me", w, m.start(), m.end()))
        elif w in _PUT:      # "puts MNN up for auction at 120", "I'll put 105 on M-K"; "puts a token"
            put = "token" if played == "operating" else "bid"
            pieces.append(Piece("verb", put, m.start(), m.end(), words.before(m.start())))
        elif w in ("dividend", "dividends") and words.before(m.start()) not in ("the", "its", "a", "his", "her", "their", "any"):
            pieces.append(Piece("verb", "payout", m.start(), m.end()))     # "CPR: dividend", "no dividend"
        elif w == "ran" and played == "operating" and ctx.current and words.before(m.start()) == ctx.current.lower():
            pieces.append(Piece("verb", "run", m.start(), m.end(), words.before(m.start())))   # "CN ran a 4 for 120": its run now
        elif w in ("get", "gets", "getting", "got"):      # "gets 1 CPR": a buy; "HBR gets $40": income, no move
            if not _GETS_MONEY.match(line, m.end()) and words.before(m.start()) != "to":
                pieces.append(Piece("verb", "buy", m.start(), m.end(), words.before(m.start())))
        elif w in VERBS and _UI_NOUN.match(line, m.end()):
            continue             # "careful about the pass button": a button of the site named, no move
        elif w in VERBS and words.before(m.start()) == "of" and VERBS[w] != "pass" and _PASSES.search(line):
            continue             # "passes this round of buying": what is passed, no move
        elif w in VERBS and (words.before(m.start()) != "to" or _GOING_TO.search(line[max(0, m.start() - 80):m.start()])
                             or any(not line[e:m.start()].strip() for e in sold_to)) \
                and not (w.startswith("keep") and _GOING_ON.match(line, m.end())):
            # "to pay for it" is a purpose, "going to pass" the move, "keeps going" no withholding
            pieces.append(Piece("verb", VERBS[w], m.start(), m.end(), words.before(m.start())))
        elif w == "there" and words.before(m.start()) not in ("stop", "stops") \
                or w == "it" and words.before(m.start()) in ("token", "tokens", "tokening", "station"):     # not "stop there"
            pieces.append(Piece("there", w, m.start(), m.end()))       # "lays #57 on J8 and tokens it"
        elif w in _WORDS_N and (_COUNTED.match(line, m.end()) or _WORDS_N[w] > 1 and _SIZED.match(line, m.end())) \
                or w == "both" and _BOTH.match(line, m.end()):
            pieces.append(Piece("count", _WORDS_N.get(w, 2), m.start(), m.end()))
    for rx, kind, value, where in _PHRASES:
        for m in rx.finditer(text if where == "text" else line):
            g = m.lastindex or 0             # the piece: the pattern's group, if it has one, from its first word
            if where != "both" or text[m.start():m.end()] == m.group(0):
                pieces.append(Piece(kind, value, m.end(g) - len(m.group(g).lstrip()), m.end(g)))
    for family, a, b in _no_verbs(text, played):     # "Theo: P", "S 2 GT", "I'd like a GT"
        pieces.append(Piece("me" if family == "me" else "verb", family, a, b, words.before(a)))
    for m in _STEP_PASS.finditer(text):
        if _HAS_BEFORE.search(line, max(0, m.start() - 60), m.start()):
            continue             # "NYC has only $150 and no train": how it stands, no step passed
        pieces.append(Piece("verb", "steppass", m.start(), m.end()))
    for m in _SKIPS.finditer(text):
        for _ in range(2 if m.group(1) else 1):
            pieces.append(Piece("verb", "steppass", m.start(), m.end()))
    pieces.sort(key=lambda p: p.start)
    pieces = counted_shares(pieces, line, ctx)       # "1 GT", "S 2 GT": how many shares
    pieces = trains_before_routes(railway_as_route(_place_by_its_hex(_traded_for(pieces, line, trains), line), line, index),
                                  line, trains)
    return sum_parts_set_aside(purposes_set_aside(pieces, line), line)


_FOR_A = regex(r"\s*for\s+(?:an?|the|one)\s+", re.I)


def _traded_for(pieces: list[Piece], line: str, trains: set) -> list[Piece]:
    """The train a trade-in is for, written bare ("trades in its 2 for a 3"): a train piece."""
    return [Piece("train", str(b.value), b.start, b.end, b.before)
            if a.kind == "exchange" and b.kind == "number" and str(b.value) in trains
            and _FOR_A.fullmatch(line, a.end, b.start) else b
            for a, b in zip([Piece("", None, 0, 0)] + pieces, pieces)]


def _place_by_its_hex(pieces: list[Piece], line: str) -> list[Piece]:
    """A place with its hex in brackets ("Poland (A11)") is that hex, one piece from the place's name
    on; a place in brackets after its hex ("B12 (Hudson Bay)") is dropped (the hex says it)."""
    drop = {id(a): b for a, b in zip(pieces, pieces[1:])
            if a.kind == "name" and any(k == "location" for k, _ in a.value) and b.kind == "hex"
            and re.fullmatch(r"\s*\(\s*", line[a.end:b.start]) and re.match(r"\s*\)", line[b.end:])}
    whole = {id(b): Piece("hex", b.value, a.start, b.end, a.before) for a in pieces if id(a) in drop for b in [drop[id(a)]]}
    for a, b in zip(pieces, pieces[1:]):         # "B12 (Hudson Bay)": the same stop
        if a.kind == "hex" and b.kind == "name" and ("location", a.value) in b.value \
                and re.fullmatch(r"\s*\(\s*", line[a.end:b.start]) and re.match(r"\s*\)", line[b.end:]):
            drop[id(b)], whole[id(a)] = a, Piece("hex", a.value, a.start, b.end, a.before)
    return [whole.get(id(p), p) for p in pieces if id(p) not in drop]


#: "is auctioning", "am buying": a move word's present progressive, its "is" no word of its own
_PROGRESSIVE = regex(r"\b(?:is|am|are)\s+(?=([a-z]+ing)\b)", re.I)
#: a bracket of words only, telling about what it follows
_TOLD_ABOUT = regex(r"\([^()\d]{1,80}\)")


class _AnyTrain:
    """The trains of a context that lists none: every name is one."""

    def __contains__(self, name: object) -> bool:
        return True


_ANY_TRAIN = _AnyTrain()


def clauses(line: str, ctx: NotationContext, index: NameIndex) -> list[Clause]:
    """The line cut into clauses, each with its pieces (a separator inside a name does not cut)."""
    pieces = _find(line, ctx, index)
    spans = sorted((p.start, p.end) for p in pieces if p.kind == "name" or " " in line[p.start:p.end].strip())
    span_starts = [a for a, _ in spans]
    reach = []                   # reach[i]: the furthest end of spans[0..i]
    for _, b in spans:
        reach.append(max(b, reach[-1]) if reach else b)
    cuts = [0]
    stops = [p for p in pieces if p.kind == "hex" or (p.kind == "name" and any(k == "location" for k, _ in p.value))]
    stop_ends = sorted(p.end for p in stops if p.before not in ("in", "on", "at"))    # "token in Regina, I5-J10": a place
    stop_starts = sorted(p.start for p in stops)
    train_ends = sorted(p.end for p in pieces if p.kind == "train")
    told = [(b.start(), b.end()) for b in _TOLD_ABOUT.finditer(line)
            if not any(w.lower() in VERBS for w in _WORD.findall(b.group(0)))]
    told += [m.span() for m in EDGE_LIST.finditer(line)]          # "joining NE and S": one list
    for m in _SPLIT.finditer(line):
        i = bisect.bisect_right(span_starts, m.start())
        if i and reach[i - 1] > m.start() or any(a < m.start() < b for a, b in told):
            continue             # inside a name, or a bracket telling about it ("(Ekaterinburg and the town)")
        if stops_joined(line, m.start(), m.end(), stop_ends, stop_starts, train_ends):
            continue          # "Moscow - St Petersburg", "from Baltimore through Lancaster and Philadelphia": one route
        cuts += [m.start(), m.end()]
    for m in _SALE_TO_BUY.finditer(line):      # "sell 1 PRR to buy the D": the sale, then the buy
        cuts += [m.start(1), m.end(1)]
    cuts = [0] + sorted(cuts[1:])
    cuts.append(len(line))
    out: list[Clause] = []
    starts = [p.start for p in pieces]
    for a, b in zip(cuts[0::2], cuts[1::2]):
        if not line[a:b].strip():
            continue
        a += len(line[a:b]) - len(line[a:b].lstrip())         # the clause begins at its first word
        c = Clause(a, b, line[a:b].strip(), pieces[bisect.bisect_left(starts, a):bisect.bisect_left(starts, b)])
        gone = [(p.start, min(p.end, b)) for p in c.pieces] + \
            [m.span() for m in _PROGRESSIVE.finditer(line, a, b) if m.group(1).lower() in VERBS]   # "is buying"
        text = blanked(line[a:b], [(x - a, y - a) for x, y in gone])
        c.loose = [w.lower() for w in _WORD.findall(text) if w.lower() not in FILLERS and w.lower() not in VERBS]
        out.append(c)
    out = addressed_set_aside(out, line, ctx.actor)
    if round_kind(ctx) != "operating":
        return out
    # whether the game tells the one kind of train the company operating may run
    one_train = ctx.trains_of is not None and ctx.current is not None and len(set(ctx.trains_of(ctx.current))) == 1
    return revenue_beside_dividend(bonuses_set_aside(out, line), one_train)


#: words that may open a line before its move word without naming who moves ("Now pass")
_LEADS = frozenset("""now then also so ok okay sure well next finally lastly firstly please just and having after since
yes yeah right fine alright hmm um ah oh hi hello hey thanks ps anyway again will shall would could can
might may must should gonna wanna let lets let's going i'll we'll i'd we'd have has i've no not never everybody
everyone nobody auto""".split())
_FIRST_WORD = regex(r"\s*([A-Za-z][A-Za-z'’]*)")


_SUBJECT_REACH = 200    # characters after the first word that may still change how it and the next are read


def unknown_subject(line: str, ctx: NotationContext, index: NameIndex) -> Optional[tuple[int, str]]:
    """(position, word) of an unknown capitalised first word with the move word straight after it
    ("Bobbo passes", "Zed is buying"): a subject the line is refused for, not the sender; else None."""
    m = _FIRST_WORD.match(line)
    if m is None or not m.group(1)[:1].isupper() or m.group(1).lower() in _LEADS:
        return None
    after = len(line) - len(line[m.end(1):].lstrip())
    cut = line.find(" ", after + _SUBJECT_REACH, after + 2 * _SUBJECT_REACH)
    found = _find(line[:after + _SUBJECT_REACH if cut < 0 else cut], ctx, index)   # only the first two words matter
    if any(p.start < m.end(1) and m.start(1) < p.end for p in found):
        return None                                      # a name, a move word, a hex...
    heading = m.group(1).lower() in FILLERS and (line[after:].split(None, 1) or [""])[0].endswith(":")     # "Train buys: ..."
    aux = _AUX.match(line, after)         # "Cid is buying": the move word after its auxiliary
    verb_at = aux.end() if aux else after
    if not heading and any(p.kind == "verb" and p.start == verb_at for p in found):
        return m.start(1), m.group(1)
    return None


_AUX = regex(r"(?:is|was|has|have|will|just)\s+", re.I)
