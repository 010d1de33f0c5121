"""A stock-round buy is one certificate; the rule check and the legal listing are the same check."""
import copy
from pathlib import Path

import pytest

from pbem.engine.actions import BuyShares, SellShares
from pbem.errors import RuleError
from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.replay.state import state_json

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


def stock_states(path, n):
    """`n` states spread over the record where a player is to act in a stock round."""
    rec = load_record(path)
    ids = []
    replay_record(rec, each=lambda g, a: ids.append(a["id"]) if g.round.name == "stock"
                  and g.current_entity() in g.players else None)
    wanted = set(ids[:: max(1, len(ids) // n)])
    picked = []
    replay_record(rec, each=lambda g, a: picked.append(copy.deepcopy(g)) if a["id"] in wanted else None)
    return picked


@pytest.fixture(scope="module", params=["1882/5585.json", "1861/29683.json"])
def states(request):
    return stock_states(FIX / request.param, 8)


def test_accepted_buys_are_exactly_the_listed_ones(states):
    """Every listed buy is accepted; every other (corporation, source, size) is refused."""
    assert len(states) >= 8
    seen_listed = seen_refused = 0
    for game in states:
        ent = game.current_entity()
        listed = {(m.action.corporation, m.action.source, m.action.percent)
                  for m in game.legal_moves() if isinstance(m.action, BuyShares)}
        for corp, src, pct in listed:
            copy.deepcopy(game).push(BuyShares(ent, corp, src, pct))
            seen_listed += 1
        scratch = copy.deepcopy(game)
        before = state_json(scratch, 0)
        for corp in game.corporations:
            for src in ("ipo", "pool"):
                for pct in (10, 20, 30):
                    if (corp, src, pct) in listed:
                        continue
                    with pytest.raises(RuleError):
                        scratch.push(BuyShares(ent, corp, src, pct))
                    seen_refused += 1
        assert state_json(scratch, 0) == before          # a refused buy changes nothing
    assert seen_listed > 5 and seen_refused > 5


def test_two_shares_or_thirty_percent_are_refused_as_more_than_one_certificate():
    rec = load_record(FIX / "1882" / "5585.json")
    found = []

    def each(game, a):
        if not found and game.round.name == "stock" and game.current_entity() in game.players:
            ent = game.current_entity()
            for m in game.legal_moves():
                if isinstance(m.action, BuyShares):
                    found.append((copy.deepcopy(game), ent, m.action.corporation, m.action.source))
                    return

    replay_record(rec, each=each)
    game, ent, corp, src = found[0]
    for pct in (20, 30):
        with pytest.raises(RuleError) as e:
            copy.deepcopy(game).push(BuyShares(ent, corp, src, pct))
        assert e.value.rule == "one certificate per turn" and f"not {pct}%" in str(e.value)
    before = game.corporations[corp].percent_of(ent)
    game.push(BuyShares(ent, corp, src, 10))
    assert game.corporations[corp].percent_of(ent) == before + 10


def test_selling_more_than_held_names_the_holding():
    rec = load_record(FIX / "1882" / "5585.json")
    found = []

    def each(game, a):
        if found or game.round.name != "stock" or game.turn < 2 or game.current_entity() not in game.players:
            return
        ent = game.current_entity()
        held = [(c, c.percent_of(ent)) for c in game.corporations.values() if 0 < c.percent_of(ent) < 50]
        if held:
            found.append((copy.deepcopy(game), ent, held[0][0].sym, held[0][1]))

    replay_record(rec, each=each)
    game, ent, corp, held = found[0]
    with pytest.raises(RuleError) as e:
        game.push(SellShares(ent, corp, 50))
    assert f"holds only {held}%" in str(e.value)
