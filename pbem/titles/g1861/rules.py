"""1861 (The Railways of the Russian Empire), built on the 1867 rules.

Privates are sold one at a time (single-item auction with price drops); minors are started by
auction in stock rounds and each holds one 100% certificate; majors (from phase 4) are parred
with incremental capitalisation; the Russian State Railway (RSR) is run by the priority holder.
Green minors and majors come into play later; the hidden company "3" keeps some hexes closed
until the first 3-train. Loans, the national and nationalisation, and runs live in the mixins
g1861_loans.py, g1861_national.py and g1861_routes.py. Status: docs/1861-status.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import abilities as AB
from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.titles.family1867.rules import Rules1867
from pbem.titles.g1861.loans import Loans1861
from pbem.titles.g1861.national import National1861
from pbem.titles.g1861.routes import Routes1861
from pbem.titles.g1861.state import State1861, state
from pbem.errors import RuleError
from pbem.titles.registry import tile_data, title_data

if TYPE_CHECKING:
    from pbem.engine.entities import Company, Corporation
    from pbem.engine.game import Game

def track_reaches_stop(board, coord: str, node: int) -> bool:
    """Whether track from the node leads to a stop: any town, city or off-board, this same city
    included when the track loops back into it (18xx.games G1867 unconnected_hexes walks the
    paths from the city and stops at the first one with a node)."""
    from pbem.engine import hexgrid

    hexes = board._hexes
    rot = hexes[coord].rot
    for p in rot.node_paths[node]:
        seen = {(coord, p)}
        todo = [(coord, e) for e in rot.path_edges[p]]
        while todo:
            c, edge = todo.pop()
            nb = board.link(c, edge)
            if nb is None:
                continue
            inv = hexgrid.opposite(edge)
            nrot = hexes[nb].rot
            for q in nrot.edge_paths.get(inv, ()):
                if (nb, q) in seen:
                    continue
                if nrot.path_nodes[q]:
                    return True
                seen.add((nb, q))
                todo += [(nb, e) for e in nrot.path_edges[q] if e != inv]
    return False


class Rules1861(Loans1861, National1861, Routes1861, Rules1867):
    game_end = {"bankrupt": "immediate", "stock_market": "current_round", "bank": "current_or"}
    end_timing_priority = ["immediate", "one_more_full_or_set", "current_or"]
    state_class = State1861
    #: a discarded train goes back to the depot, for sale again at face value
    discarded_trains_for_sale = True

    def __init__(self, data: Optional[dict] = None):
        super().__init__("1861", data if data is not None else title_data("1861"), tile_data())

    # --- rounds and setup --------------------------------------------------------------------
    def new_market(self, g: "Game"):
        from pbem.titles.family1867.market import CorporationKind, StockMarket1867

        rows = self.data["market_column"] if "column_market" in g.options else self.data["market"]
        return StockMarket1867(rows, CorporationKind(g))

    def round_sequence(self):
        """A single-item auction of the minors, then stock rounds with minor auctions and
        operating rounds with loans; from phase 3 to 7 a merger round follows each operating round."""
        from pbem.engine.rounds.sequence import RoundSequence
        from pbem.titles.family1867.loan_operating import LoanOperatingRound
        from pbem.titles.family1867.merger import MergerRound
        from pbem.titles.family1867.single_auction import SingleItemAuction
        from pbem.titles.family1867.stock_bid import BidStockRound

        return RoundSequence(initial=SingleItemAuction, stock=BidStockRound, operating=LoanOperatingRound,
                             between=MergerRound)

    def operating_rounds(self, g: "Game") -> int:
        return state(g).final_ors or g.phase.operating_rounds

    def before_operating(self, g: "Game") -> None:
        """The national is run by the player with priority deal."""
        g.corporations[state(g).national].president = g.priority_order[0]

    def ends_after_operating(self, g: "Game") -> bool:
        """The last set of operating rounds, once known, ends the game after its last round."""
        if g.end_trigger and g.end_trigger[1] == "one_more_full_or_set" and g.turn == state(g).final_turn \
                and g.round.num >= g.or_count:
            g.end_game(g.end_trigger[0])
            return True
        return False

    def between_rounds_now(self, g: "Game") -> bool:
        return 3 <= int(g.phase.name) < 8

    # --- game end -------------------------------------------------------------------------------
    def game_end_checks(self, g: "Game") -> list[tuple[str, str]]:
        """A broken bank ends the game after the current OR; the first 8-train after one more full
        set of three ORs (the current set, if it is bought in the set's first OR)."""
        from pbem.titles.family1867.loan_operating import LoanOperatingRound

        out = []
        if g.bank_broken:
            out.append(("bank", "current_or"))
        if g.phase.name == "8":
            if state(g).final_turn is None:
                state(g).final_ors = 3
                if isinstance(g.round, LoanOperatingRound) and g.round.num == 1:
                    g.or_count = 3
                    state(g).final_turn = g.turn
                else:
                    state(g).final_turn = g.turn + 1
            out.append(("final_phase", "one_more_full_or_set"))
        return out

    def player_value(self, g: "Game", pid: str):
        """Cash, privates at face value, and shares at the market price (a minor's certificate is two shares)."""
        p = g.players[pid]
        value = p.cash + sum(g.companies[s].value for s in p.companies if not g.companies[s].closed)
        for c in g.corporations.values():
            pct = c.percent_of(pid)
            if not pct or c.closed or c.sym not in g.market.positions:
                continue
            shares = -(-pct // 50) if c.kind == "minor" else -(-pct // 10)
            value += g.market.price(c.sym) * shares
        return value

    def close_corporation(self, g: "Game", corp: "Corporation") -> None:
        """A minor that merged, converted or was nationalised leaves the game."""
        for coord, city, slot in list(g.board.tokens_of(corp.sym)):
            g.board.remove_token(coord, city, slot)
        g.market.remove(corp.sym)
        corp.closed = True
        corp.certificates.retire()
        corp.president = None
        for s in (state(g).in_play, state(g).future):
            if corp.sym in s:
                s.remove(corp.sym)

    def setup(self, g: "Game") -> None:
        super().setup(g)
        spec = {c["sym"]: c for c in self.data["corporations"]}
        national = next(c for c in g.corporations.values() if c.kind == "national")
        national.ipoed = True
        st = state(g)
        st.national = national.sym
        # minors other than the green ones are in play from the start; the rest come later
        st.in_play = [s for s, c in g.corporations.items() if c.kind == "minor" and not spec[s].get("green")]
        st.future = [s for s, c in g.corporations.items() if c.kind == "major"] + \
                    [s for s, c in g.corporations.items() if c.kind == "minor" and spec[s].get("green")]
        if len(g.players) == 2:
            self.setup_two_players(g)
        st.loans_left = self.data["loans"]["supply"]
        st.national_reservations = list(spec[national.sym].get("national_reservations") or [])

    def setup_two_players(self, g: "Game") -> None:
        """Two players: 70% instead of 60% per major, the last trains of some types removed, and
        two privates (never "3") removed at random: one draw per candidate, in data order, as its
        sort key; the two smallest go."""
        spec = self.data["two_player"]
        for c in g.corporations.values():
            if c.max_percent == 60:
                c.max_percent = spec["max_ownership_percent"]
        for name, count in spec["trains_removed"].items():
            for t in [t for t in g.depot.upcoming if t.name == name][::-1][:count]:
                g.depot.upcoming.remove(t)
        cands = [c for c in g.companies.values() if not c.hidden]
        keys = {c.sym: g.rng.draw() for c in cands}
        for c in sorted(cands, key=lambda c: keys[c.sym])[:spec["companies_removed"]]:
            del g.companies[c.sym]
            g.log.append(f"{c.name} is removed (two players)")

    def state_corporations(self, g: "Game") -> list["Corporation"]:
        syms = state(g).in_play + [state(g).national] + state(g).future
        return [g.corporations[s] for s in syms]

    def par(self, g: "Game", player: str, corp: "Corporation", price: int, rnd) -> None:
        """A major is parred on a p or z cell; the president's 20% is paid into its treasury and it
        floats at once; it then chooses its home city."""
        if corp.kind != "major":
            raise RuleError("minors are started by auction (bid), not parred", rule="starting corporations")
        cells = [c for row in g.market.grid for c in row if c and c.price == price
                 and ("p" in c.types or "z" in c.types)]
        if not cells:
            raise RuleError(f"{price} is not a major par price", rule="par values")
        cost = 2 * price
        if g.players[player].cash < cost:
            raise RuleError(f"{g.player_name(player)} has {g.players[player].cash}; the president's share costs {cost}",
                            rule="par price")
        g.market.set_par(corp.sym, cells[0])
        corp.par_price = price
        corp.ipoed = True
        corp.president = player
        g.players[player].cash -= cost
        corp.cash += cost
        g.shares.give_president(corp, player)
        corp.floated = True
        rnd.pending_home.append(corp.sym)

    def home_locations(self, g: "Game", corp: "Corporation") -> list[tuple[str, int]]:
        """Where a new major may put its home station: a city with no station that it may use, on a
        hex none of whose cities has track leading to another stop. It reads the board alone, so
        it is kept in the board's `_cache` until the board changes (the stock round asks it of
        every major at every turn)."""
        key = ("home_locations", corp.sym)
        kept = g.board._cache.get(key)
        if kept is None:
            kept = g.board._cache[key] = tuple(self._home_locations(g, corp))
        return list(kept)

    def _home_locations(self, g: "Game", corp: "Corporation") -> list[tuple[str, int]]:
        out = []
        for coord in g.board.hex_coords():
            n = g.board.city_count(coord)
            if not n:
                continue
            if any(track_reaches_stop(g.board, coord, g.board.city_node(coord, ci)) for ci in range(n)):
                continue
            for ci in range(n):
                if all(t is None for t in g.board.slots(coord, ci)) and \
                        g.board.token_problem(corp.sym, coord, ci) is None:
                    out.append((coord, ci))
        return out

    def sale_price_drop(self, g: "Game", corp: "Corporation", percent: int, was_president: bool) -> None:
        """A sale moves the price down one step, and only when the president sells."""
        if was_president:
            g.market.move_down(corp.sym)

    def can_par(self, g: "Game", corp: "Corporation", player: str, need_home: bool = True) -> bool:
        if corp.ipoed or corp.closed or corp.sym not in state(g).in_play:
            return False
        if corp.kind == "minor":
            first = g.corporations.get("N")
            if corp.sym != "N" and first is not None and not (first.ipoed or first.closed):
                return False
            return True
        return state(g).majors_available and (not need_home or bool(self.home_locations(g, corp)))

    def operating_order(self, g: "Game") -> list["Corporation"]:
        """Minors first, then majors, each in market order; then the national (phases 4 to 7)."""
        corps = [c for c in g.corporations.values() if c.floated and not c.closed and c.sym in g.market.positions]
        corps.sort(key=lambda c: g.market.order_key(c.sym))
        order = [c for c in corps if c.kind == "minor"] + [c for c in corps if c.kind == "major"]
        return order + [g.corporations[state(g).national]]       # it sits out outside phases 4 to 7


    # --- operating round -----------------------------------------------------------------------
    def lay_blocked(self, g: "Game", coord: str, slot=None, rnd=None):
        """Besides privates, the hidden company "3" closes its hexes to track until phase 3."""
        hidden = g.companies.get("3")
        if hidden and not hidden.closed and coord in hidden.blocks_hexes:
            return f"no track may be laid in {coord} before phase 3", "hexes closed until phase 3"
        return super().lay_blocked(g, coord, slot, rnd)

    def after_tile_laid(self, g: "Game", corp: "Corporation", action: A.LayTile, result) -> None:
        """Gray Moscow (639): the national gets a station there at once while it keeps reservations."""
        if action.tile != "639" or not state(g).national_reservations:
            return
        national = g.corporations[state(g).national]
        if any(t is not None and t.corp == national.sym for t in g.board.slots(action.hex, 0)):
            return
        free = [t for t in national.tokens if not t.used]
        if not free:
            return
        if action.hex in state(g).national_reservations:
            state(g).national_reservations.remove(action.hex)
        g.board.place_token(action.hex, 0, Token(national.sym, national.sym, False))
        free[0].used = True

    company_price_rule = "private price between 1 and face value"

    def company_price_range(self, g: "Game", comp: "Company") -> tuple[int, int]:
        """Privates are bought from players for 1 up to face value."""
        return 1, comp.value

    def can_redeem(self, g: "Game", corp: "Corporation") -> bool:
        return corp.kind == "major" and corp.pool_percent >= 10 and corp.cash >= (g.market.price(corp.sym) or 0)

    def redeem_shares(self, g: "Game", corp: "Corporation", action: A.BuyShares) -> None:
        """A major buys back shares from the market pool, each at the market price (5.5.1)."""
        if corp.kind != "major" or action.corporation != corp.sym:
            raise RuleError(f"{corp.sym} can only redeem its own shares", rule="redeeming shares")
        if corp.pool_percent < action.percent:
            raise RuleError(f"the pool holds {corp.pool_percent}% of {corp.sym}", rule="redeeming shares")
        price = g.shares.cost(corp, action.percent, g.market.price(corp.sym) or 0)
        if price > corp.cash:
            raise RuleError(f"{corp.sym} has {corp.cash}, the share costs {price}", rule="redeeming shares")
        g.pay_to_bank(corp.sym, price)
        g.shares.transfer(corp, "pool", "ipo", action.percent)

    def train_event(self, g: "Game", event, corp: "Corporation", train) -> None:
        """Events fire once, with the first train of the type."""
        name = event if isinstance(event, str) else event.get("type")
        if (train.name, name) in state(g).events_fired:
            return
        state(g).events_fired.add((train.name, name))
        for sym, ab in AB.holders(self.data, "close"):           # privates that close on the event
            if ab.on_event == name and sym in g.companies:
                g.close_company(g.companies[sym])
        if name == "green_minors_available":
            state(g).green_minors_available = True
            state(g).in_play += state(g).future
            state(g).future = []
        elif name == "majors_can_ipo":
            state(g).majors_available = True
        elif name == "trainless_nationalization":
            state(g).trainless_pending = True          # after the rusting, in after_train_bought
        elif name == "minors_cannot_start":
            for c in list(g.corporations.values()):
                if c.kind == "minor" and not c.ipoed and c.sym in state(g).in_play:
                    state(g).in_play.remove(c.sym)
                    if c.home:
                        g.board.unreserve(c.home, c.sym)
                    c.closed = True
        elif name == "nationalize_companies":
            for comp in g.companies.values():
                if comp.hidden or comp.closed or comp.owner is None or comp.owner == state(g).national:
                    continue
                g.pay_from_bank(comp.owner, comp.value)
                g.give_company(comp, state(g).national, True)
        elif name == "minors_nationalized":
            state(g).minors_nationalized_pending = True
        else:
            super().train_event(g, event, corp, train)

    def after_train_bought(self, g: "Game", corp: "Corporation", train) -> None:
        if state(g).minors_nationalized_pending:
            state(g).minors_nationalized_pending = False
            minors = [c for c in g.corporations.values() if c.kind == "minor" and not c.closed and c.floated]
            for c in sorted(minors, key=lambda c: g.market.order_key(c.sym)):
                self.nationalize(g, c)
        if state(g).trainless_pending:
            state(g).trainless_pending = False
            trainless = [c for c in g.corporations.values()
                         if c.floated and not c.closed and c.operated and not c.trains and c.kind != "national"]
            trainless.sort(key=lambda c: g.market.order_key(c.sym))
            state(g).trainless_majors = [c.sym for c in trainless if c.kind == "major"]
            for c in trainless:
                if c.kind == "minor":
                    self.nationalize(g, c)
