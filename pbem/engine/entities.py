"""Players, corporations, private companies, trains and the bank: the holders of cash and paper."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from types import MappingProxyType
from typing import Any, Mapping, Optional

from pbem.engine.certificates import CertificateSet
from pbem.engine.stopcount import stops


@dataclass(eq=False)
class Player:
    """A seat at the table. `id` is the stable key (an 18xx.games player id or a name)."""

    id: str
    name: str
    cash: int = 0
    bankrupt: bool = False
    companies: list[str] = field(default_factory=list)


@dataclass(eq=False)
class Company:
    """A private company: face value, revenue paid at the start of each OR, owner."""

    sym: str
    name: str
    value: int
    revenue: int
    desc: str = ""
    blocks_hexes: tuple[str, ...] = ()
    owner: Optional[str] = None          # player id or corporation symbol
    owner_is_corp: bool = False
    closed: bool = False
    discount: int = 0                    # auction price reduction
    hidden: bool = False                 # a rules marker, not a real private (a title's hidden company)

    @property
    def min_bid(self) -> int:
        return self.value - self.discount


@dataclass(eq=False)
class Train:
    """A train card. `id` follows the '<name>-<n>' numbering of the depot. Its owner may lease
    it to another corporation (`lessee`), which then holds and runs it until the lease ends."""

    id: str
    name: str
    distance: Any                        # stops (int, or a Fraction: 2½) or a title's Distance (stop groups)
    price: int
    rusts_on: Optional[str] = None
    available_on: Optional[str] = None
    discount: dict = field(default_factory=dict)
    events: list = field(default_factory=list)
    owner: Optional[str] = None          # corporation symbol; None = depot
    rusted: bool = False
    operated: bool = False
    lessee: Optional[str] = None         # corporation symbol running it under a lease; None = not leased

    @property
    def runner(self) -> Optional[str]:
        """The corporation that holds and runs the train: its lessee if leased, else its owner."""
        return self.lessee or self.owner


def train_named(trains, name: str, train_id: Optional[str] = None) -> Optional["Train"]:
    """The train of type `name` among `trains` that an action means: the one whose id is
    `train_id` if given, else the first of the type; None if there is none."""
    return next((t for t in trains if t.name == name and (train_id is None or t.id == train_id)), None)


@dataclass
class TokenSpec:
    """One station token on a corporation's charter."""

    price: int
    used: bool = False
    neutral: bool = False


@dataclass(eq=False)
class Corporation:
    """A public company (or a minor, or a national). Its paper is `certificates`: who holds which
    certificate ('ipo', 'pool', 'escrow', player ids, other corporations' symbols)."""

    sym: str
    name: str
    home: Optional[str]
    home_city: Optional[int]
    tokens: list[TokenSpec]
    color: str = "#888888"
    text_color: str = "#ffffff"
    float_percent: int = 60
    cash: int = 0
    reserved: dict[str, int] = field(default_factory=dict)   # reason -> percent of IPO not buyable
    president: Optional[str] = None
    par_price: Optional[int] = None
    ipoed: bool = False
    floated: bool = False
    operated: bool = False
    #: the trains it holds and runs: its own not leased out, and those leased to it (`Train.lessee`)
    trains: list[Train] = field(default_factory=list)
    companies: list[str] = field(default_factory=list)
    closed: bool = False
    last_revenue: int = 0
    flags: dict = field(default_factory=dict)
    #: "major" (the usual public company), "minor" or "national": train limits and rules by type
    kind: str = "major"
    #: loans outstanding (titles with loans)
    loans: int = 0
    #: most a player may hold (None: the game's limit)
    max_percent: Optional[int] = None
    #: routes.ResolvedRoute list of the corporation's latest run (set by Rules.run_routes; for the map overlay)
    last_routes: list = field(default_factory=list)
    #: the certificates on its charter and who holds each (default: a president's 20% and eight 10%)
    certificates: CertificateSet = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.certificates is None:
            self.certificates = CertificateSet(self.sym)

    @property
    def shares(self) -> Mapping[str, int]:
        """Percent per holder, read-only: paper moves through `ShareLedger.transfer`."""
        return MappingProxyType(self.certificates.held)

    def percent_of(self, holder: str) -> int:
        return self.certificates.percent_of(holder)

    @property
    def share_percent(self) -> int:
        """The size of one ordinary share (10% in most titles)."""
        return self.certificates.share_percent

    @property
    def president_percent(self) -> int:
        """The size of the president's certificate (20% in most titles)."""
        return self.certificates.president_percent

    @property
    def ipo_percent(self) -> int:
        return self.certificates.percent_of("ipo")

    @property
    def buyable_ipo_percent(self) -> int:
        return self.ipo_percent - sum(self.reserved.values())

    @property
    def pool_percent(self) -> int:
        return self.certificates.percent_of("pool")

    def player_holdings(self) -> dict[str, int]:
        """Percent per player (holders that are neither a bank place nor a corporation)."""
        return self.certificates.owners()

    def certs(self, holder: str):
        """What `holder`'s certificates count toward the certificate limit (each one, unless the
        title's data says a certificate counts ½)."""
        return self.certificates.count(holder)

    def tokens_left(self) -> int:
        return sum(1 for t in self.tokens if not t.used and not t.neutral)

    def next_token(self) -> Optional[TokenSpec]:
        return next((t for t in self.tokens if not t.used and not t.neutral), None)


@dataclass
class Phase:
    name: str
    on: Optional[str]
    train_limit: int
    tiles: tuple[str, ...]
    operating_rounds: int
    status: tuple[str, ...] = ()


class Depot:
    """The trains not yet bought, in the order they come out; unlimited types regenerate."""

    def __init__(self, specs: list[dict]):
        self.upcoming: list[Train] = []
        self.unlimited: dict[str, dict] = {}
        self.next_index: dict[str, int] = {}
        self.removed: list[Train] = []
        self.discarded: list[Train] = []      # trains handed back that are for sale again (titles where discards go back to the depot)
        self.rusted: list[Train] = []         # trains that rusted, kept so that every train can be accounted for
        self.order: list[str] = [spec["name"] for spec in specs]   # train types in the order they come out
        for spec in specs:
            count = spec.get("count")
            if count is None or count == "unlimited":
                self.unlimited[spec["name"]] = spec
                count = 1
            for i in range(count):
                self.upcoming.append(self._make(spec, i))
            self.next_index[spec["name"]] = count

    @staticmethod
    def _make(spec: dict, i: int) -> Train:
        dist = spec["distance"]
        return Train(id=f"{spec['name']}-{i}", name=spec["name"], distance=dist if isinstance(dist, list) else stops(dist),
                     price=spec["price"], rusts_on=spec.get("rusts_on"),
                     available_on=spec.get("available_on"), discount=dict(spec.get("discount") or {}),
                     events=list(spec.get("events") or []))

    def take(self, train: Train) -> None:
        """Remove `train` from the depot; an unlimited type puts a fresh copy in its place."""
        if train in self.discarded:
            self.discarded.remove(train)
            return
        idx = self.upcoming.index(train)
        self.upcoming.pop(idx)
        spec = self.unlimited.get(train.name)
        if spec:
            n = self.next_index[train.name]
            self.next_index[train.name] = n + 1
            self.upcoming.insert(idx, self._make(spec, n))

    def give_back(self, train: Train) -> None:
        """Put a train the depot owns back among those for sale (a lease from the depot ended): in
        front of its type and after earlier types. An unlimited type already has a fresh copy in its
        place, so the returned one leaves the game."""
        train.owner = None
        if train.name in self.unlimited:
            self.removed.append(train)
            return
        rank = self.order.index(train.name) if train.name in self.order else len(self.order)
        at = next((i for i, t in enumerate(self.upcoming)
                   if (self.order.index(t.name) if t.name in self.order else len(self.order)) >= rank),
                  len(self.upcoming))
        self.upcoming.insert(at, train)

    def available(self, phase_names: list[str]) -> list[Train]:
        """Trains for sale now: the next one of the first type, plus types made available early."""
        if not self.upcoming:
            return list(self.discarded)
        first = self.upcoming[0]
        out = [first]
        seen = {first.name}
        for t in islice(self.upcoming, 1, None):
            early = t.available_on
            if early and t.name not in seen and early in phase_names:
                out.append(t)
                seen.add(t.name)
        return out + self.discarded
