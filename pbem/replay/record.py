"""An 18xx.games record replayed into a `pbem.Game` (its actions converted as the importer does)."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Optional, Union

from pbem.game import Game, Setup
from pbem.importers.eighteen_xx import Converter, Record, apply_record_action, load_record, record_from
from pbem.importers.record_schema import action_label
from pbem.importers.to_gamefile import record_lines

from .step import Step

__all__ = ["as_record", "record_steps", "read_record", "record_move_lines"]


def as_record(record: Union[str, Path, dict, Record, Any]) -> Record:
    """A loaded Record from a path, parsed JSON, or a Record."""
    if isinstance(record, Record):
        return record
    if isinstance(record, dict):
        return record_from(record)
    return load_record(record)


def record_steps(rec: Record, game: Game, conv: Converter) -> list:
    """The record's live actions as replay steps onto `game` (each with its auto actions);
    ImportRefused names an action the engine refuses."""
    def step(index: int, a: dict) -> Step:
        def apply(g: Game) -> None:
            position = rec.position_of(index)
            apply_record_action(g.state, conv, index, a, position, pushed=g.moves)
            for k, sub in enumerate(a.get("auto_actions") or ()):
                apply_record_action(g.state, conv, index, sub, position, label=action_label(position, a, auto=k),
                                    pushed=g.moves)
        return Step(a.get("id"), apply, a.get("type") != "message")

    return [step(i, a) for i, a in enumerate(rec.live)]


def read_record(record: Union[str, Path, dict, Record], stop_at: Optional[int] = None) -> Game:
    """An 18xx.games record (a path, its parsed JSON, or a loaded Record) replayed: its live
    actions pushed onto a new game (to action id `stop_at`); ImportRefused names an action the
    engine refuses. `pbem.read_record`."""
    rec = as_record(record)
    game = Game(Setup(rec.title, tuple(rec.players), rec.seed, tuple(rec.options)))
    for s in record_steps(rec, game, Converter(game.state)):
        s.apply(game)
        if stop_at is not None and s.id == stop_at:
            break
    return game


def record_move_lines(rec: Record, last_id, wanted: set) -> dict:
    """The record's moves in pbem's canonical notation (as `pbem import-18xx` would store them),
    keyed by action id, for the actions in `wanted` up to action `last_id`."""
    if last_id is None:
        return {}
    pos = next(i for i, a in enumerate(rec.live) if a.get("id") == last_id)
    out: dict = {}
    record_lines(dataclasses.replace(rec, live=rec.live[: pos + 1]), origins=out)
    return {aid: "; ".join(text) for aid, text in out.items() if aid in wanted}
