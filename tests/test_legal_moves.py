"""Every move the engine lists as legal is accepted by the engine, at many points of a real game."""
import copy
from pathlib import Path

import pytest

from pbem.errors import RuleError
from pbem.importers.eighteen_xx import load_record, replay_record

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"


@pytest.fixture(scope="module")
def states():
    rec = load_record(FIX / "5585.json")
    picked = []
    ids = [a["id"] for a in rec.live if a["type"] != "message"]
    wanted = set(ids[::53])

    def each(game, a):
        if a["id"] in wanted:
            picked.append((a["id"], copy.deepcopy(game)))

    replay_record(rec, each=each)
    return picked


def test_states_cover_every_round_kind(states):
    assert {g.round.name for _, g in states} >= {"auction", "stock", "operating"}


def test_listed_moves_are_accepted(states):
    checked = 0
    for at, game in states:
        moves = game.legal_moves()
        moves = moves[:12] + moves[12::max(1, len(moves) // 12)]
        assert moves, f"no legal move listed after action {at} ({game.round.name}, {game.current_entity()})"
        for m in moves:
            if m.action.__class__.__name__ == "RunRoutes":
                continue   # a representative placeholder, not a concrete run
            trial = copy.deepcopy(game)
            try:
                trial.push(m.action)
            except RuleError as e:
                pytest.fail(f"after action {at}: listed move {m.action} refused: {e}")
            checked += 1
    assert checked > 50


def test_a_move_not_listed_is_refused(states):
    at, game = next((at, g) for at, g in states if g.round.name == "stock")
    ent = game.current_entity()
    listed = {(type(m.action).__name__, getattr(m.action, "corporation", None)) for m in game.legal_moves()}
    for corp in game.corporations:
        if ("BuyShares", corp) not in listed:
            from pbem.engine.actions import BuyShares
            with pytest.raises(RuleError):
                game.push(BuyShares(ent, corp, "ipo"))
            return
    pytest.fail("every corporation was buyable")
