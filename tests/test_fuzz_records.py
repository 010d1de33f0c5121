"""Fuzzing the 18xx.games record loader: any bytes, any JSON, and real records with any value put
anywhere end in pbem's own errors (RecordError, ImportRefused, ResultMismatch: PbemError), one
line each, never another exception and never an "internal error"."""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.errors import PbemError
from pbem.importers.eighteen_xx import RecordError, check_result, record_from, replay_record
from pbem.importers.json_text import JsonFileError, parse_json

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
BASE = {name: json.loads((FIX / name).read_bytes()) for name in ("1882/5585.json", "1861/29683.json")}
CUT = 60                                    # actions kept of a base record: enough to reach the first ORs
# the text of each base record cut to its first actions (so a harmless damage replays quickly)
RAW = {name: json.dumps(dict(d, actions=d["actions"][:CUT], result={}), indent=1).encode()
       for name, d in BASE.items()}

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)
# the names records use, so values often look right and reach deeper
names = st.sampled_from(["CPR", "CPR_1", "CPR_99", "57-0", "57-0-0", "J10", "J10-0-1", "2-0", "D-1", "HB",
                         "payout", "half", "pass", "undo", "redo", "100,0,3", "", "_", "-", "-0-", "NWR"])
values = st.one_of(json_values, names, st.integers(-5, 10))


def ok_error(e: PbemError) -> bool:
    return "internal error" not in str(e) and "\n" not in str(e)


def load_and_replay(data) -> None:
    """What `pbem replay` does with parsed JSON; only a PbemError may come out."""
    try:
        rec = record_from(data)
        check_result(rec, replay_record(rec))
    except PbemError as e:
        assert ok_error(e), str(e)


@FUZZ
@given(st.binary(max_size=300))
def test_any_bytes_are_json_or_one_json_error(raw):
    try:
        value = parse_json(raw)
    except JsonFileError as e:
        assert ok_error(e)
        return
    load_and_replay(value)


@FUZZ
@given(st.sampled_from(sorted(RAW)), st.integers(0, 10 ** 6), st.binary(max_size=8), st.integers(0, 8))
def test_a_damaged_record_text_is_a_pbem_error(name, at, insert, cut):
    raw = RAW[name]
    at %= len(raw)
    damaged = raw[:at] + insert + raw[at + cut:]
    try:
        value = parse_json(damaged)
    except JsonFileError as e:
        assert ok_error(e)
        return
    load_and_replay(value)


@FUZZ
@given(json_values)
def test_any_json_value_is_a_record_or_one_record_error(value):
    try:
        record_from(value)
    except RecordError as e:
        assert ok_error(e)


@FUZZ
@given(st.sampled_from(sorted(BASE)), st.sampled_from(["title", "players", "actions", "settings", "result", "id",
                                                       "seed", "optional_rules", "player id", "player name"]),
       values)
def test_any_value_at_the_top_level(name, key, value):
    data = dict(BASE[name], actions=BASE[name]["actions"][:CUT])
    data.pop("result")
    if key in ("seed", "optional_rules"):
        data["settings"] = dict(data["settings"], **{key: value})
    elif key.startswith("player "):
        data["players"] = [dict(p) for p in data["players"]]
        data["players"][0][key.split()[1]] = value
    else:
        data[key] = value
    load_and_replay(data)


@FUZZ
@given(st.sampled_from(sorted(BASE)), st.integers(0, CUT - 1), st.sampled_from(
    ["type", "entity", "entity_type", "id", "price", "company", "corporation", "shares", "percent", "hex", "tile",
     "rotation", "city", "slot", "routes", "kind", "train", "exchange", "share_price", "action_id", "choice",
     "auto_actions", "token_type"]), values, st.booleans())
def test_any_value_in_any_action(name, index, field, value, drop):
    actions = [dict(a) for a in BASE[name]["actions"][: index + 1]]
    if drop:
        actions[index].pop(field, None)
    else:
        actions[index][field] = value
    load_and_replay(dict(BASE[name], actions=actions, result={}))


@FUZZ
@given(st.sampled_from(sorted(BASE)), st.integers(0, CUT - 1), st.sampled_from(["type", "entity", "id"]),
       json_values)
def test_any_value_as_type_entity_or_id(name, index, field, value):
    actions = [dict(a) for a in BASE[name]["actions"][: index + 1]]
    actions[index][field] = value
    load_and_replay(dict(BASE[name], actions=actions, result={}))


@FUZZ
@given(st.sampled_from(sorted(BASE)), st.integers(0, CUT - 1),
       st.lists(st.fixed_dictionaries({"type": st.sampled_from(["undo", "redo", "pass", "message"]),
                                        "entity": st.integers(0, 5)},
                                       optional={"action_id": st.integers(-2, 80)}), min_size=1, max_size=4))
def test_any_undo_and_redo(name, index, extra):
    actions = [dict(a) for a in BASE[name]["actions"][: index + 1]]
    last = actions[-1]["id"]
    for k, a in enumerate(extra):
        actions.append(dict(a, id=last + k + 1))
    load_and_replay(dict(BASE[name], actions=actions, result={}))


@FUZZ
@given(st.sampled_from(sorted(BASE)), st.integers(0, 100), st.sampled_from(["routes", "shares", "auto_actions"]),
       st.lists(values, max_size=3))
def test_any_list_inside_an_action(name, index, field, items):
    actions = BASE[name]["actions"]
    kinds = {"routes": "run_routes", "shares": "buy_shares", "auto_actions": "pass"}
    hits = [i for i, a in enumerate(actions[:400]) if a["type"] == kinds[field]]
    i = hits[index % len(hits)]
    cut = [dict(a) for a in actions[: i + 1]]
    if field == "routes" and cut[i].get("routes"):
        cut[i]["routes"] = [dict(cut[i]["routes"][0], **{k: v for k, v in zip(("train", "hexes", "nodes",
                                                                                "connections", "revenue"), items)})]
    else:
        cut[i][field] = items
    load_and_replay(dict(BASE[name], actions=cut, result={}))
