"""The pieces the second reading's rewording rules are made from: pattern fragments, the sentences of a line that are chat or a statement of how things stand, slips on move words, and the rewordings that need code (exchanges, "uses", nationalisation, lists of trains).

Kept apart from the rules table (paraphrase_rules.py) and the entry point (paraphrase.py) so
each stays short; the rules read in the order paraphrase_rules.RULES lists them.
"""
from __future__ import annotations

import re
from typing import Callable

from pbem.chat_words import FOREIGN_GREETINGS, GREETINGS, THANKS, WISHES, words

_I = re.I

#: sentences of a mail line that are never moves: greetings, thanks and wishes (the chat vocabulary,
#: pbem/chat_words.py), hand-overs; a sentence that begins with their letters ("his first share of
#: the Erie" after "buys ERIE -") is set aside too, as it always was here
_CHAT = re.compile(
    rf"^(?:{words(GREETINGS, FOREIGN_GREETINGS, THANKS, WISHES)}|that\b|anyway|need|needs|saving|to\s+save|because|"
    r"since|hope|hoping|"
    r"over\s+to|back\s+to|your\s+(?:turn|move)|@\w+|that'?s\s+(?:it|all)|have\s+a\s+|see\s+you|"
    r"sorry|ok(?:ay)?\b|well\b|phase\s+\d+\b|\w+\s+agreed|all\b)", _I)
_SENTENCE = re.compile(r"(?<![A-Z][a-z])(?<!\b[A-Z])(?<!\bSt)(?<!\bCo)(?<!\bNo)(?<=[.!?])\s+(?=\S)|\s+[-–—]\s+(?=[A-Za-z@])"
                       r"|,\s*so\s+(?=\S)")
#: a sentence that states how things stand, not what is done: "CPR has no train and only $40",
#: "HBR can't afford the 4", "CP is mine", "D8 is gray", "MKN lost its last train to the 6"
_STATE = re.compile(
    r"^(?:(?:[Tt]he\s+)?(?:[A-Z][\w'&-]*|[A-Z]{1,2}\d{1,2}|(?i:it|he|she|they|we))(?:\s+[A-Z][\w'-]*)?\s+"
    r"(?:is|are|was|were|has|had|have|can'?t|cannot|could\s?n'?t|lost|needs?|only\s+has|is\s+now)\b"
    r"|(?:[Tt]he\s+)?(?:[a-z]+\s+)?[a-z]+s\s+(?:are|were|have|can'?t|cannot|could\s?n'?t)\b)"
    r"(?!\s+(?:now\s+|just\s+|also\s+|finally\s+|already\s+)?(?:bought|sold|laid|run|ran|paid|withheld|passed|"
    r"parr?ed|placed|put|upgraded|built|tokened|started|bid|merged|converted|taken|discarded|redeemed|declined|"
    r"exchanged|purchased|acquired|got|gotten|done|buying|selling|laying|running|paying|passing|starting|bidding|"
    r"placing|putting|taking|withholding|going\s+to|gonna|nationali[sz]ed|skipping|skipped|floated|opened|opening|"
    r"converting|merging|exchanging|upgrading|elected|chosen|choosing)\b)")
#: what makes a sentence a move rather than chat about one: a move verb, a hex, a tile or a figure
_MOVE_VERB = re.compile(
    r"\b(?:buy|bought|sell|sold|bid|par|pars|parr?ed|parring|lay|laid|upgrade|token|run|ran|pay|paid|withh[oe]ld|"
    r"pass|skip|discard|convert|merge|redeem|nationali[sz]|bankrupt|exchange|"
    r"declare|choose|chose|elect|absorb)\w*", re.I)

_HEXP = r"[A-Z]{1,2}\d{1,2}"
_ARROWS = re.compile(r"\s*-\s*")
_TRAIN = r"(?:[1-9](?:\+[1-9]E?)?|D)"
_COUNT = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}


def _sub(pattern: str, repl, flags: int = _I) -> Callable[[str], str]:
    rx = re.compile(pattern, flags)
    return lambda s: rx.sub(repl, s)


def _trains_list(m: re.Match) -> str:
    """'buys two 2-trains and a 3' -> 'buys a 2 train, buys a 2 train, buys a 3 train'."""
    verb, rest = m.group(1), m.group(2)
    items = re.split(r"\s*(?:,\s*(?:and\s+)?|\band\b|\+)\s*", rest.strip())
    out: list[str] = []
    for it in items:
        it = it.strip()
        if not it:
            continue
        k = re.fullmatch(rf"(?:(two|three|four|[234])\s*(?:x\s*)?)?(?:an?\s+|another\s+)?({_TRAIN})\s*(?:-?\s*trains?|t|s)?", it, _I)
        if not k:
            return m.group(0)
        n = _COUNT.get((k.group(1) or "").lower(), 1)
        out += [f"a {k.group(2)} train"] * n
    if len(out) < 2:
        return m.group(0)
    return ", ".join(f"{verb} {t}" for t in out)


_TRAIN_ITEM = rf"(?:(?:two|three|four|[234])\s*(?:x\s*)?)?(?:an?\s+|another\s+)?{_TRAIN}\s*(?:-?\s*trains?|[tT]\b|s\b)?"
_TRAINS_AFTER_BUY = re.compile(
    rf"\b(buys?|bought|buying|buy)\s+((?:{_TRAIN_ITEM})(?:\s*(?:,\s*(?:and\s+)?|\band\b|\+)\s*{_TRAIN_ITEM})*)(?=\s*(?:$|[.;]|,\s*[a-z]+\s))",
    _I)


#: what a sentence that may be a move has: a move word, a hex, a tile or an amount
_SIGNAL = re.compile(
    r"\b(?:buy|bought|sell|sold|bid|par|start|open|lay|laid|upgrade|build|built|token|station|run|ran|pay|paid|"
    r"withh[oe]ld|keep|kept|split|half|pass|done|skip|discard|convert|merge|redeem|auction|nationali[sz]|"
    r"bankrupt|take|took|get|got|purchase|acquire|place|put|drop|exchange|trade|remove|move)\w*|"
    r"\bno\s+(?:track|tiles?|tokens?|stations?|trains?|merger)\b|\b\d[TD]\b|\bshares?\b|"
    r"\b(?:tile|track|token|station|train)\s*:\s*(?:none|no|-)|"
    r"^\s*(?:full\s+)?(?:dividends?|payout)\b|^\s*full\b|"          # "Full dividend." is the payout, no chat
    r"^\s*(?:one|two|three|four|another)\s+(?:more\s+)?[A-Z]|"
    r"\b[A-Z]{1,2}\d{1,2}\b|#\s?\d|[$₽]\s?\d|\d+\s*(?:%|₽)|\b\d+\b", re.I)


#: move words a slip of the keyboard may hit ("lsys", "pases", "parrs", "slel")
_VERBS = ("buy", "buys", "bought", "sell", "sells", "sold", "bid", "bids", "par", "pars", "parred", "lay", "lays",
          "laid", "upgrade", "upgrades", "token", "tokens", "run", "runs", "ran", "pays", "paid", "withhold",
          "withholds", "withheld", "pass", "passes", "passed", "discard", "discards", "start", "starts",
          "share", "shares", "train", "trains", "rotation", "from", "payout", "merge", "merges", "convert",
          "converts", "redeem", "redeems", "auction", "auctions", "places", "station")
_KNOWN = set(_VERBS) | {"pas", "las", "lat", "bus", "but", "bud", "sole", "soul", "solid", "pats", "parts", "pay",
                        "part", "rain", "brain", "grain", "tokes", "start", "stars", "stat", "fro", "form",
                        "runt", "rune", "rung", "ruin", "sells", "cell", "bell", "tell", "well", "yell", "sale",
                        "tale", "merged", "converted", "this", "that", "then", "than", "them", "they", "last",
                        "place", "placed", "merger", "mergers", "raise", "hold", "holds", "told", "gold", "fold"}


def _near(a: str, b: str) -> bool:
    """One edit apart: a letter changed, added, dropped, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _slip(m: re.Match) -> str:
    word = m.group(0)
    low = word.lower()
    if low in _KNOWN or len(low) < 4:
        return word
    near = [v for v in _VERBS if _near(low, v)]
    if len({v[:3] for v in near}) == 1:           # forms of one word: "pases" -> pass/passes
        return max(near, key=len)
    return word


def _state_free(line: str) -> str:
    """The line without a leading statement of how things stand ("CPR has no train and only
    $40; ...", "HBR can't afford the 4, so ...", "MK has no train after the 6 - ...")."""
    if not _STATE.match(line.strip()):
        return line
    m = re.match(r"\s*[^.;:!?]*?(?:[.;:!]\s+|,?\s+so\s+|\s+[-–—]\s+)(?=\S)", line)
    return line[m.end():] if m else line


_state_free.strips_only = True       # type: ignore[attr-defined]  # its words make no move (notation/anchors.py)

#: a place written after a preposition or an upgrade ("upgrades Kiev", "on Odessa")
_PLACE_AFTER = re.compile(r"\b(?:on|in|at|to|upgrades?|upgraded)\s+((?:[A-Z]{1,2}\d{1,2}|[A-Z][a-z]+(?:\s[A-Z][a-z]+)?))\b")


def _there(line: str) -> str:
    """'... places it in E5, then lays a #59 there': "there" is the place last named before it
    (a hex, or a place by name after "on", "in", "to" or "upgrades")."""
    def one(m: re.Match) -> str:
        before = list(_PLACE_AFTER.finditer(line[:m.start()]))
        return f"{m.group(1)} on {before[-1].group(1)}" if before else m.group(0)
    return re.sub(r"(\b(?:lays?|laid|laying|places?|placed|puts?|put|drops?)\s+(?:an?\s+|its\s+|the\s+)?"
                  r"(?:#?\d+[A-Za-z]?|(?:neutral\s+)?(?:token|station)|it))\s+there\b", one, line)


#: a private's power told as a story: "HBR uses the NWR: moves its token from G11 to E5 and
#: lays #59 there" -> "NWR: moves its token from G11 to E5, lays #59 on E5"; the moves after
#: the colon are the private's (18xx.games makes the company the acting entity)
_USES = re.compile(r"^\s*(?:[A-Z][\w&-]*\s+)?(?i:uses|used|is\s+using|using)\s+(?:the\s+|its\s+)?([A-Z][\w&-]*)"
                   r"(?:'s)?(?:\s+(?:private|power|ability|company))*\s*(?::|,|\s+to\b|\s*[-–—])\s*")


#: 1882's exchange of a private for a president's certificate told in words: "I exchange the
#: Saskatchewan Central for the SC president's certificate, par 76, home token in K3" ->
#: "convert Saskatchewan Central to SC at 76; SC places a token on K3" (read only by a title
#: whose grammar has the conversion)
_EXCHANGE = re.compile(
    r"\b(?i:exchange[sd]?|exchanging|swap(?:s|ped|ping)?|trade[sd]?|trading|convert(?:s|ed|ing)?)\s+"
    r"(?:(?i:the|my|his|her|their)\s+)?([A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2})(?:\s+(?i:private|company))?\s*"
    r"(?:(?i:for|into|to)\s+(?:(?i:the|a)\s+)?([A-Z][\w-]*)(?:'s)?\s+"
    r"(?i:president'?s?|director'?s?|presidency)(?:\s+(?i:certificate|share|cert))?)?\s*"
    r"(?:[,:;]|\s+(?i:and))?\s*(?:(?i:pars?|parr?ing|parr?ed|sets?|setting)(?:\s+(?i:it|the\s+par|par))?|"
    r"(?:[A-Z][\w-]*\s+)?(?i:par))\s+(?i:at\s+)?([$₽]?\d+)")


def _exchange(line: str) -> str:
    m = _EXCHANGE.search(line)
    if not m:
        return line
    corp = m.group(2) or m.group(1)
    rest = line[m.end():]
    home = re.match(rf"\s*(?:,\s*|\s+and\s+|\s+with\s+)(?:(?:puts?|places?)\s+)?(?:(?:its|the|a)\s+)?"
                    rf"(?:home\s+(?:token|station)|(?:token|station))\s*(?:(?:in|on|at)\s+)?({_HEXP}|{_PLACE})\b", rest)
    if home:
        rest = f"; {corp} places a token on {home.group(1)}" + rest[home.end():]
    lead = line[:m.start()]
    if re.fullmatch(r"\s*(?:(?:right|ok(?:ay)?|so|well|now)\s*[,.!]?\s*)?(?:I'm|I’m|I\s+am|I'll|I\s+will|I)?\s*", lead, re.I):
        lead = ""                                   # the speaker: the sender converts
    return f"{lead}convert the {m.group(1)} to {corp} at {m.group(3)}{rest}"


def _uses(line: str) -> str:
    m = _USES.match(line)
    if not m:
        return line
    rest = re.sub(r"\s*[,;]\s*then\s+", " and then ", line[m.end():])     # still the private's moves
    # "Using the NWR: CPR moves its token ...": the company named again before the private's move
    rest = re.sub(r"^(?:the\s+)?[A-Z][A-Z0-9&-]+\s+(?=(?:moves?|lays?|places?|removes?|puts?|lifts?)\b)", "", rest)
    return f"{m.group(1)}: {rest}"


def _nationalise(line: str) -> str:
    """1861's choice told as a story: "MKN has no train - nationalise it", "MVR has no train
    after the 6 rusted the 3s - Dmitri chooses to nationalise it", "MK elects to be
    nationalised": the corporation the line starts with chooses to be nationalised. Only
    a line with no other move, no negation and no condition or doubt."""
    m = re.match(r"\s*([A-Z][\w-]*)\b", line)
    if not m or not re.search(r"\bnationali[sz](?:e|es|ed|ing)\b", line, re.I):
        return line
    if re.search(r"\b(?:not|never|n't|won'?t|declines?|declined|refuses?|if|unless|whether|might|maybe|may|would|"
                 r"should|could|perhaps|consider\w*|think\w*|plan\w*|want\w*|wait\w*)\b|\?", line, re.I):
        return line
    others = {w.lower() for w in _MOVE_VERB.findall(line)} - {"choose", "chooses", "chose", "elect", "elects",
                                                             "nationalise", "nationalize", "nationalised",
                                                             "nationalized", "nationalises", "nationalizes"}
    return line if others else f"{m.group(1)} chooses nationalize"


#: a plan of several buys of which one is made now ("one now, one next turn": asides.py)
_ONE_NOW = re.compile(r"\b(?:one|1)\s+(?:(?:for\s+)?now|at\s+a\s+time)\b", re.I)


def _puts_off(sentence: str) -> bool:
    """Whether a few words before the move put it off ("Next turn.", "Plan for later."): the
    same test as the asides' (asides.py), imported here when needed (asides imports the reader)."""
    from .asides import _puts_off as puts_off
    return puts_off(sentence)


def _chat_free(line: str) -> str:
    """The line without its chat sentences ("Hi all!", "Over to Hal.", "Good luck", "sorry
    for the slow reply"): a sentence with no move word, hex, tile or amount in it."""
    parts = _SENTENCE.split(line)
    if len(parts) < 2:
        return line
    seps = [m.group(0) for m in _SENTENCE.finditer(line)]
    out = ""
    for i, part in enumerate(parts):
        text = part.strip()
        if _ONE_NOW.search(text):
            return line              # "three CNR, one at a time - one now": the count is not all bought now
        if not text or (_CHAT.match(text) and not _MOVE_VERB.search(text)) or not _SIGNAL.search(part) \
                or _STATE.match(text) or text.endswith("?"):               # a question is never a move
            if not out and _puts_off(text):
                return line          # "Next turn. Buy 1 GT.": the move after it is put off, a plan
            continue
        sep = seps[i - 1] if out and i else ""
        out += (", " if re.fullmatch(r",\s*so\s+", sep) else sep) + part
    return out or line


_chat_free.strips_only = True        # type: ignore[attr-defined]  # its words make no move (notation/anchors.py)


#: a place written by name: one or two capitalised words ("Regina", "Swift Current", "St. Petersburg")
_PLACE = r"[A-Z][a-z.]+(?:\s[A-Z][a-z]+)?"
#: the same, its letters taken once (no backtracking into a long word), where what follows
#: can be no letter: a run of letters tried at every place of it cost the square of its length
_PLACE_ONCE = r"[A-Z][a-z.]++(?:\s[A-Z][a-z]++)?"
