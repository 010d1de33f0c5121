"""Reading a JSON file that may be anything: every failure is one line naming what was wrong.

Guards what `json.loads` lets through or turns into Python errors: bytes that are not UTF-8,
integers of thousands of digits (refused as out of range), NaN and Infinity, and nesting so
deep that parsing or walking it would exhaust Python's stack.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Union

from pbem.errors import PbemError

MAX_DEPTH = 64          # a record nests about 7 deep; nothing legitimate comes near this
MAX_DIGITS = 16         # any integer beyond 2**53 is out of range anyway
BOM = b"\xef\xbb\xbf"
#: a run of digits longer than any integer allowed: only a text holding one has its integers
#: read one by one (`_int`); any other is read by the JSON library's own integer parsing. Found
#: in the bytes with every ASCII digit made "0" and any other byte a blank (no byte of a longer
#: UTF-8 character is an ASCII digit): many times faster than a pattern's search
_DIGITS_ONLY = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_LONG_RUN = b"0" * (MAX_DIGITS + 1)


class JsonFileError(PbemError):
    """The file is not JSON pbem can read."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JsonFileError(f"an integer of {len(text.lstrip('-'))} digits is out of range ({text[:12]}...)")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 64:
        raise JsonFileError(f"a number of {len(text)} characters is out of range ({text[:12]}...)")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise JsonFileError(f"the number {text[:20]} is out of range")
    return value


def _constant(name: str) -> Any:
    raise JsonFileError(f"{name} is not a JSON number")


def _depth_ok(value: Any) -> bool:
    """True when no list or object nests deeper than MAX_DEPTH (walked a level at a time,
    without recursion)."""
    level = [value] if isinstance(value, (list, dict)) else []
    depth = 1
    while level:
        if depth > MAX_DEPTH:
            return False
        deeper = []
        for v in level:
            deeper += [x for x in (v.values() if isinstance(v, dict) else v) if isinstance(x, (list, dict))]
        level = deeper
        depth += 1
    return True


def parse_json(raw: bytes) -> Any:
    """The JSON value of `raw`; JsonFileError (one line, no file name) when it is not one."""
    if raw.startswith(BOM):                 # a byte-order mark some editors write: not part of the JSON
        raw = raw[len(BOM):]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise JsonFileError(f"not a text file (byte {e.start} is not UTF-8)") from None
    if not text or text.isspace():
        raise JsonFileError("the file is empty")
    try:
        if _LONG_RUN in raw.translate(_DIGITS_ONLY):
            value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
        else:
            value = json.loads(text, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise JsonFileError(f"not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except RecursionError:
        raise JsonFileError(f"the JSON nests deeper than {MAX_DEPTH} levels") from None
    if not _depth_ok(value):
        raise JsonFileError(f"the JSON nests deeper than {MAX_DEPTH} levels")
    return value


def read_json(path: str | Path) -> Any:
    """The JSON value in the file at `path`; JsonFileError naming the file when it is not one."""
    raw = Path(path).read_bytes()
    try:
        return parse_json(raw)
    except JsonFileError as e:
        raise JsonFileError(f"{path}: {e}") from None


def is_record(path: Union[str, Path]) -> bool:
    """An 18xx.games JSON record (as opposed to one of our game files)."""
    with open(path, "rb") as f:
        head = f.read(64).removeprefix(b"\xef\xbb\xbf").lstrip()       # past a byte-order mark and blanks
    return head[:1] in (b"{", b"")
