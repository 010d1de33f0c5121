"""The pictures of a report mail, drawn once per state of the game and shared by every mail of
that report: the part of the map around what the last move changed, the whole map at a mail's
width with the changed hexes outlined, and the stock market (PNG bytes, `pbem.render`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from pbem.moderator.game_pictures import Drawn, PictureMemory

__all__ = ["PictureCache", "PictureStats", "ReportPictures"]

#: markets whose cells are kept compressed (about 25 KB each): a report whose markers rest
#: compresses only its header line (`RestingRows`)
MARKET_ROWS = 256


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
    maps_redrawn: int = 0        # a game's last whole map brought up to date (changed hexes, title)
    areas_drawn: int = 0         # the part around what changed
    markets_drawn: int = 0       # the market's cells and markers (its header line is drawn each time)


class PictureCache:
    """A report's pictures by the state they show: the game file's head and the hexes the move
    changed. Below that, the whole map is kept by what it shows (`map_key`), so a move that
    leaves the board as it was only outlines other hexes on it; a game's map that shows
    something new is its last one with the hexes that changed (and the title line) redrawn
    (`redraw_hexes`); and the market's cells are kept by
    where its markers stand (`market_key`), each quantised to a palette once (so a report only
    outlines hexes or writes the market's header line on it, and encodes). It keeps the last
    `size` reports' PNGs (about 100 KB each) and the last `drawings` maps (about 2 MB each, in
    colour and quantised) and markets (about 1 MB), and each game's last map and market
    (`memory`: the last `drawings` games' as pictures, older ones packed, about 160 KB a game,
    within `budget` bytes), so a game's next report brings them up to date whatever was drawn
    for other games meanwhile."""

    def __init__(self, size: int = 64, drawings: int = 16, budget: int = 256 << 20):
        self.size, self.drawings = size, drawings
        self.stats = PictureStats()
        self.memory = PictureMemory(drawings, budget)   # each game's last pictures, for its next report
        self._reports: dict[tuple, ReportPictures] = {}
        self._maps: dict[str, object] = {}
        self._views: dict[tuple, object] = {}        # a board's hexes -> the map's scale for mail
        self._markets: dict[str, object] = {}
        self._market_rows: dict[str, object] = {}    # a market's cells compressed once (`RestingRows`)

    def for_report(self, game, head: str, changed: Sequence[str], game_id: str = "") -> ReportPictures:
        """The pictures of the report on `game` (called `game_id`: its last map is brought up to
        date rather than drawn again) at file head `head`, the move having changed `changed`."""
        self.stats.asked += 1
        key = (head, tuple(sorted(set(changed))))
        found = self._reports.get(key) if head else None
        if found is not None:
            self.stats.hits += 1
            return found
        whole, near = self.map_pngs(game, list(key[1]), game_id)
        pictures = ReportPictures(near, whole, self.market_png(game, game_id))
        if head:
            _remember(self._reports, key, pictures, self.size)
        return pictures

    def map_pngs(self, game, changed: list[str], game_id: str = "") -> tuple[bytes, Optional[bytes]]:
        """The whole map at a mail's width (`changed` outlined on it) and the part around
        `changed` drawn alone at a scale where it reads (None when `changed` is empty)."""
        from pbem.render.map import png_bytes
        from pbem.render.map_views import outline_hexes, render_around

        view = self._view(game)
        kept = self._whole_map(game, game_id)
        if changed:
            whole = png_bytes(outline_hexes(kept[1], game, changed, view.radius, view.text_scale))
        else:                             # the map with nothing outlined: encoded once, when first asked for
            whole = kept[2] = kept[2] if kept[2] is not None else png_bytes(kept[1])
        near = render_around(game, changed) if changed else None
        if near is not None:
            self.stats.areas_drawn += 1
        return whole, (png_bytes(near, compact=True) if near is not None else None)

    def drawing(self, game, game_id: str = ""):
        """The whole map of `game` at a mail's width as drawn for its reports (RGB)."""
        return self._whole_map(game, game_id)[0]

    def _whole_map(self, game, game_id: str) -> list:
        """[the whole map in RGB, quantised, its PNG or None until a report shows it with nothing
        outlined], kept by what it shows."""
        from pbem.render.map import compact_image, map_shown
        from pbem.render.map_updates import hex_looks

        shown = map_shown(game)
        key = shown.key()
        kept = self._maps.get(key)
        last = self.memory.recall(game_id) if game_id else None
        looks = hex_looks(game, shown.hexes) if kept is None or game_id else None
        if kept is None:                  # quantised once
            rgb = self._drawing(game, self._view(game), shown, looks, last)
            kept = [rgb, compact_image(rgb), None]
            _remember(self._maps, key, kept, self.drawings)
        if game_id:
            last = last or Drawn()
            last.shown, last.looks, last.map = shown, looks, kept[0]
            self.memory.keep(game_id, last)
        return kept

    def _view(self, game):
        """The scale of the whole map at a mail's width (`overview_view`), found once per board."""
        from pbem.render.map_views import overview_view

        board = game.board
        key = (getattr(board, "layout", ""), repr(board.axes), tuple(board.hex_coords()))
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = overview_view(game)
        return view

    def _drawing(self, game, view, shown, looks: dict, last: Optional[Drawn]):
        """The whole map of `game` (RGB): the game's last one with what changed redrawn (the
        hexes whose look changed, `hex_looks`, and the title line) when the tile colours are
        the same, else drawn whole."""
        from pbem.render.map_views import redraw_header, redraw_hexes, render_view

        if last is not None and last.map is not None and last.looks is not None:
            before, rgb = last.shown, last.map
            if (before.colors, before.highlight, before.name) == (shown.colors, shown.highlight, shown.name):
                hexes = sorted(c for c in looks.keys() | last.looks.keys() if looks.get(c) != last.looks.get(c))
                patched = redraw_hexes(rgb, game, view, hexes) if hexes else rgb
                if patched is not None:
                    if before.title != shown.title:
                        patched = redraw_header(patched, game, view)
                    self.stats.maps_redrawn += 1
                    return patched
        self.stats.maps_drawn += 1
        return render_view(game, view)

    def market_png(self, game, game_id: str = "") -> bytes:
        """The market picture: its cells and markers drawn again only when a marker moved (most
        moves move none; the game `game_id`'s last market is kept for it), the line naming the
        round, phase and bank drawn anew (`with_header`); the PNG compresses that line alone, the
        cells below it compressed once for as long as they rest (`RestingRows`)."""
        from pbem.render.market import compact_market, header_rows, market_key, with_header
        from pbem.render.png_rows import RestingRows
        from pbem.render.map_views import MAIL_WIDTH

        key = market_key(game)
        body = self._markets.get(key)
        last = self.memory.recall(game_id) if game_id else None
        if body is None and last is not None and last.market_key == key:
            body = last.market
        if body is None:                  # quantised once; the line is mapped to its palette
            body = compact_market(game, MAIL_WIDTH)
            self.stats.markets_drawn += 1
        if key not in self._markets:
            _remember(self._markets, key, body, self.drawings)
        if game_id:
            last = last or Drawn()
            last.market_key, last.market = key, body
            self.memory.keep(game_id, last)
        rows = self._market_rows.get(key)
        if rows is None or not rows.fits(body):
            rows = RestingRows(body, header_rows(game))
            _remember(self._market_rows, key, rows, MARKET_ROWS)
        return rows.png(with_header(body, game))


def _remember(cache: dict, key, value, size: int) -> None:
    if len(cache) >= size:
        cache.pop(next(iter(cache)))
    cache[key] = value
