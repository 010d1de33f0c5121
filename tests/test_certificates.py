"""The certificate and holder model: certificates of any size from title data, any holder
(players, other corporations, the IPO/treasury, the pool, escrow), paper moved a certificate at a
time with the president's certificate following the presidency, dividends to every holder, and
certificate counting that may count halves. Checked on the bare model, on variant charters in a
real 1882 game (a 5-share company, a 200% company), and after every action of the shared records
and of random games (the paper always adds up and the president holds the president's certificate)."""
from __future__ import annotations

import copy
import random
from fractions import Fraction
from pathlib import Path

import pytest

from pbem.engine.certificates import CertificateError, CertificateSet
from pbem.engine.game import Game
from pbem.errors import RuleError
from pbem.titles import load_title

from randplay_kit import randplay as _randplay

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
RECORDS = sorted(p for t in ("1882", "1861", "1830") for p in (FIXTURES / t).glob("*.json"))


# --- the bare model ----------------------------------------------------------------------------
def test_the_default_charter_is_a_presidents_20_and_eight_10s():
    s = CertificateSet("X")
    assert [c.percent for c in s.certs] == [20] + [10] * 8
    assert s.certs[0].president and not any(c.president for c in s.certs[1:])
    assert (s.total_percent, s.share_percent, s.president_percent) == (100, 10, 20)
    assert s.held == {"ipo": 100}


def test_paper_moves_whole_and_ordinary_certificates_go_first():
    s = CertificateSet("X")
    moved = s.move("ipo", "ann", 20)
    assert [c.percent for c in moved] == [10, 10] and not any(c.president for c in moved)
    assert s.held == {"ipo": 80, "ann": 20}
    s.give(s.president_cert, "bob")
    with pytest.raises(CertificateError) as e:
        s.move("bob", "pool", 10)            # a lone 20% certificate gives no 10%
    assert "20" in str(e.value) and "10%" in str(e.value)
    assert s.percent_of("bob") == 20 and s.percent_of("pool") == 0


def test_seating_a_president_swaps_the_certificate_for_paper_of_its_size():
    s = CertificateSet("X")
    s.give(s.president_cert, "bob")
    s.move("ipo", "ann", 30)
    assert s.seat_president("ann")
    assert s.president_cert.holder == "ann"
    assert s.held == {"ann": 30, "bob": 20, "ipo": 50}
    assert [c.percent for c in s.of("bob")] == [10, 10]
    s.move("ipo", "cid", 10)
    assert not s.seat_president("cid")          # 10% cannot pay for a 20% certificate
    assert s.president_cert.holder == "ann"


def test_charters_from_data_sizes_and_half_counting():
    five = CertificateSet("F", [40, 20, 20, 20])
    assert (five.total_percent, five.share_percent, five.president_percent) == (100, 20, 40)
    big = CertificateSet("B", [20] + [10] * 18)
    assert big.total_percent == 200
    halves = CertificateSet("H", [{"percent": 20}] + [{"percent": 10, "counts": "1/2"}] * 8)
    halves.move("ipo", "ann", 30)
    assert halves.count("ann") == Fraction(3, 2)
    minor = CertificateSet("M", [100])
    assert (minor.share_percent, minor.president_percent) == (100, 100)
    assert CertificateSet("N", []).held == {}


# --- in a game -----------------------------------------------------------------------------------
def _game(charters: dict[str, list] | None = None, players: int = 4) -> Game:
    title = copy.copy(load_title("1882"))
    if charters:
        title.data = copy.deepcopy(title.data)
        for c in title.data["corporations"]:
            if c["sym"] in charters:
                c["shares"] = charters[c["sym"]]
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"][:players]
    return Game(title, [(n, n) for n in names], 1)


def _start(g: Game, sym: str, president: str, price: int = 100) -> None:
    corp = g.corporations[sym]
    g.set_par(corp, price)
    corp.ipoed = True
    g.shares.give_president(corp, president)


def test_a_five_share_company_sells_and_pays_in_20_percent_shares():
    g = _game({"GT": [40, 20, 20, 20]})
    gt = g.corporations["GT"]
    _start(g, "GT", "Ann")
    assert gt.percent_of("Ann") == 40 and gt.president == "Ann"
    cash = g.players["Bob"].cash
    paid = g.shares.buy("Bob", gt, "ipo", 20)
    assert paid == 100 and g.players["Bob"].cash == cash - 100     # one share at par, not two
    with pytest.raises(RuleError) as e:
        g.shares.transfer(gt, "Bob", "pool", 10)                   # no 10% piece of paper exists
    assert e.value.rule == "certificates change hands whole"
    assert gt.percent_of("Bob") == 20
    before = {p: g.players[p].cash for p in ("Ann", "Bob")}
    g.title.pay_shareholders(g, gt, 100)
    assert g.players["Ann"].cash - before["Ann"] == 40 and g.players["Bob"].cash - before["Bob"] == 20
    assert g.shares.max_sellable("Bob", gt) == 20


def test_a_corporation_holding_shares_is_paid_its_dividend_and_never_presides():
    g = _game()
    cpr, gt = g.corporations["CPR"], g.corporations["GT"]
    _start(g, "CPR", "Ann")
    g.shares.transfer(cpr, "ipo", "GT", 30)             # a corporation holds 30% of another
    assert cpr.percent_of("GT") == 30 and cpr.president == "Ann"
    assert "GT" not in cpr.player_holdings()
    gt_cash, ann = gt.cash, g.players["Ann"].cash
    g.title.pay_shareholders(g, cpr, 100)
    assert gt.cash - gt_cash == 30 and g.players["Ann"].cash - ann == 20


def test_a_president_selling_below_another_holder_hands_over_the_certificate_first():
    g = _game()
    cpr = g.corporations["CPR"]
    _start(g, "CPR", "Ann")
    g.shares.transfer(cpr, "ipo", "Bob", 20)
    g.shares.sell("Ann", cpr, 10)                       # Ann holds only the 20% certificate
    assert cpr.president == "Bob" and cpr.certificates.president_cert.holder == "Bob"
    assert (cpr.percent_of("Ann"), cpr.percent_of("Bob"), cpr.pool_percent) == (10, 20, 10)
    assert g.shares.num_certs("Ann") == 1 and g.shares.num_certs("Bob") == 1


def test_half_certificates_count_half_toward_the_limit():
    g = _game({"GT": [20] + [{"percent": 10, "counts": "1/2"}] * 8})
    gt = g.corporations["GT"]
    _start(g, "GT", "Ann")
    g.shares.transfer(gt, "ipo", "Ann", 30)
    assert g.shares.num_certs("Ann") == Fraction(5, 2)


def test_a_200_percent_company_pays_per_share_of_its_twenty():
    g = _game({"GT": [20] + [10] * 18})
    gt = g.corporations["GT"]
    _start(g, "GT", "Ann")
    assert gt.ipo_percent == 180
    cash = g.players["Ann"].cash
    g.title.pay_shareholders(g, gt, 200)
    assert g.players["Ann"].cash - cash == 20         # 2 of 20 shares


def test_escrow_holds_paper_that_earns_nothing():
    g = _game()
    cpr = g.corporations["CPR"]
    _start(g, "CPR", "Ann")
    g.shares.transfer(cpr, "ipo", "escrow", 10)
    assert cpr.percent_of("escrow") == 10 and "escrow" not in cpr.player_holdings()
    bank = g.bank
    g.title.pay_shareholders(g, cpr, 100)
    assert bank - g.bank == 20                           # Ann's 20% only


# --- the paper always adds up ------------------------------------------------------------------
def assert_paper_consistent(g: Game, where: str) -> None:
    for corp in g.corporations.values():
        certs = corp.certificates
        held = corp.shares
        assert sum(held.values()) == certs.total_percent, f"{where}: {corp.sym} paper {held}"
        assert held == {h: sum(c.percent for c in certs.of(h)) for h in held}, where
        pres = certs.president_cert
        if pres is not None and corp.president is not None and not corp.closed:
            assert pres.holder == corp.president, (
                f"{where}: {corp.sym} president {corp.president} but the certificate is with {pres.holder}")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_record_keeps_the_paper_consistent_after_every_action(path):
    from pbem.game import Game as Facade, Setup
    from pbem.importers.eighteen_xx import Converter
    from pbem.replay.record import as_record, record_steps

    rec = as_record(path)
    game = Facade(Setup(rec.title, tuple(rec.players), rec.seed, tuple(rec.options)))
    n = 0
    for s in record_steps(rec, game, Converter(game.state)):
        s.apply(game)
        assert_paper_consistent(game.state, f"{path.name} action {s.id}")
        n += 1
    assert n > 20


@pytest.mark.parametrize("title,seed,players", [("1882", 11, 4), ("1861", 4, 4), ("1830", 5, 4), ("1830", 10, 6)])
def test_random_games_keep_the_paper_consistent(title, seed, players):
    rp = _randplay()
    rng = random.Random(seed)
    g = Game(load_title(title), [(f"P{i}", f"P{i}") for i in range(players)], seed)
    kinds: set[str] = set()
    for i in range(3000):
        if g.finished:
            break
        action = rp.pick(rng, g)
        kinds.add(type(action).__name__)
        g.push(action)
        assert_paper_consistent(g, f"{title} seed {seed} move {i}")
    assert {"SellShares", "BuyShares"} <= kinds
    if title == "1861":
        assert {"Merge", "Convert"} <= kinds       # paper of minors folded into majors


def test_a_holder_gives_away_its_longest_held_certificates_first():
    """18xx.games keeps each holder's certificates in the order they came and takes a sale's
    bundle, a presidency swap's change and the pool's shares from the front."""
    cs = CertificateSet("PRR")
    cs.move("ipo", "a", 10)                       # a holds 1
    cs.move("ipo", "pool", 10)                    # the pool holds 2
    cs.move("ipo", "a", 10)                       # a holds 1, 3
    cs.move("pool", "a", 10)                      # a holds 1, 3, 2
    assert [c.index for c in cs.of("a")] == [1, 3, 2]
    assert [c.index for c in cs.move("a", "pool", 20)] == [1, 3]
    assert [c.index for c in cs.of("pool")] == [1, 3]
    cs.move("pool", "b", 10)                      # b holds 1
    cs.move("ipo", "b", 10)                       # b holds 1, 4
    cs.give(cs.president_cert, "c")
    assert cs.seat_president("b", "pool")         # b's two longest-held go to the pool
    assert [c.index for c in cs.of("pool")] == [3, 1, 4] and [c.index for c in cs.of("b")] == [0]
    bundle, back = cs.bundle("a", 10)
    assert [c.index for c in bundle] == [2] and back == 0
    assert [c.index for c in cs.bundle("b", 10)[0]] == [0] and cs.bundle("b", 10)[1] == 10
