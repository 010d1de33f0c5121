"""The steps of a corporation's operating turn: home station, track, token, run, dividend,
discard, trains (`trains.py`), privates, and the privates' abilities. Each offers its kinds
(`offered`), lists them (`moves_<kind>`), checks them (`check_<kind>`, the same predicates as
the listing) and applies them (`apply_<kind>`, the rule itself: `Track.lay`, `Token.place`,
`Route.run`, `Dividend.pay`, `BuyTrain.buy`, `BuyCompany.buy`), re-checking what it applies
before changing anything. A title changes a rule by subclassing the step.

The round (`OperatingRound`) walks them in order; a round subclass declares other steps
(`step_classes`) and may vary `step_actions(name)` for a rule over the whole turn: the steps read
what they offer through it, so such an override still governs."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A
from pbem.engine.board import Token as BoardToken
from pbem.engine.graph import route_available
from pbem.engine.routes import check_routes
from pbem.engine.step import LegalMove, Step
from pbem.engine.steps.interrupts import DiscardTrain, place_station
from pbem.engine.steps.trains import BuyTrain
from pbem.engine.steps.turn import TurnStep
from pbem.errors import RuleError

__all__ = ["Abilities", "BuyCompany", "BuyTrain", "Discard", "Dividend", "HomeStation", "Route", "STANDARD", "Token",
           "Track", "TurnStep"]

MAX_TILE_LAYS = 400


class HomeStation(Step):
    """A station to place now: a home station whose city the corporation chooses, or one a tile lay lifted."""

    name = "home"
    checked_on_apply = frozenset({"place_token"})       # the place is checked as it is made
    interrupts = True
    takes_company_purchase = True

    def blocks(self) -> bool:
        return bool(self.round.turn.pending_home)

    def entity(self) -> Optional[str]:
        return self.round.turn.pending_home[0][3]

    def offered(self) -> list[str]:
        return ["place_token"]

    def actions(self, entity: str) -> list[str]:
        return self.round.step_actions(self.name) if entity == self.entity() else []

    def moves_place_token(self, ent: str) -> list[LegalMove]:
        g = self.game
        sym, hexes, _lifted, _actor = self.round.turn.pending_home[0]
        return [LegalMove(A.PlaceToken(ent, h, ci)) for h in hexes for ci in range(g.board.city_count(h))
                if g.board.token_problem(sym, h, ci) is None]

    def check(self, action: A.Action) -> None:
        ent = self.entity()
        if action.entity != ent or not isinstance(action, A.PlaceToken):
            raise RuleError(f"{ent} must first place its station token", rule="home token", legal=["place_token"])

    def apply_place_token(self, action: A.PlaceToken) -> None:
        g = self.game
        sym, hexes, lifted, _actor = self.round.turn.pending_home[0]
        place_station(g, g.corporations[sym], action, hexes, lifted)
        self.round.turn.pending_home.pop(0)


class Discard(DiscardTrain):
    """A corporation over its train limit discards (in its own or another's turn)."""

    name = "discard"
    interrupts = True
    refusal = "{corp} is over its train limit and must discard a train first"

    def offered(self) -> list[str]:
        return ["discard_train"]

    def actions(self, entity: str) -> list[str]:
        return self.round.step_actions(self.name) if entity == self.entity() else []


class Track(TurnStep):
    name = "track"
    optional = True
    handles = (A.LayTile, A.Pass)

    def offered(self) -> list[str]:
        return ["lay_tile", "pass"] if self.round.can_lay_tile(self.corp) else []

    def lay_problem(self, action: A.LayTile) -> Optional[tuple[str, str]]:
        """(reason, rule) why the lay may not be made now, or None: the check and the listing."""
        return self.lay_quote(action)[0]

    def lay_quote(self, action: A.LayTile) -> tuple[Optional[tuple[str, str]], int]:
        """(why not, or None; what the lay costs)."""
        g, rnd, corp = self.game, self.round, self.corp
        slot = rnd.tile_lay_slot()
        if slot is None:
            return (f"{corp.sym} has no tile lay left this turn", "tile lays per turn"), 0
        blocked = g.title.lay_blocked(g, action.hex, slot, rnd)
        if blocked and not g.loading:
            return blocked, 0
        if g.title.catalogue.get(action.tile) is None:
            return (f"there is no tile {action.tile} in {g.title.name}", "tile manifest"), 0
        upgrade = g.board.tile_def(action.hex)[0].color != "white"
        if upgrade and not slot.get("upgrade"):
            return (f"{corp.sym} may not upgrade now (second lay is yellow only, and not after an upgrade)",
                    "one upgrade or two yellow lays"), 0
        if not upgrade and not slot.get("lay"):
            return (f"{corp.sym} may not lay another yellow tile after an upgrade", "one upgrade or two yellow lays"), 0
        try:
            quote = g.board.check_lay(corp.sym, action.hex, action.tile, action.rotation, g.tile_colors,
                                      check_connection=not g.loading)
        except RuleError as e:
            return (str(e), e.rule), 0
        cost = self.terrain_cost(action, quote) + slot.get("cost", 0)
        if cost > rnd.track_funds(corp):
            return (f"laying {action.tile} on {action.hex} costs ${cost}; {corp.sym} has ${corp.cash}",
                    "track costs are paid from the treasury"), cost
        return None, cost

    def terrain_cost(self, action: A.LayTile, quote) -> int:
        """What the lay's terrain and borders cost the corporation (a title's step may waive
        part of it for a lay made with a private's power)."""
        return quote.cost_terrain + quote.cost_borders

    def moves_lay_tile(self, ent: str) -> list[LegalMove]:
        g, rnd = self.game, self.round
        out: list[LegalMove] = []
        slot = rnd.tile_lay_slot()
        if slot is None:
            return out
        for coord, tile, rots in g.board.legal_lays(ent, g.tile_colors):
            if g.title.lay_blocked(g, coord, slot, rnd):
                continue
            for r in rots:
                action = A.LayTile(ent, coord, tile, r)
                why, cost = self.lay_quote(action)
                if why is not None:
                    continue
                out.append(LegalMove(action, f"{g.money(cost)}" if cost else ""))
                if len(out) >= MAX_TILE_LAYS:
                    return out
        return out

    def check_lay_tile(self, action: A.LayTile) -> None:
        self._offered("lay_tile", action)
        why = self.lay_problem(action)
        if why is not None:
            raise RuleError(why[0], rule=why[1], legal=self.round.legal(self.corp.sym))

    def apply_lay_tile(self, action: A.LayTile) -> None:
        rnd = self.round
        self.lay(action, rnd.tile_lay_slot())
        rnd.turn.lays += 1
        if not rnd.can_lay_tile(self.corp):
            rnd.turn.passed.add(self.name)

    def lay(self, action: A.LayTile, slot: Optional[dict], *, extra: bool = False, connection: bool = True) -> None:
        """The track rule: lay or upgrade a tile for the operating corporation with the turn's lay
        `slot` (`extra`: a private's lay besides the turn's, its slot cost not paid;
        `connection`: False for a private's lay that needs no track connection), paying terrain
        from the treasury; a station the new tile lifts is put back where the corporation says."""
        g, rnd, corp = self.game, self.round, self.corp
        if slot is None:
            raise RuleError(f"{corp.sym} has no tile lay left this turn", rule="tile lays per turn")
        blocked = g.title.lay_blocked(g, action.hex, slot, rnd)
        if blocked and not g.loading:
            raise RuleError(blocked[0], rule=blocked[1])
        upgrade = g.board.tile(action.hex).color != "white"
        if g.title.catalogue.get(action.tile) is None:
            raise RuleError(f"there is no tile {action.tile} in {g.title.name}", rule="tile manifest")
        if upgrade and not slot.get("upgrade"):
            raise RuleError(f"{corp.sym} may not upgrade now (second lay is yellow only, and not after an upgrade)",
                            rule="one upgrade or two yellow lays")
        if not upgrade and not slot.get("lay"):
            raise RuleError(f"{corp.sym} may not lay another yellow tile after an upgrade",
                            rule="one upgrade or two yellow lays")
        quote = g.board.check_lay(corp.sym, action.hex, action.tile, action.rotation, g.tile_colors,
                                  check_connection=connection and not g.loading)
        cost = self.terrain_cost(action, quote) + (0 if extra else slot.get("cost", 0))
        if cost > corp.cash:
            raise RuleError(f"laying {action.tile} on {action.hex} costs ${cost}; {corp.sym} has ${corp.cash}",
                            rule="track costs are paid from the treasury")
        result = g.board.lay(action.hex, action.tile, action.rotation)
        g.pay_to_bank(corp.sym, cost)
        if upgrade and not extra:
            rnd.turn.upgraded = True
        rnd.turn.laid_hexes.append(action.hex)
        g.last_move_hexes.append(action.hex)
        for tok in result.lifted_tokens:
            # a lifted station is put back, in the city the operating corporation chooses (as in
            # 18xx.games); it does not use up a new charter token
            rnd.turn.pending_home.append((tok.corp, [action.hex], tok, corp.sym))
        g.title.after_tile_laid(g, corp, action, result)


class Token(TurnStep):
    name = "token"
    optional = True
    handles = (A.PlaceToken, A.Pass)

    def offered(self) -> list[str]:
        return ["place_token", "pass"] if self.can_place() else []

    def can_place(self) -> bool:
        """Whether the corporation may place a station this turn: none placed yet, a station
        left that it (or a private's station ability) can pay for, and a city to put it in."""
        g, corp = self.game, self.corp
        if self.round.turn.tokened:
            return False
        prices = [t.price for t in corp.tokens if not t.used] + self.ability_prices()
        if not any(not t.used for t in corp.tokens) or min(prices) > corp.cash:
            return False
        return any(g.board.has_tokenable_city(corp.sym, token=tok) for tok in self.marker_kinds(corp))

    def ability_prices(self) -> list[int]:
        """Station prices offered by privates the corporation owns (18xx.games counts them when
        deciding whether the station step is worth offering); none by default."""
        return []

    def marker_kinds(self, corp) -> list[BoardToken]:
        """One marker per kind of unused station on the charter (own, neutral), as placed on the map."""
        out = []
        if corp.next_token() is not None:
            out.append(BoardToken(corp.sym, corp.sym, False))
        if any(t.neutral and not t.used for t in corp.tokens):
            out.append(BoardToken(self.game.title.neutral_owner, corp.sym, True))
        return out

    #: the rule a station's price comes from, named when the corporation cannot pay it
    price_rule = "station costs"

    def station_price(self, corp, coord: str) -> int:
        """What the corporation's next station costs in `coord`: its printed price (a title's
        step may price it by place or distance)."""
        return corp.next_token().price

    def moves_place_token(self, ent: str) -> list[LegalMove]:
        g = self.game
        corp = g.corporations[ent]
        out = []
        for tok in self.marker_kinds(corp):
            for h, ci in g.board.tokenable_cities(ent, token=tok):
                price = 0 if tok.neutral else self.station_price(corp, h)
                if price <= corp.cash:
                    out.append(LegalMove(A.PlaceToken(ent, h, ci, neutral=tok.neutral), f"{g.money(price)}"))
        return out

    def check_place_token(self, action: A.PlaceToken) -> None:
        self._offered("place_token", action)
        self.station(action)

    def apply_place_token(self, action: A.PlaceToken) -> None:
        self.place(action)
        self.round.turn.tokened = True
        self.round.turn.passed.add(self.name)

    def station(self, action: A.PlaceToken) -> tuple:
        """The station rule, changing nothing: the corporation's next station, at its printed
        price, in a city its track reaches with a free slot (the board's check); (the charter's
        station used, its price, the marker put on the map), or RuleError."""
        g, corp = self.game, self.corp
        tok = corp.next_token()
        if tok is None:
            raise RuleError(f"{corp.sym} has no station tokens left", rule="station tokens")
        price = self.station_price(corp, action.hex)
        if price > corp.cash:
            raise RuleError(f"a {corp.sym} station in {action.hex} costs {g.money(price)}; it has {g.money(corp.cash)}",
                            rule=self.price_rule)
        g.board.check_token(corp.sym, action.hex, action.city, need_connection=not g.loading)
        return tok, price, BoardToken(corp.sym, corp.sym, False)

    def place(self, action: A.PlaceToken) -> None:
        """Place the station `station` allows and pay for it."""
        g, corp = self.game, self.corp
        tok, price, marker = self.station(action)
        g.board.place_token(action.hex, action.city, marker)
        tok.used = True
        g.pay_to_bank(corp.sym, price)
        g.last_move_hexes.append(action.hex)


class Route(TurnStep):
    name = "route"
    handles = (A.RunRoutes,)
    checked_on_apply = frozenset({"run_routes"})

    def offered(self) -> list[str]:
        """A run while the corporation has a train that has not run this round (a train received
        after it ran elsewhere, as a national taking the trains of a company nationalised after
        it ran, does not run again: 18xx.games' `Route#actions` asks for `route_trains`, the
        trains not operated)."""
        g, corp = self.game, self.corp
        unrun = any(not t.operated for t in corp.trains)
        return ["run_routes"] if unrun and route_available(g.board, corp.sym) else []

    def moves_run_routes(self, ent: str) -> list[LegalMove]:
        from pbem.engine.best_run import best_run
        from pbem.engine.run_duty import decline_refusal

        g = self.game
        corp = g.corporations[ent]
        found = best_run(g, corp)
        proven = "the best run" if found.proven else "the best run found (not proven the best)"
        out = [LegalMove(A.RunRoutes(ent, found.routes),
                         f"{proven}, for {g.money(found.revenue)}; any legal run may be named")]
        if decline_refusal(g, corp, found) is None:
            out.append(LegalMove(A.RunRoutes(ent, ()), f"not running: revenue {g.money(0)}"))
        return out

    def check_run_routes(self, action: A.RunRoutes) -> None:
        from pbem.engine.run_duty import check_decline

        self._offered("run_routes", action)
        if not action.routes:
            check_decline(self.game, self.corp)

    def apply_run_routes(self, action: A.RunRoutes) -> None:
        from pbem.engine.run_duty import note_decline

        turn = self.round.turn
        unrun = tuple(t.name for t in self.corp.trains if not t.operated)
        turn.revenue, turn.routes = self.run(action)
        if not action.routes:
            note_decline(self.game, self.corp, unrun)
        turn.passed.add(self.name)

    def run(self, action: A.RunRoutes) -> tuple[int, list]:
        """The run rule: each train runs once per operating round, every route checked on the
        map with the title's reach, bonuses and constraints (its hooks `train_distance`,
        `route_bonus`, `check_resolved_routes`); (revenue, the routes as the game resolved them)."""
        g, corp, title = self.game, self.corp, self.game.title
        counts: dict[str, int] = {}
        for r in action.routes:
            counts[r.train] = counts.get(r.train, 0) + 1
        for name, n in counts.items():
            have = sum(1 for t in corp.trains if t.name == name and not t.operated)
            if n > have:
                raise RuleError(f"{corp.sym} has {have} unrun {name} train(s), the run names {n}",
                                rule="each train runs once per operating round")
        dist = {t.name: title.train_distance(g, corp, t) for t in corp.trains}
        resolved = check_routes(g.board, corp.sym, list(action.routes), dist,
                                g.tile_colors, lambda stops: title.route_bonus(g, corp, stops))
        title.check_resolved_routes(g, corp, resolved)
        revenue = sum(r.revenue for r in resolved)
        if action.routes:
            from pbem.engine.run_duty import check_run_revenue
            worth = revenue        # as the best-run search counts a run: with what the title adds to it
            if title.run_bonus_bound(g, corp) is not None:
                worth += title.run_bonus(g, corp, resolved)
            check_run_revenue(g, corp, tuple(t.name for t in corp.trains if not t.operated), worth)
        for r in action.routes:
            t = next(t for t in corp.trains if t.name == r.train and not t.operated)
            t.operated = True
        corp.last_routes = list(resolved)     # kept after the turn for the map's route overlay
        g.last_run = (corp.sym, list(resolved))
        return revenue, resolved


class Dividend(TurnStep):
    name = "dividend"
    handles = (A.Dividend,)
    notes = {"payout": "{} to shareholders", "withhold": "{} to the treasury", "half": "half of {} paid out"}

    def offered(self) -> list[str]:
        return ["dividend"] if self.round.turn.revenue > 0 else []

    def moves_dividend(self, ent: str) -> list[LegalMove]:
        rev, g = self.round.turn.revenue, self.game
        return [LegalMove(A.Dividend(ent, kind), self.notes.get(kind, "{}").format(g.money(rev)))
                for kind in self.round.dividend_kinds]

    def check_dividend(self, action: A.Dividend) -> None:
        self._offered("dividend", action)
        kinds = self.round.dividend_kinds
        if action.kind not in kinds:
            raise RuleError(f"'{action.kind}' is not a dividend choice here: {' or '.join(kinds)}", rule="dividends",
                            legal=self.round.legal(self.corp.sym))

    def apply_dividend(self, action: A.Dividend) -> None:
        turn = self.round.turn
        self.pay(action.kind, turn.revenue)
        turn.passed.add(self.name)
        turn.passed.add("route")

    def pay(self, kind: str, revenue: int) -> None:
        """The dividend rule: the turn's revenue paid out to the shareholders (the price moves
        right) or withheld in the treasury (left; so is no revenue). A title's own rule is a
        subclass of this step."""
        g, corp = self.game, self.corp
        corp.last_revenue = revenue
        if kind not in ("payout", "withhold"):
            raise RuleError(f"'{kind}' is not a dividend choice here: pay out or withhold", rule="dividends")
        if kind == "withhold" or revenue <= 0:
            g.pay_from_bank(corp.sym, revenue)
            g.market.move_left(corp.sym)
        else:
            g.title.pay_shareholders(g, corp, revenue)
            g.market.move_right(corp.sym)
        for t in corp.trains:
            t.operated = True


class BuyCompany(TurnStep):
    name = "buy_company"
    handles = (A.Pass,)

    def offered(self) -> list[str]:
        g, rnd, corp = self.game, self.round, self.corp
        if rnd.can_buy_company(corp):
            return ["buy_company", "pass"]
        # a corporation holding a private with an unused ability is asked before its turn ends
        return ["pass"] if g.title.has_active_ability(g, corp) else []

    def moves_buy_company(self, ent: str) -> list[LegalMove]:
        g = self.game
        corp = g.corporations[ent]
        out = []
        for c in g.title.purchasable_companies(g, corp):
            lo, hi = g.title.company_price_range(g, c)
            if self.company_problem(A.BuyCompany(ent, c.sym, lo)) is None:
                out.append(LegalMove(A.BuyCompany(ent, c.sym, lo), f"{g.money(lo)} to {g.money(min(hi, corp.cash))}"))
        return out

    def company_problem(self, action: A.BuyCompany) -> Optional[tuple[str, str]]:
        """(reason, rule) why the corporation may not buy the private at that price, or None."""
        g, corp = self.game, self.corp
        comp = g.companies.get(action.company)
        if comp is None or comp not in g.title.purchasable_companies(g, corp):
            return f"{corp.sym} cannot buy {action.company}", "buying privates"
        lo, hi = g.title.company_price_range(g, comp)
        if not lo <= action.price <= hi:
            return (f"{comp.sym} may be bought for {g.money(lo)} to {g.money(hi)}, not {g.money(action.price)}",
                    g.title.company_price_rule)
        if action.price > corp.cash:
            return f"{corp.sym} has only {g.money(corp.cash)}", "buying privates"
        return None

    def check_buy_company(self, action: A.BuyCompany) -> None:
        legal = self.round.legal(self.corp.sym)
        if "buy_company" not in legal:
            raise RuleError(f"{self.corp.sym} may not buy a private company now", rule="buying privates (phase 3+)",
                            legal=legal)
        why = self.company_problem(action)
        if why is not None:
            raise RuleError(why[0], rule=why[1], legal=legal)

    def apply_buy_company(self, action: A.BuyCompany) -> None:
        self.buy(action)

    def buy(self, action: A.BuyCompany) -> None:
        """The private purchase rule: from its owning player, at a price the title allows, paid
        from the treasury; the private's paper and abilities follow (`give_company`)."""
        g, corp = self.game, self.corp
        why = self.company_problem(action)
        if why is not None:
            raise RuleError(why[0], rule=why[1])
        comp = g.companies[action.company]
        seller = comp.owner
        corp.cash -= action.price
        g.players[seller].cash += action.price
        g.give_company(comp, corp.sym, True)
        g.title.after_company_sold(g, corp, comp)


class Abilities(Step):
    """A private's ability, used for the corporation that owns it at any point of its turn (not
    a step of the turn's order: the round sends it every private's action). None by default; a
    title whose privates act in the operating round subclasses it (`use`)."""

    name = "ability"

    def blocks(self) -> bool:
        return False

    def check(self, action: A.Action) -> None:
        """The ability's rule is checked as it is used (`use` changes nothing before it refuses)."""

    def answers(self, action: A.Action) -> bool:
        return False

    def apply(self, action: A.Action) -> None:
        self.use(action)

    def use(self, action: A.Action) -> None:
        """Carry out the private's action for its owning corporation, or raise RuleError."""
        raise RuleError(f"{action.entity} has no ability usable now", rule="private company abilities")


#: the standard operating turn, in order
STANDARD = (HomeStation, Track, Token, Route, Dividend, Discard, BuyTrain, BuyCompany)
