"""Engine actions: the moves an entity can make, as plain immutable values.

Every way a move is written (human notation, an 18xx.games record, a stored game file)
becomes one of these before the engine sees it. Entities are named by id: a player by
their name/id string, a corporation or private company by its symbol.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Optional, Union


#: kind name -> its action class: every kind registers itself where it is declared (the
#: engine's generic kinds here, a title's own kinds in its package)
KINDS: dict[str, type["Action"]] = {}


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


@dataclass(frozen=True)
class Action:
    """Base of all actions; `entity` is who acts (player id, corporation or company symbol).
    A kind of action is declared once, as a subclass naming its kind
    (`class Merge(Action, kind="merge")`); the steps that accept it define `moves_<kind>`,
    `check_<kind>` and `apply_<kind>`."""

    entity: str
    #: the kind's name ("" for an action no step takes, as the end of a game)
    kind: ClassVar[str] = ""

    def __init_subclass__(cls, kind: str = "", **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if kind:
            known = KINDS.get(kind)
            if known is not None and _name(known) != _name(cls):      # the same class loaded again is no clash
                raise ValueError(f"the kind of action {kind!r} is declared twice: {_name(known)} and {_name(cls)}")
            cls.kind = kind
            KINDS[kind] = cls


@dataclass(frozen=True)
class Pass(Action, kind="pass"):
    """Decline the current step: pass in an auction, end a stock turn, skip a track lay, ..."""


@dataclass(frozen=True)
class Bid(Action, kind="bid"):
    """Bid `price` on a private company (or buy the cheapest one at face value)."""

    company: str
    price: int


@dataclass(frozen=True)
class Par(Action, kind="par"):
    """Start a corporation at par price `price`, buying its president's certificate."""

    corporation: str
    price: int


@dataclass(frozen=True)
class BuyShares(Action, kind="buy_shares"):
    """Buy `percent` of `corporation` from `source` ('ipo' or 'pool')."""

    corporation: str
    source: str = "ipo"
    percent: int = 10


@dataclass(frozen=True)
class SellShares(Action, kind="sell_shares"):
    """Sell `percent` of `corporation` to the market pool."""

    corporation: str
    percent: int = 10


@dataclass(frozen=True)
class LayTile(Action, kind="lay_tile"):
    """Lay or upgrade tile `tile` on `hex` with `rotation` (0-5, clockwise sixths)."""

    hex: str
    tile: str
    rotation: int


@dataclass(frozen=True)
class PlaceToken(Action, kind="place_token"):
    """Place a station token in city number `city` (index among the tile's cities) of `hex`.

    `neutral` places the corporation's neutral token instead of its own.
    `slot` matters only when replacing a token (a home station put on a neutral one).
    """

    hex: str
    city: int = 0
    neutral: bool = False
    slot: Optional[int] = None


@dataclass(frozen=True)
class RemoveToken(Action, kind="remove_token"):
    """Lift a token from city `city` of `hex` (a private's station move)."""

    hex: str
    city: int = 0


@dataclass(frozen=True)
class Stop:
    """A revenue location on a route: `hex` and the node index on that hex's tile."""

    hex: str
    node: Optional[int] = None


@dataclass(frozen=True)
class Route:
    """One train's run: its stops in travel order; `via` optionally fixes the hexes between stops.

    `via[i]` lists the hexes walked from stop i to stop i+1, both ends included.
    `revenue` is the claimed revenue; when `trusted` (an 18xx.games record stored it) the
    engine takes it as given, otherwise it is checked against the computed value.
    """

    train: str
    stops: tuple[Stop, ...]
    via: Optional[tuple[tuple[str, ...], ...]] = None
    revenue: Optional[int] = None
    trusted: bool = False


@dataclass(frozen=True)
class RunRoutes(Action, kind="run_routes"):
    """Run the corporation's trains on `routes` (an empty tuple means no run)."""

    routes: tuple[Route, ...] = ()


@dataclass(frozen=True)
class Dividend(Action, kind="dividend"):
    """Distribute ('payout') or keep ('withhold') this turn's revenue."""

    kind: str = "payout"


@dataclass(frozen=True)
class BuyTrain(Action, kind="buy_train"):
    """Buy a `train` (type name, e.g. '3' or 'D') from `source`: 'depot' or a corporation symbol.

    `price` is the total paid (from another corporation any price >= 1; from the depot it
    must match). `exchange` names a train type handed in for a discount (a trade-in).
    `train_id` and `exchange_id` name the very trains (`'4-1'`) when it is not the first of
    that type the seller (or the corporation trading in) holds: which one goes matters only
    for its identity (an 18xx.games record names every train), so None means the first.
    """

    train: str
    source: str = "depot"
    price: Optional[int] = None
    exchange: Optional[str] = None
    train_id: Optional[str] = None
    exchange_id: Optional[str] = None


@dataclass(frozen=True)
class DiscardTrain(Action, kind="discard_train"):
    """Discard a train of type `train` because the corporation is over its train limit;
    `train_id` names the very train when it is not the first of the type (None: the first)."""

    train: str
    train_id: Optional[str] = None


@dataclass(frozen=True)
class BuyCompany(Action, kind="buy_company"):
    """A corporation buys private `company` from its owner for `price`."""

    company: str
    price: int


@dataclass(frozen=True)
class Bankrupt(Action, kind="bankrupt"):
    """The corporation cannot buy a required train: its president declares bankruptcy."""


@dataclass(frozen=True)
class EndGame(Action):
    """End the game now by agreement (18xx.games 'end game'); final values are taken as they stand."""


@dataclass(frozen=True)
class Convert(Action, kind="convert"):
    """A minor announces its conversion into a major (merger round); a Merge names the major."""


@dataclass(frozen=True)
class Merge(Action, kind="merge"):
    """In a merger round: add minor `corporation` to the acting minor's merger, or (after a
    conversion or once the merger group is closed) name the major `corporation` it becomes."""

    corporation: str


@dataclass(frozen=True)
class Choose(Action, kind="choose"):
    """Pick one of the options a rule offers, by name (e.g. a trainless major's 'nationalize')."""

    choice: str


AnyAction = Union[
    Pass, Bid, Par, BuyShares, SellShares, LayTile, PlaceToken, RemoveToken, RunRoutes,
    Dividend, BuyTrain, DiscardTrain, BuyCompany, Bankrupt, EndGame, Convert, Merge, Choose,
]

ALL_ACTIONS: tuple[type[Action], ...] = (
    Pass, Bid, Par, BuyShares, SellShares, LayTile, PlaceToken, RemoveToken, RunRoutes,
    Dividend, BuyTrain, DiscardTrain, BuyCompany, Bankrupt, EndGame, Convert, Merge, Choose,
)


_KIND_WORDS = {
    "Pass": "pass", "Bid": "bid", "Par": "par", "BuyShares": "buy shares", "SellShares": "sell shares",
    "LayTile": "lay a tile", "PlaceToken": "place a token", "RemoveToken": "remove a token",
    "RunRoutes": "run trains", "Dividend": "pay or withhold", "BuyTrain": "buy a train",
    "DiscardTrain": "discard a train", "BuyCompany": "buy a private company", "Bankrupt": "go bankrupt",
    "EndGame": "end the game", "Convert": "convert", "Merge": "merge", "Choose": "choose",
}


def kind_words(action: Action) -> str:
    """What kind of move this is, in words ("buy shares"), for messages to players."""
    return _KIND_WORDS.get(type(action).__name__, type(action).__name__)
