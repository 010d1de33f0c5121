"""Seeded random games of 1869, 2 to 8 players, with and without the ILL option, played to the
end through `pbem.Game` and its own legal moves: no crash, no listed move refused, money
conserved and the paper adding up after every move; then the game is stored as a game file and
`pbem audit` replays it with every invariant holding (money, certificates, the president's
certificate, trains, tiles, certificate and holding limits, train limits)."""
from __future__ import annotations

import random

import pytest

import pbem
from pbem.engine import actions as A
from pbem.errors import RuleError
from pbem.gamefile import GameFile, GameHeader, Player
from pbem.importers.to_gamefile import _as_run
from pbem.replay.audit import audit

WEIGHTS = {"RunRoutes": 50, "Dividend": 5, "BuyTrain": 6, "BuyShares": 6, "Par": 4, "LayTile": 5,
           "PlaceToken": 3, "Bid": 2, "Pass": 1, "SellShares": 1,
           # a train given back of the corporation's own will is rare (over the limit it is the only move)
           "DiscardTrain": 0.05}

#: (players, seed, options): seeds whose games end within the move cap (found by tools/randplay.py's
#: picker, as below); the end is by a broken bank or a bankruptcy
GAMES = [(n, 1, ()) for n in range(2, 9)] + [(n, 1, ("ill",)) for n in range(2, 9)]


def pick(rng: random.Random, moves: list, players, in_round: int = 0) -> A.Action:
    """tools/randplay.py's choice, but always paying out (the bank must break: 1869 games end so)."""
    runs = [a for a in moves if isinstance(a, A.RunRoutes) and a.routes]
    if runs:
        return runs[0]
    payout = [a for a in moves if isinstance(a, A.Dividend) and a.kind == "payout"]
    if payout:
        return payout[0]
    # selling is rarer than in tools/randplay.py: at the market's bottom a stock round of random
    # buys and sales (100% holdings, several brown-zone shares a turn) would hardly end
    # and a pass likelier the longer the round has lasted (`in_round` moves)
    weights = [0.1 if isinstance(a, A.BuyCompany) and a.entity in players
               else 0.2 if isinstance(a, A.SellShares)
               else 1 + in_round / 20 if isinstance(a, A.Pass) else WEIGHTS.get(type(a).__name__, 2) for a in moves]
    return rng.choices(moves, weights=weights)[0]


def books(g) -> None:
    s = g.state
    total = s.bank + sum(p.cash for p in s.players.values()) + sum(c.cash for c in s.corporations.values())
    assert total == 36000, f"money not conserved: {total}"
    for c in s.corporations.values():
        assert sum(c.shares.values()) == c.certificates.total_percent, (c.sym, c.shares)
        if c.president is not None and not c.closed:
            assert c.certificates.president_cert.holder == c.president
    assert all(p.cash >= 0 for p in s.players.values())
    assert s.finished or s.current_entity() is not None


@pytest.mark.parametrize("players,seed,options", GAMES, ids=lambda v: str(v))
def test_random_1869_game_to_the_end(players, seed, options, tmp_path):
    names = [f"P{i + 1}" for i in range(players)]
    g = pbem.Game.new("1869", names, seed=seed, options=options)
    rng = random.Random(seed)
    kinds: set[str] = set()
    rnd, in_round = None, 0
    lines: list[tuple[str, str]] = []
    while not g.finished and len(g.moves) < 10000:
        moves = g.legal_moves()
        assert moves, f"nobody can move: {g.current_entity()} in {g.state.round.name}"
        rnd, in_round = g.state.round, (in_round + 1 if g.state.round is rnd else 0)
        action = pick(rng, moves, g.state.players, in_round)
        try:
            g.push(action)
        except RuleError as e:
            pytest.fail(f"move {len(g.moves)}: listed move {action} refused: {e}")
        # its line for the game file, as written after the move (a run with what it earned)
        lines.append((action.entity, g.notation(_as_run(g.state, action) if isinstance(action, A.RunRoutes) else action)))
        kinds.add(type(action).__name__)
        books(g)
    assert g.finished, f"not finished after {len(g.moves)} moves"
    assert {"Par", "BuyShares", "LayTile", "RunRoutes", "BuyTrain"} <= kinds
    assert ("ILL" in g.state.corporations) == ("ill" in options)        # the option, and only it, adds ILL
    if "ill" in options:
        assert any(isinstance(a, (A.Par, A.BuyShares)) and a.corporation == "ILL" for a in g.moves)
    # stored as a game file, replayed and audited
    path = tmp_path / "g.pbem"
    gf = GameFile.create(path, GameHeader(title="1869", players=[Player(n, "") for n in names], seed=seed,
                                          options=tuple(options)))
    gf.append_many(lines, source="tests/test_random_1869.py")
    report = audit(path)
    assert report.ok, report.summary()
    assert report.finished and report.money == 36000
