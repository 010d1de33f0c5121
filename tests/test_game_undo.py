"""Taking moves back and asking "is this legal?" without replaying or copying the whole game.

`pbem.Game` keeps a frozen snapshot of the state every SNAPSHOT_EVERY moves: `pop()` thaws the
last one and replays at most that many moves, and leaves the state a replay from the start gives.
`is_legal` answers from the steps' checks where they are the whole rule (`pbem.engine.legality`),
and that answer is the one pushing the action gives.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import pbem
import pbem.game as facade
from pbem.engine import actions as A
from pbem.engine.game import Game as EngineGame
from pbem.engine.legality import verdict
from pbem.errors import PbemError
from pbem.replay.state import state_json
from test_steps import _randplay, candidates

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


def fingerprint(g: pbem.Game) -> str:
    """The whole visible state and what may be done next."""
    return json.dumps([state_json(g.state, None), [repr(m) for m in g.legal_moves()]], sort_keys=True, default=str)


def replayed(g: pbem.Game) -> pbem.Game:
    """The same moves pushed onto a new game from the start."""
    fresh = pbem.Game(g.setup)
    for a in g.moves:
        fresh.state.push(a)
    fresh.moves = list(g.moves)
    return fresh


class PushCount:
    """Counts the actions pushed onto any engine state (wraps the real push)."""

    def __init__(self, monkeypatch):
        self.n = 0
        real = EngineGame.push

        def counted(state, action):
            self.n += 1
            return real(state, action)
        monkeypatch.setattr(EngineGame, "push", counted)


def new_game(title: str, seed: int) -> pbem.Game:
    """Four seats named as tools/randplay.py names them (P1 is also an 1882 private's short name)."""
    return pbem.Game(facade.Setup(title, tuple((f"P{i + 1}", f"P{i + 1}") for i in range(4)), seed))


def random_game(title: str, seed: int, moves: int) -> pbem.Game:
    rp = _randplay()
    rng = random.Random(seed)
    g = new_game(title, seed)
    for _ in range(moves):
        if g.finished:
            break
        g.push(rp.pick(rng, g.state))
    return g


@pytest.mark.parametrize("title,seed", [("1882", 5), ("1861", 3)])
def test_pop_replays_at_most_the_moves_since_a_snapshot_and_leaves_a_full_replays_state(title, seed, monkeypatch):
    monkeypatch.setattr(facade, "SNAPSHOT_EVERY", 10)
    g = random_game(title, seed, 137)
    assert len(g.moves) == 137 and sorted(g.snapshots) == list(range(10, 131, 10))
    count = PushCount(monkeypatch)
    for _ in range(25):                  # back across three snapshots
        last = g.moves[-1]
        count.n = 0
        assert g.pop() == last
        assert count.n <= 10, f"pop replayed {count.n} moves"
        assert max(g.snapshots, default=0) <= len(g.moves)
    assert len(g.moves) == 112
    assert fingerprint(g) == fingerprint(replayed(g))
    g.push(g.legal_moves()[0])           # and play goes on from there
    assert fingerprint(g) == fingerprint(replayed(g))


def test_a_replayed_game_leaves_a_snapshot_at_its_first_pop(monkeypatch):
    monkeypatch.setattr(facade, "SNAPSHOT_EVERY", 20)
    g = pbem.read_record(FIX / "1882" / "10526.json")      # moves pushed onto the state directly
    n = len(g.moves)
    assert n > 100 and not g.snapshots
    g.pop()
    assert max(g.snapshots) == (n - 2) // 20 * 20
    count = PushCount(monkeypatch)
    g.pop()
    assert count.n <= 20
    assert fingerprint(g) == fingerprint(replayed(g))


def test_a_copy_shares_the_snapshots_and_is_independent(monkeypatch):
    monkeypatch.setattr(facade, "SNAPSHOT_EVERY", 10)
    g = random_game("1882", 2, 45)
    before = fingerprint(g)
    other = g.copy()
    assert other.snapshots == g.snapshots and fingerprint(other) == before
    for _ in range(12):
        other.pop()
    other.push(other.legal_moves()[-1])
    assert fingerprint(g) == before and len(g.moves) == 45
    assert fingerprint(other) == fingerprint(replayed(other))


def pushes(g: pbem.Game, action: A.Action) -> bool:
    """Whether the action goes through, tried on a copy (the slow, sure way)."""
    try:
        g.copy().state.push(action)
    except PbemError:
        return False
    return True


@pytest.mark.parametrize("title,seed,moves", [("1882", 3, 240), ("1861", 2, 240)])
def test_what_the_checks_answer_is_what_pushing_gives(title, seed, moves):
    """At every fourth position of a random game (auctions, stock and operating rounds), the first
    listed moves and a sample of other candidates: where the steps answer, their answer is the
    push's; they answer most of them."""
    rp = _randplay()
    rng = random.Random(seed)
    g = new_game(title, seed)
    answered = asked = 0
    kinds: set[str] = set()
    rounds: set[str] = set()
    for i in range(moves):
        if g.finished:
            break
        if i % 4 == 0:
            ent = g.current_entity()
            listed = g.legal_moves()
            others = candidates(g.state, ent)
            for action in listed[:3] + rng.sample(others, min(5, len(others))):
                asked += 1
                known = verdict(g.state, action)
                if known is None:
                    continue
                answered += 1
                kinds.add(type(action).__name__)
                rounds.add(g.state.round.name)
                assert known == pushes(g, action), f"{title} move {len(g.moves)}: {action}: checks say {known}"
                assert g.is_legal(action) == known
        g.push(rp.pick(rng, g.state))
    assert answered > asked * 0.6, (answered, asked)
    assert {"Pass", "Bid", "BuyShares", "Par", "LayTile", "Dividend"} <= kinds, kinds
    assert "operating" in rounds and "stock" in rounds, rounds


def test_is_legal_copies_nothing_when_the_checks_answer(monkeypatch):
    g = random_game("1882", 4, 0)
    copies = []

    def no_copy(state):
        copies.append(state)
        raise AssertionError("is_legal copied the game")
    monkeypatch.setattr(facade, "freeze", no_copy)
    assert all(g.is_legal(a) for a in g.legal_moves())
    assert not g.is_legal(A.Bid("P1", "TB", 7)) and not g.is_legal(A.Bid("P2", "HB", 20))
    assert not copies
    monkeypatch.undo()
    rp = _randplay()
    rng = random.Random(4)
    while not any(isinstance(a, A.RunRoutes) for a in g.legal_moves()):
        g.push(rp.pick(rng, g.state))
    run = next(a for a in g.legal_moves() if isinstance(a, A.RunRoutes))
    assert verdict(g.state, run) is None          # a run is checked as it is applied: tried on a copy
    assert g.is_legal(run)


def test_a_snapshot_leaves_out_a_method_hooked_on_the_state_for_a_push():
    """The moderator's claim check watches `after_action` on the state during a push; a snapshot
    taken in that push is the state without the hook, and the hook stays on the live state."""
    from pbem.engine.snapshot import freeze, thaw

    g = random_game("1882", 1, 12)
    calls = []
    g.state.after_action = lambda: calls.append(1)
    frozen = freeze(g.state)
    assert "after_action" in vars(g.state)
    again = thaw(frozen, g.state)
    assert "after_action" not in vars(again)
    again.push(again.legal_moves()[0].action)
    assert not calls and fingerprint(g) == fingerprint(replayed(g))


@pytest.mark.parametrize("title", ["1882", "1861", "1830"])
def test_a_deep_copy_of_a_state_is_the_same_state_and_independent(title):
    """A trial copy (the moderator's, the transcript reader's) goes through a snapshot's bytes:
    it must be the very state, share nothing mutable with the original, and share the title."""
    import copy

    g = random_game(title, 3, 150)
    before = fingerprint(g)
    trial = copy.deepcopy(g.state)
    assert trial is not g.state and trial.title is g.state.title
    assert json.dumps(state_json(trial, None), sort_keys=True, default=str) == \
        json.dumps(state_json(g.state, None), sort_keys=True, default=str)
    for _ in range(30):
        if trial.finished:
            break
        trial.push(trial.legal_moves()[0].action)
    assert fingerprint(g) == before
