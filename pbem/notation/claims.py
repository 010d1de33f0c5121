"""Claims: what a line states about the result of its move ("pays out $100", "Cash left 365", "becomes
president"), kept on the move as `Claim`s and checked after it is applied (pbem/reading/claims.py)."""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from pbem.engine.actions import (
    Action, BuyCompany, BuyShares, BuyTrain, Convert, Dividend, LayTile, Merge, Par, PlaceToken, RunRoutes, SellShares,
)
from pbem.errors import NotationError, PbemError
from .lay_words import PRICE_WORDS
from .lazy import regex
from .pieces import blanked

if TYPE_CHECKING:
    from .pieces import Clause

__all__ = ["Claim", "clause_claims", "comment", "conversion_claims", "parse_paren_claims", "presidency_taken", "seller_claims", "stated_set_aside",
           "with_comments", "with_presidency", "with_stated"]


@dataclass(frozen=True)
class Claim:
    """One stated result of a move, as written."""

    kind: str
    value: object
    text: str            # the words of the claim as written
    column: int          # 1-based column where they start
    line: Optional[int] = None   # line of the message, when not the move's own line


_AMOUNT = r"[$£¥₽€]?\s*(\d+)\s*[$£¥₽€]?"
#: "$40 to Ann", "Ann $40", "Ann: $40", "Ann gets $40", "$40 for Ann"
_PAYEE_RE = regex(
    rf"^\s*(?:{_AMOUNT}\s+(?:to|for)\s+(?P<n1>[^,;]+?)|(?P<n2>[^,;$£¥₽€\d][^,;$£¥₽€]*?)\s*(?::|gets|receives|got|received)?\s*{_AMOUNT})\s*$",
    re.I)
#: a payee told by a name with a capital and a word of payment ("Zed gets 30", "$30 to Zed"), never a remark
_PAID_TO_NAME = regex(r"(?:^|[,;]|\band\b)\s*(?:the\s+)?((?-i:[A-Z])[A-Za-z&'’-]*)\s+(?:gets|receives|got|received)\b|"
                      r"\bto\s+(?:the\s+)?((?-i:[A-Z])[A-Za-z&'’-]*)\s*(?=$|[,;]|\band\b)", re.I)
_BARE_RE = regex(rf"^\s*{_AMOUNT}\s*$")
_REVENUE_RE = regex(rf"^\s*(?:revenue|earnings|income|ran\s+for|runs\s+for)\s*:?\s*{_AMOUNT}\s*$", re.I)
_ROUND_RE = regex(r"^\s*(?:in\s+|during\s+)?(?:sr|or|stock\s+round|operating\s+round)\s*\d+(?:\.\d+)?\s*$", re.I)


def parse_paren_claims(inner: str) -> Optional[list[tuple[str, object, str]]]:
    """Claims in a bracketed remark (payees as written, cash left, a bare amount, a revenue or a round
    label) as (kind, value, text) triples, or None when it says something else."""
    for rx, kind in ((_CASH, "cash"), (_BARE_RE, "amount"), (_REVENUE_RE, "revenue")):
        if m := rx.fullmatch(inner):
            return [(kind, int(m.group(1)), inner.strip())]
    if _ROUND_RE.match(inner):
        return [("round", re.sub(r"^\s*(?:in|during)\s+", "", inner.strip(), flags=re.I), inner.strip())]
    parts = [p for p in re.split(r"\s*(?:,|;|\band\b)\s*", inner) if p.strip()]
    payees = []
    for p in parts:
        m = _PAYEE_RE.match(p)
        if not m or re.fullmatch(r"\s*[A-Za-z]{1,2}\d{1,2}\s*", p):
            return None             # "(A11)" is a hex, never $11 paid to "A"
        payees.append(((m.group("n1") or m.group("n2")).strip(), int(m.group(1) or m.group(4))))
    return [("payees", tuple(payees), inner.strip())] if payees else None


#: what makes a remark in brackets more than a comment: what a move is made of ("(2 shares)", "(and a 3 train)")
_MOVE_STUFF = regex(r"\b(?:shares?|certs?|certificates?|trains?|tiles?|tokens?|stations?|x\s*\d|\d\s*x|"
                         r"pool|ipo|market|bank|depot|treasury|initial|rot\w*|par|home|president\w*|neutral|"
                         r"loans?|via|route|both|all|each|half|full)\b|"
                         r"[%$₽#]|\b\d+\s*(?:[-+]\s*\d|T\b)", re.I)
_BRACKETED = regex(r"\(([^()\n]*)\)")
#: a payee told by a name and a payment of at least 10 ("Zed 30", "Zed: $30"), not a phase or a round ("Phase 3", "R100")
_NAME_AMOUNT = regex(r"\s*(?!(?i:phase|round|or|sr|train|rev\w*)\b)[A-Z][\w&'’-]+\s*:?\s+[$₽]?\d{2,}\s*")


def comment(bracket: str, index) -> Optional[str]:
    """The note on a remark in brackets that is a plain comment ("(ouch)", "(sorry, 2s rust)"): no
    claim, no move word and nothing a move is made of (the pieces' vocabulary), no name; else None."""
    from .pieces import VERBS

    inner = bracket[1:-1]
    words = re.findall(r"[a-z']+", inner.lower())
    if parse_paren_claims(inner) is not None or "?" in inner or not words or any(w in VERBS for w in words) \
            or _MOVE_STUFF.search(inner) or _names_something(inner, index):
        return None
    return f'the remark "{bracket}" was taken as a comment: nothing in it was checked'


def with_comments(moves: list, line: str, index) -> list:
    """The moves with a note on each bracket after them that is a plain comment (`comment`)."""
    out = list(moves)
    for m in _BRACKETED.finditer(line):
        before = [i for i, mv in enumerate(out) if mv.column <= m.start() + 1]
        note = comment(m.group(0), index) if before else None
        if note is not None:
            out[before[-1]] = dataclasses.replace(out[before[-1]], notes=out[before[-1]].notes + (note,))
    return out


def _names_something(text: str, index) -> bool:
    """Whether `text` names a hex, a player, a company or a place ("(new major MKV)" is a move's part, no comment)."""
    if re.search(r"\b[A-Za-z]{1,2}\d{1,2}\b", text):
        return True
    for word in re.findall(r"[\w&'’-]+", text):
        try:
            if index.lookup(word, ("player", "corporation", "company", "location"), mode="priority"):
                return True
        except PbemError:
            return True
    return False


# ---------------------------------------------------------------- told in a line read by its pieces

#: a second lay's extra cost told ("for the extra $20", "(2nd lay $20)"): not the whole cost of the lay
_EXTRA = regex(r"\b(?:extra|second|2nd|more)\b", re.I)

#: "and takes the presidency (from Cid)", "becoming president": the mover is president after the move
_PRESIDENCY = regex(r"^\W*(?:and\s+|so\s+|thus\s+|thereby\s+)*(?:takes?|took|taking|gets?|got|getting|becomes?|became|"
                         r"becoming)\s+(?:the\s+)?(?:new\s+)?(?:presidency|president|director)\b(?:\s+(?:from|off)\s+\w+)?\W*$", re.I)


def _ends_after_mark(line: str, c: "Clause", p) -> bool:
    """Whether number `p` ends clause `c` right after a comma or an opening bracket ("from the pool, 110",
    "token K3 (40)"): the move's price or cost."""
    return p is c.pieces[-1] and bool(re.search(r"[,(]\s*$", line[:p.start]))


#: the words before a bare number that make it a move's price or cost ("for 80", "= 120", "total 300")
_PRICED = PRICE_WORDS | {"=", "total"}
#: a price told of each of several shares bought ("120 each")
_EACH = regex(r"[$₽]?\d+\s*(?:each|apiece)\b", re.I)


def _said_once(line: str, money: list, what: str, which: str) -> None:
    """Refuse two amounts told of one move ("for $80 and $20": which is its cost?): never one dropped."""
    if len(money) > 1:
        told = " and ".join(f'"{line[p.start:p.end]}"' for p in money)
        raise NotationError(f"{told} told of one {what}: which is its {which}?", text=line[money[0].start:money[-1].end])


def clause_claims(line: str, c: "Clause", acts: list[Action], share_size=lambda corporation: 10) -> tuple[Claim, ...]:
    """The claims of a clause on the last move it makes (`share_size`: a company's share in percent)."""
    said = [Claim("holding", p.value, line[p.start:p.end], p.start + 1) for p in c.of("held")]
    said += [Claim("per_share", p.value, line[p.start:p.end], p.start + 1) for p in c.of("per_share")]
    if len(acts) == 1 and isinstance(acts[0], Par):     # "pays 152 for 2 shares": what the par's certificate cost
        said += [Claim("paid", p.value, line[p.start:p.end], p.start + 1) for p in c.of("par_paid")]
    money = c.of("money") or (c.of("revenue") if len(acts) == 1 and isinstance(acts[0], Dividend) else [])
    # "lays 57 on I5 for 2", "costs 80": what a lay or token cost (not a second lay's extra, nor "with the 635")
    built = len(acts) == 1 and isinstance(acts[0], (LayTile, PlaceToken))
    if built:
        tile = getattr(acts[0], "tile", None)
        if _EXTRA.search(c.text):       # a second lay's extra told: no claim, but two amounts are asked
            money = sorted(money + [p for p in c.of("number") if str(p.value) != tile], key=lambda p: p.start)
            built = len(money) > 1
        money += [p for p in c.of("number") if (p.before in _PRICED or _ends_after_mark(line, c, p))
                  and str(p.value) != tile and p not in money]
        if built:                             # "for $80 and $20", "for $80 (2nd lay $20)": never one dropped
            _said_once(line, money, "lay" if isinstance(acts[0], LayTile) else "token", "cost")
    if len(acts) > 1 and len(set(acts)) == 1 and isinstance(acts[0], BuyShares):
        told = sorted(money + [p for p in c.of("number") if p.before in _PRICED | {"at", "@"}], key=lambda p: p.start)
        if _EACH.search(c.text) or len(told) == 1 and told[0].before in ("at", "@"):
            acts = acts[-1:]        # "two more SW shares, 120 each", "3 HBR at 80": the price of each (said on the last)
        elif len(told) == 1:        # "2 GT for $180", "3 for 80": the price of each share or of all of them
            p = told[0]
            return (*said, Claim("paid_each_or_all", (p.value, len(acts)), line[p.start:p.end], p.start + 1))
    traded = len(acts) == 1 and isinstance(acts[0], (BuyShares, SellShares))
    if traded:
        # "buys a share from IPO for 71", "sells 20% of GT for 152", "from the pool, 110", "(110)": a price is a
        # price with its sign or without, or a number that ends the clause after a comma or bracket
        money = sorted(money + [p for p in c.of("number") if p.before in _PRICED | {"at", "@"}
                                or _ends_after_mark(line, c, p)], key=lambda p: p.start)
        _said_once(line, money, "buy" if isinstance(acts[0], BuyShares) else "sale", "price")   # "for $80 and $20"
    if len(money) == 1 and traded and (money[0].before in ("at", "@") or _EACH.match(line, money[0].start)):
        # "buys 1 GT from the pool at 69", "sells 20% of GT @ $76": a share's price, paid for each share of the move
        kind = "paid" if isinstance(acts[0], BuyShares) else "received"
        size = share_size(acts[0].corporation) or acts[0].percent
        each = money[0].value * max(1, acts[0].percent // size)
        said.append(Claim(kind, each, line[money[0].start:money[0].end], money[0].start + 1))
    elif len(money) == 1 and len(acts) == 1 and (built or money[0].before not in ("at", "@")):
        # "buys a NYC share (IPO, $80)", "sells 2 GT for $180": the price of the one move ("at" is a share's);
        # a lay's or token's cost, paid to the bank; "CPR pays out $100", "withholds $40": the run's revenue
        kind = "spent" if built else "paid" if isinstance(acts[0], BuyShares) else \
            "received" if isinstance(acts[0], SellShares) else "revenue" if isinstance(acts[0], Dividend) else None
        if kind is not None:
            said.append(Claim(kind, money[0].value, line[money[0].start:money[0].end], money[0].start + 1))
    said += seller_claims(line, c, acts)
    first = c.pieces[0] if c.pieces else None
    if first is not None and first.kind == "name" and len(acts) == 1 and isinstance(acts[0], BuyTrain):
        named = [i for k, i in first.value if k == "player"]     # "Cid buys a 3 train for CPR": Cid presides CPR
        if len(named) == 1:
            said.append(Claim("president", (named[0], acts[0].entity), line[first.start:first.end], first.start + 1))
    return tuple(sorted(said, key=lambda c: c.column))


#: a name told as whom a private is bought from ("from Priya", "off Player 2", "pays Priya"): written with its capital
_FROM_NAME = regex(r"\b(?i:from|off|pays|paid|paying)\s+(?i:the\s+)?((?-i:[A-Z])[\w&'’.-]*(?:\s+(?:(?-i:[A-Z])[\w&'’.-]*|\d+\b))*)")


def conversion_claims(line: str, c: "Clause", acts: list[Action]) -> tuple[Claim, ...]:
    """The share price a conversion is told at ("O-K converts to SW at 110", "Convert MV (at 110) into MKV"):
    a claim on the major it forms, whose price it is after the move."""
    if [type(a) for a in acts] != [Convert, Merge]:
        return ()
    at = [p for p in c.of("money") + c.of("number") if p.before in ("at", "@")]
    return tuple(Claim("price_to", (None, p.value), line[p.start:p.end], p.start + 1) for p in at[:1])


def seller_claims(line: str, c: "Clause", acts: list[Action]) -> list[Claim]:
    """The seller a clause buying a private names ("CPR buys NWR from Priya", "pays Priya 40 for NWR"): a claim
    that the player or company named owns the private before the move; a name of no player or company is refused."""
    if len(acts) != 1 or not isinstance(acts[0], BuyCompany):
        return []
    out = []
    for p in c.pieces:
        named = [i for k, i in p.value if k in ("player", "corporation")] if p.kind == "name" else []
        if len(named) == 1 and p.before in ("from", "off", "pays", "paid", "paying"):
            # "from Priya", "pays Priya $40 for the HB": whose the private was
            out.append(Claim("seller", named[0], line[p.start:p.end], p.start + 1))
    for m in _FROM_NAME.finditer(line, c.start, c.end):
        at = m.start(1)
        if out or any(p.start <= at < p.end for p in c.pieces) or _MOVE_STUFF.search(m.group(1)):
            continue            # a name read ("from Bob"), a place ("from the Bank")
        name = m.group(1).rstrip(".")
        raise NotationError(f'"{name}" names no player or company of this game: "{m.group(0).rstrip(".")}" '
                            "cannot be checked", text=name)
    return out


def presidency_taken(c: "Clause") -> bool:
    """Whether a clause set aside only says the mover takes the presidency."""
    return bool(_PRESIDENCY.match(c.text))


def with_presidency(out: list, taken: list["Clause"]) -> tuple[list, list[str]]:
    """The moves with a presidency claim on the share bought before each clause `taken`; the
    clauses no share bought comes before, as asides."""
    left = []
    for c in taken:
        at = [i for i, m in enumerate(out) if m.column <= c.start and isinstance(m.action, BuyShares)]
        if not at:
            left.append(f'"{c.text}"')
            continue
        m = out[at[-1]]
        out[at[-1]] = dataclasses.replace(m, claims=m.claims + (Claim("president", (None, None), c.text.strip(" ,."),
                                                                      c.start + 1),))
    return out, left


_SAID = r"(?:[$₽£]|(?-i:R)(?=\d))?\s?(\d{1,6})(?:\s?₽|\s(?:roubles?|rubles?|dollars?)\b)?"
#: the cash left told ("cash left 365", "(leaving him $40)", "that leaves me 64 roubles", "remaining cash: 90",
#: "Cash R212", "treasury 45 after")
_CASH = regex(r"(?!(?<=\s)\s)[,.;]?\s*+\(?\s*+\b(?:(?:and\s+)?(?:cash\s+(?:left|remaining|now|on\s+hand)|"
              r"remaining\s+(?:free\s+)?cash|free\s+cash(?:\s+(?:left|remaining))?|treasury(?:\s+(?:now|left|is(?:\s+now)?|at))?|"
              r"left\s+with|leav(?:ing|es)(?:\s+(?:him|her|them|it|me|us|(?-i:[A-Z][A-Z&-]{1,5})))?(?:\s+with)?)|cash)"
              r"\s*[:=]?\s*" + _SAID + r"(?:\s+(?:left|after))?\s*\)?", re.I)
#: (pattern, the claim's kind, the kinds of move it is said of); none starts inside a run of blanks (linear time)
_STATED = (
    (_CASH, "cash", None),
    (regex(r"(?!(?<=\s)\s),?\s*+(?:\b(?:and\s+)?(?:now\s+)?(?:has|have)\s+|\(\s*(?=[$₽£]?\s?\d+\s+(?:left|remaining)\s*\)))"
           + _SAID + r"\s+(?:left|remaining)\b\s*\)?", re.I), "cash", None),     # "has 41 left", "(99 left)"
    (regex(r"(?!(?<=\s)\s),?\s*+\b(?:and\s+)?receiv(?:es|ed|ing)\s+" + _SAID, re.I), "received", (SellShares,)),
    # "Ann contributes $120 from her own pocket", "Theo chips in 120": what a president put into a train
    (regex(r"(?!(?<=\s)\s)[,;]?\s*+\b(?:and\s+)?(?P<who>the\s+president|(?<![\w'’-])(?-i:[A-Z][a-z][\w'-]*+(?:\s\d+)?)|I)(?:['’]m|\s+am|\s+is)?\s+(?:contribut(?:e|es|ed|ing)|"
           r"(?:chips?|chipped|chipping|puts?|putting|pays?|paying)\s+in|add(?:s|ed|ing)?)\s+" + _SAID +
           r"(?:\s+(?:from|out\s+of)\s+(?:(?:his|her|their|my)\s+)?(?:own\s+)?(?:pocket|cash|money))?", re.I),
     "gets", "train"),
    (regex(r"(?!(?<=\s)\s),?\s*+(?:(?:and\s+)?(?:the\s+)?(?:president|director|prez)\s+(?:pays|paid|covers|covered|chips\s+in)"
                r"(?:\s+(?:the\s+)?(?:rest|remainder|difference|balance|shortfall))?(?:\s+out\s+of\s+(?:his\s+|her\s+|their\s+)?pocket)?|"
                r"(?:partly\s+)?out\s+of\s+(?:the\s+president'?s\s+|(?:his|her|their)\s+(?:own\s+)?)?pocket)\b", re.I),
     "pocket", (BuyTrain,)),
    (regex(r"(?!(?<=\s)\s),?\s*+\b(?:and\s+|so\s+|thus\s+|thereby\s+)*(?:becomes?|became|becoming|is\s+now)\s+(?:the\s+)?(?:new\s+)?"
                r"(?:president|director|prez)(?:\s+of\s+(?:the\s+)?([A-Z][\w&-]*))?\b", re.I), "president", (BuyShares, Par)),
)



#: a dividend's word: a price move told after one is its result
_DIVIDEND = regex(r"\b(?:pay|pays|paid|paying|payout|withh\w*|half|splits?)\b", re.I)
#: a share price's move told after a dividend ("share price should go up to 165", "GT drops to 67")
_PRICE_MOVE = regex(
    r"(?:→|->|\b(?i:so)\b)?\s*(?:(?i:(?:the\s+|its\s+)?(?:share\s+)?price)|[A-Z][A-Z&-]{1,5}(?:['’]s\s+(?i:(?:share\s+)?price))?)"
    r"\s+(?i:(?:should|will|would)\s+)?(?i:"
    r"(?:(?:go(?:es)?|went|move[sd]?)\s+(?:(?:up|down|right|left)\s+)?)?from\s+[$₽]?(?P<a>\d{1,4})\s+to\s+[$₽]?(?P<b>\d{1,4})|"
    r"(?:(?:go(?:es)?|move[sd]?)\s+(?P<way>up|down|right|left)|(?P<verb>rise[sn]?|rose|"
    r"drop(?:s|ped)?|falls?|fell|jump(?:s|ed)?)(?:\s+(?:up|down))?)(?:\s+to\s+[$₽]?(?P<to>\d{1,4}))?)\b")


#: a run's word: the split of a minor's revenue told after it is the game's own
_RUN = regex(r"\b(?:runs?|ran|running)\b", re.I)
#: a minor's revenue split told ("half to me half to the minor as usual"): the game pays it by itself
_SPLIT = regex(r"\bhalf\s+(?:goes\s+)?to\s+(?:me|the\s+(?:minor|company|treasury|owner|president))(?:\s*,?\s*(?:and\s+)?"
                    r"half\s+(?:goes\s+)?to\s+(?:me|the\s+(?:minor|company|treasury|owner|president)))?(?:\s+as\s+(?:usual|always))?\b",
                    re.I)
#: the same in amounts, one half to the writer and one to the minor ("(25 to me, 25 to KR)")
_TO_ME = r"(?i:to\s+me)"
_TO_MINOR = r"(?i:to\s+(?:the\s+(?:minor|company|treasury)|(?-i:[A-Z][A-Z&-]{0,5})\b))"
_AMOUNTS_SPLIT = regex(rf"[$₽]?(?P<x>\d{{1,4}})₽?\s+(?:{_TO_ME}\s*(?:,|&|\band\b)\s*(?i:and\s+)?[$₽]?(?P=x)₽?\s+{_TO_MINOR}|"
                            rf"{_TO_MINOR}\s*(?:,|&|\band\b)\s*(?i:and\s+)?[$₽]?(?P=x)₽?\s+{_TO_ME})")


def _blanked(line: str, rx: re.Pattern, after: re.Pattern, said: list) -> str:
    """The line with each match of `rx` after the first match of `after` blanked; the matches go
    to `said`."""
    first = after.search(line)
    if first is None:
        return line
    found = list(rx.finditer(line, first.end()))
    said.extend(found)
    return blanked(line, (m.span() for m in found))


def _direction(m: re.Match) -> str:
    """ "up" or "down": where a price move told goes (right counts as up)."""
    if m.group("a"):
        return "up" if int(m.group("b")) > int(m.group("a")) else "down"
    word = (m.group("way") or m.group("verb")).lower()
    return "up" if word in ("up", "right") or word.startswith(("ris", "ros", "jump")) else "down"


def stated_set_aside(line: str, index, writer: Optional[str] = None) -> tuple[str, list[tuple[Claim, object]]]:
    """The line with what it states after its moves blanked (columns stand), and each claim with the kinds
    of move it is said of (None: the move before it; "dividend": the last dividend); "me" is `writer`."""
    moves: list = []
    line = _blanked(_blanked(_blanked(line, _PRICE_MOVE, _DIVIDEND, moves), _SPLIT, _RUN, []), _AMOUNTS_SPLIT, _RUN, [])
    said: list[tuple[Claim, object]] = [
        (Claim("price_dir", _direction(m), m.group(0).strip(" →->"), m.start() + 1), "dividend") for m in moves]
    said += [(Claim("price_to", (int(m.group("a")) if m.group("a") else None, int(m.group("to") or m.group("b"))),
                    m.group(0).strip(" →->"), m.start() + 1), "dividend") for m in moves if m.group("to") or m.group("b")]
    gone: list = []
    for m in _BRACKETED.finditer(line):     # "(ran for 60)", "(cash 365)": said of the move before; payees of a run's
        found = parse_paren_claims(m.group(1)) or []
        if found and found[0][0] == "payees":       # each paid a player or company ("me": the writer); "(rot 1)" pays no one
            paid = tuple((writer if name == "me" and writer else index.ident(name, ("player", "corporation"), mode="union"), amount)
                         for name, amount in found[0][1])
            named = [n.group(1) or n.group(2) for n in _PAID_TO_NAME.finditer(m.group(1))]      # "(Zed gets 30)"
            unknown = [name for name in named if not _names_something(name, index)]
            if any(name == "me" or index.ident(name, ("player",)) for name, _ in found[0][1]) \
                    or _DIVIDEND.search(line[:m.start()]) and all(_NAME_AMOUNT.fullmatch(part) for part in re.split(r"[,;]", m.group(1))):
                # "(Bob 30, Zed 30)": beside a player, or "pays out (Zed 30)": after a dividend, each is a payee
                unknown = [name for (name, _), (who, _) in zip(found[0][1], paid) if who is None]
            for name in (n for n in unknown if not _MOVE_STUFF.search(n)):      # "(80 to the Bank)" is a price
                raise NotationError(f'"{name}" names no player or company of this game: "{m.group(0)}" cannot be checked',
                                    text=name)
            found = [("payees", paid, "")] if all(who for who, _ in paid) else []
        if not found or any(kind not in ("cash", "revenue", "payees") for kind, _, _ in found):
            continue
        said.extend((Claim(kind, value, m.group(0), m.start() + 1), (Dividend, RunRoutes) if kind == "payees" else None)
                    for kind, value, _ in found)
        gone.append(m.span())
    for rx, kind, of in _STATED:
        for m in rx.finditer(line := blanked(line, gone)):
            if kind == "president":
                entry = index.lookup(m.group(1), ("corporation",)) if m.group(1) else None
                if m.group(1) and entry is None:
                    continue
                value = (None, entry and entry.ident)
            elif kind == "gets":
                who = m.group("who")
                president, me = who.lower().startswith("the"), who in ("I", "i")
                entry = None if president or me else index.lookup(who, ("player",))
                if not (president or me or entry):
                    continue            # no player's name: left to the reader
                value = (writer if me else entry.ident if entry else None, -int(m.group(2)))
                if sale := re.match(r"\s+and\s+(?=sel)", line[m.end():]):     # "Lars puts in 112 and sells 2 GT":
                    said.append((Claim(kind, value, m.group(0).strip(" ,;"), m.end("who") + 2), of))
                    gone.append((m.end("who"), m.end() + sale.end()))       # the sale keeps its mover
                    continue
            else:
                value = int(m.group(1)) if kind != "pocket" else None
                named = re.search(r"\bleav\w+\s+([A-Z][A-Z&-]+)", m.group(0)) if kind == "cash" else None
                if named:           # "that leaves CPR with 62": the cash of the company named
                    entry = index.lookup(named.group(1), ("corporation",))
                    if entry is None:
                        continue
                    value = (entry.ident, value)
            column = m.start() + 1 + len(m.group(0)) - len(m.group(0).lstrip(" ,.;("))
            said.append((Claim(kind, value, m.group(0).strip(" ,.;()"), column), of))
            gone.append(m.span())
    return blanked(line, gone), said


def with_stated(moves: list, said: list[tuple[Claim, object]]) -> list:
    """The moves with each claim stated given to the last move before it of the kinds it is said of,
    the price moves first, to the line's last dividend (none: they are dropped)."""
    moves = list(moves)
    dividends = [i for i, m in enumerate(moves) if isinstance(m.action, Dividend)]
    for claim, of in sorted(said, key=lambda x: (x[1] != "dividend", x[0].column)):
        if of == "dividend":
            at = dividends[-1:]
        elif of in ("train", "loan"):   # a president's money, loans: the train bought (the lay) after it, or else before it
            kinds = BuyTrain if of == "train" else (BuyTrain, LayTile, PlaceToken)
            bought = [i for i, m in enumerate(moves) if isinstance(m.action, kinds)]
            at = [i for i in bought if moves[i].column >= claim.column][:1] or bought
            if not at:
                what = "train bought" if of == "train" else "train bought, tile laid or token placed"
                raise NotationError(f'"{claim.text}" is said of no {what} on the line', text=claim.text)
        else:
            at = [i for i, m in enumerate(moves) if m.column <= claim.column and (of is None or isinstance(m.action, of))]
            if not at:
                raise NotationError(f'"{claim.text}" is said of no move on the line', text=claim.text)
        for i in at[-1:]:
            moves[i] = dataclasses.replace(moves[i], claims=moves[i].claims + (claim,))
    return moves
