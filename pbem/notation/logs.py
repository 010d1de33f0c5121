"""The lines of an 18xx.games log: a move line's shape (`is_log_move`, read by the grammar) and the lines
that are no moves (`classify`: banner, turn, automatic, consequence, chat), never misread as moves."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Optional


from .claims import Claim
from .names import NameIndex
from .lazy import regex

__all__ = ["LogLine", "classify", "is_log_move"]


@dataclass(frozen=True)
class LogLine:
    """A line that is not a move: its kind, the claims it makes and whom it is about."""

    kind: str
    text: str
    claims: tuple = ()
    entity: Optional[str] = None
    forward: bool = False     # a result of the move that follows ("Ann contributes $153" before the train)
    actions: tuple = ()       # kind "move": the move a fixed log form stands for


#: the steps as the site names them ("passes lay track", "skips run routes")
_STEPS = (r"lay(?:/upgrade)? track|place a token|run routes|buy trains|buy companies|pay or withhold dividends|"
          r"discard trains|redeem shares|buy shares post merge|convert or merge minor corporation")

# --- the moves ------------------------------------------------------------------------------------
#: a sum as the site writes it in a move: "$76", "120₽"
_M = r"(?:[$£¥€]\d+|\d+₽)"
_HEX = r"[A-Z]{1,2}\d{1,3}"
_PLACE = r"(?: \([^()]+\))?"
_BY_ENTITY = regex(
    r"^\S.*? (?:"
    rf"passes(?: (?:(?:[a-z]{{2,5}}: )?{_STEPS}|bidding|on [^;]+))?"
    r"|declined to bid on [^;]+"
    r"|declines (?:to )?(?:sell|buy) shares"
    r"|declines to place token"
    rf"|bids {_M} for .+"
    rf"|buys .+? for {_M}(?: from .+)?"
    rf"|pars .+ at {_M}"
    rf"|sells .+ and receives {_M}"
    rf"|(?:spends {_M} and )?lays tile #\S+ with rotation [0-5] on {_HEX}{_PLACE}"
    rf"|places a (?:neutral )?token on {_HEX}{_PLACE}(?: for {_M})?"
    rf"|removes (?:a |neutral )?token from {_HEX}{_PLACE}"
    rf"|runs an? \S+ train for {_M}: \S+"
    r"|does not run"
    rf"|pays out {_M} = .+"
    rf"|pays half {_M}.*"
    rf"|withholds {_M}"
    rf"|exchanges an? \S+ for an? \S+ train for {_M} from .+"
    rf"|exchanges .+ and {_M} for an? \d+% share of .+"
    r"|discards (?:an? )?\S+(?: train)?"
    r"|(?:merges|converts) into .+ receiving .+"
    rf"|redeems an? \d+% share from .+ for {_M}"
    r")\s*$")
_ALONE = regex(rf"^(?:Remove token from {_HEX}(?: and replace with neutral token)?|Game ended manually by .+|"
               r"Adding \S+ to merge of \S+)\s*$")


def is_log_move(text: str) -> bool:
    """Whether `text` (no timestamp) has the shape of a move line the site writes (one move: never a ";",
    so a line of the player's own that ends in a log's shape is the interpreter's)."""
    text = text.strip()
    return ";" not in text and bool(_BY_ENTITY.match(text) or _ALONE.match(text))


# --- the lines that are no moves -----------------------------------------------------------------
_TS = regex(r"^\s*\[\d{1,2}:\d{2}(?::\d{2})?\]\s*")
#: a sum as the site writes it in a result, its figure a group
_AMT = r"[$£¥₽€]?\s*(\d+)\s*[$£¥₽€]?"


def _rx(pattern: str) -> re.Pattern:
    return regex(r"^\s*" + pattern + r"\s*\.?\s*$", re.I)


_PLAYER, _CORP, _ANY = ("player",), ("corporation",), ("player", "corporation", "company")
#: lines set aside without claims, in order: the kind, the pattern, the kinds each named group must
#: name (none for a banner) and the group the line is about
_PLAIN = [(kind, _rx(p), kinds, about) for kind, p, kinds, about in (
    # the bankruptcy of the company this player runs (a move, made by the company)
    ("bankrupt", r"--\s*(?P<p>.+?) goes bankrupt and sells remaining shares\s*--", {"p": _PLAYER}, "p"),
    *(("banner", p, {}, None) for p in (
        r"--.*--",
        r"(?P<e>.+?) has priority deal",
        r"(?P<e>.+?) goes up for auction",
        r"(?P<e>.+?) must choose city for (?:home )?token",
        r"•\s*Action\(.*\) via Master Mode by: .+",
        r".+? occurs on purchase of the first .+? train",
        r".+? comes with an? \d+% share of .+",
        r".+? destroys tile .+",
        r"(?P<e>.+?) cannot bid .+? and is out of the auction for .+",
        r"(?P<e>.+?) has tokens \(.*\)",
        rf"(?P<e>.+?) is up for auction, minimum bid is {_AMT}",
        # 1861: nobody bid on a minor (or, in the Dutch auction, bought it), so its price drops
        rf"Nobody (?:bid on|bought) (?P<e>.+?), reducing price to {_AMT}",
        # the waterfall auction when everybody passed: the cheapest private's price drops
        rf"(?P<e>.+?) minimum bid decreases from {_AMT} to {_AMT}",
        r"(?P<e>.+?) can no longer be converted to a public corporation",
        r"(?P<e>.+?) adds an extra .+? train to the depot",
        r"Optional rules used in this game:?",
        r"Following companies are removed .+",      # 1861 for two players: minors set aside at the start
        r"(?:Green minors are now available|Minors can no longer be started|Majors can now be started|"
        r"Minors nationali[sz]ed)",
        r"(?P<e>.+?) will be above token limit and must decide which tokens to remove",
        r"\*\s+.+?:\s+.+")),                      # an optional rule, listed under that line
    ("turn", r"(?P<p>.+?) operates (?P<e>.+?)", {"p": _PLAYER, "e": ("corporation", "company")}, "e"),
    # only the steps as 18xx.games names them ("GT skips the token, runs the 3..." is a move)
    ("automatic", rf"(?P<e>.+?) (?:automatically )?skips (?:{_STEPS}|[a-z ]+? because .+)", {"e": _ANY}, "e"),
    ("automatic", r"(?P<e>.+?) has no valid actions and passes", {"e": _ANY}, "e"),
    ("automatic", rf"(?P<e>.+?) collects {_AMT} from .+", {"e": _ANY}, "e"),
    ("automatic", rf"(?P<e>.+?) pays {_AMT} interest for\s+\d+ loans?", {"e": _ANY}, "e"),
    ("automatic", rf"(?P<e>.+?) pays off a loan for {_AMT}", {"e": _ANY}, "e"),
    # 1861: the interest a company cannot pay nationalises it (the next line says so)
    ("automatic", rf"(?P<e>.+?) owes {_AMT} in loan interest but only has {_AMT}", {"e": _CORP}, "e"))]
_MINOR_DIVIDEND = _rx(rf"(?P<e>.+?) (?:withholds|pays out|pays half|runs for {_AMT} and pays half)(?:\s+.*)?")
#: the consequences that are claims on their move, in order: the pattern, the kinds each named group
#: must name, the group the line is about, the claim's kind, its value from the names and the sums,
#: and whether it is a result of the move that follows
_CLAIMED = [(_rx(p), kinds, about, claim, value, forward) for p, kinds, about, claim, value, forward in (
    (rf"(?P<c>.+?)['’]s share price (?:moves? \w+(?: and \w+)?|changes|goes \w+|drops|rises)"
     rf"(?: \d+ (?:spaces?|steps?))? "
     rf"from {_AMT} to {_AMT}(?: \(\d+ steps?\))?", {"c": _CORP}, "c", "price_move", lambda n, a: (n["c"], *a), False),
    (r"(?P<p>.+?) (?:becomes|is now|became) the (?:new )?(?:president|director) of (?P<c>.+?)",
     {"p": _PLAYER, "c": _CORP}, "c", "president", lambda n, a: (n["p"], n["c"]), False),
    # 1861: who runs the national this operating round (set as the round starts)
    (r"(?P<c>.+?) run by (?P<p>.+?), as they have priority deal",
     {"p": _PLAYER, "c": _CORP}, "c", "president", lambda n, a: (n["p"], n["c"]), False),
    (rf"(?P<c>.+?) floats(?: with {_AMT}(?: in (?:its|the) treasury)?)?",     # 1861: "N floats with 180₽"
     {"c": _CORP}, "c", "floats", lambda n, a: n["c"], False),
    (rf"(?P<e>.+?) receives {_AMT}", {"e": ("corporation", "player")}, "e", "gets", lambda n, a: (n["e"], a[0]), False),
    (rf"(?P<e>.+?) contributes {_AMT}", {"e": _PLAYER}, "e", "gets", lambda n, a: (n["e"], -a[0]), True),
    (r"(?P<e>.+?) receives an? (\d+)% share of (?P<c>.+?)",
     {"e": _PLAYER, "c": _CORP}, "e", "share", lambda n, a: (n["e"], n["c"], a[0]), False),
    (rf"(?P<e>.+?) wins the auction for (?P<c>.+?) with (?:the only bid|a bid) of {_AMT}",
     {"e": _PLAYER, "c": ("company", "corporation")}, "e", "owns", lambda n, a: (n["e"], n["c"]), False),
    (rf"(?P<e>.+?) wins bid on (?P<c>.+?) for {_AMT}",
     {"e": _PLAYER, "c": ("company", "corporation")}, "e", "owns", lambda n, a: (n["e"], n["c"]), False),
    # results written as they happened, not checked yet (they are set aside, never read as moves):
    # a tile's bonus (NWR area) or a private's income for a water tile (Trestle Bridge)
    (rf"(?P<e>.+?) (?:gains|earns) {_AMT} for .+",
     {"e": ("player", "corporation")}, "e", "gets", lambda n, a: (n["e"], a[0]), False),
    # 1861: a loan taken by the game to pay for the move that follows
    (rf"(?P<e>.+?) takes a loan and receives {_AMT}", {"e": _CORP}, "e", "gets", lambda n, a: (n["e"], a[0]), True),
    (r"(?P<e>.+?) (?:closes|is nationali[sz]ed)", {"e": ("company", "corporation")}, "e", "closes",
     lambda n, a: n["e"], False))]
#: a move word in a line: such a line is read as a move, never set aside by the loose patterns
_MOVE_VERB = regex(r"\b(?:buys?|bought|sells?|sold|lays?|laid|runs?|ran|pays?|paid|bids?|pars?|"
                   r"tokens?|tokened|withh[oe]lds?|withheld|upgrades?|upgraded|discards?|discarded|"
                   r"elects?|elected|chooses?|chose|opts?|opted|decides?|decided|merges?|merged|"
                   r"converts?|converted|redeems?|redeemed)\b", re.I)
#: consequences told without a claim
_UNCLAIMED = [_rx(p) for p in (r".+? closes", r".+? is nationali[sz]ed", r".+? settles with shareholders .+",
                                r".+? received .+? from .+", r".+? (?:trains? )?rusts?\b.*",
                                r".+? nationali[sz]ed from .+? for .+")]


def classify(line: str, index: NameIndex, ctx, *, transcript: bool = False) -> Optional[LogLine]:
    """What kind of non-move line `line` is, or None if it is none of them."""
    text = _TS.sub("", line, count=1).strip()
    if not text:
        return None

    def look(name: str, kinds: tuple) -> Optional[str]:
        """A name's id among `kinds`, or None (never raises)."""
        return index.ident(re.sub(r"'s$|’s$", "", name.strip()), kinds)

    m = _rx(rf"(?P<e>.+?) runs for {_AMT} and pays (?P<k>half|payout|withhold)").match(text)
    if m and (e := look(m.group("e"), _CORP)):
        # the dividend step's own line (1867 family); the payout lines after it are its results
        from pbem.engine.actions import Dividend
        return LogLine("move", text, (Claim("revenue", int(m.group(2)), text, 1),), e,
                       actions=(Dividend(e, m.group("k")),))
    m = _rx(r"Finish merge of (?P<e>[^,]+?)(?:,.*)?").match(text)
    if m:
        # 1861: the merger closes its list (a pass of the first minor, or automatic)
        return LogLine("finish_merge", text, (), look(m.group("e"), _CORP))
    for kind, rx, kinds, about in _PLAIN:
        names = _names(rx.match(text), kinds, look)
        if names is not None:
            return LogLine(kind, text, (), names.get(about))
    m = _MINOR_DIVIDEND.match(text)
    if m and getattr(ctx, "automatic_dividends", ()) and look(m.group("e"), _CORP) in ctx.automatic_dividends:
        return LogLine("automatic", text, (), look(m.group("e"), _CORP))
    for rx, kinds, about, claim, value, forward in _CLAIMED:
        m = rx.match(text)
        names = _names(m, kinds, look)
        if names is not None:
            sums = [int(m.group(i)) for i in range(1, m.re.groups + 1)
                    if i not in m.re.groupindex.values() and m.group(i) is not None]
            return LogLine("consequence", text, (Claim(claim, value(names, sums), text, 1),), names[about],
                           forward=forward)
    if not _MOVE_VERB.search(text) and any(rx.match(text) for rx in _UNCLAIMED):
        return LogLine("consequence", text)     # not "CPR buys a 4 train. 2 trains rust": a move, with a remark
    m = re.match(r"^\s*(?P<p>[^:]{1,40}?):\s", text) if transcript else None
    if m and look(m.group("p"), _PLAYER):
        return LogLine("chat", text, (), look(m.group("p"), _PLAYER))
    return None


def _names(m: Optional[re.Match], kinds: dict, look: Callable) -> Optional[dict]:
    """The ids of the named groups of `m` that `kinds` asks for, or None when one names nothing of its kinds."""
    if m is None:
        return None
    names = {g: look(m.group(g), k) for g, k in kinds.items()}
    return None if None in names.values() else names
