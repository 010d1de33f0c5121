"""Station tokens on the board: city slots, home reservations, who may place where.

A mixin of Board (board.py): it works on the board's hexes and tells it of every change."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Optional

from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.board import _Hex

@dataclass(frozen=True)
class Token:
    """A station marker. `corp` is whose marker it is (a neutral station is the neutral corporation's marker),
    `laid_by` the corporation that placed it, `neutral` marks a neutral station."""

    corp: str
    laid_by: str
    neutral: bool = False



class Stations:
    """Token slots and reservations of the board's cities (mixed into Board)."""

    # ------------------------------------------------------------------ tokens
    def slots(self, coord: str, city: int) -> list[Optional[Token]]:
        hx = self._hex(coord)
        self._check_city(hx, city)
        return list(hx.tokens[city])

    def reserved(self, coord: str, city: int) -> list[Optional[str]]:
        """Slot reservations of the city (corporation symbol or None per slot)."""
        hx = self._hex(coord)
        self._check_city(hx, city)
        return list(hx.res[city])

    def reserved_city(self, coord: str, corp: str, default: int = 0) -> int:
        """The city of the hex holding `corp`'s reservation (an upgrade may have moved it), else
        `default` (18xx.games: the reserved city, else the first)."""
        hx = self._hex(coord)
        return next((i for i, res in enumerate(hx.res) if corp in res), default)

    def tile_reservations(self, coord: str) -> list[str]:
        """Reservations on the hex not tied to one city (a home on a hex of several cities)."""
        return list(self._hex(coord).tile_res)

    def reserve(self, coord: str, city: Optional[int], corp: str) -> None:
        """Reserve a home slot for `corp`. city None on a hex with one city means that city; on
        a hex with several cities the reservation holds for the hex until the home is chosen."""
        hx = self._hex(coord)
        if city is None and len(hx.tile.city_nodes) == 1:
            city = 0
        if city is None:
            if corp not in hx.tile_res:
                hx.tile_res.append(corp)
        else:
            self._check_city(hx, city)
            slot = self._open_slot(hx, city)
            if slot is None:
                hx.res[city].append(corp)
                hx.tokens[city].append(None)
            else:
                hx.res[city][slot] = corp
        self._changed()

    def unreserve(self, coord: str, corp: str) -> None:
        hx = self._hex(coord)
        self._drop_reservation(hx, corp)
        self._changed()

    def _drop_reservation(self, hx: _Hex, corp: str, city: Optional[int] = None) -> None:
        if corp in hx.tile_res:
            hx.tile_res.remove(corp)
        for ci, res in enumerate(hx.res):
            if city is not None and ci != city:
                continue
            for i, r in enumerate(res):
                if r == corp:
                    res[i] = None

    @staticmethod
    def _open_slot(hx: _Hex, city: int) -> Optional[int]:
        toks, res = hx.tokens[city], hx.res[city]
        for i, t in enumerate(toks):
            if t is None and res[i] is None:
                return i
        return None

    def _get_slot(self, hx: _Hex, city: int, corp: str) -> Optional[int]:
        """18xx.games City#get_slot: the corporation's reserved slot, else the first open one."""
        res = hx.res[city]
        for i, r in enumerate(res):
            if r == corp:
                return i
        return self._open_slot(hx, city)

    def available_slots(self, coord: str, city: int) -> int:
        hx = self._hex(coord)
        return sum(1 for i, t in enumerate(hx.tokens[city]) if t is None and hx.res[city][i] is None)

    def blocks(self, coord: str, city: int, corp: Optional[str]) -> bool:
        """A city blocks `corp` iff it has no empty slot, holds no token of corp, and no neutral."""
        if corp is None:
            return False
        toks = self._hexes[coord].tokens[city]
        if None in toks:                    # (a token is never equal to None)
            return False
        for t in toks:
            if t.corp == corp or t.neutral:
                return False
        return True

    def node_blocks(self, coord: str, node: int, corp: Optional[str]) -> bool:
        """Whether a route of `corp` may not pass through this node (full city, or an off-board)."""
        hx = self._hexes[coord]
        n = hx.tile.nodes[node]
        if n.kind == "offboard":
            return True
        if n.kind != "city":
            return False
        return self.blocks(coord, hx.tile.city_index(node), corp)

    def has_token(self, coord: str, corp: str, city: Optional[int] = None) -> bool:
        """Whether a marker of `corp` is in the city (or anywhere on the hex when city is None)."""
        hx = self._hex(coord)
        cities = range(len(hx.tokens)) if city is None else [city]
        return any(t is not None and t.corp == corp for c in cities for t in hx.tokens[c])

    def token_problem(self, corp: str, coord: str, city: int, token: Optional[Token] = None) -> Optional[str]:
        """Why `corp` may not place `token` (default: its own marker) here, ignoring connection."""
        hx = self._hex(coord)
        self._check_city(hx, city)
        marker = token.corp if token else corp
        neutral = bool(token and token.neutral)
        if self._get_slot(hx, city, marker) is None:
            where = f"{coord} city {city}" if len(hx.tile.city_nodes) > 1 else coord
            if all(t is not None for t in hx.tokens[city]):
                return f"{where} has no free slot"
            who = sorted({r for r in hx.res[city] if r})
            return f"the free slot in {where} is reserved for {', '.join(who)}'s home station"
        if self.has_token(coord, marker):
            if neutral:
                return f"there is already a neutral station on {coord}"
            return f"{corp} already has a station on {coord}"
        if corp in hx.res[city]:
            return None
        if hx.tile_res and corp not in hx.tile_res and not hx.printed \
                and self.title_data.get("tile_reservation_blocks") == "always":
            # 18xx.games TILE_RESERVATION_BLOCKS_OTHERS = :always: on a laid tile a home
            # reserved for the hex closes every city to others until that home is placed
            who = ", ".join(hx.tile_res)
            return f"{coord} is reserved for {who}'s home station"
        if hx.tile_res:
            others = sum(1 for x in hx.tile_res if x != corp)
            avail = sum(1 for c in range(len(hx.tokens)) for i, t in enumerate(hx.tokens[c])
                        if t is None and hx.res[c][i] is None)
            if others >= avail:
                who = ", ".join(x for x in hx.tile_res if x != corp)
                return f"the last free slot on {coord} is reserved for {who}'s home station"
        return None

    def check_token(self, corp: str, coord: str, city: int, *, need_connection: bool = True,
                    token: Optional[Token] = None) -> None:
        """Raise RuleError unless `corp` may place `token` (default its own marker) in the city:
        a free slot not reserved for someone else, no marker of the same owner on the hex
        (a neutral station may join the corporation's own; only one neutral per hex), and, if
        need_connection, the city reachable by the corporation's track."""
        problem = self.token_problem(corp, coord, city, token)
        if problem:
            raise RuleError(problem, rule="station placement",
                            legal=[f"{c} city {i}" for c, i in self.tokenable_cities(corp, token=token)][:20])
        if need_connection:
            from pbem.engine.graph import reach

            node = self.city_node(coord, city)
            if (coord, node) not in reach(self, corp).nodes:
                raise RuleError(f"{corp} cannot reach {coord}" + (f" city {city}" if self.city_count(coord) > 1 else "")
                                + " along its track", rule="a new station must be connected to the corporation's network",
                                legal=[f"{c} city {i}" for c, i in reach(self, corp).tokenable_cities][:20])

    def tokenable_cities(self, corp: str, *, token: Optional[Token] = None,
                         connected: bool = True) -> list[tuple[str, int]]:
        """Cities where `corp` could place `token` now (connected: reachable by its track)."""
        if connected:
            from pbem.engine.graph import reach

            nodes = sorted(reach(self, corp).nodes)
            cand = [(c, self._hexes[c].tile.city_index(n)) for c, n in nodes
                    if self._hexes[c].tile.nodes[n].kind == "city"]
        else:
            cand = [(c, i) for c, hx in self._hexes.items() for i in range(len(hx.tile.city_nodes))]
        return [(c, i) for c, i in cand if self.token_problem(corp, c, i, token) is None]

    def has_tokenable_city(self, corp: str, *, token: Optional[Token] = None) -> bool:
        """Whether `tokenable_cities(corp, token=token)` names any city (asked without listing them)."""
        from pbem.engine.graph import reach

        hexes = self._hexes
        for c, n in reach(self, corp).nodes:
            tile = hexes[c].tile
            if tile.nodes[n].kind == "city" and self.token_problem(corp, c, tile.city_index(n), token) is None:
                return True
        return False

    def place_token(self, coord: str, city: int, token: Token, slot: Optional[int] = None) -> int:
        """Put `token` in the city and return its slot: with `slot`, in that slot (replacing what
        is there: a home replacing a neutral station); else the marker owner's reserved slot, else the
        first empty unreserved slot. Removes the placing corporation's reservations on the hex."""
        hx = self._hex(coord)
        self._check_city(hx, city)
        toks = hx.tokens[city]
        if slot is not None:
            if not 0 <= slot < len(toks):
                raise RuleError(f"{coord} city {city} has {len(toks)} slots; there is no slot {slot}",
                                rule="station placement")
        else:
            slot = self._get_slot(hx, city, token.corp)
            if slot is not None and toks[slot] is not None:
                slot = self._open_slot(hx, city)
            if slot is None:
                raise RuleError(f"{coord} has no free slot for {token.laid_by}'s station", rule="station placement")
        toks[slot] = token
        hx.res[city][slot] = None
        if token.laid_by in hx.tile_res:
            hx.tile_res.remove(token.laid_by)
        self._drop_reservation(hx, token.laid_by, city)
        self._changed(coord=coord, corps=(token.corp, token.laid_by))
        return slot

    def remove_token(self, coord: str, city: int, slot: int) -> Token:
        hx = self._hex(coord)
        self._check_city(hx, city)
        toks = hx.tokens[city]
        if not 0 <= slot < len(toks) or toks[slot] is None:
            raise RuleError(f"there is no station in slot {slot} of {coord} city {city}", rule="station placement")
        t = toks[slot]
        toks[slot] = None
        self._changed(coord=coord, corps=(t.corp, t.laid_by))
        return t

    def token_locations(self) -> Iterator[tuple[str, int, int, Token]]:
        """(coord, city, slot, token) for every token on the map."""
        return iter(self._token_index())

    def _token_index(self) -> tuple:
        """Every token on the map as `token_locations` yields them, kept until the board changes
        (every change of a slot tells the board: `_changed`)."""
        found = self._cache.get("tokens")
        if found is None:
            out = []
            for c, hx in self._hexes.items():
                if hx.tokens:
                    for ci, toks in enumerate(hx.tokens):
                        for si, t in enumerate(toks):
                            if t is not None:
                                out.append((c, ci, si, t))
            found = self._cache["tokens"] = tuple(out)
        return found

    def all_tokens(self) -> list[Token]:
        return [t for _, _, _, t in self._token_index()]

    def tokens_of(self, corp: str) -> list[tuple[str, int, int]]:
        """(coord, city, slot) of every marker of `corp` (a neutral station counts as its neutral corporation's marker)."""
        return [(c, ci, si) for c, ci, si, t in self._token_index() if t.corp == corp]

    def tokens_laid_by(self, corp: str) -> list[tuple[str, int, int, Token]]:
        return [x for x in self._token_index() if x[3].laid_by == corp]

    def cities_with_free_slot(self) -> list[tuple[str, int]]:
        return [(c, ci) for c, hx in self._hexes.items() for ci in range(len(hx.tokens))
                if self._open_slot(hx, ci) is not None]

    def token_cities(self, corp: str) -> list[tuple[str, int]]:
        """(coord, node) of cities holding a marker of `corp` (where its network starts)."""
        out = []
        for c, ci, _ in self.tokens_of(corp):
            out.append((c, self._hexes[c].tile.city_nodes[ci]))
        return sorted(set(out))

