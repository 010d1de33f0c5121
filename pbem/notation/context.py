"""What the notation reader needs to know about a game: names, trains, who is acting.

The engine (or the moderator) builds one `NotationContext` per game and updates `actor`
and `current` as turns pass (`ctx.at_turn(actor=..., current=...)` makes a copy that keeps
the compiled name tables). Nothing here depends on the engine: the context is plain data
plus one optional hook, `rotation_resolver`, through which the engine computes a tile's
rotation from the edges a player named ("lays 57 on I5 joining NE and S").
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable, Mapping, Optional, Sequence, Union

from pbem.errors import AmbiguousMoveError

#: hook signature: (tile, hex, edges) -> rotation 0-5. `edges` is a tuple of what the player
#: named, each normalised to a hex coordinate ("G1") or a compass side ("NE"); it is empty
#: when the player gave no orientation at all. The hook raises AmbiguousMoveError (several
#: rotations fit; list them in canonical form) or pbem.errors.RuleError (none fits).
RotationResolver = Callable[[str, str, tuple], int]

#: hex sides by compass name, per map layout (18xx.games / Rails numbering: a tile laid with
#: rotation r has its edge 0 on side r). Flat-topped hexes: 0 = S, clockwise.
_KEEP = object()

COMPASS_SIDES: dict[str, dict[str, int]] = {
    "flat": {"S": 0, "SW": 1, "NW": 2, "N": 3, "NE": 4, "SE": 5},
    "pointy": {"SW": 0, "W": 1, "NW": 2, "NE": 3, "E": 4, "SE": 5},
}


@dataclass
class NotationContext:
    """Names and turn state used to read and write move notation.

    players        player id -> display name (ids are what actions carry)
    corporations   corporation symbol -> full name ("CPR" -> "Canadian Pacific Railway")
    companies      private company symbol -> full name ("NWR" -> "North West Rebellion")
    trains         train type names in the game ("2", "3", ..., "D"); empty = accept any
    actor          player id of the sender; fills the entity of player moves written
                   without a name ("buy CPR")
    current        entity whose turn it is (player id, corporation or company symbol);
                   fills the entity of corporation moves written without a name ("pays out")
    title          selects the title's grammar additions (declared in pbem/titles/registry.py) on top of grammar/pbem.lark
    corporation_aliases / company_aliases   other names players use -> symbol
    train_aliases  other train names -> train name ("Diesel" -> "D")
    locations      hex -> place name (or several names); a place name may stand for its hex
    layout         "flat" or "pointy" hexes: which compass names are hex sides
    share_percent  percent of one ordinary share, for counts ("sells 2 CPR" = 20%); an int,
                   or a mapping corporation -> percent (missing ones default to 10)
    token_mover    company that lifts and moves station tokens (1882: "NWR"); entity of
                   "remove token"/"move token" when no company is named
    automatic_dividends  corporations whose dividends the game decides itself (1861 minors):
                   their dividend lines in a pasted log are automatic, never moves
    auctioned      corporations started by an auction, not a par (1861 minors): "opens N at
                   100" is the opening bid on them
    share_exchanges  private -> the corporation whose share its owner may take for it (1830:
                   "MH" -> "NYC"): "exchanges Mohawk & Hudson for a 10% share of NYC" is its move
    allow_trusted  accept the "trusted" revenue marker (only for imported records, never for
                   players' mail: a trusted revenue is not checked by the engine)
    rotation_resolver  the engine's hook for rotations given as edges or not given at all
    holdings       the engine's hook for a player's percent of a corporation ("sells all")
    trains_of      the engine's hook for a corporation's trains (a route written without one)
    round_kind     the round being played (a value or the engine's hook), for the pieces reader
    legal          the engine's hook: may these moves be played now, in order (the pieces reader)
    owner_of       the engine's hook for a private's owner (a player buying one from another)
    lays_on        the engine's hook: the lays the company at turn may make on a hex now, as
                   (tile, colour, legal rotations): a tile told by its colour ("a green city on L8")
    earlier        the game's hook: a player's last move so far ("GT again")
    """

    players: Mapping[str, str] = field(default_factory=dict)
    corporations: Mapping[str, str] = field(default_factory=dict)
    companies: Mapping[str, str] = field(default_factory=dict)
    trains: Sequence[str] = ()
    actor: Optional[str] = None
    current: Optional[str] = None
    title: Optional[str] = None
    corporation_aliases: Mapping[str, str] = field(default_factory=dict)
    company_aliases: Mapping[str, str] = field(default_factory=dict)
    train_aliases: Mapping[str, str] = field(default_factory=dict)
    locations: Mapping[str, Union[str, Sequence[str]]] = field(default_factory=dict)
    layout: str = "flat"
    share_percent: Union[int, Mapping[str, int]] = 10
    token_mover: Optional[str] = None
    automatic_dividends: frozenset = frozenset()
    auctioned: frozenset = frozenset()
    share_exchanges: Mapping[str, str] = field(default_factory=dict)
    allow_trusted: bool = False
    #: False when only whether a line reads matters (telling chat from moves): a refusal's
    #: message then leaves out its "did you mean" search
    explain: bool = True
    #: no writer is known (a library call): a player named at the head of a clause of a stock
    #: round or an auction makes its move ("..., Player 2 passes")
    seatless: bool = False
    rotation_resolver: Optional[RotationResolver] = field(default=None, compare=False)
    #: hook (player, corporation) -> percent the player holds; lets "sells all her GT" be read
    holdings: Optional[Callable[[str, str], int]] = field(default=None, compare=False)
    #: hook corporation -> names of the trains it owns; lets "SPW: A9-B8-E1 for 80" be read
    #: when the corporation has trains of one kind only
    trains_of: Optional[Callable[[str], Sequence[str]]] = field(default=None, compare=False)
    #: the round being played ('auction', 'stock', 'operating', 'merger'; or SR/OR): a hook, or the
    #: value itself; lets a line be read by the pieces it names (notation/piece_moves.py)
    round_kind: Union[None, str, Callable[[], Optional[str]]] = field(default=None, compare=False)
    #: hook moves -> whether the game allows them now, in order: of several moves a line's pieces
    #: fit, the legal one is read
    legal: Optional[Callable[[Sequence[object]], bool]] = field(default=None, compare=False)
    #: hook private company -> its owner now (None: unsold); a player "buying" a private another
    #: player owns buys it from them (1830's stock rounds), where an unsold one is bid for
    owner_of: Optional[Callable[[str], Optional[str]]] = field(default=None, compare=False)
    #: hook hex -> [(tile, colour, legal rotations)] of the lays the company at turn may make there
    lays_on: Optional[Callable[[str], Sequence[tuple[str, str, Sequence[int]]]]] = field(default=None, compare=False)
    #: hook player -> that player's last move in the game so far (None: none), for a move said
    #: again in a later mail ("GT again": the share bought before, of GT)
    earlier: Optional[Callable[[str], Optional[object]]] = field(default=None, compare=False)

    # ------------------------------------------------------------------ turn state
    def at_turn(self, *, actor=_KEEP, current=_KEEP) -> "NotationContext":
        """A copy with another sender and/or current entity (the name tables are shared).

        An argument left out keeps its value; pass None to clear it.
        """
        changes = {}
        if actor is not _KEEP:
            changes["actor"] = actor
        if current is not _KEEP:
            changes["current"] = current
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------------------------ lookups
    def kind_of(self, entity: Optional[str]) -> Optional[str]:
        """'player', 'corporation', 'company' or None (unknown) for an entity id."""
        if entity is None:
            return None
        if entity in self.players:
            return "player"
        if entity in self.corporations:
            return "corporation"
        if entity in self.companies:
            return "company"
        return None

    def share_size(self, corporation: str) -> int:
        """Percent of one ordinary share of `corporation`."""
        if isinstance(self.share_percent, int):
            return self.share_percent
        return int(self.share_percent.get(corporation, 10))

    def compass_sides(self) -> dict[str, int]:
        """Compass name -> hex side number for this map's layout."""
        return COMPASS_SIDES.get(self.layout, COMPASS_SIDES["flat"])

    def resolve_rotation(self, tile: str, hex: str, edges: tuple) -> int:
        """Rotation of `tile` on `hex` that joins `edges` (or the only legal one when empty).

        Delegates to `rotation_resolver`, which the engine supplies; without it the
        rotation cannot be worked out here, so the move is reported as ambiguous.
        """
        if self.rotation_resolver is not None:
            return self.rotation_resolver(tile, hex, tuple(edges))
        if edges:
            what = f"the tile joining {' and '.join(edges)}"
        else:
            what = "no rotation"
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
