"""Any well-formed action pushed at any point of a real game either applies or raises a rule
error: never another exception. (A refused move must be explainable to a player.)"""
import copy
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.engine.actions import (
    Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, EndGame, LayTile, Par, Pass,
    PlaceToken, RemoveToken, Route, RunRoutes, SellShares, Stop,
)
from pbem.errors import AmbiguousMoveError, RuleError
from pbem.importers.eighteen_xx import load_record, replay_record

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"


def _states():
    rec = load_record(FIX / "5585.json")
    ids = [a["id"] for a in rec.live]
    wanted = set(ids[5::61])
    out = []

    def each(game, a):
        if a["id"] in wanted:
            out.append(copy.deepcopy(game))

    replay_record(rec, each=each)
    return rec, out


REC, STATES = _states()
PLAYERS = [pid for pid, _ in REC.players]
CORPS = ["CN", "CNR", "HBR", "CPR", "GT", "SC", "QLL"]
COMPANIES = ["HB", "SC", "NWR", "TB", "CP"]
TRAINS = ["2", "3", "4", "5", "6", "D", "9"]
HEXES = sorted(STATES[0].board.hex_coords()) + ["Z99", "A1"]
TILES = sorted(STATES[0].title.catalogue) + ["999", "R1"]

players = st.sampled_from(PLAYERS + ["nobody"])
corps = st.sampled_from(CORPS + ["XYZ"])
hexes = st.sampled_from(HEXES)
money = st.integers(-5, 2000)
small = st.integers(-1, 3)
stops = st.builds(Stop, hexes, st.one_of(st.none(), small))
routes = st.builds(Route, st.sampled_from(TRAINS), st.lists(stops, min_size=0, max_size=5).map(tuple),
                   st.none(), st.one_of(st.none(), money), st.booleans())
actions = st.one_of(
    st.builds(Pass, st.one_of(players, corps, st.just("NWR"))),
    st.builds(Bid, players, st.sampled_from(COMPANIES + ["ZZ"]), money),
    st.builds(Par, players, corps, st.integers(0, 400)),
    st.builds(BuyShares, players, corps, st.sampled_from(["ipo", "pool"]), st.sampled_from([10, 20, 30, 5, 0])),
    st.builds(SellShares, players, corps, st.sampled_from([10, 20, 30, 50, 15, 0])),
    st.builds(LayTile, st.one_of(corps, st.just("NWR")), hexes, st.sampled_from(TILES), st.integers(-1, 6)),
    st.builds(PlaceToken, st.one_of(corps, st.just("NWR")), hexes, small, st.booleans(), st.one_of(st.none(), small)),
    st.builds(RemoveToken, st.just("NWR"), hexes, small),
    st.builds(RunRoutes, corps, st.lists(routes, max_size=3).map(tuple)),
    st.builds(Dividend, corps, st.sampled_from(["payout", "withhold", "half"])),
    st.builds(BuyTrain, corps, st.sampled_from(TRAINS), st.one_of(st.just("depot"), corps),
              st.one_of(st.none(), money), st.one_of(st.none(), st.sampled_from(TRAINS))),
    st.builds(DiscardTrain, corps, st.sampled_from(TRAINS)),
    st.builds(BuyCompany, corps, st.sampled_from(COMPANIES), money),
    st.builds(Bankrupt, corps),
    st.builds(EndGame, players),
)


def test_states_span_the_game():
    assert {g.round.name for g in STATES} >= {"auction", "stock", "operating"}


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(STATES) - 1), actions)
def test_any_action_applies_or_is_refused_by_a_rule(i, action):
    game = copy.deepcopy(STATES[i])
    try:
        game.push(action)
    except (RuleError, AmbiguousMoveError) as e:
        assert str(e)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(STATES) - 1), actions)
def test_the_current_entity_is_always_known_after_a_move(i, action):
    game = copy.deepcopy(STATES[i])
    try:
        game.push(action)
    except (RuleError, AmbiguousMoveError):
        return
    assert game.finished or game.current_entity() is not None
    game.legal_moves()
