"""The stock round: players in priority order sell, buy one certificate, sell again, or pass."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class StockRound:
    """Sell-buy-sell stock round. The round ends when every player passes in a row."""

    name = "stock"

    def __init__(self, game: "Game"):
        self.game = game
        self.entities = [p for p in game.priority_order if not game.players[p].bankrupt]
        self.index = 0
        self.passed: set[str] = set()
        self.sold: dict[str, set[str]] = {}          # player -> corporations sold this round
        self.turn_actions: list[A.Action] = []
        self.last_to_act: Optional[str] = None
        self.pending_home: list[str] = []            # corporations that must place a home token now

    # --- flow -----------------------------------------------------------------------
    def start(self) -> None:
        self._settle()

    def finished(self) -> bool:
        return self.game.finished or all(p in self.passed for p in self.entities)

    def priority_holder(self) -> Optional[str]:
        return self.entities[self.index % len(self.entities)]

    def current_entity(self) -> Optional[str]:
        if self.pending_home:
            return self.pending_home[0]
        crowded = self.game.crowded_corps()
        if crowded:
            return crowded[0].sym
        return self.entities[self.index]

    def legal(self, entity: str) -> list[str]:
        if self.pending_home and entity == self.pending_home[0]:
            return ["place_token"]
        crowded = self.game.crowded_corps()
        if crowded:
            return ["discard_train"] if entity == crowded[0].sym else []
        if entity != self.entities[self.index]:
            return []
        return self.player_actions(entity)

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
        """Whether the player has any choice now (cheaper than listing them)."""
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
        return any(isinstance(a, (A.BuyShares, A.Par, A.BuyCompany)) for a in self.turn_actions)

    def sale_allowed_now(self) -> bool:
        return self.game.turn > 1

    def must_sell(self, player: str) -> bool:
        g = self.game
        if not self.can_sell_any(player):
            return False
        if g.shares.num_certs(player) > g.cert_limit:
            return True
        return any(not g.shares.holding_ok(c, player, 0) for c in g.corporations.values() if c.percent_of(player))

    #: whether a player may sell after buying in the same turn (sell-buy-sell); False: sell, then buy
    sell_after_buy = True

    def can_sell(self, player: str, corp: "Corporation", percent: int = 10) -> bool:
        g = self.game
        if not self.sale_allowed_now() or self.sell_refusal(player, corp):
            return False
        return g.shares.max_sellable(player, corp) >= percent

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
        return 10

    def why_not_buy(self, player: str, corp: "Corporation", source: str,
                    percent: int = 0) -> Optional[tuple[str, str]]:
        """(reason, rule) why `player` may not buy `percent` of `corp` from `source` now, or None.

        The one check behind both the refusal of a buy and the legal-move listing: a buy is one
        certificate (rule: one certificate per turn; in the brown zone one at a time)."""
        g = self.game
        name = g.player_name(player)
        size = self.share_size(corp)
        percent = percent or size
        if corp.closed or not corp.ipoed or corp.par_price is None:
            return f"{corp.sym} has not been started (parred)", "buying shares"
        if percent != size:
            return (f"a buy is one certificate: {size}% of {corp.sym}, not {percent}%",
                    "one certificate per turn")
        if player in self.sold and corp.sym in self.sold[player]:
            return (f"may not buy {corp.sym}: {name} sold {corp.sym} earlier in this stock round",
                    "no buying back shares sold in the same stock round")
        if self.bought() and not self.can_buy_multiple(corp, source):
            return f"{name} has already bought this turn", "one certificate per turn (brown zone excepted)"
        avail = corp.buyable_ipo_percent if source == "ipo" else corp.pool_percent
        where = "the IPO" if source == "ipo" else "the market pool"
        if avail < percent:
            return f"{where} has no {corp.sym} share for sale", "buying shares"
        price = self.unit_price(corp, source)
        if g.players[player].cash < price:
            return (f"{name} has {g.money(g.players[player].cash)}, a {corp.sym} share costs {g.money(price)}",
                    "buying shares")
        if not g.shares.can_gain(corp, player, percent):
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
        return any(self.can_buy(player, c, s) for c in self.game.corporations.values() for s in ("ipo", "pool"))

    def can_par(self, player: str, corp: "Corporation") -> bool:
        g = self.game
        if corp.ipoed or corp.closed or not g.title.can_par(g, corp, player):
            return False
        min_cost = g.title.par_cost(g, corp, min(c.price for c in g.market.par_cells))
        return g.players[player].cash >= min_cost and g.shares.can_gain(corp, player, 20)

    def can_par_any(self, player: str) -> bool:
        return not self.bought() and any(self.can_par(player, c) for c in self.game.corporations.values())

    # --- actions -------------------------------------------------------------------------
    def process(self, action: A.Action) -> None:
        g = self.game
        ent = self.current_entity()
        if self.pending_home and action.entity == self.pending_home[0]:
            if not isinstance(action, A.PlaceToken):
                raise RuleError(f"{action.entity} must first place its home station", rule="home token",
                                legal=["place_token"])
            g.title.place_home_choice(g, g.corporations[action.entity], action)
            self.pending_home.pop(0)
            self._settle()
            return
        crowded = g.crowded_corps()
        if crowded:
            corp = crowded[0]
            if action.entity != corp.sym or not isinstance(action, A.DiscardTrain):
                raise RuleError(f"{corp.sym} has more trains than its limit and must discard one first",
                                rule="train limit", legal=["discard_train"])
            g.title.discard_train(g, corp, action.train)
            self._settle()
            return
        if action.entity != ent:
            raise RuleError(f"it is {g.player_name(ent)}'s turn in the stock round, not {g.player_name(action.entity)}'s",
                            rule="turn order", legal=self.legal(ent))
        player = ent
        def legal() -> list[str]:        # only worked out when a move is refused
            return self.player_actions(player)

        if isinstance(action, A.Pass):
            if self.must_sell(player):
                raise RuleError(f"{g.player_name(player)} must sell shares first (over a limit)",
                                rule="certificate limit", legal=legal())
            self._end_turn(player, passed=not self.turn_actions)
        elif isinstance(action, A.SellShares):
            self._sell(player, action, legal)
        elif isinstance(action, A.BuyShares):
            self._buy(player, action, legal)
        elif isinstance(action, A.Par):
            self._par(player, action, legal)
        else:
            raise RuleError(f"cannot {A.kind_words(action)} in a stock round", rule="stock round", legal=legal())
        self._after_move(player)

    def _after_move(self, player: str) -> None:
        if self.turn_actions and not self.pending_home and not self.game.crowded_corps() \
                and self.entities[self.index] == player and not self.has_actions(player):
            self._end_turn(player, passed=False)
        self._settle()

    def _sell(self, player: str, action: A.SellShares, legal) -> None:
        g = self.game
        corp = g.corporations.get(action.corporation)
        if corp is None:
            raise RuleError(f"there is no corporation {action.corporation}", rule="stock round")
        if not self.sale_allowed_now():
            raise RuleError("no shares may be sold in the first stock round", rule="no sales in the first stock round",
                            legal=legal())
        if action.percent % 10 or action.percent <= 0:
            raise RuleError(f"shares are sold in 10% steps, not {action.percent}%", rule="share size")
        why = self.sell_refusal(player, corp)
        if why:
            raise RuleError(f"{g.player_name(player)} may not sell {corp.sym}: {why}", rule="selling shares",
                            legal=legal())
        mx = g.shares.max_sellable(player, corp)
        if action.percent > mx:
            held = corp.percent_of(player)
            why = (f"{g.player_name(player)} holds only {held}%" if action.percent > held
                   else f"the market pool may hold at most {g.market_share_limit}%"
                   if corp.pool_percent + action.percent > g.market_share_limit
                   else "the president's certificate cannot go to the pool unless another player holds 20%"
                   if corp.president == player and held - action.percent < 20 else f"{g.player_name(player)} holds {held}%")
            raise RuleError(f"{g.player_name(player)} may sell at most {mx}% of {corp.sym}: {why}",
                            rule="selling shares", legal=legal())
        self.sold.setdefault(player, set()).add(corp.sym)
        g.shares.sell(player, corp, action.percent)
        self.turn_actions.append(action)
        self.last_to_act = player

    def _buy(self, player: str, action: A.BuyShares, legal) -> None:
        g = self.game
        corp = g.corporations.get(action.corporation)
        if corp is None:
            raise RuleError(f"there is no corporation {action.corporation}", rule="stock round")
        why = self.why_not_buy(player, corp, action.source, action.percent)
        if why is not None:
            raise RuleError(why[0], rule=why[1], legal=legal())
        g.shares.buy(player, corp, action.source, action.percent)
        self.turn_actions.append(action)
        self.last_to_act = player

    def _par(self, player: str, action: A.Par, legal) -> None:
        g = self.game
        corp = g.corporations.get(action.corporation)
        if corp is None:
            raise RuleError(f"there is no corporation {action.corporation}", rule="stock round")
        if self.bought():
            raise RuleError(f"{g.player_name(player)} has already bought this turn", rule="one certificate per turn",
                            legal=legal())
        if not self.can_par(player, corp):
            raise RuleError(f"{g.player_name(player)} cannot start {corp.sym} now"
                            + (" (already started)" if corp.ipoed else ""), rule="starting a corporation", legal=legal())
        g.title.par(g, player, corp, action.price, self)
        self.turn_actions.append(action)
        self.last_to_act = player
