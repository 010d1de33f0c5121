#!/usr/bin/env python3
"""Developer tool: play seeded random legal games through pbem and report what goes wrong.

Each game draws every move from `Game.legal_moves()`, biased toward realistic play (run the
suggested routes, pay out, buy trains and shares more often than passing) so games reach the
late phases, and played to the end: a pass likelier the longer a round lasts, sales, trains
given back and trains bought from another corporation rarer (1869's stock rounds at $10 and
its corporations free of trains would otherwise never end). A listed move the engine refuses, a crash inside the engine, or a state where
nobody can act is reported with the seed, so the game can be replayed.

usage: randplay.py [--title 1882|1861|1830|1869] [--seeds 1-20] [--players N] [--max-moves 8000] [--save DIR]
"""
from __future__ import annotations

import argparse
import random
import sys
import traceback
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.engine import actions as A  # noqa: E402
from pbem.engine.game import Game  # noqa: E402
from pbem.errors import RuleError  # noqa: E402
from pbem.titles import load_title  # noqa: E402

WEIGHTS = {"RunRoutes": 50, "Dividend": 5, "BuyTrain": 6, "BuyShares": 6, "Par": 4, "LayTile": 5,
           "PlaceToken": 3, "Bid": 2, "Pass": 1, "SellShares": 1}


#: each this many moves made in a round add 1 to a pass's weight, so that a round of random buys
#: and sales (a market at its bottom, several shares a turn, 100% holdings) ends
PASS_PRESSURE = 20
#: the weights of moves that keep a game from ending when drawn as often as the others: a sale
#: (prices fall to the bottom and the round churns), a train given back of a corporation's own
#: will, a train bought from another corporation (trains change hands and nobody runs)
TO_THE_END = {"SellShares": 0.2, "DiscardTrain": 0.05, "BuyTrain from a corporation": 0.5}


def pick(rng: random.Random, game: Game, in_round: Optional[int] = None) -> A.Action:
    """A legal move, weighted by kind: paying runs first, payouts over withholding. Given
    `in_round` (the moves made in this round), the game is played to its end: payouts always,
    a pass likelier the longer the round has lasted, and the moves of TO_THE_END rarer (a
    discard the only move is still made)."""
    moves = [m.action for m in game.legal_moves()]
    if not moves:
        raise AssertionError(f"no legal move for {game.current_entity()} in {game.round.name}")
    runs = [a for a in moves if isinstance(a, A.RunRoutes) and a.routes]
    if runs:
        return runs[0]
    payout = [a for a in moves if isinstance(a, A.Dividend) and a.kind == "payout"]
    if payout and (in_round is not None or rng.random() < 0.8):
        return payout[0]
    # a player buying a private from another (1830) is rare, or the stock round never ends
    weights = [0.1 if isinstance(a, A.BuyCompany) and a.entity in game.players else WEIGHTS.get(type(a).__name__, 2)
               for a in moves]
    if in_round is not None:
        weights = [_to_the_end(a, w, in_round) for a, w in zip(moves, weights)]
    return rng.choices(moves, weights=weights)[0]


def _to_the_end(action: A.Action, weight: float, in_round: int) -> float:
    if isinstance(action, A.Pass):
        return weight + in_round / PASS_PRESSURE
    if isinstance(action, A.BuyTrain) and action.source != "depot":
        return TO_THE_END["BuyTrain from a corporation"]
    return TO_THE_END.get(type(action).__name__, weight)


def play(title: str, seed: int, players: int, max_moves: int) -> tuple[Game, list[A.Action], str]:
    """Play one game; returns the game, its moves and '' or what went wrong."""
    rng = random.Random(seed)
    game = Game(load_title(title), [(f"P{i + 1}", f"P{i + 1}") for i in range(players)], seed)
    done: list[A.Action] = []
    rnd, in_round = game.round, 0
    while not game.finished and len(done) < max_moves:
        if game.round is not rnd:
            rnd, in_round = game.round, 0
        try:
            action = pick(rng, game, in_round)
        except Exception as e:  # noqa: BLE001 - a crash while listing moves is a finding
            return game, done, f"listing moves after {len(done)}: {type(e).__name__}: {e}\n{traceback.format_exc()}"
        try:
            game.push(action)
        except RuleError as e:
            return game, done, f"move {len(done)}: listed move {action} refused: {e}"
        except Exception as e:  # noqa: BLE001
            return game, done, f"move {len(done)}: {action} crashed: {type(e).__name__}: {e}\n{traceback.format_exc()}"
        done.append(action)
        in_round += 1
    return game, done, "" if game.finished else f"not finished after {len(done)} moves"


def save(game: Game, done: list[A.Action], title: str, seed: int, folder: Path) -> Path:
    """Write the game as a pbem game file (canonical lines) plus its final values beside it, the
    way tests/data/random/ keeps regression games."""
    import json

    from pbem.gamefile import GameFile, GameHeader, Player
    from pbem.importers.to_gamefile import _as_run
    from pbem.game_notation import notation_context
    from pbem.notation import format_action

    names = [p for p in game.seat_order]
    replay = Game(load_title(title), [(n, n) for n in names], seed)
    lines = []
    for act in done:
        replay.push(act)
        shown = _as_run(replay, act) if isinstance(act, A.RunRoutes) else act
        lines.append((act.entity, format_action(shown, notation_context(replay, trusted=True))))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{title}-seed{seed}.pbem"
    if path.exists():
        path.unlink()
    gf = GameFile.create(path, GameHeader(title=title, players=[Player(n, "") for n in names], seed=seed))
    gf.append_many(lines, source=f"tools/randplay.py seed {seed}")
    want = {"finished": replay.finished, "end_reason": replay.end_reason, "moves": len(done),
            "values": {pid: replay.player_value(pid) for pid in names}}
    path.with_suffix(".json").write_text(json.dumps(want, indent=1) + "\n")
    return path


def seeds(text: str) -> list[int]:
    """'3', '1-40' or a comma list of both ('2,7,10-12')."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="1882")
    ap.add_argument("--seeds", default="1-10")
    ap.add_argument("--players", type=int, default=0, help="0: 2 to 6 by seed")
    ap.add_argument("--max-moves", type=int, default=8000)
    ap.add_argument("-v", action="store_true", help="print tracebacks")
    ap.add_argument("--save", metavar="DIR", help="write each finished game as a game file + expected values")
    a = ap.parse_args()
    bad = 0
    for seed in seeds(a.seeds):
        n = a.players or 2 + seed % 5
        game, done, problem = play(a.title, seed, n, a.max_moves)
        state = f"{game.round.name} phase {game.phase.name}" + (f", over: {game.end_reason}" if game.finished else "")
        first = problem.splitlines()[0] if problem else "ok"
        print(f"{a.title} seed {seed} ({n} players): {len(done)} moves, {state}: {first}")
        if problem and a.v:
            print("\n".join(problem.splitlines()[1:]))
        bad += bool(problem)
        if a.save and not problem:
            print(f"  saved {save(game, done, a.title, seed, Path(a.save))}")
    print(f"problems: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
