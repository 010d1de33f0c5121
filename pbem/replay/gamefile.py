"""A pbem game file replayed into a `pbem.Game`: its stored canonical lines read back in order.

Each line is read by the exact reader of canonical lines (`pbem.notation.canonical`), and by
the grammar only when that reader does not know it (an older wording), so replaying a file
costs about what replaying the same game's 18xx.games record costs.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional, Union

from pbem.errors import GameFileError, NotationError, PbemError
from pbem.game import Game, Setup
from pbem.game_notation import checked
from pbem.gamefile import GameFile, GameHeader
from pbem.notation.canonical import CanonicalReader

from .step import Step

__all__ = ["setup_of", "file_steps", "replay_file", "read_game"]


def setup_of(header: GameHeader) -> Setup:
    """The game a file's header starts (players named by name)."""
    return Setup(header.title, tuple((p.name, p.name) for p in header.players), header.seed,
                 tuple(header.options), header.data)


def file_steps(gf: GameFile, game: Game, upto: Optional[int] = None, *, fast: bool = True) -> tuple[list, list]:
    """The file's moves in force (up to move `upto`) as replay steps onto `game`, and their
    records. A step reads its stored line (the canonical lines' reader, or the grammar for a
    line it does not know; `fast=False`: always the grammar) and pushes it; GameFileError
    names the line of a move that cannot be replayed."""
    reader = CanonicalReader(game.context(trusted=True))

    def step(rec) -> Step:
        def apply(g: Game) -> None:
            try:
                action = reader.read(rec.notation) if fast else None
                if action is None:
                    ctx = g.context(rec.entity if rec.entity in g.state.players else None, trusted=True)
                    from pbem.reading import driver    # only a line the exact reader does not know

                    moves = driver.read(rec.notation, ctx, single_line=True).raise_error().moves
                    if len(moves) != 1:
                        raise NotationError(f"expected one move, found {len(moves)}", text=rec.notation)
                    action = moves[0].action
                action = checked(action)
                g.state.push(action)
                g.moves.append(action)
            except PbemError as e:
                raise GameFileError(f"{gf.path}: line {rec.line}: move {rec.seq} ({rec.notation!r}) cannot be "
                                    f"replayed: {e}", line=rec.line) from e
        return Step(rec.seq, apply)

    records = [r for r in gf.effective_moves() if upto is None or r.seq <= upto]
    return [step(r) for r in records], records


def replay_file(gf: GameFile, upto: Optional[int] = None, *, fast: bool = True) -> tuple[Game, list[int]]:
    """The game after the file's moves in force (up to move `upto`) and their move numbers;
    GameFileError naming the line of a move that cannot be replayed. `fast=False` reads every
    line with the grammar (benchmarks/replay.py compares the two)."""
    game = Game(setup_of(gf.header))
    steps, _records = file_steps(gf, game, upto, fast=fast)
    for s in steps:
        s.apply(game)
    return game, [s.id for s in steps]


def read_game(path: Union[str, Path], upto: Optional[int] = None) -> Game:
    """A pbem game file replayed (its moves in force, up to move `upto`): `pbem.read_game`."""
    return replay_file(GameFile.open(path), upto=upto)[0]
