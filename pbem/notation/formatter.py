"""Writing actions as canonical notation, one line per action, read back by parse_move; the wording follows
the 18xx.games log ("Ann pars CPR at 100"), cities and slots are 1-based, and every line names its entity."""
from __future__ import annotations

import dataclasses
from typing import Iterable, Optional

from pbem.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, EndGame,
    LayTile, Par, Pass, PlaceToken, RemoveToken, Route, RunRoutes, SellShares,
)

from .context import NotationContext
from .names import name_index

__all__ = ["format_action", "format_actions", "format_route", "entity_label"]


def entity_label(entity: str, ctx: NotationContext) -> str:
    """How a line names `entity`: a player's display name when it names them alone, a private's symbol and full
    name when its symbol does not, else the symbol or id."""
    index = name_index(ctx)
    if entity in index.labels:
        return index.labels[entity]
    kinds = ("player", "corporation", "company")
    label = entity
    if ctx.kind_of(entity) == "player":
        shown = ctx.players.get(entity) or entity
        if shown != entity and index.ident(shown, kinds) == entity and not any(c in shown for c in ";:\n"):
            label = shown
    elif ctx.kind_of(entity) == "company" and index.ident(entity, kinds) != entity:
        label = f"{entity} ({ctx.companies.get(entity) or entity})"
    index.labels[entity] = label
    return label


def _train(name: str, train_id: Optional[str] = None) -> str:
    """'4 train', or '4 train (4-1)' when the move names the very train (not the first of its type)."""
    return f"{name} train ({train_id})" if train_id else f"{name} train"


def _hex_city(hex_: str, city: int) -> str:
    return f"{hex_} city {city + 1}" if city else hex_


def format_route(route: Route) -> str:
    """'2 train I5-J10.2 via I5>I6>J10 for 60'."""
    stops = "-".join(s.hex if s.node is None else f"{s.hex}.{s.node + 1}" for s in route.stops)
    out = f"{_train(route.train)} {stops}" if stops else _train(route.train)     # stops not yet settled
    if route.via is not None:
        out += " via " + " ".join(">".join(leg) for leg in route.via)
    if route.revenue is not None:
        out += f" for {route.revenue}"
    if route.trusted:
        out += " trusted"
    return out


def _token(a: PlaceToken) -> str:
    slot = f" slot {a.slot + 1}" if a.slot is not None else ""
    return f"places {'a neutral token' if a.neutral else 'a token'} on {_hex_city(a.hex, a.city)}{slot}"


def _train_bought(a: BuyTrain) -> str:
    price = f" for {a.price}" if a.price is not None else ""
    trade = f" trading in a {_train(a.exchange, a.exchange_id)}" if a.exchange is not None else ""
    train = "train" if a.train is None else _train(a.train, a.train_id)
    return f"buys a {train} from {'the depot' if a.source == 'depot' else a.source}{price}{trade}"


def _said(price: Optional[int], before: str, after: str = "") -> str:
    return "" if price is None else f"{before}{price}{after}"


_SOURCES = {"ipo": "the IPO", "pool": "the pool"}
_DIVIDENDS = {"withhold": "withholds", "half": "pays half", "payout": "pays out"}
#: each engine kind's line after who moves
_WRITTEN = {
    Pass: lambda a: "passes",
    Bid: lambda a: f"bids {_said(a.price, '', ' ')}for {a.company}",      # (an amount left to the table: unsaid)
    Par: lambda a: f"pars {a.corporation}{_said(a.price, ' at ')}",
    BuyShares: lambda a: f"buys a {a.percent}% share of {a.corporation} from {_SOURCES.get(a.source, a.source)}",
    SellShares: lambda a: f"sells {a.percent}% of {a.corporation}",
    LayTile: lambda a: f"lays #{a.tile} on {a.hex} rot {a.rotation}",
    PlaceToken: _token,
    RemoveToken: lambda a: f"removes a token from {_hex_city(a.hex, a.city)}",
    RunRoutes: lambda a: "runs " + ", ".join(format_route(r) for r in a.routes) if a.routes else "does not run",
    Dividend: lambda a: _DIVIDENDS.get(a.kind, "pays out"),
    BuyTrain: _train_bought,
    DiscardTrain: lambda a: f"discards a {_train(a.train, a.train_id)}",
    BuyCompany: lambda a: f"buys the private {a.company}{_said(a.price, ' for ')}",
    Bankrupt: lambda a: "goes bankrupt",
    EndGame: lambda a: "ends the game",
}


def format_action(action: Action, ctx: NotationContext, *, who: Optional[str] = None) -> str:
    """The canonical one-line notation of `action`; `who`, when given, is its entity's `entity_label`."""
    who = entity_label(action.entity, ctx) if who is None else who
    written = type(action).written          # a kind that says how it is written (own_kinds.py)
    if written:
        return f"{who} " + written.format(**{f.name: getattr(action, f.name) for f in dataclasses.fields(action)})
    for kind in type(action).__mro__:
        if kind in _WRITTEN:
            return f"{who} {_WRITTEN[kind](action)}"
    raise TypeError(f"cannot format {type(action).__name__}")


def format_actions(actions: Iterable[Action], ctx: NotationContext) -> list[str]:
    """One canonical line per action."""
    return [format_action(a, ctx) for a in actions]
