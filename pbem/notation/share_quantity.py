"""How many shares a clause tells, and how many moves that is: a count of shares bought is that many
buys of one share (every title pbem plays buys one certificate per action); a sale stays one."""
from __future__ import annotations

import dataclasses
import re
from typing import Callable, Optional, Union

from pbem.engine.actions import BuyShares
from pbem.errors import AmbiguousMoveError
from .context import round_kind
from .lazy import regex

__all__ = ["CERT_SIZE", "counted_shares", "one_per_share", "quantity", "sources_refused"]

#: a certificate's size between a count and a certificate word ("2 10% certificates", "one 10% share")
CERT_SIZE = regex(r"(?:(?<=\b\d\s)|(?<=\b\d\sx\s)|(?<=\bone\s)|(?<=\btwo\s)|(?<=\bthree\s)|(?<=\bfour\s)|(?<=\bfive\s))"
                       r"(\d{1,3})\s*%(?=\s*(?:certificates?|certs?|shares?)\b)", re.I)


#: what may stand between a count and the company it counts ("1 sh HBR", "2 x GT", "one more QLL")
_BETWEEN = regex(r"\s*(?:x\s*)?(?:more\s+)?(?:(?:sh|shares?|certs?|certificates?)\.?\s+(?:of\s+(?:the\s+)?)?)?", re.I)
#: one certificate named straight after a company's name ("C&O share please")
_ONE_AFTER = regex(r"\s+(share|cert|certificate)\b(?!\s*(?:price|value|prices))", re.I)
#: what may follow a count when the company stands before it ("NYNH 1 sh IPO")
_AFTER_NAME = regex(r"\s*(?:sh|shares?|certs?|certificates?)\b", re.I)


def counted_shares(pieces: list, line: str, ctx) -> list:
    """In a stock round, a bare 1 straight before a company's name ("1 GT") or after it before a
    certificate word ("NYNH 1 sh IPO") is a count; so is "share" after a name in a clause of no count."""
    if round_kind(ctx) != "stock":
        return pieces
    out = list(pieces)
    for n, p in enumerate(out):
        if p.kind != "number" or p.value != 1:
            continue
        after = out[n + 1] if n + 1 < len(out) else None
        before = out[n - 1] if n else None
        m = _BETWEEN.match(line, p.end)
        if after is not None and _corporation(after) and m.end() == after.start \
                or before is not None and _corporation(before) and not line[before.end:p.start].strip() \
                and _AFTER_NAME.match(line, p.end):
            out[n] = dataclasses.replace(p, kind="count")
    if not any(p.kind in ("count", "number", "percent") for p in out):
        for p in [p for p in out if _corporation(p)]:
            m = _ONE_AFTER.match(line, p.end)         # "C&O share please": one share
            if m:
                out.append(dataclasses.replace(p, kind="count", value=1, start=m.start(1), end=m.end(1), before=""))
        out.sort(key=lambda p: p.start)
    return out


def _corporation(p) -> bool:
    """Whether a piece names a company whose shares are traded."""
    return p.kind == "name" and any(k == "corporation" for k, _ in p.value)


#: "sells all her GT", "dumps all of CPR": the whole holding; "both her GT shares", "both GT shares": two
_ALL = regex(r"\ball\s+(?:of\s+)?(?:(?:his|her|my|their|its|the)\s+)?(?!\d)", re.I)
_BOTH = regex(r"\bboth\s+(?:of\s+)?(?:his|her|my|their|its|the)\b|\bboth\s+\S+\s+(?:shares|certs|certificates)\b", re.I)


def quantity(c, size: int, sale: bool, held: Optional[Callable[[], int]]) -> Union[str, tuple[list[int], list[int]]]:
    """The counts and percents a clause tells of one company's shares, said once ("all" of a sale is the
    seller's holding, `held`; "both" two); a refusal (str) when the holding says otherwise."""
    counts = [p.value for p in c.of("count")]
    counts += [p.value for p in c.of("number") if p.value <= 9 and p.before not in ("for", "at", "@", "=")]
    pcts = [p.value for p in c.of("percent")]
    names = [p for p in c.of("name") if _corporation(p)]
    for p in c.of("number"):      # "sell 50 PRR": no count of shares, no price
        named = [q for q in names if _BETWEEN.match(c.text, p.end - c.start).end() == q.start - c.start]
        if p.value > 9 and p.before not in ("for", "at", "@", "=") and named:
            corp = next(i for k, i in named[0].value if k == "corporation")
            return f'"{c.text[p.start - c.start:named[0].end - c.start]}": how many shares? write the count ("2 {corp}") or the percent ("20% of {corp}")'
    if set(counts) == {1}:          # "another QLL - my second share"
        counts = [1]
    if len(counts) == 1 and len(set(pcts)) == 1 and counts[0] * size == pcts[0]:
        counts, pcts = [], pcts[:1]        # "3 CPR shares (30%)"
    corp = next((i for p in c.of("name") for k, i in p.value if k == "corporation"), "it")
    if (most := max([n * size for n in counts] + pcts, default=0)) > 100:
        return f"{corp}'s shares come to 100% in all, not {most}%"          # "a 200% share"
    if not sale or counts or pcts:
        return counts, pcts
    have = held() if held is not None else None
    if _BOTH.search(c.text):
        return ([2], []) if have is None or have == 2 * size else f"the seller holds {have}% of {corp}, not two shares"
    if re.search(r"\bboth\b", c.text, re.I):      # "sells both GT and CPR": one of each, or two of GT?
        return '"both": write how many shares of which company'
    if _ALL.search(c.text):
        if have is None:
            raise AmbiguousMoveError(f'"all" of {corp}: how many shares is not known here; write the count, e.g. "sells 2 {corp}"',
                                     candidates=[f"sells {n} {corp}" for n in range(1, 7)])
        return ([], [have]) if have else "the seller holds none of it"
    return counts, pcts


def sources_refused(c) -> Optional[str]:
    """Why the sources a clause of shares bought names are none shares come from ("from the depot") or
    too many ("from the IPO from the pool"), or None."""
    if any(c.text[p.start - c.start:p.end - c.start].lower() == "depot" for p in c.of("source")):
        return "shares come from the IPO or the pool, not the depot"
    return "two sources are named: from the IPO or from the pool?" if len({p.value for p in c.of("source")}) > 1 else None


def one_per_share(buy: BuyShares, count: int) -> list[BuyShares]:
    """`count` buys like `buy` (each a distinct action: the reader keys notes by identity)."""
    return [buy] + [dataclasses.replace(buy) for _ in range(max(1, count) - 1)]
