"""Exporting a game as an 18xx.games record: read back by our importer, it replays to the same values."""
import json
from pathlib import Path

import pytest

from pbem.engine.game import Game
from pbem.exporters.eighteen_xx import export_record
from pbem.importers.eighteen_xx import Converter, load_record, replay_record
from pbem.titles import load_title

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
RECORDS = sorted(p for t in ("1882", "1861") for p in (FIX / t).glob("*.json"))


def actions_of(rec):
    game = Game(load_title(rec.title), rec.players, rec.seed, rec.options)
    conv = Converter(game)
    out = []
    for a in rec.live:
        for sub in [a] + list(a.get("auto_actions") or ()):
            if sub["type"] == "message":
                continue
            for act in conv.convert(sub):
                game.push(act)
                out.append(act)
    return game, out


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.name}-{p.stem}" for p in RECORDS])
def test_exported_record_replays_to_the_same_values(path, tmp_path):
    rec = load_record(path)
    game, acts = actions_of(rec)
    data = export_record(lambda: Game(load_title(rec.title), rec.players, rec.seed, rec.options), acts,
                         rec.players, rec.seed, rec.title, rec.options)
    out = tmp_path / "export.json"
    out.write_text(json.dumps(data))
    again = replay_record(load_record(out))
    ids = {pid: i + 1 for i, (pid, _n) in enumerate(rec.players)}
    assert again.finished == game.finished and again.end_reason == game.end_reason
    assert {str(ids[p]): again.player_value(str(ids[p])) for p, _ in rec.players} == \
        {str(ids[p]): game.player_value(p) for p, _ in rec.players} == {str(ids[p]): v for p, v in
                                                                         ((p, int(rec.result[p])) for p, _ in rec.players)}


def test_cli_exports_a_game_file(tmp_path, capsys):
    from pbem.cli import main

    src = FIX / "1882" / "5585.json"
    gfile = tmp_path / "g.pbem"
    out = tmp_path / "g.json"
    assert main(["import-18xx", str(src), str(gfile)]) == 0
    assert main(["export-18xx", str(gfile), str(out)]) == 0
    data = json.loads(out.read_text())
    want = json.loads(src.read_text())["result"]
    names = {p["name"]: str(p["id"]) for p in json.loads(src.read_text())["players"]}
    got = {p["name"]: data["result"][str(p["id"])] for p in data["players"]}
    assert {names[n]: v for n, v in got.items()} == want
    assert data["settings"]["seed"] == 5585 and data["game_end_reason"] == "bank"
    again = replay_record(load_record(out))
    assert again.finished and {str(p["id"]): again.player_value(str(p["id"])) for p in data["players"]} \
        == data["result"]
