"""A game's own title data: an organizer's map, market or table for one game, written in the
title-data format (docs/title-data.md) as a JSON object whose keys replace the title's.

`read_game_data` checks such a file against the title's own data (each key one the title has,
each value shaped as the title's: the same JSON types, objects with the keys the title's
objects use) and returns it in canonical form, the text a game file's header stores; every
fault is a `GameDataError` naming the file, the line and the field. `pbem.titles.registry`
`game_data` also starts a game with it."""
from __future__ import annotations

import json
import re
from json.decoder import scanstring
from pathlib import Path
from typing import Any, Union

from pbem.errors import PbemError

__all__ = ["GameDataError", "read_game_data", "check_game_data", "canonical", "merged"]

#: the largest file read: a whole map of a big title is a few hundred KB
MAX_BYTES = 2_000_000
#: the deepest nesting read (a hex's tile's paths are 5 deep)
MAX_DEPTH = 32
#: the longest number read (prices, revenues and counts have a few digits)
MAX_NUMBER = 16

Path_ = tuple[Union[str, int], ...]


class GameDataError(PbemError):
    """A game's own title data that cannot be used: the file, line and field are named."""


def canonical(data: dict) -> str:
    """The one text of `data` a game file stores (sorted keys, no blanks)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def merged(title_data: dict, game_data: str) -> dict:
    """The title's data with the game's own keys in place of the title's."""
    return {**title_data, **json.loads(game_data)} if game_data else title_data


# --------------------------------------------------------------------------- a JSON reader that keeps lines
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_BLANK = re.compile(r"[ \t\n\r]*")


class _Reader:
    """JSON text read into values, noting the line each value starts on (by its path)."""

    def __init__(self, text: str):
        self.text, self.lines = text, {}

    def line_at(self, pos: int) -> int:
        return self.text.count("\n", 0, pos) + 1

    def fail(self, pos: int, what: str) -> GameDataError:
        return GameDataError(f"line {self.line_at(pos)}: {what}")

    def value(self, pos: int, path: Path_) -> tuple[Any, int]:
        pos = _BLANK.match(self.text, pos).end()
        if len(path) > MAX_DEPTH:
            raise self.fail(pos, f"values nested more than {MAX_DEPTH} deep; no title's data is")
        self.lines[path] = self.line_at(pos)
        ch = self.text[pos:pos + 1]
        if ch == "{":
            out: dict = {}
            pos = _BLANK.match(self.text, pos + 1).end()
            if self.text[pos:pos + 1] == "}":
                return out, pos + 1
            while True:
                pos = _BLANK.match(self.text, pos).end()
                if self.text[pos:pos + 1] != '"':
                    raise self.fail(pos, "expected a quoted key")
                key, pos = scanstring(self.text, pos + 1)
                if key in out:
                    raise self.fail(pos, f"the key {key!r} is given twice")
                pos = _BLANK.match(self.text, pos).end()
                if self.text[pos:pos + 1] != ":":
                    raise self.fail(pos, f"expected ':' after {key!r}")
                out[key], pos = self.value(pos + 1, path + (key,))
                pos = _BLANK.match(self.text, pos).end()
                if self.text[pos:pos + 1] == ",":
                    pos += 1
                    continue
                if self.text[pos:pos + 1] == "}":
                    return out, pos + 1
                raise self.fail(pos, "expected ',' or '}'")
        if ch == "[":
            items: list = []
            pos = _BLANK.match(self.text, pos + 1).end()
            if self.text[pos:pos + 1] == "]":
                return items, pos + 1
            while True:
                item, pos = self.value(pos, path + (len(items),))
                items.append(item)
                pos = _BLANK.match(self.text, pos).end()
                if self.text[pos:pos + 1] == ",":
                    pos += 1
                    continue
                if self.text[pos:pos + 1] == "]":
                    return items, pos + 1
                raise self.fail(pos, "expected ',' or ']'")
        if ch == '"':
            return scanstring(self.text, pos + 1)
        for word, val in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, pos):
                return val, pos + len(word)
        m = _NUMBER.match(self.text, pos)
        if m:
            n = m.group(0)
            if len(n) > MAX_NUMBER:
                raise self.fail(pos, f"a number of {len(n)} characters is out of range")
            value = float(n) if any(c in n for c in ".eE") else int(n)
            if value in (float("inf"), float("-inf")):
                raise self.fail(pos, f"the number {n} is out of range")
            return value, m.end()
        raise self.fail(pos, "expected a JSON value")


def _parse(text: str) -> tuple[Any, dict[Path_, int]]:
    r = _Reader(text)
    try:
        value, pos = r.value(0, ())
    except json.JSONDecodeError as e:          # from scanstring: a bad string
        raise GameDataError(f"line {e.lineno}: {e.msg}") from None
    pos = _BLANK.match(text, pos).end()
    if pos != len(text):
        raise r.fail(pos, "text after the JSON object")
    return value, r.lines


# --------------------------------------------------------------------------- the checks
def _field(path: Path_) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


_TYPES = ((bool, "true or false"), (int, "a number"), (float, "a number"), (str, "a string"),
          (list, "a list"), (dict, "an object"), (type(None), "null"))


def _kind(v: Any) -> str:
    return next(name for t, name in _TYPES if isinstance(v, t))


def _shape(value: Any, like: Any, path: Path_, problems: list[tuple[Path_, str]]) -> None:
    """Problems where `value` is not shaped as the title's `like`."""
    if like is None or value is None:
        return
    if _kind(value) != _kind(like):
        problems.append((path, f"is {_kind(value)}, the title's is {_kind(like)}"))
        return
    if isinstance(like, list) and like:
        models = [x for x in like if x is not None]
        for i, item in enumerate(value):
            model = models[0] if models else None
            if isinstance(item, dict) and all(isinstance(m, dict) for m in models):
                _object(item, models, path + (i,), problems)
            elif model is not None:
                _shape(item, model, path + (i,), problems)
    elif isinstance(like, dict) and like and all(isinstance(v, dict) for v in like.values()) \
            and isinstance(value, dict):
        for k, item in value.items():             # a table keyed by name: each entry like the title's
            _object(item, list(like.values()), path + (k,), problems) if isinstance(item, dict) else \
                problems.append((path + (k,), f"is {_kind(item)}, the title's entries are objects"))


def _object(item: dict, models: list[dict], path: Path_, problems: list[tuple[Path_, str]]) -> None:
    """An object in a list: no key the title's objects never use, every key they all use."""
    known = set().union(*(m.keys() for m in models))
    needed = set.intersection(*(set(m.keys()) for m in models)) if models else set()
    for k in item:
        if k not in known:
            problems.append((path + (k,), f"is no field the title's {path[0]} use ({', '.join(sorted(known))})"))
    for k in sorted(needed - item.keys()):
        problems.append((path, f"lacks the field {k!r} every one of the title's {path[0]} has"))
    for k, v in item.items():
        like = next((m[k] for m in models if k in m and m[k] is not None), None)
        if k in known and like is not None:
            _shape(v, like, path + (k,), problems)


def check_game_data(value: Any, lines: dict[Path_, int], title_data: dict, source: str) -> None:
    """GameDataError at the first field of `value` the title's data does not allow."""
    if not isinstance(value, dict):
        raise GameDataError(f"{source}:1: a game's own title data is a JSON object of the keys it replaces")
    problems: list[tuple[Path_, str]] = []
    for key, v in value.items():
        if key == "_notes":
            continue
        if key not in title_data or key == "title":
            problems.append(((key,), f"is no key of the title's data that a game may replace "
                                     f"({', '.join(k for k in title_data if k not in ('title', '_notes'))})"))
            continue
        _shape(v, title_data[key], (key,), problems)
    if problems:
        path, what = problems[0]
        line = next((lines[path[:n]] for n in range(len(path), -1, -1) if path[:n] in lines), 1)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise GameDataError(f"{source}:{line}: {_field(path)} {what}{more}")


def read_game_data(path: Union[str, Path], title_data: dict) -> str:
    """The game's own title data in `path`, checked against the title's and in canonical form."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise GameDataError(f"{path}: cannot read it: {e.strerror or e}") from None
    return game_data_of(raw, title_data, str(path))


def game_data_of(raw: bytes, title_data: dict, path: str) -> str:
    """The game's own title data in `raw` (the file `path`, named in errors), checked against
    the title's and in canonical form."""
    if len(raw) > MAX_BYTES:
        raise GameDataError(f"{path}: {len(raw):,} bytes; a game's title data has at most {MAX_BYTES:,}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise GameDataError(f"{path}: not UTF-8 (byte {e.start + 1})") from None
    try:
        value, lines = _parse(text)
    except GameDataError as e:
        raise GameDataError(f"{path}:{str(e)[len('line '):]}") from None
    check_game_data(value, lines, title_data, str(path))
    if "market" in value and isinstance(title_data.get("market"), list):
        _market_cells(value["market"], title_data["market"], lines, str(path))
    return canonical({k: v for k, v in value.items() if k != "_notes"})


_CELL = re.compile(r"(\d*)([A-Za-z]*)")


def _market_cells(value: Any, like: Any, lines: dict[Path_, int], source: str) -> None:
    """Each cell of a market written as the title writes its own: a price and the letters the
    title's cells carry (a par cell's "p", a coloured zone's letter), or empty."""
    letters = {ch for row in like for cell in row if isinstance(cell, str) for ch in _CELL.fullmatch(cell).group(2)} \
        if all(isinstance(r, list) and all(isinstance(c, str) and _CELL.fullmatch(c) for c in r) for r in like) else None
    if letters is None:
        return
    for i, row in enumerate(value):
        for j, cell in enumerate(row):
            m = _CELL.fullmatch(cell)
            if cell and (m is None or not m.group(1) or not set(m.group(2)) <= letters):
                line = lines.get(("market", i, j), lines.get(("market", i), 1))
                raise GameDataError(f"{source}:{line}: market[{i}][{j}] is {cell!r}, not a price followed by "
                                    f"the title's marks ({', '.join(sorted(letters)) or 'none'})")
