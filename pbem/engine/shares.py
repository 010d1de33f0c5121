"""Share transfers: buying, selling, presidency changes and the limits that govern them."""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Optional

from pbem.engine.certificates import CertificateError
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game


class ShareLedger:
    """Moves paper between holders (the IPO, the pool, players, corporations), keeping the president right."""

    def __init__(self, game: "Game"):
        self.game = game

    # --- limits ---------------------------------------------------------------
    def num_certs(self, player: str):
        """What `player`'s certificates count toward the limit (an int unless a title counts halves):
        shares, and each private company the player owns (as the rules of the titles played and
        18xx.games' `num_certs` with CERT_LIMIT_INCLUDES_PRIVATES). The one count every limit check uses."""
        g = self.game
        owner = g.players.get(player)
        n: Fraction | int = sum(1 for sym in owner.companies if not g.companies[sym].closed) if owner else 0
        for corp in g.corporations.values():
            counted = corp.certificates.count(player)      # nothing held counts nothing
            if counted and self.counts_for_limit(corp):
                n += counted
        return int(n) if n.denominator == 1 else n

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
    def cost(self, corp: "Corporation", percent: int, unit: int) -> int:
        """What `percent` of `corp` costs at `unit` a share."""
        return unit * percent // corp.share_percent

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
        cost = 0 if free else self.cost(corp, percent, unit)
        pl = g.players[player]
        if cost > pl.cash:
            raise RuleError(f"{pl.name} has ${pl.cash} and cannot pay ${cost} for {percent}% of {corp.sym}",
                            rule="a player may not spend more cash than they have")
        pl.cash -= cost
        if source == "ipo" and g.data.get("capitalization") == "incremental":
            corp.cash += cost            # incremental capitalisation: the treasury sells its own shares
        else:
            g.bank += cost
        self.transfer(corp, source, player, percent)
        if not corp.floated and corp.ipo_percent <= 100 - corp.float_percent and corp.ipoed:
            g.float_corporation(corp)
        return cost

    def sell(self, player: str, corp: "Corporation", percent: int) -> int:
        """Sell to the pool at the current price; the price drops one row per share."""
        g = self.game
        price = g.market.price(corp.sym)
        amount = self.cost(corp, percent, price)
        g.pay_from_bank(player, amount)
        was_president = corp.president == player
        self.transfer(corp, player, "pool", percent)
        g.title.sale_price_drop(g, corp, percent, was_president)
        return amount

    def transfer(self, corp: "Corporation", src: str, dst: str, percent: int, last: bool = False) -> None:
        """Hand `percent` of `corp`'s paper from `src` to `dst`, the presidency following the
        largest eligible holding, certificate by certificate as 18xx.games moves them: the move's
        bundle first (`CertificateSet.bundle`, the latest of `src` when `last`); then a new
        president gives its longest-held ordinary paper for the president's certificate, to the
        old president while it still holds that much, else to the pool; a president who sold part
        of the president's certificate takes the pool's longest-held shares back."""
        certs = corp.certificates
        previous = corp.president
        try:
            bundle, back = certs.bundle(src, percent, last)
        except CertificateError as e:
            raise RuleError(str(e), rule="certificates change hands whole") from None
        certs.hand(bundle, dst)
        pres = certs.president_cert
        new = self.president_among(corp, certs.held, previous)
        if pres is not None and previous is not None and new not in (None, previous) and src != new \
                and not (dst == new and src == previous and pres in bundle and not back):
            players = self.game.players
            given_to = dst if pres in bundle and src in players and dst in players else "pool"
            certs.seat_president(new, previous if certs.percent_of(previous) >= pres.percent else given_to)
            if back:
                certs.hand(certs.of(given_to)[:back // certs.share_percent], src)
            corp.president = new
        self.check_president(corp, previous=corp.president)

    def give_president(self, corp: "Corporation", player: str) -> None:
        """`player` takes the president's certificate from wherever it lies and becomes president."""
        cert = corp.certificates.president_cert
        corp.president = player
        if cert is not None:
            corp.certificates.give(cert, player)

    def seat_distance(self, a: str, b: str) -> int:
        order = [p for p in self.game.seat_order if not self.game.players[p].bankrupt]
        if a not in order or b not in order:
            return 0
        ia, ib = order.index(a), order.index(b)
        return (ib - ia) % len(order)

    def president_among(self, corp: "Corporation", held: dict[str, int], previous: Optional[str]) -> Optional[str]:
        """Who presides given `held` (percent per holder): the largest eligible holder with at
        least the president's certificate's size; the old president keeps it on a tie, otherwise
        the nearest clockwise from the old president. None when nobody qualifies."""
        g = self.game
        holders = {h: p for h, p in held.items() if p > 0 and g.title.may_preside(g, corp, h)}
        if not holders:
            return previous
        top = max(holders.values())
        if previous is not None and holders.get(previous, 0) == top:
            return previous
        need = corp.president_percent or corp.share_percent
        candidates = [p for p, pct in holders.items() if pct == top and pct >= need]
        if not candidates:
            return previous
        if previous is None:
            return candidates[0]
        return min(candidates, key=lambda p: self.seat_distance(previous, p))

    def check_president(self, corp: "Corporation", previous: Optional[str]) -> None:
        """Give the presidency to the largest eligible holder and the president's certificate with it."""
        new = self.president_among(corp, corp.certificates.held, previous)
        if new is not None:
            corp.president = new
        if corp.president is not None:
            corp.certificates.seat_president(corp.president)

    # --- what may be sold -----------------------------------------------------
    def max_sellable(self, player: str, corp: "Corporation") -> int:
        """Largest percent `player` may sell of `corp` now (pool cap, president's certificate)."""
        g = self.game
        held = corp.percent_of(player)
        if held == 0 or corp.par_price is None or corp.kind == "minor":
            return 0                     # a minor's single certificate is never sold
        room = g.market_share_limit - corp.pool_percent
        limit = min(held, room)
        pres = corp.president_percent
        if corp.president == player:
            others = [pct for p, pct in corp.player_holdings().items() if p != player]
            if not others or max(others) < pres:
                limit = min(limit, held - pres)
        unit = corp.share_percent
        return max(0, limit - limit % unit)
