"""Certificates of different sizes and their exchange ("A large share can be exchanged against
smaller shares when you buy or sell shares. Example: You want to buy a 30%-share which would
cost 300$ You can give 2 10% shares and 100$"; docs/1869-rules.md, decision 3).

A buy takes one certificate from the IPO or the pool; the buyer may give ordinary certificates
of the same corporation toward it, each worth the buy's price a share, and pays the rest: the
move's percent is what the buyer gains (10% for the example's 30% against two 10%s), and the
given certificates go where the bought one came from. A sale may hand over a larger certificate
than the percent sold and take the difference back from the pool in smaller certificates. The
president's certificate is never part of an exchange (it moves as in 1830). A move the plain
way (certificates of exactly the percent) is made that way, as the engine makes it."""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Optional

from pbem.engine.certificates import Certificate, CertificateError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation
    from pbem.engine.game import Game

#: (certificates handed over, certificates given back in exchange)
Plan = tuple[list[Certificate], list[Certificate]]


def fewest(certs: list[Certificate], percent: int) -> Optional[list[Certificate]]:
    """The fewest of `certs` (the longest-held first) that make exactly `percent`, or None."""
    for k in range(1, len(certs) + 1):
        for combo in combinations(certs, k):
            if sum(c.percent for c in combo) == percent:
                return list(combo)
    return None


def ordinary(corp: "Corporation", holder: str) -> list[Certificate]:
    return [c for c in corp.certificates.of(holder) if not c.president]


def buy_plan(corp: "Corporation", buyer: str, source: str, percent: int) -> Optional[Plan]:
    """How `buyer` gains `percent` of `corp` from `source` with one certificate: ([it], []) when
    the source has an ordinary certificate of that size, else ([a larger one], the buyer's
    certificates given toward it); None when neither is possible."""
    if not corp.certificates.percent_of(source):
        return None                                 # nothing offered (an empty pool, a sold-out IPO)
    offered = ordinary(corp, source)
    if source == "ipo":
        offered = [c for c in offered if c.percent <= corp.buyable_ipo_percent]
    exact = next((c for c in offered if c.percent == percent), None)
    if exact is not None:
        return [exact], []
    larger = sorted((c for c in offered if c.percent > percent), key=lambda c: c.percent)
    if not larger:
        return None
    mine = ordinary(corp, buyer)
    for cert in larger:
        given = fewest(mine, cert.percent - percent)
        if given is not None:
            return [cert], given
    return None


def is_plain(corp: "Corporation", plan: Plan, percent: int) -> bool:
    """A buy of one share of the corporation's size with nothing given: the engine's own buy."""
    return not plan[1] and percent == corp.share_percent


def sale_plan(corp: "Corporation", seller: str, percent: int) -> Optional[Plan]:
    """None when the engine's sale moves `percent` plainly; otherwise (the seller's certificates
    handed to the pool, the pool's smaller ones given back as change), or a CertificateError
    when no exchange makes `percent` either."""
    try:
        corp.certificates.bundle(seller, percent)
        return None
    except CertificateError:
        pass
    mine, pool = ordinary(corp, seller), ordinary(corp, "pool")
    for k in range(1, len(mine) + 1):
        for combo in combinations(mine, k):
            over = sum(c.percent for c in combo) - percent
            if over > 0:
                change = fewest(pool, over)
                if change is not None:
                    return list(combo), change
    have = "+".join(str(c.percent) for c in corp.certificates.of(seller)) or "nothing"
    raise CertificateError(f"{seller}'s {corp.sym} certificates ({have}) do not make {percent}%, "
                           f"and the pool has no smaller certificates to give in exchange")


def exchange(g: "Game", corp: "Corporation", giver: str, taker: str, plan: Plan) -> None:
    """Hand plan[0] from `giver` to `taker` and plan[1] back, the presidency following the
    largest holding (the president's certificate swapped as the engine swaps it)."""
    previous = corp.president
    certs = corp.certificates
    certs.hand(plan[0], taker)
    certs.hand(plan[1], giver)
    g.shares.check_president(corp, previous=previous)


def buy(g: "Game", player: str, corp: "Corporation", source: str, percent: int, plan: Plan, unit: int) -> int:
    """The buy of `percent` as `plan` makes it, paid at `unit` a share to the bank."""
    cost = unit * percent // corp.share_percent
    g.players[player].cash -= cost
    g.bank += cost
    exchange(g, corp, source, player, plan)
    if not corp.floated and corp.ipoed and corp.ipo_percent <= 100 - corp.float_percent:
        g.float_corporation(corp)
    return cost


def sell(g: "Game", player: str, corp: "Corporation", percent: int, plan: Plan) -> int:
    """The sale of `percent` to the pool with change (the price falls one row a share sold)."""
    amount = g.market.price(corp.sym) * percent // corp.share_percent
    g.pay_from_bank(player, amount)
    was_president = corp.president == player
    exchange(g, corp, player, "pool", plan)
    g.title.sale_price_drop(g, corp, percent, was_president)
    return amount
