"""A private's power used in an operating round ("HBR uses the NWR: moves its token from G11 to E5"),
and a private bought told as its payment ("GT pays Bob 60 for the Trestle Bridge")."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional

from pbem.engine.actions import Action, BuyCompany, PlaceToken, RemoveToken
from pbem.errors import NotationError

from .context import NotationContext, round_kind
from .pieces import Clause, Piece
from .lazy import regex

__all__ = ["acting", "lift_without_hex", "powers", "private_paid", "token_moved"]

#: "uses the NWR", "using the North-West Rebellion power", "uses it" (the private just bought)
_USES = regex(r"\b(?:uses|use|used|using|plays|play|playing)\s+(?:its\s+)?", re.I)
_USES_IT = regex(r"\b(?:uses|using)\s+it\b", re.I)
#: the moves a private's power makes: track and tokens (a run, a dividend or a train stays the company's)
_POWER_VERBS = {"lay", "token", "remove"}
#: a token lifted ("moves its token", "lifts its K3 token", "its token moves from J12 to D6")
_MOVED = regex(r"\b(?:moves?|moved|moving|lifts?|lifted|lifting|removes?|removing|relocates?|relocated|from)\b|->|→", re.I)
#: a token put down again after it was lifted ("places it in E5")
_PLACES_IT = regex(r"\b(?:places?|placing|puts?|putting|drops?)\s+it\b", re.I)


def _private(p: Piece, ctx: NotationContext) -> Optional[str]:
    """The private a name piece names, when it names no corporation."""
    ids = [i for k, i in p.value if k == "company"]
    alone = len(ids) == 1 and ids[0] != ctx.current and not any(k == "corporation" for k, _ in p.value)
    return ids[0] if alone else None


def powers(found: list[Clause], ctx: NotationContext, line: str) -> list[Clause]:
    """The clauses with the private whose power makes their track and token moves marked (`Clause.mover`)."""
    out: list[Clause] = []
    power: Optional[str] = None
    lifted = False
    for c in found:
        uses = _USES.search(line, c.start, c.end)
        named = [p for p in c.of("name") if uses and p.start >= uses.end() and re.fullmatch(r"(?:the\s+)?", line[uses.end():p.start], re.I)]
        if named and _private(named[0], ctx):
            power = _private(named[0], ctx)
            user = {id(p) for p in c.of("name") if p.start < uses.start() and all(i == ctx.current for _, i in p.value)}
            c = _without(c, {id(named[0])} | user, {"uses", "use", "using", "power", "ability", "private"})
        elif (head := _head(c, ctx)) and (c.verbs() and c.verbs() <= _POWER_VERBS or power is None and not c.verbs()
                                          and not c.loose and line[c.end:c.end + 1] == ":"):
            power = head    # "NWR lays free tile 9 in J4", "HBR (NWR) places a token on E5"; "NWR: token G11 -> D6" (a heading)
            if not c.verbs():
                continue
        elif _USES_IT.search(line, c.start, c.end) and power is None:
            bought = [x for d in out if "buy" in d.verbs() for x in map(lambda p: _private(p, ctx), d.of("name")) if x]
            power = bought[0] if len(bought) == 1 else None
            c = _without(c, set(), {"uses", "using"}) if power else c
        put = lifted and not c.verbs() and len(c.of("hex")) == 1 and _PLACES_IT.search(line, c.start, c.end)
        if put:
            verb = Piece("verb", "token", put.start(), put.end())
            c = replace(c, pieces=sorted([*c.pieces, verb], key=lambda p: p.start), loose=[
                w for w in c.loose if w not in ("places", "place", "placing", "puts", "drops")])
        if power is not None and (c.verbs() and c.verbs() <= _POWER_VERBS or not c.verbs() and c.of("tile")):
            user = {id(p) for p in c.of("name") if all(i in (ctx.current, power) for _, i in p.value)}
            c = _without(c, user, set())
            c.mover = power
            lifted = lifted or bool(_MOVED.search(line, c.start, c.end)) and "token" in c.verbs()
        out.append(c)
    return out


def _head(c: Clause, ctx: NotationContext) -> Optional[str]:
    """The one private named before the clause's move words, beside only the company at turn, or None."""
    first = min((p.start for p in c.of("verb")), default=c.end)
    head = [p for p in c.pieces if p.start < first]
    if not head or any(p.kind != "name" or not _private(p, ctx) and {i for _, i in p.value} != {ctx.current} for p in head):
        return None
    privates = {_private(p, ctx) for p in head} - {None}
    return privates.pop() if len(privates) == 1 else None


def _without(c: Clause, pieces: set, words: set) -> Clause:
    """The clause without the pieces (by id) and the loose words given."""
    return replace(c, pieces=[p for p in c.pieces if id(p) not in pieces],
                   loose=[w for w in c.loose if w not in words])


def acting(ctx: NotationContext, c: Clause) -> NotationContext:
    """The context a clause is fitted in: the private using its power as the one operating."""
    return ctx if c.mover is None else ctx.at_turn(current=c.mover)


def token_moved(c: Clause, who: str, hexes: list[str], verbs: set):
    """The token a clause moves ("from G11 to E5") or lifts ("lifts its K3 token"), or None."""
    if verbs != {"token"} or not _MOVED.search(c.text) or len(hexes) not in (1, 2):
        return None
    if len(hexes) == 1:
        return [[(RemoveToken(who, hexes[0]), ("city",))]] if re.search(r"\b(?:lift|remov)", c.text, re.I) else None
    to = [p.value for p in c.of("hex") if p.before == "to"]
    dest = to[0] if len(to) == 1 else hexes[1]
    src = next(h for h in hexes if h != dest)
    return [[(RemoveToken(who, src), ()), (PlaceToken(who, dest), ("city",))]]


def private_paid(c: Clause, ctx: NotationContext) -> Optional[list[Action]]:
    """The purchase of a private a clause of payment tells in an operating round, or None."""
    if round_kind(ctx) != "operating" or c.verbs() != {"payout"} or not ctx.current:
        return None
    privates = [(p, i) for p in c.of("name") for k, i in p.value if k == "company"]
    corps = {i for p in c.of("name") for k, i in p.value if k == "corporation"}
    amounts = [p.value for p in c.of("money")] or [p.value for p in c.of("number")]
    if len({i for _, i in privates}) != 1 or privates[0][0].before not in ("for", "the") or len(amounts) != 1 \
            or corps - {ctx.current} or any(c.of(k) for k in ("hex", "tile", "train", "percent")):
        return None
    return [BuyCompany(ctx.current, privates[0][1], amounts[0])]


#: the words of a token lifted ("drops its station" in an operating round is a placement)
_LIFTS = regex(r"\b(?:removes?|removing|removed|lifts?|lifting|lifted)\b", re.I)


def lift_without_hex(c: Clause, ctx: NotationContext) -> None:
    """Raise NotationError when an operating clause lifts a token from no hex or place it names."""
    verbs = c.verbs()
    placed = any(k == "location" for p in c.of("name") for k, _ in p.value)      # "from Kiev": the place's hex
    if round_kind(ctx) == "operating" and {"remove", "token"} <= verbs and _LIFTS.search(c.text) and not c.of("hex") \
            and not placed:
        raise NotationError(f'"{c.text}": which token is lifted, from which hex?', text=c.text)
