"""The state of a stored game at one of its moves, by one code path for both kinds of file.

A pbem game file counts its moves by number (`--at 12`: after move 12, among the moves in
force); an 18xx.games record counts them by action id (`--at 56`: after action 56; a chat
message changes nothing, so its state is the one after the last move before it). Either way
the game is a list of steps, each pushing its actions onto one `pbem.Game`; `position`
replays the steps up to the one asked for, keeping the board just before it (the hexes the
last move changed) and the canonical lines of the last few steps. `pbem show`, `pbem render`
(and later audit, diff and what-if tools) ask this module, never the files themselves.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

from pbem.errors import PbemError
from pbem.importers.json_text import is_record
from pbem.game import Game, Setup

from .step import Step

__all__ = ["ReplayError", "Position", "Step", "is_record", "position"]


class ReplayError(PbemError):
    """The move or action asked for is not in the game (one line naming it)."""


@dataclass
class Position:
    """A stored game replayed to one step."""

    game: Game
    at: Optional[int]              # the step shown: move number, or the id of the record's last move
    what: str                      # "move" (game file) or "action" (record)
    name: str                      # the game's name (record's game id, or the file's stem)
    changed: list[str] = field(default_factory=list)     # hexes the last step changed
    last: list[str] = field(default_factory=list)        # the last steps as canonical lines
    record: object = None          # the Record, for a record (its result can be checked)


def position(path: Union[str, Path], at: Optional[int] = None, *, recent: int = 0) -> Position:
    """The game in `path` after step `at` (None: after its last); `recent` last steps are
    listed as canonical lines. ReplayError for a step the game does not have."""
    if is_record(path):
        return _record_position(str(path), at, recent)
    return _file_position(str(path), at, recent)


def _replay(game: Game, steps: list[Step], upto: int) -> dict:
    """Push steps[0..upto] onto `game`; the board just before the last of them."""
    before: dict = {}
    for i, step in enumerate(steps[: upto + 1]):
        if i == upto:
            before = game.state.board.snapshot()
        step.apply(game)
    return before


def _changed(game: Game, before: Optional[dict]) -> list[str]:
    """The hexes that differ from `before` (None: every hex, the record's first move) and the
    ones the last move names."""
    after = game.state.board.snapshot()
    cells = set(after) if before is None else {c for c in set(before) | set(after) if before.get(c) != after.get(c)}
    return sorted(cells | set(game.state.last_move_hexes))


# --- game files --------------------------------------------------------------------------------
def _file_position(path: str, at: Optional[int], recent: int) -> Position:
    from pbem.gamefile import GameFile

    from .gamefile import file_steps, setup_of

    gf = GameFile.open(path)
    last_seq = max((r.seq for r in gf.records if r.kind == "move"), default=0)
    if at is not None and at > last_seq:
        raise ReplayError(f"{path} has no move {at} (its last move is {last_seq})")
    game = Game(setup_of(gf.header))
    steps, records = file_steps(gf, game, upto=at)
    before = _replay(game, steps, len(steps) - 1) if steps else game.state.board.snapshot()
    shown = steps[-1].id if steps else 0
    wanted = {s.id for s in steps[-recent:]} if recent > 0 else set()
    return Position(game, shown, "move", Path(path).stem, _changed(game, before),
                    [f"{r.seq}. {r.notation}" for r in records if r.seq in wanted])


# --- 18xx.games records ------------------------------------------------------------------------
def _record_position(path: str, at: Optional[int], recent: int) -> Position:
    from pbem.importers.eighteen_xx import Converter, load_record

    from .record import record_move_lines, record_steps

    rec = load_record(path)
    if at is not None and not any(a.get("id") == at for a in rec.live):
        raise ReplayError(f"no live action with id {at} in {path}")
    game = Game(Setup(rec.title, tuple(rec.players), rec.seed, tuple(rec.options)))
    steps = record_steps(rec, game, Converter(game.state))
    end = len(steps) - 1 if at is None else next(i for i, s in enumerate(steps) if s.id == at)
    moving = [i for i, s in enumerate(steps[: end + 1]) if s.moves]
    if not moving:                 # no move yet: the state at the start (`at` None)
        return Position(game, None, "action", rec.game_id, [], [], record=rec)
    last = moving[-1]
    before = _replay(game, steps, last)
    shown = steps[last].id
    wanted = [steps[i].id for i in moving[-recent:]] if recent > 0 else []
    texts = record_move_lines(rec, shown, set(wanted)) if wanted else {}
    return Position(game, shown, "action", rec.game_id, _changed(game, before if len(moving) > 1 else None),
                    [texts[i] for i in wanted if i in texts], record=rec)
