"""An 18xx.games record written as a pbem game file and read back by replay, as `pbem
import-18xx` does: the file must give the game the record gives."""
from __future__ import annotations

from pathlib import Path

from pbem.game import Game
from pbem.gamefile import GameFile, GameHeader, Player
from pbem.importers.eighteen_xx import check_result as check_record_result
from pbem.importers.eighteen_xx import load_record
from pbem.importers.to_gamefile import record_lines

from .gamefile import replay_file

__all__ = ["import_record"]


def import_record(record_path: str | Path, gamefile_path: str | Path, check_result: bool = True,
                  notes: list | None = None) -> tuple[Game, list[int]]:
    """Create `gamefile_path` holding every live action of the record, then reopen it by replay
    (a `pbem.Game` and the move numbers). The replay must reach the record's own `result`
    first (unless `check_result` is off). `notes` collects where the game's paper differs from
    the record's (see `record_lines`)."""
    rec = load_record(record_path)
    game, lines = record_lines(rec, notes=notes)
    if check_result:
        check_record_result(rec, game, by_name=True, source=str(record_path))
    header = GameHeader(title=rec.title, players=[Player(name, "") for _pid, name in rec.players],
                        seed=rec.seed, options=tuple(rec.options))
    gf = GameFile.create(gamefile_path, header)
    if lines:
        gf.append_many(lines, source=f"18xx.games:{rec.game_id}")
    return replay_file(GameFile.open(gamefile_path))
