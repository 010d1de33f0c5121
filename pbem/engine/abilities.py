"""The private companies' abilities, declared in the title data (`companies[].abilities`,
docs/title-data.md) and read into a small set of typed values: certificates handed to a
private's buyer, no sale to corporations, closing on an event, an exchange for a share or a
president's certificate, an extra or teleporting tile lay, a station move, income per river
crossing, a revenue bonus on hexes, a terrain discount. A title's rules ask which private has
which ability, never a private by name; data naming an unknown type or field is refused when
the rules are built."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Optional, Union

from pbem.errors import PbemError

Names = tuple[str, ...]


class AbilityDataError(PbemError):
    """A private's ability in the title data that pbem cannot read: the private, the ability
    and the field are named."""


@dataclass(frozen=True)
class Ability:
    """One ability of private `company`; `owner_type`: who uses it ("player", "corporation",
    or "" when the type says)."""

    company: str
    owner_type: str = ""
    type: ClassVar[str] = ""


@dataclass(frozen=True)
class Shares(Ability):
    """Certificates the private's first buyer receives ("CPR_0": the president's, whose par the
    buyer sets at once), or one ordinary share of a corporation drawn at setup from
    `corporations` (`shares` "random")."""

    shares: Union[Names, str] = ()
    corporations: Names = ()
    type: ClassVar[str] = "shares"

    @property
    def certificates(self) -> tuple[tuple[str, int], ...]:
        """(corporation, certificate index) of each named certificate."""
        if isinstance(self.shares, str):
            return ()
        return tuple((s.rpartition("_")[0], int(s.rpartition("_")[2])) for s in self.shares)


@dataclass(frozen=True)
class NoBuy(Ability):
    """No corporation may buy the private."""

    type: ClassVar[str] = "no_buy"


@dataclass(frozen=True)
class Close(Ability):
    """The private closes when `corporation` buys a train (`when` "train_bought"), when phase
    `on_phase` starts, or on the title's event `on_event`."""

    when: str = ""
    corporation: str = ""
    on_phase: str = ""
    on_event: str = ""
    type: ClassVar[str] = "close"


@dataclass(frozen=True)
class Exchange(Ability):
    """The owning player trades the private for a share of `corporation` from `sources` ("ipo",
    "pool"), or (`into` "president") for its president's certificate at a par it sets."""

    corporation: str = ""
    into: str = "share"
    sources: Union[Names, str] = ()
    type: ClassVar[str] = "exchange"


@dataclass(frozen=True)
class TileLay(Ability):
    """The owning corporation lays one of `tiles` on `hexes` (or on the hex its station moved
    to: "token_move_destination"), `extra` besides its own lay, upgrading when `upgrade`."""

    hexes: Union[Names, str] = ()
    tiles: Names = ()
    count: int = 1
    connection: bool = True
    extra: bool = False
    upgrade: bool = False
    cost: int = 0
    type: ClassVar[str] = "tile_lay"


@dataclass(frozen=True)
class Teleport(Ability):
    """At its track step the owning corporation lays one of `tiles` on `hexes` as its lay,
    then may place its next station there free."""

    hexes: Names = ()
    tiles: Names = ()
    count: int = 1
    type: ClassVar[str] = "teleport"


@dataclass(frozen=True)
class TokenMove(Ability):
    """Once the owning corporation moves one of its stations to an open city on `hexes`."""

    hexes: Names = ()
    count: int = 1
    cost: int = 0
    connection: bool = True
    type: ClassVar[str] = "token_move"


@dataclass(frozen=True)
class TileIncome(Ability):
    """The private's owner is paid `income` for each crossing of `terrain` a corporation pays for."""

    income: int = 0
    terrain: str = ""
    type: ClassVar[str] = "tile_income"


@dataclass(frozen=True)
class HexBonus(Ability):
    """A run of the owning corporation earns `amount` more for each of `hexes` it visits."""

    hexes: Names = ()
    amount: int = 0
    type: ClassVar[str] = "hex_bonus"


@dataclass(frozen=True)
class TileDiscount(Ability):
    """A lay made with the private's power pays `discount` less for the hex's terrain (0: none
    of it), on `hexes`, or on every hex whose terrain includes `terrain` when none are named."""

    terrain: str = ""
    hexes: Names = ()
    discount: int = 0
    type: ClassVar[str] = "tile_discount"

    def covers(self, coord: str, terrain: tuple[str, ...]) -> bool:
        """Whether a lay on `coord`, whose printed terrain is `terrain`, gets the discount."""
        return coord in self.hexes if self.hexes else bool(self.terrain) and self.terrain in terrain

    def waived(self, cost: int) -> int:
        """How much of a terrain cost of `cost` is not paid."""
        return cost if not self.discount else min(cost, self.discount)


TYPES: dict[str, type[Ability]] = {cls.type: cls for cls in
                                   (Shares, NoBuy, Close, Exchange, TileLay, Teleport, TokenMove, TileIncome, HexBonus,
                                    TileDiscount)}
#: a field's name in the data where it differs from the value's ("from" is a keyword)
_DATA_NAMES = {"sources": "from"}


def _value(where: str, name: str, want: Any, raw: Any) -> Any:
    """`raw` from the data as the field's declared type wants it."""
    text = str(want)
    if isinstance(raw, bool) and "bool" in text:
        return raw
    if isinstance(raw, int) and not isinstance(raw, bool) and text == "int":
        return raw
    if isinstance(raw, str) and "str" in text and text != "Names":
        return raw
    if isinstance(raw, list) and "Names" in text and all(isinstance(x, str) for x in raw):
        return tuple(raw)
    raise AbilityDataError(f"{where}: field {name!r} is {raw!r}, not what it may be ({text})")


def parse(company: str, index: int, raw: dict) -> Ability:
    """One ability of the data, checked: its type known, each field known and of its type."""
    where = f"private {company}, ability {index + 1}"
    if not isinstance(raw, dict):
        raise AbilityDataError(f"{where}: an ability is an object with a 'type'")
    cls = TYPES.get(raw.get("type", ""))
    if cls is None:
        raise AbilityDataError(f"{where}: unknown type {raw.get('type')!r} (pbem knows {', '.join(sorted(TYPES))})")
    fields = {f.name: f for f in dataclasses.fields(cls) if f.name != "company"}
    by_data = {_DATA_NAMES.get(n, n): n for n in fields}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "type":
            continue
        name = by_data.get(key)
        if name is None:
            raise AbilityDataError(f"{where} ({cls.type}): unknown field {key!r} "
                                   f"(it has {', '.join(sorted(by_data)) or 'none'})")
        values[name] = _value(where, key, fields[name].type, value)
    return cls(company, **values)


@dataclass(frozen=True)
class _Parsed:
    """A title data's abilities, read once: all of them in the data's order, and by type (as
    `holders` gives them) and by private and type (as `of` gives them)."""

    data: dict
    abilities: tuple[Ability, ...]
    by_kind: dict[str, tuple[tuple[str, Any], ...]]
    by_company: dict[tuple[str, str], tuple[Any, ...]]
    #: (private, corporation, certificate index) of each certificate a private's buyer receives
    given: tuple[tuple[str, str, int], ...] = ()


_PARSED: dict[int, _Parsed] = {}


def _parsed(data: dict) -> _Parsed:
    hit = _PARSED.get(id(data))
    if hit is not None and hit.data is data:
        return hit
    out = tuple(parse(c["sym"], i, a) for c in data.get("companies") or ()
                for i, a in enumerate(c.get("abilities") or ()))
    by_kind: dict[str, list] = {}
    by_company: dict[tuple[str, str], list] = {}
    for a in out:
        by_kind.setdefault(a.type, []).append((a.company, a))
        by_company.setdefault((a.company, a.type), []).append(a)
    if len(_PARSED) > 64:
        _PARSED.clear()
    given = tuple((sym, corp, i) for sym, ab in by_kind.get("shares", ()) for corp, i in ab.certificates)
    hit = _PARSED[id(data)] = _Parsed(data, out, {k: tuple(v) for k, v in by_kind.items()},
                                      {k: tuple(v) for k, v in by_company.items()}, given)
    return hit


def all_of(data: dict) -> tuple[Ability, ...]:
    """Every ability in the title data, in the data's order (read once per data)."""
    return _parsed(data).abilities


def of(data: dict, company: str, kind: str) -> list[Any]:
    """The abilities of type `kind` the data gives private `company`."""
    return list(_parsed(data).by_company.get((company, kind), ()))


def has(data: dict, company: str, kind: str) -> bool:
    """Whether private `company` has an ability of type `kind`."""
    return (company, kind) in _parsed(data).by_company


def holders(data: dict, kind: str) -> list[tuple[str, Any]]:
    """(private, ability) for every ability of type `kind` in the data, in the data's order."""
    return list(_parsed(data).by_kind.get(kind, ()))


def given_shares(data: dict) -> tuple[tuple[str, str, int], ...]:
    """(private, corporation, certificate index) for every certificate a private's first buyer
    receives (index 0: the president's certificate)."""
    return _parsed(data).given


def president_with(data: dict, company: str) -> Optional[str]:
    """The corporation whose president's certificate comes with private `company`, or None."""
    return next((corp for sym, corp, i in given_shares(data) if sym == company and i == 0), None)


def random_shares(data: dict) -> list[tuple[str, list[str]]]:
    """(private, the corporations one is drawn from) for each private whose first buyer gets an
    ordinary share of a corporation drawn at setup."""
    return [(sym, list(a.corporations)) for sym, a in holders(data, "shares") if a.shares == "random"]


def exchanged_for_president(data: dict, corporation: str) -> Optional[str]:
    """The private its owner trades for `corporation`'s president's certificate, or None."""
    return next((sym for sym, a in holders(data, "exchange")
                 if a.into == "president" and a.corporation == corporation), None)
