"""What the notation reader needs to know about a game: names, trains, who is acting, and the
engine's hooks (`at_turn` makes a copy for another turn that keeps the compiled name tables)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable, Mapping, Optional, Sequence, Union

from pbem.errors import AmbiguousMoveError

#: hook (tile, hex, edges named: hex coordinates or compass sides, maybe none) -> rotation 0-5;
#: raises AmbiguousMoveError (several fit, in canonical form) or pbem.errors.RuleError (none fits)
RotationResolver = Callable[[str, str, tuple], int]

_KEEP = object()

#: hex sides by compass name, per map layout (18xx.games / Rails numbering: a tile laid with
#: rotation r has its edge 0 on side r). Flat-topped hexes: 0 = S, clockwise.
COMPASS_SIDES: dict[str, dict[str, int]] = {
    "flat": {"S": 0, "SW": 1, "NW": 2, "N": 3, "NE": 4, "SE": 5},
    "pointy": {"SW": 0, "W": 1, "NW": 2, "NE": 3, "E": 4, "SE": 5},
}


@dataclass
class NotationContext:
    """Names and turn state used to read and write move notation: plain data and the engine's hooks."""

    players: Mapping[str, str] = field(default_factory=dict)       # player id (actions carry ids) -> display name
    corporations: Mapping[str, str] = field(default_factory=dict)  # "CPR" -> "Canadian Pacific Railway"
    companies: Mapping[str, str] = field(default_factory=dict)     # a private's symbol -> its full name
    trains: Sequence[str] = ()           # the game's train names ("2", ..., "D"); empty: any is accepted
    actor: Optional[str] = None          # the sender: makes the player moves that name nobody ("buy CPR")
    current: Optional[str] = None        # whose turn it is: makes the corporation moves that name nobody
    title: Optional[str] = None          # selects the title's grammar additions (pbem/titles/registry.py)
    corporation_aliases: Mapping[str, str] = field(default_factory=dict)   # other names players use -> symbol
    company_aliases: Mapping[str, str] = field(default_factory=dict)
    train_aliases: Mapping[str, str] = field(default_factory=dict)         # "Diesel" -> "D"
    locations: Mapping[str, Union[str, Sequence[str]]] = field(default_factory=dict)   # hex -> place name(s)
    layout: str = "flat"                 # "flat" or "pointy" hexes: which compass names are hex sides
    #: percent of one ordinary share, for counts ("sells 2 CPR" = 20%): an int, or corporation -> percent
    share_percent: Union[int, Mapping[str, int]] = 10
    #: the company that lifts and moves station tokens (1882: "NWR") where "remove token" names none
    token_mover: Optional[str] = None
    #: corporations whose dividends the game decides (1861 minors): their pasted log lines are no moves
    automatic_dividends: frozenset = frozenset()
    #: corporations started by an auction, not a par (1861 minors): "opens N at 100" is the opening bid
    auctioned: frozenset = frozenset()
    #: private -> the corporation whose share its owner may take for it (1830: "MH" -> "NYC")
    share_exchanges: Mapping[str, str] = field(default_factory=dict)
    #: accept the "trusted" revenue marker (imported records only: the engine does not check it)
    allow_trusted: bool = False
    #: False when only whether a line reads matters (chat or moves): refusals leave out "did you mean"
    explain: bool = True
    #: no writer is known (a library call): a player heading a stock or auction clause makes its move
    seatless: bool = False
    #: the engine's hook for a rotation given as edges or not at all (`resolve_rotation`)
    rotation_resolver: Optional[RotationResolver] = field(default=None, compare=False)
    #: hook (player, corporation) -> percent the player holds ("sells all her GT")
    holdings: Optional[Callable[[str, str], int]] = field(default=None, compare=False)
    #: hook corporation -> its trains' names ("SPW: A9-B8-E1 for 80" with trains of one kind)
    trains_of: Optional[Callable[[str], Sequence[str]]] = field(default=None, compare=False)
    #: the round being played ('auction', 'stock', 'operating', 'merger'; or SR/OR), or a hook giving it
    round_kind: Union[None, str, Callable[[], Optional[str]]] = field(default=None, compare=False)
    #: hook moves -> whether the game allows them now, in order (of several readings, the legal one)
    legal: Optional[Callable[[Sequence[object]], bool]] = field(default=None, compare=False)
    #: hook private -> its owner now (None: unsold): one another player owns is bought from them, not bid for
    owner_of: Optional[Callable[[str], Optional[str]]] = field(default=None, compare=False)
    #: hook hex -> [(tile, colour, legal rotations)] of the lays the company at turn may make there
    lays_on: Optional[Callable[[str], Sequence[tuple[str, str, Sequence[int]]]]] = field(default=None, compare=False)
    #: hook player -> that player's last move in the game so far, or None ("GT again")
    earlier: Optional[Callable[[str], Optional[object]]] = field(default=None, compare=False)

    # ------------------------------------------------------------------ turn state
    def at_turn(self, *, actor=_KEEP, current=_KEEP) -> "NotationContext":
        """A copy with another sender and/or current entity (None clears one; the name tables are shared)."""
        changes = {name: value for name, value in (("actor", actor), ("current", current)) if value is not _KEEP}
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------------------------ lookups
    def kind_of(self, entity: Optional[str]) -> Optional[str]:
        """'player', 'corporation', 'company' or None (unknown) for an entity id."""
        tables = (("player", self.players), ("corporation", self.corporations), ("company", self.companies))
        return next((kind for kind, table in tables if entity is not None and entity in table), None)

    def share_size(self, corporation: str) -> int:
        """Percent of one ordinary share of `corporation`."""
        if isinstance(self.share_percent, int):
            return self.share_percent
        return int(self.share_percent.get(corporation, 10))

    def compass_sides(self) -> dict[str, int]:
        """Compass name -> hex side number for this map's layout."""
        return COMPASS_SIDES.get(self.layout, COMPASS_SIDES["flat"])

    def resolve_rotation(self, tile: str, hex: str, edges: tuple) -> int:
        """Rotation of `tile` on `hex` that joins `edges` (or the only legal one when empty), by the engine's hook."""
        if self.rotation_resolver is not None:
            return self.rotation_resolver(tile, hex, tuple(edges))
        what = f"the tile joining {' and '.join(edges)}" if edges else "no rotation"
        raise AmbiguousMoveError(
            f"#{tile} on {hex}: {what} was given and the rotation cannot be worked out here; "
            f"give it as a number, e.g. \"lays #{tile} on {hex} rot 0\" (0-5)",
            candidates=[f"lays #{tile} on {hex} rot {r}" for r in range(6)],
        )


#: how people and 18xx.games name the kinds of round -> the kind
_ROUND_KINDS = {"auction": "auction", "sr": "stock", "stock": "stock", "or": "operating",
                "operating": "operating", "merger": "merger"}


def round_kind(ctx: NotationContext) -> Optional[str]:
    """'auction', 'stock', 'operating' or 'merger': the round the line is written in, if known."""
    hook = ctx.round_kind
    raw = hook() if callable(hook) else hook
    if not raw:
        return None
    low = str(raw).strip().lower()
    return _ROUND_KINDS.get(low) or next((v for k, v in _ROUND_KINDS.items() if low.startswith(k)), None)
