"""1869's rounds: the 1830 family's with the differences of the rules text.

- the auction: every time all players pass, each private still unsold gets $10 cheaper
  ("Private Companies, that are not sold in the first round get 10$ cheaper each further round");
- the stock round (`stock.py`): first sell, then buy one certificate; several brown-zone shares;
  the exchange of certificates of different sizes;
- the operating round: trains given back at its start (`ReturnTrains`); a station across the
  US/Canada border costs $100 more; the president may pay up to a quarter of a train's price;
  a corporation need not own a train, and one without a train may buy the cheapest with all its
  money and its president's cash (no sales); the bonus routes added to a run, part of a bonus
  saved (`SaveBonusStep`); SP's and ATSF's extra tiles; receivership; the privates' powers for
  the corporation their owner presides (`privates.py`).
Every decision is in docs/1869-rules.md."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.leases import train_limit_count
from pbem.engine.step import LegalMove
from pbem.engine.steps.operating import STANDARD, BuyTrain, Dividend, Route, Token, Track
from pbem.engine.steps.trains import Purchase, train_for_purchase
from pbem.engine.steps.turn import TurnStep
from pbem.engine.train_payment import BANK, check_train_payment
from pbem.errors import RuleError
from pbem.titles.family1830.auction import AuctionRound1830
from pbem.titles.family1830.operating import OperatingRound1830, PrivateLays, TeleportToken
from pbem.titles.g1869.border import in_canada
from pbem.titles.g1869.kinds import SaveBonus

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation, Train
    from pbem.engine.game import Game

#: how much cheaper an unsold private gets each time all players pass
PRIVATE_STEP = 10


class AuctionRound1869(AuctionRound1830):
    """The 1830 auction, where all players passing makes every unsold private $10 cheaper; the
    first private at $0 goes to the next player (1830's rule for the cheapest)."""

    def _all_passed(self) -> None:
        for comp in self.companies:
            comp.discount = min(comp.value, comp.discount + PRIVATE_STEP)
        self.passed.clear()
        cheapest = self.companies[0] if self.companies else None
        if cheapest is not None and cheapest.min_bid <= 0:
            self.next_entity()
            self._buy(self.current_entity(), cheapest.sym, 0)
            self._resolve()


# --- stations --------------------------------------------------------------------------------
def station_price(g: "Game", corp: "Corporation", coord: str) -> Optional[int]:
    """The corporation's next station's price in `coord`: its printed price, $100 more across the
    border from its home ("+100$ over the border US/Can"); None when it has none left."""
    tok = corp.next_token()
    if tok is None:
        return None
    across = corp.home is not None and in_canada(g, corp.home) != in_canada(g, coord)
    return tok.price + (g.data.get("border_token_surcharge", 0) if across else 0)


class Token1869(Token):
    """A station priced with the border surcharge; none for a corporation in receivership."""

    def offered(self) -> list[str]:
        return [] if in_receivership(self.game, self.corp) else super().offered()

    price_rule = "station costs (+$100 across the US/Canada border)"

    def station_price(self, corp, coord: str) -> int:
        return station_price(self.game, corp, coord)


# --- trains ------------------------------------------------------------------------------------
def president_help(g: "Game", corp: "Corporation", train: "Train") -> int:
    """The most the president may pay toward `train` from the depot: a quarter of its price (the
    table's "Price = ¾ + ¼", rounded down as the table rounds), or, for a corporation without a
    train buying the cheapest, all that its money lacks; never more than the president has."""
    if corp.president is None:
        return 0
    cash = g.players[corp.president].cash
    avail = g.depot.available(g.phase_names)
    if not corp.trains and avail and train.price == min(t.price for t in avail):
        return cash
    return min(cash, train.price // 4)


class BuyTrain1869(BuyTrain):
    """The standard purchase, with the president's part toward a depot train; none for a
    corporation in receivership ("does not deal with trains")."""

    def offered(self) -> list[str]:
        return [] if in_receivership(self.game, self.corp) else super().offered()

    def moves_buy_train(self, ent: str) -> list[LegalMove]:
        from pbem.titles.g1869.state import state

        g = self.game
        scrapped = state(g).scrapped
        out = [m for m in super().moves_buy_train(ent) if m.action.source == "depot"
               or not self._scrapped_only(m.action, scrapped)]
        corp = g.corporations[ent]
        if train_limit_count(g, corp) >= g.train_limit(corp):
            return out
        have = {(m.action.train, m.action.source, m.action.exchange) for m in out}
        for t in g.depot.available(g.phase_names):
            if (t.name, "depot", None) in have or t.price <= corp.cash:
                continue
            if t.price <= corp.cash + president_help(g, corp, t):
                out.append(LegalMove(A.BuyTrain(ent, t.name, "depot", t.price),
                                     f"{g.money(t.price)}, the president paying {g.money(t.price - corp.cash)}"))
                have.add((t.name, "depot", None))
        return out

    def _scrapped_only(self, action: A.BuyTrain, scrapped: list[str]) -> bool:
        seller = self.game.corporations.get(action.source)
        return seller is not None and not any(t.name == action.train and t.id not in scrapped for t in seller.trains)

    def quote(self, action: A.BuyTrain) -> Purchase:
        from pbem.titles.g1869.state import state

        g, corp = self.game, self.corp
        if action.source != "depot" and self._scrapped_only(action, state(g).scrapped):
            raise RuleError(f"{action.source}'s {action.train} trains are scrapped: they run once more and go",
                            rule="scrapped trains")
        if action.source != "depot" or action.exchange or self.round.emergency(corp):
            return super().quote(action)
        train = train_for_purchase(g, corp, action)
        if train.price <= corp.cash:
            return super().quote(action)
        if (count := train_limit_count(g, corp)) >= g.train_limit(corp):
            raise RuleError(f"{corp.sym} already has {count} trains, the limit in phase {g.phase.name}",
                            rule="train limit")
        if action.price is not None and action.price != train.price:
            raise RuleError(f"a {train.name} train from the depot costs ${train.price}, not ${action.price}",
                            rule="depot trains are sold at face value")
        lack = train.price - corp.cash
        if lack > president_help(g, corp, train):
            raise RuleError(f"{corp.sym} has ${corp.cash}; its president may pay at most a quarter of the "
                            f"{train.name}'s ${train.price} (the cheapest train, if it has none: the rest)",
                            rule="the president's 25% toward a train")
        payment = g.title.train_payment(g, corp, train, train.price, BANK, self.round)
        check_train_payment(g, payment)
        return Purchase(train, train.price, payment, None)


# --- bonus routes -------------------------------------------------------------------------------
def bonus_key(bonus: dict) -> str:
    return f"{'/'.join(bonus['from'])}-{'/'.join(bonus['to'])}"


def linked_hexes(resolved) -> list[set[str]]:
    """The groups of hexes the run links: each route links its stops, and two routes that stop in
    the same hex are linked there (a bonus may be run "with several trains (with changing the
    train, even if there is a token in between)")."""
    groups: list[set[str]] = []
    for r in resolved:
        hexes = set(r.hexes)
        if not hexes:
            continue
        touching = [grp for grp in groups if grp & hexes]
        for grp in touching:
            groups.remove(grp)
            hexes |= grp
        groups.append(hexes)
    return groups


def run_bonuses(g: "Game", corp: "Corporation", resolved) -> list[tuple[dict, int]]:
    """The bonuses the run earns, as (bonus, amount): the corporation's bonus routes whose ends
    the run links; the best one only ("Each Corporation can get only one Bonus in one OR"),
    except for a corporation whose charter says `adds_bonuses` (ATSF: "Only the ATSF can add its
    Boni"); a once-only bonus not when it was paid before (to anyone)."""
    return linked_bonuses(g, corp.sym, linked_hexes(resolved))


def route_bonus(g: "Game", sym: str, hexes) -> int:
    """What one route through `hexes` earns in bonuses by itself (the bonus rule on that route
    alone): the value a route's revenue shows, so that a route written "for $130" with its $30
    bonus is read as the route's worth."""
    return sum(a for _b, a in linked_bonuses(g, sym, [set(hexes)]))


def linked_bonuses(g: "Game", sym: str, groups: list) -> list[tuple[dict, int]]:
    """The bonuses of corporation `sym` whose ends lie in one of `groups` (sets of hexes)."""
    from pbem.titles.g1869.state import state

    charter = g.title.charter(sym)
    earned = []
    for b in charter.get("bonuses") or ():
        if b.get("once") and bonus_key(b) in state(g).once_paid:
            continue
        if any(not grp.isdisjoint(b["from"]) and not grp.isdisjoint(b["to"]) for grp in groups):
            earned.append((b, b["amount"]))
    if not earned:
        return []
    if charter.get("adds_bonuses"):
        return earned
    return [max(earned, key=lambda e: e[1])]


def extra_tiles_end(charter: dict, earned: list) -> bool:
    """Whether this run ends the charter's extra tile each turn: ATSF's "until it has run its
    best Bonus or three Boni together"."""
    until = charter.get("extra_tile_each_turn")
    return bool(until) and (any(a >= until["until_bonus"] for _b, a in earned)
                            or len(earned) >= until["until_bonuses"])


class Route1869(Route):
    """The run, with the corporation's bonus route added to its revenue."""

    def run(self, action: A.RunRoutes) -> tuple[int, list]:
        from pbem.titles.g1869.state import state

        revenue, resolved = super().run(action)
        g, corp = self.game, self.corp
        # each route's worth counts the bonus it earns alone; the run earns its bonuses once
        revenue -= sum(route_bonus(g, corp.sym, r.hexes) for r in resolved)
        earned = run_bonuses(g, corp, resolved)
        charter = g.title.charter(corp.sym)
        if extra_tiles_end(charter, earned):
            if corp.sym not in state(g).extra_tiles_over:
                state(g).extra_tiles_over.append(corp.sym)
        state(g).turn_bonus = (corp.sym, sum(a for _b, a in earned)) if earned else ()
        for b, amount in earned:
            revenue += amount
            if b.get("once"):
                state(g).once_paid.append(bonus_key(b))
            line = f"{corp.sym} earns the {bonus_key(b)} bonus, {g.money(amount)}"
            state(g).bonuses.append(line)
            g.log.append(line)
        if action.routes:
            g.title.after_run(g, corp)
        return revenue, resolved


# --- receivership ------------------------------------------------------------------------------
#: what a corporation in receivership pays for the depot train it leases, and saves at least
RECEIVERSHIP_RENT = 10
RECEIVERSHIP_SAVES = 50


def in_receivership(g: "Game", corp: "Corporation") -> bool:
    """"If there are more than 60% in the pool the corporation, it is in receivership"."""
    return corp.floated and corp.pool_percent > 60


def lease_for_receivership(g: "Game", corp: "Corporation") -> None:
    """At the start of its turn a corporation in receivership leases the cheapest train the depot
    sells for $10, "even if it has a train" (none when it cannot pay the $10)."""
    from pbem.engine.leases import lease_train

    avail = [t for t in g.depot.available(g.phase_names) if t.owner is None and t.lessee is None]
    if not avail or corp.cash < RECEIVERSHIP_RENT:
        return
    cheapest = min(avail, key=lambda t: t.price)
    lease_train(g, cheapest, corp, RECEIVERSHIP_RENT)
    g.log.append(f"{corp.sym} is in receivership: it leases a {cheapest.name} train for {g.money(RECEIVERSHIP_RENT)}")


class ReturnTrains(TurnStep):
    """Step 1 of the turn, "Return of obsolete trains. Volutary return of trains is possible":
    before its track the corporation may give back any of its own trains, one move each
    ("SP discards a 2 train"); a train still to run once more after its scrapping leaves the
    game, any other goes where a train discarded over the limit goes (1830's: to the bank, for
    sale again). None in receivership ("does not deal with trains"). The step is never in play
    by itself: the round offers its move beside the track step's while nothing is laid
    (`OperatingRound1869.returns_open`), so that a turn starts with its lays in view."""

    name = "return_trains"
    handles = (A.DiscardTrain,)

    def blocks(self) -> bool:
        return False

    def returnable(self) -> list["Train"]:
        from pbem.engine.leases import sellable_trains

        return sellable_trains(self.corp)

    def offered(self) -> list[str]:
        if in_receivership(self.game, self.corp) or not self.returnable():
            return []
        return ["discard_train"]

    def moves_discard_train(self, ent: str) -> list[LegalMove]:
        names = sorted({t.name for t in self.returnable()})
        return [LegalMove(A.DiscardTrain(ent, n), "given back to the bank") for n in names]

    def check_discard_train(self, action: A.DiscardTrain) -> None:
        from pbem.engine.entities import train_named

        self._offered("discard_train", action)
        if train_named(self.returnable(), action.train, action.train_id) is None:
            have = ", ".join(sorted(t.name for t in self.returnable()))
            raise RuleError(f"{self.corp.sym} has no {action.train_id or action.train} train to give back "
                            f"(it has {have})", rule="voluntary return of trains")

    def apply_discard_train(self, action: A.DiscardTrain) -> None:
        from pbem.engine.entities import train_named
        from pbem.titles.g1869.state import state

        g, corp = self.game, self.corp
        train = train_named(self.returnable(), action.train, action.train_id)
        scrapped = state(g).scrapped
        if train.id in scrapped:
            scrapped.remove(train.id)
            g.rust(train)
        else:
            self.round.step_named("discard").discard(corp, train.name, train.id)
        g.log.append(f"{corp.sym} gives a {train.name} train back to the bank")


class Track1869(Track):
    """No track for a corporation in receivership ("it does not spend any money"); no terrain
    paid for a private's free bridge or mountain (`privates.py`)."""

    def offered(self) -> list[str]:
        return [] if in_receivership(self.game, self.corp) else super().offered()

    def terrain_cost(self, action: A.LayTile, quote) -> int:
        from pbem.titles.g1869 import privates

        cost = super().terrain_cost(action, quote)
        if action.entity != self.corp.sym and privates.free_form(self.game, action.entity, action.hex, self.round):
            cost -= privates.discount(self.game, action.entity).waived(quote.cost_terrain)
        return cost


class Dividend1869(Dividend):
    """A corporation in receivership saves its revenue, at least $50 ("It saves minimal 50$")."""

    def offered(self) -> list[str]:
        if in_receivership(self.game, self.corp):
            return ["dividend"]
        return super().offered()

    def moves_dividend(self, ent: str) -> list[LegalMove]:
        if not in_receivership(self.game, self.corp):
            return super().moves_dividend(ent)
        saved = max(self.round.turn.revenue, RECEIVERSHIP_SAVES)
        return [LegalMove(A.Dividend(ent, "withhold"), f"in receivership: {self.game.money(saved)} saved")]

    def check_dividend(self, action: A.Dividend) -> None:
        if in_receivership(self.game, self.corp) and action.kind != "withhold":
            raise RuleError(f"{self.corp.sym} is in receivership: it saves its revenue", rule="receivership")
        super().check_dividend(action)

    def pay(self, kind: str, revenue: int) -> None:
        if in_receivership(self.game, self.corp):
            revenue = max(revenue, RECEIVERSHIP_SAVES)
        super().pay(kind, revenue)


class SaveBonusStep(TurnStep):
    """After a run that earned a bonus the corporation may save part of it, in $10 steps: that
    part goes to its treasury, the rest of the revenue to the dividend (a pass saves nothing)."""

    name = "save_bonus"
    handles = (SaveBonus, A.Pass)
    optional = True

    def bonus(self) -> int:
        from pbem.titles.g1869.state import state

        got = state(self.game).turn_bonus
        return got[1] if got and got[0] == self.corp.sym else 0

    def offered(self) -> list[str]:
        if in_receivership(self.game, self.corp) or self.bonus() < 10:
            return []
        return ["save_bonus", "pass"]

    def moves_save_bonus(self, ent: str) -> list[LegalMove]:
        g = self.game
        return [LegalMove(SaveBonus(ent, a), f"{g.money(a)} to the treasury, "
                          f"{g.money(self.round.turn.revenue - a)} to the dividend")
                for a in range(10, min(self.bonus(), self.round.turn.revenue) + 1, 10)]

    def check_save_bonus(self, action: SaveBonus) -> None:
        self._offered("save_bonus", action)
        bonus = min(self.bonus(), self.round.turn.revenue)
        if action.amount <= 0 or action.amount % 10 or action.amount > bonus:
            raise RuleError(f"{self.corp.sym} may save $10 to {self.game.money(bonus - bonus % 10)} of its bonus, "
                            f"in $10 steps, not {self.game.money(action.amount)}", rule="saving a bonus")

    def apply_save_bonus(self, action: SaveBonus) -> None:
        from pbem.titles.g1869.state import state

        g, turn = self.game, self.round.turn
        g.pay_from_bank(self.corp.sym, action.amount)
        turn.revenue -= action.amount
        state(g).turn_bonus = ()
        turn.passed.add(self.name)

    def apply_pass(self, action: A.Pass) -> None:
        from pbem.titles.g1869.state import state

        state(self.game).turn_bonus = ()
        super().apply_pass(action)


class PrivatePowers(PrivateLays):
    """The privates' powers for the operating corporation whose president owns them."""

    def use(self, action: A.Action) -> None:
        from pbem.titles.g1869 import privates

        if in_receivership(self.game, self.round.corp):
            raise RuleError(f"{self.round.corp.sym} is in receivership: it uses no private's power",
                            rule="receivership")
        if isinstance(action, A.LayTile):
            return privates.do_lay(self.game, action, self.round)
        if isinstance(action, A.PlaceToken):
            return privates.do_station(self.game, action, self.round)
        return super().use(action)


class OperatingRound1869(OperatingRound1830):
    """1830's operating round with 1869's station prices and train purchases; no corporation
    must own a train ("There is no need to buy a train")."""

    step_classes = tuple(x for c in (TeleportToken,) + STANDARD
                         for x in ({Token: (Token1869,), BuyTrain: (BuyTrain1869,), Route: (Route1869, SaveBonusStep),
                                    Track: (ReturnTrains, Track1869), Dividend: (Dividend1869,)}.get(c, (c,))))

    ability_step = PrivatePowers

    def must_buy_train(self, corp: "Corporation") -> bool:
        return False

    def returns_open(self) -> bool:
        """Whether the operating corporation may give trains back now (step 1): no tile nor
        station placed yet this turn, its track or station step in play."""
        t = self.turn
        return t is not None and not t.lays and not t.tokened and self.active_step() in ("track", "token") \
            and bool(self.step_named("return_trains").offered())

    def legal(self, entity: str) -> list[str]:
        """The corporation's kinds, with a train given back at the start of the turn."""
        kinds = self._legal_with_powers(entity)
        if kinds and self.turn is not None and entity == self.corp.sym and "discard_train" not in kinds \
                and self.returns_open():
            kinds.insert(kinds.index("pass") if "pass" in kinds else len(kinds), "discard_train")
        return kinds

    def step_for(self, action: A.Action):
        if isinstance(action, A.DiscardTrain) and self.turn is not None and action.entity == self.corp.sym \
                and self.returns_open():
            return self.step_named("return_trains")
        return super().step_for(action)

    def _legal_with_powers(self, entity: str) -> list[str]:
        """The corporation's kinds, with a lay or a station when a private's power offers one."""
        from pbem.titles.g1869 import privates

        kinds = super().legal(entity)
        if not kinds or self.turn is None or entity != self.corp.sym or isinstance(self.step_in_play(), TeleportToken) \
                or in_receivership(self.game, self.corp):
            return kinds
        if "lay_tile" not in kinds and privates.lay_moves(self.game, self):
            kinds.insert(0, "lay_tile")
        if "place_token" not in kinds and privates.station_moves(self.game, self):
            kinds.insert(0, "place_token")
        return kinds

    def step_moves(self, kind: str, entity: str) -> Optional[list]:
        from pbem.titles.g1869 import privates

        if kind == "discard_train" and self.turn is not None and entity == self.corp.sym and self.returns_open():
            return self.step_named("return_trains").moves_discard_train(entity)
        listed = super().step_moves(kind, entity)
        if kind not in ("lay_tile", "place_token") or self.turn is None or entity != self.corp.sym \
                or in_receivership(self.game, self.corp):
            return listed
        own = listed if listed is not None and kind in self.step_actions(self.active_step() or "") else []
        extra = privates.lay_moves(self.game, self) if kind == "lay_tile" else privates.station_moves(self.game, self)

        def what(a) -> str:
            if kind != "lay_tile":
                return "free station across the border"
            return "free terrain, as the turn's lay" if privates.free_form(self.game, a.entity, a.hex, self) \
                else "extra tile"
        return list(own) + [LegalMove(a, f"{a.entity}'s {what(a)}") for a in extra]

    def tile_lay_slot(self) -> Optional[dict]:
        """The turn's lay, then a corporation's extra tiles: SP's four for $40, 80, 120, 120 (any
        of them in one turn), ATSF's one a turn for $20 until its best bonus or three together;
        an extra tile may be laid or upgrade (the text says "tiles")."""
        slot = super().tile_lay_slot()
        t = self.turn
        if slot is not None or t is None or t.lays < 1:
            return slot
        from pbem.titles.g1869.state import state

        g, corp = self.game, self.corp
        charter = next(c for c in g.data["corporations"] if c["sym"] == corp.sym)
        costs = charter.get("extra_tile_costs")
        if costs:
            used = state(g).extra_tiles.get(corp.sym, 0)
            return {"lay": True, "upgrade": True, "cost": costs[used], "cannot_reuse_same_hex": True} \
                if used < len(costs) else None
        each = charter.get("extra_tile_each_turn")
        if each and t.lays == 1 and corp.sym not in state(g).extra_tiles_over:
            return {"lay": True, "upgrade": True, "cost": each["cost"], "cannot_reuse_same_hex": True}
        return None

    def can_buy_train(self, corp: "Corporation") -> bool:
        if super().can_buy_train(corp):
            return True
        g = self.game
        if train_limit_count(g, corp) >= g.train_limit(corp):
            return False
        return any(t.price <= corp.cash + president_help(g, corp, t) for t in g.depot.available(g.phase_names))
