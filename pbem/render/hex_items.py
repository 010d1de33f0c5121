"""The small items of a hex on the map (pbem/render/map.py mixes `HexItems` into its renderer):
revenues, labels, names, terrain costs, blockers, reserved-hex tags, icons, tile numbers and the
off-board values, each decided from the game, placed in the free part of the hex
(`placement.py`) and drawn in its layer."""
from __future__ import annotations

import itertools
import math

from pbem.engine.tiles import COLOR_ORDER, node_revenue
from pbem.render import style as S
from pbem.render.geometry import SLOT_RADIUS, TOWN_RADIUS, slot_offsets
from pbem.render.placement import _ITEM_ORDER, _UNDER_TRACK, _place

__all__ = ["HexItems", "money_text", "REV_R", "TOWN_REV_R", "NAME_SIZE", "LABEL_SIZE", "SMALL_SIZE"]

# unit-R sizes of the small items
REV_R = 0.15              # city revenue disc radius
TOWN_REV_R = 0.125
NAME_SIZE = 0.135         # location name font size
LABEL_SIZE = 0.24         # OO / R label font size
SMALL_SIZE = 0.13         # tags, costs, tile numbers
OB_BOX_W, OB_BOX_H = 0.36, 0.26   # off-board revenue box
#: the items the whole map at a mail's width leaves out where they would hide a station or another item
DROPPABLE = frozenset({"cost"})


def money_text(game, amount: int) -> str:
    """An amount in the title's currency ("$40", "40₽")."""
    cur = game.data.get("currency", "$%s") or "$%s"
    return cur % amount if "%s" in cur else f"${amount}"


class HexItems:
    """Decides, places and draws the small items of each hex (a mixin of MapRenderer, whose
    drawing, geometry and fonts it uses)."""

    def _items(self, coord: str) -> list:
        """Decide the small items of a hex and where they go (drawn later by _draw_items);
        draws the off-board value boxes directly."""
        game, board = self.game, self.board
        t = board.tile(coord)
        d = t.def_
        lay = self.g.tile_layout(coord)
        R, k = self.R, self.k
        items: list[tuple[str, float, float]] = []
        draws: list = []

        discs = []
        for i, node in enumerate(d.nodes):
            p = lay.nodes[i] or (0.0, 0.0)
            if node.kind == "city":             # each station slot as drawn (map.py `_nodes`)
                n = len(board.slots(coord, d.city_index(i)))
                sk, offs = self.g.slot_k, slot_offsets(n)
                for ox, oy in offs + ([(0.0, 0.0)] if n == 2 else []):    # two: the band between them too
                    discs.append((p[0] + ox * sk, p[1] + oy * sk, SLOT_RADIUS * sk + 0.02))
                if n >= 3:                      # the white disc around them
                    big = max(math.hypot(*o) for o in offs) * sk + SLOT_RADIUS * sk
                    discs.append((p[0], p[1], big + 0.02))
            elif node.kind == "town":
                discs.append((p[0], p[1], TOWN_RADIUS + 0.02))

        # off-board values at the centre
        obs = [n for n in d.nodes if n.kind == "offboard" and not n.hidden]
        if obs:
            rev = obs[0].revenue
            keys = [c for c in COLOR_ORDER + ("red",) if isinstance(rev, dict) and c in rev] if isinstance(rev, dict) else []
            nb = max(1, len(keys))
            discs.append((0.0, 0.0, k * max(nb * OB_BOX_W / 2, OB_BOX_H / 2) + 0.03))
            pre = [("offboard", obs[0], None, (0.0, 0.0), 0.0, 0.0)]
        else:
            pre = []

        # revenues of cities and towns
        ct = [i for i in d.ct_nodes if not d.nodes[i].hidden]
        colors = game.tile_colors
        revs = {i: node_revenue(d.nodes[i], colors) for i in ct}
        if ct and len(set(revs.values())) == 1 and len(ct) > 1:
            v = next(iter(revs.values()))
            if v:
                rr = self._rev_k * (REV_R if any(d.nodes[n].kind == "city" for n in ct) else TOWN_REV_R)
                items.append(("rev", 2 * rr, 2 * rr))
                draws.append(("rev", str(v), rr))
        else:
            for n in ct:
                if revs[n]:
                    rr = self._rev_k * (REV_R if d.nodes[n].kind == "city" else TOWN_REV_R)
                    items.append(("rev", 2 * rr, 2 * rr))
                    draws.append(("rev", str(revs[n]), rr))
        if d.label:
            f = self._font(self._label_units())
            tw = self.draw.textlength(d.label, font=f) / R
            items.append(("label", tw + 0.04, LABEL_SIZE * 0.9 * self._rev_k))
            draws.append(("label", d.label, None))
        name = board.location_name(coord)
        if name:
            lines, f = self._wrap(name, min(2.0, 1.1 * k), NAME_SIZE)
            lw = max(self.draw.textlength(x, font=f) for x in lines) / R
            items.append(("name", lw + 0.02, len(lines) * f.size * 1.08 / R))
            draws.append(("name", lines, f))
        if d.upgrade_cost:
            label = money_text(game, d.upgrade_cost)
            f = self._font(SMALL_SIZE)
            tw = self.draw.textlength(label, font=f) / R
            items.append(("cost", tw + 0.2 * k, 0.2 * k))
            draws.append(("cost", label, d.terrain[0] if d.terrain else ""))
        blocker = game.blocked_hex(coord) if hasattr(game, "blocked_hex") else None
        if blocker is not None:
            f = self._font(SMALL_SIZE)
            tw = self.draw.textlength(blocker.sym, font=f) / R
            items.append(("tag", tw + 0.1 * k, 0.2 * k))
            draws.append(("blocker", blocker.sym, None))
        for sym in board.tile_reservations(coord):
            f = self._font(SMALL_SIZE)
            tw = self.draw.textlength(sym, font=f) / R
            items.append(("tag", tw + 0.12 * k, 0.2 * k))
            draws.append(("hexres", sym, None))
        for icon in t.icons:
            f = self._font(SMALL_SIZE)
            tw = self.draw.textlength(icon, font=f) / R
            items.append(("tag", tw + 0.08 * k, 0.18 * k))
            draws.append(("icon", icon, None))
        if not t.printed:
            f = self._font(SMALL_SIZE * 0.9)
            tw = self.draw.textlength(t.name, font=f) / R
            items.append(("tile", tw + 0.02, SMALL_SIZE * k))
            draws.append(("tile", t.name, None))
        if not items:
            return pre
        order = sorted(range(len(items)), key=lambda i: _ITEM_ORDER.get(items[i][0], 9))
        items = [items[i] for i in order]
        draws = [draws[i] for i in order]
        key = tuple((k, round(w, 3), round(h, 3)) for k, w, h in items)
        # with the text enlarged (the whole map at a mail's width) a terrain cost that finds no
        # room but over a station or another item is left out: the larger views show it
        spots = _place(lay, tuple(discs), key, DROPPABLE if self.k > 1 else frozenset())
        return pre + [(what, val, extra, spot, w, h) for (kind, w, h), spot, (what, val, extra)
                      in zip(items, spots, draws) if spot is not None]

    def _label_units(self) -> float:
        """A label's size against the text's: enlarged as the revenue discs are, a little less
        than the text, so that on a small hex it stays clear of the stations (the largest
        text of a hex, it reads at any scale)."""
        return LABEL_SIZE * self._rev_k / self.k

    def _draw_items(self, coord: str, placed, layer: str) -> None:
        """The items of one layer: "under" the track, names and tile numbers (the track stays
        whole where text must cross it); "over" it, revenues, labels and tags, placed clear of
        the track; and on "top" of everything, borders included, the names and labels when the
        text is enlarged (a small hex holds no free spot for them: drawn last, haloed, they stay
        whole)."""
        for what, val, extra, spot, w, h in placed:
            if self._layer(what) != layer:
                continue
            if what == "offboard":
                self._offboard_values(coord, val)
            else:
                self._draw_item(coord, what, val, extra, spot, w, h)

    def _layer(self, what: str) -> str:
        if what in ("name", "label") and self.k > 1:
            return "top"
        return "under" if what in _UNDER_TRACK else "over"

    def _wrap(self, text: str, max_units: float, size: float):
        """Split a name into 1-3 lines as even as possible; shrink the font if still too wide."""
        f = self._font(size)
        maxw = max_units * self.R
        tl = lambda x: self.draw.textlength(x, font=f)  # noqa: E731
        if tl(text) <= maxw:
            return [text], f
        words = text.split(" ")
        best = ([text], tl(text))
        for n in (2, 3):
            if len(words) < n:
                break
            for cut in itertools.combinations(range(1, len(words)), n - 1):
                bounds = (0,) + cut + (len(words),)
                lines = [" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:])]
                wmax = max(tl(x) for x in lines)
                if wmax < best[1] - 1e-6:
                    best = (lines, wmax)
            if best[1] <= maxw:
                break
        lines = best[0]
        if best[1] > maxw:
            f = S.fit_font(self.draw, max(lines, key=tl), maxw, size * self.k * self.R,
                           min_size=0.8 * size * self.k * self.R)
        return lines, f

    def _draw_item(self, coord: str, what: str, val, extra, spot, w: float, h: float) -> None:
        R = self.R
        cx, cy = self.g.to_px(coord, spot)
        if what == "rev":
            rr = extra * R
            self._circle((cx, cy), rr, fill=S.WHITE, outline=S.SLOT_OUTLINE, width=self._px(0.018))
            f = S.fit_font(self.draw, val, 1.7 * rr, 1.05 * rr)
            self.draw.text((cx, cy), val, font=f, fill=S.TEXT, anchor="mm")
        elif what == "label":
            self._text((cx, cy), val, self._label_units(), S.TEXT, bold=True,
                       halo=(255, 255, 255) if self.k > 1 else None)
        elif what == "name":
            f = extra
            lh = f.size * 1.08
            y0 = cy - lh * (len(val) - 1) / 2
            for i, line in enumerate(val):
                self.draw.text((cx, y0 + i * lh), line, font=f, fill=S.TEXT, anchor="mm",
                               stroke_width=max(1, int(R * 0.018 * self.k)), stroke_fill=(255, 255, 255))
        elif what == "cost":
            color = S.TERRAIN_COLORS.get(extra, S.TEXT)
            left, u = cx - w * R / 2, self.k * R
            tri = [(left + 0.02 * u, cy + 0.07 * u), (left + 0.1 * u, cy - 0.08 * u), (left + 0.18 * u, cy + 0.07 * u)]
            self.draw.polygon(tri, fill=color)
            self.draw.text((left + 0.2 * u, cy), val, font=self._font(SMALL_SIZE), fill=S.TEXT, anchor="lm",
                           stroke_width=max(1, int(R * 0.015 * self.k)), stroke_fill=(255, 255, 255))
        elif what == "blocker":
            box = (cx - w * R / 2, cy - h * R / 2, cx + w * R / 2, cy + h * R / 2)
            self.draw.rounded_rectangle(box, radius=h * R / 3, fill=S.BLOCKER_FILL, outline=S.WHITE,
                                        width=self._px(0.012))
            self.draw.text((cx, cy), val, font=self._font(SMALL_SIZE), fill=S.WHITE, anchor="mm")
        elif what == "hexres":
            fill, _ = self._corp_colors(val)
            box = (cx - w * R / 2, cy - h * R / 2, cx + w * R / 2, cy + h * R / 2)
            self.draw.rounded_rectangle(box, radius=h * R / 3, fill=S.RESERVED_FILL, outline=fill,
                                        width=self._px(0.035))
            self.draw.text((cx, cy), val, font=self._font(SMALL_SIZE), fill=S.TEXT, anchor="mm")
        elif what == "icon":
            box = (cx - w * R / 2, cy - h * R / 2, cx + w * R / 2, cy + h * R / 2)
            self.draw.rounded_rectangle(box, radius=h * R / 3, fill=(255, 255, 255), outline=S.MUTED,
                                        width=self._px(0.01))
            self.draw.text((cx, cy), val, font=self._font(SMALL_SIZE * 0.95), fill=(140, 20, 20), anchor="mm")
        elif what == "tile":
            self.draw.text((cx, cy), val, font=self._font(SMALL_SIZE * 0.9), fill=S.MUTED, anchor="mm")

    def _offboard_values(self, coord: str, node) -> None:
        R = self.R
        rev = node.revenue
        cx, cy = self.g.to_px(coord, (0.0, 0.0))
        if not isinstance(rev, dict):
            if rev:
                self._circle((cx, cy), REV_R * self.k * R, fill=S.WHITE, outline=S.SLOT_OUTLINE, width=self._px(0.018))
                self.draw.text((cx, cy), str(rev), font=self._font(0.15), fill=S.TEXT, anchor="mm")
            return
        keys = [c for c in COLOR_ORDER + ("red",) if c in rev]
        current = next((c for c in reversed(self.game.tile_colors) if c in rev), None)
        f = self._font(0.16)
        bw = max(OB_BOX_W * R, max(self.draw.textlength(str(rev[c]), font=f) for c in keys) + 0.4 * f.size)
        bh = max(OB_BOX_H * R, 1.45 * f.size)
        lo, hi = self._span                                                 # kept inside the whole picture
        x0 = min(max(cx - bw * len(keys) / 2, lo + self.ss), hi - self.ss - bw * len(keys))
        for i, k in enumerate(keys):
            box = (x0 + i * bw, cy - bh / 2, x0 + (i + 1) * bw, cy + bh / 2)
            fill = S.TILE_COLORS.get(k, S.WHITE)
            self.draw.rectangle(box, fill=fill, outline=S.SLOT_OUTLINE, width=self._px(0.015))
            txt = S.contrast_text(fill)
            self.draw.text(((box[0] + box[2]) / 2, cy), str(rev[k]), font=f, fill=txt, anchor="mm",
                           stroke_width=max(1, int(R * 0.006)) if k == current else 0, stroke_fill=txt)
        if current is not None:
            i = keys.index(current)
            pad = self._px(0.025)
            box = (x0 + i * bw - pad, cy - bh / 2 - pad, x0 + (i + 1) * bw + pad, cy + bh / 2 + pad)
            self.draw.rectangle(box, outline=S.WHITE, width=self._px(0.05))
            self.draw.rectangle(box, outline=(20, 20, 20), width=self._px(0.025))
