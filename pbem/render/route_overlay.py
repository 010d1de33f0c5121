"""The route overlay of the map: a corporation's last run drawn over the track (each train in
its own colour, its stops ringed) and the legend listing the trains' routes and revenues.
Mixed into MapRenderer (pbem/render/map.py)."""
from __future__ import annotations

from pbem.render import style as S
from pbem.render.geometry import SLOT_RADIUS, TOWN_RADIUS, TRACK_WIDTH, unit_edge_mid


class RouteOverlay:
    """MapRenderer's route drawing (uses its board, geometry `g`, `draw`, `R` and helpers)."""

    def _route_lines(self, routes) -> None:
        board = self.board
        width = self._px(TRACK_WIDTH * 0.55)
        for i, r in enumerate(routes):
            color = S.ROUTE_COLORS[i % len(S.ROUTE_COLORS)]
            for coord, pi in getattr(r, "paths", ()):
                if not board.has_hex(coord):
                    continue
                lay = self.g.tile_layout(coord)
                if not 0 <= pi < len(lay.paths):
                    continue
                pts = [self.g.to_px(coord, p) for p in lay.paths[pi]]
                t = board.tile(coord)
                a, b = t.def_.rot(t.rotation).paths[pi]
                if not _still_on_board(r, coord, pi, a, b):
                    continue            # the hex was retiled since the run: its path index means other track
                if any(not isinstance(e, int) and t.def_.nodes[e[1]].kind == "offboard" for e in (a, b)):
                    edge = a if isinstance(a, int) else b
                    m = unit_edge_mid(edge)
                    pts = [self.g.to_px(coord, m), self.g.to_px(coord, (m[0] * 0.45, m[1] * 0.45))]
                self.draw.line(pts, fill=color, width=width, joint="curve")

    def _route_stops(self, routes) -> None:
        board = self.board
        for i, r in enumerate(routes):
            color = S.ROUTE_COLORS[i % len(S.ROUTE_COLORS)]
            for coord, node in getattr(r, "stops", ()):
                if not board.has_hex(coord):
                    continue
                lay = self.g.tile_layout(coord)
                if not 0 <= node < len(lay.nodes):
                    continue
                p = self.g.to_px(coord, lay.nodes[node] or (0.0, 0.0))
                kind = board.tile(coord).def_.nodes[node].kind
                rr = (SLOT_RADIUS + 0.06) if kind == "city" else (0.3 if kind == "offboard" else TOWN_RADIUS + 0.06)
                if kind == "city":
                    n = len(board.slots(coord, board.tile(coord).def_.city_index(node)))
                    rr = SLOT_RADIUS * (1 if n <= 1 else 2) + 0.06
                self._circle(p, rr * self.R, outline=color, width=self._px(0.04))

    def _legend_lines(self, route_corp, routes) -> list[tuple]:
        who = route_corp or "routes"
        if not routes:
            return [(None, f"{who}: no run to show")]
        total = sum(getattr(r, "revenue", 0) or 0 for r in routes)
        lines = [(None, f"{who} last run: ${total}")]
        for i, r in enumerate(routes):
            stops = "-".join(c for c, _ in getattr(r, "stops", ()))
            lines.append((S.ROUTE_COLORS[i % len(S.ROUTE_COLORS)], f"{r.train}-train  {stops}  ${r.revenue}"))
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
