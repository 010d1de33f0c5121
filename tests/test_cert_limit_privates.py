"""Private companies count toward the certificate limit (1861 §4.2.1, 1882 §10.1, 1830; 18xx.games
counts a player's privates in `num_certs` for every title, CERT_LIMIT_INCLUDES_PRIVATES): one
count for the listing and the checks (`ShareLedger.num_certs`)."""
import copy

import pytest

from pbem.engine import actions as A
from pbem.engine.game import Game
from pbem.errors import RuleError
from pbem.titles import load_title


def _1882_after_auction() -> Game:
    g = Game(load_title("1882"), [("a", "Ann"), ("b", "Bob"), ("c", "Cid"), ("d", "Dee")], 7)
    for who, sym in zip("abcda", ["HB", "SC", "NWR", "TB", "CP"]):
        g.push(A.Bid(who, sym, g.companies[sym].value))
    g.push(A.Par("a", "CPR", 100))
    return g


def test_open_privates_count_and_closed_ones_do_not():
    g = _1882_after_auction()
    assert g.players["a"].companies == ["HB", "CP"] and g.corporations["CPR"].percent_of("a") == 20
    assert g.shares.num_certs("a") == 3                  # the president's certificate and two privates
    g.close_company(g.companies["HB"])
    assert g.shares.num_certs("a") == 2


def test_a_player_whose_privates_fill_the_limit_may_not_buy_a_share():
    g = _1882_after_auction()
    ent = g.current_entity()
    n = g.shares.num_certs(ent)
    assert g.players[ent].companies and n > g.corporations["CPR"].percent_of(ent) // 10
    g.cert_limit = n                                     # at the limit only with the privates counted
    assert not any(isinstance(m.action, (A.BuyShares, A.Par)) for m in g.legal_moves())
    with pytest.raises(RuleError, match="certificate limit"):
        g.push(A.BuyShares(ent, "CPR", "ipo"))


def test_1861_a_player_at_the_limit_with_privates_is_out_of_a_minor_auction_when_it_opens():
    """18xx.games (BuySellParSharesViaBid#max_bid: 0 for a player who cannot gain the minor's
    certificate; PassableAuction#auction_entity drops whoever cannot bid the minimum): with two
    privates each, A and B are at a limit of 2 and out at once; C, the opener, wins."""
    g = Game(load_title("1861"), [("a", "A"), ("b", "B"), ("c", "C")], 7)
    while g.round.name == "auction":
        g.push(A.Pass(g.current_entity()) if g.round.bids or g.round.dutch else
               A.Bid(g.current_entity(), g.round.up.sym, g.round.min_bid()))
    assert g.current_entity() == "c"
    assert [len(g.players[p].companies) for p in "abc"] == [2, 2, 1]
    g.cert_limit = 2
    g.push(A.Bid("c", "N", 150))
    n = g.corporations["N"]
    assert n.president == "c" and n.cash == 150 and n.percent_of("c") == 100   # nobody else could bid


def test_1830_a_private_from_another_player_may_not_take_the_buyer_over_the_limit():
    """A private bought from another player is a certificate too: at the limit the purchase is
    neither listed nor accepted (18xx.games accepts it and then makes the player sell; the rules
    forbid holding more than the limit)."""
    g = Game(load_title("1830"), [("a", "Ann"), ("b", "Bob"), ("c", "Cy")], 1)
    for who, sym, price in [("a", "SV", 20), ("b", "CS", 40), ("c", "DH", 70), ("a", "MH", 110),
                            ("b", "CA", 160), ("c", "BO", 220)]:
        g.push(A.Bid(who, sym, price))
    g.push(A.Par("c", "B&O", 100))
    g.turn = 2
    assert g.current_entity() == "a" and g.shares.num_certs("a") == 2
    assert any(isinstance(m.action, A.BuyCompany) and m.action.company == "DH" for m in g.legal_moves())
    g.cert_limit = 2
    assert not any(isinstance(m.action, A.BuyCompany) for m in g.legal_moves())
    with pytest.raises(RuleError, match="certificate limit"):
        copy.deepcopy(g).push(A.BuyCompany("a", "DH", 1))
    g.cert_limit = 3
    g.push(A.BuyCompany("a", "DH", 1))
    assert g.companies["DH"].owner == "a" and g.shares.num_certs("a") == 3
