"""What each game's last report drew, kept for the game's next report: the whole map in colour
(so the hexes that change are drawn again on it, `PictureCache`) and the market's cells as a
palette image (so only its header line is written while no marker moves). The last `hot`
games are kept as pictures, older ones packed (zlib: about 160 KB a game) within `budget`
bytes, so a moderator with a thousand games in play draws a game's pictures whole once, not
at every report."""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Optional

from PIL import Image

__all__ = ["Drawn", "PictureMemory"]


@dataclass
class Drawn:
    """A game's last pictures: what its map shows (`pbem.render.map_shown.MapShown`), each hex's
    look (`pbem.render.map_updates.hex_looks`) and that map (RGB); its market's key
    (`market_key`) and cells (a palette image)."""

    shown: object = None
    looks: Optional[dict] = None
    map: Optional[Image.Image] = None
    market_key: str = ""
    market: Optional[Image.Image] = None


@dataclass(frozen=True)
class _Packed:
    """A game's `Drawn` packed: the map's and market's pixels compressed."""

    shown: object
    looks: Optional[dict]
    map_size: Optional[tuple[int, int]]
    map_data: bytes
    market_key: str
    market_size: Optional[tuple[int, int]]
    market_palette: Optional[list]
    market_data: bytes

    @property
    def size(self) -> int:
        return len(self.map_data) + len(self.market_data) + 1024

    @staticmethod
    def of(drawn: Drawn, zipped) -> "_Packed":
        m, k = drawn.map, drawn.market
        return _Packed(drawn.shown, drawn.looks, m.size if m is not None else None, zipped(m), drawn.market_key,
                       k.size if k is not None else None, k.getpalette() if k is not None else None, zipped(k))

    def unpacked(self) -> Drawn:
        drawn = Drawn(self.shown, self.looks, None, self.market_key, None)
        if self.map_size is not None:
            drawn.map = Image.frombytes("RGB", self.map_size, zlib.decompress(self.map_data))
        if self.market_size is not None:
            drawn.market = Image.frombytes("P", self.market_size, zlib.decompress(self.market_data))
            drawn.market.putpalette(self.market_palette)
        return drawn


class PictureMemory:
    """Each game's `Drawn`: the last `hot` games' as pictures, older games' packed, the least
    recently used dropped beyond `budget` bytes packed."""

    def __init__(self, hot: int = 16, budget: int = 256 << 20):
        self.hot, self.budget = hot, budget
        self.unpacked = 0                       # packed games' pictures brought back
        self._hot: dict[str, Drawn] = {}
        self._packed: dict[str, _Packed] = {}
        self._bytes = 0
        self._zipped: dict[int, tuple[Image.Image, bytes]] = {}   # a picture's pixels packed, by the picture

    def recall(self, game: str) -> Optional[Drawn]:
        """What `game`'s last report drew, or None when nothing is kept of it."""
        drawn = self._hot.get(game)
        if drawn is None and game in self._packed:
            packed = self._packed.pop(game)
            self._bytes -= packed.size
            drawn = packed.unpacked()
            self.unpacked += 1
            self.keep(game, drawn)
        return drawn

    def keep(self, game: str, drawn: Drawn) -> None:
        """Keep `drawn` as `game`'s last pictures (the most recently used)."""
        self._hot.pop(game, None)
        self._hot[game] = drawn
        while len(self._hot) > self.hot:
            old = next(iter(self._hot))
            packed = _Packed.of(self._hot.pop(old), self._zip)
            self._packed[old] = packed
            self._bytes += packed.size
        while self._bytes > self.budget and self._packed:
            self._bytes -= self._packed.pop(next(iter(self._packed))).size

    def _zip(self, img: Optional[Image.Image]) -> bytes:
        """The pixels of `img` compressed, once for a picture several games show (games in one
        state share their drawings)."""
        if img is None:
            return b""
        kept = self._zipped.get(id(img))
        if kept is None or kept[0] is not img:
            kept = (img, zlib.compress(img.tobytes(), 1))
            self._zipped[id(img)] = kept
            while len(self._zipped) > 2 * self.hot:
                self._zipped.pop(next(iter(self._zipped)))
        return kept[1]

    @property
    def packed_bytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._hot) + len(self._packed)
