"""1869 USA West: the 1830 family's rules on 1869's data, with 1869's differences as hooks.

Each difference and each point the rules text leaves open is written up, with the text's line,
in docs/1869-rules.md."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.titles.family1830.rules import Rules1830Family
from pbem.titles.g1869.state import State1869, state
from pbem.titles.registry import tile_data, title_data

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game

#: the option that adds the 14th corporation, ILL (a seventh group)
ILL = "ill"


class Rules1869(Rules1830Family):
    """1869 USA West."""

    state_class = State1869

    def __init__(self, data: Optional[dict] = None):
        super().__init__("1869", data if data is not None else title_data("1869"), tile_data())
        self._charters = {c["sym"]: c for c in self.data["corporations"]}

    # --- setup ------------------------------------------------------------------------------
    def setup(self, g: "Game") -> None:
        if ILL not in g.options:
            g.corporations.pop("ILL", None)        # before the homes are reserved
        else:
            g.cert_limit = self.data["cert_limit_ill"][str(len(g.players))]
        super().setup(g)
        g.max_holding_percent = 200                # "A player may own 100% of a corporation" (SP: 200%)
        g.market_share_limit = 100                 # "The pool can take all shares of a corporation"

    def charter(self, sym: str) -> dict:
        """The title data's entry of corporation `sym` (its group, capital, bonus routes)."""
        return self._charters[sym]

    # --- the share groups -------------------------------------------------------------------
    def group(self, sym: str) -> int:
        return self._charters[sym]["group"]

    def group_open(self, g: "Game", n: int) -> bool:
        """Group 1 is open from the start; groups 2 and 3 once every share of the group before
        has left the IPO; from group 4 on once every corporation of the group before operates
        (has floated)."""
        if n <= 1:
            return True
        before = [c for c in g.corporations.values() if self.group(c.sym) == n - 1]
        if not self.group_open(g, n - 1):
            return False
        if n <= 3:
            return all(c.ipoed and c.ipo_percent == 0 for c in before)
        return all(c.floated for c in before)

    def can_par(self, g: "Game", corp: "Corporation", player: str) -> bool:
        return super().can_par(g, corp, player) and self.group_open(g, self.group(corp.sym))

    def round_sequence(self):
        from pbem.engine.rounds.sequence import RoundSequence
        from pbem.titles.g1869.rounds import AuctionRound1869, OperatingRound1869
        from pbem.titles.g1869.stock import StockRound1869

        return RoundSequence(initial=AuctionRound1869, stock=StockRound1869, operating=OperatingRound1869)

    # --- trains -----------------------------------------------------------------------------
    def train_event(self, g: "Game", event, corp: "Corporation", train) -> None:
        """`brown_phase`: a brown train (5E, 7, 8) bought before any 6 starts the brown phase."""
        name = event if isinstance(event, str) else event.get("type")
        if name != "brown_phase":
            return super().train_event(g, event, corp, train)
        brown = next(i for i, p in enumerate(g.phases) if "brown" in p.tiles)
        if g.phase_index < brown:
            g.change_phase(brown, corp)

    def train_distance(self, g: "Game", corp: "Corporation", train):
        """An express train (4E, 5E) skips any stations: pbem/titles/g1869/express.py."""
        if isinstance(train.distance, list):
            from pbem.titles.g1869.express import ExpressDistance

            bonuses = [b["amount"] for b in self._charters[corp.sym].get("bonuses") or ()]
            most = sum(bonuses) if self._charters[corp.sym].get("adds_bonuses") else max(bonuses, default=0)
            return ExpressDistance(int(train.distance[0]["pay"]), corp.sym, most)
        return train.distance

    def route_bonus(self, g: "Game", corp: "Corporation", stops) -> int:
        """The bonus a route of `corp` earns by itself (its worth shows it, in its turn or in a
        search between turns alike; the run's bonuses are settled once for the whole run:
        rounds.Route1869)."""
        if not self._charters.get(corp.sym, {}).get("bonuses"):
            return 0
        from pbem.titles.g1869.rounds import route_bonus

        return route_bonus(g, corp.sym, [c for c, _n in stops])

    def run_bonus(self, g: "Game", corp: "Corporation", resolved, memo: Optional[dict] = None) -> int:
        """The run's bonuses (settled once for the whole run, over several trains) less those its
        routes' worths already show (`route_bonus`, each route's own): what the best-run search
        adds to a run (rounds.Route1869 pays the same). `memo` keeps each route's own bonus (a
        `_OwnBonus`, which also carries the bonus ends the route touches) while the position
        stands."""
        memo = {} if memo is None else memo
        routes = []
        starts = ends = shown = 0
        for r in resolved:
            stops = tuple(getattr(r, "stops", None) or ((h, 0) for h in r.hexes))
            own = memo.get(stops)
            if own is None:
                own = memo[stops] = self._own_bonus(g, corp, stops)
            routes.append(own)
            starts, ends, shown = starts | own.starts, ends | own.ends, shown + own
        if not starts & ends:           # no bonus has both its ends on the run
            return -shown
        return self._bonus_of(corp.sym, _linked_ends(routes)) - shown

    def _own_bonus(self, g: "Game", corp: "Corporation", stops) -> "_OwnBonus":
        """A route's own bonus (`route_bonus`) with its hexes and, as bits over the charter's
        bonuses not paid once already, those whose `from` and whose `to` it touches."""
        from pbem.titles.g1869.rounds import bonus_key

        hexes = frozenset(c for c, _n in stops)
        own = _OwnBonus(self.route_bonus(g, corp, stops))
        own.hexes, own.starts, own.ends = hexes, 0, 0
        paid = state(g).once_paid
        for i, b in enumerate(self._charters[corp.sym].get("bonuses") or ()):
            if b.get("once") and bonus_key(b) in paid:
                continue
            if not hexes.isdisjoint(b["from"]):
                own.starts |= 1 << i
            if not hexes.isdisjoint(b["to"]):
                own.ends |= 1 << i
        return own

    def _bonus_of(self, sym: str, earned: int) -> int:
        """What the bonuses of charter `sym` whose bits are set in `earned` pay a run: the best one,
        or all of them for a charter that `adds_bonuses` (rounds.linked_bonuses)."""
        if not earned:
            return 0
        charter = self._charters[sym]
        amounts = [b["amount"] for i, b in enumerate(charter["bonuses"]) if earned >> i & 1]
        return sum(amounts) if charter.get("adds_bonuses") else max(amounts)

    def run_bonus_bound(self, g: "Game", corp: "Corporation") -> Optional[int]:
        """The most a run of `corp` can earn in bonuses: its best bonus (ATSF: all of them), the
        once-only ones not paid yet; None for a corporation without bonus routes."""
        from pbem.titles.g1869.rounds import bonus_key
        from pbem.titles.g1869.state import state

        charter = self._charters.get(corp.sym, {})
        open_ = [b["amount"] for b in charter.get("bonuses") or ()
                 if not (b.get("once") and bonus_key(b) in state(g).once_paid)]
        if not open_:
            return None
        return sum(open_) if charter.get("adds_bonuses") else max(open_)

    def on_phase(self, g: "Game", phase) -> None:
        """The brown phase closes the privates (the train table's 6: "Privat Companies closed")."""
        super().on_phase(g, phase)
        if phase.name == "6":
            for c in g.companies.values():
                if not c.closed:
                    g.close_company(c)

    def after_run(self, g: "Game", corp: "Corporation") -> None:
        """A private that closes when a corporation first runs (LA-NY Steamship: "It closes when
        CPR runs the first time")."""
        from pbem.engine import abilities as AB

        for comp in g.companies.values():
            if not comp.closed and any(ab.when == "runs" and ab.corporation == corp.sym
                                       for ab in AB.of(self.data, comp.sym, "close")):
                g.close_company(comp)

    def after_tile_laid(self, g: "Game", corp: "Corporation", action, result) -> None:
        """An extra tile (a lay after the turn's first) counted against SP's four."""
        super().after_tile_laid(g, corp, action, result)
        rnd = g.round
        turn = getattr(rnd, "turn", None)
        if turn is not None and turn.lays >= 1 and getattr(rnd, "corp", None) is corp and action.entity == corp.sym \
                and self._charters[corp.sym].get("extra_tile_costs"):
            st = state(g).extra_tiles
            st[corp.sym] = st.get(corp.sym, 0) + 1

    # --- the CPR-SP fusion ----------------------------------------------------------------------
    def after_train_bought(self, g: "Game", corp: "Corporation", train) -> None:
        super().after_train_bought(g, corp, train)
        if train.name == "6":
            state(g).first_six_sold = True
        self._fuse_if_due(g)

    def _fuse_if_due(self, g: "Game") -> None:
        from pbem.titles.g1869.fusion import fuse, fusion_due

        if fusion_due(g):
            fuse(g)

    def extra_train_limit(self, g: "Game", corp: "Corporation") -> int:
        """"It may own one more train than other corporations": SP after the fusion."""
        if not state(g).fused:
            return 0
        from pbem.titles.g1869.fusion import INTO

        return 1 if corp.sym == INTO else 0

    # --- receivership -------------------------------------------------------------------------
    def start_operating(self, g: "Game", corp: "Corporation", rnd) -> None:
        super().start_operating(g, corp, rnd)
        state(g).turn_bonus = ()
        from pbem.titles.g1869.rounds import in_receivership, lease_for_receivership

        if in_receivership(g, corp):
            lease_for_receivership(g, corp)

    def corporation_status(self, g: "Game", corp: "Corporation") -> list[str]:
        """The report says "receivership" for a corporation with more than 60% in the pool."""
        from pbem.titles.g1869.rounds import in_receivership

        return ["receivership"] + super().corporation_status(g, corp) if in_receivership(g, corp) \
            else super().corporation_status(g, corp)

    def train_status(self, g: "Game", corp: "Corporation", train) -> str:
        """A scrapped train running once more is "scrapped" in the report; the receivership's
        leased train is "leased"."""
        if train.id in state(g).scrapped:
            return "scrapped"
        if train.lessee == corp.sym and train.owner is None:
            return "leased"
        return super().train_status(g, corp, train)

    def lease_ends(self, g: "Game", train, moment: str) -> bool:
        """The receivership's lease is for the turn."""
        return moment in ("turn", "operating_round")

    # --- scrapped trains ----------------------------------------------------------------------
    def rust_on_phase(self, g: "Game", train, buyer: "Corporation") -> None:
        """A scrapped train may run once more, but not in the corporation that bought the
        scrapping train ("each scrapped train may run one more time but not in that corporation
        that bought the scrapping train"): the buyer's go at once, the others' at the end of
        their holder's next operating turn (step 6, "Return of scrapped trains")."""
        if buyer is None or train.runner == buyer.sym:
            g.rust(train)
        else:
            state(g).scrapped.append(train.id)

    def end_operating_turn(self, g: "Game", corp: "Corporation", rnd) -> None:
        super().end_operating_turn(g, corp, rnd)
        self._fuse_if_due(g)
        scrapped = state(g).scrapped
        for t in [t for t in corp.trains if t.id in scrapped]:
            scrapped.remove(t.id)
            g.rust(t)

    def counts_toward_train_limit(self, g: "Game", corp: "Corporation", train) -> bool:
        """A scrapped train waiting for its last run is outside the limit."""
        if train.lessee == corp.sym and train.owner is None:
            return False                       # the receivership's leased train
        return train.id not in state(g).scrapped and super().counts_toward_train_limit(g, corp, train)

    # --- money ------------------------------------------------------------------------------
    def float_capital(self, g: "Game", corp: "Corporation") -> int:
        """The charter's capital (rules text table A, "Money"), paid by the bank as it floats."""
        return self._charters[corp.sym]["capital"]


class _OwnBonus(int):
    """A route's own bonus (an int), carrying what the run's bonuses need of the route: `hexes`,
    and as bits over its charter's open bonuses, those whose `from` (`starts`) and whose `to`
    (`ends`) the route touches."""

    hexes: frozenset
    starts: int
    ends: int


def _linked_ends(routes: list[_OwnBonus]) -> int:
    """The bonuses (bits) a run of these routes links: each route links its hexes, two routes
    stopping in one hex are linked there (rounds.linked_hexes), and a bonus is linked when one
    linked group touches both its `from` and its `to`."""
    groups: list[tuple[frozenset, int, int]] = []
    for r in routes:
        hexes, starts, ends = r.hexes, r.starts, r.ends
        if not hexes:
            continue
        apart = []
        for grp in groups:
            if grp[0].isdisjoint(r.hexes):
                apart.append(grp)
            else:
                hexes, starts, ends = hexes | grp[0], starts | grp[1], ends | grp[2]
        groups = apart + [(hexes, starts, ends)]
    linked = 0
    for _h, starts, ends in groups:
        linked |= starts & ends
    return linked


def load() -> Rules1869:
    return Rules1869()
