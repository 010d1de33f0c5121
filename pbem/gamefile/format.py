"""The text of a game file: the line of each record, `loads` and `dumps`.

Pure functions over bytes/str; no file system access (that is `pbem.gamefile.store`). The
values live in `records`, the field encoding and hash chain in `encoding`; both are
re-exported here. The format is specified in docs/game-file.md; keep the two in step.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import datetime, timezone
from typing import Iterable

from pbem.errors import GameFileError

from .encoding import (FORMAT_VERSION, GENESIS, HASH_LEN, MAGIC, SEALED_VERSION, SUPPORTED_VERSIONS,
                       chain_hash, format_time, quote, render_lines, sealing_key)
from .key import mac as _mac
from .records import AnnulRecord, GameHeader, GameLog, MoveRecord, NoteRecord, Player, Record, data_digest, utcnow

__all__ = [
    "FORMAT_VERSION", "GENESIS", "HASH_LEN", "MAGIC", "SEALED_VERSION", "SUPPORTED_VERSIONS", "AnnulRecord",
    "ForgedLineError", "GameHeader", "GameLog", "MoveRecord", "NoteRecord", "Player", "Record",
    "StaleGameError", "TornTailError", "UnsealedGameError", "WriteRefusedError", "annul_body", "chain_hash", "dumps", "extend", "format_time",
    "header_text", "loads", "move_body", "note_body", "quote", "render_lines", "sealing_key", "utcnow",
]

_HEX = re.compile(rb"[0-9a-f]{%d}" % HASH_LEN)
_INT = re.compile(r"-?[0-9]+")
_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
_TARGETS = re.compile(r"[0-9]+(,[0-9]+)*")
_DECODER = json.JSONDecoder(strict=True)
#: a move line (version 2 on) whose strings need no escapes: read without splitting it into
#: tokens and without rendering it again to check its form (`_plain_move`)
_PLAIN_MOVE = re.compile(r'move (0|[1-9][0-9]*) ([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z)'
                         r' "([^"\\]*)" "([^"\\]*)" "([^"\\]*)" "([^"\\]*)"')


class TornTailError(GameFileError):
    """The file does not end with a newline: an append was interrupted (see `repair`).

    `tail` holds the bytes after the last newline; `complete` is True when they are a
    whole valid line that only lacks its newline (repair then adds the newline).
    """

    def __init__(self, message: str, *, line: int, tail: bytes, complete: bool):
        super().__init__(message, line=line)
        self.tail = tail
        self.complete = complete


class ForgedLineError(GameFileError):
    """A line's plain hash chain is sound but its seal (MAC) does not match the key it was
    checked with: the line was written, or the chain recomputed, by someone without the
    moderator's key (or the file was sealed with another key)."""


class UnsealedGameError(GameFileError):
    """A moderator's read or write met a file it cannot vouch for: a file without seals
    (format version 1 or 2) while a moderator key exists (anyone can rewrite such a file and
    recompute its chain, e.g. by stripping the seals of a sealed game), or a sealed file while
    there is no key to check its seals with. `pbem seal` migrates a true old game."""


class WriteRefusedError(GameFileError):
    """A write was refused before anything was written: the game file is read-only (no write
    bit in its mode), or its path was swapped for a link or another file while it was held."""


class StaleGameError(GameFileError):
    """An append was made with `expect_head`, but the file has changed since."""


# ---------------------------------------------------------------------------- values
# ---------------------------------------------------------------------------- lines

def _header_bodies(h: GameHeader) -> list[str]:
    bodies = [f"{MAGIC} {h.version}", f"title {quote(h.title)}",
              f"created {format_time(h.created)}", f"seed {h.seed}"]
    bodies += [f"player {quote(p.name)} {quote(p.email)}" for p in h.players]
    bodies += [f"option {quote(o)}" for o in h.options]
    if h.data:
        bodies.append(f"data {quote(h.data_digest)} {quote(h.data)}")
    return bodies


def move_body(seq: int, time: datetime, entity: str, notation: str, source: str, seat: str = "",
              *, version: int = FORMAT_VERSION) -> str:
    """The body of a move line in format `version` (version 1 has no seat field)."""
    body = f"move {seq} {format_time(time)} {quote(entity)} {quote(notation)} {quote(source)}"
    if version == 1:
        if seat:
            raise GameFileError("a version-1 game file cannot store the seat of a move")
        return body
    return f"{body} {quote(seat)}"


def annul_body(seq: int, time: datetime, who: str, targets: Iterable[int], reason: str,
               source: str) -> str:
    ts = ",".join(str(t) for t in targets)
    return f"annul {seq} {format_time(time)} {quote(who)} {ts} {quote(reason)} {quote(source)}"


def note_body(seq: int, time: datetime, who: str, text: str, source: str) -> str:
    return f"note {seq} {format_time(time)} {quote(who)} {quote(text)} {quote(source)}"


def _record_body(r: Record, version: int) -> str:
    if isinstance(r, MoveRecord):
        return move_body(r.seq, r.time, r.entity, r.notation, r.source, r.seat, version=version)
    if isinstance(r, AnnulRecord):
        return annul_body(r.seq, r.time, r.who, r.targets, r.reason, r.source)
    return note_body(r.seq, r.time, r.who, r.text, r.source)


def header_text(header: GameHeader, key: bytes | None = None) -> bytes:
    """The bytes of a new game file holding only `header` (sealed with `key` from version 3)."""
    return render_lines(GENESIS, _header_bodies(header), key=sealing_key(header.version, key))[0]


def dumps(log: GameLog) -> str:
    """The text of `log`; `dumps(loads(data)) == data` for every valid file.

    Raises GameFileError if the stored hashes of `log` do not match its content.
    """
    v = log.header.version
    data, _ = render_lines(GENESIS, _header_bodies(log.header) + [_record_body(r, v) for r in log.records],
                           macs=log.macs if v >= SEALED_VERSION else None)
    again = loads(data)
    if again.records != log.records or again.head != log.head or again.header != log.header:
        raise GameFileError("GameLog is inconsistent (records, hashes or annulments do not match)")
    return data.decode("utf-8")


# ---------------------------------------------------------------------------- decoding

class _Bad(Exception):
    """A problem with the current line (turned into GameFileError with the line number)."""


def _tokens(body: str) -> list[tuple[bool, str]]:
    """Split a line body into (quoted?, value) fields separated by single spaces."""
    out: list[tuple[bool, str]] = []
    i, n = 0, len(body)
    while True:
        if i >= n:
            raise _Bad("empty field at the end of the line (a trailing space)")
        if body[i] == '"':
            try:
                value, i = _DECODER.raw_decode(body, i)
            except json.JSONDecodeError as e:
                raise _Bad(f"bad quoted string at column {e.pos + 1}: {e.msg}") from None
            out.append((True, value))
        else:
            end = body.find(" ", i)
            end = n if end < 0 else end
            word = body[i:end]
            if not word:
                raise _Bad(f"empty field at column {i + 1} (two spaces in a row, or a trailing space)")
            if '"' in word:
                raise _Bad(f"stray quote in field {word!r}")
            out.append((False, word))
            i = end
        if i == n:
            return out
        if body[i] != " ":
            raise _Bad(f"expected a space at column {i + 1}")
        i += 1


def _plain_move(text: str) -> list | None:
    """The values of a move line in the one shape that is canonical without a second look: a
    sequence number without leading zeros, a time, and four strings of printable characters
    without a quote or backslash (so each is its own quoted form, `quote`). Any other line
    (None) is read field by field and its form checked by rendering it again, as it always is."""
    m = _PLAIN_MOVE.fullmatch(text)
    if m is None:
        return None
    seq, when, *strings = m.groups()
    if not all(v.isprintable() for v in strings):
        return None
    return [int(seq), _parse_time(when), *strings]


def _parse_time(word: str) -> datetime:
    if not _TIME.fullmatch(word):
        raise _Bad(f"bad time {word!r} (expected YYYY-MM-DDTHH:MM:SSZ)")
    try:            # (the fields by place, as strptime("%Y-%m-%dT%H:%M:%SZ") reads them, at a tenth of its cost)
        return datetime(int(word[0:4]), int(word[5:7]), int(word[8:10]), int(word[11:13]), int(word[14:16]),
                        int(word[17:19]), tzinfo=timezone.utc)
    except ValueError:
        raise _Bad(f"bad time {word!r}") from None


_SCHEMAS: dict[str, str] = {   # field kinds after the keyword: s=string i=int t=time l=list
    MAGIC: "i", "title": "s", "created": "t", "seed": "i", "player": "ss", "option": "s", "data": "ss",
    "move": "itssss", "annul": "itslss", "note": "itsss",
}
_V1_SCHEMAS = {**_SCHEMAS, "move": "itsss"}     # version 1: a move has no seat
_HEADER_ORDER = (MAGIC, "title", "created", "seed", "player", "option", "data")


def _fields(body: str, version: int) -> tuple[str, list]:
    toks = _tokens(body)
    quoted, kind = toks[0]
    schemas = _V1_SCHEMAS if version == 1 else _SCHEMAS
    if quoted or kind not in schemas:
        raise _Bad(f"unknown line kind {kind!r}")
    schema = schemas[kind]
    if len(toks) - 1 != len(schema):
        raise _Bad(f"{kind!r} line needs {len(schema)} fields, has {len(toks) - 1}")
    values: list = []
    for (is_q, v), want in zip(toks[1:], schema):
        if want == "s":
            if not is_q:
                raise _Bad(f"expected a quoted string, got {v!r}")
            values.append(v)
        elif is_q:
            raise _Bad(f"expected an unquoted field, got {quote(v)}")
        elif want == "i":
            if not _INT.fullmatch(v):
                raise _Bad(f"expected an integer, got {v!r}")
            values.append(int(v))
        elif want == "t":
            values.append(_parse_time(v))
        else:
            if not _TARGETS.fullmatch(v):
                raise _Bad(f"expected a comma-separated list of move numbers, got {v!r}")
            values.append(tuple(int(x) for x in v.split(",")))
    return kind, values


class _Reader:
    def __init__(self, name: str, key: bytes | None = None):
        self.name = name
        self.key = key                        # check every seal with it (None: seals only parsed)
        self.macs: list[str] = []
        self.version = FORMAT_VERSION         # set from line 1
        self.prev = GENESIS
        self.stage = -1                       # index into _HEADER_ORDER of the last header line
        self.h: dict = {"players": [], "options": []}
        self.header: GameHeader | None = None
        self.header_hash = GENESIS
        self.records: list[Record] = []
        self.effective: list[int] = []        # indexes into records of moves in force

    def error(self, line: int, msg: str) -> GameFileError:
        return GameFileError(f"{self.name}:{line}: {msg}", line=line)

    def feed_lines(self, lines: list[bytes], first: int) -> None:
        """Feed whole lines numbered from `first`; any fault is a GameFileError naming its line."""
        for number, raw in enumerate(lines, start=first):
            try:
                self.feed(raw, number)
            except _Bad as e:
                raise self.error(number, str(e)) from None
            except ForgedLineError:
                raise
            except GameFileError as e:            # value validation (e.g. a Player)
                raise self.error(number, str(e)) from None

    def feed(self, raw: bytes, line: int) -> None:
        if line == 1:
            if not raw.startswith(MAGIC.encode() + b" "):
                raise _Bad(f"not a pbem game file (line 1 must start with {MAGIC!r})")
            version = raw[len(MAGIC) + 1:].split(b" ", 1)[0]
            known = {str(v).encode(): v for v in SUPPORTED_VERSIONS}
            if version.isdigit() and version not in known:
                raise _Bad(f"unsupported format version {version.decode()} "
                           f"(this reader knows {', '.join(map(str, SUPPORTED_VERSIONS))})")
            # a version that is not a number is reported by the header check: read it unsealed until then
            self.version = known.get(version, 2)
        if len(raw) < HASH_LEN + 2 or raw[-HASH_LEN - 1] != 0x20 or not _HEX.fullmatch(raw, len(raw) - HASH_LEN):
            raise _Bad(f"malformed line: it must end with a space and {HASH_LEN} lowercase hex digits")
        body, stored = raw[:-HASH_LEN - 1], raw[-HASH_LEN:].decode("ascii")
        computed = chain_hash(self.prev, body)
        if computed != stored:
            raise _Bad(f"hash mismatch (stored {stored}, computed {computed}): this line was altered,"
                       " or a line before it was removed, inserted or moved")
        if self.version >= SEALED_VERSION:
            body = self._unseal(body, line)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as e:
            raise _Bad(f"not valid UTF-8 at byte {e.start + 1}") from None
        values = _plain_move(text) if self.version >= 2 and self.header is not None else None
        if values is not None:                # in canonical form by its very shape
            self._record_line("move", values, stored, line)
            self.prev = stored
            return
        kind, values = _fields(text, self.version)
        if kind in _HEADER_ORDER:
            self._header_line(kind, values)
        else:
            self._record_line(kind, values, stored, line)
        canonical = (_header_bodies_line(kind, values) if kind in _HEADER_ORDER
                     else _record_body(self.records[-1], self.version))
        if canonical != text:
            raise _Bad(f"line is not in canonical form (expected {canonical!r})")
        self.prev = stored

    def _unseal(self, body: bytes, line: int) -> bytes:
        """Split `<content> <mac>`, check the MAC when there is a key; returns the content."""
        if len(body) < HASH_LEN + 2 or body[-HASH_LEN - 1] != 0x20 or not _HEX.fullmatch(body, len(body) - HASH_LEN):
            raise _Bad(f"malformed sealed line: it must end with a space, the {HASH_LEN} hex digits of its MAC, "
                       f"a space and the {HASH_LEN} hex digits of its hash")
        content, seal = body[:-HASH_LEN - 1], body[-HASH_LEN:].decode("ascii")
        if self.key is not None and _mac(self.key, self.prev, content, HASH_LEN) != seal:
            raise ForgedLineError(f"{self.name}:{line}: forged line: its hash chain is consistent but its MAC "
                                  "does not match the moderator's key, so it was written or re-hashed without "
                                  "the key (or the file is sealed with another key)", line=line)
        self.macs.append(seal)
        return content

    def _header_line(self, kind: str, values: list) -> None:
        idx = _HEADER_ORDER.index(kind)
        if self.header is not None:
            raise _Bad(f"header line {kind!r} after the first record")
        ok = (idx == self.stage + 1) or (kind == "player" and self.stage == idx) \
            or (kind == "option" and self.stage in (idx - 1, idx)) or (kind == "data" and self.stage == idx - 2)
        if not ok:
            expected = _HEADER_ORDER[self.stage + 1] if self.stage < 3 else "player/option/record"
            raise _Bad(f"header line {kind!r} out of order (expected {expected!r})")
        self.stage = idx
        if kind == MAGIC:
            if values[0] not in SUPPORTED_VERSIONS:
                raise _Bad(f"unsupported format version {values[0]}")
        elif kind == "player":
            player = Player(*values)
            if any(p.name == player.name for p in self.h["players"]):
                raise _Bad(f"player name {player.name!r} is used twice")
            self.h["players"].append(player)
        elif kind == "option":
            self.h["options"].append(values[0])
        elif kind == "data":
            digest, text = values
            self.h["data"] = text
            want = data_digest(text)
            if digest != want:
                raise _Bad(f"the game's title data does not match its digest (stored {digest}, computed {want})")
        else:
            self.h[kind] = values[0]

    def _finish_header(self) -> None:
        if self.stage < 4:
            raise _Bad(f"header incomplete: expected a {_HEADER_ORDER[self.stage + 1]!r} line")
        self.header = GameHeader(title=self.h["title"], players=tuple(self.h["players"]),
                                 seed=self.h["seed"], options=tuple(self.h["options"]),
                                 created=self.h["created"], version=self.version, data=self.h.get("data", ""))
        self.header_hash = self.prev

    def _record_line(self, kind: str, values: list, stored: str, line: int) -> None:
        if self.header is None:
            self._finish_header()
        seq, time = values[0], values[1]
        if seq != len(self.records) + 1:
            raise _Bad(f"sequence number {seq}, expected {len(self.records) + 1}")
        if kind == "move":
            entity, notation, source = values[2:5]
            seat = values[5] if len(values) > 5 else ""
            if not entity or not notation:
                raise _Bad("a move needs a non-empty entity and notation")
            self.effective.append(len(self.records))
            self.records.append(MoveRecord(seq, time, entity, notation, source, seat, stored, line))
        elif kind == "annul":
            who, targets, reason, source = values[2:]
            n = len(targets)
            in_force = [self.records[k].seq for k in self.effective[-n:]] if n <= len(self.effective) else None
            if in_force != list(targets):
                last = [self.records[k].seq for k in self.effective[-n:]]
                raise _Bad(f"annulment of {list(targets)} does not match the last {n} moves in force {last}")
            for k in self.effective[-n:]:
                self.records[k] = replace(self.records[k], annulled_by=seq)
            del self.effective[-n:]
            self.records.append(AnnulRecord(seq, time, who, tuple(targets), reason, source, stored, line))
        else:
            who, text, source = values[2:]
            self.records.append(NoteRecord(seq, time, who, text, source, stored, line))


def _header_bodies_line(kind: str, values: list) -> str:
    if kind == MAGIC:
        return f"{MAGIC} {values[0]}"
    if kind == "created":
        return f"created {format_time(values[0])}"
    if kind == "seed":
        return f"seed {values[0]}"
    return " ".join([kind] + [quote(v) for v in values])


def loads(data: bytes | str, *, name: str = "<game file>", key: bytes | None = None) -> GameLog:
    """Parse and verify a whole game file. `name` is used in error messages.

    With `key`, the seal (MAC) of every line of a version-3 file is checked too: the first
    line whose chain is sound but whose MAC is not raises ForgedLineError. Without a key
    the seals are only parsed (anyone can check the plain chain; only the key holder the MACs).

    Raises GameFileError (with `.line`, 1-based) for any malformed, altered, removed,
    inserted or reordered line; TornTailError (a GameFileError) when the file does not
    end with a newline, i.e. the last append was interrupted.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data:
        raise GameFileError(f"{name}:1: empty file", line=1)
    if not data.startswith(MAGIC.encode() + b" "):
        raise GameFileError(f"{name}:1: not a pbem game file (line 1 must start with {MAGIC!r})", line=1)
    lines = data.split(b"\n")
    tail = lines.pop()
    r = _Reader(name, key)
    r.feed_lines(lines, 1)
    if tail:
        number = len(lines) + 1
        try:
            loads(data + b"\n", name=name)
            complete = True
        except GameFileError:
            complete = False
        what = ("is complete but lacks its final newline" if complete
                else f"is incomplete ({len(tail)} bytes, no newline)")
        raise TornTailError(f"{name}:{number}: last line {what}: an append was interrupted;"
                            " run 'pbem repair FILE' to fix the tail", line=number, tail=tail, complete=complete)
    if r.header is None:
        try:
            r._finish_header()
        except _Bad as e:
            raise r.error(len(lines), str(e)) from None
    assert r.header is not None
    return GameLog(r.header, tuple(r.records), r.header_hash, r.prev, tuple(r.macs))


def extend(log: GameLog, old: bytes, data: bytes, *, name: str = "<game file>",
           key: bytes | None = None) -> GameLog:
    """`loads(data)`, reading only what follows `old`, the bytes `log` was read from.

    When `data` starts with `old` byte for byte, the lines of `old` were verified already and
    the result for them cannot differ, so only the new lines are parsed and chained on; this keeps
    an append's cost independent of the game's length. Anything else is read in full by `loads`.
    `key` checks the seals of the new lines (the caller vouches that `log` was checked with it).
    """
    if not old or not old.endswith(b"\n") or not data.startswith(old) or not data.endswith(b"\n"):
        return loads(data, name=name, key=key)
    if len(data) == len(old):
        return log
    r = _Reader(name, key)
    r.macs = list(log.macs)
    r.version = log.header.version
    r.prev = log.head
    r.stage = len(_HEADER_ORDER) - 1
    r.h = {"players": list(log.header.players), "options": list(log.header.options)}
    r.header = log.header
    r.header_hash = log.header_hash
    r.records = list(log.records)
    r.effective = [i for i, rec in enumerate(r.records) if isinstance(rec, MoveRecord) and not rec.annulled]
    r.feed_lines(data[len(old):-1].split(b"\n"), old.count(b"\n") + 1)
    return GameLog(r.header, tuple(r.records), r.header_hash, r.prev, tuple(r.macs))

