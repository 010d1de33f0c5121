"""Share transfers: buying, selling, presidency changes and the limits that govern them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class ShareLedger:
    """Moves paper between the IPO, the pool and players, keeping the president right."""

    def __init__(self, game: "Game"):
        self.game = game

    # --- limits ---------------------------------------------------------------
    def num_certs(self, player: str) -> int:
        g = self.game
        n = 0
        for corp in g.corporations.values():
            if corp.percent_of(player) and self.counts_for_limit(corp):
                n += corp.certs(player)
        return n

    def counts_for_limit(self, corp: "Corporation") -> bool:
        cell = self.game.market.positions.get(corp.sym)
        return cell.counts_for_limit if cell else True

    def holding_ok(self, corp: "Corporation", player: str, extra: int) -> bool:
        cell = self.game.market.positions.get(corp.sym)
        if cell and cell.unlimited_holding:
            return True
        return corp.percent_of(player) + extra <= (corp.max_percent or self.game.max_holding_percent)

    def can_gain(self, corp: "Corporation", player: str, percent: int) -> bool:
        if not self.holding_ok(corp, player, percent):
            return False
        if self.counts_for_limit(corp) and self.num_certs(player) >= self.game.cert_limit:
            return False
        return True

    # --- transfers ------------------------------------------------------------
    def buy(self, player: str, corp: "Corporation", source: str, percent: int, price_each: int | None = None,
            free: bool = False) -> int:
        """Move `percent` from `source` to `player`, paying the bank. Returns the amount paid."""
        g = self.game
        if source == "ipo" and not corp.flags.get("always_market_price"):
            unit = corp.par_price
        else:
            unit = g.market.price(corp.sym)
        if price_each is not None:
            unit = price_each
        cost = 0 if free else unit * percent // 10
        pl = g.players[player]
        if cost > pl.cash:
            raise RuleError(f"{pl.name} has ${pl.cash} and cannot pay ${cost} for {percent}% of {corp.sym}",
                            rule="a player may not spend more cash than they have")
        pl.cash -= cost
        if source == "ipo" and g.data.get("capitalization") == "incremental":
            corp.cash += cost            # incremental capitalisation: the treasury sells its own shares
        else:
            g.bank += cost
        corp.add(source, -percent)
        corp.add(player, percent)
        self.check_president(corp, previous=corp.president)
        if not corp.floated and corp.ipo_percent <= 100 - corp.float_percent and corp.ipoed:
            g.float_corporation(corp)
        return cost

    def sell(self, player: str, corp: "Corporation", percent: int) -> int:
        """Sell to the pool at the current price; the price drops one row per share."""
        g = self.game
        price = g.market.price(corp.sym)
        amount = price * percent // 10
        g.pay_from_bank(player, amount)
        was_president = corp.president == player
        corp.add(player, -percent)
        corp.add("pool", percent)
        self.check_president(corp, previous=corp.president)
        g.title.sale_price_drop(g, corp, percent, was_president)
        return amount

    def seat_distance(self, a: str, b: str) -> int:
        order = [p for p in self.game.seat_order if not self.game.players[p].bankrupt]
        if a not in order or b not in order:
            return 0
        ia, ib = order.index(a), order.index(b)
        return (ib - ia) % len(order)

    def check_president(self, corp: "Corporation", previous: str | None) -> None:
        """Give the presidency to the largest holder (ties: nearest clockwise from the old president)."""
        holders = corp.player_holdings()
        if not holders:
            return
        top = max(holders.values())
        if previous is not None and holders.get(previous, 0) == top:
            return
        candidates = [p for p, pct in holders.items() if pct == top and pct >= 20]
        if not candidates:
            return
        if previous is None:
            new = candidates[0]
        else:
            new = min(candidates, key=lambda p: self.seat_distance(previous, p))
        corp.president = new

    # --- what may be sold -----------------------------------------------------
    def max_sellable(self, player: str, corp: "Corporation") -> int:
        """Largest percent `player` may sell of `corp` now (pool cap, president's certificate)."""
        g = self.game
        held = corp.percent_of(player)
        if held == 0 or corp.par_price is None or corp.kind == "minor":
            return 0                     # a minor's single certificate is never sold
        room = g.market_share_limit - corp.pool_percent
        limit = min(held, room)
        if corp.president == player:
            others = [pct for p, pct in corp.player_holdings().items() if p != player]
            if not others or max(others) < 20:
                limit = min(limit, held - 20)
        return max(0, limit - limit % 10)
