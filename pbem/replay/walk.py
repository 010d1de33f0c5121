"""Step through a stored game move by move: the one loop behind explain, audit, diff, what-if
and the HTML replay. A game file's steps are its moves in force (numbered as stored); an
18xx.games record's are its live actions (numbered by action id; a chat message moves nothing)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Optional, Union

from pbem.game import Game, Setup

from .position import is_record
from .step import Step

__all__ = ["Moment", "Replay", "open_replay"]


@dataclass
class Moment:
    """A step just applied: its place, its id, the actions it pushed and the game after it (the
    live game: read what you need before asking for the next moment)."""

    index: int
    id: int
    actions: list
    game: Game
    moves: bool = True
    lines: list[str] = field(default_factory=list)     # the actions in canonical notation


@dataclass
class Replay:
    """A stored game ready to be stepped: a fresh game and the steps that make it."""

    path: str
    what: str                      # "move" (game file) or "action" (record)
    name: str
    game: Game
    steps: list[Step]
    source: object = None          # the GameFile or the Record

    def __iter__(self) -> Iterator[Moment]:
        return self.walk()

    def walk(self, upto: Optional[int] = None) -> Iterator[Moment]:
        """Apply the steps in order (to the one with id `upto`), yielding each as it is done."""
        g = self.game
        for i, step in enumerate(self.steps):
            mark = len(g.moves)
            step.apply(g)
            actions = list(g.moves[mark:])
            yield Moment(i, step.id, actions, g, step.moves, [g.notation(a) for a in actions])
            if upto is not None and step.id == upto:
                return


def open_replay(path: Union[str, Path]) -> Replay:
    """A game file or an 18xx.games record as a `Replay` at its start."""
    path = str(path)
    if is_record(path):
        from pbem.importers.eighteen_xx import Converter, load_record

        from .record import record_steps

        rec = load_record(path)
        game = Game(Setup(rec.title, tuple(rec.players), rec.seed, tuple(rec.options)))
        return Replay(path, "action", rec.game_id, game, record_steps(rec, game, Converter(game.state)), rec)
    from pbem.gamefile import GameFile

    from .gamefile import file_steps, setup_of

    gf = GameFile.open(path)
    game = Game(setup_of(gf.header))
    steps, _records = file_steps(gf, game)
    return Replay(path, "move", Path(path).stem, game, steps, gf)
