"""The move lines of an 18xx.games log, by their fixed shapes: read by the grammar, like canonical lines.

The site writes each move in one of a few sentences ("CPR lays tile #57 with rotation 2 on I5
(Swift Current)", "Ann buys a 10% share of CPR from the IPO for $76"); a line of one of these
shapes, pasted alone or in a transcript, is read by the grammar, any other line by the interpreter.
"""
from __future__ import annotations

from .lazy import regex

__all__ = ["is_log_move"]

#: a sum as the site writes it: "$76", "120₽"
_M = r"(?:[$£¥€]\d+|\d+₽)"
_HEX = r"[A-Z]{1,2}\d{1,3}"
_PLACE = r"(?: \([^()]+\))?"
#: the steps as the site names them, after "passes"
_STEPS = (r"lay(?:/upgrade)? track|place a token|run routes|buy trains|buy companies|pay or withhold dividends|"
          r"discard trains|redeem shares|buy shares post merge|convert or merge minor corporation|bidding|on [^;]+")

_BY_ENTITY = regex(
    r"^\S.*? (?:"
    rf"passes(?: (?:{_STEPS}))?"
    r"|declines (?:to )?(?:sell|buy) shares"
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
    """Whether `text` (no timestamp) has the shape of a move line the site writes."""
    text = text.strip()
    return bool(_BY_ENTITY.match(text) or _ALONE.match(text))
