"""Where the small items of a hex go (revenues, labels, names, costs, tags, tile numbers): each
takes its first preferred spot free of track, nodes and the other items (pbem/render/hex_items.py)."""
from __future__ import annotations

import math
from functools import lru_cache

from pbem.render.geometry import H, TRACK_WIDTH, TileLayout, unit_edge_mid, unit_vertex

_SPOTS: dict[str, tuple[float, float]] = {}
for _k in range(6):
    _v = unit_vertex(_k)
    _SPOTS[f"v{_k}"] = (_v[0] * 0.58, _v[1] * 0.58)
    _SPOTS[f"w{_k}"] = (_v[0] * 0.72, _v[1] * 0.72)
    _e = unit_edge_mid(_k)
    _SPOTS[f"e{_k}"] = (_e[0] / H * 0.55, _e[1] / H * 0.55)
_SPOTS["c"] = (0.0, 0.0)
_SPOTS["top"] = (0.0, -0.6)
_SPOTS["top2"] = (0.0, -0.45)
_SPOTS["bot"] = (0.0, 0.6)
_SPOTS["bot2"] = (0.0, 0.45)
_SPOTS["top3"] = (0.0, -0.8)             # over the hex's top or bottom edge: for a name no spot inside holds
_SPOTS["bot3"] = (0.0, 0.8)
for _k in range(6):                        # over the hex's corners and sides: for an item no spot inside holds
    _v, _e = unit_vertex(_k), unit_edge_mid(_k)
    _SPOTS[f"x{_k}"] = (_v[0] * 0.9, _v[1] * 0.9)
    _SPOTS[f"s{_k}"] = (_e[0] / H * 0.9, _e[1] / H * 0.9)

_PREFS = {
    "rev": ["v2", "v1", "v3", "v0", "v4", "v5", "e2", "e4", "e1", "e5", "e3", "e0", "w2", "w1", "w3", "w0", "w4", "w5", "c"],
    "label": ["v1", "v4", "v2", "v0", "v3", "v5", "w1", "w4", "w2", "w0", "w3", "w5", "c"],
    "name": ["top", "bot", "top2", "bot2", "c", "top3", "bot3"],
    "cost": ["v3", "v2", "v4", "v5", "v0", "v1", "w3", "w2", "w4", "w5", "w0", "w1", "c"],
    "tag": ["v5", "v0", "v4", "v1", "v3", "v2", "w5", "w0", "w4", "w1", "w3", "w2", "bot2", "top2", "c"],
    "tile": ["w5", "w4", "w0", "w3", "w1", "w2"],
}
_UNDER_TRACK = frozenset({"name", "tile"})
_ITEM_ORDER = {"name": 0, "rev": 1, "label": 2, "cost": 3, "tag": 4, "tile": 5}
for _kind, _order in _PREFS.items():       # every other spot is a fallback, those over the edge last
    if _kind != "name" and _kind != "tile":
        _order.extend(k for k in _SPOTS if k not in _order and not k.startswith(("top", "bot", "x", "s")))
        if _kind in ("rev", "label"):      # a station's value and the hex's label: over the edge rather than hidden
            _order.extend(k for k in _SPOTS if k not in _order and k[0] in "xs")
#: how much worse covering a station or another item is than covering track (1) or sticking out
#: of the hex (OUTSIDE): a station is never hidden while an edge or a corner of the hex is free
COVER, OUTSIDE = 6.0, 2.0
#: how deep (unit R) a droppable item may cover a station or another item before it is left out
DROP_DEPTH = 0.1


_EDGE_MIDS = tuple(unit_edge_mid(e) for e in range(6))


@lru_cache(maxsize=65536)
def _box_inside(cx: float, cy: float, w: float, h: float, pad: float = 0.03) -> float:
    """How far the box stays inside the unit hex (negative = sticks out); the same boxes come
    back hex after hex, so each is measured once."""
    worst = 10.0
    for sx in (-1, 1):
        for sy in (-1, 1):
            x, y = cx + sx * w / 2, cy + sy * h / 2
            for m in _EDGE_MIDS:
                proj = (x * m[0] + y * m[1]) / H
                worst = min(worst, H - pad - proj)
    return worst


@lru_cache(maxsize=8192)
def _place(lay: TileLayout, discs: tuple, items: tuple, droppable: frozenset = frozenset()) -> tuple:
    """Positions (unit R) for small items (kind, w, h) avoiding track, nodes and each other.
    Each item takes its first preferred spot that is free; if none is, the spot doing least
    harm (covering track is tolerated more than sticking out of the hex, and both more than
    covering a city or another item). An item of a kind in `droppable` whose least harm covers
    a city or another item (deeper than DROP_DEPTH) is left out: its position is None."""
    track = lay.track_points
    tr = TRACK_WIDTH / 2 + 0.015
    placed: list[tuple[float, float, float, float]] = []
    out = []
    for kind, w, h in items:
        best, best_bad, best_covers = None, None, 0.0
        half_w, half_h = w / 2, h / 2
        for name in _PREFS[kind]:
            cx, cy = _SPOTS[name]
            bad = 0.0
            worst_track = 0.0
            for px, py in track:        # (the distance of box and point written out: most of a map's placing)
                d = math.hypot(max(abs(px - cx) - half_w, 0.0), max(abs(py - cy) - half_h, 0.0)) - tr
                if d < worst_track:
                    worst_track = d
            bad += -worst_track
            if best_bad is not None and bad > 1e-9 and bad >= best_bad - 1e-9:
                continue                # (every harm below only adds: this spot cannot be the best)
            covers = 0.0
            for (dx, dy, dr) in discs:
                d = math.hypot(max(abs(dx - cx) - half_w, 0.0), max(abs(dy - cy) - half_h, 0.0)) - dr
                if d < 0:
                    covers += -COVER * d
            for (qx, qy, qw, qh) in placed:
                d = max(abs(cx - qx) - (w + qw) / 2, abs(cy - qy) - (h + qh) / 2)
                if d < 0:
                    covers += -COVER * d
            bad += covers
            if best_bad is not None and bad > 1e-9 and bad >= best_bad - 1e-9:
                continue
            inside = _box_inside(cx, cy, w, h)
            if inside < 0:
                bad += -OUTSIDE * inside
            if bad <= 1e-9:
                best, best_covers = (cx, cy), 0.0
                break
            if best_bad is None or bad < best_bad - 1e-9:
                best, best_bad, best_covers = (cx, cy), bad, covers
        if kind in droppable and best_covers > COVER * DROP_DEPTH:
            out.append(None)
            continue
        placed.append((best[0], best[1], w, h))
        out.append(best)
    return tuple(out)
