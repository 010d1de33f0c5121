"""The stock round: players in priority order sell, buy one certificate, sell again, or pass."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.step import Step, StepRound
from pbem.engine.steps.interrupts import DiscardTrain, HomeToken
from pbem.engine.steps.shares import BuySellParShares
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


#: what a player's turn may buy only once (the brown zone excepted): a share, a start, a private
_PURCHASES = (A.BuyShares, A.Par, A.BuyCompany)


class StockRound(StepRound):
    """Sell-buy-sell stock round. The round ends when every player passes in a row."""

    name = "stock"
    #: the steps of the round, first in play first (a title may declare others)
    step_classes: tuple[type, ...] = (HomeToken, DiscardTrain, BuySellParShares)

    def __init__(self, game: "Game"):
        self.game = game
        self.entities = [p for p in game.priority_order if not game.players[p].bankrupt]
        self.index = 0
        self.passed: set[str] = set()
        self.sold: dict[str, set[str]] = {}          # player -> corporations sold this round
        self.turn_actions: list[A.Action] = []
        self.last_to_act: Optional[str] = None
        self.pending_home: list[str] = []            # corporations that must place a home token now
        self.steps: list[Step] = [cls(self) for cls in self.step_classes]

    # --- flow -----------------------------------------------------------------------
    def start(self) -> None:
        self._settle()

    def finished(self) -> bool:
        return self.game.finished or self.passed.issuperset(self.entities)

    def priority_holder(self) -> Optional[str]:
        return self.entities[self.index % len(self.entities)]

    def player_actions(self, player: str) -> list[str]:
        acts = []
        if self.must_sell(player):
            return ["sell_shares"]
        if self.can_buy_any(player):
            acts.append("buy_shares")
        if self.can_par_any(player):
            acts.append("par")
        if self.can_sell_any(player):
            acts.append("sell_shares")
        if acts:
            acts.append("pass")
        return acts

    def has_actions(self, player: str) -> bool:
        """Whether the player has any choice now (cheaper than listing them). After a purchase
        a sale is the likelier choice, and the likelier question is asked first (each only asks)."""
        if self.bought():
            return self.can_sell_any(player) or self.can_buy_any(player) or self.can_par_any(player)
        return self.can_buy_any(player) or self.can_sell_any(player) or self.can_par_any(player)

    def _settle(self) -> None:
        """Skip players with no choice; start the next player's turn when this one is over."""
        guard = 0
        while not self.finished() and not self.pending_home and not self.game.crowded_corps():
            player = self.entities[self.index]
            if self.has_actions(player):
                return
            # no legal action: the step passes automatically
            self._end_turn(player, passed=not self.turn_actions)
            guard += 1
            if guard > 10 * len(self.entities) + 10:
                return

    def _end_turn(self, player: str, passed: bool) -> None:
        if passed:
            self.passed.add(player)
        else:
            self.passed.discard(player)
        self.turn_actions = []
        self.index = (self.index + 1) % len(self.entities)

    def finish(self) -> None:
        """End of round: sold-out corporations move up."""
        g = self.game
        corps = [c for c in g.corporations.values() if c.floated and not c.closed and c.sym in g.market.positions]
        for corp in sorted(corps, key=lambda c: g.market.order_key(c.sym)):
            if sum(corp.player_holdings().values()) == 100:
                g.market.move_up(corp.sym)

    # --- rule checks -------------------------------------------------------------------
    def bought(self) -> bool:
        for a in self.turn_actions:
            if isinstance(a, _PURCHASES):
                return True
        return False

    def sale_allowed_now(self) -> bool:
        return self.game.turn > 1

    def must_sell(self, player: str) -> bool:
        g = self.game
        # over a limit, and able to sell (the cheaper question first: both change nothing)
        if g.shares.num_certs(player) > g.cert_limit or \
                any(not g.shares.holding_ok(c, player, 0) for c in g.corporations.values() if c.percent_of(player)):
            return self.can_sell_any(player)
        return False

    #: whether a player may sell after buying in the same turn (sell-buy-sell); False: sell, then buy
    sell_after_buy = True

    def can_sell(self, player: str, corp: "Corporation", percent: int = 10) -> bool:
        return self.sell_problem(player, corp, percent) is None

    def sell_problem(self, player: str, corp: "Corporation", percent: int) -> Optional[tuple[str, str]]:
        """(reason, rule) why `player` may not sell `percent` of `corp` now, or None: the one
        check behind both the refusal of a sale and its listing."""
        g = self.game
        if not self.sale_allowed_now():
            return "no shares may be sold in the first stock round", "no sales in the first stock round"
        if percent % corp.share_percent or percent <= 0:
            return f"{corp.sym} shares are sold in {corp.share_percent}% steps, not {percent}%", "share size"
        why = self.sell_refusal(player, corp)
        if why:
            return f"{g.player_name(player)} may not sell {corp.sym}: {why}", "selling shares"
        mx = g.shares.max_sellable(player, corp)
        if percent > mx:
            name = g.player_name(player)
            held = corp.percent_of(player)
            why = (f"{name} holds only {held}%" if percent > held
                   else f"the market pool may hold at most {g.market_share_limit}%"
                   if corp.pool_percent + percent > g.market_share_limit
                   else f"the president's certificate cannot go to the pool unless another player holds {corp.president_percent}%"
                   if corp.president == player and held - percent < corp.president_percent else f"{name} holds {held}%")
            return f"{name} may sell at most {mx}% of {corp.sym}: {why}", "selling shares"
        return None

    def sale_percents(self, player: str, corp: "Corporation") -> range:
        """The percents of `corp` that `sell_problem` may allow `player` to sell now: none when
        what refuses every sale of it refuses (no sales yet, `sell_refusal`), else the whole
        shares up to what `player` holds and may sell (`ShareLedger.max_sellable`). Those outside
        are refused by `sell_problem`'s first checks, so a listing asks it of these only."""
        held = corp.percent_of(player)
        unit = corp.share_percent
        if not held or not self.sale_allowed_now() or self.sell_refusal(player, corp):
            return range(0)
        return range(unit, min(held, self.game.shares.max_sellable(player, corp)) + 1, unit)

    def sell_refusal(self, player: str, corp: "Corporation") -> str:
        """Why `player` may not sell `corp` at all now ('' if they may): one check for the sale
        and its listing (how much may be sold is `ShareLedger.max_sellable`)."""
        if corp.par_price is None:
            return f"{corp.sym} has not been started"
        if not self.sell_after_buy and self.bought():
            return "shares are sold before buying in a turn, not after"
        return ""

    def can_sell_any(self, player: str) -> bool:
        return any(self.can_sell(player, c) for c in self.game.corporations.values() if c.percent_of(player))

    def can_buy(self, player: str, corp: "Corporation", source: str, percent: int = 0) -> bool:
        """Whether `player` may buy one certificate (`percent`, default the share size) of `corp` now."""
        return self.why_not_buy(player, corp, source, percent) is None

    def share_size(self, corp: "Corporation") -> int:
        """The percent of one ordinary (non-president's) certificate: what one buy takes."""
        return corp.share_percent

    def why_not_buy(self, player: str, corp: "Corporation", source: str,
                    percent: int = 0) -> Optional[tuple[str, str]]:
        """(reason, rule) why `player` may not buy `percent` of `corp` from `source` now, or None.

        The one check behind both the refusal of a buy and the legal-move listing: a buy is one
        certificate (rule: one certificate per turn; in the brown zone one at a time)."""
        g = self.game
        size = self.share_size(corp)
        percent = percent or size
        if corp.closed or not corp.ipoed or corp.par_price is None:
            return f"{corp.sym} has not been started (parred)", "buying shares"
        if percent != size:
            return (f"a buy is one certificate: {size}% of {corp.sym}, not {percent}%",
                    "one certificate per turn")
        if player in self.sold and corp.sym in self.sold[player]:
            return (f"may not buy {corp.sym}: {g.player_name(player)} sold {corp.sym} earlier in this stock round",
                    "no buying back shares sold in the same stock round")
        if self.bought() and not self.can_buy_multiple(corp, source):
            return f"{g.player_name(player)} has already bought this turn", "one certificate per turn (brown zone excepted)"
        avail = corp.buyable_ipo_percent if source == "ipo" else corp.pool_percent
        if avail < percent:
            where = "the IPO" if source == "ipo" else "the market pool"
            return f"{where} has no {corp.sym} share for sale", "buying shares"
        price = self.unit_price(corp, source)
        if g.players[player].cash < price:
            name = g.player_name(player)
            return (f"{name} has {g.money(g.players[player].cash)}, a {corp.sym} share costs {g.money(price)}",
                    "buying shares")
        if not g.shares.can_gain(corp, player, percent):
            name = g.player_name(player)
            if not g.shares.holding_ok(corp, player, percent):
                return f"{name} would hold more than {g.max_holding_percent}% of {corp.sym}", "buying shares"
            return f"{name} is at the certificate limit ({g.shares.num_certs(player)}/{g.cert_limit})", "buying shares"
        return None

    def unit_price(self, corp: "Corporation", source: str) -> int:
        """A share's price: par from the IPO, the market price from the pool (or always, if the title says so)."""
        if source == "ipo" and not corp.flags.get("always_market_price"):
            return corp.par_price
        return self.game.market.price(corp.sym)

    def can_buy_multiple(self, corp: "Corporation", source: str) -> bool:
        cell = self.game.market.positions.get(corp.sym)
        if not (cell and cell.buy_multiple):
            return False
        if any(isinstance(a, A.Par) for a in self.turn_actions):
            return False
        return all(not isinstance(a, A.BuyShares) or a.corporation == corp.sym for a in self.turn_actions)

    def can_buy_any(self, player: str) -> bool:
        # (a corporation not started is refused first by why_not_buy: passed over here at once)
        return any(self.can_buy(player, c, s) for c in self.game.corporations.values()
                   if not (c.closed or not c.ipoed or c.par_price is None) for s in ("ipo", "pool"))

    def can_par(self, player: str, corp: "Corporation") -> bool:
        g = self.game
        if corp.ipoed or corp.closed or not g.title.can_par(g, corp, player):
            return False
        min_cost = g.title.par_cost(g, corp, min(c.price for c in g.market.par_cells))
        return g.players[player].cash >= min_cost and g.shares.can_gain(corp, player, corp.president_percent)

    def par_prices(self, corp: "Corporation") -> list[int]:
        """The prices `corp` may be started at (the market's par cells)."""
        return [c.price for c in self.game.market.par_cells]

    def par_problem(self, player: str, corp: "Corporation", price: int) -> Optional[tuple[str, str]]:
        """(reason, rule) why `player` may not start `corp` at `price` now, or None."""
        g = self.game
        name = g.player_name(player)
        if self.bought():
            return f"{name} has already bought this turn", "one certificate per turn"
        if not self.can_par(player, corp):
            return f"{name} cannot start {corp.sym} now" + (" (already started)" if corp.ipoed else ""), \
                "starting a corporation"
        prices = self.par_prices(corp)
        if price not in prices:
            return f"${price} is not a par value; par values are {', '.join(f'${p}' for p in prices)}", "par values"
        cost = g.title.par_cost(g, corp, price)
        if g.players[player].cash < cost:
            return f"{name} has ${g.players[player].cash}; starting {corp.sym} at ${price} costs ${cost}", "par price"
        return None

    def can_par_any(self, player: str) -> bool:
        return not self.bought() and any(self.can_par(player, c) for c in self.game.corporations.values())

    # --- actions -------------------------------------------------------------------------
    def process(self, action: A.Action) -> None:
        g = self.game
        step = self.step_in_play()
        ent = step.entity()
        if not isinstance(step, BuySellParShares):
            if isinstance(step, HomeToken) and action.entity != ent:
                raise RuleError(f"it is {g.player_name(ent)}'s turn in the stock round, not "
                                f"{g.player_name(action.entity)}'s", rule="turn order", legal=step.actions(ent))
            step.process(action)
            self._settle()
            return
        step.process(action)
        self._after_move(ent)

    def pre_check(self, action: A.Action) -> bool:
        """As StepRound's; a home station is checked where it is placed (the title's hook)."""
        if isinstance(self.step_in_play(), HomeToken):
            return False
        return super().pre_check(action)

    def _after_move(self, player: str) -> None:
        if self.turn_actions and not self.pending_home and not self.game.crowded_corps() \
                and self.entities[self.index] == player and not self.has_actions(player):
            self._end_turn(player, passed=False)
        self._settle()
