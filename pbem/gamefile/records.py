"""What a game file holds, as values: its header and players, its records and the whole log.

Each value checks itself when made (a bad name or time is a GameFileError, never a broken file);
`format` turns them into lines and back.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import ClassVar, Union

from pbem.errors import GameFileError

from .encoding import FORMAT_VERSION, SUPPORTED_VERSIONS, for_listing, format_time


def utcnow() -> datetime:
    """The current time in UTC, whole seconds (the precision stored in the file)."""
    return datetime.now(timezone.utc).replace(microsecond=0)


def _utc(value: datetime, what: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise GameFileError(f"{what} must be a timezone-aware datetime, got {value!r}")
    return value.astimezone(timezone.utc).replace(microsecond=0)


def data_digest(text: str) -> str:
    """"sha256:" and the hex digest of a game's own title data, as its header line stores it."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _text(value: object, what: str, *, empty: bool = True) -> str:
    if not isinstance(value, str):
        raise GameFileError(f"{what} must be a str, got {type(value).__name__}")
    if not empty and not value:
        raise GameFileError(f"{what} must not be empty")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise GameFileError(f"{what} contains a lone surrogate and cannot be stored: {value!r}") from None
    return value


@dataclass(frozen=True)
class Player:
    """One seat: display name (also the entity name used in moves) and mail address."""

    name: str
    email: str

    def __post_init__(self) -> None:
        _text(self.name, "player name", empty=False)
        _text(self.email, "player email")


@dataclass(frozen=True)
class GameHeader:
    """What a game is: title, players in seat order, RNG seed, options, creation time.

    `players` accepts Player values or (name, email) pairs; lists become tuples.
    `created` is normalised to UTC, whole seconds. `version` is the file format the game
    is stored in (new games: FORMAT_VERSION; an old file keeps the version it was made with).
    """

    title: str
    players: tuple[Player, ...]
    seed: int
    options: tuple[str, ...] = ()
    created: datetime = field(default_factory=utcnow)
    version: int = FORMAT_VERSION
    #: the organizer's title data for this game (a JSON object in canonical form, whose keys
    #: replace the title's: docs/title-data.md "A game's own data"); "" for the title's own
    data: str = ""

    @property
    def data_digest(self) -> str:
        """The digest of the game's own title data ("" when it has none)."""
        return data_digest(self.data) if self.data else ""

    def __post_init__(self) -> None:
        _text(self.title, "title", empty=False)
        players = tuple(p if isinstance(p, Player) else Player(*p) for p in self.players)
        if not players:
            raise GameFileError("a game needs at least one player")
        names = [p.name for p in players]
        for name in names:
            if names.count(name) > 1:
                raise GameFileError(f"player name {name!r} is used twice")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise GameFileError(f"seed must be an int, got {self.seed!r}")
        if isinstance(self.options, str):
            raise GameFileError("options must be a list of strings, not one string")
        options = tuple(_text(o, "option") for o in self.options)
        _text(self.data, "data")
        if self.data and not (self.data.startswith("{") and self.data.endswith("}")):
            raise GameFileError("a game's own title data must be a JSON object")
        if self.version not in SUPPORTED_VERSIONS or isinstance(self.version, bool):
            raise GameFileError(f"unsupported format version {self.version!r} "
                                f"(this reader knows {', '.join(map(str, SUPPORTED_VERSIONS))})")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "created", _utc(self.created, "created"))


@dataclass(frozen=True)
class MoveRecord:
    """An accepted move. `line` is its 1-based line in the file; `hash` its chain hash.

    `entity` acted (a player or a company); `seat` is the player who sent the move ("" for
    a moderator/CLI action without a player, an imported record, or any move of a
    version-1 file, which has no seat field).
    `annulled_by` is the seq of the annulment that cancelled it (None while in force).
    """

    kind: ClassVar[str] = "move"
    seq: int
    time: datetime
    entity: str
    notation: str
    source: str
    seat: str
    hash: str
    line: int
    annulled_by: int | None = None

    @property
    def annulled(self) -> bool:
        return self.annulled_by is not None


@dataclass(frozen=True)
class AnnulRecord:
    """A moderator undo: cancels the moves whose seqs are `targets` (ascending)."""

    kind: ClassVar[str] = "annul"
    seq: int
    time: datetime
    who: str
    targets: tuple[int, ...]
    reason: str
    source: str
    hash: str
    line: int


@dataclass(frozen=True)
class NoteRecord:
    """A moderator comment; has no effect on the game."""

    kind: ClassVar[str] = "note"
    seq: int
    time: datetime
    who: str
    text: str
    source: str
    hash: str
    line: int


Record = Union[MoveRecord, AnnulRecord, NoteRecord]


@dataclass(frozen=True)
class GameLog:
    """A whole verified game file in memory (what `loads` returns)."""

    header: GameHeader
    records: tuple[Record, ...]
    header_hash: str   # hash of the last header line: where the move chain starts
    head: str          # hash of the last line of the file
    macs: tuple[str, ...] = ()   # the seal of every line, in file order (version 3; () before)

    @property
    def next_seq(self) -> int:
        return len(self.records) + 1

    def effective_moves(self) -> list[MoveRecord]:
        """The moves still in force, in order."""
        return [r for r in self.records if isinstance(r, MoveRecord) and not r.annulled]

    def hash_at(self, seq: int) -> str:
        """The chain hash of record `seq`'s line (0: the header hash, where records start).

        This is the value a player can copy as a witness of the history up to `seq`.
        GameFileError if there is no such record.
        """
        if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq <= len(self.records):
            raise GameFileError(f"no record {seq!r}: the file has records 1 to {len(self.records)}")
        return self.records[seq - 1].hash if seq else self.header_hash

    def listing(self) -> str:
        """Human-readable list of all records, annulled moves visibly marked."""
        h = self.header
        out = [f"{h.title}  seed {h.seed}  created {format_time(h.created)}",
               "players: " + ", ".join(for_listing(p.name) + (f" <{for_listing(p.email)}>" if p.email else "")
                                       for p in h.players)]
        if h.options:
            out.append("options: " + ", ".join(for_listing(o) for o in h.options))
        for r in self.records:
            t = format_time(r.time)
            if isinstance(r, MoveRecord):
                line = f"{r.seq:>5}  {t}  {for_listing(r.entity)}: {for_listing(r.notation)}"
                if r.seat and r.seat != r.entity:
                    line += f" (sent by {for_listing(r.seat)})"
                if r.annulled:
                    line += f"   [ANNULLED by #{r.annulled_by}]"
            elif isinstance(r, AnnulRecord):
                seqs = ", ".join(f"#{s}" for s in r.targets)
                line = f"{r.seq:>5}  {t}  ANNUL {seqs} by {for_listing(r.who)}: {for_listing(r.reason)}"
            else:
                line = f"{r.seq:>5}  {t}  NOTE by {for_listing(r.who)}: {for_listing(r.text)}"
            out.append(line)
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- encoding

