"""Track lays on the board: which tiles may go where in which rotation, what they cost, and
laying them (tokens follow their cities; river borders are paid once; the North West
Rebellion's downgrade). A mixin of Board (board.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Optional

from pbem.engine import hexgrid
from pbem.engine.graph import _links, touches
from pbem.engine.tiles import (
    COLOR_ORDER, FIXED_COLORS, TileDef,
)
from pbem.engine.stations import Token
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.board import _Hex

EDGE_NAMES = hexgrid.EDGE_NAMES

@dataclass(frozen=True)
class Crossing:
    """A costed border completed by a lay: `coord`/`edge` on the laid hex, `neighbor` across it."""

    coord: str
    edge: int
    neighbor: str
    type: Optional[str]
    cost: int


@dataclass(frozen=True)
class LayQuote:
    """What a legal lay costs. `crossings` counts the costed borders it completes (a
    title may pay for each, as a bridge private does); `crossed` details them."""

    cost_terrain: int
    cost_borders: int
    crossings: int
    crossed: tuple[Crossing, ...] = ()
    upgrade: bool = False          # the hex already held a non-white tile

    @property
    def cost(self) -> int:
        return self.cost_terrain + self.cost_borders


@dataclass(frozen=True)
class LayResult(LayQuote):
    """A lay that happened. `lifted_tokens` were taken off (old tile without track, new tile
    with several cities): the game must have their owners place them again. `replaced` is the
    name of the tile that was on the hex."""

    lifted_tokens: tuple[Token, ...] = ()
    replaced: str = ""


def _edge_str(e: int) -> str:
    return f"{e} ({EDGE_NAMES[e]})"


def _edges_str(edges: Iterable[int]) -> str:
    return ", ".join(_edge_str(e) for e in sorted(edges)) or "none"


def _path_le(p, q, old: TileDef, new: TileDef) -> bool:
    """18xx.games Path#<=: every end of old path p matches an end of new path q (same edge,
    or a node of the same kind)."""
    for t in p:
        ok = False
        for o in q:
            if isinstance(t, int):
                if isinstance(o, int) and o == t:
                    ok = True
                    break
            elif not isinstance(o, int) and old.nodes[t[1]].kind == new.nodes[o[1]].kind:
                ok = True
                break
        if not ok:
            return False
    return True


#: answers of the pure questions a lay asks of two tile designs (`_paths_kept`) and of a hex's
#: tile and a new design (`_structural_problem`), kept by the designs (hashed by identity) and
#: what else the answer reads: listing the legal lays asks them over and over
_KEPT: dict = {}
_KEPT_MOST = 1 << 18


def _kept(key, answer):
    if len(_KEPT) >= _KEPT_MOST:
        _KEPT.clear()
    _KEPT[key] = answer
    return answer


def _paths_kept(old: TileDef, old_r: int, new: TileDef, new_r: int) -> bool:
    key = (old, old_r, new, new_r)
    hit = _KEPT.get(key)
    if hit is not None:
        return hit
    op = old.rot(old_r).paths
    np_ = new.rot(new_r).paths
    return _kept(key, all(any(_path_le(p, q, old, new) for q in np_) for p in op))


def _describe_path(tile: TileDef, p) -> str:
    parts = []
    for e in p:
        if isinstance(e, int):
            parts.append(f"edge {e}")
        else:
            parts.append(tile.nodes[e[1]].kind)
    return "-".join(parts)



class TrackLays:
    """Tile-lay rules and their application (mixed into Board)."""

    # ------------------------------------------------------------------ tile lays
    def _tile_def(self, name: str) -> TileDef:
        t = self.catalogue.get(name)
        if t is None:
            raise RuleError(f"there is no tile {name} in {self.title_data.get('title', 'this game')}",
                            rule="tile manifest")
        return t

    def _structural_problem(self, hx: _Hex, new: TileDef) -> Optional[tuple[str, str]]:
        """Rotation-independent reasons a tile may not replace the hex's tile (18xx.games upgrades_to?)."""
        key = ("structural", hx.coord, hx.tile, hx.rotation, hx.printed_tile, hx.printed, new)
        hit = _KEPT.get(key, _KEPT)
        if hit is not _KEPT:
            return hit
        return _kept(key, self._structural_answer(hx, new))

    def _structural_answer(self, hx: _Hex, new: TileDef) -> Optional[tuple[str, str]]:
        old = hx.tile
        c = hx.coord
        if old.color in FIXED_COLORS:
            return (f"no tile can be laid on {c}: it is a {old.color} hex", "tiles go on white hexes or upgrade tiles")
        if old.color not in COLOR_ORDER:
            return (f"no tile can be laid on {c}", "map")
        oi = COLOR_ORDER.index(old.color)
        if new.color not in COLOR_ORDER or COLOR_ORDER.index(new.color) != oi + 1:
            want = COLOR_ORDER[oi + 1] if oi + 1 < len(COLOR_ORDER) else None
            what = f"it needs a {want} tile" if want else "it cannot be upgraded"
            return (f"tile {new.name} ({new.color}) cannot go on {c}: {c} holds "
                    + (f"tile {old.name}" if not hx.printed or old.has_track else "no track")
                    + f" ({old.color}), so {what}", "tiles upgrade one colour at a time")
        old_label = old.label
        fl = hx.printed_tile.future_label
        for f in ([fl] if isinstance(fl, dict) else fl or ()):
            if new.color == f.get("color"):
                old_label = f.get("label")       # the hex's label changes at that colour (future_label)
        if old_label != new.label:
            if old_label:
                return (f"{c} is labelled {old_label}; tile {new.name} "
                        + (f"is labelled {new.label}" if new.label else "has no label")
                        + f", but only {old_label} tiles may go there", "labelled hexes take tiles with the same label")
            return (f"tile {new.name} is labelled {new.label} and may only go on a hex labelled {new.label}",
                    "labelled hexes take tiles with the same label")
        if len(old.town_nodes) != len(new.town_nodes):
            return (f"{c} has {len(old.town_nodes)} town(s) but tile {new.name} has {len(new.town_nodes)}",
                    "a tile must show the same towns as the hex")
        if not old.label and len(old.city_nodes) != len(new.city_nodes):
            return (f"{c} has {len(old.city_nodes)} city(ies) but tile {new.name} has {len(new.city_nodes)}",
                    "a tile must show the same cities as the hex")
        if old.label and old.city_nodes and not new.city_nodes:
            return (f"tile {new.name} has no city for {c}", "a tile must show the same cities as the hex")
        if old.color == "white" and old.label == "OO" and len(old.city_nodes) != len(new.city_nodes):
            return (f"{c} needs a tile with {len(old.city_nodes)} cities", "a tile must show the same cities as the hex")
        if len(old.city_nodes) > 1 and len(new.city_nodes) > 1:
            oc = old.rot(hx.rotation).ct_edges
            if not any(all(any(set((e + t) % 6 for e in o) <= n for n in new.rot(0).ct_edges) for o in oc)
                       for t in range(6)):
                return (f"tile {new.name} cannot keep the separate cities of {c}", "upgrades keep each city's track")
        if not any(_paths_kept(old, hx.rotation, new, r) for r in range(6)):
            return (f"tile {new.name} cannot replace {old.name} on {c} in any rotation without losing track",
                    "upgrades keep all existing track")
        return None

    def _rotation_problem(self, hx: _Hex, new: TileDef, r: int, corp: Optional[str],
                          check_connection: bool) -> Optional[tuple[str, str]]:
        """Reasons this rotation is illegal (18xx.games Tracker#legal_tile_rotation?): track into
        a side it may not cross (told with that side's neighbour as it is now), the tile's shape
        against the old one (kept in `_KEPT`: it reads only the coordinate, the old tile and
        rotation and the new ones), then its connection."""
        c = hx.coord
        prob = self._edge_problem(hx, new, r)
        if prob is not None:
            return prob
        key = ("rotation", c, hx.tile, hx.rotation, new, r)
        prob = _KEPT.get(key, _KEPT)
        if prob is _KEPT:
            prob = _kept(key, self._shape_problem(hx, new, r))
        if prob is not None:
            return prob
        if check_connection and corp is not None:
            exits = new.rot(r).exits
            if not touches(self, corp, c, exits):
                return (f"{corp} cannot reach tile {new.name} on {c} with rotation {r}: none of its exits "
                        f"({_edges_str(exits)}) connects to {corp}'s track or stations",
                        "new track must connect to the corporation's network")
        return None

    def _edge_problem(self, hx: _Hex, new: TileDef, r: int) -> Optional[tuple[str, str]]:
        """Why this rotation of `new` would run track off the map, across an impassable border or
        into a blank side, or None."""
        c = hx.coord
        links = _links(self)[c]
        for e in sorted(new.rot(r).exits):
            if links[e] is None:
                nb = hx.adj[e]
                if nb is None:
                    why = f"its track would run off the map at edge {_edge_str(e)}"
                else:
                    b = hx.borders.get(e)
                    if b is not None and b.type == "impassable":
                        why = f"its track would cross the impassable border at edge {_edge_str(e)}"
                    else:
                        why = (f"its track would run into the blank side of {nb} "
                               f"({self._hexes[nb].tile.color}) at edge {_edge_str(e)}")
                return (f"tile {new.name} cannot go on {c} with rotation {r}: {why}",
                        "new track may not end at the map edge or a blank red/gray side")
        return None

    def _shape_problem(self, hx: _Hex, new: TileDef, r: int) -> Optional[tuple[str, str]]:
        """Why this rotation of `new` may not replace the hex's tile whatever the network: track
        or a city lost or moved."""
        old = hx.tile
        c = hx.coord
        nr = new.rot(r)
        if not _paths_kept(old, hx.rotation, new, r):
            lost = [p for p in old.rot(hx.rotation).paths
                    if not any(_path_le(p, q, old, new) for q in nr.paths)]
            what = ", ".join(_describe_path(old, p) for p in lost)
            return (f"tile {new.name} with rotation {r} does not keep the existing track on {c} ({what})",
                    "upgrades keep all existing track")
        old_ct = old.rot(hx.rotation).ct_edges
        new_ct = nr.ct_edges
        added = max(0, len(new_ct) - len(old_ct))
        fresh = sum(1 for n in new_ct if all(not (n & o) for o in old_ct))
        if fresh > added:
            return (f"tile {new.name} with rotation {r} would move a city or town of {c}",
                    "upgrades keep each city's track")
        if len(new.city_nodes) > 1 and len(old.city_nodes) > 1:
            for o in old_ct:
                if sum(1 for n in new_ct if o <= n) != 1:
                    return (f"tile {new.name} with rotation {r} does not keep each city of {c} "
                            f"(the city with track to edges {_edges_str(o)})", "upgrades keep each city's track")
        old_ne = [old.rot(hx.rotation).node_edges[k] for k in old.ct_nodes]
        new_ne = [nr.node_edges[k] for k in new.ct_nodes]
        for o in old_ne:
            if not any(o <= n for n in new_ne):
                return (f"tile {new.name} with rotation {r} does not keep the track of each city on {c}",
                        "upgrades keep all existing track")
        return None

    def _borders_completed(self, hx: _Hex, new: TileDef, r: int) -> list[Crossing]:
        out = []
        exits = new.rot(r).exits
        for e, b in sorted(hx.borders.items()):
            if not b.cost or e not in exits:
                continue
            nb = self.link(hx.coord, e)
            if nb is None:
                continue
            if hexgrid.opposite(e) in self._hexes[nb].rot.exits:
                out.append(Crossing(hx.coord, e, nb, b.type, b.cost))
        return out

    def check_lay(self, corp: Optional[str], coord: str, tile_name: str, rotation: int,
                  phase_colors: Iterable[str], *, check_connection: bool = True,
                  loading: bool = False) -> LayQuote:
        """Raise RuleError unless `corp` may lay `tile_name` on `coord` with `rotation` now;
        return the costs. `loading` keeps only the checks 18xx.games makes when it replays a
        record (supply, colour, label, city/town counts, track kept in some rotation).
        Private-company blocked hexes and lays per turn are the game layer's business.
        A lay allowed is remembered until the board changes (it is checked, then checked again
        as it is made)."""
        colors = tuple(phase_colors)
        key = (corp, coord, tile_name, rotation, colors, check_connection, loading)
        allowed = self._cache.get("lays")
        if allowed is not None and key in allowed:
            return allowed[key]
        hx = self._hex(coord)
        new = self._tile_def(tile_name)
        if not 0 <= int(rotation) <= 5:
            raise RuleError(f"rotation must be 0-5, not {rotation}", rule="tile rotation")
        if new.color not in colors:
            raise RuleError(f"{new.color} tiles are not available in this phase (now: {', '.join(colors)})",
                            rule="tile colours available by phase")
        left = self.supply(tile_name)
        if left is not None and left <= 0:
            raise RuleError(f"no tile {tile_name} is left in the supply (all {self.manifest.get(tile_name, 0)} are "
                            f"on the map)", rule="tile supply is limited")
        prob = self._structural_problem(hx, new)
        if prob:
            raise RuleError(prob[0], rule=prob[1])
        if not loading:
            prob = self._rotation_problem(hx, new, rotation, corp, check_connection)
            if prob:
                legal = [r for r in range(6) if self._rotation_problem(hx, new, r, corp, check_connection) is None]
                raise RuleError(prob[0] + (f"; legal rotations: {', '.join(map(str, legal))}" if legal else ""),
                                rule=prob[1], legal=[f"rotation {r}" for r in legal])
        crossings = self._borders_completed(hx, new, rotation)
        quote = LayQuote(cost_terrain=hx.tile.upgrade_cost, cost_borders=sum(x.cost for x in crossings),
                         crossings=len(crossings), crossed=tuple(crossings), upgrade=hx.tile.color != "white")
        self._cache.setdefault("lays", {})[key] = quote
        return quote

    def legal_rotations(self, corp: Optional[str], coord: str, tile_name: str,
                        phase_colors: Iterable[str], *, check_connection: bool = True,
                        distinct: bool = False) -> list[int]:
        """Every rotation (0-5) with which the lay would be legal (equivalent ones included, unless
        `distinct`: then the first of those laying the same track)."""
        out, seen = [], set()
        for r in range(6):
            try:
                self.check_lay(corp, coord, tile_name, r, phase_colors, check_connection=check_connection)
            except RuleError:
                continue
            key = self._tile_def(tile_name).rot(r).path_key if distinct else r
            if key not in seen:
                seen.add(key)
                out.append(r)
        return out

    def legal_lays(self, corp: str, phase_colors: Iterable[str]) -> list[tuple[str, str, list[int]]]:
        """(coord, tile name, distinct legal rotations) for every lay `corp` could make now."""
        from pbem.engine.graph import reach

        colors = tuple(phase_colors)
        reached = reach(self, corp).edges
        # the tiles of the phase's colours left in the supply, by colour, in catalogue order: a
        # hex takes only those of the colour after its own (`_structural_answer`)
        offered: dict[str, list[tuple[str, TileDef]]] = {}
        for name, tile in self.catalogue.items():
            if tile.color in colors and self.supply(name) != 0:
                offered.setdefault(tile.color, []).append((name, tile))
        out = []
        for coord in sorted(reached, key=lambda c: self._hexes[c].xy if c in self._hexes else (0, 0)):
            hx = self._hexes.get(coord)
            if hx is None or hx.tile.color in FIXED_COLORS or hx.tile.color not in COLOR_ORDER:
                continue
            after = COLOR_ORDER.index(hx.tile.color) + 1
            for name, tile in offered.get(COLOR_ORDER[after], ()) if after < len(COLOR_ORDER) else ():
                if self._structural_problem(hx, tile):
                    continue
                rots, seen = [], set()
                for r in range(6):
                    k = tile.rot(r).path_key
                    if k in seen:
                        continue
                    if self._rotation_problem(hx, tile, r, corp, True) is None:
                        seen.add(k)
                        rots.append(r)
                if rots:
                    out.append((coord, name, rots))
        return out

    def rotation_for_edges(self, coord: str, tile_name: str, edges: Iterable[int]) -> int:
        """The rotation that puts the tile's track on exactly the named map edges (keeping the
        hex's existing track). Rotations laying identical track count as one."""
        hx = self._hex(coord)
        tile = self._tile_def(tile_name)
        want = frozenset(int(e) % 6 for e in edges)

        def fits(r: int) -> bool:
            return _paths_kept(hx.tile, hx.rotation, tile, r) and all(self.link(coord, e) for e in tile.rot(r).exits)

        def distinct(rs: list[int]) -> list[int]:
            seen, out = set(), []
            for r in rs:
                k = tile.rot(r).path_key
                if k not in seen:
                    seen.add(k)
                    out.append(r)
            return out

        exact = distinct([r for r in range(6) if tile.rot(r).exits == want and fits(r)])
        if len(exact) == 1:
            return exact[0]
        if not exact:
            sup = distinct([r for r in range(6) if want <= tile.rot(r).exits and fits(r)])
            if len(sup) == 1:
                return sup[0]
            cands = sup
        else:
            cands = exact
        options = [f"rotation {r} (edges {_edges_str(tile.rot(r).exits)})" for r in cands]
        if not cands:
            allr = distinct([r for r in range(6) if fits(r)])
            options = [f"rotation {r} (edges {_edges_str(tile.rot(r).exits)})" for r in allr]
            raise RuleError(f"tile {tile_name} cannot be laid on {coord} with track to edges {_edges_str(want)}",
                            rule="tile rotation", legal=options)
        raise RuleError(f"track to edges {_edges_str(want)} does not say how to turn tile {tile_name} on {coord}: "
                        + "; ".join(options), rule="tile rotation", legal=options)

    # ------------------------------------------------------------------ applying lays
    @staticmethod
    def _city_map(old: TileDef, old_r: int, new: TileDef, new_r: int) -> list[Optional[int]]:
        """For each old city index, the new city index its tokens go to (18xx.games city_map_for)."""
        oe = [old.rot(old_r).node_edges[k] for k in old.city_nodes]
        ne = [new.rot(new_r).node_edges[k] for k in new.city_nodes]
        if not any(oe) and len(oe) == len(ne):
            return list(range(len(oe)))
        m: list[Optional[int]] = []
        for o in oe:
            m.append(next((j for j, n in enumerate(ne) if o and o <= n), None))
        used = [j for j in m if j is not None]
        for i in range(len(m)):
            if m[i] is not None:
                continue
            j: Optional[int] = i if i < len(ne) else None
            if j is None or j in used:
                j = next((k for k in range(len(ne)) if k not in used), None)
            m[i] = j
            if j is not None:
                used.append(j)
        return m

    def _replace(self, hx: _Hex, new: TileDef, r: int) -> list[Token]:
        """Swap the hex's tile, moving tokens and reservations; returns tokens with no home."""
        old, old_r = hx.tile, hx.rotation
        cmap = self._city_map(old, old_r, new, r)
        ntoks: list[list[Optional[Token]]] = [[None] * new.nodes[k].slots for k in new.city_nodes]
        nres: list[list[Optional[str]]] = [[None] * new.nodes[k].slots for k in new.city_nodes]
        for oi, ni in enumerate(cmap):
            if ni is None:
                continue
            for i, x in enumerate(hx.res[oi]):
                if x is None:
                    continue
                if i < len(nres[ni]) and nres[ni][i] is None:
                    nres[ni][i] = x
                else:
                    k = next((j for j, y in enumerate(nres[ni]) if y is None), None)
                    if k is None:
                        nres[ni].append(x)
                        ntoks[ni].append(None)
                    else:
                        nres[ni][k] = x
        homeless: list[Token] = []
        # the first track on a hex of several cities: which city a station sits in is chosen anew
        lift_all = not old.has_track and new.has_track and len(new.city_nodes) > 1
        for oi, ni in enumerate(cmap):
            toks = [t for t in hx.tokens[oi] if t is not None]
            if ni is None or lift_all:
                homeless.extend(toks)
                continue
            for t in toks:
                slots, res = ntoks[ni], nres[ni]
                k = next((j for j, y in enumerate(res) if y == t.corp and slots[j] is None), None)
                if k is None:
                    k = next((j for j, s in enumerate(slots) if s is None and res[j] is None), None)
                if k is None:
                    slots.append(t)
                    res.append(None)
                else:
                    slots[k] = t
        hx.tokens, hx.res = ntoks, nres
        hx._set(new, r)
        return homeless

    def lay(self, coord: str, tile_name: str, rotation: int) -> LayResult:
        """Put the tile on the hex (no legality checks: call check_lay first). Pays nothing:
        returns the costs. The replaced tile returns to the supply unless it was printed."""
        hx = self._hex(coord)
        new = self._tile_def(tile_name)
        left = self._supply.get(tile_name, 0)
        if left is not None and left <= 0:
            raise RuleError(f"no tile {tile_name} is left in the supply", rule="tile supply is limited")
        rotation = int(rotation) % 6
        old = hx.tile
        was_printed = hx.printed
        upgrade = old.color != "white"
        crossings = self._borders_completed(hx, new, rotation)
        terrain = old.upgrade_cost
        homeless = self._replace(hx, new, rotation)
        if left is not None:
            self._supply[tile_name] = left - 1
        if not was_printed and old.name in self._supply and self._supply[old.name] is not None:
            self._supply[old.name] += 1
        for x in crossings:
            hx.borders.pop(x.edge, None)
            self._hexes[x.neighbor].borders.pop(hexgrid.opposite(x.edge), None)
        lifted = list(homeless)
        if not old.has_track and new.has_track and len(new.city_nodes) > 1:
            for toks in hx.tokens:
                for i, t in enumerate(toks):
                    if t is not None:
                        lifted.append(t)
                        toks[i] = None
        self._changed(tiles=True, coord=coord, corps=tuple({t.corp for t in lifted} | {t.laid_by for t in lifted}))
        return LayResult(cost_terrain=terrain, cost_borders=sum(x.cost for x in crossings),
                         crossings=len(crossings), crossed=tuple(crossings), upgrade=upgrade,
                         lifted_tokens=tuple(lifted), replaced=old.name)

    def downgrade(self, coord: str) -> str:
        """Put the printed tile back (a rebellion event). Tokens stay in the city; the
        removed tile returns to the supply; the hex's river borders are restored, and so is the
        far side of each where the neighbour still shows its printed tile. Returns the removed
        tile's name."""
        hx = self._hex(coord)
        if hx.printed:
            return hx.tile.name
        old = hx.tile
        homeless = self._replace(hx, hx.printed_tile, 0)
        for t in homeless:                       # cannot happen with printed single cities; keep them
            for toks in hx.tokens:
                k = next((i for i, s in enumerate(toks) if s is None), None)
                if k is not None:
                    toks[k] = t
                    break
        if old.name in self._supply and self._supply[old.name] is not None:
            self._supply[old.name] += 1
        for b in hx.printed_tile.borders:
            if b.edge in hx.borders:
                continue
            hx.borders[b.edge] = b
            nb = self.link(coord, b.edge)
            if nb is None:
                continue
            nh = self._hexes[nb]
            inv = hexgrid.opposite(b.edge)
            if nh.printed and inv not in nh.borders:
                ob = next((x for x in nh.printed_tile.borders if x.edge == inv), None)
                if ob is not None:
                    nh.borders[inv] = ob
        self._changed(tiles=True, coord=coord)
        return old.name

