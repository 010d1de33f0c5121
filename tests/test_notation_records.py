"""Every action of every 1882 record round-trips: format it, parse the line, get the same action."""
import dataclasses
from pathlib import Path

import pytest

from pbem.engine.actions import RunRoutes
from pbem.engine.game import Game
from pbem.importers.eighteen_xx import Converter, load_record
from pbem.importers.to_gamefile import _as_run
from pbem.game_notation import notation_context
from pbem.notation import format_action, parse_move
from pbem.titles import load_title

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"


@pytest.mark.parametrize("path", sorted(FIX.glob("*.json")), ids=lambda p: p.stem)
def test_every_record_action_round_trips(path):
    rec = load_record(path)
    names = dict(rec.players)
    game = Game(load_title(rec.title), [(n, n) for n in names.values()], rec.seed)
    conv = Converter(game)
    checked = 0
    for a in rec.live:
        for sub in [a] + list(a.get("auto_actions") or ()):
            for act in conv.convert(sub):
                act = dataclasses.replace(act, entity=names.get(act.entity, act.entity))
                ctx = notation_context(game, trusted=True)
                line = format_action(act, ctx)
                if not isinstance(act, RunRoutes):
                    assert parse_move(line, ctx) == act, line
                game.push(act)
                if isinstance(act, RunRoutes):
                    act = _as_run(game, act)        # stops in travel order, as stored
                    line = format_action(act, ctx)
                    assert parse_move(line, ctx) == act, line
                checked += 1
    moves = [a for a in rec.live if a["type"] != "message" and not a["type"].startswith("program_")]
    assert checked >= len(moves)
