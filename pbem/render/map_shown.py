"""What a map picture shows, as data: the board hex by hex, the hexes privates block, the title
line (round and phase), the tile colours, the highlight (`map_shown`); its digest `map_key`
keys a drawing that can be reused, and comparing two tells which hexes to draw again."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Iterable

from pbem.render.labels import round_label

__all__ = ["MapShown", "map_shown", "map_key", "round_label"]


@dataclass(frozen=True)
class MapShown:
    """Everything the map picture shows (routes aside), hex by hex where it belongs to a hex:
    the board's tiles, tokens and reservations (`hexes`, a hex drawn as printed and empty left
    out), the hexes a private blocks, the round and phase of its title (empty without a header),
    the tile colours, the highlight and the title's name."""

    hexes: dict
    blocked: dict
    title: tuple
    colors: tuple
    highlight: tuple
    name: str

    def key(self) -> str:
        """A digest: equal keys give equal pictures."""
        data = [self.hexes, list(self.title), list(self.colors), sorted(self.blocked.items()),
                list(self.highlight), self.name]
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def map_shown(game, highlight: Iterable[str] = (), *, header: bool = True) -> MapShown:
    """What the map picture of `game` shows (`MapShown`)."""
    board = game.board
    blocked = {}
    if hasattr(game, "blocked_hex"):
        for c in board.hex_coords():
            b = game.blocked_hex(c)
            if b is not None:
                blocked[c] = b.sym
    title = (round_label(game), game.phase.name) if header else ()
    return MapShown(board.snapshot(), blocked, title, tuple(game.tile_colors), tuple(sorted(highlight)),
                    game.data.get("title", ""))


def map_key(game, highlight: Iterable[str] = (), *, header: bool = True) -> str:
    """A digest of everything the map picture shows (`map_shown`: the board's tiles, tokens and
    reservations, the round and phase in its title (`header`: drawn with one), the tile colours,
    blocked hexes and the highlight). Equal keys give equal pictures, so a picture can be reused
    while the board rests."""
    return map_shown(game, highlight, header=header).key()

