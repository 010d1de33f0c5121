"""1861: The Russian State Railway and nationalisation: the national's automatic turn, its stations,
and what happens to a corporation it takes over; a trainless major's choice."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.errors import RuleError
from pbem.titles.g1861.state import state

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class National1861:
    """Mixed into Rules1861 (pbem/titles/g1861.py)."""

    def has_train_limit(self, g: "Game", corp: "Corporation") -> bool:
        """The national never discards: no train limit binds it (18xx.games keeps it out of the
        corporations it checks), so trains it takes over before phase 4 stay on its charter."""
        return corp.sym != state(g).national

    def nationalize(self, g: "Game", corp: "Corporation") -> None:
        """The national takes over: loans are repaid where cash allows, the price drops one step plus
        one per loan left, the shareholders are paid the new price per share (a minor's certificate
        counts two shares), the national takes trains, privates and cash and replaces stations (at
        most one per hex, keeping tokens for its St Petersburg and Moscow reservations); a minor
        closes, a major is reset."""
        spec = self.data["loans"]
        national = g.corporations[state(g).national]
        g.log.append(f"{corp.sym} is nationalised")
        while corp.loans and corp.cash >= spec["value"]:
            g.pay_to_bank(corp.sym, spec["value"])
            corp.loans -= 1
            state(g).loans_left += 1
        g.market.move_left(corp.sym)
        for _ in range(corp.loans):
            g.market.move_left(corp.sym)
        for sym in list(corp.companies):
            g.give_company(g.companies[sym], national.sym, True)
        for t in list(corp.trains):
            corp.trains.remove(t)
            t.owner = national.sym
            national.trains.append(t)
        national.cash += corp.cash
        corp.cash = 0
        price = g.market.price(corp.sym) or 0
        for pid in g.priority_order:
            pct = corp.percent_of(pid)
            if pct:
                shares = 2 if corp.kind == "minor" else pct // 10
                g.pay_from_bank(pid, shares * price)
        locs = g.board.tokens_of(corp.sym)

        def key(loc):
            coord, city, _ = loc
            node = g.board._hexes[coord].tile.nodes[g.board.city_node(coord, city)]
            return (node.max_revenue, coord)

        for coord, city, slot in sorted(locs, key=key, reverse=True):
            g.board.remove_token(coord, city, slot)
            if any(t is not None and t.corp == national.sym
                   for ci in range(g.board.city_count(coord)) for t in g.board.slots(coord, ci)):
                continue
            free = [t for t in national.tokens if not t.used]
            if not free:
                continue
            g.board.unreserve(coord, national.sym)
            if coord in state(g).national_reservations:
                state(g).national_reservations.remove(coord)
            elif len(free) == len(state(g).national_reservations):
                continue
            g.board.place_token(coord, city, Token(national.sym, national.sym, False), slot)
            free[0].used = True
        if corp.kind == "minor":
            self.close_corporation(g, corp)
        else:
            self.reset_major(g, corp)

    def reset_major(self, g: "Game", corp: "Corporation") -> None:
        """A nationalised major goes back to the unstarted pile: shares to its IPO, privates closed,
        no price, no cash, trains or loans, a fresh charter of stations."""
        from pbem.engine.entities import TokenSpec

        for sym in list(corp.companies):
            g.close_company(g.companies[sym])
        g.market.remove(corp.sym)
        spec = next(c for c in self.data["corporations"] if c["sym"] == corp.sym)
        corp.certificates.reset("ipo")
        corp.president = None
        corp.par_price = None
        corp.ipoed = corp.floated = corp.operated = False
        corp.cash = 0
        corp.loans = 0
        corp.trains = []
        corp.tokens = [TokenSpec(price=p) for p in spec["tokens"]]

    def start_operating(self, g: "Game", corp: "Corporation", rnd) -> None:
        corp.last_routes = []
        if corp.kind == "national":
            self.place_national_home(g, corp)

    def place_national_home(self, g: "Game", national: "Corporation") -> None:
        """When it first operates the national takes its St Petersburg station (city 1 of E1), unless it
        already has one there."""
        home = national.home
        if home not in state(g).national_reservations:
            return
        if any(t is not None and t.corp == national.sym
               for ci in range(g.board.city_count(home)) for t in g.board.slots(home, ci)):
            return
        free = [t for t in national.tokens if not t.used]
        if not free:
            return
        state(g).national_reservations.remove(home)
        slots = g.board.slots(home, national.home_city)
        slot = next((i for i, t in enumerate(slots) if t is None), None)
        g.board.place_token(home, national.home_city, Token(national.sym, national.sym, False), slot)
        free[0].used = True

    def national_buys_trains(self, g: "Game", national: "Corporation", rnd) -> None:
        """The national buys the cheapest train if it has none (taking loans), then the next train
        while it can pay for it."""
        if not national.trains:
            avail = g.depot.available(g.phase_names)
            if avail:
                train = min(avail, key=lambda t: t.price)
                self.raise_cash(g, national, train.price)
                g.buy_train_from_depot(national, train, train.price)
        while g.depot.upcoming and national.cash >= g.depot.upcoming[0].price:
            train = g.depot.upcoming[0]
            g.buy_train_from_depot(national, train, train.price)

    def pending_choice(self, g: "Game"):
        """The trainless major that must choose now whether to be nationalised, or None."""
        return state(g).trainless_majors[0] if state(g).trainless_majors else None

    def process_choice(self, g: "Game", action: A.Action) -> None:
        sym = state(g).trainless_majors[0]
        if action.entity != sym or not isinstance(action, (A.Pass, A.Choose)):
            raise RuleError(f"{sym} has no train and must first choose whether to be nationalised",
                            rule="trainless majors", legal=["choose", "pass"])
        if isinstance(action, A.Choose) and action.choice != "nationalize":
            raise RuleError(f"'{action.choice}' is not a choice here: nationalize or pass", rule="trainless majors")
        state(g).trainless_majors.pop(0)
        if isinstance(action, A.Choose):
            self.nationalize(g, g.corporations[sym])
