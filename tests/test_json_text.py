"""Reading a record's JSON (pbem/importers/json_text.py): the JSON library's own integer parsing
is used unless a run of 17 digits is in the text, which gives the same values, and an integer
too long is refused either way, also beside a long run of digits in a string."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.importers.json_text import JsonFileError, parse_json

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


def test_every_shared_record_reads_as_the_json_library_reads_it():
    records = sorted(FIX.glob("*/*.json"))
    assert records
    for path in records:
        raw = path.read_bytes()
        assert parse_json(raw) == json.loads(raw), path


@pytest.mark.parametrize("text,ok", [
    ('{"a": 1234567890123456}', True),
    ('{"a": -1234567890123456}', True),
    ('{"a": 12345678901234567}', False),
    ('{"a": "12345678901234567", "b": 5}', True),
    ('{"a": "12345678901234567", "b": 123456789012345678}', False),
    ('{"a": 1.5e3, "b": "x"}', True),
    ('{"a": 1e400}', False),
])
def test_integers_too_long_are_refused_whichever_way_the_text_is_read(text, ok):
    if ok:
        assert parse_json(text.encode()) == json.loads(text)
    else:
        with pytest.raises(JsonFileError, match="out of range"):
            parse_json(text.encode())
