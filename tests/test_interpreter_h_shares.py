"""The one interpreter on stock-round and auction lines (pbem/notation/share_quantity.py and the
mechanisms after it): each line is read by the interpreter alone (no rewording rule helps), so
each case fails without the mechanism it names; each mechanism has a near miss it must refuse."""
from __future__ import annotations

import pytest

from pbem.engine.actions import BuyShares, SellShares
from pbem.errors import PbemError
from pbem.notation import context_for_title
from pbem.notation.names import name_index
from pbem.notation.terse import read_terse_by_pieces

PLAYERS = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dee": "Dee"}


def interpret(title, rk, current, line):
    ctx = context_for_title(title, PLAYERS, actor="ann", current=current, round_kind=rk,
                            rotation_resolver=lambda t, h, e: 3, trains_of=lambda c: ["2"])
    return [m.action for m in read_terse_by_pieces(line, ctx, name_index(ctx))]


READ = [
    # a count and a percent that agree are one quantity said twice; a certificate's size
    # between a count and "certificates" is which kind, not how many
    ("1882", "SR", None, "Ann sells 2 10% certificates (20%) of QLL for 142", [SellShares("ann", "QLL", 20)]),
    ("1882", "SR", None, "Ann buys 1 10% certificate of HBR from IPO for 76.", [BuyShares("ann", "HBR", "ipo", 10)]),
    ("1882", "SR", None, "Ann buys 1 share (10%) of HBR from IPO for 82", [BuyShares("ann", "HBR", "ipo", 10)]),
    ("1882", "SR", None, "buying 30% QLL (three shares out of IPO)", [BuyShares("ann", "QLL", "ipo", 30)]),
    ("1882", "SR", None, "Ann: 1 x 10% QLL, market.", [BuyShares("ann", "QLL", "pool", 10)]),
    # in a stock round a small number before a company's name (or after it, with "sh") counts its shares
    ("1882", "SR", None, "1 GT", [BuyShares("ann", "GT", "ipo", 10)]),
    ("1830", "SR", None, "NYNH 1 sh IPO", [BuyShares("ann", "NYNH", "ipo", 10)]),
    ("1882", "SR", None, "Ann: 1 sh HBR from pool", [BuyShares("ann", "HBR", "pool", 10)]),
    ("1882", "SR", None, "another HBR pls", [BuyShares("ann", "HBR", "ipo", 10)]),
]


@pytest.mark.parametrize("title,rk,current,line,want", READ, ids=[c[3] for c in READ])
def test_read(title, rk, current, line, want):
    assert interpret(title, rk, current, line) == want


REFUSED = [
    # a count and a percent that disagree: which is meant cannot be told
    ("1882", "SR", None, "Ann sells 2 shares (30%) of QLL"),
    # a number after the company without a certificate word is no count
    ("1882", "SR", None, "GT 1"),
    # more than one share without a move word: write each buy
    ("1882", "SR", None, "2 GT"),
]


@pytest.mark.parametrize("title,rk,current,line", REFUSED, ids=[c[3] for c in REFUSED])
def test_refused(title, rk, current, line):
    with pytest.raises(PbemError):
        interpret(title, rk, current, line)


def test_count_before_a_name_only_in_a_stock_round():
    """"1 GT" in an operating round is no share bought."""
    try:
        got = interpret("1882", "OR", "CPR", "1 GT")
    except PbemError:
        return
    assert not any(isinstance(a, BuyShares) for a in got)


def test_a_certificate_size_without_count_is_the_percent():
    assert interpret("1882", "SR", None, "Ann sells 20% certificates of QLL") == [SellShares("ann", "QLL", 20)]
