"""What a dividend does, told beside it: a share price's move after a dividend ("SE pays out;
share price should go up to 165", "QLL pays out 40 → QLL moves up to 71", "NW pays out 120; share
price from 100 to 110"), a minor's revenue split after its run ("half to me half to the minor as
usual", "(25 to me, 25 to KR)", which the game pays by itself): no move and no plan; it is set aside before the line is
read by its pieces (terse.py)."""
from __future__ import annotations

import dataclasses
import re

from pbem.engine.actions import Dividend

from .claims import Claim
from .lazy import regex

__all__ = ["price_moves_set_aside", "with_price_claims"]

#: a dividend's word: a price move told after one is its result
_DIVIDEND = regex(r"\b(?:pay|pays|paid|paying|payout|withh\w*|half|splits?)\b", re.I)
#: what moves ("share price", "its price", "GT", "GT's price") and how ("should go up to 165",
#: "drops to 67", "moves right to 82", "from 100 to 110")
_PRICE_MOVE = regex(
    r"(?:→|->|\b(?i:so)\b)?\s*(?:(?i:(?:the\s+|its\s+)?(?:share\s+)?price)|[A-Z][A-Z&-]{1,5}(?:['’]s\s+(?i:(?:share\s+)?price))?)"
    r"\s+(?i:(?:should|will|would)\s+)?(?i:(?:(?:go(?:es)?|move[sd]?)\s+(?P<way>up|down|right|left)|(?P<verb>rise[sn]?|rose|"
    r"drop(?:s|ped)?|falls?|fell|jump(?:s|ed)?)(?:\s+(?:up|down))?)(?:\s+to\s+[$₽]?\d{1,4})?|"
    r"from\s+[$₽]?(?P<a>\d{1,4})\s+to\s+[$₽]?(?P<b>\d{1,4}))\b")


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
    out, at = [], 0
    for m in rx.finditer(line, first.end()):
        out += [line[at:m.start()], " " * (m.end() - m.start())]
        at = m.end()
        said.append(m)
    return "".join(out) + line[at:] if out else line


def _direction(m: re.Match) -> str:
    """ "up" or "down": where a price move told goes (right counts as up)."""
    if m.group("a"):
        return "up" if int(m.group("b")) > int(m.group("a")) else "down"
    word = (m.group("way") or m.group("verb")).lower()
    return "up" if word in ("up", "right") or word.startswith(("ris", "ros", "jump")) else "down"


def price_moves_set_aside(line: str) -> tuple[str, list[Claim]]:
    """The line with each share price move told after a dividend, and each minor's revenue split
    told after a run ("half to me as usual"), blanked (the same length, so every column stands);
    and the price moves' claims on their direction."""
    moves: list = []
    plain = _blanked(_blanked(_blanked(line, _PRICE_MOVE, _DIVIDEND, moves), _SPLIT, _RUN, []), _AMOUNTS_SPLIT, _RUN, [])
    return plain, [Claim("price_dir", _direction(m), m.group(0).strip(" →->"), m.start() + 1) for m in moves]


def with_price_claims(moves: list, said: list) -> list:
    """The moves read with the price claims told after their dividend given to its move."""
    at = max((i for i, m in enumerate(moves) if isinstance(m.action, Dividend)), default=None)
    if not said or at is None:
        return moves
    return [*moves[:at], dataclasses.replace(moves[at], claims=moves[at].claims + tuple(said)), *moves[at + 1:]]
