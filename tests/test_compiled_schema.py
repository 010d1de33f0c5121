"""The record schema's quick check (pbem/importers/compiled_schema.py) never lets through what the
`jsonschema` library refuses (every shared record, every probe of tests/badrecords.py, fuzzed
actions and values); a record it does not pass is judged and worded by the library, so
`schema_problem` says what the library alone says. And a good record is read without importing
the library."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badrecords import SOURCES, bad_records
from pbem.importers.compiled_schema import compile_fits
from pbem.importers.json_text import JsonFileError, parse_json
from pbem.importers.record_schema import ACTION_FIELDS, SCHEMA, action_schema, record_fits, schema_problem
from pbem.titles.registry import declared_kinds

ROOT = Path(__file__).resolve().parents[1]
FUZZ = settings(max_examples=300, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 60, 2 ** 60), st.sampled_from([1.0, -0.0, 2.5]),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
                         st.sampled_from(["CPR_1", "57-0", "57-0-0", "J10", "H8-1", "3-0", "100,0,3", "payout", ""]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=10)


def kinds_of(data) -> dict:
    title = data.get("title") if isinstance(data, dict) else None
    return {k.record_type or k.kind_name: k for k in declared_kinds(title)} if isinstance(title, str) else {}


def library_says(data) -> str | None:
    return schema_problem(data, kinds_of(data) or None, quick=False)


_VERDICTS: dict[str, bool] = {}


def library_passes(data) -> bool:
    """The library finds no error in the record (each distinct action judged once: probes share most)."""
    from jsonschema import Draft202012Validator

    kinds = kinds_of(data)
    if not Draft202012Validator(SCHEMA).is_valid(data):
        return False
    for action in data["actions"]:
        for sub, top in [(action, True)] + [(a, False) for a in action.get("auto_actions") or ()]:
            key = json.dumps([sub, top, sorted(kinds)], sort_keys=True)
            if key not in _VERDICTS:
                _VERDICTS[key] = schema_problem(dict(data, actions=[sub] if top else [dict(action, auto_actions=[sub])]),
                                                kinds or None, quick=False) is None
            if not _VERDICTS[key]:
                return False
    return True


def test_every_shared_record_fits_the_quick_check_and_the_library():
    assert SOURCES
    for path in SOURCES:
        data = json.loads(path.read_bytes())
        assert schema_problem(data, kinds_of(data) or None) is None, path
        assert library_says(data) is None, path


def test_no_probe_passes_the_quick_check_unless_the_library_passes_it():
    passed = failed = 0
    for what, raw in bad_records():
        try:
            data = parse_json(raw)
        except JsonFileError:
            continue
        if not isinstance(data, dict) or any(k not in data for k in ("title", "players", "actions")):
            continue
        if record_fits(data, kinds_of(data) or None):
            passed += 1
            assert library_passes(data), what
        else:
            failed += 1
    # most probes break the schema; those that fit it name things the game lacks
    assert failed > 500 and passed > 50, (failed, passed)


@FUZZ
@given(st.sampled_from(sorted(ACTION_FIELDS) + [None]), st.booleans(), json_values)
def test_any_value_the_quick_check_passes_the_library_passes(kind, top, value):
    from jsonschema import Draft202012Validator

    schema = action_schema(kind, top)
    if compile_fits(schema)(value):
        assert Draft202012Validator(schema).is_valid(value)
    if compile_fits(SCHEMA)(value):
        assert Draft202012Validator(SCHEMA).is_valid(value)


BASE = json.loads((ROOT.parent / "shared/fixtures/18xx.games/1882/5585.json").read_bytes())


@FUZZ
@given(st.integers(0, 60), st.sampled_from(["price", "shares", "hex", "tile", "rotation", "city", "routes", "kind",
                                            "train", "company", "entity", "id", "type", "percent", "share_price",
                                            "auto_actions", "slot", "corporation"]), json_values)
def test_a_record_action_with_any_field_passes_the_quick_check_only_if_the_library_passes_it(at, field, value):
    actions = [dict(a) for a in BASE["actions"][:at + 1]]
    actions[at][field] = value
    data = dict(BASE, actions=actions, result={})
    if record_fits(data, None):
        assert library_says(data) is None


def test_a_good_record_is_read_without_the_schema_library():
    code = ("import sys; from pbem.importers.eighteen_xx import load_record; "
            f"load_record({str(SOURCES[0])!r}); print('jsonschema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "False"
