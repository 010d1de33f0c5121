"""Test helper: an 18xx.games record cut short and imported as a game file."""
from __future__ import annotations

import json
from pathlib import Path

from pbem.replay.record_file import import_record


def cut_as_game(record: Path, last_id: int, folder: Path) -> Path:
    """`record`'s actions up to and including id `last_id` (its result dropped), imported as
    `folder`/g.pbem; returns that path."""
    data = json.loads(record.read_text())
    data["actions"] = [a for a in data["actions"] if a["id"] <= last_id]
    data.pop("result", None)
    cut = folder / "cut.json"
    cut.write_text(json.dumps(data))
    path = folder / "g.pbem"
    import_record(cut, path)
    return path
