"""Payments toward a train by several holders (engine/train_payment.py) on a real 1882 position,
the shared record 5585 after HBR's dividend (action 146): an assisted purchase in the manner of
1876v2 (the company pays part, every 10% held pays an equal contribution, the president also
the remainder, the bank the contributions of shares nobody holds) moves every part or nothing;
the standard buy-train step pays through the same function and the title's hook."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from pbem.engine import actions as A
from pbem.engine.train_payment import BANK, Contribution, TrainPayment, apply_train_payment
from pbem.errors import RuleError
from pbem.game import Game, Setup
from pbem.importers.eighteen_xx import Converter, load_record, replay_record
from pbem.replay.record import record_steps
from pbem.replay.state import state_json

RECORD = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" / "5585.json"


@pytest.fixture(scope="module")
def after_dividend():
    return replay_record(load_record(RECORD), stop_at=146)


def assisted(g, sym: str, train: str, price: int, company_part: int) -> TrainPayment:
    """An assisted purchase as a title would compute it (here the test's, not the engine's):
    each 10% held pays (price - company part) // 10; the president also pays the remainder;
    the bank pays for shares in the IPO and the pool."""
    corp = g.corporations[sym]
    each, rest = divmod(price - company_part, 10)
    parts = [Contribution(sym, company_part), Contribution(corp.president, corp.percent_of(corp.president) // 10 * each + rest)]
    parts += [Contribution(h, pct // 10 * each) for h, pct in corp.player_holdings().items() if h != corp.president]
    parts.append(Contribution(BANK, (corp.ipo_percent + corp.pool_percent) // 10 * each))
    return TrainPayment(sym, train, BANK, tuple(parts), rule="assisted train purchase")


def test_an_assisted_purchase_moves_every_contribution(after_dividend):
    g = copy.deepcopy(after_dividend)
    hbr = g.corporations["HBR"]
    train = g.depot.available(g.phase_names)[0]
    assert (train.name, train.price, hbr.cash) == ("3", 180, 68)
    cash = {p: g.players[p].cash for p in g.seat_order}
    bank = g.bank
    payment = assisted(g, "HBR", "3", 180, 54)       # 54: 80% of HBR's $68, leaving it $14
    assert [(p.payer, p.amount) for p in payment.parts] == [("HBR", 54), ("148", 78), ("2262", 24), (BANK, 24)]
    assert payment.total == 180
    apply_train_payment(g, payment)
    g.buy_train_from_depot(hbr, train, 180, paid=True)
    assert hbr.cash == 14 and train in hbr.trains and train.owner == "HBR"
    assert {p: cash[p] - g.players[p].cash for p in g.seat_order} == {"148": 78, "2262": 24, "2438": 0, "3227": 0}
    assert g.bank == bank + 180 - 24


def test_a_failed_contribution_changes_nothing(after_dividend):
    g = copy.deepcopy(after_dividend)
    before, bank = state_json(g, 146), g.bank
    payment = assisted(g, "HBR", "3", 600, 54)       # $330 from Player 2 and $108 from Player 1: too much
    with pytest.raises(RuleError) as err:
        apply_train_payment(g, payment)
    assert str(err.value).startswith("Player 2 has $118 and must pay $330; Player 1 has $102 and must pay $108 "
                                     "toward HBR's 3 train")
    assert err.value.rule == "assisted train purchase"
    assert state_json(g, 146) == before and g.bank == bank


def test_a_payment_from_nobody_or_of_less_than_nothing_is_refused(after_dividend):
    g = copy.deepcopy(after_dividend)
    before = state_json(g, 146)
    for parts, message in [((Contribution("Zed", 10),), "Zed is neither a player nor a corporation"),
                           ((Contribution("HBR", 20), Contribution("148", -5)), "is not a payment")]:
        with pytest.raises(RuleError, match=message):
            apply_train_payment(g, TrainPayment("HBR", "3", BANK, parts))
    with pytest.raises(RuleError, match="XYZ is not a corporation that can be paid"):
        apply_train_payment(g, TrainPayment("HBR", "3", "XYZ", (Contribution("HBR", 20),)))
    assert state_json(g, 146) == before


def test_the_ordinary_payment_is_the_corporation_then_its_president(after_dividend):
    g = copy.deepcopy(after_dividend)
    alone = TrainPayment.ordinary(g, "HBR", "3", 60, BANK)
    assert [(p.payer, p.amount) for p in alone.parts] == [("HBR", 60)] and alone.rule == "buying trains"
    helped = TrainPayment.ordinary(g, "HBR", "3", 180, "CPR")
    assert [(p.payer, p.amount) for p in helped.parts] == [("HBR", 68), ("148", 112)]
    cpr = g.corporations["CPR"].cash
    apply_train_payment(g, helped)
    assert (g.corporations["HBR"].cash, g.players["148"].cash, g.corporations["CPR"].cash) == (0, 6, cpr + 180)
    g2 = copy.deepcopy(after_dividend)
    with pytest.raises(RuleError, match="Player 2 has \\$118 and must pay \\$232 toward HBR's 4 train: "
                                        "sell shares first, or declare bankruptcy"):
        apply_train_payment(g2, TrainPayment.ordinary(g2, "HBR", "4", 300, BANK))
    assert g2.corporations["HBR"].cash == 68


def _record_game():
    rec = load_record(RECORD)
    game = Game(Setup(rec.title, tuple(rec.players), rec.seed, tuple(rec.options)))
    return game, {s.id: s for s in record_steps(rec, game, Converter(game.state))}


@pytest.mark.parametrize("hooked", [False, True])
def test_the_buy_train_step_pays_through_the_titles_payment(hooked, monkeypatch):
    """CPR's purchase of a 3 for $180 (action 156), as recorded and with a title hook that makes
    it an assisted purchase (CPR pays $100, its president 4 x $8, the bank 6 x $8)."""
    game, steps = _record_game()
    for i in sorted(steps):
        if i <= 155:
            steps[i].apply(game)
    g = game.state
    if hooked:
        monkeypatch.setattr(g.title, "train_payment",
                            lambda g, corp, train, price, payee, rnd: assisted(g, corp.sym, train.name, price, 100))
    cpr, pres = g.corporations["CPR"], g.players["2438"]
    cash, pcash, bank, trains = cpr.cash, pres.cash, g.bank, len(cpr.trains)
    game.push(A.BuyTrain("CPR", "3", "depot", 180))
    assert len(cpr.trains) == trains + 1
    if hooked:
        assert (cash - cpr.cash, pcash - pres.cash, g.bank - bank) == (100, 32, 132)
    else:
        assert (cash - cpr.cash, pcash - pres.cash, g.bank - bank) == (180, 0, 180)


def test_a_corporation_without_a_president_gets_no_help(after_dividend):
    g = copy.deepcopy(after_dividend)
    sym = next(s for s, c in sorted(g.corporations.items()) if c.president is None and c.cash == 0)
    payment = TrainPayment.ordinary(g, sym, "3", 180, BANK)
    assert [(p.payer, p.amount) for p in payment.parts] == [(sym, 180)]
    with pytest.raises(RuleError, match=f"^{sym} has \\$0 and must pay \\$180 toward {sym}'s 3 train$"):
        apply_train_payment(g, payment)
