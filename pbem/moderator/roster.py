"""Who may speak for a game by mail: each seat's registered address and secret hash, the
game's moderator, and whether the game is paused.

Kept beside the game file as `<game>.roster.json` (the game file's header holds the
addresses at creation; a REPLACE changes them here and leaves a note in the game file).
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

from pbem.errors import PbemError
from pbem.gamefile.atomic import write_file
from pbem.moderator.signon import hash_secret, new_secret

GAME_ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}\Z")
MAX_GAME_NAME = 64


def game_name(text: object) -> Optional[str]:
    """The one check every game name passes, wherever a mail names it (SIGNON or CREATE line,
    subject tag, plus-address, thread): the name lower-cased, or None when it is not a game name.

    A game name is 1-64 ASCII letters, digits, '.', '_' and '-', starting with a letter or a
    digit: no path separator, no '..' alone, no NUL, space or other unprintable character, so
    `GAMES/<name>.pbem` always names a file directly inside the games folder.
    """
    if not isinstance(text, str) or not text or len(text) > MAX_GAME_NAME:
        return None
    if not text.isascii():
        return None
    name = text.lower()
    if not GAME_ID.match(name) or set(name) <= {"."}:
        return None
    return name


class RosterError(PbemError):
    """A roster file is missing, unreadable or inconsistent."""


@dataclass
class Seat:
    """A player's seat: the name used in moves, the registered address, the secret's hash."""

    name: str
    address: str
    secret_hash: str


@dataclass
class Roster:
    """The mail identities of one game."""

    game: str
    title: str
    moderator: str                       # the game moderator's address
    moderator_hash: str                  # the game moderator's secret (hash)
    seats: list[Seat] = field(default_factory=list)
    paused: bool = False
    created_by: str = ""                 # Message-ID of the CREATE mail
    bind: str = "head"                   # what binds a move mail to the game's state (freshness.BINDS)

    def seat(self, name: str) -> Optional[Seat]:
        """The seat called `name` (case-insensitive)."""
        low = name.lower()
        return next((s for s in self.seats if s.name.lower() == low), None)

    def seat_of_address(self, address: str) -> Optional[Seat]:
        low = address.lower()
        return next((s for s in self.seats if s.address.lower() == low), None)

    def addresses(self) -> list[str]:
        return [s.address for s in self.seats]

    def knows(self, address: str) -> bool:
        """Whether `address` is registered in this game (a seat or the moderator)."""
        low = address.lower()
        return low == self.moderator.lower() or any(s.address.lower() == low for s in self.seats)

    # --- storage -------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Write atomically, mode 0600 (pbem.gamefile.atomic: fsync, rename; no temp file left)."""
        data = json.dumps(asdict(self), indent=1, sort_keys=True).encode("utf-8")
        write_file(Path(path), data, replace=True, mode=0o600)

    @classmethod
    def load(cls, path: Path) -> "Roster":
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            seats = [Seat(**s) for s in raw.pop("seats")]
            return cls(seats=seats, **raw)
        except FileNotFoundError:
            raise RosterError(f"{path}: no roster for this game") from None
        except (ValueError, TypeError, KeyError) as e:
            raise RosterError(f"{path}: the roster cannot be read ({e})") from None


def new_seat(name: str, address: str) -> tuple[Seat, str]:
    """A seat with a fresh secret: (seat, the secret in clear, to be mailed once)."""
    secret = new_secret()
    return Seat(name, address.lower(), hash_secret(secret)), secret
