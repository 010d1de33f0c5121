"""Engine actions: the moves an entity can make, as plain immutable values.

Every way a move is written (human notation, an 18xx.games record, a stored game file)
becomes one of these before the engine sees it. Entities are named by id: a player by
their name/id string, a corporation or private company by its symbol.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, ClassVar, Optional, Union


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
    #: the kind's name, from `kind=` in the class line ("" for an action no step takes, as the
    #: end of a game); not `kind`, which is a field of some kinds (a dividend's payout or withhold)
    kind_name: ClassVar[str] = ""
    #: the kind in words, for messages to players ("buy shares")
    words: ClassVar[str] = ""
    #: how the kind is written, after who makes it: a format string over its fields ("waves
    #: {times} times"), and the exact reader of that text: a pattern whose named groups are the
    #: fields. A title's own kinds say it, and so may the engine's (merge); those that do not
    #: are written by pbem.notation itself
    written: ClassVar[str] = ""
    read: ClassVar[str] = ""
    #: the words players write for the kind, in any tense ("wave", "waves", "waved"): the
    #: notation's interpreter reads a clause with one of them as a move of the kind, its
    #: numbers as the kind's whole-number fields, in order
    verbs: ClassVar[tuple[str, ...]] = ()
    #: how the kind is read from and written to an 18xx.games record, for a kind that declares
    #: it: the record's `type` ("": the kind's name) and its fields, record key -> the action's
    #: field, when they map one to one (from_record and to_record do the rest; a kind whose
    #: record is not that simple overrides them). None: the importer and exporter convert the
    #: kind themselves
    record_type: ClassVar[str] = ""
    record_fields: ClassVar[Optional[dict[str, str]]] = None

    @classmethod
    def from_record(cls, record: dict, entity: str, game: Any) -> list["Action"]:
        """The actions an 18xx.games record action of this kind makes: `entity` who acts (as
        the game names it), `game` the game it is applied to next."""
        fields = cls.record_fields or {}
        return [cls(entity, **{field: record[key] for key, field in fields.items() if key in record})]

    def to_record(self, game: Any) -> dict:
        """This action's 18xx.games record, its `type` first, without who acts and its id
        (`game`: the game before the action is applied)."""
        fields = type(self).record_fields or {}
        return {"type": type(self).record_type or self.kind_name,
                **{key: getattr(self, field) for key, field in fields.items()}}

    def __init_subclass__(cls, kind: str = "", **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if kind:
            known = KINDS.get(kind)
            if known is not None and _name(known) != _name(cls):      # the same class loaded again is no clash
                raise ValueError(f"the kind of action {kind!r} is declared twice: {_name(known)} and {_name(cls)}")
            cls.kind_name = kind
            KINDS[kind] = cls


def unsaid(action: Action) -> list[str]:
    """The fields `action` leaves None that its kind requires (a par without its price)."""
    return [f.name for f in fields(action) if getattr(action, f.name) is None and not _may_be_none(str(f.type))]


@lru_cache(maxsize=None)
def _may_be_none(annotation: str) -> bool:
    return any(w in annotation for w in ("Optional", "None", "Any", "object"))


@dataclass(frozen=True)
class Pass(Action, kind="pass"):
    """Decline the current step: pass in an auction, end a stock turn, skip a track lay, ..."""

    words = "pass"
    record_fields = {}


@dataclass(frozen=True)
class Bid(Action, kind="bid"):
    """Bid `price` on a private company (or buy the cheapest one at face value)."""

    words = "bid"

    company: str
    price: int


@dataclass(frozen=True)
class Par(Action, kind="par"):
    """Start a corporation at par price `price`, buying its president's certificate."""

    words = "par"

    corporation: str
    price: int


@dataclass(frozen=True)
class BuyShares(Action, kind="buy_shares"):
    """Buy `percent` of `corporation` from `source` ('ipo' or 'pool')."""

    words = "buy shares"

    corporation: str
    source: str = "ipo"
    percent: int = 10


@dataclass(frozen=True)
class SellShares(Action, kind="sell_shares"):
    """Sell `percent` of `corporation` to the market pool."""

    words = "sell shares"

    corporation: str
    percent: int = 10


@dataclass(frozen=True)
class LayTile(Action, kind="lay_tile"):
    """Lay or upgrade tile `tile` on `hex` with `rotation` (0-5, clockwise sixths)."""

    words = "lay a tile"

    hex: str
    tile: str
    rotation: int


@dataclass(frozen=True)
class PlaceToken(Action, kind="place_token"):
    """Place a station token in city number `city` (index among the tile's cities) of `hex`.

    `neutral` places the corporation's neutral token instead of its own.
    `slot` matters only when replacing a token (a home station put on a neutral one).
    """

    words = "place a token"

    hex: str
    city: int = 0
    neutral: bool = False
    slot: Optional[int] = None


@dataclass(frozen=True)
class RemoveToken(Action, kind="remove_token"):
    """Lift a token from city `city` of `hex` (a private's station move)."""

    words = "remove a token"

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

    words = "run trains"

    routes: tuple[Route, ...] = ()


@dataclass(frozen=True)
class Dividend(Action, kind="dividend"):
    """Distribute ('payout') or keep ('withhold') this turn's revenue."""

    words = "pay or withhold"

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

    words = "buy a train"

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

    words = "discard a train"

    train: str
    train_id: Optional[str] = None


@dataclass(frozen=True)
class BuyCompany(Action, kind="buy_company"):
    """A corporation buys private `company` from its owner for `price`."""

    words = "buy a private company"

    company: str
    price: int


@dataclass(frozen=True)
class Bankrupt(Action, kind="bankrupt"):
    """The corporation cannot buy a required train: its president declares bankruptcy."""

    words = "go bankrupt"
    record_fields = {}


@dataclass(frozen=True)
class EndGame(Action):
    """End the game now by agreement (18xx.games 'end game'); final values are taken as they stand."""

    words = "end the game"


@dataclass(frozen=True)
class Convert(Action, kind="convert"):
    """A minor announces its conversion into a major (merger round); a Merge names the major."""

    words = "convert"
    written = "converts"
    read = r"converts"
    record_fields = {}


@dataclass(frozen=True)
class Merge(Action, kind="merge"):
    """In a merger round: add minor `corporation` to the acting minor's merger, or (after a
    conversion or once the merger group is closed) name the major `corporation` it becomes."""

    words = "merge"
    written = "merges {corporation}"
    read = r"merges (?P<corporation>\S+)"
    record_fields = {"corporation": "corporation"}

    corporation: str


@dataclass(frozen=True)
class Choose(Action, kind="choose"):
    """Pick one of the options a rule offers, by name (e.g. a trainless major's 'nationalize')."""

    words = "choose"
    written = "chooses {choice}"
    read = r"chooses (?P<choice>.+)"
    record_fields = {"choice": "choice"}

    choice: str


AnyAction = Union[
    Pass, Bid, Par, BuyShares, SellShares, LayTile, PlaceToken, RemoveToken, RunRoutes,
    Dividend, BuyTrain, DiscardTrain, BuyCompany, Bankrupt, EndGame, Convert, Merge, Choose,
]

ALL_ACTIONS: tuple[type[Action], ...] = (
    Pass, Bid, Par, BuyShares, SellShares, LayTile, PlaceToken, RemoveToken, RunRoutes,
    Dividend, BuyTrain, DiscardTrain, BuyCompany, Bankrupt, EndGame, Convert, Merge, Choose,
)


def kind_words(action: Action) -> str:
    """What kind of move this is, in words ("buy shares"), for messages to players."""
    return type(action).words or type(action).__name__
