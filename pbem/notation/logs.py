"""Lines of an 18xx.games log that are not moves: recognised, so they are never misread.

A pasted transcript holds, besides the moves, lines the site writes itself:

    banner       "-- Stock Round 3 --", "Player 1 has priority deal", "NWR goes up for auction"
    turn         "Ann operates CPR", "RSR run by Ann, as they have priority deal"
    automatic    what the game did without a decision: "SV skips run routes", "CPR has no valid
                 actions and passes", "Ann collects $5 from Hudson Bay", a minor's dividend
                 in 1861 ("KR withholds 25₽"), loan interest
    consequence  a result of the move before it: "CPR's share price moves right from $82 to
                 $90", "Ann becomes the president of CPR", "HBR floats", "HBR receives $670",
                 "Ann contributes $40", "Ann receives a 10% share of HBR"; most become claims
                 (pbem/notation/claims.py) on that move
    chat         "Ann: good luck" (only in a transcript, where moves never start "Name:")

`classify(line, index, ctx, transcript=False)` returns a `LogLine`, or None when the line is
not one of these (it may then be a move, read by the grammar).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Optional, Sequence


from .claims import Claim
from .names import NameIndex
from .lazy import regex

__all__ = ["LogLine", "classify", "strip_timestamp"]


@dataclass(frozen=True)
class LogLine:
    """A line that is not a move: its kind, the claims it makes and whom it is about."""

    kind: str
    text: str
    claims: tuple = ()
    entity: Optional[str] = None
    forward: bool = False     # a result of the move that follows ("Ann contributes $153" before the train)
    actions: tuple = ()       # kind "move": the move a fixed log form stands for


_TS = regex(r"^\s*\[\d{1,2}:\d{2}(?::\d{2})?\]\s*")
_AMT = r"[$£¥₽€]?\s*(\d+)\s*[$£¥₽€]?"


def strip_timestamp(line: str) -> str:
    return _TS.sub("", line, count=1)


def _rx(pattern: str) -> re.Pattern:
    return regex(r"^\s*" + pattern + r"\s*\.?\s*$", re.I)


_BANNERS = [
    _rx(r"--.*--"),
    _rx(r"(?P<e>.+?) has priority deal"),
    _rx(r"(?P<e>.+?) goes up for auction"),
    _rx(r"(?P<e>.+?) must choose city for (?:home )?token"),
    _rx(r"•\s*Action\(.*\) via Master Mode by: .+"),
    _rx(r".+? occurs on purchase of the first .+? train"),
    _rx(r".+? comes with an? \d+% share of .+"),
    _rx(r".+? destroys tile .+"),
    _rx(r"(?P<e>.+?) cannot bid .+? and is out of the auction for .+"),
    _rx(r"(?P<e>.+?) has tokens \(.*\)"),
    _rx(rf"(?P<e>.+?) is up for auction, minimum bid is {_AMT}"),
    _rx(r"(?P<e>.+?) can no longer be converted to a public corporation"),
    _rx(r"(?P<e>.+?) adds an extra .+? train to the depot"),
    _rx(r"Optional rules used in this game:?"),
    _rx(r"(?:Green minors are now available|Minors can no longer be started|Majors can now be started|Minors nationali[sz]ed)"),
    _rx(r"(?P<e>.+?) will be above token limit and must decide which tokens to remove"),

    _rx(r"\*\s+.+?:\s+.+"),                      # an optional rule, listed under that line
]
_TURN = [
    _rx(r"(?P<p>.+?) operates (?P<e>.+?)"),
]
_AUTOMATIC = [
    # only the steps as 18xx.games names them ("GT skips the token, runs the 3..." is a move)
    _rx(r"(?P<e>.+?) (?:automatically )?skips (?:lay(?:/upgrade)? track|place a token|run routes|buy trains"
        r"|buy companies|pay or withhold dividends|discard trains|redeem shares|buy shares post merge"
        r"|convert or merge minor corporation|[a-z ]+? because .+)"),
    _rx(r"(?P<e>.+?) has no valid actions and passes"),
    _rx(rf"(?P<e>.+?) collects {_AMT} from .+"),
    _rx(rf"(?P<e>.+?) pays {_AMT} interest for\s+\d+ loans?"),
    _rx(rf"(?P<e>.+?) pays off a loan for {_AMT}"),
]
_MINOR_DIVIDEND = _rx(rf"(?P<e>.+?) (?:withholds|pays out|pays half|runs for {_AMT} and pays half)(?:\s+.*)?")


#: a move word in a line: such a line is read as a move, never set aside by the loose patterns
_MOVE_VERB = regex(r"\b(?:buys?|bought|sells?|sold|lays?|laid|runs?|ran|pays?|paid|bids?|pars?|"
                        r"tokens?|tokened|withh[oe]lds?|withheld|upgrades?|upgraded|discards?|discarded|"
                        r"elects?|elected|chooses?|chose|opts?|opted|decides?|decided|merges?|merged|"
                        r"converts?|converted|redeems?|redeemed)\b", re.I)


def classify(line: str, index: NameIndex, ctx, *, transcript: bool = False) -> Optional[LogLine]:
    """What kind of non-move line `line` is, or None if it is none of them."""
    text = strip_timestamp(line).strip()
    if not text:
        return None
    def look(name: str, kinds: Sequence[str]) -> Optional[str]:
        return index.ident(re.sub(r"'s$|’s$", "", name.strip()), kinds)

    m = _rx(r"--\s*(?P<p>.+?) goes bankrupt and sells remaining shares\s*--").match(text)
    if m and look(m.group("p"), ("player",)):
        # the bankruptcy of the company this player runs (a move, made by the company)
        return LogLine("bankrupt", text, (), look(m.group("p"), ("player",)))
    m = _rx(rf"(?P<e>.+?) runs for {_AMT} and pays (?P<k>half|payout|withhold)").match(text)
    if m and look(m.group("e"), ("corporation",)):
        # the dividend step's own line (1867 family); the payout lines after it are its results
        from pbem.engine.actions import Dividend
        e = look(m.group("e"), ("corporation",))
        return LogLine("move", text, (_claim("revenue", int(m.group(2)), text),), e,
                       actions=(Dividend(e, m.group("k")),))
    m = _rx(r"Finish merge of (?P<e>[^,]+?)(?:,.*)?").match(text)
    if m:
        # 1861: the merger closes its list (a pass of the first minor, or automatic)
        return LogLine("finish_merge", text, (), look(m.group("e"), ("corporation",)))
    for rx in _BANNERS:
        if rx.match(text):
            return LogLine("banner", text)
    for rx in _TURN:
        m = rx.match(text)
        if m and look(m.group("p"), ("player",)) and look(m.group("e"), ("corporation", "company")):
            return LogLine("turn", text, (), look(m.group("e"), ("corporation", "company")))
    for rx in _AUTOMATIC:
        m = rx.match(text)
        if m and look(m.group("e"), ("player", "corporation", "company")):
            return LogLine("automatic", text, (), look(m.group("e"), ("player", "corporation", "company")))
    auto_div = getattr(ctx, "automatic_dividends", ()) or ()
    m = _MINOR_DIVIDEND.match(text)
    if m and auto_div:
        who = look(m.group("e"), ("corporation",))
        if who in auto_div:
            return LogLine("automatic", text, (), who)
    found = _consequence(text, look)
    if found is not None:
        return found
    if transcript:
        m = re.match(r"^\s*(?P<p>[^:]{1,40}?):\s", text)
        if m and look(m.group("p"), ("player",)):
            return LogLine("chat", text, (), look(m.group("p"), ("player",)))
    return None


def _claim(kind: str, value, text: str) -> Claim:
    return Claim(kind, value, text, 1)


def _consequence(text: str, look: Callable) -> Optional[LogLine]:
    m = _rx(rf"(?P<c>.+?)['’]s share price (?:moves? \w+|changes|goes \w+|drops|rises)(?: \d+ (?:spaces?|steps?))? "
            rf"from {_AMT} to {_AMT}").match(text)
    if m:
        corp = look(m.group("c"), ("corporation",))
        if corp:
            return LogLine("consequence", text,
                           (_claim("price_move", (corp, int(m.group(2)), int(m.group(3))), text),), corp)
    m = _rx(r"(?P<p>.+?) (?:becomes|is now|became) the (?:new )?(?:president|director) of (?P<c>.+?)").match(text)
    if m:
        p, c = look(m.group("p"), ("player",)), look(m.group("c"), ("corporation",))
        if p and c:
            return LogLine("consequence", text, (_claim("president", (p, c), text),), c)
    m = _rx(r"(?P<c>.+?) run by (?P<p>.+?), as they have priority deal").match(text)
    if m:
        # 1861: who runs the national this operating round (set as the round starts)
        p, c = look(m.group("p"), ("player",)), look(m.group("c"), ("corporation",))
        if p and c:
            return LogLine("consequence", text, (_claim("president", (p, c), text),), c)
    m = _rx(rf"(?P<c>.+?) floats(?: with {_AMT}(?: in (?:its|the) treasury)?)?").match(text)   # 1861: "N floats with 180₽"
    if m and look(m.group("c"), ("corporation",)):
        c = look(m.group("c"), ("corporation",))
        return LogLine("consequence", text, (_claim("floats", c, text),), c)
    m = _rx(rf"(?P<e>.+?) receives {_AMT}").match(text)
    if m and look(m.group("e"), ("corporation", "player")):
        e = look(m.group("e"), ("corporation", "player"))
        return LogLine("consequence", text, (_claim("gets", (e, int(m.group(2))), text),), e)
    m = _rx(rf"(?P<e>.+?) contributes {_AMT}").match(text)
    if m and look(m.group("e"), ("player",)):
        e = look(m.group("e"), ("player",))
        return LogLine("consequence", text, (_claim("gets", (e, -int(m.group(2))), text),), e, forward=True)
    m = _rx(r"(?P<e>.+?) receives an? (\d+)% share of (?P<c>.+?)").match(text)
    if m and look(m.group("e"), ("player",)) and look(m.group("c"), ("corporation",)):
        e, c = look(m.group("e"), ("player",)), look(m.group("c"), ("corporation",))
        return LogLine("consequence", text, (_claim("share", (e, c, int(m.group(2))), text),), e)
    m = _rx(rf"(?P<e>.+?) wins (?:the auction for (?P<c>.+?) with (?:the only bid|a bid) of|bid on (?P<c2>.+?) for) {_AMT}").match(text)
    if m and look(m.group("e"), ("player",)):
        e = look(m.group("e"), ("player",))
        c = look(m.group("c") or m.group("c2"), ("company", "corporation"))
        if c:
            return LogLine("consequence", text, (_claim("owns", (e, c), text),), e)
    # results written as they happened, not checked yet (they are set aside, never read as moves)
    m = _rx(rf"(?P<e>.+?) (?:gains|earns) {_AMT} for .+").match(text)
    if m and look(m.group("e"), ("player", "corporation")):
        # a tile's bonus (NWR area) or a private's income for a water tile (Trestle Bridge)
        e = look(m.group("e"), ("player", "corporation"))
        return LogLine("consequence", text, (_claim("gets", (e, int(m.group(2))), text),), e)
    m = _rx(rf"(?P<e>.+?) takes a loan and receives {_AMT}").match(text)
    if m and look(m.group("e"), ("corporation",)):
        # 1861: a loan taken by the game to pay for the move that follows
        e = look(m.group("e"), ("corporation",))
        return LogLine("consequence", text, (_claim("gets", (e, int(m.group(2))), text),), e, forward=True)
    m = _rx(r"(?P<e>.+?) (?:closes|is nationali[sz]ed)").match(text)
    if m and look(m.group("e"), ("company", "corporation")):
        e = look(m.group("e"), ("company", "corporation"))
        return LogLine("consequence", text, (_claim("closes", e, text),), e)
    if _MOVE_VERB.search(text):     # "CPR buys a 4 train. 2 trains rust": a move, with a remark
        return None
    for pattern in (r".+? closes", r".+? is nationali[sz]ed",
                    r".+? settles with shareholders .+",
                    r".+? received .+? from .+",
                    r".+? (?:trains? )?rusts?\b.*", r".+? nationali[sz]ed from .+? for .+"):
        if _rx(pattern).match(text):
            return LogLine("consequence", text)
    return None
