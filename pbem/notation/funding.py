"""Money told around a move: a sale that funds a train made first, a loan beside a buy set aside (the
game takes it; how many is a claim), and a company buying back its own shares ("GRR redeems one of its shares")."""
from __future__ import annotations

import re

from pbem.engine.actions import BuyShares

from .share_quantity import one_per_share
from .lazy import regex

__all__ = ["BUYS_BACK", "loans_aside", "loans_told", "put_in_for_train", "redeem_word", "redemption", "sale_first"]

#: the purchase the sale pays for: a train bought ("buys a D", "bought the 6 from the depot")
_TRAIN_BUY = regex(r"\b(?:buys?|bought|buying|purchases?|purchased|purchasing)\b[^,;.]*?"
                        r"(?:\btrains?\b|\b[2-8DE]\b|\b\d\s*-?\s*T\b|\d\+\d)", re.I)
#: the sale told last, with what it is for: ", Bob sells 2 GT to fund it", " and Priya sold 2 PRR to raise the cash"
_SALE_FOR_IT = regex(
    r"(?P<sep>\s*[,;]\s*(?:and\s+)?|\.\s+|\s+and\s+)"
    r"(?P<sale>(?:(?-i:[A-Z][\w'’-]*)|the\s+president)\s+(?:sells?|sold|selling)\s+[^,;.?!]*?\s+"
    r"(?:in\s+order\s+)?to\s+(?:fund|pay\s+for|finance|afford|raise|cover)\b[^,;.?!]*?)"
    r"(?P<end>[.!]?)\s*$", re.I)


def sale_first(line: str) -> str:
    """The line with a sale told after the train purchase it pays for put before it."""
    if len(line) > 400 or "?" in line:
        return line
    m = _SALE_FOR_IT.search(line)
    if m is None:
        return line
    head = line[:m.start()]
    if not _TRAIN_BUY.search(head) or re.search(r"\b(?:sells?|sold|selling)\b", head, re.I):
        return line
    label = re.match(r"\s*(?:[A-Za-z][\w .]{0,30}?:\s+)?", head)      # "Emergency: ", "OR 5.2: "
    if _TRAIN_BUY.search(label.group(0)):
        return line
    return f"{label.group(0)}{m.group('sale')}, {head[label.end():].strip()}{m.group('end')}"


#: the president's money put in for a train, to its article ("I'm chipping in $120 from my own cash to get a 4")
_PUT_IN_FOR = regex(r"\b((?:(?:chips?|chipping|chipped|puts?|putting)\s+in|contribut(?:e|es|ed|ing))\s+(?:[$₽]?\d+\s*₽?\s+)?"
                    r"(?:(?:from|out\s+of)\s+(?:(?:his|her|their|my)\s+)?(?:own\s+)?(?:pocket|cash|money)\s+)?)"
                    r"(?:for|to\s+(?:get|buy|afford)|towards)\s+(?=(?:an?|the|one)\s+(?:\d|D\b))", re.I)


def put_in_for_train(line: str) -> str:
    """The line with the president's money put in for a train told as that train bought ("Hal chips in for a 4
    ($300)": "Hal chips in and buys a 4 ($300)"); the money put in stays, a claim on the buy."""
    return _PUT_IN_FOR.sub(r"\1and buys ", line)


#: a loan taken, with its proceeds in brackets ("(+45)") and what it pays for ("to pay for the 3")
_LOAN_TAKEN = regex(
    r"\b(?:takes?|took|taking|needs?|needed|needing|with)\s+(?:out\s+)?(?:a|an|one|two|three|[1-3])\s+(?:more\s+)?loans?\b"
    r"(?:\s*\([^()]*\))?(?:\s+(?:to\s+(?:(pay\s+for|afford|fund|cover)\b|(?=buy\b))|(for)\b(?=\s+(?:the|a|an|its)\s+(?:\d|D\b))))?", re.I)
#: a loan alone in its field before the buy it pays for ("KK: 1 loan, buys a 3")
_FIELD = regex(r"(?<![\w$₽])(?:a|an|one|two|three|[1-3])\s+loans?(?:\s+taken)?(?=\s*[,;]\s*(?:and\s+|then\s+)?(?:buys?|bought|buying)\b)",
                    re.I)
#: a loan alone in its field after the buy it paid for ("MNN buys a 3 for 225, two loans")
_FIELD_AFTER = regex(r"(?<=[,;]\s)(?:a|an|one|two|three|[1-3])\s+loans?(?:\s+taken)?(?=\s*(?:[,;.!]|$))", re.I)
#: the buy said again after the loan's purpose ("took a loan to afford a 5 and bought it for 450")
_BOUGHT_IT = regex(r"(?<=\bbuys\s)(\s*(?:an?\s+|the\s+)?[\w+]{1,4}(?:\s?-?\s?train)?)(\s+and\s+(?:then\s+)?(?:bought|buys|purchased)\s+it)\b",
                        re.I)
#: a bracket that tells the loans a buy needed ("(two loans needed)", "(with a loan)")
_BRACKET = regex(r"\([^()]*\)")
_LOAN_WORD = regex(r"\bloans?\b", re.I)


_HOW_MANY = regex(r"\b(a|an|one|two|three|[1-3])\s+(?:more\s+)?loans?\b", re.I)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


def loans_told(line: str) -> list[tuple[int, str, int]]:
    """How many loans the line says its move takes, each as (count, the words, their 1-based column):
    "takes two loans to buy a 3", "(one loan needed)", "..., two loans"; the game takes them, so each is a claim."""
    found = [m for rx in (_LOAN_TAKEN, _FIELD, _FIELD_AFTER) for m in rx.finditer(line)]
    found += [m for m in _BRACKET.finditer(line) if _LOAN_WORD.search(m.group(0))]
    out = []
    for m in sorted(found, key=lambda m: m.start()):
        if (n := _HOW_MANY.search(m.group(0))) and not any(m.start() < c - 1 + len(t) for _, t, c in out):
            word = n.group(1).lower()
            out.append((int(word) if word.isdigit() else _COUNTS[word], m.group(0).strip(" ()"), m.start() + 1))
    return out


def loans_aside(line: str) -> str:
    """The line with each loan blanked in place; "takes a loan to pay for the 3" leaves "buys the 3"."""
    def blank(m: re.Match) -> str:      # after "to pay for", "to afford", "for": the buy of what follows
        return ("buys" if m.lastindex else "").ljust(len(m.group(0)))
    line = _BRACKET.sub(lambda m: blank(m) if _LOAN_WORD.search(m.group(0)) else m.group(0), line)
    said = _FIELD_AFTER.sub(blank, _FIELD.sub(blank, _LOAN_TAKEN.sub(blank, line)))
    return _BOUGHT_IT.sub(lambda m: m.group(1) + " " * len(m.group(2)), said) if said != line else said


#: the move word of a redemption: "redeems", "buys back"
BUYS_BACK = regex(r"\bredeem(?:s|ed|ing)?\b|\b(?:buys?|buying)\s+back\b", re.I)
#: what a loan clause is refused with (a loan beside no buy: loans.py sets the others aside)
_LOAN = "loans and redemptions are not read this way; write them as the notation does"


def redeem_word(m: re.Match, operating: bool) -> str:
    """The move family of a redemption word: "redeem" in an operating round, else "buy" or "loan"."""
    if operating:
        return "redeem"
    return "buy" if m.group(0).lower().startswith("buy") else "loan"


def redemption(fitter) -> object:
    """The fits of a clause of a loan (refused) or a redemption: the company's buy of its own shares
    from the pool, one buy a share, when the clause names nothing else."""
    c, ctx = fitter.c, fitter.ctx
    if "loan" in fitter.verbs or fitter.kind != "operating":
        return _LOAN
    cur = ctx.current
    if fitter.verbs - {"redeem"} or not cur or ctx.kind_of(cur) != "corporation":
        return None
    if any(c.of(k) for k in ("train", "tile", "hex", "exchange", "rotation")) or \
            any(i != cur for p in c.of("name") for k, i in p.value if k != "player") or \
            {p.value for p in c.of("source")} - {"pool"}:
        return None
    size = ctx.share_size(cur)
    counts = [p.value for p in c.of("count")] + [p.value for p in c.of("number") if p.value <= 9]
    pcts = [p.value for p in c.of("percent")]
    if len(counts) + len(pcts) > 1:
        return "how many shares? give a count or a percent, once"          # "redeems 2 shares, 20%"
    pct = pcts[0] if pcts else size * (counts[0] if counts else 1)
    if not pct or pct % size:
        return f"{cur} redeems whole shares of {size}%, not {pct}%"       # "redeems 15%", "redeems 0 shares"
    return [[(a, ()) for a in one_per_share(BuyShares(cur, cur, "pool", size), pct // size)]]
