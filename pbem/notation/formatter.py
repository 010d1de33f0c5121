"""Writing actions as canonical notation: one line per action, read back by parse_move.

The wording follows the 18xx.games log where it can ("Ann pars CPR at 100", "CPR runs 2
train I5-J10 for 60", "CPR pays out") so players read what they already know. Numbers that
count cities and slots are written 1-based ("J10 city 2", stop "J10.2"), as they are read.
Prices are bare numbers. Every line names its entity, so it reads back in any context.

One line per action for every action, except:
* a Route with trusted=True reads back only in a context with allow_trusted=True (players
  may not claim unchecked revenue);
* names that cannot be told apart in the context (a player named like a corporation
  symbol, a player name that is also a move word such as "Pass") are written but may not
  read back.
"""
from __future__ import annotations

from typing import Iterable, Optional

from pbem.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, EndGame,
    LayTile, Par, Pass, PlaceToken, RemoveToken, Route, RunRoutes, SellShares,
)

from . import own_kinds
from .context import NotationContext
from .names import name_index

__all__ = ["format_action", "format_actions", "format_route", "entity_label"]


def entity_label(entity: str, ctx: NotationContext) -> str:
    """How a line names `entity`: a player's display name, else the symbol/id (kept by the
    context's name tables, which it depends on alone)."""
    index = name_index(ctx)
    if entity not in index.labels:
        index.labels[entity] = _label(entity, ctx, index)
    return index.labels[entity]


def _label(entity: str, ctx: NotationContext, index) -> str:
    kinds = ("player", "corporation", "company")

    def names_it(text: str) -> bool:
        return index.ident(text, kinds) == entity

    kind = ctx.kind_of(entity)
    if kind == "player":
        shown = ctx.players.get(entity) or entity
        if shown != entity and names_it(shown) and not any(c in shown for c in ";:\n"):
            return shown
        return entity
    if kind == "company" and not names_it(entity):
        full = ctx.companies.get(entity) or entity
        return f"{entity} ({full})"
    return entity


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


def format_action(action: Action, ctx: NotationContext, *, who: Optional[str] = None) -> str:
    """The canonical one-line notation of `action`; `who`, when given, is `entity_label` of its
    entity, already known (the canonical reader's)."""
    who = entity_label(action.entity, ctx) if who is None else who
    a = action
    own = own_kinds.write(a, who)            # a kind that says how it is written (`written`)
    if own is not None:
        return own
    if isinstance(a, Pass):
        return f"{who} passes"
    if isinstance(a, Bid):
        return f"{who} bids {a.price} for {a.company}"
    if isinstance(a, Par):
        return f"{who} pars {a.corporation} at {a.price}"
    if isinstance(a, BuyShares):
        src = "the IPO" if a.source == "ipo" else "the pool" if a.source == "pool" else a.source
        return f"{who} buys a {a.percent}% share of {a.corporation} from {src}"
    if isinstance(a, SellShares):
        return f"{who} sells {a.percent}% of {a.corporation}"
    if isinstance(a, LayTile):
        return f"{who} lays #{a.tile} on {a.hex} rot {a.rotation}"
    if isinstance(a, PlaceToken):
        kind = "a neutral token" if a.neutral else "a token"
        out = f"{who} places {kind} on {_hex_city(a.hex, a.city)}"
        if a.slot is not None:
            out += f" slot {a.slot + 1}"
        return out
    if isinstance(a, RemoveToken):
        return f"{who} removes a token from {_hex_city(a.hex, a.city)}"
    if isinstance(a, RunRoutes):
        if not a.routes:
            return f"{who} does not run"
        return f"{who} runs " + ", ".join(format_route(r) for r in a.routes)
    if isinstance(a, Dividend):
        if a.kind == "withhold":
            return f"{who} withholds"
        if a.kind == "half":
            return f"{who} pays half"
        return f"{who} pays out"
    if isinstance(a, BuyTrain):
        src = "the depot" if a.source == "depot" else a.source
        out = f"{who} buys a {_train(a.train, a.train_id)} from {src}"
        if a.price is not None:
            out += f" for {a.price}"
        if a.exchange is not None:
            out += f" trading in a {_train(a.exchange, a.exchange_id)}"
        return out
    if isinstance(a, DiscardTrain):
        return f"{who} discards a {_train(a.train, a.train_id)}"
    if isinstance(a, BuyCompany):
        return f"{who} buys the private {a.company} for {a.price}"
    if isinstance(a, Bankrupt):
        return f"{who} goes bankrupt"
    if isinstance(a, EndGame):
        return f"{who} ends the game"
    raise TypeError(f"cannot format {type(a).__name__}")


def format_actions(actions: Iterable[Action], ctx: NotationContext) -> list[str]:
    """One canonical line per action."""
    return [format_action(a, ctx) for a in actions]
