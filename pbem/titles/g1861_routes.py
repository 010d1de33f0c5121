"""1861: Runs: two-part distances with multipliers, private hex bonuses and the Ekaterinburg-Moscow
bonus; a route may not visit the same hex twice."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine import actions as A
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class Routes1861:
    """Mixed into Rules1861 (pbem/titles/g1861.py)."""

    def run_routes(self, g: "Game", corp: "Corporation", action: A.RunRoutes):
        """Two-part distances and multipliers; a route may not visit the same hex twice."""
        from pbem.engine.routes import check_routes

        counts: dict[str, int] = {}
        for r in action.routes:
            counts[r.train] = counts.get(r.train, 0) + 1
        for name, n in counts.items():
            have = sum(1 for t in corp.trains if t.name == name and not t.operated)
            if n > have:
                raise RuleError(f"{corp.sym} has {have} unrun {name} train(s), the run names {n}",
                                rule="each train runs once per operating round")
        dist = {t.name: self.distance(g, corp, t) for t in corp.trains}
        resolved = check_routes(g.board, corp.sym, list(action.routes), dist, g.tile_colors)
        for r in resolved:
            hexes = [c for c, _ in r.stops]
            if len(set(r.hexes)) != len(r.hexes) or len(set(hexes)) != len(hexes):
                raise RuleError(f"the {r.train} train's route visits a hex twice", rule="no hex twice")
        for r in action.routes:
            t = next(t for t in corp.trains if t.name == r.train and not t.operated)
            t.operated = True
        corp.last_routes = list(resolved)
        return sum(r.revenue for r in resolved), resolved

    def suggest_runs(self, g: "Game", corp: "Corporation"):
        """The standard search, counting the scoring stops as the distance; each suggestion is kept
        only if the 1861 route check accepts it, with the revenue that check computes."""
        from dataclasses import replace

        from pbem.engine.autoroute import suggest_routes
        from pbem.engine.routes import check_routes

        trains = [(t.name, next((grp["pay"] for grp in t.distance if grp["pay"]), 0))
                  for t in corp.trains if not t.operated]
        out = []
        for r in suggest_routes(g.board, corp.sym, trains, g.tile_colors):
            t = next(t for t in corp.trains if t.name == r.train)
            try:
                res = check_routes(g.board, corp.sym, [replace(r, revenue=None)], {t.name: self.distance(g, corp, t)},
                                   g.tile_colors)
            except RuleError:
                continue
            hexes = [c for c, _ in res[0].stops]
            if len(set(hexes)) == len(hexes):
                out.append(replace(r, revenue=res[0].revenue))
        return out

    def distance(self, g: "Game", corp: "Corporation", train):
        """The train's two-part distance, with its multiplier and the corporation's route bonuses."""
        from pbem.engine.routes import TwoPartDistance

        spec = next(t for t in self.data["trains"] if t["name"] == train.name)
        return TwoPartDistance(train.distance, spec.get("multiplier") or 1,
                               bonus=lambda stops, mult: self.route_bonus_for(g, corp, stops, mult))

    def route_bonus_for(self, g: "Game", corp: "Corporation", stops, multiplier: int = 1) -> int:
        """Private hex bonuses of the corporation's companies (once per hex), and the
        Ekaterinburg-Moscow bonus (times the train's multiplier)."""
        hexes = {c for c, _ in stops}
        bonus = 0
        for sym in corp.companies:
            for ab in next(c for c in self.data["companies"] if c["sym"] == sym).get("abilities") or []:
                if ab.get("type") == "hex_bonus":
                    bonus += sum(ab["amount"] for h in ab["hexes"] if h in hexes)
        for rb in self.data.get("route_bonuses") or []:
            if all(h in hexes for h in rb["hexes"]):
                bonus += rb["amount"] * (multiplier if rb.get("times_multiplier") else 1)
        return bonus
