"""An 18xx.games record replayed into a `pbem.Game` (its actions converted as the importer does)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Union

from pbem.game import Game, Setup
from pbem.importers.eighteen_xx import Converter, Record, apply_record_action, load_record, record_from
from pbem.importers.record_schema import action_label

__all__ = ["as_record", "replay_record_game"]


def as_record(record: Union[str, Path, dict, Record, Any]) -> Record:
    """A loaded Record from a path, parsed JSON, or a Record."""
    if isinstance(record, Record):
        return record
    if isinstance(record, dict):
        return record_from(record)
    return load_record(record)


def replay_record_game(record: Union[str, Path, dict, Record], stop_at: Optional[int] = None,
                       each=None) -> Game:
    """The record's live actions pushed onto a new game (to action id `stop_at`); ImportRefused
    names an action the engine refuses. `each(game, action)` is called after every action."""
    rec = as_record(record)
    game = Game(Setup(rec.title, tuple(rec.players), rec.seed, tuple(rec.options)))
    conv = Converter(game.state)
    for index, a in enumerate(rec.live):
        position = rec.position_of(index)
        apply_record_action(game.state, conv, index, a, position, pushed=game.moves)
        for k, sub in enumerate(a.get("auto_actions") or ()):
            apply_record_action(game.state, conv, index, sub, position, label=action_label(position, a, auto=k),
                                pushed=game.moves)
        if each:
            each(game, a)
        if stop_at is not None and a.get("id") == stop_at:
            break
    return game
