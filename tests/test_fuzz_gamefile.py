"""Fuzzing the game-file reader: any bytes, real game files damaged byte by byte, and real game
files whose lines are changed and then properly re-hashed (so the reader gets past the chain to
the fields and the replay) end in pbem's own errors (GameFileError, PbemError), never another
exception."""
from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.errors import GameFileError, PbemError
from pbem.gamefile import GENESIS, GameFile, loads
from pbem.gamefile.format import render_lines
from pbem.table import Table

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
DEMO = (SAMPLES / "1882-demo-opening.pbem").read_bytes()
BIG = (SAMPLES / "1882-18xx.games-5585.pbem").read_bytes()
# the bodies of the demo's lines (without their hashes): version 1, unsealed
BODIES = [line.rsplit(b" ", 1)[0].decode() for line in DEMO.split(b"\n")[:-1]]
WORK = Path(tempfile.mkdtemp(prefix="pbem-fuzz-gamefile-"))

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

words = st.sampled_from(["move", "annul", "note", "player", "option", "seed", "title", "created", "pbem-game",
                         '"Ann"', '"Ann passes"', '""', '"\\u0000"', "1", "0", "-1", "99999999999999999999",
                         "2026-11-22T06:50:17Z", "2026-13-40T99:99:99Z", "1,2", ",", '"', " ", "\\", "é"])
line_text = st.one_of(st.text(max_size=60), st.lists(words, max_size=8).map(" ".join))


def reads_or_refuses(raw: bytes) -> None:
    try:
        loads(raw, name="fuzz.pbem")
    except GameFileError as e:
        assert "\n" not in str(e).strip(), str(e)


@FUZZ
@given(st.binary(max_size=400))
def test_any_bytes(raw):
    reads_or_refuses(raw)


@FUZZ
@given(st.binary(max_size=300))
def test_any_bytes_after_a_good_first_line(raw):
    reads_or_refuses(DEMO.split(b"\n", 1)[0] + b"\n" + raw)


@FUZZ
@given(st.sampled_from([DEMO, BIG]), st.integers(0, 10 ** 7), st.binary(max_size=6), st.integers(0, 6))
def test_a_real_file_damaged_byte_by_byte(data, at, insert, cut):
    at %= len(data)
    reads_or_refuses(data[:at] + insert + data[at + cut:])


def _resealed(bodies: list[str]) -> bytes:
    return render_lines(GENESIS, bodies)[0]


def _open_and_replay(raw: bytes) -> None:
    """What every command does with a game file: read it, verify it, replay its moves."""
    path = WORK / "g.pbem"
    path.write_bytes(raw)
    try:
        Table.open(path)
    except PbemError as e:
        assert "internal error" not in str(e)


@FUZZ
@given(st.integers(0, len(BODIES) - 1), line_text)
def test_a_line_replaced_and_rehashed(index, text):
    bodies = list(BODIES)
    bodies[index] = text
    try:
        raw = _resealed(bodies)
    except UnicodeEncodeError:                  # lone surrogates cannot be written at all
        return
    _open_and_replay(raw)


@FUZZ
@given(st.integers(8, len(BODIES) - 1), st.integers(0, 4), st.text(max_size=40))
def test_a_field_of_a_move_replaced_and_rehashed(index, field, text):
    """Keep the line's shape, change one field: the sequence number, time, entity, notation or source."""
    bodies = list(BODIES)
    if not bodies[index].startswith("move "):
        return
    tokens = re.findall(r'"(?:[^"\\]|\\.)*"|\S+', bodies[index])
    k = min(field + 1, len(tokens) - 1)
    tokens[k] = json.dumps(text, ensure_ascii=False) if tokens[k].startswith('"') else text.replace(" ", "") or "x"
    bodies[index] = " ".join(tokens)
    try:
        raw = _resealed(bodies)
    except UnicodeEncodeError:
        return
    _open_and_replay(raw)


@FUZZ
@given(st.lists(st.integers(0, len(BODIES) - 1), min_size=1, max_size=len(BODIES) + 3))
def test_lines_reordered_dropped_or_repeated_and_rehashed(order):
    _open_and_replay(_resealed([BODIES[i] for i in order]))


def test_the_sample_files_themselves_open():
    assert Table.open(SAMPLES / "1882-demo-opening.pbem", moderator=False).seqs
    assert len(GameFile.open(SAMPLES / "1882-18xx.games-5585.pbem").records) > 600


# A move line in the plain shape (no escapes, canonical numbers and time) is read without its
# tokens and without rendering it again (`format._plain_move`): it must read exactly as the
# field-by-field reading, which checks the canonical form by rendering, reads it.
V2_HEADER = ["pbem-game 2", 'title "1882"', "created 2026-11-22T06:50:17Z", "seed 5", 'player "Ann" ""',
             'player "Bob" ""', 'move 1 2026-11-22T06:50:17Z "Ann" "Ann passes" "" ""']
move_pieces = st.tuples(
    st.sampled_from(["2", "02", "0", "3", "-2", "+2"]),
    st.sampled_from(["2026-11-22T06:50:17Z", "2026-02-30T06:50:17Z", "2026-11-22T06:50:17z", "0999-01-01T00:00:00Z",
                     "2026-11-22T24:00:00Z", '"2026-11-22T06:50:17Z"']),
    *[st.sampled_from(['"Bob"', '"Bob passes"', '""', '"a\\"b"', '"\\u0041"', '"é"', '"\u2028"', '"\x85"', '"\t"',
                       '"\\t"', '" "', '"x  y"', '"\\\\"', "Bob", '"\U0001F600"', '"\\ud83d\\ude00"'])] * 4)


def _outcome(data: bytes):
    try:
        return "read", loads(data, name="plain.pbem").records
    except GameFileError as e:
        return "refused", str(e)


@FUZZ
@given(move_pieces)
def test_a_plain_move_line_reads_as_the_field_by_field_reading_reads_it(pieces):
    from unittest import mock

    from pbem.gamefile import format as fmt

    data, _ = render_lines(GENESIS, V2_HEADER + ["move " + " ".join(pieces)])
    fast = _outcome(data)
    with mock.patch.object(fmt, "_plain_move", lambda text: None):
        assert _outcome(data) == fast


def test_a_plain_move_line_is_read_without_its_tokens():
    from unittest import mock

    from pbem.gamefile import format as fmt

    data, _ = render_lines(GENESIS, V2_HEADER + ['move 2 2026-11-22T06:50:17Z "Bob" "Bob passes" "mail:<x@y>" "Bob"'])
    calls = []
    real = fmt._tokens
    with mock.patch.object(fmt, "_tokens", side_effect=lambda body: calls.append(body) or real(body)):
        log = loads(data)
    assert log.records[-1].notation == "Bob passes" and log.records[-1].seat == "Bob"
    assert [body.split(" ", 2)[:2] for body in calls if body.startswith("move ")] == [["move", "1"]]   # the first
    # move (it ends the header) is read by tokens, the second is not
