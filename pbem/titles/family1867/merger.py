"""The merger round (1861/1867, after each OR in phases 3 to 7).

Every floated minor, in market order, may pass, convert into a major (if its price is in the
convert range) or lead a merger of connected minors into a major. A conversion or merger is
followed by share buying in the new major (from its treasury, at its price; the money goes to the
major) and, after a merger, by the removal of stations above the limit of two.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.engine.step import Step, StepRound
from pbem.errors import RuleError
from pbem.titles.family1867.choice import ChoiceStep
from pbem.titles.family1867.merger_steps import (MergeOrConvert, MergerDiscard, NameMajor, PostMergerShares,
                                                 ReduceStations)
from pbem.titles.family1867.state import family_state

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game

MERGE_LIMIT = 10          # minors in one merger
OWNER_LIMIT = 6           # minors of one owner in one merger
TOKEN_LIMIT = 2           # stations a new major keeps


class MergerSteps(StepRound):
    """Convert, merge, post-merger shares and station reduction, minor by minor."""

    name = "merger"
    #: the steps of the round, first in play first
    step_classes: tuple[type, ...] = (ChoiceStep, MergerDiscard, ReduceStations, PostMergerShares, NameMajor,
                                      MergeOrConvert)

    def __init__(self, game: "Game", num: int):
        self.game = game
        self.num = num
        g = game
        minors = [c for c in g.corporations.values() if c.kind == "minor" and c.floated and not c.closed]
        self.entities: list[str] = [c.sym for c in sorted(minors, key=lambda c: g.market.order_key(c.sym))]
        self.index = 0
        self.mode = "choose"            # choose | convert | merging | target | shares | reduce
        self.merging: list[str] = []
        self.target: Optional[str] = None
        self.dealing: list[str] = []     # players who may still buy shares of the new major
        self.multiple: list[str] = []    # of those, the ones who may buy more than one
        self.passed: set[str] = set()
        self.merge_type = ""
        self.token_specs: dict = {}      # (hex, city) -> the charter token the new major put there
        self.steps: list[Step] = [cls(self) for cls in self.step_classes]

    # --- flow -----------------------------------------------------------------
    def start(self) -> None:
        pass

    def finished(self) -> bool:
        """After the last minor, and after any major made over its train limit has discarded."""
        done = self.index >= len(self.entities) and not self.game.crowded_corps()
        return done or self.game.finished

    def priority_holder(self):
        return None

    def step_in_play(self) -> Optional[Step]:
        """The first step in play (None once the round is over)."""
        if self.finished():
            return None
        return next((st for st in self.steps if st.blocks()), None)

    def after_choice(self) -> None:
        """Nothing to carry on: the minor in turn chooses next."""

    def _next(self) -> None:
        self.mode = "choose"
        self.merging = []
        self.token_specs = {}
        self.target = None
        self.passed = set()
        self.index += 1

    # --- conditions ---------------------------------------------------------------
    def can_convert(self, corp: "Corporation") -> bool:
        cell = self.game.market.positions.get(corp.sym)
        return corp.kind == "minor" and cell is not None and "C" in cell.types and bool(self.open_majors())

    def candidates(self, lead: str) -> list[str]:
        """Minors connected by track to the group (minors have one station each)."""
        from pbem.engine.graph import reach

        g = self.game
        group = self.merging or [lead]
        if len(group) >= MERGE_LIMIT:
            return []
        owners: dict[str, int] = {}
        for s in group:
            p = g.corporations[s].president
            owners[p] = owners.get(p, 0) + 1
        out: list[str] = []
        for s in group:
            net = reach(g.board, s)
            for coord, city in _cities(g.board, net):
                for tok in g.board.slots(coord, city):
                    if tok is None or tok.corp in group or tok.corp in out:
                        continue
                    c = g.corporations.get(tok.corp)
                    if c is None or c.kind != "minor" or c.closed or owners.get(c.president, 0) >= OWNER_LIMIT:
                        continue
                    out.append(tok.corp)
        return out

    def open_majors(self) -> list[str]:
        g = self.game
        return [c.sym for c in g.corporations.values()
                if c.kind == "major" and not c.floated and not c.ipoed and c.sym in family_state(g).in_play]

    # --- actions -----------------------------------------------------------------
    def process(self, action: A.Action) -> None:
        step = self.step_in_play()
        if step is None:
            raise RuleError("the merger round is over", rule="merger round order")
        step.process(action)
        if not isinstance(step, (ChoiceStep, MergerDiscard)):
            self._settle()

    def pre_check(self, action: A.Action) -> bool:
        """As StepRound's; but after a share, a station or a merger only settling the round tells
        whether the new major has a president (`_settle`)."""
        step = self.step_in_play()
        if step is None:
            return False
        answered = step.answers(action)
        return answered and isinstance(step, (ChoiceStep, MergerDiscard))

    def _settle(self) -> None:
        if self.mode == "shares" and not self.eligible():
            self._check_shares()
            if not self.eligible():
                if self.game.corporations[self.target].president is None:
                    raise RuleError(f"no player can become president of {self.target}: the merger fails",
                                    rule="a new major needs a president")
                self._after_shares()

    def _add(self, action: A.Merge) -> None:
        lead = self.entities[self.index]
        if not self.merging:
            self.merging = [lead]
        self.merging.append(action.corporation)
        self.mode = "merging" if self.candidates(lead) else "target"

    # --- conversion and merger ---------------------------------------------------
    def _major_par(self, price: int):
        g = self.game
        cells = [c for row in g.market.grid for c in row
                 if c and c.price <= price and ("p" in c.types or "z" in c.types)]
        return max(cells, key=lambda c: c.price)

    def _finish_convert(self, action: A.Merge) -> None:
        g = self.game
        minor = g.corporations[self.entities[self.index]]
        major = g.corporations[action.corporation]
        cell = self._major_par(g.market.price(minor.sym))
        self._start_major(major, cell)
        owner = minor.president
        g.shares.give_president(major, owner)
        self._absorb(minor, major)
        self.target = major.sym
        self.merge_type = "convert"
        self.entities[self.index] = major.sym
        order = g.priority_order
        i = order.index(owner)
        self.dealing = order[i:] + order[:i]
        self.multiple = [owner]
        self.passed = set()
        self.mode = "shares"

    def merge_problem(self, group: Optional[list[str]] = None) -> str:
        """Why the minors gathered so far (or `group`) cannot become a major ('' if they can):
        someone must be able to take the presidency. One check for the refusal and the listing."""
        g = self.game
        group = self.merging if group is None else group
        if not self.open_majors():
            return "no major is left for the merged minors to form"
        prices = [g.market.price(s) for s in group]
        cell = self._major_par(min(200, max(100, max(prices) + min(prices))))
        owners = [g.corporations[s].president for s in group]
        if not any(g.players[p].cash >= cell.price or owners.count(p) >= 2 for p in set(owners)):
            return "no player could become president of the new major"
        if not any(owners.count(p) >= 2 for p in owners) and not self._president_possible(group):
            # money is not all: the share must also fit the buyer's certificate limit
            return "no player could buy the share that makes the president of the new major"
        return ""

    def _president_possible(self, group: list[str]) -> bool:
        """Whether the merger of `group` leaves a president or a player able to buy the share
        that makes one: the merger is made on a copy of the game by the round's own code and
        the post-merger share step's own predicate asked (`eligible`), so the listing, the
        check and the share buying are one rule. Which major is formed does not matter (their
        paper is alike). Cached per group and position (a copy of a late game is not cheap)."""
        import copy

        g = self.game
        key = (self.index, tuple(group), g.cert_limit,
               tuple(sorted((p.id, p.cash, g.shares.num_certs(p.id)) for p in g.players.values())))
        cache = self.__dict__.setdefault("_president_cache", {})
        if key not in cache:
            trial = copy.deepcopy(g)
            rnd = trial.round
            rnd.merging = list(group)
            major = self.open_majors()[0]
            rnd._finish_merge(A.Merge(group[0], major))
            cache[key] = trial.corporations[major].president is not None or bool(rnd.eligible())
        return cache[key]

    def _finish_merge(self, action: A.Merge) -> None:
        g = self.game
        major = g.corporations[action.corporation]
        prices = [g.market.price(s) for s in self.merging]
        cell = self._major_par(min(200, max(100, max(prices) + min(prices))))
        merging = sorted((g.corporations[s] for s in self.merging), key=lambda c: g.market.order_key(c.sym))
        owners = [c.president for c in merging]
        players = [p for p in g.priority_order if p in owners]
        i = players.index(owners[0])
        players = players[i:] + players[:i]
        self._start_major(major, cell)
        for minor in merging:
            owner = minor.president
            if major.president is None and major.percent_of(owner) == 10:
                # the owner's 10% goes back to the end of the IPO for the president's 20%
                major.certificates.give(major.certificates.of(owner)[0], "ipo")
                g.shares.give_president(major, owner)
            else:
                g.shares.transfer(major, "ipo", owner, 10, last=True)   # the IPO's last certificate
            self._absorb(minor, major)
            if minor.sym in self.entities:
                j = self.entities.index(minor.sym)
                self.entities.pop(j)
                if j < self.index:
                    self.index -= 1
        self.entities.insert(self.index, major.sym)
        self.target = major.sym
        self.merge_type = "merge"
        self.dealing = players
        self.multiple = list(players)
        self.passed = set()
        # stations above the limit are removed first, then shares are dealt
        self.mode = "reduce" if self._over_token_limit(major) else "shares"
        if self.mode == "shares":
            self._fix_tokens(major)

    def _start_major(self, major: "Corporation", cell) -> None:
        g = self.game
        g.market.set_par(major.sym, cell)
        major.par_price = cell.price
        major.ipoed = True
        major.floated = True

    def _give(self, major: "Corporation", player: str, percent: int) -> None:
        self.game.shares.transfer(major, "ipo", player, percent)

    def _absorb(self, minor: "Corporation", major: "Corporation") -> None:
        """Stations, cash, privates, loans and trains pass to the major; the minor closes."""
        g = self.game
        self._drop_duplicates(major)
        for coord, city, slot in list(g.board.tokens_of(minor.sym)):
            g.board.remove_token(coord, city, slot)
            # the major's station takes the city's first free slot, as a new station would
            g.board.place_token(coord, city, Token(major.sym, major.sym, False))
            spec = major.next_token()
            if spec is None:
                from pbem.engine.entities import TokenSpec

                spec = TokenSpec(price=0)
                major.tokens.append(spec)
            spec.used = True
            self.token_specs[(coord, city)] = spec
        major.cash += minor.cash
        minor.cash = 0
        for sym in list(minor.companies):
            g.give_company(g.companies[sym], major.sym, True)
        major.loans += minor.loans
        minor.loans = 0
        for t in list(minor.trains):
            minor.trains.remove(t)
            t.owner = major.sym
            major.trains.append(t)
        g.title.close_corporation(g, minor)

    # --- post-merger shares ---------------------------------------------------------
    def share_price(self) -> int:
        return self.game.market.price(self.target)

    def can_buy_share(self, player: str) -> bool:
        g = self.game
        major = g.corporations[self.target]
        if major.ipo_percent - (20 if major.president is None else 0) < 10:
            return False
        return g.players[player].cash >= self.share_price() and g.shares.can_gain(major, player, 10)

    def pass_problem(self, player: str) -> str:
        """Why the player may not pass on the new major's shares ('' if it may): nobody holds the
        president's certificate yet and nobody else could still buy (1861 rules 6.2: the earliest
        minor's owner must buy one; 18xx.games can only undo such a failed merger)."""
        major = self.game.corporations[self.target]
        if major.president is None and not [p for p in self.eligible() if p != player]:
            return f"nobody else can buy a share of {major.sym} and a president is needed: {player} must buy"
        return ""

    def eligible(self) -> list[str]:
        return [p for p in self.dealing if p not in self.passed and self.can_buy_share(p)]

    def _shares(self, action: A.Action) -> None:
        g = self.game
        player = action.entity
        major = g.corporations[self.target]
        if isinstance(action, A.Pass):
            self.passed.add(player)
            self._check_shares()
            el = self.eligible()
            if el and el[0] == player:
                self.dealing.remove(player)      # a pass is not asked for twice
            return
        price = self.share_price()
        g.players[player].cash -= price
        major.cash += price
        self._give(major, player, 10)
        if major.president is None and major.percent_of(player) >= 20:
            major.president = player
        elif major.president is not None:
            # a buyer who now holds more than the president takes the presidency (as any buy)
            g.shares.check_president(major, previous=major.president)
        if player not in self.multiple or not self.can_buy_share(player):
            self.passed.add(player)
        self._check_shares()

    def _check_shares(self) -> None:
        if self.eligible():
            return
        g = self.game
        major = g.corporations[self.target]
        if major.president is None:
            return
        if self.merge_type == "merge" and self.multiple:
            order = g.priority_order
            i = order.index(major.president)
            self.dealing = order[i:] + order[:i]
            self.multiple = []
            self.passed = set()

    def _after_shares(self) -> None:
        self._next()

    def _over_token_limit(self, major: "Corporation") -> bool:
        return len(self.game.board.tokens_of(major.sym)) > TOKEN_LIMIT or self._same_hex(major)

    def _same_hex(self, major: "Corporation") -> bool:
        hexes = [c for c, _, _ in self.game.board.tokens_of(major.sym)]
        return len(set(hexes)) != len(hexes)

    def _fix_tokens(self, major: "Corporation") -> None:
        """A new major has three stations in all: a 40 one is added if it has another number."""
        from pbem.engine.entities import TokenSpec

        if len(major.tokens) != 3:
            major.tokens.append(TokenSpec(price=40))

    def _drop_duplicates(self, major: "Corporation") -> None:
        """A station of the major in a city where a minor still to be merged has one goes back to
        the charter: the minor's station takes its place (18xx.games TokenMerger)."""
        g = self.game
        cities = {(c, ci) for s in self.merging for c, ci, _ in g.board.tokens_of(s)}
        for coord, city, slot in list(g.board.tokens_of(major.sym)):
            if (coord, city) in cities:
                g.board.remove_token(coord, city, slot)
                spec = self.token_specs.pop((coord, city), None)
                if spec is not None:
                    spec.used = False

    def reduce_problem(self, coord: str, city: int) -> str:
        """Why the major may not give up its station there ('' if it may): it must keep stations
        in two different hexes. One check for the refusal and the listing."""
        g = self.game
        mine = [(c, ci) for c, ci, _ in g.board.tokens_of(self.target)]
        if (coord, city) not in mine:
            return f"{self.target} has no station in {coord}"
        left = list(mine)
        left.remove((coord, city))
        if len({c for c, _ in mine}) > 1 and len({c for c, _ in left}) == 1:
            return f"{self.target} must keep stations in two different hexes"
        return ""

    def _reduce(self, action: A.RemoveToken) -> None:
        """The removed station goes back to the charter; once within the limit the major keeps its
        placed stations and the cheapest others, two in all, plus the 40 one (18xx.games)."""
        g = self.game
        major = g.corporations[self.target]
        slots = g.board.slots(action.hex, action.city)
        slot = next(i for i, t in enumerate(slots) if t is not None and t.corp == major.sym)
        g.board.remove_token(action.hex, action.city, slot)
        spec = self.token_specs.pop((action.hex, action.city), None)
        if spec is None:
            spec = next((t for t in reversed(major.tokens) if t.used), None)
        if spec is not None:
            spec.used = False
        if not self._over_token_limit(major):
            used = [t for t in major.tokens if t.used]
            unused = sorted((t for t in major.tokens if not t.used), key=lambda t: t.price)
            major.tokens = (used + unused)[:TOKEN_LIMIT]
            self._fix_tokens(major)
            self.mode = "shares"


class MergerRound(MergerSteps):
    """The merger round; a trainless major's choice comes before anything else (its first step)."""


def _cities(board, net) -> list[tuple[str, int]]:
    """The cities a corporation's network reaches, as (hex, city index)."""
    out = []
    for coord, node in sorted(net.nodes):
        if board._hexes[coord].tile.nodes[node].kind == "city":
            out.append((coord, board.city_index_of_node(coord, node)))
    return out
