"""`pbem replay GAME --html OUT.html`: one self-contained page stepping through a stored game (a
move list and a slider; the map, market, status report and explanation after each move) for
posting into a dispute thread. The page loads nothing from anywhere (templates/replay.html.j2).

What makes it small: the map is the first picture plus, for each move that changed hexes, the
parts around them redrawn (`MapUpdates`), which the browser lays over the first picture in
order on a canvas; the market is its cells and par chart drawn once, with the companies'
markers drawn over it by the browser from where they stand at each move; the status reports,
much alike from move to move, travel gzipped (`packed`)."""
from __future__ import annotations

import base64
import gzip
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Optional, Union

from pbem.engine.actions import RunRoutes
from pbem.render.map import map_geometry, round_label, unit_corners
from pbem.render.map_updates import MapUpdates, indexed_pngs
from pbem.render.market import (MarketMarkers, market_geometry, market_markers, marker_colors, marker_font_px,
                                render_market)
from pbem.render.report import build_report, data_uri, environment
from pbem.render.route_overlay import LINE_WIDTH, RING_WIDTH, route_color, route_shapes

from .explain import explanation
from .ledger import ledger
from .walk import Moment, Replay, open_replay

__all__ = ["MAP_RADIUS", "Frame", "Page", "build_page", "packed", "unpacked", "Progress"]

MAP_RADIUS = 52.0                  # hex radius of the page's maps (the mail's is 76): readable, a third the bytes

#: told how far the build is: (steps done, steps in all)
Progress = Callable[[int, int], None]


@dataclass
class Frame:
    """What the page shows at one point: after a move (or at the start, `id` None)."""

    id: Optional[int]              # the move number (game file) or action id (record)
    lines: list[str]               # the move in canonical notation
    explain: list[str]             # what the move did
    round: str                     # the round after it ("Operating round 2.1 (of 2)")
    map: int                       # the map is the first picture with this many parts laid over it
    market: int                    # index of where the market's markers stand
    report: int                    # index of the status report's HTML
    changed: list[str] = field(default_factory=list)      # hexes the move changed (outlined)
    run: list[dict] = field(default_factory=list)         # the run the move made, a route each (`run_drawn`)
    ran: str = ""                                         # its heading: "HBR ran for $130"


@dataclass
class Page:
    """The built page and what it took."""

    html: str
    frames: list[Frame]
    parts: int                     # parts of the map redrawn after the first picture
    markets: int                   # distinct places of the market's markers
    market_layouts: int            # pictures of the market's cells (one per layout the moves need)
    png_bytes: int                 # the pictures' bytes (before base64)
    seconds: float
    replay: Replay


class _Builder:
    """Collects the frames of one replay: the map's parts as hexes change, where the market's
    markers stand, each distinct status report once."""

    def __init__(self, replay: Replay, radius: float):
        self.replay = replay
        self.radius = radius
        g = replay.game.state
        self.map = MapUpdates.start(g, radius)
        self.markets: list[MarketMarkers] = []
        self.market_index: dict[MarketMarkers, int] = {}
        self.reports: list[str] = []
        self.report_index: dict[str, int] = {}
        self.frames: list[Frame] = []
        self.hexes: dict[str, str] = {}        # hex -> SVG polygon points of its outline
        self.geometry = map_geometry(g, radius)
        self.template = environment().get_template("replay_report.html.j2")

    def frame(self, id: Optional[int], lines: list[str], text: list[str], changed: list[str],
              actions: tuple = (), board: Optional[dict] = None) -> Frame:
        """The frame of the game as it stands (`board`: its board's snapshot)."""
        g = self.replay.game.state
        self.map.update(g, board)
        markers = market_markers(g)
        if markers not in self.market_index:
            self.market_index[markers] = len(self.markets)
            self.markets.append(markers)
        # the moves open to the next entity are listed, but for a run: its moves come from the route
        # search (over a minute on a late 1861 network), and the run made is the next frame anyway
        listed = "run_routes" not in g.legal_actions()
        report = self.template.render(r=build_report(g, at=id, game_id=self.replay.name, list_moves=listed))
        if report not in self.report_index:
            self.report_index[report] = len(self.reports)
            self.reports.append(report)
        for c in changed:
            self._outline(c)
        ran, run = run_drawn(g, actions, self.radius)
        return Frame(id, lines, text, round_label(g), len(self.map.parts), self.market_index[markers],
                     self.report_index[report], changed, run, ran)

    def _outline(self, coord: str) -> None:
        g = self.replay.game.state
        if coord in self.hexes or not g.board.has_hex(coord):
            return
        pts = [self.geometry.to_px(coord, (v[0] * 0.94, v[1] * 0.94)) for v in unit_corners()]
        self.hexes[coord] = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def build_page(path: Union[str, Path], *, radius: float = MAP_RADIUS, progress: Optional[Progress] = None) -> Page:
    """The HTML replay of the game file or 18xx.games record at `path`; `progress` is told each
    step as it is done. Errors are the replay's own (GameFileError, ImportRefused, RecordError:
    one line each)."""
    t0 = time.perf_counter()
    replay = open_replay(path)
    b = _Builder(replay, radius)
    b.frames.append(b.frame(None, [], ["The game as set up, before the first move."], []))
    before = ledger(replay.game)
    board = replay.game.state.board.snapshot()
    total = len(replay.steps)
    for m in replay:
        if progress is not None:
            progress(m.index + 1, total)
        if not m.moves:
            continue                           # a chat message: nothing changed, the ledger still holds
        now = ledger(m.game)
        text = explanation(before, m, now).lines
        before = now
        after = m.game.state.board.snapshot()
        b.frames.append(b.frame(m.id, list(m.lines), list(text), _changed(m, board, after), tuple(m.actions), after))
        board = after
    html, png, layouts = _render(replay, b)
    return Page(html, b.frames, len(b.map.parts), len(b.markets), layouts, png, time.perf_counter() - t0, replay)


def run_drawn(g, actions: tuple, radius: float) -> tuple[str, list[dict]]:
    """The run `actions` made, as the page draws it over the map (in the map's pixels): its
    heading and, per route, its colour, the polylines along its track, the rings round its
    stops and its legend line; nothing when they made no run."""
    runs = [a for a in actions if isinstance(a, RunRoutes) and a.routes]
    sym, resolved = g.last_run
    if not runs or sym != runs[-1].entity or not resolved:
        return "", []
    geo = map_geometry(g, radius)
    out = []
    for i, r in enumerate(resolved):
        shape = route_shapes(geo, g.board, r)
        out.append({"color": "#%02x%02x%02x" % route_color(i),
                    "lines": [" ".join(f"{x:.1f},{y:.1f}" for x, y in line) for line in shape.lines],
                    "rings": [[round(x, 1), round(y, 1), round(rr, 1)] for (x, y), rr in shape.rings],
                    "label": f"{r.train}-train  {'-'.join(c for c, _ in r.stops)}  {g.money(r.revenue)}"})
    return f"{sym} ran for {g.money(sum(r.revenue for r in resolved))}", out


def _changed(m: Moment, before: dict, after: dict) -> list[str]:
    """The hexes whose tile or tokens the move changed (the board's snapshots before and after
    it), and the ones it names."""
    g = m.game.state
    cells = {c for c in set(before) | set(after) if before.get(c) != after.get(c)}
    return sorted(cells | set(g.last_move_hexes))


def packed(value) -> str:
    """`value` as gzipped JSON in base64: the status reports repeat themselves from move to move,
    so they shrink about fiftyfold; the page unpacks them with the browser's DecompressionStream."""
    raw = json.dumps(value, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def unpacked(text: str):
    """The value `packed` packed (for tests and tools reading a page)."""
    return json.loads(gzip.decompress(base64.b64decode(text)))


def _market(g, markets: list[MarketMarkers]) -> tuple[dict, int]:
    """The market as the page draws it: its cells and par chart drawn once per layout the moves
    need (the picture grows with the most markers a cell or a par value holds, as a state's own
    market picture does), and per place of the markers the layout and each marker's centre; the
    PNGs' bytes."""
    layouts: dict[tuple[int, int], int] = {}
    images, sizes, pngs, states = [], [], [], []
    for m in markets:
        room = m.room()
        if room not in layouts:
            layouts[room] = len(images)
            images.append(render_market(g, header=False, markers=False, room=room))
        geo = market_geometry(g, room=room)
        spots = [(s, geo.stack_slot(r, c, i)) for s, r, c, i in m.grid] + [(s, geo.par_slot(i, j)) for s, i, j in m.par]
        states.append([layouts[room], [[s, round(x, 1), round(y, 1)] for s, (x, y) in spots]])
    for room in layouts:
        geo = market_geometry(g, room=room)
        sizes.append([geo.width, geo.height])
    pngs = indexed_pngs(images)
    radius = market_geometry(g).marker_r
    corps = {}
    for sym in sorted({s for m in markets for s, *_ in m.grid + m.par}):
        fill, text = marker_colors(g, sym)
        corps[sym] = ["#%02x%02x%02x" % fill, "#%02x%02x%02x" % text, round(marker_font_px(sym, radius), 1)]
    return {"images": [data_uri(p) for p in pngs], "sizes": sizes, "r": radius, "corps": corps,
            "states": states}, sum(len(p) for p in pngs)


def _render(replay: Replay, b: _Builder) -> tuple[str, int, int]:
    """The page: the move list written out, everything a frame shows as one JSON value; the
    pictures' bytes, and how many pictures of the market's cells it holds."""
    g = replay.game.state
    base, parts = b.map.pngs()
    market, market_bytes = _market(g, b.markets)
    data = {"frames": [asdict(f) for f in b.frames], "reports": packed(b.reports), "market": market,
            "map": {"size": list(b.map.size), "base": data_uri(base),
                    "parts": [[p.area[0], p.area[1], data_uri(png)] for p, png in zip(b.map.parts, parts)]},
            "hexes": b.hexes, "what": replay.what,
            "routeWidth": round(LINE_WIDTH * b.radius, 2), "ringWidth": round(RING_WIDTH * b.radius, 2)}
    # inside <script>: no "</script>" or "<!--" can appear once every "<" is escaped
    blob = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    title = f"{g.data.get('title', '')} {replay.name}".strip()
    html = environment().get_template("replay.html.j2").render(title=title, frames=b.frames, what=replay.what, data=blob)
    return html, len(base) + sum(len(p) for p in parts) + market_bytes, len(market["images"])
