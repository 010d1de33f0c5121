"""The route overlay of the map: runs drawn over the track (each train in its own colour along
the track it uses, its stops ringed) and the legend listing each run's trains, stops and
revenues. `route_shapes` gives the lines and rings in a geometry's pixels, so the PNG
(MapRenderer, pbem/render/map.py, mixes RouteOverlay in) and the HTML replay's SVG
(pbem/replay/page.py) draw a route the same way."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from pbem.render import style as S
from pbem.render.geometry import SLOT_RADIUS, TOWN_RADIUS, TRACK_WIDTH, unit_edge_mid

__all__ = ["RouteOverlay", "RouteShape", "ShownRun", "route_color", "route_shapes", "LINE_WIDTH", "RING_WIDTH"]

#: a route's line and the ring round its stops, in hex radii
LINE_WIDTH = TRACK_WIDTH * 0.55
RING_WIDTH = 0.04


@dataclass(frozen=True)
class ShownRun:
    """A run to draw: the company's symbol, the legend's heading for it, its ResolvedRoutes."""

    corp: str
    heading: str
    routes: tuple = ()


@dataclass(frozen=True)
class RouteShape:
    """One route in a geometry's pixels: the polylines along its track, and the rings round its
    stops as (centre, radius)."""

    lines: tuple[tuple[tuple[float, float], ...], ...]
    rings: tuple[tuple[tuple[float, float], float], ...]


def route_color(i: int) -> tuple[int, int, int]:
    """The colour of the i-th route drawn (counted over every run in the picture)."""
    return S.ROUTE_COLORS[i % len(S.ROUTE_COLORS)]


def route_shapes(geometry, board, route) -> RouteShape:
    """Where `route` (a ResolvedRoute) lies on the map of `geometry`: the paths of the tiles it
    used (those retiled since it ran are left out, `_still_on_board`), an off-board end drawn
    from the hex side inwards, and a ring round each stop sized to its city's slots."""
    lines = []
    for coord, pi in getattr(route, "paths", ()):
        if not board.has_hex(coord):
            continue
        lay = geometry.tile_layout(coord)
        if not 0 <= pi < len(lay.paths):
            continue
        t = board.tile(coord)
        a, b = t.def_.rot(t.rotation).paths[pi]
        if not _still_on_board(route, coord, pi, a, b):
            continue            # the hex was retiled since the run: its path index means other track
        pts = [geometry.to_px(coord, p) for p in lay.paths[pi]]
        if any(not isinstance(e, int) and t.def_.nodes[e[1]].kind == "offboard" for e in (a, b)):
            m = unit_edge_mid(a if isinstance(a, int) else b)
            pts = [geometry.to_px(coord, m), geometry.to_px(coord, (m[0] * 0.45, m[1] * 0.45))]
        lines.append(tuple(pts))
    rings = []
    for coord, node in getattr(route, "stops", ()):
        if not board.has_hex(coord):
            continue
        lay = geometry.tile_layout(coord)
        if not 0 <= node < len(lay.nodes):
            continue
        p = geometry.to_px(coord, lay.nodes[node] or (0.0, 0.0))
        kind = board.tile(coord).def_.nodes[node].kind
        rr = 0.3 if kind == "offboard" else TOWN_RADIUS + 0.06
        if kind == "city":
            n = len(board.slots(coord, board.tile(coord).def_.city_index(node)))
            rr = SLOT_RADIUS * (1 if n <= 1 else 2) + 0.06
        rings.append((p, rr * geometry.R))
    return RouteShape(tuple(lines), tuple(rings))


class RouteOverlay:
    """MapRenderer's route drawing (uses its board, geometry `g`, `draw`, `R` and helpers)."""

    def _shown_runs(self, route_corp: Optional[str], routes: Optional[Sequence],
                    runs: Optional[Sequence[ShownRun]]) -> list[ShownRun]:
        """The runs a picture shows: `runs` as given, else `routes` (under `route_corp`'s name),
        else `route_corp`'s last run."""
        if runs is not None:
            return list(runs)
        if routes is None and not route_corp:
            return []
        if routes is None:
            corp = self.game.corporations.get(route_corp)
            routes = list(getattr(corp, "last_routes", None) or []) if corp else []
        who = route_corp or "routes"
        total = sum(getattr(r, "revenue", 0) or 0 for r in routes)
        return [ShownRun(who, f"{who} last run: {self.game.money(total)}" if routes else f"{who}: no run to show",
                         tuple(routes))]

    def _route_lines(self, runs: Sequence[ShownRun]) -> None:
        width = self._px(LINE_WIDTH)
        for i, r in enumerate(r for run in runs for r in run.routes):
            for pts in route_shapes(self.g, self.board, r).lines:
                self.draw.line(list(pts), fill=route_color(i), width=width, joint="curve")

    def _route_stops(self, runs: Sequence[ShownRun]) -> None:
        for i, r in enumerate(r for run in runs for r in run.routes):
            for p, rr in route_shapes(self.g, self.board, r).rings:
                self._circle(p, rr, outline=route_color(i), width=self._px(RING_WIDTH))

    def _legend_lines(self, runs: Sequence[ShownRun]) -> list[tuple]:
        lines: list[tuple] = []
        i = 0
        for run in runs:
            lines.append((None, run.heading))
            for r in run.routes:
                stops = "-".join(c for c, _ in getattr(r, "stops", ()))
                lines.append((route_color(i), f"{r.train}-train  {stops}  {self.game.money(r.revenue or 0)}"))
                i += 1
        return lines

    def _legend(self, lines) -> None:
        R = self.R
        y = self.g.map_height + 0.1 * R
        f = self._font(0.17)
        for color, text in lines:
            x = self.g.margin
            if color is not None:
                self.draw.line([(x, y + 0.13 * R), (x + 0.4 * R, y + 0.13 * R)], fill=color, width=self._px(0.06))
                x += 0.5 * R
            self.draw.text((x, y + 0.13 * R), text, font=f, fill=S.TEXT, anchor="lm")
            y += 0.26 * R


def _still_on_board(route, coord: str, pi: int, a, b) -> bool:
    """Whether path `pi` of the hex's current tile is track the route used (its track keys
    name the hex sides it crossed), i.e. the run is not stale for this hex."""
    keys = getattr(route, "track", None)
    if not keys:
        return True
    edges = [e for e in (a, b) if isinstance(e, int)]
    if edges:
        return all((coord, e) in keys for e in edges)
    return (coord, "p", pi) in keys
