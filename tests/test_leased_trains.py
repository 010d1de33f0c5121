"""Leased trains (a train's owner and its lessee) on a real 1882 position, the shared record 5585:
a lease moves the train and the rent, the leased train runs for the lessee and not for its owner,
counts toward the limit as the title says, and goes home when the title says the lease ends."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from pbem.engine import actions as A
from pbem.engine.actions import Route, Stop
from pbem.engine.leases import end_lease, end_leases, lease_train, leased_out, runnable_trains, train_limit_count
from pbem.engine.steps.trains import train_for_purchase
from pbem.engine.steps.interrupts import DiscardTrain
from pbem.errors import RuleError
from pbem.game import Game, Setup
from pbem.importers.eighteen_xx import Converter, load_record, replay_record
from pbem.replay.record import record_steps
from pbem.replay.state import state_json, state_text

RECORD = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" / "5585.json"
#: HBR's 3-train run of action 145 (HBR is the operating corporation, about to run)
RUN = Route(train="3", stops=(Stop("J10", None), Stop("I11", None), Stop("G11", None)))


@pytest.fixture(scope="module")
def before_run():
    return replay_record(load_record(RECORD), stop_at=144)


def _trains(g, sym):
    return [t for t in g.corporations[sym].trains if t.name == "3"]


def test_a_lease_from_the_depot_moves_the_train_and_the_rent(before_run):
    g = copy.deepcopy(before_run)
    cpr = g.corporations["CPR"]
    train = g.depot.available(g.phase_names)[0]
    cash, bank, upcoming = cpr.cash, g.bank, len(g.depot.upcoming)
    lease_train(g, train, cpr, 30)
    assert (cpr.cash, g.bank) == (cash - 30, bank + 30)
    assert (train.owner, train.lessee, train.runner) == (None, "CPR", "CPR")
    assert train in cpr.trains and train in runnable_trains(cpr) and train not in g.depot.upcoming
    assert len(g.depot.upcoming) == upcoming - 1
    assert train_limit_count(g, cpr) == 2
    state = {c["sym"]: c for c in state_json(g, 144)["corporations"]}
    assert state["CPR"]["leased_in"] == [{"train": "3", "from": "depot"}]
    assert state["CPR"]["trains"] == ["3", "3"]
    assert all("leased_in" not in c and "leased_out" not in c for s, c in state.items() if s != "CPR")
    assert any("leases a 3 from depot" in line for line in state_text(g, state_json(g, 144), lambda _g, m: f"${m}"))


def test_without_leases_the_state_shows_none(before_run):
    state = state_json(before_run, 144)
    assert state["corporations"] and all(set(c) == {"sym", "cash", "share_price", "president", "trains", "ipo_percent",
                                                     "pool_percent", "tokens_on_map"} for c in state["corporations"])


def test_a_leased_train_runs_for_the_lessee_not_the_owner(before_run):
    g = copy.deepcopy(before_run)
    hbr, cpr = g.corporations["HBR"], g.corporations["CPR"]
    own = _trains(g, "HBR")
    for t in own:
        lease_train(g, t, cpr, 0)
    assert leased_out(g, hbr) == own and [t.name for t in hbr.trains] == ["2", "2"]
    with pytest.raises(RuleError, match="HBR has 0 unrun 3 train"):
        g.push(A.RunRoutes("HBR", (RUN,)))
    cprs = next(t for t in cpr.trains if t.owner == "CPR")
    lease_train(g, cprs, hbr, 20)
    assert cprs.runner == "HBR" and train_limit_count(g, cpr) == 2 and train_limit_count(g, hbr) == 3
    g.push(A.RunRoutes("HBR", (RUN,)))
    assert cprs.operated and not any(t.operated for t in own)
    assert g.last_run[0] == "HBR" and g.last_run[1][0].revenue > 0
    state = {c["sym"]: c for c in state_json(g, 145)["corporations"]}
    assert state["CPR"]["leased_out"] == [{"train": "3", "to": "HBR"}]
    assert state["CPR"]["leased_in"] == [{"train": "3", "from": "HBR"}, {"train": "3", "from": "HBR"}]
    assert state["HBR"]["leased_in"] == [{"train": "3", "from": "CPR"}]


def test_the_train_limit_counts_what_the_title_says(before_run, monkeypatch):
    g = copy.deepcopy(before_run)
    qll = g.corporations["QLL"]
    train = g.depot.available(g.phase_names)[0]
    assert len(qll.trains) == g.train_limit(qll) == 4
    cash = qll.cash
    with pytest.raises(RuleError, match="QLL already has 4 trains"):
        lease_train(g, train, qll, 10)
    assert qll.cash == cash and train.lessee is None and train in g.depot.upcoming
    # a title where leased trains do not count toward the limit
    monkeypatch.setattr(g.title, "counts_toward_train_limit", lambda g, corp, t: t.lessee is None and t.owner == corp.sym)
    lease_train(g, train, qll, 10)
    assert len(qll.trains) == 5 and train_limit_count(g, qll) == 4 and qll not in g.crowded_corps()


def test_refused_leases_change_nothing(before_run):
    g = copy.deepcopy(before_run)
    hbr, cpr = g.corporations["HBR"], g.corporations["CPR"]
    own = _trains(g, "HBR")[0]
    depot = g.depot.available(g.phase_names)[0]
    before = state_json(g, 144)
    with pytest.raises(RuleError, match="HBR owns the 3 train"):
        lease_train(g, own, hbr, 0)
    with pytest.raises(RuleError, match="CPR has \\$820; the lease of the 3 train costs \\$900"):
        lease_train(g, depot, cpr, 900)
    with pytest.raises(RuleError, match="not a rent"):
        lease_train(g, depot, cpr, -5)
    with pytest.raises(RuleError, match="is not leased"):
        end_lease(g, own)
    lease_train(g, own, cpr, 0)
    with pytest.raises(RuleError, match="already leased to CPR"):
        lease_train(g, own, g.corporations["QLL"], 0)
    end_lease(g, own)
    assert state_json(g, 144) == before and own.lessee is None


def _record_game():
    rec = load_record(RECORD)
    game = Game(Setup(rec.title, tuple(rec.players), rec.seed, tuple(rec.options)))
    return game, {s.id: s for s in record_steps(rec, game, Converter(game.state))}


def _play(game, steps, first, last):
    for i in sorted(steps):
        if first <= i <= last:
            steps[i].apply(game)


def test_leases_end_at_the_end_of_the_operating_round_and_the_trains_go_home():
    """After QLL's dividend (action 151) CPR leases a depot 3 and one of HBR's 2s for nothing;
    QLL's pass (152) ends the operating round, the trains go home (the depot's to the front of
    the depot), and the record plays on to the end of the next round exactly as without them."""
    plain, plain_steps = _record_game()
    _play(plain, plain_steps, 0, 171)
    game, steps = _record_game()
    _play(game, steps, 0, 151)
    g = game.state
    cpr, hbr = g.corporations["CPR"], g.corporations["HBR"]
    depot_train = g.depot.upcoming[0]
    hbr_two = next(t for t in hbr.trains if t.name == "2")
    lease_train(g, depot_train, cpr, 0)
    lease_train(g, hbr_two, cpr, 0)
    assert g.depot.upcoming[0] is not depot_train and end_leases(g, "turn") == []
    _play(game, steps, 152, 152)
    assert g.round.num == 2 and g.depot.upcoming[0] is depot_train and depot_train.owner is None
    assert hbr_two in hbr.trains and hbr_two.lessee is None and hbr_two not in cpr.trains
    assert [t.name for t in cpr.trains] == ["3"]
    _play(game, steps, 153, 171)
    assert state_json(g, 171) == state_json(plain.state, 171)


def test_a_title_may_end_leases_with_an_operating_turn(monkeypatch):
    game, steps = _record_game()
    _play(game, steps, 0, 149)
    g = game.state
    cpr = g.corporations["CPR"]
    train = g.depot.upcoming[0]
    lease_train(g, train, cpr, 0)
    monkeypatch.setattr(g.title, "lease_ends", lambda g, t, moment: moment == "turn")
    _play(game, steps, 150, 151)          # QLL runs and withholds: its turn is not over yet
    assert train in cpr.trains and train.lessee == "CPR"
    _play(game, steps, 152, 152)          # QLL passes: its turn ends, and so does the lease
    assert train.lessee is None and g.depot.upcoming[0] is train and train not in cpr.trains


def test_a_leased_train_is_not_the_lessees_to_sell_or_discard(before_run):
    g = copy.deepcopy(before_run)
    hbr, cpr, qll = g.corporations["HBR"], g.corporations["CPR"], g.corporations["QLL"]
    cprs = next(t for t in cpr.trains if t.owner == "CPR")
    lease_train(g, _trains(g, "HBR")[0], cpr, 0)
    lease_train(g, cprs, hbr, 0)
    assert [t.name for t in cpr.trains] == ["3"] and cpr.trains[0].owner == "HBR"
    with pytest.raises(RuleError, match="CPR has no 3 train"):
        train_for_purchase(g, qll, A.BuyTrain("QLL", "3", "CPR", 50))
    with pytest.raises(RuleError, match="CPR has no 3 train to discard"):
        DiscardTrain(g.round).discard(cpr, "3")
    assert train_for_purchase(g, qll, A.BuyTrain("QLL", "3", "HBR", 50)).lessee is None
