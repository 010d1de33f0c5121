"""1869's certificates of different sizes and their exchange on buying and selling
(docs/1869-rules.md, decision 3): "A large share can be exchanged against smaller shares when
you buy or sell shares. Example: You want to buy a 30%- share which would cost 300$ You can give
2 10% shares and 100$"."""
from __future__ import annotations

import pytest

from pbem.engine import actions as A
from pbem.errors import RuleError
from pbem.titles.g1869.fusion import fuse
from pbem.titles.g1869.stock import StockRound1869

from test_rules_1869 import _floated, legal, new


def fused(player_first: str = "p0"):
    """A 3-player game where CPR has merged into SP, in a stock round (not the first) with
    `player_first` to act."""
    g = new(3)
    _floated(g, "CPR", {"p0": 30, "p1": 30}, 500)
    sp = _floated(g, "SP", {"p1": 20, "p2": 40}, 700)
    fuse(g)
    g.turn = 2
    g.round = StockRound1869(g)
    g.round.entities = [player_first] + [p for p in g.round.entities if p != player_first]
    g.round.start()
    return g, sp


def twenty(sp):
    return next(c for c in sp.certificates.certs if c.percent == 20 and not c.president)


def money(g) -> int:
    return g.bank + sum(p.cash for p in g.players.values()) + sum(c.cash for c in g.corporations.values())


def test_the_fusion_keeps_the_cpr_presidents_20_percent_as_one_certificate():
    g, sp = fused()
    sizes = sorted(c.percent for c in sp.certificates.certs)
    assert sizes == [10] * 16 + [20, 20] and sp.certificates.total_percent == 200
    assert twenty(sp).holder == "p0" and sp.certificates.president_cert.holder == "p1"


def test_a_large_certificate_is_bought_giving_smaller_ones_toward_it():
    g, sp = fused("p2")
    sp.certificates.hand([twenty(sp)], "pool")          # the 20% lies in the pool, no 10% beside it
    assert [c.percent for c in sp.certificates.of("pool")] == [20]
    price, before, total = g.market.price("SP"), g.players["p2"].cash, money(g)
    certs_before = g.shares.num_certs("p2")
    buy = A.BuyShares("p2", "SP", "pool", 10)
    assert buy in legal(g)
    g.push(buy)                                          # the 20% for one 10% and one share's price
    assert sp.percent_of("p2") == 50 and twenty(sp).holder == "p2"
    assert [c.percent for c in sp.certificates.of("pool")] == [10]
    assert g.players["p2"].cash == before - price and money(g) == total
    assert g.shares.num_certs("p2") == certs_before      # one paper given, one taken


def test_a_large_certificate_is_bought_whole_for_its_percent():
    g, sp = fused("p2")
    sp.certificates.hand([twenty(sp)], "pool")
    price, before = g.market.price("SP"), g.players["p2"].cash
    whole = A.BuyShares("p2", "SP", "pool", 20)
    assert whole in legal(g)
    g.push(whole)
    assert sp.percent_of("p2") == 60 and sp.pool_percent == 0
    # p2 now presides: it takes the president's 20% and gives p1 20% of paper for it (the 20%)
    assert sp.president == "p2" and sp.certificates.president_cert.holder == "p2" and twenty(sp).holder == "p1"
    assert g.players["p2"].cash == before - 2 * price


def test_no_exchange_without_paper_to_give():
    g, sp = fused("p2")
    sp.certificates.hand([twenty(sp)], "pool")
    sp.certificates.hand(sp.certificates.of("p2"), "ipo")     # p2 holds no SP now
    assert A.BuyShares("p2", "SP", "pool", 10) not in legal(g)
    with pytest.raises(RuleError):
        g.push(A.BuyShares("p2", "SP", "pool", 10))


def test_a_large_certificate_sold_in_part_takes_change_from_the_pool():
    g, sp = fused("p0")
    ten = next(c for c in sp.certificates.of("p0") if c.percent == 10)
    sp.certificates.hand([ten], "pool")                 # p0 keeps the 20% only; a 10% in the pool
    price, before, total = g.market.price("SP"), g.players["p0"].cash, money(g)
    row = g.market.positions["SP"].row
    sale = A.SellShares("p0", "SP", 10)
    assert sale in legal(g)
    g.push(sale)
    assert sp.percent_of("p0") == 10 and twenty(sp).holder == "pool"
    assert [c.percent for c in sp.certificates.of("p0")] == [10]
    assert g.players["p0"].cash == before + price and money(g) == total
    assert g.market.positions["SP"].row == row + 1       # one row down for the one share sold


def test_no_sale_in_part_without_change_in_the_pool():
    g, sp = fused("p0")
    ten = next(c for c in sp.certificates.of("p0") if c.percent == 10)
    sp.certificates.hand([ten], "ipo")                  # p0 keeps the 20% only; the pool is empty
    assert A.SellShares("p0", "SP", 10) not in legal(g)
    assert A.SellShares("p0", "SP", 20) in legal(g)
    with pytest.raises(RuleError):
        g.push(A.SellShares("p0", "SP", 10))


def test_an_exchange_at_the_certificate_limit_gives_as_many_certificates_as_it_takes(monkeypatch):
    g, sp = fused("p2")
    sp.certificates.hand([twenty(sp)], "pool")
    monkeypatch.setattr(g.shares, "counts_for_limit", lambda corp: True)   # (SP's $67 is in the yellow zone)
    g.cert_limit = g.shares.num_certs("p2")                 # p2 is at its limit
    assert A.BuyShares("p2", "SP", "pool", 10) in legal(g)  # one 10% given, the 20% taken
    assert A.BuyShares("p2", "SP", "pool", 20) not in legal(g)
