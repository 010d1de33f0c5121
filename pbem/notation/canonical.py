"""A small exact reader of canonical lines, for replaying game files: one pattern per kind of move, its reading
kept only if `format_action` writes it back as the very same line (else None: the grammar reads it)."""
from __future__ import annotations

import re
from typing import Callable, Optional

from pbem.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, EndGame,
    LayTile, Par, Pass, PlaceToken, RemoveToken, Route, RunRoutes, SellShares, Stop,
)

from . import own_kinds
from .context import NotationContext
from .formatter import entity_label, format_action
from .lazy import regex

__all__ = ["CanonicalReader"]

_HEX_CITY = r"(?P<hex>[A-Z]{1,2}\d{1,3})(?: city (?P<city>\d+))?"
_SOURCE = {"the IPO": "ipo", "the pool": "pool", "the depot": "depot"}


def _city(m: re.Match) -> int:
    return int(m.group("city")) - 1 if m.group("city") else 0


def _stop(text: str) -> Optional[Stop]:
    """A route's stop ("G9.1"), or None for what is none ("G9.#11": not canonical)."""
    hex_, _, node = text.partition(".")
    if node and not (node.isascii() and node.isdigit()):
        return None
    return Stop(hex_, int(node) - 1 if node else None)


_ROUTE = regex(r"^(?P<train>\S+) train (?P<stops>\S+)(?: via (?P<via>[^,]+?))?(?: for (?P<rev>\d+))?"
                    r"(?P<trusted> trusted)?$")


def _route(text: str) -> Optional[Route]:
    m = _ROUTE.match(text)
    if m is None:
        return None
    via = tuple(tuple(leg.split(">")) for leg in m.group("via").split(" ")) if m.group("via") else None
    stops = tuple(_stop(s) for s in m.group("stops").split("-"))
    if None in stops:
        return None
    return Route(train=m.group("train"), stops=stops, via=via,  # type: ignore[arg-type]
                 revenue=int(m.group("rev")) if m.group("rev") else None, trusted=bool(m.group("trusted")))


def _run(e: str, m: re.Match) -> Optional[Action]:
    routes = [_route(r) for r in m.group("routes").split(", ")]
    return None if any(r is None for r in routes) else RunRoutes(e, tuple(routes))   # type: ignore[arg-type]


#: (pattern of what follows the entity's name, the action it makes); the kinds that say how they
#: are written and read (`written`, `read`: convert, merge, choose, a title's own) are read by
#: own_kinds.py first
_KINDS: list[tuple[re.Pattern, Callable[[str, re.Match], Optional[Action]]]] = [
    (regex(r"passes"), lambda e, m: Pass(e)),
    (regex(r"bids (?P<p>\d+) for (?P<c>\S+)"), lambda e, m: Bid(e, m.group("c"), int(m.group("p")))),
    (regex(r"pars (?P<c>\S+) at (?P<p>\d+)"), lambda e, m: Par(e, m.group("c"), int(m.group("p")))),
    (regex(r"buys a (?P<pct>\d+)% share of (?P<c>\S+) from (?P<src>the IPO|the pool|\S+)"),
     lambda e, m: BuyShares(e, m.group("c"), _SOURCE.get(m.group("src"), m.group("src")), int(m.group("pct")))),
    (regex(r"sells (?P<pct>\d+)% of (?P<c>\S+)"), lambda e, m: SellShares(e, m.group("c"), int(m.group("pct")))),
    (regex(r"lays #(?P<t>\S+) on (?P<h>[A-Z]{1,2}\d{1,3}) rot (?P<r>[0-5])"),
     lambda e, m: LayTile(e, m.group("h"), m.group("t"), int(m.group("r")))),
    (regex(r"places (?P<n>a token|a neutral token) on " + _HEX_CITY + r"(?: slot (?P<slot>\d+))?"),
     lambda e, m: PlaceToken(e, m.group("hex"), _city(m), m.group("n") == "a neutral token",
                             int(m.group("slot")) - 1 if m.group("slot") else None)),
    (regex(r"removes a token from " + _HEX_CITY), lambda e, m: RemoveToken(e, m.group("hex"), _city(m))),
    (regex(r"does not run"), lambda e, m: RunRoutes(e, ())),
    (regex(r"runs (?P<routes>.+)"), _run),
    (regex(r"withholds"), lambda e, m: Dividend(e, "withhold")),
    (regex(r"pays half"), lambda e, m: Dividend(e, "half")),
    (regex(r"pays out"), lambda e, m: Dividend(e, "payout")),
    (regex(r"buys a (?P<t>\S+) train(?: \((?P<tid>[^()\s]+)\))? from (?P<src>the depot|\S+)"
                r"(?: for (?P<p>\d+))?(?: trading in a (?P<x>\S+) train(?: \((?P<xid>[^()\s]+)\))?)?"),
     lambda e, m: BuyTrain(e, m.group("t"), _SOURCE.get(m.group("src"), m.group("src")),
                           int(m.group("p")) if m.group("p") else None, m.group("x"),
                           train_id=m.group("tid"), exchange_id=m.group("xid"))),
    (regex(r"discards a (?P<t>\S+) train(?: \((?P<tid>[^()\s]+)\))?"),
     lambda e, m: DiscardTrain(e, m.group("t"), m.group("tid"))),
    (regex(r"buys the private (?P<c>\S+) for (?P<p>\d+)"),
     lambda e, m: BuyCompany(e, m.group("c"), int(m.group("p")))),
    (regex(r"goes bankrupt"), lambda e, m: Bankrupt(e)),
    (regex(r"ends the game"), lambda e, m: EndGame(e)),
]


class CanonicalReader:
    """Reads the canonical lines of one game's context (its names are looked up once)."""

    def __init__(self, ctx: NotationContext):
        self.ctx = ctx
        self.labels: dict[str, str] = {}
        for entity in [*ctx.players, *ctx.corporations, *ctx.companies]:
            self.labels.setdefault(entity_label(entity, ctx), entity)
        # the longest name first, so "Player 10" is never taken for "Player 1"
        self.names = sorted(self.labels, key=len, reverse=True)
        self.kinds = own_kinds.written_kinds(ctx.title)

    def read(self, line: str) -> Optional[Action]:
        """The action `line` is the canonical line of, or None (read it with the grammar)."""
        for name in self.names:
            if line.startswith(name + " "):
                rest = line[len(name) + 1:]
                entity = self.labels[name]
                # (`name` is its entity's label: `labels` maps each label to an entity it labels)
                for own in own_kinds.readings(rest, entity, self.kinds):   # kinds that say how they read
                    if own is not None and format_action(own, self.ctx, who=name) == line:
                        return own
                for pattern, make in _KINDS:
                    m = pattern.fullmatch(rest)
                    if m is not None:
                        action = make(entity, m)
                        if action is not None and format_action(action, self.ctx, who=name) == line:
                            return action
                return None
        return None
