"""The operating round: each floated corporation in market order lays track, tokens, runs, pays, buys trains."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.graph import route_figures
from pbem.engine.leases import end_leases, sellable_trains, train_limit_count
from pbem.engine.step import Step, StepRound
from pbem.engine.steps.operating import STANDARD, Abilities
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class OperatingRound(StepRound):
    """One OR: each corporation's turn walks its steps in order (`steps`, made from
    `step_classes`); a step passed or with nothing to choose is skipped automatically. A
    private's ability, usable at any point of its owner's turn, is the `ability_step`'s."""

    name = "operating"
    #: the turn's steps in order (a title varies them by declaring a subclass with others)
    step_classes: tuple[type, ...] = STANDARD
    #: the step of the privates' abilities (a title with abilities of its own subclasses it)
    ability_step: type = Abilities
    #: what a corporation may do with its revenue
    dividend_kinds: tuple[str, ...] = ("payout", "withhold")

    def __init__(self, game: "Game", num: int):
        self.game = game
        self.num = num
        self.order: list["Corporation"] = []
        self.index = 0
        self.done = False
        self.turn: Optional[TurnState] = None
        self.steps: list[Step] = [cls(self) for cls in self.step_classes]
        self.abilities: Step = self.ability_step(self)
        self._named: dict[str, Step] = {s.name: s for s in self.steps}

    @property
    def step_names(self) -> tuple[str, ...]:
        """The names of the turn's steps, in order."""
        return tuple(s.name for s in self.steps)

    def step_named(self, name: str) -> Optional[Step]:
        return self._named.get(name)

    # --- flow -----------------------------------------------------------------------
    def start(self) -> None:
        g = self.game
        g.payout_companies()
        self.order = g.operating_order()
        for c in self.order:
            for t in c.trains:
                t.operated = False
        self.index = -1
        self._next_corp()

    def finished(self) -> bool:
        return self.done or self.game.finished

    def priority_holder(self):
        return None

    @property
    def corp(self) -> "Corporation":
        return self.order[self.index]

    def _next_corp(self) -> None:
        while True:
            self.index += 1
            if self.index >= len(self.order):
                self.done = True
                self.turn = None
                end_leases(self.game, "operating_round")
                return
            corp = self.order[self.index]
            if corp.closed or self.skip_corp(corp):
                continue
            self.turn = TurnState(corp.sym)
            self.game.title.start_operating(self.game, corp, self)
            if self._settle():
                return

    def skip_corp(self, corp: "Corporation") -> bool:
        """Whether the corporation sits out its turn (checked when its turn comes)."""
        return False

    def recalculate_order(self) -> None:
        """After emergency sales move prices, corporations yet to operate are re-sorted."""
        g = self.game
        rest = self.order[self.index + 1:]
        resorted = [c for c in g.operating_order() if c in rest]
        self.order = self.order[: self.index + 1] + resorted

    def _settle(self) -> bool:
        """Auto-skip steps without choices. True if the current corporation still has to act."""
        g = self.game
        while True:
            if g.finished:
                return True
            if g.title.pending_choice(g):
                return True                  # a choice blocks the turn until it is made
            if self.gone(self.corp):
                return False                 # nationalised or closed during its own turn: it is over
            step = self.active_step()
            if step is None:
                g.title.end_operating_turn(g, self.corp, self)
                end_leases(g, "turn")
                self.index_done = True
                return False
            if not self._named[step].passes_without_choice():
                return True
            self.skip(step)                  # nothing to choose: passed (or settled) without a move

    def advance(self) -> None:
        """Carry the round on after an action: skip what offers no choice, end finished turns."""
        if self.done or self.turn is None:
            return
        if not self._settle():
            self._next_corp()

    def gone(self, corp: "Corporation") -> bool:
        """Whether the corporation has left play (closed) and so stops operating at once."""
        return corp.closed

    def step_in_play(self) -> Optional[Step]:
        """The step in play: the first of the turn not passed that is in play (None between turns)."""
        t = self.turn
        if t is None:
            return None
        passed = t.passed
        for s in self.steps:
            if s.name not in passed and s.blocks():
                return s
        return None

    def active_step(self) -> Optional[str]:
        """The name of the step in play."""
        step = self.step_in_play()
        return step.name if step is not None else None

    def declines_before(self, action: A.Action) -> bool:
        """Whether the step in play is an optional one (offering a pass) before the step that
        takes `action`: naming the later move then passes it, without a choice to make."""
        obj = self.step_in_play()
        if obj is None or not getattr(obj, "optional", False) or action.entity != obj.entity():
            return False
        names = self.step_names
        later = [other.name for other in self.steps
                 if type(action) in getattr(other, "handles", ()) and not isinstance(action, A.Pass)]
        if not later or names.index(later[0]) <= names.index(obj.name):
            return False
        return "pass" in self.legal(obj.entity())

    def step_moves(self, kind: str, entity: str) -> Optional[list]:
        """The concrete moves of one kind from the step that offers it (None: no Step lists it)."""
        if kind == "buy_company":
            obj = self.step_named("buy_company")         # offered at every step of the turn
        elif kind in ("sell_shares", "bankrupt"):
            obj = self.step_named("buy_train")           # the president's help toward a train
        else:
            obj = self.step_in_play()
        return obj.moves_of(kind, entity) if obj is not None else None

    def skip(self, step: str) -> None:
        if step == "dividend":
            self._named["dividend"].apply_dividend(A.Dividend(self.corp.sym, "withhold"))
        else:
            self.turn.passed.add(step)

    # --- who acts and what may they do -------------------------------------------------
    def current_entity(self) -> Optional[str]:
        if self.done or self.turn is None:
            return None
        obj = self.step_in_play()
        return obj.entity() if obj is not None else self.corp.sym

    def legal(self, entity: str) -> list[str]:
        """The kinds `entity` may take now: the step in play's, and a private's purchase by the
        operating corporation at any step of its turn that lets it (also while its home station
        waits for its city: 18xx.games' BuyCompany comes before HomeToken)."""
        step = self.step_in_play()
        if step is None:
            return []
        acts = list(step.actions(entity))
        corp = self.corp
        if "buy_company" not in acts and entity == corp.sym and (not step.interrupts or step.takes_company_purchase) \
                and self.current_entity() == entity and self.can_buy_company(corp):
            acts.append("buy_company")
        return acts

    def step_actions(self, step: str) -> list[str]:
        """The kinds the named step offers the operating corporation now."""
        obj = self.step_named(step)
        return obj.offered() if obj is not None else []

    # --- conditions ---------------------------------------------------------------------
    def tile_lay_slot(self) -> Optional[dict]:
        lays = self.game.data["tile_lays"]
        t = self.turn
        if t.lays >= len(lays):
            return None
        slot = dict(lays[t.lays])
        for k in ("lay", "upgrade"):
            if slot.get(k) == "not_if_upgraded":
                slot[k] = not t.upgraded
        slot.setdefault("cost", 0)
        return slot

    def can_lay_tile(self, corp: "Corporation") -> bool:
        slot = self.tile_lay_slot()
        if not slot:
            return False
        if not corp.tokens and not self.game.board.tokens_of(corp.sym):
            return False        # as 18xx.games: no station marker at all (charter or map), no track (a neutral-station corporation)
        return corp.cash >= slot["cost"] and bool(slot["lay"] or slot["upgrade"])

    def track_funds(self, corp: "Corporation") -> int:
        """What the corporation can spend on track now (its cash; with loans, more)."""
        return corp.cash

    def must_buy_train(self, corp: "Corporation") -> bool:
        """A corporation with no train and a route (two stops its track joins) must buy one
        while trains are left to buy."""
        g = self.game
        return not corp.trains and bool(g.depot.upcoming) and route_figures(g.board, corp.sym)[0] >= 2

    def emergency(self, corp: "Corporation") -> bool:
        """The president must help: no train, a route, and not enough cash for the cheapest train."""
        g = self.game
        if not self.must_buy_train(corp):
            return False
        cheapest = min(t.price for t in g.depot.available(g.phase_names))
        return corp.cash < cheapest

    def can_buy_train(self, corp: "Corporation") -> bool:
        g = self.game
        avail = g.depot.available(g.phase_names)
        # a trade-in needs no free train slot
        if any(price <= corp.cash for price in self._exchange_prices(corp, avail)):
            return True
        if train_limit_count(g, corp) >= g.train_limit(corp):
            return False
        if avail and corp.cash >= min(t.price for t in avail):
            return True
        # a train another corporation owns (not one leased to it)
        return corp.cash >= 1 and any(t.lessee is None for c in g.corporations.values()
                                      if c is not corp and not c.closed for t in c.trains)

    def _exchange_prices(self, corp: "Corporation", avail: list) -> list[int]:
        """The prices of the depot's trains for sale (`avail`) the corporation could trade one
        of its own in for."""
        out = []
        own = sellable_trains(corp)                  # a leased train cannot be traded in
        for t in avail:
            if t.discount and any(tr.name in t.discount for tr in own):
                best = max(t.discount[tr.name] for tr in own if tr.name in t.discount)
                out.append(t.price - best)
        return out

    def can_buy_company(self, corp: "Corporation") -> bool:
        g = self.game
        if "can_buy_companies" not in g.phase.status:
            return False
        cands = g.title.purchasable_companies(g, corp)
        return bool(cands) and min(g.title.company_price_range(g, c)[0] for c in cands) <= corp.cash

    # --- processing -----------------------------------------------------------------------
    def process(self, action: A.Action) -> None:
        self.step_for(action).process(action)
        self.game.settling = True
        try:
            self.advance()
        finally:
            self.game.settling = False

    def step_for(self, action: A.Action) -> Step:
        """The step that takes `action`: a private's ability acting for its owning corporation
        (`abilities`, at any point of the turn), the step in play when it interrupts the turn (a
        station to place, a train to discard), the train step for the president's sale toward a
        train and for bankruptcy, the private purchase step at any step, else the step in play;
        RuleError when the action is none of these. A step in play that `holds_abilities` (a
        choice, a teleport's station) takes every action."""
        g = self.game
        step, corp, ent = self.step_in_play(), self.corp, self.current_entity()
        if step is not None and step.holds_abilities:
            return step
        # a corporation sharing a private's name acting when asked is not a private's ability
        if action.entity in g.companies and action.entity not in (corp.sym, ent):
            return self.abilities
        buy_company, buy_train = self.step_named("buy_company"), self.step_named("buy_train")
        if step is not None and step.interrupts:
            if step.takes_company_purchase and isinstance(action, A.BuyCompany) and action.entity == corp.sym == ent:
                return buy_company
            return step
        if isinstance(action, A.SellShares) and step is buy_train and action.entity == corp.president:
            return buy_train
        if action.entity != corp.sym:
            raise RuleError(f"it is {corp.sym}'s turn to operate, not {g.player_name(action.entity)}'s",
                            rule="operating order", legal=self.legal(ent))
        if isinstance(action, A.Bankrupt):
            return buy_train
        if isinstance(action, A.BuyCompany):
            return buy_company
        if step is None or type(action) not in step.handles:
            legal = self.legal(corp.sym)
            name = step.name if step is not None else "end"
            if isinstance(action, A.Pass) and name == "buy_train":
                raise RuleError(f"{corp.sym} has no train and a route: it must buy a train", rule="must own a train",
                                legal=legal)
            raise RuleError(f"{corp.sym} cannot {A.kind_words(action)} now: it is at the {name.replace('_', ' ')} step",
                            rule="order of an operating turn", legal=legal)
        return step

    def pre_check(self, action: A.Action) -> bool:
        """Check `action` as `process` would, changing nothing: RuleError if the step it goes to
        refuses it; True if it is then legal, False if only applying it tells (a private's
        ability, and what the step's `checked_on_apply` names)."""
        if self.done or self.turn is None:
            return False
        return self.step_for(action).answers(action)


class TurnState:
    """What a corporation has done so far in its operating turn."""

    def __init__(self, sym: str):
        self.sym = sym
        self.passed: set[str] = set()
        self.lays = 0
        self.upgraded = False
        self.tokened = False
        self.revenue = 0
        self.routes: list = []
        self.last_share_sold_price: Optional[int] = None    # in an emergency, per share of the last sale
        # stations to place now: (their corporation, allowed hexes, lifted token or None, who chooses)
        self.pending_home: list[tuple] = []
        self.laid_hexes: list[str] = []
