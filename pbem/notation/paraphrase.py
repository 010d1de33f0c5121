"""Second reading of a line the grammar refused: the freer ways people write a move,
rewritten into the notation's own words.

Only a line that fails to read comes here, and its rewriting is read by the same grammar and
the same checks, so nothing the grammar reads changes and nothing it refuses is let through
unread: a rewritten line either reads as exactly the moves it states, or the refusal of the
line as written stands. Every rule is a plain rewording ("I'll buy" -> "buy", "no tile" ->
"pass lay track", "two 2-trains" -> "a 2 train, buys a 2 train"); none guesses a value.
"""
from __future__ import annotations

import functools
import re
from typing import Callable, Mapping, Optional

_I = re.I

#: sentences of a mail line that are never moves: greetings, hand-overs, thanks
_CHAT = re.compile(
    r"^(?:that\b|hiya|afternoon|anyway|need|needs|saving|to\s+save|because|since|hope|hoping|hi|hello|hey|morning|good\s+(?:morning|evening|afternoon|luck|game)|cheers|thanks|thank\s+you|"
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
                        "place", "placed", "merger", "mergers", "raise"}


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


#: slips too short for the one-edit rule
_SHORT_SLIPS = {"bys": "buys", "biy": "buy", "sel": "sell", "fro": "for", "teh": "the", "rns": "runs", "bis": "bids"}


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
_USES = re.compile(r"^\s*(?:[A-Z][\w-]*\s+)?(?i:uses|used|is\s+using|using)\s+(?:the\s+|its\s+)?([A-Z][\w-]*)"
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
                    rf"(?:home\s+(?:token|station)|(?:token|station))\s*(?:(?:in|on|at)\s+)?({_HEXP})\b", rest)
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
        if not text or (_CHAT.match(text) and not _MOVE_VERB.search(text)) or not _SIGNAL.search(part) \
                or _STATE.match(text) or text.endswith("?"):               # a question is never a move
            continue
        sep = seps[i - 1] if out and i else ""
        out += (", " if re.fullmatch(r",\s*so\s+", sep) else sep) + part
    return out or line


#: a place written by name: one or two capitalised words ("Regina", "Swift Current", "St. Petersburg")
_PLACE = r"[A-Z][a-z.]+(?:\s[A-Z][a-z]+)?"

RULES: list[Callable[[str], str]] = [
    _uses,
    _exchange,
    _sub(r"^\s*Opening\s+(?=(?:the\s+)?[A-Z])", "start ", 0),
    _nationalise,
    _chat_free,
    _state_free,
    _sub(r"\b(?:moves?|moved|moving)\s+(its|a|the)\s+([A-Z]{1,2}\d{1,2})\s+(token|station)\s+(?:to|into)\b", r"moves \1 \3 from \2 to", 0),
    _sub(r"\b(?:lifts?|lifted|lifting|takes?\s+up|picks?\s+up)\s+(its|a|the)\s+([A-Z]{1,2}\d{1,2})\s+(token|station)\b", r"removes \1 \3 from \2", 0),
    _sub(r"\b(?:lifts?|lifted|lifting|takes?\s+up|picks?\s+up)\s+(its|a|the)\s+(token|station)\b", r"removes \1 \2", 0),
    _sub(r"\b(places?|placed|puts?|put|drops?)\s+it\s+(in|on|at)\b", r"\1 a token \2"),
    _sub(r"\b(buys?|bought)\s+(?:the\s+)?([A-Z][\w-]*)\b([^,;]*?)\s*,?\s+and\s+uses\s+it\s+to\s+", r"\1 \2\3, \2 ", 0),
    _there,
    # shares: "(now 30%)" is the holding claimed; "sells all 3 GT at $70 each"; "2 x GT";
    # "dumps 3 CPR on the market"
    _sub(r"\(\s*now\s+(?:holding\s+|at\s+)?(\d+%)\s*\)", r"now holding \1"),
    _sub(r"\b(sells?|sold|selling)\s+all\s+(\d+|two|three|four|five)\s+(?=(?:of\s+)?(?:my|his|her|their)?\s*[A-Z])", r"\1 \2 "),
    _sub(r"\s+at\s+[$₽]?\d+₽?\s+(?:each|a\s+share|per\s+share)\b", ""),
    _sub(r"\b(\d+)\s*[xX×]\s*(?=[A-Z][A-Z])", r"\1 ", 0),
    _sub(r"\s+(?:on|onto|into)\s+the\s+(?:bank\s+)?(?:pool|market)\b", ""),
    # a decision is the act: "decides to pass", "chooses not to place a token", "does not merge"
    _sub(r"\b(?:decides?|decided|chooses?|chose|opts?|opted|elects?|elected)\s+to\s+(?=(?:pass|buy|sell|lay|run|pay|withhold|"
         r"place|bid|par|start|merge|convert|redeem|discard|skip)\w*\b)", ""),
    _sub(r"\b(?:decides?|decided|chooses?|chose|opts?|opted|elects?|elected)\s+not\s+to\s+", "does not "),
    _sub(r"\b(?:does|did)(?:n't|\s+not)\s+(?:lay|build|upgrade)\b[^,;.]*", "passes lay track"),
    _sub(r"\b(?:does|did)(?:n't|\s+not)\s+(?:merge|convert)\b[^,;.]*", "passes"),
    # labelled fields of a postal order: "Tile: #57 on I5. Token: J10. Run: I5-J10 for 60. Dividend: pay out."
    _sub(r"(^|[.;,]\s*)(?:tile|track)\s*:\s*(?:none|no|-)\b", r"\1pass lay track"),
    _sub(r"(^|[.;,]\s*)(?:tile|track)\s*:\s*(?=#?\d|[A-Z]{1,2}\d)", r"\1lays "),
    _sub(r"(^|[.;,]\s*)(?i:token|station)\s*:\s*(?=[A-Z])", r"\1token ", 0),
    _sub(r"(^|[.;,]\s*)(?:run|route|routes)\s*:\s*(?=\d|[A-Z])", r"\1runs "),
    _sub(r"(^|[.;,]\s*)(?:dividend|div)\s*:\s*", r"\1"),
    _sub(r"(^|[.;,]\s*)(?:train|trains)\s*:\s*(?=(?:an?\s+)?\d|D\b)", r"\1buys "),
    _sub(rf"(^|[,;]\s*)((?:{_HEXP}-)+{_HEXP}\s*(?:=|for)\s*[$₽]?\d)", r"\1runs \2"),
    _sub(r"^\s*([A-Z][\w-]*)'s\s+(\d|D)\s*(?:-?\s*train|T)?\s+(runs|ran)\b", r"\1 \3 \2 train", 0),
    _sub(r"\s+after\s+taking\s+(?:a|one|two|three|\d)\s+loans?\b", ""),
    _sub(r"\btakes?\s+(?:a|one|two|three|\d)\s+loans?\s*(?:,|;)\s*(?:and\s+)?(?:then\s+)?", ""),
    _sub(r"\b(from\s+(?:the\s+)?(?:bank\s+)?(?:pool|market|ipo|bank|depot|treasury))\s*,\s*([$₽]?\d+₽?)\s*\.?$", r"\1 for \2"),
    _sub(r"(?:,\s*(?:and\s+)?|\s+and\s+)(?:buying|taking|getting|buys|takes|gets)\s+the\s+(?:president|director)'?s?\s+"
         r"(?:share|certificate|cert)\b(?!\s+(?:of|in)\b)\.?", ""),
    _sub(r"\b(?:the\s+)?same\s+(?:route|run|routes|runs)(?:\s+(?:again|as\s+(?:last|before)(?:\s+(?:time|OR|turn))?))?\s*:?", ""),
    _sub(r"\blays?\s+track\s*:\s*", "lays "),
    _sub(r"\b(?:the\s+)?initial\s+offering\b", "the IPO"),
    _sub(r"\s+(?:in\s+one\s+go|at\s+once|all\s+at\s+once)\b", ""),
    _sub(r";\s*then\s+", ", then "),
    # a step passed with the step in brackets: "KR passes (no track)"
    _sub(r"\b(pass(?:es|ed)?)\s*\(\s*no\s+(?:track|tiles?)[^)]*\)", r"\1 lay track"),
    _sub(r"\b(pass(?:es|ed)?)\s*\(\s*no\s+(?:tokens?|stations?)[^)]*\)", r"\1 place a token"),
    _sub(r"\b(pass(?:es|ed)?)\s*\(\s*no\s+trains?[^)]*\)", r"\1 buy trains"),
    # what a move leads to, after a dash or as a participle: "for 600 - last purchase before the
    # end", ", emptying the treasury", ", Tomasz making up the difference" (not a claim: "leaving")
    _sub(r"((?<![A-Za-z\d])\d+₽?)\s+[-–—]\s+(?![^-–—]*\b(?:buy|bought|sell|sold|bid|par|lay|laid|upgrade|token|run|ran|pay|paid|"
         r"withh[oe]ld|pass|discard|convert|merge|redeem|nationali[sz]|declare|exchange)\w*)[^-–—]*$", r"\1"),
    _sub(r",\s+(?:[A-Z][a-z]+\s+)?(?!(?:leaving|receiving|holding|trading|paying|withholding|splitting|buying|selling|"
         r"laying|running|passing|bidding|placing|taking|starting|converting|merging|redeeming|discarding|opening|"
         r"forming|becoming)\b)"
         r"[a-z]+ing\b(?![^,;]*\b(?:buy|bought|sell|sold|bid|par|lay|laid|token|run|ran|pay|paid|withh[oe]ld|pass)\w*)"
         r"(?![^,;]*(?:\d|\)|\b[A-Z]{2,}))[^,;]*$", "", 0),
    # a tile on a hex is a lay, never a bid ("GT: yellow 9 on K7", "#R1 on J10 rotation 4")
    _sub(rf"(^|[:;,.]\s*)(?:tile\s+)?(?:(?:yellow|green|brown|gr[ae]y)\s+)?#?(\d+[A-Za-z]?|R\d)\s+(?:in|on|at)\s+({_HEXP}\b)",
         r"\1lays #\2 on \3"),
    _sub(rf"(?:,\s*|\s+)(?:and\s+)?then\s+(?:an?\s+)?(#?\d+[A-Za-z]?)\s+(in|on|at)\s+(?={_HEXP}\b)", r", then lays \1 \2 "),
    # runs told train by train: "the 3 does J10-I11-G11 for 70 and the 2 does B12-G11 for 60"
    _sub(r"\bruns\s+(?:two|2|three|3|both|all)\s+(?:its\s+)?trains\s*:\s*(?=(?:the\s+)?(?:\d|D)\s*(?:-?\s*train)?\s+(?:does|did|goes|went)\b)",
         "runs "),
    _sub(r"\b(?:the\s+)?(\d|D)\s*(?:-?\s*train)?\s+(?:does|did|goes|went)\s+(?=[A-Z])", r"\1 train ", 0),
    _sub(rf"(?<!'s )\b(\d|D)\s*(?:-?\s*train|T)\s*:\s*(?={_HEXP}\b)", r"\1 train "),
    # a tile on a hex is a lay, never a bid ("O-K: 202 on D20 r1", "GT: 9 on K7 (rot 1)")
    _sub(rf"(^|[:;,.]\s*)(?:tile\s+)?#?(\d+[A-Za-z]?)\s+(?:in|on|at)\s+({_HEXP}\b|[A-Z][a-z]+(?=\s+\(?(?:r\d|rot)))",
         r"\1lays #\2 on \3"),
    _sub(r"^\s*nothing\s+(?:runs|ran|to\s+run)\b\s*[,;.]?\s*", ""),
    _sub(r"^\s*(?:she|he|they|it)\s+(?=[a-z])", ""),
    _sub(r"^\s*(?:[Aa]nyway|[Aa]nyhow|[Ss]o|[Ww]ell|[Oo]kay|[Oo]k|[Rr]ight|[Aa]lright|[Nn]ow)\b,?\s+(?=I\b|[A-Z])", "", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+(?:gets\s+|is\s+)?(?:pars|parr?ed)\s+(?:at\s+)?([$₽]?\d+₽?)", r"par \1 at \2", 0),
    _sub(r"^\s*(?:hi|hello|hey|morning|evening|afternoon)\b[^,.!]*[,!.]\s*(?=\S)", ""),
    _sub(r"^\s*ok(?:ay)?\s+(?=i\b)", ""),
    _sub(r"^\s*([A-Z][\w'-]*)\s+[-–—]\s+(?=\S)", r"\1: ", 0),
    _sub(r",?\s*(?:your|ur)\s+(?:go|turn|move)\b.*$", ""),
    _sub(r",\s*nothing\s+to\s+run(?:\s+yet)?\b", ""),
    _sub(r",\s*half\s+to\s+(?:me|the\s+owner|the\s+president)\b.*$", ""),
    _sub(r"^\s*no\s+more\b.*$", "pass"),
    _sub(r"^\s*nothing\b[^,;.]*[,;]\s*(?:I\s+)?pass(?:es)?\b", "pass"),
    # who is speaking: "I'll buy", "I'm selling", "Will buy", "My move: ...", "For GT I laid"
    _sub(r"^\s*(?:my\s+move|moves?)(?:\s+for\s+[\w. ]+?)?\s*(?::|->|→)\s*", ""),
    _sub(r"^\s*(?:I\s+am|I'm|I’m)\s+out\b.*$", "pass"),
    _sub(r"^\s*(?:since|as|because|now\s+that)\b[^,]*,\s*", ""),
    _sub(r"^\s*for\s+(?:the\s+)?([A-Z][\w-]*)\s*(?::|,)\s*", r"\1: "),
    _sub(r"^\s*for\s+(?:the\s+)?([A-Z][\w-]*)\s+I\s+", r"\1 "),
    _sub(r"^\s*I\s+run\s+(?:the\s+)?([A-Z][\w-]*)(?:\s+this\s+time)?\s*:\s*", r"\1 runs "),
    _sub(r"^\s*after\s+the\s+\w+,?\s+I\s+", ""),
    _sub(r"^\s*(?:[Hh]as|[Hh]ad)\s+(?=(?:just\s+|also\s+)?(?:bought|sold|laid|run|ran|paid|withheld|passed|parr?ed|placed|bid)\b)", "", 0),
    _sub(r"\b(?:is|am|are)\s+going\s+to\s+(?=[a-z])", ""),
    _sub(r"\band\s+will\s+(?=(?:buy|sell|lay|run|pay|withhold|pass|bid|par|place|token|discard|redeem|convert|merge)\b)", "and "),
    _sub(r"^\s*(?:I'll|I’ll|I\s+will|I'm|I’m|I\s+am|I've|I’ve|I\s+have|I'd\s+like\s+to|I\s+want\s+to|"
         r"let\s+me|will|have|going\s+to|gonna|I)\s+(?=[a-z])", ""),
    _sub(r"^\s*(?:going\s+to|gonna|want\s+to|like\s+to)\s+(?=[a-z])", ""),
    _sub(r"\s+(?:for\s+me|please|pls|thanks)\b", ""),
    _sub(r",?\s*(?:thanks|thank\s+you|cheers|please|pls)\b\.?", ""),
    _sub(r",\s*(?=[.!;]|$)", ""),
    _sub(r"^\s*(?:(?-i:(?!OK\s+(?!then\b)[a-z]))(?:ok(?:ay)?|right|so|well|hmm+|ooh+|anyway)\b[^,.!:]*?[,.!:]+\s*)+(?=\S)", ""),
    _sub(r"^.*\?\s*no\b[^.]*\.\s*(?:ok(?:ay)?\s*[:,]\s*)?", ""),
    _sub(r"\s+/\s+", "; "),
    _sub(r",?\s*then\s+I'?m\s+done\b.*$", ""),
    _sub(r"\s+and\s+that'?s\s+(?:its|my|his|her|their)\s+turn\b.*$", ""),
    _sub(r"\.\s*treasury\s+now\s+[$₽]?\d+₽?\.?$", ""),
    _sub(r",\s*(?:having\s+no\s+trains?|trainless),\s*", " "),
    _sub(r"\s+and\s+has\s+to\s+take\s+\w+\s+loans?\b.*$", ""),
    _sub(r";\s*share\s+price\s+(?:from|goes|moves|rises|drops|should)\b.*$", ""),
    _sub(r"\s+and\s+is\s+the\s+first\b.*$", ""),
    _sub(r"^\s*([A-Z][\w'-]*),\s*for\s+(?:the\s+)?([A-Z][\w-]*)\s*:\s*", r"\2: ", 0),
    _sub(r"^\s*([A-Z][\w-]*)'s\s+run\s*:\s*", r"\1: runs ", 0),
    _sub(r"^\s*([A-Z][\w-]*)'s\s+(\d|D)\s*-?\s*train\s*:\s*", r"\1 runs \2 train ", 0),
    _sub(r"\bshare\(s\)", "share"),
    _sub(r"\bsingle\s+(?=[A-Z])", "", 0),
    _sub(r"\s*\(\s*(?:a|the)\s+(?:\d+(?:st|nd|rd|th)|second|third|fourth)\s*\)", ""),
    _sub(r"^.*\b(?:no\s+wait|wait,?\s+no|forget\s+it|sorry,?\s+I\s+mean(?:t)?)\b[.,!:]*\s*", ""),
    _sub(r"\bpass(?:es)?\s+on\s+(?:this\s+one|the\s+auction)\b.*$", "pass"),
    _sub(r",\s*nothing\s+I\s+want\b.*$", ""),
    _sub(r";\s*not\s+\w+\s+yet\b[^.;]*", ""),
    _sub(r",\s*done\s*\.?$", ""),
    _sub(r"\s+and\s+won\s+it\b.*$", ""),
    _sub(r"\b(?:green|yellow)\s+minor\b", ""),
    _sub(r"\s*\(\s*bought\s+the\s+20%[^)]*\)", ""),
    _sub(r",\s*and\s+I'?ll\s+", ", and "),
    _sub(r"\b(?:at|for)\s+face(?:\s+value)?\s*(?:,\s*|\(\s*)([$₽]?\d+₽?)\s*\)?", r"for \1"),
    _sub(r"^\s*got\s+[^,]*,\s*so\s*:\s*", ""),
    _sub(r"^\s*I\s+have\s+priority,?\s*so\s*:?\s*", ""),
    _sub(r"^\s*train\s+buys\s*:\s*", ""),
    _sub(r";\s*I\s+think\b.*$", ""),
    _sub(r",\s*(?:[A-Z][a-z]+|she|he|they)(?:'s|\s+has)?\s+agreed\b.*$", ""),
    _sub(r"\s+-\s+(?=from\b)", " "),
    _sub(r"\s*\(\s*\+\s*[$₽]?\d+₽?\s*\)", ""),
    _sub(r"\s*\(\s*\d+\s+hexes\b[^)]*\)", ""),
    _sub(r"\bdeclines\s+nationali[sz]ation\b.*$", "declines to nationalize"),
    _sub(r"\bwon'?t\s+merge\b[^,]*,\s*pass\b\.?", "passes"),
    _sub(r"\bis\s+skipping\s+the\s+train\s+buy\b", "passes buy trains"),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*([A-Z][\w-]*)\s+([$₽]?\d+₽?)(?=\s*,)", r"\1 bids \3 on \2", 0),
    _sub(r"\b([A-Z][\w-]*)\s+par\s+(?:at\s+)?([$₽]?\d+₽?)", r"par \1 at \2", 0),
    _sub(r"\b(?i:par)\s+([A-Z][\w-]*)\s+([$₽]?\d+₽?)\b", r"par \1 at \2", 0),
    _sub(r"^\s*(?:a\s+)?([A-Z][A-Z0-9&-]+)\s+share\b", r"buy a \1 share", 0),
    _sub(r"\bopen(?:s|ing)?\s+the\s+auction\s+(?:of|for|on)\s+(?:the\s+)?", "bids on "),
    _sub(r"\bputs?\s+([A-Z][\w-]*)\s+up\s+for\s+auction\s+at\s+", r"bids on \1 at ", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+for\s+([$₽]?\d+₽?)(?=\s*,)", r"bid \2 on \1", 0),
    _sub(r",\s*I'?m\s+out\b.*$", ""),
    _sub(r"\s+so\s+(?:it|that)\s+(?:floats|starts|runs|operates)\b.*$", ""),
    _sub(r",?\s*(?:phase\s+\d+\s+(?:begins|starts)|triggering\b|with\s+the\s+track\b).*$", ""),
    _sub(r"\s*\(\s*I(?:'ll|'m|\s)[^()]*\)", ""),
    _sub(r"^\s*[A-Z][\w'-]*\s+contributes\s+[$₽]?\d+₽?\s+(?:from\s+(?:his|her|their)\s+own\s+(?:cash|money|pocket))?,?\s*(?:and\s+)?", "", 0),
    _sub(r"\b([A-Z][a-z]+)'s\s+(?=[A-Z][a-z])", "", 0),
    _sub(r"\s*\(\s*paying\s+(?:the\s+)?[$₽]?\d+₽?\s*\)", ""),
    _sub(r",\s*[A-Z][\w-]*\s+needs?\b.*$", "", 0),
    _sub(r"\s+before\s+\w+ing\b.*$", ""),
    _sub(r"\boff\s+(?=[A-Z])", "from ", 0),
    _sub(r",?\s*(?:and\s+)?(?:I'?m\s+|we'?re\s+)?(?:kept|keeps|keeping)\s+the\s+money\b.*$", "; withholds"),
    _sub(r"\s+(?:as\s+well|too|instead|again)(?=\s*[.!]?\s*$)", ""),
    _sub(r",?\s*(?:and\s+)?that'?s\s+(?:my\s+limit|it|all)\b.*$", ""),
    _sub(r"\s+and\s+will\s+wait\b.*$", ""),
    _sub(r"\s+(?:in|for)\s+(?:the|this)\s+(?:merger|stock|operating)\s+round\b", ""),
    _sub(r"^\s*([A-Z][\w'-]*)\s+is\s+now\s+on\s+[$₽]?\d+₽?\s+and\s+", r"\1 ", 0),
    _sub(r"\bdeclines?\s+to\s+buy\s+anything\s+and\s+passes(?:\s+the\s+round)?", "passes"),
    _sub(r"\b(?:doesn't|does\s+not)\s+convert\b[^-;,]*[-;,]\s*pass(?:es)?\b\.?", "passes"),
    _sub(r"\.\s+then\s+", ", then "),
    _sub(r"^\s*([A-Z][\w'-]*)\s+for\s+(?:the\s+)?([A-Z][\w-]*)\s*:\s*", r"\2: ", 0),
    _sub(r"\s+from\s+me\b", ""),
    _sub(r"\s+this\s+(?:time|turn)\b", ""),
    # gerunds the grammar has no word for
    _sub(r"\btaking\b", "takes"), _sub(r"\bgetting\b", "gets"), _sub(r"\bpicking\s+up\b", "picks up"),
    _sub(r"\bpick\s+up\b", "buy"),
    # common slips on move words
    _sub(r"\bselll+\b", "sell"), _sub(r"^\s*pas\s*$", "pass"),
    _sub(r"\bform\s+(?=(?:the\s+)?(?:ipo|pool|market|bank|depot|treasury)\b)", "from "),
    lambda s: re.sub(r"\b[a-z]{4,9}\b", _slip, s),
    lambda s: re.sub(r"\b(?:bys|biy|sel|fro|teh|rns|bis)\b", lambda m: _SHORT_SLIPS[m.group(0)], s),
    _sub(r"\botu\b", "out"), _sub(r"\bsahres?\b", "share"), _sub(r"\brotaton\b", "rotation"),
    _sub(r"^\s*by\s+(?=\d|one|a\b)", "buy "),
    # money: "20 roubles", "R95"
    _sub(r"(\d+)\s*(?:roubles|rubles|rub)\b", r"\1₽"),
    _sub(r"\bR(\d{2,})\b", r"₽\1", 0),
    # chat after the move: "over to Lev", "no money left :("
    _sub(r",?\s*(?:over\s+to|back\s+to|your\s+turn)\b.*$", ""),
    _sub(r"\s*(?::-?[()]|;-?\))", ""),
    _sub(r",\s*no\s+(?:money|cash)(?:\s+left)?\b", ""),
    # 1861 mergers and conversions as people write them
    _sub(r"\s*\(\s*(?:at|par|@)\s*[$₽]?\d+₽?\s*\)", ""),
    _sub(r"(?:[;,]|\s+and)\s*(?:I|[A-Z][a-z]+|he|she|they)\s+(?:take|takes|took|get|gets|got|receive|receives|received)\s+"
         r"the\s+(?:director|president)'?s?\s+(?:\d+%|(?:share|certificate|cert)\b).*$", ""),
    _sub(r"^\s*([A-Z][\w-]*)\s+(?:absorbs|absorbed|takes\s+over|took\s+over|swallows)\s+(?:the\s+)?([A-Z][\w-]*(?:\s[A-Z][\w-]*)?)\s+"
         r"and\s+becomes\s+(?:the\s+)?([A-Z][\w-]*)", r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(r"^\s*(?i:merge)\s+([A-Z][\w-]*)\s+with\s+([A-Z][\w-]*)\s+into\s+(?:the\s+)?([A-Z][\w-]*)",
         r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+merges\s+with\s+([A-Z][\w-]*)\s*[;,]\s*the\s+new\s+(?:company|major|corporation)\s+is\s+([A-Z][\w-]*)",
         r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+merges\s+with\s+([A-Z][\w-]*),?\s+then\s+the\s+group\s+becomes\s+(?:the\s+)?([A-Z][\w-]*)",
         r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+converts\s+and\s+becomes\s+(?:the\s+)?([A-Z][\w-]*)", r"\1 converts into \2", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+merges\s+with\s+([A-Z][\w-]*)\s+(?:to\s+form|into|forming)\s+(?:the\s+)?([A-Z][\w-]*)",
         r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(r"^\s*([A-Z][\w-]*),\s*([A-Z][\w-]*)\s+and\s+([A-Z][\w-]*)\s+merge\s+(?:into|to\s+form)\s+([A-Z][\w-]*)",
         r"Adding \2 to merge of \1; Adding \3 to merge of \1; \1 merges into \4", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+and\s+([A-Z][\w-]*)\s+(?:will\s+|are\s+going\s+to\s+)?merge\s+(?:into|to\s+form)\s+(?:the\s+)?([A-Z][\w-]*)",
         r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(r"^\s*convert(?:s|ing)?\s+([A-Z][\w-]*)\s+(?:into|to)\s+([A-Z][\w-]*)", r"\1 converts into \2"),
    # auctions: "NWR 90", "Warsaw-Vienna: 60", "70 for the MYR", "raise to 100 on NWR", "opening bid on X: 20"
    _sub(r"^\s*(?:raise|raising|up|go(?:ing)?)\s+(?:it\s+)?(?:to\s+)?([$₽]?\d+)\s+(?:on|for)\s+(.+)$", r"bid \1 on \2"),
    _sub(r"^\s*(?:raise|up)\s+(?:the\s+)?(.+?)\s+to\s+([$₽]?\d+)\s*$", r"bid \2 on \1"),
    _sub(r"^\s*(?:an?\s+)?opening\s+bid\s+(?:on|for)\s+(?:the\s+)?(.+?)\s*:\s*([$₽]?\d+₽?)\s*\.?$", r"bid \2 on \1"),
    _sub(r"^\s*auction\s+(?:the\s+)?(.+?),\s*(?:opening\s+)?bid\s+([$₽]?\d+₽?)\s*$", r"bid \2 on \1"),
    _sub(r"^\s*put\s+(?:up\s+)?(?:the\s+)?(.+?)\s+(?:up\s+)?(?:for\s+auction\s+)?(?:at|for)\s+([$₽]?\d+₽?)\s*\.?$", r"bid \2 on \1"),
    _sub(r"^\s*open(?:ing)?\s+(?:with\s+)?([$₽]?\d+₽?)\s+on\s+(.+)$", r"bid \1 on \2"),
    _sub(r"^\s*([$₽]?\d+₽?)\s+(?:for|on)\s+(?:the\s+)?(.+?)\s*\.?$", r"bid \1 on \2"),
    _sub(r"^\s*(?:the\s+)?([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})\s*:?\s+([$₽]?\d+₽?)\s*\.?$", r"bid \2 on \1", 0),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*([$₽]?\d+₽?)\s+(?:on|for)\s+(?:the\s+)?(.+?)\s*\.?$", r"\1 bids \2 on \3", 0),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*((?:the\s+)?[A-Z][\w'-]*)\s+([$₽]?\d+₽?)\s*\.?$", r"\1 bids \3 on \2", 0),
    _sub(r"^\s*([A-Z][\w-]*(?:\s+[A-Z][\w'-]*){0,3})\s+for\s+([$₽]?\d+₽?)\s*\.?$", r"bid \2 on \1", 0),
    _sub(r"\bauctions?\s+([A-Z][\w-]*),?\s+opening\s+(?:bid\s+)?(?:at\s+)?", r"bids on \1 at ", 0),
    _sub(r"\b(?i:raising)\s+(?:my\s+)?(?:bid\s+(?:on|for)\s+)?([A-Z][\w-]*)\s+(?:bid\s+)?to\s+", r"bid on \1 at ", 0),
    _sub(r"\bat\s+face(?:\s+value)?,?\s+", "for "),
    _sub(r"^\s*((?:[A-Z][\w'-]*\s?){1,4}),\s*([$₽]\d+|\d+₽?)\s*\.?$", r"bid \2 on \1", 0),
    _sub(r"^\s*(?!(?i:bids?|bidding|put|putting|puts|raise[sd]?|raising|go|going|offer|offering)\b)([A-Z][\w'-]*)\s+([$₽]?\d+₽?)\s+(?:for|on)\s+(?=[A-Z])",
         r"\1 bids \2 on ", 0),
    _sub(r"\bfor\s+R(\d+)\b", r"for ₽\1", 0),
    _sub(r"\b(?i:raising)\s+the\s+bid\s+(?:on|for)\s+(?:the\s+)?([A-Z][\w-]*)\s+to\s+", r"bid on \1 at ", 0),
    _sub(r"\braises?\s+(?:the\s+)?([A-Z][\w-]*)\s+to\s+", r"bids on \1 at ", 0),
    _sub(r"\b(?i:putting|put)\s+([$₽]?\d+₽?)\s+on\s+", r"bid \1 on ", 0),
    _sub(r"^\s*go\s+to\s+([$₽]?\d+₽?)\s+(?:for|on)\s+", r"bid \1 on "),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*(?:the\s+)?([A-Z][\w-]*)\s+for\s+([$₽]?\d+₽?)\s*\.?$", r"\1 bids \3 on \2", 0),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*([$₽]?\d+₽?)\s+([A-Z][\w-]*)\s*\.?$", r"\1 bids \2 on \3", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+at\s+([$₽]?\d+₽?),\s*I'?ll\s+take\s+it\.?$", r"bid \2 on \1", 0),
    _sub(r"^\s*([A-Z][\w-]*(?:\s[A-Z][\w-]*){0,3})\s+[-–—:]\s+I\s+bid\s+([$₽]?\d+₽?)\s*\.?$", r"bid \2 on \1", 0),
    _sub(r"\bat\s+the\s+minimum,?\s+", "at "),
    _sub(r"\bstart(?:s|ed)?\s+(?:the\s+)?([A-Z][\w-]*)\s+with\s+an?\s+([$₽]?\d+₽?)\s+bid\b", r"bids \2 on \1", 0),
    _sub(r"\bthe\s+minor\s+(?=[A-Z])", "", 0),
    _sub(r"\b([A-Z])[a-z]+-([A-Z])[a-z]+\s+minor\b", r"\1-\2", 0),
    _sub(r"\braises?\s+to\s+([$₽]?\d+₽?)\s+(?:for|on)\s+", r"bids \1 on "),
    _sub(r"\bstart\s+an\s+auction\s+(?:for|on)\s+(?:the\s+)?(.+?)\s+at\s+", r"bid on \1 at "),
    _sub(r"\bputs?\s+up\s+(?:the\s+)?([A-Z][\w-]*)\s+(?:for|at)\s+", r"bids on \1 at ", 0),
    _sub(r"\bat\s+face\s*\(\s*([$₽]?\d+₽?)\s*\)", r"for \1"),
    _sub(r"\b([A-Z][\w-]*)\s+private\b", r"\1", 0),
    _sub(r"\bthe\s+new\s+(?=[A-Z])", "the ", 0),
    _sub(r"\b([A-Z][\w-]*)\s+minor\b", r"\1", 0),
    # shares: "1 x CNoR from pool", "one more HBR", "GT: sell 20%", "X: buy one share"
    _sub(r"^\s*(\d+|one|a|an)\s*x?\s+(?=[A-Z])", r"buy \1 ", 0),
    _sub(r"^\s*(one|another|a\s+second|second|a\s+third|third)\s+(?:more\s+)?(?=[A-Z])", r"buy \1 ", _I),
    _sub(r"\b(one|two|\d)\s+more\b", r"\1"),
    _sub(r"^\s*((?i:one|two|three|four|\d))\s+([A-Z][\w-]*)\s+((?i:sold|bought))\b", r"\3 \1 \2", 0),
    _sub(r"([,;]\s*)((?i:one|two|three|four|\d))\s+([A-Z][\w-]*)\s+((?i:sold|bought))\b", r"\1\4 \2 \3", 0),
    _sub(r"\b((?i:sell|buy))\s+([A-Z][\w-]*)\s+(\d)\b(?!\s*(?:train|T\b|-))", r"\1 \3 \2", 0),
    _sub(r"\ball\s+(two|three|four|five|\d)\s+of\s+(?:my|his|her|their)\s+", r"\1 "),
    _sub(r"\s+and\s+(?:buys|takes|gets|bought|took|got)\s+the\s+(?:20\s*%|president'?s?(?:\s+(?:share|certificate|cert))?)(?:\s+for\s+[$₽]?\d+)?", ""),
    _sub(r"^\s*(?:I'd|I\s+would)\s+like\s+", "buy "),
    _sub(r"^\s*((?i:another|one\s+more|one|an?))\s+([A-Z][\w-]*)(?=\s*(?:share|from|$|\.))", r"buy \1 \2", 0),
    _sub(r"\bout\s+of\s+(?:the\s+)?(?=(?:bank\s+)?(?:pool|market|ipo|bank|treasury|depot))", "from the "),
    _sub(r",\s*(pool|ipo|market)\b(?=\s*(?:\.|$))", r" from the \1"),
    _sub(r"^(\s*(?:[A-Z][\w'-]*\s*:\s*)?(?:buy\s+)?\d+\s+[A-Z][\w-]*)\s+(ipo|pool|market)\s*$", r"\1 from the \2"),
    _sub(r"^(\s*[A-Z][\w'-]*)\s*:\s*(\d+)\s+([A-Z][\w-]*)\s+from\b", r"\1 buys \2 \3 from", 0),
    _sub(r"\b(the\s+(?:last|first|next)\s+)(ipo|pool|market)\s+share\s+of\s+([A-Z][\w-]*)", r"\1share of \3 from the \2"),
    _sub(r"\b(\d+)\s+percent\b", r"\1%"),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*([A-Z][\w-]*),\s*(\d+%),\s*(ipo|pool|market)\s*\.?$", r"\1 buys \3 of \2 from the \4", 0),
    _sub(r"\b1\s*x\s*10%\s+", "1 "),
    _sub(r"\b((?i:buys?)\s+(?:\d+%\s+(?:of\s+)?)?[A-Z][\w-]*)\s+((?i:ipo|pool|market))\b", r"\1 from the \2", 0),
    _sub(r"\b(buy\s+[A-Z][\w-]*)\s+((?i:ipo|pool|market))\b", r"\1 from the \2", 0),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*((?i:one|two|three|\d))\s+([A-Z][\w-]*)\s+((?i:sold|bought))\b", r"\1 \4 \2 \3", 0),
    _sub(r"\bshare\s+in\s+the\s+(ipo|pool|market)\b", r"share from the \1"),
    _sub(r"\bbuy\s+([A-Z][\w-]*)\s*[-–—,]\s*par\s+it\s+at\s+", r"par \1 at ", 0),
    _sub(r"\bpass(?:es)?\s+on\s+buying\s+(?:[A-Z][\w-]*\s+)?shares?\b", "passes"),
    _sub(r"\b(\d+%)\s+(?=[A-Z])", r"\1 of ", 0),
    _sub(r"\s+to\s+the\s+(?:bank\s+)?(?:pool|market)\b", ""),
    _sub(r"\bgrab(?:s|bing|bed)?\b", "buys"),
    _sub(r"\bone\s+of\s+its\s+shares\b", "one share"),
    _sub(r"\btakes?\s+\w+\s+loans?\s+to\s+buy\b", "buys"),
    _sub(r"\s+and\s+takes\s+the\s+(?:prez|pres|president'?s?)\s+(?:cert(?:ificate)?|share)\b", ""),
    _sub(r"\b(?:his|her|my|their)\s+([A-Z][\w-]*)\s*\((\d)\s+shares?\)", r"\2 \1"),
    _sub(r"\bbuys?\s+back\s+", "redeems "),
    _sub(r"\s+after\s+the\s+(?:conversion|merger)\b", ""),
    _sub(r"\b(buy\s+(?:one|a|an|\d)\s+[A-Z][\w-]*)\s+(ipo|pool|market|treasury)\b", r"\1 from the \2"),
    _sub(r"^\s*([A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3})\s*:\s*(sell|buy)\s+(\d+%|one|a|\d+)\s*(?:shares?)?\s*$", r"\2 \3 share of \1", 0),
    _sub(r"\s*\(\d+%\)(?=\s+from\b)", ""),
    _sub(r"\b(\d+)\s+10%\s+(?:certificates?|shares?)\s*\((\d+%)\)", r"\2"),
    _sub(r"\b(shares?|certificates?)\s*\(\d+%\)", r"\1"),
    _sub(r"\b(sell)\s+([A-Z][\w&'-]*)\s*\((\d)\)", r"\1 \3 \2", _I),
    _sub(r"\(\s*(from\s+(?:the\s+)?(?:ipo|pool|market|bank))\s*\)", r"\1"),
    _sub(r"\(\s*(?:the\s+)?(ipo|pool|market|bank\s+pool)\s*\)", r"from the \1"),
    _sub(r"\b(?:-\s*)?(?:,\s*)?(?:and\s+)?that\s+(?:gives|makes)\s+me\s+(?:the\s+)?(?:president|directorship|director)\b\.?",
         " and becomes president"),
    # pars: "buying the president's certificate of GT at $100", "float QLL: par 71"
    _sub(r"\b(buys?|buying|bought|takes?)\s+(?:the\s+)?president'?s\s+(?:certificate|share|cert)\s+(?:of|in)\s+([A-Z][\w-]*)\s+(?:at|for)\s+",
         r"pars \2 at "),
    _sub(r"^\s*float\s+([A-Z][\w-]*)\s*:\s*par\s+", r"par \1 at "),
    _sub(r"\bcert\s+(of|in)\b", r"certificate \1"),
    _sub(r"(\bat\s+[$₽]?\d+)\s+par\b", r"\1"),
    _sub(r"\s+and\s+buy\s+the\s+president'?s\s+(?:share|certificate)\b", ""),
    _sub(r"(\b(?:pars?|starts?|starting)\s+([A-Z][\w-]*)\s+(?:at\s+)?[$₽]?\d+₽?)\s*(?:,\s*|\s+with\s+|\s+)(?:(?:its|the|a)\s+)?"
         rf"(?:(?:(?:home|base)\s+(?:token\s+|station\s+)?|token\s+|station\s+)?(?:in|on|at)\s+|home\s+|station\s+)({_HEXP})\b",
         r"\1; \2 places a token on \3"),
    _sub(r"\s+and\s+then\s+", ", then "),
    _sub(r"^\s*(?!(?i:lays?|laid|laying|upgrades?|upgraded|places?|placed|puts?|builds?|built|tile)\b)([A-Z][\w-]*)\s+(?=#\d)", r"\1: ", 0),
    _sub(r"\b(\d|D)T\s+(?:from\s+)?(?:the\s+)?depot\s+([$₽]?\d+)\b", r"buys a \1 train from the depot for \2"),
    _sub(r",?\s*dividend\s+paid\b", "; pays out"),
    _sub(r"\bpaying\s+out\s+[$₽]?\d+\b", "pays out"),
    _sub(r"\bthen\s+a\s+second\s+(\d|D)\s*-?\s*train\s+from\b", r"then buys a \1 train from"),
    _sub(rf"\bfor\s+([$₽]?\d+)\s*\(((?:{_HEXP}-)+{_HEXP})\)", r"\2 for \1"),
    _sub(r",\s*([A-Z][\w-]*)\s+an?\s+(\d|D)\s*(?:-?\s*train)?\s*\.?$", r", \1 buys a \2 train", 0),
    _sub(r"(^|[.;:]\s*)(\d|D)\s*-?\s*train\s+runs\s+", r"\1runs \2 train "),
    _sub(rf"\bruns\s+((?:{_HEXP}-)+{_HEXP})\s+(for\s+[$₽]?\d+₽?)\s+with\s+the\s+(\d|D)\b", r"runs \3 \1 \2"),
    _sub(r"\bthen\s+the\s+(\d|D)\s+runs\s+", r"then runs \1 "),
    _sub(r"\ba\s+train\s*\((\d|D)\)", r"a \1 train"),
    _sub(r"\bpasses\s+(?:its|the)\s+tile\s+lay\b", "passes lay track"),
    _sub(r"\buses\s+its\s+neutral\s+token\s+(?:in|on|at)\s+", "places its neutral token on "),
    _sub(r"^\s*([A-Z][\w'-]*)\s+tokens\s+(.+?)\s+with\s+([A-Z][\w-]*)\.?$", r"\3 places a token on \2", 0),
    _sub(r"\bconverts?\s*(?:->|→|=>)\s*([A-Z][\w-]*)", r"converts into \1", 0),
    _sub(r"\bconverts?\s*[;,]\s*(?:the\s+)?new\s+major\s+is\s+([A-Z][\w-]*)", r"converts into \1", 0),
    _sub(rf"\b({_PLACE})\s+-\s+(?={_PLACE}\b)", r"\1-", 0),
    _sub(r"\blays?\s+track\s*:\s*", "lays "),
    _sub(r"\btile\s+(R\d)\b", r"#\1"),
    _sub(rf"\b(\d+)\s*@\s*({_HEXP})\b", r"lays #\1 on \2"),
    _sub(rf"(^|[:;,.]\s*)(?:lay\s+)?#(\d+[A-Za-z]?)\s+({_HEXP})\b", r"\1lays #\2 on \3"),
    _sub(r"\b(?:in|on)\s+its\s+home\s+(?:hex\s+)?", "on "),
    _sub(r"^\s*no\s+tile\s+for\s+([A-Z][\w-]*)\b[^,;.]*", r"\1 passes lay track"),
    _sub(r"^\s*no\s+merger\s+for\s+([A-Z][\w-]*)\b[^,]*,\s*pass\b\.?", r"\1 passes"),
    _sub(r"\bboth\s+(twos|threes|fours|fives|sixes)\b",
         lambda m: "both " + {"twos": "2", "threes": "3", "fours": "4", "fives": "5", "sixes": "6"}[m.group(1).lower()] + "s"),
    _sub(r"\b(?:runs?|ran)\s+(?:its\s+|the\s+)?(?:two|both|2)\s+(\d)?s?(?:\s*-?\s*trains?)?,?\s+(?:for\s+)?(\d+)\s+and\s+(\d+)",
         lambda m: f"runs the {m.group(1) or '2'} for {m.group(2)} and the {m.group(1) or '2'} for {m.group(3)}"),
    _sub(r",\s*paid\s+out\b", "; pays out"),
    _sub(r"\bfrom\s+the\s+(bank|depot)\.\s*([$₽]?\d+)\.?$", r"from the \1 for \2"),
    _sub(r"\s*\(\s*[A-Z][a-z.]+(?:\s[A-Z][a-z]+)?\s+to\s+[A-Z][a-z.]+(?:\s[A-Z][a-z]+)?\s*\)", "", 0),
    _sub(r"\bbuys\s+([A-Z][\w-]*)\s*\(\s*([$₽]?\d+)\s*\)\s+and\s+([A-Z][\w-]*)\s*\(\s*([$₽]?\d+)\s*\)",
         r"buys \1 for \2, buys \3 for \4", 0),
    _sub(r"\btakes?\s+\w+\s+loans?\s+to\s+(?:pay\s+for|afford)\s+", "buys "),
    _sub(r"^\s*([A-Z][\w-]*)\s+has\s+no\s+trains?\b[^-;,]*[-;,]\s*I\s+choose\s+to\s+nationali[sz]e\s+it\b\.?",
         r"\1 chooses nationalize", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+merges\s+([A-Z][\w-]*),?\s+forming\s+(?:the\s+)?([A-Z][\w-]*)",
         r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(rf"^\s*([A-Z][\w-]*)\s+(?:runs|ran)\s+({_HEXP}|{_PLACE})\s+to\s+({_HEXP}|{_PLACE})(?=\s+(?:for|=))(?!.*\bwith\s+its\b)",
         r"\1: \2->\3", 0),
    _sub(r"(\bpars?\s+[A-Z][\w-]*\s+at\s+[$₽]?\d+₽?)\s+and\s+puts\s+(?:the|its)\s+home\s+(?:station|token)\s+(?:in|on|at)\s+",
         r"\1 in "),
    _sub(r"\btoken\s+none\b", "pass place a token"),
    _sub(r"\bdoes(?:n't|\s+not)\s+place\s+a\s+token\b", "passes place a token"),
    _sub(r"\bpass(?:es)?\s+on\s+buying\s+(?:a\s+)?trains?\b", "passes buy trains"),
    _sub(r"\bbuys?\s+nothing\b", "passes"),
    _sub(r";\s*(\d|D)T?\s*\.?$", r"; buys a \1 train"),
    _sub(rf"(\b(?:on|at|in)\s+({_HEXP})\b[^;]*?\blays?\s+#?\d+[A-Za-z]?)\s+there\b", r"\1 on \2"),
    _sub(r"\bhands?\s+in\s+(?:its|the)\s+(\d)\s+and\s+buys\s+(?:a|an|the)\s+(\d|D)(?:\s*-?\s*train)?(\s+for\s+[$₽]?\d+)?",
         r"buys a \2 train\3, trading in its \1"),
    _sub(r"\b(a|the)\s+(\d|D)\s*\(\s*([$₽]?\d+)\s*\)", r"\1 \2 train for \3"),
    _sub(r"\bruns?\s+(?:its\s+|the\s+)?(?:two|both)\s+(\d)(?:s|-trains|\s+trains)\s+for\s+(\d+)\s*(?:and|\+)\s*(\d+)",
         r"runs the \1 for \2 and the \1 for \3"),
    _sub(r"\bruns?\s+(?:its\s+|the\s+)?(?:two|both)\s+(\d)(?:s|-trains|\s+trains)\s+for\s+(\d+)\s+each",
         r"runs the \1 for \2 and the \1 for \2"),
    _sub(r"\bpays?\s+out\s+in\s+full\b", "pays out"),
    _sub(r";\s*[$₽]?\d+\s+paid\s+out\b", "; pays out"),
    _sub(r":\s*(\d|D)\s+runs\s+", r": runs \1 "),
    _sub(r"\band\s+the\s+(\d)\s+runs\s+", r"and \1 "),
    _sub(r"\bruns\s+(.+?)\s+(for\s+[$₽]?\d+₽?)\s+with\s+its\s+(\d)\s*-?\s*train\b", r"runs \3 train \1 \2"),
    _sub(rf"\b[A-Z][a-z]+\s+to\s+[A-Z][\w. ]+?\s*\(((?:{_HEXP}-)+{_HEXP})\)", r"\1", 0),
    _sub(rf"\b(\d)\s*(?:-?\s*train)?\s+({_HEXP}|{_PLACE})\s+to\s+({_HEXP}|{_PLACE})\s+(for|=)", r"\1 train from \2 to \3 \4", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s*\+\s*([A-Z][\w-]*)\s*(?:->|→|=>)\s*([A-Z][\w-]*)\s*$", r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(r"^\s*(?i:merge)\s+([A-Z][\w-]*)\s+and\s+([A-Z][\w-]*)\s+into\s+(?:the\s+)?([A-Z][\w-]*)", r"Adding \2 to merge of \1; \1 merges into \3", 0),
    _sub(r"^(\s*[A-Z][\w-]*)\s+[-–—]\s+(?=#?\d)", r"\1: "),
    _sub(r"\s+[-–—]\s+(?=(?:pays?|paid|withh|buys?|bought|runs?|ran|lays?|laid|sells?|sold|pass|tokens?|places?|full|payout|half|splits?)\b)", "; "),
    _sub(rf"\b({_HEXP}|[A-Z][a-z]+)\s+-\s+(?={_HEXP}\b)", r"\1-"),
    _sub(rf"\b({_HEXP})\s+-\s+(?=[A-Z][a-z]+)", r"\1-"),
    _sub(r"(\b(?:lays?|laid|puts?|put|places?)\s+(?:an?\s+)?#?\d+[A-Za-z]?\s+(?:on|in|at)\s+[A-Z]{1,2}\d{1,2}[^,;.]*?)\s+and\s+(?:an?\s+)(?=#?\d)",
         r"\1, lays "),
    _sub(r"(\bupgrades?\s+\S+(?:\s[A-Z]\S*)?)\s+with\s+(?:the\s+)?#?(\d+)\b", r"\1 to #\2"),
    _sub(rf"(^|[:;,.]\s*)#?(\d+[A-Za-z]?)\s+({_HEXP})\s+(?=r\d|rot)", r"\1lays #\2 on \3 "),
    _sub(r"(^|[:;,.]\s*)home\s+(?:token\s+|station\s+)?(?:(?:in|on|at)\s+)?([A-Z]{1,2}\d{1,2})\b", r"\1places a token on \2"),
    _sub(r"\btoken\s+to\s+(?=[A-Z]{1,2}\d)", "token on ", 0),
    _sub(r"(\btoken\s+(?:on\s+|in\s+)?[A-Z]{1,2}\d{1,2})\s+([$₽]\d+)", r"\1 for \2", 0),
    _sub(r"(\b[A-Z]{1,2}\d{1,2}\)?)\s*,\s*cost\s+", r"\1 for "),
    _sub(r"\bplaces\s+no\s+token\b", "passes place a token"),
    _sub(r"\b(?:passes|skips)\s+(?:on\s+)?(?:the\s+)?(?:track|tile)\s+and\s+(?:on\s+)?the\s+token\b",
         "passes lay track, passes place a token"),
    _sub(r"\bpasses\s+(?:on\s+)?(?:the\s+)?track\b", "passes lay track"),
    _sub(r"\bpass(?:es)?\s+on\s+the\s+token\b", "passes place a token"),
    _sub(r"\b(paid|pays?)\s+it\s+(?:all\s+)?out\b", "pays out"),
    _sub(r"\b(?:paid|pays?)\s+it\s*(?=[.,;!]|$)", "pays out"),
    _sub(r"\b(splits?|split)\s+it\b", r"\1"),
    _sub(r",\s*pay\s*(?=,|;|$)", "; pays out"),
    _sub(rf"((?:{_HEXP}|[A-Z][a-z]+)(?:-(?:{_HEXP}|[A-Z][a-z]+))+)\s+([$₽]?\d{{2,}})\b(?!\s*%)", r"\1 for \2"),
    _sub(r"\b(\d)\s+T\b", r"\1T", 0),
    _sub(r"\bfrom\s+(?:the\s+)?depot\s+([$₽]?\d+)\b", r"from the depot for \1"),
    _sub(r"\bfor\s+1\s+dollar\b", "for $1"),
    _sub(r"(\b(?:trains?|T)\b)\s*\(\s*([$₽]?\d+)₽?\s*\)", r"\1 for \2"),
    _sub(r"(?:,\s*)?\bthen\s+another\s+(\d|D)\b(?:\s*-?\s*train)?", r", buys a \1 train"),
    _sub(r"\band\s+the\s+other\s+(\d)\b", r"and \1"),
    _sub(r",?\s*paying\s+[$₽]?\d+₽?\s+for\s+the\s+(?:second|2nd|extra)\s+(?:lay|tile)\b", ""),
    _sub(r"\s+for\s+the\s+extra\s+[$₽]?\d+₽?", ""),
    _sub(r"\btrades?\s+in\s+(?:its|the|a)\s+(\d|D)(?:\s*-?\s*train)?\s+for\s+(?:a|an|the)\s+(\d|D|Diesel)(?:\s*-?\s*train)?,?\s+(?:(?:paying|for|at)\s+)?([$₽]?\d+)",
         r"buys a \2 train for \3, trading in its \1"),
    _sub(r"\b([A-Z][A-Z-]{0,4})\s*\([A-Z][a-z]+\)", r"\1", 0),
    _sub(rf"\b[A-Z][a-z]+\.?(?:\s+[A-Z][a-z]+)?\s*\(({_HEXP})\)", r"\1", 0),
    _sub(r"\bsits?\s+out\b.*$", "passes"),
    _sub(r"\b(splits?|withholds?|pays?\s+out)\s+the\s+(?=[$₽]?\d)", r"\1 "),
    _sub(r"\bpass(es)?\s+on\s+([A-Z][\w-]*)\s+shares?\b", r"pass\1", 0),
    _sub(r"\b(?:takes?|took)\s+(?:a|one|two|three|\d)\s+loans?\s+(?:to\s+pay\s+for\s+[^,;.]*?\s+)?and\s+", ""),
    _sub(r"\b(?i:start|starts|starting|open|opens|opening)\s+(?:the\s+)?([A-Z][\w-]*)\s+with\s+a\s+bid\s+of\s+", r"bid on \1 at ", 0),
    _sub(r"\b(?:the\s+)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?\s*\(([A-Z][A-Z-]{0,4})\)", r"\1", 0),
    _sub(r"\b([A-Z][A-Z-]{0,4})\s*\([A-Z][a-z]+(?:-[A-Z][a-z]+)+\)", r"\1", 0),
    _sub(r"\s*\(\s*[$₽]?\d+₽?\s+(?:extra|more|for\s+the\s+(?:second|2nd|extra)\s+tile)\s*\)", ""),
    _sub(r"\bruns\s+(?:both|all|all\s+its|its|all\s+three|all\s+\d)\s+trains\s*:\s*", "runs "),
    _sub(rf"\bruns\s+({_TRAIN})s\s*:?\s*((?:{_HEXP}-)+{_HEXP}\s+(?:for|=)\s+\d+)\s+and\s+((?:{_HEXP}-)+{_HEXP}\s+(?:for|=)\s+\d+)",
         r"runs \1 \2, \1 \3"),
    _sub(rf"([,;:.]\s*)({_TRAIN}\s*(?:-?\s*trains?|T)\s+(?:(?:{_HEXP}|[A-Z][a-z]+)-)+(?:{_HEXP}|[A-Z][a-z]+))", r"\1runs \2"),
    _sub(rf"(\b(?:on|at|in)\s+({_HEXP})\b[^;]*?)(?:,\s*|\s+and\s+)token\s+there\b", r"\1, token \2"),
    _sub(rf"(\b(?:on|at|in|upgraded|upgrades)\s+({_HEXP})\b[^;]*?)(?:,\s*|\s+and\s+)(?:puts?|places?|drops?)\s+(?:a|its)\s+(?:neutral\s+)?(?:token|station)\s+there\b",
         r"\1, places a token on \2"),
    # track: "tile 57 in G11", "D6: #57 rot 2", "K3 #57", "green #24", "to a #63", "9 at D12 and 9 at I9"
    _sub(rf"(^|[:;,.]\s*(?:then\s+)?)(?:tile\s+)?#?(\d+[A-Za-z]?)\s+(?:in|on|at)\s+({_HEXP}\b|[A-Z][a-z]+(?=\s+(?:r\d|rot)))",
         r"\1lays #\2 on \3"),
    _sub(rf"(^|[:;,]\s*)({_HEXP})\s*:?\s+#(\d+[A-Za-z]?)\b", r"\1lays #\3 on \2"),
    _sub(r"\((rot(?:ation)?\.?\s*\d)\)", r"\1"),
    _sub(r"\b(?:yellow|green|brown|gr[ae]y)\s+(?=#?\d)", ""),
    _sub(r"\bto\s+(?:an?|the)\s+(?=#?\d)", "to "),
    _sub(r"\bto\s+(R\d)\b", r"to #\1"),
    _sub(r"\bdrops?\s+(?:the|a|its|their)\s+(\d|D)(?:\s*-?\s*train)?\b", r"discards the \1 train"),
    _sub(r"\bdrops?\s+(?=(?:a|an|its|the|one)\s+(?:free\s+)?(?:neutral\s+)?(?:token|station|marker))", "places "),
    _sub(r"\b(places\s+its)\s+free\s+", r"\1 "),
    _sub(r"\blays\s+(R\d)\b", r"lays #\1"),
    _sub(rf"\s+and\s+(?:then\s+)?(?:tile\s+)?(#?\d+[A-Za-z]?)\s+(in|on|at)\s+(?={_HEXP}\b)", r", lays \1 \2 "),
    # steps passed: "no tile", "no token", "no train purchase for QLL", "passes on laying track"
    _sub(r"\bno\s+(?:track|tiles?|tile\s+lay|track\s+lay)\b(?:\s+(?:this\s+turn|laid))?", "pass lay track"),
    _sub(r"\bno\s+(?:token|station)s?\b", "pass place a token"),
    _sub(r"^\s*no\s+train\s+(?:purchase|buy)s?\s+for\s+([A-Z][\w-]*)", r"\1 passes buy trains"),
    _sub(r"\bno\s+train\s+(?:purchase|buy)s?\b", "pass buy trains"),
    _sub(r"\bpass(es|ed)?\s+on\s+laying\s+track\b", r"pass\1 lay track"),
    _sub(r"\bno\s+merger\b", "pass"),
    # runs and dividends
    _sub(r"(?:,\s*|\s+and\s+)(?:paying\s+a\s+dividend|pays?\s+a\s+(?:full\s+)?dividend|paid\s+a\s+(?:full\s+)?dividend|full\s+payout|pay(?:s|ing)?\s+(?:it\s+)?(?:all\s+)?out)\b\.?", "; pays out"),
    _sub(r"\bfull\s+payout\b", "pays out"),
    _sub(r"\b(?:is\s+)?keep(?:s|ing)?\s+the\s+[$₽]?\d+₽?", "withholds"),
    _sub(r"\s*\(\s*withh\w*\s*\)", ""),
    _sub(r"(\d)\s*,\s*pay(?:s)?\s*\.?\s*$", r"\1; pays out"),
    _sub(r"(\d)\s+pay\s*$", r"\1; pays out"),
    _sub(r",\s*half\s+pay\b", "; pays half"),
    _sub(r"(\d)\s+pays\s*$", r"\1; pays out"),
    _sub(r"(\d)\s*,?\s+(?:paid(?:\s+out)?|pay\s+out)\s*\.?\s*$", r"\1; pays out"),
    _sub(r"(\d)\s*,?\s+(?:withheld|kept)\s*\.?\s*$", r"\1; withholds"),
    _sub(r",?\s*(?:and\s+)?(?:kept|keeps|keeping)\s+the\s+money\b", "; withholds"),
    _sub(r"\b(\d+)\s+with\s+the\s+[\w' ]+?bonus\b", r"\1"),
    _sub(rf"((?:{_HEXP}|[A-Z][a-z]+)(?:-(?:{_HEXP}|[A-Z][a-z]+))+)\s*\(\s*[$₽]?(\d+)₽?\s*\)", r"\1 for \2"),
    _sub(rf"({_HEXP})\s*\([A-Z][\w ]+\)(?=-)", r"\1"),
    _sub(rf"\b((?:{_HEXP}|[A-Z][a-z]+))\s+to\s+((?:{_HEXP}|[A-Z][a-z]+))\s+via\s+(.+?)(?=\s*,\s*[$₽]?\d|\s+(?:for\b|=))",
         lambda m: f"{m.group(1)}-{'-'.join(p.strip() for p in re.split(r',|and', m.group(3)))}-{m.group(2)}"),
    _sub(r"(?:,\s*)?\btotal\s+\d+\b,?", ""),
    # "OK runs Odessa-Kiev for 60": no train written, the route is the corporation's (asked
    # unless it owns trains of one kind)
    _sub(rf"^\s*([A-Z][\w-]*)\s+(?:runs|ran|has\s+run)\s+((?:{_HEXP}|{_PLACE})(?:\s*-\s*(?:{_HEXP}|{_PLACE}))+)(?=\s+(?:for|=)|\s*,\s*[$₽]?\d)",
         lambda m: m.group(1) + ": " + _ARROWS.sub("->", m.group(2))),
    _sub(r"\b(?:2nd|second|other|3rd|third)\s+(?=\d\s*-?\s*train\b)", ""),
    _sub(r"\bdoes(?:n't|\s+not)\s+buy\s+(?:a\s+|any\s+)?trains?\b", "passes buy trains"),
    _sub(rf"\bfrom\s+((?:{_HEXP}|[A-Z][\w.' ]+?))\s+(?:via|through)\s+(.+?)\s+to\s+((?:{_HEXP}|[A-Z][\w.' ]+?))(?=\s+(?:for|=)\b)",
         lambda m: f"{m.group(1)}-{'-'.join(p.strip() for p in re.split(r',|and', m.group(2)))}-{m.group(3)}"),
    _sub(rf"\bruns\s+((?:{_HEXP}-)+{_HEXP})\s+with\s+the\s+({_TRAIN})\b", r"runs \2 \1"),
    _sub(rf"\b({_TRAIN})\s*:\s+((?:{_HEXP}-)+{_HEXP})\s*\((\d+)\)", r"\1 \2 for \3"),
    _sub(r"\)\s*=\s*\d+\b", ")"),
    _sub(r"(\bfor\s+[$₽]?\d+)\s*=\s*[$₽]?\d+\b", r"\1"),
    _sub(rf"((?:(?:{_HEXP}|{_PLACE})(?:->|-))+(?:{_HEXP}|{_PLACE}))\s*,\s*([$₽]?\d+₽?)(?=\s*(?:[,;.]|$|roubles))", r"\1 for \2"),
    # trains: "HBR's 5 train", "takes a 3 off CN", "KB's old 2", "two 2-trains", "2T, 2T and a 3T"
    _sub(rf"\b(?:the\s+)?([A-Z][\w-]*)'s\s+(?:old\s+)?({_TRAIN})(\s*-?\s*trains?|T\b)?", r"a \2 train from \1"),
    _sub(rf"\btakes?\s+(?:an?\s+)?({_TRAIN})(?:\s*-?\s*trains?)?\s+off\s+", r"buys a \1 train from "),
    _sub(rf"(\b{_TRAIN}\s*-?\s*(?:trains?|T))\s+from\s+(?:the\s+)?ipo\b", r"\1 from the depot"),
    lambda s: _TRAINS_AFTER_BUY.sub(_trains_list, s),
    _sub(rf",?\s+and\s+(an?\s+{_TRAIN})(?:\s*-?\s*train)?\s+from\b", r", buys \1 train from"),
    _sub(rf"(;\s*|:\s*|,\s*|\.\s*|^)(?:an?\s+)?({_TRAIN})\s*(?:-?\s*trains?|T\b)\s+from\s+(?:the\s+)?(depot|bank)\b", r"\1buys a \2 train from the \3"),
    _sub(r"(\b(?:trains?|T)\b)\s*,\s*([$₽]?\d{2,}₽?)\s*$", r"\1 for \2"),
    # remarks in brackets that state nothing checkable are chat
    # (lower case, no figures, no move word: "(double face)", "(sorry, late)")
    _sub(r"\s*\((?![^)]*[\dA-Z])(?![^)]*\b(?:pay|paid|withh|hold|keep|kept|buy|bought|sell|sold|run|ran|lay|laid|"
         r"token|pass|bid|par|split|half|rot|city|slot)\w*)[^()]*\)", "", 0),
    _sub(r"\s*\((?![^)]*\d)(?![^)]*\b(?:pay|paid|withh|hold|keep|kept|buy|bought|sell|sold|run|ran|lay|laid|"
         r"token|pass|bid|par|split|half|rot|city|slot|cities|president|director)\w*)[^()\s]+\s+[^()\s]+\s+[^()]*\)", "", _I),
    _sub(r"(?<![A-Z]\d)(?<![A-Z]\d\d)\s*\((?![^)]*\d)(?![^)]*\b(?:pay|paid|withh|hold|keep|kept|buy|bought|sell|sold|run|ran|lay|laid|"
         r"token|pass|bid|par|split|half|rot|city|slot|cities)\w*)[a-z]+\s[^()]*\)", "", _I),
]


#: words that make a line a plan, a doubt or a condition rather than a move
_DOUBT = re.compile(r"\b(?:might|maybe|perhaps|probably|possibly|thinking\s+(?:of|about)|considering|planning|"
                    r"if|unless|whether|should\s+I|shall\s+I|could\s+I|would\s+(?:you|anyone|it))\b", re.I)


def _pairs(text: str, pairs: Mapping[str, str]) -> str:
    """A railway named after the two places it joins, written where a company is started or
    bid on ("starts Odessa-Kiev at 100", "bids 100 on the Moscow-Voronezh"), as its short
    form ("O-K"; `pairs` maps the short forms to the full names). Places are matched by
    their initials, so another spelling of a place ("Kharkov" for "Kharkiv") is read too; in
    a route the same words stay two places."""
    def one(m: re.Match) -> str:
        short = f"{m.group(2)}-{m.group(3)}"
        return m.group(1) + short if short in pairs else m.group(0)
    return re.sub(r"(\b(?i:starts?|starting|started|opens?|opening|opened|on|for|the)\s+)"
                  r"([A-Z])[a-z]+\s*-\s*([A-Z])[a-z]+\b(?!\s*[-(])(?!\s+(?i:railway|railroad|rly)\b)", one, text)


@functools.lru_cache(maxsize=16)
def _stops_pattern(names: tuple) -> tuple[re.Pattern, dict]:
    """One regex for a run of stops (hexes or the given place names) joined by dashes, arrows,
    "to", "via", "through", commas or "and"; and the place names by their lower-case form."""
    alts = sorted({n for n, _ in names}, key=len, reverse=True)
    place = "|".join(r"[\s.]+".join(re.escape(w) for w in re.split(r"[\s.]+", n) if w) for n in alts)
    stop = rf"(?:{_HEXP}\b|(?:{place})(?![\w']))"
    join = r"\s*(?:-|–|—|->|→|\bto\b|\bvia\b|\bthrough\b|,|\band\b)\s*"
    return re.compile(rf"(?<![\w'])({stop}(?:{join}{stop})+)", re.I), {re.sub(r"[\s.]+", " ", n.lower()): h for n, h in names}


def _route_places(text: str, places: Mapping[str, str]) -> str:
    """Places named in a route stand for their hexes: "runs Moscow-G5-St Petersburg for 80" ->
    "runs H8-G5-E1 for 80". Only a run of two stops or more, after a run word ("runs", "ran",
    "2 train", "4T") in the same sentence or before its revenue ("for 80", "= 80", ", 80")."""
    rx, by_name = _stops_pattern(tuple(sorted(places.items())))

    def one(m: re.Match) -> str:
        before = re.split(r"[.;]\s", text[:m.start()])[-1]
        after = text[m.end():]
        ran = re.search(r"\b(?:runs?|ran|running|trains?|\d\s*T)\b|\b\d\s*-?\s*train", before, re.I)
        dealt = re.search(r"\b(?:buy|bought|sell|sold|bid|par|open|start|auction|exchange|trade)\w*|'s\s*$", before, re.I)
        if not (ran or (re.match(r"\s*(?:for|=|,)\s*[$₽]?\d", after, re.I) and not dealt)):
            return m.group(0)
        stops = re.sub(r"[A-Za-z][\w'.]*(?:[\s.]+[A-Za-z][\w'.]*)*",
                       lambda w: _hexes_of(w.group(0), by_name), m.group(0))
        if not re.search(r"\bvia\b", stops, re.I) and not re.search(r"\b(?:from|via)\b", before, re.I):
            stops = re.sub(r"\s*(?:->|→|\bto\b)\s*", "-", stops, flags=re.I)
        return re.sub(r"\s*(?:-|–|—)\s*", "-", stops)
    return rx.sub(one, text)


def _hexes_of(words: str, by_name: Mapping[str, str]) -> str:
    """Words inside a run of stops with every place name in them turned into its hex."""
    key = re.sub(r"[\s.]+", " ", words.lower()).strip()
    if key in by_name:
        return by_name[key]
    parts = re.split(r"(\s+(?:to|via|through|and)\s+)", words, flags=re.I)
    if len(parts) > 1:
        return "".join(p if i % 2 else _hexes_of(p, by_name) for i, p in enumerate(parts))
    return words


def paraphrase(line: str, pairs: Optional[Mapping[str, str]] = None,
               places: Optional[Mapping[str, str]] = None) -> Optional[str]:
    """The line reworded into the notation's own words, or None when no rule applies (or the
    line is doubt, a plan or a condition: "I might ...", "if ...", "maybe ...": never a move).

    `pairs` maps the short forms of the railways named after two places to their names
    ("O-K" -> "Odessa-Kiev Railway"), from the context's corporations; `places` maps place
    names to their hexes, for routes written with places."""
    if _DOUBT.search(line) or (line.strip().endswith("?") and len(_SENTENCE.split(line)) < 2):
        return None
    text = _pairs(line, pairs) if pairs else line
    text = _route_places(text, places) if places else text
    for rule in RULES:
        text = rule(text)
    text = re.sub(r";\s*;|\.\s*;", ";", text)
    text = re.sub(r"\s{2,}", " ", text).strip()
    text = re.sub(r"[\s,;:!]*[,;:!][\s,;:!.]*$", "", text)
    return text if text != line.strip() else None
