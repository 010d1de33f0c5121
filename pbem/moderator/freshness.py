"""A move mail is bound to the game's state, so that an old mail sent again is never applied.

Two checks, chosen per game by the roster's `bind` (CREATE ... BIND head|date):

- `head` (the default): the mail answers the game as it is now. It carries the head witness
  of the latest state, `N:HASH`, which every mail of the moderator carries: in its Message-ID
  (so a reply's In-Reply-To or References names it) and in its footer (so a reply quoting it
  holds it). A copy of an earlier mail answers an earlier state and is refused; a head hash
  cannot be guessed, and the chain never comes back to an earlier head.
- both: the mail's Date is not older than the Date of the seat's last applied mail (with
  `head`, by at most SKEW, since a player's phone and laptop clocks differ; with `date` alone,
  strictly newer, as the Date is then all there is), and not more than FUTURE ahead of the
  moderator's clock (a mail dated in 2040 would otherwise lock the seat out).

The mail's identity for "already handled" is (seat, Message-ID, digest of its text): a mail
reusing another seat's Message-ID is a new mail (`own_source`), never the other seat's.

Each seat's last applied mail (Date, Message-ID, digest) is kept in `GAMES/.fresh/GAME.json`
(`Marks`), outside the games folder's own entries so that writing it does not make the
moderator re-read every roster.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Optional

from pbem.gamefile.atomic import write_file
from pbem.mail.compose import HEAD_IN_ID, heads_in_thread

if TYPE_CHECKING:                                   # pragma: no cover
    from pbem.mail.letter import Letter
    from pathlib import Path

    from pbem.moderator.roster import Roster
    from pbem.table import Table

BINDS = ("head", "date")
SKEW = timedelta(minutes=10)
FUTURE = timedelta(days=1)
# the footer of every mail ("Game file at record N, head HASH.", quoted or re-wrapped) and `--head N:HASH`
_FOOTER = re.compile(r"record\s+([0-9]{1,9}),(?:[\s>]*)head(?:[\s>]*)([0-9a-f]{16,64})")
_PAIR = re.compile(r"\b([0-9]{1,9}):([0-9a-f]{16,64})\b")


@dataclass
class Mark:
    """A seat's last applied mail."""

    date: str = ""           # its Date (ISO 8601, UTC); never goes back
    mail: str = ""           # its source (Message-ID)
    digest: str = ""         # the digest of its text


class Marks:
    """Every seat's Mark for one game, in a small JSON file."""

    def __init__(self, path: "Path"):
        self.path = path
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            self.seats = {k: Mark(**v) for k, v in raw.items()}
        except (OSError, ValueError, TypeError, AttributeError):
            self.seats = {}

    def of(self, seat: str) -> Mark:
        return self.seats.get(seat.lower(), Mark())

    def note(self, seat: str, letter: "Letter", src: str) -> None:
        """Note the seat's applied mail; written only when something changed."""
        old = self.of(seat)
        date, last = _aware(letter.date), _parse(old.date)
        dates = [d for d in (date, last) if d is not None]
        new = Mark(max(dates).isoformat() if dates else "", src, digest(letter))
        if new != old:
            self.seats[seat.lower()] = new
            self.path.parent.mkdir(mode=0o700, exist_ok=True)
            data = json.dumps({k: vars(v) for k, v in sorted(self.seats.items())}, indent=1).encode("utf-8")
            write_file(self.path, data, replace=True, mode=0o600)


def digest(letter: "Letter") -> str:
    """The digest of a mail's text (its decoded body)."""
    return hashlib.sha256(letter.body.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def own_source(src: str, letter: "Letter", seat: str, table: "Table", mark: Mark) -> str:
    """The key under which this seat's mail goes into the game file: its Message-ID, unless that
    Message-ID is already there for another seat, or for this seat's last mail with another text:
    then a key of its own from (seat, Message-ID, digest), so nobody is ever told that another
    mail's moves were theirs."""
    used = [r for r in table.file.records if getattr(r, "source", "") == src]
    if not used:
        return src
    ours = all(getattr(r, "seat", "") == seat for r in used if r.kind == "move") and \
        all(r.kind == "move" for r in used)
    if ours and not (mark.mail == src and mark.digest and mark.digest != digest(letter)):
        return src                                  # the same mail again: already handled
    key = hashlib.sha256("\0".join((seat, src, digest(letter))).encode("utf-8")).hexdigest()[:32]
    return f"<{key}@reused-message-id.invalid>"


def already_applied(src: str, table: "Table") -> bool:
    return any(r.kind == "move" and getattr(r, "source", "") == src for r in table.file.records)


def witnesses(letter: "Letter", game: str) -> set[tuple[int, str]]:
    """Every head witness the mail carries for `game`: (record number, head hash or its prefix)."""
    found = heads_in_thread([letter.in_reply_to, *letter.references], game)
    text = letter.body
    for m in _FOOTER.finditer(text):
        found.add((int(m.group(1)), m.group(2)))
    for m in _PAIR.finditer(text):
        found.add((int(m.group(1)), m.group(2)))
    return found


def stale(letter: "Letter", game: str, roster: "Roster", mark: Mark, table: "Table",
          now: Optional[datetime] = None) -> str:
    """Why this move mail is not bound to the game's state now ("" when it is)."""
    now = now or datetime.now(timezone.utc)
    bind = roster.bind if roster.bind in BINDS else "head"
    recs = table.file.records
    n, head = (recs[-1].seq if recs else 0), table.file.head
    latest = f"Nothing was applied: send your moves again in a reply to the latest report (record {n})."
    date = _aware(letter.date)
    if date is None:
        return f"your mail carries no readable Date header, so it cannot be told from an old mail sent again. {latest}"
    if date > now + FUTURE:
        return (f"your mail is dated {date:%Y-%m-%d %H:%M} UTC, in the future: please set your computer's "
                f"clock. {latest}")
    last = _parse(mark.date)
    if last is not None:
        older = date <= last if bind == "date" else date < last - SKEW
        if older:
            return (f"your mail is dated {date:%Y-%m-%d %H:%M:%S} UTC, not after your last applied mail "
                    f"({last:%Y-%m-%d %H:%M:%S} UTC): it may be an old mail sent again. {latest}")
    if bind == "date":
        return ""
    seen = witnesses(letter, game)
    if any(k == n and head.startswith(h) and len(h) >= HEAD_IN_ID for k, h in seen):
        return ""
    if seen:
        at = max(k for k, _ in seen)
        return (f"this mail answers the state at record {at}; the game is at record {n}. It may be an old "
                f"mail sent again. {latest}")
    return (f"this mail answers none of the moderator's mails about {game}, so it cannot be told from an old "
            f"mail sent again. Moves count in a reply to the latest report (or to any mail from me since "
            f"the last move): the reply names the state it answers. {latest}")


def _aware(d: Optional[datetime]) -> Optional[datetime]:
    if d is None:
        return None
    return (d if d.tzinfo else d.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


def _parse(text: str) -> Optional[datetime]:
    try:
        return _aware(datetime.fromisoformat(text)) if text else None
    except ValueError:
        return None
