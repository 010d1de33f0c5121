"""`pbem replay GAME --html OUT.html`: one self-contained page stepping through a stored game (a
move list and a slider; the map, market, status report and explanation after each move) for
posting into a dispute thread. Pictures are data: URIs drawn once per state the page shows (a
map only when a tile or token moved, a market only when a marker moved) and embedded once per
distinct PNG; the status reports, much alike from move to move, travel gzipped (`packed`). The
page loads nothing from anywhere (templates/replay.html.j2)."""
from __future__ import annotations

import base64
import gzip
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional, Union

from pbem.engine.actions import RunRoutes
from pbem.render.map import map_geometry, map_key, map_png, round_label, unit_corners
from pbem.render.route_overlay import LINE_WIDTH, RING_WIDTH, route_color, route_shapes
from pbem.render.market import market_key, market_png
from pbem.render.report import build_report, environment

from .explain import explain
from .images import ImageStore
from .ledger import ledger
from .walk import Moment, Replay, open_replay

__all__ = ["MAP_RADIUS", "Frame", "Page", "build_page", "packed", "unpacked"]

MAP_RADIUS = 52.0                  # hex radius of the page's maps (the mail's is 76): readable, a third the bytes


@dataclass
class Frame:
    """What the page shows at one point: after a move (or at the start, `id` None)."""

    id: Optional[int]              # the move number (game file) or action id (record)
    lines: list[str]               # the move in canonical notation
    explain: list[str]             # what the move did
    round: str                     # the round after it ("Operating round 2.1 (of 2)")
    map: int                       # index of the map picture
    market: int                    # index of the market picture
    report: int                    # index of the status report's HTML
    changed: list[str] = field(default_factory=list)      # hexes the move changed (outlined)
    run: list[dict] = field(default_factory=list)         # the run the move made, a route each (`run_drawn`)
    ran: str = ""                                         # its heading: "HBR ran for $130"


@dataclass
class Page:
    """The built page and what it took."""

    html: str
    frames: list[Frame]
    maps_drawn: int
    markets_drawn: int
    images: int                    # distinct PNGs embedded
    png_bytes: int
    seconds: float
    replay: Replay


class _Builder:
    """Collects the frames of one replay, drawing each picture once per state."""

    def __init__(self, replay: Replay, radius: float):
        self.replay = replay
        self.radius = radius
        self.images = ImageStore()             # maps and markets, each distinct PNG once
        self.reports: list[str] = []
        self.report_index: dict[str, int] = {}
        self.frames: list[Frame] = []
        self.hexes: dict[str, str] = {}        # hex -> SVG polygon points of its outline
        self.geometry = map_geometry(replay.game.state, radius)
        self.template = environment().get_template("replay_report.html.j2")

    def frame(self, id: Optional[int], lines: list[str], text: list[str], changed: list[str],
              actions: tuple = ()) -> Frame:
        g = self.replay.game.state
        map_i = self.images.get("map", map_key(g, header=False),
                                lambda: map_png(g, compact=True, radius=self.radius, header=False))
        market_i = self.images.get("market", market_key(g), lambda: market_png(g, compact=True, header=False))
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
        return Frame(id, lines, text, round_label(g), map_i, market_i, self.report_index[report], changed, run, ran)

    def _outline(self, coord: str) -> None:
        g = self.replay.game.state
        if coord in self.hexes or not g.board.has_hex(coord):
            return
        pts = [self.geometry.to_px(coord, (v[0] * 0.94, v[1] * 0.94)) for v in unit_corners()]
        self.hexes[coord] = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def build_page(path: Union[str, Path], *, radius: float = MAP_RADIUS) -> Page:
    """The HTML replay of the game file or 18xx.games record at `path`. Errors are the replay's
    own (GameFileError, ImportRefused, RecordError: one line each)."""
    t0 = time.perf_counter()
    replay = open_replay(path)
    b = _Builder(replay, radius)
    b.frames.append(b.frame(None, [], ["The game as set up, before the first move."], []))
    before = ledger(replay.game)
    board = replay.game.state.board.snapshot()
    for m in replay:
        if not m.moves:
            continue                           # a chat message: nothing changed, the ledger still holds
        text = explain(before, m)
        before = ledger(m.game)
        b.frames.append(b.frame(m.id, list(m.lines), list(text), _changed(m, board), tuple(m.actions)))
        board = m.game.state.board.snapshot()
    html = _render(replay, b)
    return Page(html, b.frames, b.images.drawn.get("map", 0), b.images.drawn.get("market", 0), len(b.images.uris),
                b.images.png_bytes,
                time.perf_counter() - t0, replay)


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


def _changed(m: Moment, before: dict) -> list[str]:
    """The hexes whose tile or tokens the move changed, and the ones it names."""
    g = m.game.state
    after = g.board.snapshot()
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


def _render(replay: Replay, b: _Builder) -> str:
    """The page: the move list written out, everything a frame shows as one JSON value."""
    g = replay.game.state
    data = {"frames": [asdict(f) for f in b.frames], "images": b.images.uris, "reports": packed(b.reports),
            "hexes": b.hexes, "what": replay.what, "mapSize": list(b.geometry.size()),
            "routeWidth": round(LINE_WIDTH * b.radius, 2), "ringWidth": round(RING_WIDTH * b.radius, 2)}
    # inside <script>: no "</script>" or "<!--" can appear once every "<" is escaped
    blob = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    title = f"{g.data.get('title', '')} {replay.name}".strip()
    return environment().get_template("replay.html.j2").render(
        title=title, frames=b.frames, what=replay.what, data=blob)
