"""1861: Runs: two-part distances with multipliers, private hex bonuses and the Ekaterinburg-Moscow
bonus; a route may not visit the same hex twice."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine import abilities as AB
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class Routes1861:
    """Mixed into Rules1861 (pbem/titles/g1861.py)."""

    one_stop_per_hex = True       # the rule `check_resolved_routes` checks, told to the route search

    def train_distance(self, g: "Game", corp: "Corporation", train):
        return self.distance(g, corp, train)

    def check_resolved_routes(self, g: "Game", corp: "Corporation", resolved) -> None:
        """A route may not visit the same hex twice."""
        for r in resolved:
            hexes = [c for c, _ in r.stops]
            if len(set(r.hexes)) != len(r.hexes) or len(set(hexes)) != len(hexes):
                raise RuleError(f"the {r.train} train's route visits a hex twice", rule="no hex twice")

    def distance(self, g: "Game", corp: "Corporation", train):
        """The train's two-part distance, with its multiplier and the corporation's route bonuses."""
        from pbem.titles.family1867.distance import TwoPartDistance

        spec = next(t for t in self.data["trains"] if t["name"] == train.name)
        mult = spec.get("multiplier") or 1
        return TwoPartDistance(train.distance, mult, bonus=self.route_bonus_of(corp), bonus_hexes=self.bonus_hexes(),
                               bonus_bound=self.route_bonus_bound(corp, mult), bonus_monotone=True)

    def bonus_hexes(self) -> frozenset:
        """Every hex a route bonus or a private's hex bonus names."""
        named = {h for rb in self.data.get("route_bonuses") or [] for h in rb["hexes"]}
        named |= {h for _sym, ab in AB.holders(self.data, "hex_bonus") for h in ab.hexes}
        return frozenset(named)

    def route_bonus_bound(self, corp: "Corporation", multiplier: int) -> int:
        """The most `route_bonus_of` can give one route of the corporation (every bonus at once)."""
        bound = sum(ab.amount * len(ab.hexes) for sym in corp.companies for ab in AB.of(self.data, sym, "hex_bonus"))
        for rb in self.data.get("route_bonuses") or []:
            bound += rb["amount"] * (multiplier if rb.get("times_multiplier") else 1)
        return bound

    def route_bonus_of(self, corp: "Corporation"):
        """The corporation's route bonus as a function of (stops, multiplier): its private companies'
        hex bonuses (once per hex) and the Ekaterinburg-Moscow bonus (times the train's multiplier),
        the companies' abilities looked up once. Each only adds for hexes the route stops at."""
        per_hex: dict[str, int] = {}
        for sym in corp.companies:
            for ab in AB.of(self.data, sym, "hex_bonus"):
                for h in ab.hexes:
                    per_hex[h] = per_hex.get(h, 0) + ab.amount
        routes = [(rb["hexes"], rb["amount"], rb.get("times_multiplier")) for rb in self.data.get("route_bonuses") or []]

        named_hexes = frozenset(per_hex) | {h for named, _a, _t in routes for h in named}

        def bonus(stops, multiplier: int = 1) -> int:
            hexes = {c for c, _ in stops if c in named_hexes}
            if not hexes:
                return 0
            total = sum(per_hex.get(h, 0) for h in hexes)
            for named, amount, times in routes:
                if all(h in hexes for h in named):
                    total += amount * (multiplier if times else 1)
            return total

        return bonus
