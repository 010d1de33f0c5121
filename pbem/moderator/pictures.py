"""The pictures of a report mail, drawn once per state of the game and shared by every mail of
that report: the part of the map around what the last move changed, the whole map at a mail's
width with the changed hexes outlined, and the stock market (PNG bytes, `pbem.render`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

__all__ = ["PictureCache", "PictureStats", "ReportPictures"]


@dataclass(frozen=True)
class ReportPictures:
    """One report's PNGs: `near` is None when the move changed no hex."""

    near: Optional[bytes]
    whole: bytes
    market: bytes


@dataclass
class PictureStats:
    """What the cache did: reports asked for and answered from it, and each picture drawn."""

    asked: int = 0
    hits: int = 0
    maps_drawn: int = 0          # the whole map at a mail's width
    areas_drawn: int = 0         # the part around what changed
    markets_drawn: int = 0       # the market's cells and markers (its header line is drawn each time)


class PictureCache:
    """A report's pictures by the state they show: the game file's head and the hexes the move
    changed. Below that, the whole map is kept by what it shows (`map_key`), so a move that
    leaves the board as it was only outlines other hexes on it, and the market's cells by
    where its markers stand (`market_key`), each quantised to a palette once (so a report only
    outlines hexes or writes the market's header line on it, and encodes). It keeps the last
    `size` reports' PNGs (about 100 KB each) and the last `drawings` maps and markets (0.5-1 MB
    each)."""

    def __init__(self, size: int = 64, drawings: int = 16):
        self.size, self.drawings = size, drawings
        self.stats = PictureStats()
        self._reports: dict[tuple, ReportPictures] = {}
        self._maps: dict[str, object] = {}
        self._markets: dict[str, object] = {}

    def for_report(self, game, head: str, changed: Sequence[str]) -> ReportPictures:
        """The pictures of the report on `game` at file head `head`, the move having changed `changed`."""
        self.stats.asked += 1
        key = (head, tuple(sorted(set(changed))))
        found = self._reports.get(key) if head else None
        if found is not None:
            self.stats.hits += 1
            return found
        whole, near = self.map_pngs(game, list(key[1]))
        pictures = ReportPictures(near, whole, self.market_png(game))
        if head:
            _remember(self._reports, key, pictures, self.size)
        return pictures

    def map_pngs(self, game, changed: list[str]) -> tuple[bytes, Optional[bytes]]:
        """The whole map at a mail's width (`changed` outlined on it) and the part around
        `changed` drawn alone at a scale where it reads (None when `changed` is empty)."""
        from pbem.render.map import compact_image, map_key, png_bytes
        from pbem.render.map_views import outline_hexes, overview_view, render_around, render_view

        view = overview_view(game)
        base_key = map_key(game)
        kept = self._maps.get(base_key)
        if kept is None:                  # quantised once; its PNG, the map with nothing outlined
            img = compact_image(render_view(game, view))
            kept = (img, png_bytes(img))
            self.stats.maps_drawn += 1
            _remember(self._maps, base_key, kept, self.drawings)
        img, plain = kept
        whole = png_bytes(outline_hexes(img, game, changed, view.radius, view.text_scale)) if changed else plain
        near = render_around(game, changed) if changed else None
        if near is not None:
            self.stats.areas_drawn += 1
        return whole, (png_bytes(near, compact=True) if near is not None else None)

    def market_png(self, game) -> bytes:
        """The market picture: its cells and markers drawn again only when a marker moved (most
        moves move none), the line naming the round, phase and bank drawn anew (`with_header`)."""
        from pbem.render.map import compact_image, png_bytes
        from pbem.render.market import market_key, render_market, with_header
        from pbem.render.map_views import MAIL_WIDTH

        key = market_key(game)
        body = self._markets.get(key)
        if body is None:                  # quantised once; the line is mapped to its palette
            body = compact_image(render_market(game, header=False, width=MAIL_WIDTH))
            self.stats.markets_drawn += 1
            _remember(self._markets, key, body, self.drawings)
        return png_bytes(with_header(body, game))


def _remember(cache: dict, key, value, size: int) -> None:
    if len(cache) >= size:
        cache.pop(next(iter(cache)))
    cache[key] = value
