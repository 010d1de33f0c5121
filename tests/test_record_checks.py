"""An 18xx.games record is checked against its schema, the checks the schema cannot make, and
its own `result`: each problem is one line naming the field and the action."""
import copy
import json
from pathlib import Path

import pytest

from pbem.cli import main
from pbem.importers.eighteen_xx import RecordError, load_record, record_from
from pbem.importers.json_text import JsonFileError, parse_json

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
ALL = sorted(FIX.glob("*/*.json"))


@pytest.fixture(scope="module")
def rec5585():
    return json.loads((FIX / "1882" / "5585.json").read_text())


def problem(data, change) -> str:
    data = copy.deepcopy(data)
    change(data)
    with pytest.raises(RecordError) as info:
        record_from(data)
    text = str(info.value)
    assert "\n" not in text
    return text


def first(data, kind):
    return next(i for i, a in enumerate(data["actions"]) if a["type"] == kind)


@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}/{p.stem}" for p in ALL])
def test_every_shared_record_fits_the_schema(path):
    rec = load_record(path)
    assert rec.live and len(rec.positions) == len(rec.live)
    assert all(rec.raw[p] is a for p, a in zip(rec.positions, rec.live))


def test_a_price_as_text_names_the_action_and_field(rec5585):
    i = first(rec5585, "bid")
    a = rec5585["actions"][i]
    text = problem(rec5585, lambda d: d["actions"][i].update(price="55"))
    assert text == f'action {i} (id {a["id"]}, bid): field "price": expected an integer, got "55"'


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(players=None), 'field "players": expected a list, got null'),
    (lambda d: d.update(actions="x"), 'field "actions": expected a list, got "x"'),
    (lambda d: d["settings"].update(seed="abc"), 'field "settings.seed": expected an integer (or nothing), got "abc"'),
    (lambda d: d["settings"].update(optional_rules="abc"), 'field "settings.optional_rules": expected a list or null'),
    (lambda d: d.update(title=7), 'field "title": expected a string, got 7'),
    (lambda d: d["players"][1].update(id=None), 'field "players[1].id": expected an integer or a string, got null'),
    (lambda d: d["players"][1].clear(), 'field "players[1]": missing a player with an id or a name'),
    (lambda d: d["players"][1].update(id=d["players"][0]["id"]), "appears twice"),
    (lambda d: d.update(result={"1": "x"}), 'field "result.1": expected an integer, got "x"'),
    (lambda d: d.update(result={"77": 3}), "'77' is not the id of a player"),
    (lambda d: d.pop("actions"), "no 'actions'"),
])
def test_top_level_problems(rec5585, change, words):
    assert words in problem(rec5585, change)


@pytest.mark.parametrize("kind,change,words", [
    ("bid", lambda a: a.update(price=55.5), 'field "price": expected an integer, got 55.5'),
    ("bid", lambda a: a.pop("company"), "missing a company, corporation or minor to bid on"),
    ("buy_shares", lambda a: a.update(shares="HBR_1"), 'field "shares": expected a list, got "HBR_1"'),
    ("buy_shares", lambda a: a.update(shares=["HBR"]), 'field "shares[0]": expected a string like "CPR_1"'),
    ("buy_shares", lambda a: a.pop("shares"), 'missing field "shares"'),
    ("lay_tile", lambda a: a.update(rotation=6), 'field "rotation": expected at most 5, got 6'),
    ("lay_tile", lambda a: a.update(tile=57), 'field "tile": expected a string, got 57'),
    ("lay_tile", lambda a: a.update(tile="57"), 'field "tile": expected a string like "57-0"'),
    ("par", lambda a: a.update(share_price="lots"), 'field "share_price": expected a string like "100,0,3"'),
    ("dividend", lambda a: a.update(kind="all"), 'field "kind": expected one of "payout", "withhold", "half"'),
    ("run_routes", lambda a: a["routes"][0].update(revenue="10"), 'field "routes[0].revenue": expected an integer'),
    ("run_routes", lambda a: a["routes"][0].update(connections=[[1]]),
     'field "routes[0].connections[0][0]": expected a string, got 1'),
    ("pass", lambda a: a.update(entity=None), 'field "entity": expected an integer or a string, got null'),
    ("pass", lambda a: a.update(id="7"), 'field "id": expected an integer, got "7"'),
    ("pass", lambda a: a.pop("type"), 'missing field "type"'),
])
def test_action_problems_name_the_action(rec5585, kind, change, words):
    i = first(rec5585, kind)
    text = problem(rec5585, lambda d: change(d["actions"][i]))
    assert text.startswith(f"action {i} (") and words in text, text


def test_an_auto_action_is_named_with_its_parent():
    data = json.loads((FIX / "1882" / "hs_fxmfdndg_26178.json").read_text())
    i = next(i for i, a in enumerate(data["actions"]) if a.get("auto_actions"))
    text = problem(data, lambda d: d["actions"][i]["auto_actions"][0].update(entity=[]))
    assert text.startswith(f"action {i} (id {data['actions'][i]['id']}, ") and ", auto action 0 (" in text
    assert 'field "entity"' in text


def test_ids_must_increase(rec5585):
    assert 'action 5 (id 1, ' in problem(rec5585, lambda d: d["actions"][5].update(id=1))


def test_undo_of_an_unknown_action_and_redo_without_undo(rec5585):
    n = len(rec5585["actions"])
    undo = {"type": "undo", "entity": 1, "id": 10 ** 6, "action_id": 123456}
    assert problem(rec5585, lambda d: d["actions"].append(undo)) == \
        f'action {n} (id 1000000, undo): field "action_id": no action with id 123456 before it'
    redo = {"type": "redo", "entity": 1, "id": 10 ** 6}
    assert problem(rec5585, lambda d: d["actions"].append(redo)).startswith(f"action {n} (id 1000000, redo): nothing to redo")


def test_a_share_that_does_not_exist_is_refused_at_its_action(tmp_path, rec5585, capsys):
    data = copy.deepcopy(rec5585)
    i = first(data, "buy_shares")
    corp = data["actions"][i]["shares"][0].rsplit("_", 1)[0]
    data["actions"][i]["shares"] = [f"{corp}_99"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and f"action {i} (id {data['actions'][i]['id']}, buy_shares) refused" in err
    assert f"share {corp}_99 does not exist" in err


@pytest.mark.parametrize("raw,words", [
    (b"", "the file is empty"),
    (b'{"title": "1882", "players": [', "not JSON"),
    (b"\xff\xfe\x00garbage", "not a text file (byte 0 is not UTF-8)"),
    (b"[" * 100000 + b"]" * 100000, "nests deeper than 64"),
    (b"[" * 70 + b"]" * 70, "nests deeper than 64"),
    (b'{"seed": ' + b"7" * 5000 + b"}", "an integer of 5000 digits is out of range"),
    (b'{"x": NaN}', "NaN is not a JSON number"),
    (b'{"x": 1e999}', "out of range"),
])
def test_json_guards(raw, words):
    with pytest.raises(JsonFileError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_json(raw)


def test_json_guards_through_the_loader_name_the_file(tmp_path):
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"a": ' + b"[" * 5000 + b"]" * 5000 + b"}")
    with pytest.raises(RecordError, match=rf"^{path}: the JSON nests deeper"):
        load_record(path)


# --- the record's own result ------------------------------------------------------------------


def _with_result(tmp_path, data, change):
    data = copy.deepcopy(data)
    change(data["result"])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return path


def test_a_result_the_replay_does_not_reach_is_an_error(tmp_path, rec5585, capsys):
    pid = str(rec5585["players"][2]["id"])
    path = _with_result(tmp_path, rec5585, lambda r: r.update({pid: r[pid] + 100}))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    got = rec5585["result"][pid]
    assert err.startswith(f"pbem replay: {path}: ") and "\n" not in err
    assert f"(id {pid}) expected {got + 100}, got {got}" in err
    assert main(["replay", str(path), "--no-check-result"]) == 0
    assert "finished" in capsys.readouterr().out
    # shown at the end (the default --at), the same check; at an earlier action, none
    assert main(["show", str(path)]) == 2
    assert main(["show", str(path), "--no-check-result"]) == 0
    assert main(["show", str(path), "--at", str(rec5585["actions"][40]["id"])]) == 0
    capsys.readouterr()


def test_import_checks_the_result_before_writing(tmp_path, rec5585, capsys):
    pid = str(rec5585["players"][0]["id"])
    path = _with_result(tmp_path, rec5585, lambda r: r.update({pid: 1}))
    out = tmp_path / "g.pbem"
    assert main(["import-18xx", str(path), str(out)]) == 2
    assert "expected 1, got" in capsys.readouterr().err and not out.exists()
    assert main(["import-18xx", str(path), str(out), "--no-check-result"]) == 0
    assert out.exists()


def test_a_result_missing_a_player_is_an_error(tmp_path, rec5585, capsys):
    pid = str(rec5585["players"][1]["id"])
    path = _with_result(tmp_path, rec5585, lambda r: r.pop(pid))
    assert main(["replay", str(path)]) == 2
    assert f"has no value for player Player 2 (id {pid})" in capsys.readouterr().err


def test_a_record_without_result_is_not_checked(tmp_path, rec5585, capsys):
    path = _with_result(tmp_path, rec5585, lambda r: r.clear())
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()
