"""The Game: one object holding a whole 18xx game's state; push actions onto it.

Modelled on python-chess's Board: `game.push(action)` validates and applies a move,
`game.legal_actions()` says what may be done now. Title rules come from a data file
plus a `Title` hook object (pbem.titles).
"""
from __future__ import annotations

import math
from typing import Any, Optional

from pbem.engine import actions as A
from pbem.engine.board import Board
from pbem.engine.entities import Company, Corporation, Depot, Phase, Player, TokenSpec, Train
from pbem.engine.leases import leased_trains, train_limit_count
from pbem.engine.certificates import BANK_PLACES, CertificateSet
from pbem.engine.shares import ShareLedger
from pbem.errors import RuleError

RAND_A, RAND_C, RAND_M = 1103515245, 12345, 2 ** 31


class Lcg:
    """The linear congruential generator 18xx.games seeds its setup draws with."""

    def __init__(self, seed: int):
        self.state = seed % RAND_M

    def draw(self) -> int:
        self.state = (RAND_A * self.state + RAND_C) % RAND_M
        return self.state


def check_players(title, players: list[tuple[str, str]]) -> None:
    """RuleError unless the title is for this many players and every player has a distinct id."""
    low, high = title.player_counts
    if not low <= len(players) <= high:
        raise RuleError(f"{title.name} is for {low} to {high} players, not {len(players)}", rule="players")
    ids = [pid for pid, _ in players]
    twice = sorted({pid for pid in ids if ids.count(pid) > 1})
    if twice:
        raise RuleError(f"every player needs a different name; {', '.join(twice)} appears more than once",
                        rule="players")


class Game:
    """A game in progress. Build with `Game(title, players, seed)`; apply moves with `push`."""

    def __init__(self, title, players: list[tuple[str, str]], seed: int = 0, options: tuple[str, ...] = ()):
        self.title = title
        self.data = title.data
        self.seed = seed
        self.options = tuple(options)
        self.rng = Lcg(seed)
        self.log: list[str] = []
        n = len(players)
        check_players(title, players)
        self.players: dict[str, Player] = {}
        cash = self.data["starting_cash"][str(n)]
        for pid, name in players:
            self.players[pid] = Player(id=pid, name=name, cash=cash)
        self.seat_order: list[str] = [p for p, _ in players]      # never changes
        self.priority_order: list[str] = list(self.seat_order)    # rotated by the priority deal
        self.bank: int = self.data["bank"] - cash * n
        self.cert_limit: int = self.data["cert_limit"][str(n)]
        self.max_holding_percent = 60
        self.market_share_limit = 50
        self.market = title.new_market(self)
        self.phases = [Phase(name=p["name"], on=p.get("on"), train_limit=p["train_limit"], tiles=tuple(p["tiles"]),
                             operating_rounds=p["operating_rounds"], status=tuple(p.get("status") or ()))
                       for p in self.data["phases"]]
        self.phase_index = 0
        self.depot = Depot(self.data["trains"])
        self.companies: dict[str, Company] = {}
        for c in self.data["companies"]:
            self.companies[c["sym"]] = Company(sym=c["sym"], name=c["name"], value=c["value"], revenue=c["revenue"],
                                               desc=c.get("desc", ""), blocks_hexes=tuple(c.get("blocks_hexes") or ()),
                                               discount=c.get("discount", 0), hidden=bool(c.get("hidden")))
        self.corporations: dict[str, Corporation] = {}
        for c in self.data["corporations"]:
            corp = Corporation(sym=c["sym"], name=c["name"], home=c.get("home"), home_city=c.get("city"),
                               tokens=[TokenSpec(price=p) for p in c["tokens"]], color=c.get("color", "#888"),
                               text_color=c.get("text_color", "#fff"), float_percent=c.get("float_percent") or 60,
                               kind=c.get("type", "major"), max_percent=c.get("max_ownership_percent"),
                               certificates=CertificateSet(c["sym"], c.get("shares"), c.get("share_percent")))
            corp.flags = {k: v for k, v in c.items() if isinstance(v, bool)}
            self.corporations[c["sym"]] = corp
        places = BANK_PLACES | frozenset(self.corporations)
        for corp in self.corporations.values():
            corp.certificates.places = places       # corporations may hold paper but are not players
        self.board = Board(self.data, title.catalogue)
        self.shares = ShareLedger(self)
        self.turn = 1
        self.or_num = 0            # operating round number within the set
        self.or_count = 0          # ORs in the current set
        self.finished = False
        self.end_reason: Optional[str] = None
        self.end_trigger: Optional[tuple[str, str]] = None
        self.bank_broken = False
        self.actions_applied = 0
        self.loading = False
        #: the round carrying itself on after a move (steps with no choice, turns ending): what is
        #: paid then is the game's own doing, not the move's (pbem/reading/claims.applied)
        self.settling = False
        self.last_move_hexes: list[str] = []
        #: notes the rules make on the last move (a run below the best, an accepted decline):
        #: objects whose `str` is the note, worked out when read (pbem/engine/run_duty.py)
        self.rule_notes: list = []
        # the last run as resolved (corporation, routes): its own last_routes may be cleared within
        # the same move when the corporation starts its next turn at once (last of one OR, first of the next)
        self.last_run: tuple[str, list] = ("", [])
        #: the title's own state: an instance of its `state_class` dataclass (None if it keeps none)
        self.extra: Any = title.new_state(self)
        self.title.setup(self)
        self.round = self.title.initial_round(self)
        self.round.start()

    # --- simple queries --------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.phases[self.phase_index]

    @property
    def phase_names(self) -> list[str]:
        return [p.name for p in self.phases[: self.phase_index + 1]]

    @property
    def tile_colors(self) -> tuple[str, ...]:
        return self.phase.tiles

    def player_name(self, pid: str) -> str:
        p = self.players.get(pid)
        return p.name if p else pid

    def active_corporations(self) -> list[Corporation]:
        return [c for c in self.corporations.values() if not c.closed]

    def controller(self, entity: Optional[str]) -> Optional[str]:
        """The player who acts for `entity`: a player acts for themself, a corporation's
        president for it, a private's owner for it; a holder that is itself a corporation
        passes control on to whoever controls that one. None when nobody does (no president, a
        private in the bank, or a loop of companies holding each other)."""
        seen: set[str] = set()
        while entity is not None and entity not in self.players:
            if entity in seen:
                return None
            seen.add(entity)
            corp = self.corporations.get(entity)
            comp = self.companies.get(entity) if corp is None else None
            if corp is not None:
                entity = corp.president
            elif comp is not None:
                entity = comp.owner
            else:
                return None
        return entity

    def current_entity(self) -> Optional[str]:
        if self.finished:
            return None
        return self.round.current_entity()

    def acting_entities(self) -> list[str]:
        """Everyone who may act now: the acting entity, or all of those a step lets act in any
        order (voters, contributing shareholders)."""
        if self.finished:
            return []
        several = getattr(self.round, "acting_entities", None)
        found = several() if several is not None else []
        ent = self.round.current_entity()
        return found or ([ent] if ent is not None else [])

    def legal_actions(self) -> list[str]:
        """Names of the action kinds the acting entity may take now."""
        if self.finished:
            return []
        ent = self.current_entity()
        return self.round.legal(ent) if ent else []

    def money(self, amount: int) -> str:
        """An amount in the title's currency ("$80", "80₽")."""
        cur = self.data.get("currency") or "$%s"
        sign, amount = ("-", -amount) if amount < 0 else ("", amount)
        return sign + (cur % amount if "%s" in cur else f"${amount}")

    def legal_moves(self, entity: Optional[str] = None):
        """Concrete legal moves of `entity` (default: the acting entity), as pbem.engine.legal.LegalMove."""
        from pbem.engine.legal import legal_moves

        return legal_moves(self, entity)

    def __deepcopy__(self, memo):
        # the title (rules, data, tile catalogue) is shared and immutable: copy the state only.
        # A copy of the game alone (a trial or probe) goes through a snapshot's bytes, several
        # times cheaper than copying object by object (benchmarks/undo.py)
        import copy

        if not memo:
            from pbem.engine.snapshot import freeze, thaw

            return thaw(freeze(self), self)

        memo[id(self.title)] = self.title
        memo[id(self.data)] = self.data
        cls = self.__class__
        new = cls.__new__(cls)
        memo[id(self)] = new
        for k, v in self.__dict__.items():
            setattr(new, k, copy.deepcopy(v, memo))
        return new

    def train_limit(self, corp: Corporation) -> int:
        """The phase's train limit; a per-type limit ({minor, major, national}) applies by corporation type."""
        limit = self.phase.train_limit
        if isinstance(limit, dict):
            limit = limit.get(corp.kind, 0)
        return limit + self.title.extra_train_limit(self, corp)

    def company_owner_name(self, company: Company) -> str:
        if company.owner is None:
            return "bank"
        return company.owner if company.owner_is_corp else self.player_name(company.owner)

    # --- money ------------------------------------------------------------------
    def pay_from_bank(self, who: str, amount: int) -> None:
        """The bank pays a player or corporation; the bank may break (go negative) and keeps paying."""
        if amount <= 0:
            return
        self.bank -= amount
        if who in self.players:
            self.players[who].cash += amount
        else:
            self.corporations[who].cash += amount
        if self.bank < 0:
            self.bank_broken = True

    def pay_to_bank(self, who: str, amount: int) -> None:
        if amount <= 0:
            return
        if who in self.players:
            self.players[who].cash -= amount
        else:
            self.corporations[who].cash -= amount
        self.bank += amount

    def cash_of(self, who: str) -> int:
        return self.players[who].cash if who in self.players else self.corporations[who].cash

    # --- push -------------------------------------------------------------------
    def push(self, action: A.Action) -> None:
        """Validate and apply one action; raise RuleError (state untouched where it can be checked first)."""
        if self.finished:
            raise RuleError(f"the game is over ({self.end_reason}); no more moves", rule="game end")
        if isinstance(action, A.EndGame):
            if action.entity not in self.players:
                raise RuleError("only a player may end the game", rule="game end by agreement")
            self.end_game("manually_ended")
            self.actions_applied += 1
            return
        missing = A.unsaid(action)
        if missing:
            raise RuleError(f"the move ({action.words or action.kind_name}) leaves out its {' and '.join(missing)}",
                            rule="a move says what it needs")
        self.last_move_hexes = []
        self.rule_notes = []
        if not self.title.anytime_action(self, action):
            self.round.process(action)
        self.actions_applied += 1
        self.after_action()

    def after_action(self) -> None:
        self.check_game_end_triggers()
        if self.finished:
            return
        if self.end_trigger and self.end_trigger[1] == "immediate":
            self.end_game(self.end_trigger[0])
            return
        while self.round.finished() and not self.finished:
            self.next_round()

    # --- rounds ------------------------------------------------------------------
    def next_round(self) -> None:
        """Start the round after the finished one, in the order the title declares."""
        from pbem.engine.rounds.sequence import next_round

        if self.title.next_round(self):          # a title still ordering its rounds itself
            if not self.finished:
                self.round.start()
            return
        next_round(self, self.title.round_sequence())

    def reorder_after_stock(self, rnd) -> None:
        """The priority deal: the player after the last to act leads next (18xx.games :after_last_to_act)."""
        nxt = rnd.priority_holder()
        if nxt is not None:
            i = self.priority_order.index(nxt)
            self.priority_order = self.priority_order[i:] + self.priority_order[:i]

    # --- game end --------------------------------------------------------------------
    def check_game_end_triggers(self) -> None:
        checks = self.title.game_end_checks(self)
        priority = self.title.end_timing_priority
        for reason, timing in checks:
            if self.end_trigger and priority.index(timing) >= priority.index(self.end_trigger[1]):
                continue
            self.end_trigger = (reason, timing)

    def end_now(self, finishing: str) -> bool:
        """Called as a round finishes: end the game if the trigger's timing has come."""
        self.check_game_end_triggers()
        if not self.end_trigger:
            return False
        reason, timing = self.end_trigger
        done = False
        if timing in ("immediate", "current_round"):
            done = True
        elif finishing == "operating":
            if timing == "current_or":
                done = True
            elif timing == "full_or":
                done = self.round.num >= self.or_count
        if done:
            self.end_game(reason)
        return done

    def end_game(self, reason: str) -> None:
        self.title.before_game_end(self)
        self.finished = True
        self.end_reason = reason
        self.log.append(f"-- Game over ({reason}) --")

    def player_value(self, pid: str) -> int:
        own = self.title.player_value(self, pid)
        if own is not None:
            return own
        p = self.players[pid]
        value = p.cash
        for corp in self.corporations.values():
            pct = corp.percent_of(pid)
            if pct and corp.par_price is not None and not corp.closed:
                price = self.market.price(corp.sym) or 0
                value += math.ceil(price * pct / corp.share_percent)
        for sym in p.companies:
            c = self.companies[sym]
            if not c.closed:
                value += c.value
        return value

    def standings(self) -> list[tuple[str, int]]:
        vals = [(pid, self.player_value(pid)) for pid in self.seat_order]
        return sorted(vals, key=lambda x: -x[1])

    # --- corporations -------------------------------------------------------------
    def float_corporation(self, corp: Corporation) -> None:
        corp.floated = True
        self.log.append(f"{corp.sym} floats")
        capital = self.title.float_capital(self, corp)
        if capital:
            self.pay_from_bank(corp.sym, capital)

    def operating_order(self) -> list[Corporation]:
        return self.title.operating_order(self)

    def set_par(self, corp: Corporation, price: int) -> None:
        cell = self.market.par_cell(price)
        if cell is None:
            pars = ", ".join(f"${c.price}" for c in self.market.par_cells)
            raise RuleError(f"${price} is not a par value; par values are {pars}", rule="par values")
        self.market.set_par(corp.sym, cell)
        corp.par_price = price

    # --- trains --------------------------------------------------------------------
    def owned_trains(self) -> list[Train]:
        return [t for c in self.corporations.values() for t in c.trains]

    def buy_train_from_depot(self, corp: Corporation, train: Train, price: int, paid: bool = False) -> None:
        """`corp` takes `train` from the depot, paying `price` to the bank (unless the money was
        already moved by a `TrainPayment`: `paid`)."""
        self.depot.take(train)
        train.owner = corp.sym
        corp.trains.append(train)
        if not paid:
            self.pay_to_bank(corp.sym, price)
        self.on_train_bought(corp, train)

    def on_train_bought(self, corp: Corporation, train: Train) -> None:
        """Phase changes, rusting and train events triggered by the first train of a type."""
        for i, ph in enumerate(self.phases):
            if i > self.phase_index and ph.on == train.name:
                self.change_phase(i, corp)
                break
        for ev in list(train.events):
            self.title.train_event(self, ev, corp, train)
        train.events = []
        self.title.after_train_bought(self, corp, train)

    def change_phase(self, index: int, corp: Corporation) -> None:
        while self.phase_index < index:
            self.phase_index += 1
            ph = self.phase
            self.log.append(f"-- Phase {ph.name} --")
            for t in self.owned_trains():
                if t.rusts_on == ph.name:
                    self.title.rust_on_phase(self, t, corp)
            for t in list(self.depot.discarded):
                if t.rusts_on == ph.name:         # discarded ones rust in the depot too (18xx.games)
                    self.depot.discarded.remove(t)
                    self.rust(t)
            self.title.on_phase(self, ph)

    def rust(self, train: Train) -> None:
        holder = self.corporations.get(train.runner) if train.runner else None   # the lessee holds a leased train
        if holder and train in holder.trains:
            holder.trains.remove(train)
        train.rusted = True
        train.owner = None
        train.lessee = None
        self.depot.rusted.append(train)

    def crowded_corps(self) -> list[Corporation]:
        """The corporations over their train limit (asked after nearly every move: a company
        holding no more trains than the limit, leases counted, is passed without counting them)."""
        corps = self.corporations.values()
        limit = self.phase.train_limit
        if not isinstance(limit, dict):
            # the common case, in one pass: no train leased and nobody holding more than the limit
            crowded = False
            for c in corps:
                trains = c.trains
                if len(trains) > limit:
                    crowded = True
                    break
                for t in trains:
                    if t.lessee is not None:
                        crowded = True
                        break
                if crowded:
                    break
            if not crowded:
                return []
        leased = leased_trains(self)
        out = []
        for c in corps:
            held = len(c.trains) + (sum(1 for t in leased if t.owner == c.sym) if leased else 0)
            if not held or c.closed or held <= self.train_limit(c) or not self.title.has_train_limit(self, c):
                continue
            if train_limit_count(self, c) > self.train_limit(c):
                out.append(c)
        return out

    # --- companies -------------------------------------------------------------------
    def close_company(self, company: Company) -> None:
        if company.closed:
            return
        company.closed = True
        if company.owner:
            if company.owner_is_corp:
                corp = self.corporations[company.owner]
                if company.sym in corp.companies:
                    corp.companies.remove(company.sym)
            else:
                p = self.players[company.owner]
                if company.sym in p.companies:
                    p.companies.remove(company.sym)
        self.log.append(f"{company.name} closes")

    def give_company(self, company: Company, owner: str, is_corp: bool) -> None:
        if company.owner:
            if company.owner_is_corp:
                self.corporations[company.owner].companies.remove(company.sym)
            else:
                self.players[company.owner].companies.remove(company.sym)
        company.owner = owner
        company.owner_is_corp = is_corp
        if is_corp:
            self.corporations[owner].companies.append(company.sym)
        else:
            self.players[owner].companies.append(company.sym)

    def payout_companies(self) -> None:
        def key(c: Company):
            if not c.owner_is_corp:
                return (0, self.priority_order.index(c.owner), c.revenue, c.name)
            return (1, c.owner, c.revenue, c.name)
        for c in sorted((c for c in self.companies.values() if c.owner and not c.closed), key=key):
            self.pay_from_bank(c.owner, c.revenue)

    def blocked_hex(self, coord: str) -> Optional[Company]:
        for c in self.companies.values():
            if not c.closed and c.owner and not c.owner_is_corp and coord in c.blocks_hexes:
                return c
        return None
