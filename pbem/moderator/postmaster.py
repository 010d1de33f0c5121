"""The moderator's judgement of one incoming mail: which game, who is speaking, what they
asked, and the mail that answers it.

`Postmaster.handle(key, raw)` returns a `Decision` (the folder the mail goes to, a one-line
outcome, the mails to send). It changes a game file only through `Table.submit`, `undo`
and notes, each of which carries the mail's Message-ID as its source, so handling the same
mail again after a crash finds its moves already in the file and applies nothing twice.
Nothing is ever sent to an unknown or automated sender, and a failed sign-on is answered
to the registered address of the seat named, never to the sender.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Optional, Sequence

from pbem.errors import GameFileError, PbemError
from pbem.mail.body import Body, split_body
from pbem.mail.commands import Command, read_commands
from pbem.mail.compose import Mail, build, games_in_thread, message_id
from pbem.mail.letter import Letter, LetterError, parse_letter
from pbem.moderator import actions_by_mail as act
from pbem.moderator import failpoints, replies
from pbem.moderator.classify import unsigned_moves
from pbem.moderator.decision import Decision
from pbem.moderator.pictures import PictureCache
from pbem.moderator.ledger import Ledger, Outgoing
from pbem.moderator.roster import Roster, RosterError, Seat, game_name
from pbem.moderator.signon import check_secret
from pbem.table import OverBudget, Table, cpu_budget, uncharged, warm_reader

INFO = {"HELP", "STATUS", "MAP", "LEGAL", "LOG"}
MASTER = {"UNDO", "PAUSE", "RESUME", "REPLACE", "CREATE"}
MODERATOR_SEAT = "moderator"
_TAG = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9._-]{0,63})\]")

#: titles whose reader has read a line in this process (Postmaster._warm)
_READER_WARM: set[str] = set()
#: CPU seconds of `cpu_budget` kept for what follows a mail's reading: the rules' refusal with
#: the legal moves listed, or an applied mail's reply and reports with their pictures (the
#: slowest measured, late in 1861: about 0.75 s; `benchmarks/mail_cpu.py`)
REPLY_RESERVE = 0.9


@dataclass(frozen=True)
class AddressIndex:
    """Every registered address: the games it is in, and the seat names of those games."""

    games: dict[str, list[str]]
    names: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Master:
    """Someone allowed to CREATE games: an address and the hash of their secret."""

    address: str
    secret_hash: str


class Postmaster:
    """Judges incoming mail for every game in `games_dir`."""

    def __init__(self, address: str, games_dir: str | Path, *, masters: Sequence[Master] = (),
                 name: str = "pbem moderator", max_bytes: int = 1_000_000, max_lines: int = 2000,
                 max_moves: int = 200, render_images: bool = True, cpu_budget: Optional[float] = 2.0,
                 states=None):
        self.address = address.lower()
        self.local, _, self.domain = self.address.partition("@")
        self.games_dir = Path(games_dir)
        if not self.games_dir.exists():
            self.games_dir.mkdir(parents=True, mode=0o700)     # game files and rosters: the moderator's
        self.ledger: Optional[Ledger] = None                  # the daemon's; else one in memory
        self.masters = list(masters)
        self.name = name
        self.max_bytes, self.max_lines, self.max_moves = max_bytes, max_lines, max_moves
        self.render_images = render_images
        self.pictures = PictureCache()          # a report's pictures, drawn once per state of its game
        self.cpu_budget = cpu_budget           # CPU seconds one mail may hold its game (None: no limit)
        self._tables: dict[str, tuple[tuple, Table]] = {}
        self._rosters: dict[str, tuple[tuple, Roster]] = {}
        # the replayed states kept on disk by each file's head (`pbem.replay.state_cache.StateCache`,
        # or None): a process started again thaws a game's state instead of replaying its file
        self.states = states
        self._moved: set[str] = set()           # games whose state moved on since last kept there
        self._index: Optional[tuple[tuple, AddressIndex]] = None
        self._top = os.path.abspath(self.games_dir)

    # --- files of a game -------------------------------------------------------------
    def game_path(self, game: str) -> Path:
        return self._inside(game, ".pbem")

    def roster_path(self, game: str) -> Path:
        return self._inside(game, ".roster.json")

    def fresh_path(self, game: str) -> Path:
        """Where each seat's last applied mail is noted (pbem.moderator.freshness)."""
        return self._inside(game, ".json", self.games_dir / ".fresh")

    def _inside(self, game: str, suffix: str, folder: Optional[Path] = None) -> Path:
        """A game's file in the games folder (or `folder` under it); a name that fails `game_name`
        or would lead out of the folder raises ValueError (routing refuses such names first)."""
        name = game_name(game)
        top = self._top
        base = top if folder is None else os.path.abspath(folder)
        path = os.path.abspath(os.path.join(base, f"{name}{suffix}")) if name else None
        if path is None or os.path.dirname(path) != base or os.path.commonpath((base, top)) != top:
            raise ValueError(f"not a game name: {game!r}")
        return Path(path)

    def games(self) -> list[str]:
        return sorted(p.name[: -len(".roster.json")] for p in self.games_dir.glob("*.roster.json"))

    def roster(self, game: str) -> Roster:
        return self._cached(self._rosters, game, self.roster_path(game), Roster.load)

    def table(self, game: str) -> Table:
        """The game's table, replayed only when its file changed since last time (the derived
        state is cached: a message's cost does not grow with the game's length)."""
        return self._cached(self._tables, game, self.game_path(game), Table.open if self.states is None else
                            lambda path: self._thaw(game, path))

    def _judging_table(self, game: str) -> Optional[Table]:
        """The game's table to judge a mail's lines against, or None when its file cannot be
        read (the lines are then judged by their words alone)."""
        try:
            return self.table(game)
        except (GameFileError, OSError):
            return None

    def _thaw(self, game: str, path: Path) -> Table:
        """The game's table with its state thawed from `states`, or replayed (and then kept there
        when the moderator stops: `keep_states`)."""
        t = Table.open(path, cache=self.states, keep_replayed=False)
        if not t.thawed:
            self._moved.add(game)
        return t

    def remember(self, game: str, t: Table) -> None:
        """Keep a table whose state already includes what it just wrote to its file."""
        self._keep(self._tables, game, self.game_path(game), t)
        if self.states is not None:
            self._moved.add(game)

    def keep_states(self) -> int:
        """Keep on disk (`states`) the state of each game replayed or moved on since last time,
        for a process started later (each about 10 ms: done when the moderator stops, not after
        each mail); how many games were offered to it (it keeps none of a game too short). A game
        whose table is no longer kept in memory is left to be replayed."""
        moved, self._moved = self._moved, set()
        kept = [hit[1] for hit in map(self._tables.get, sorted(moved)) if hit is not None]
        for t in kept:
            t.keep(self.states)
        return len(kept)

    def forget(self, game: Optional[str] = None) -> None:
        """Drop what is kept of `game` (its table and roster; of every game when None): read
        again from the files on the next mail, as a process just started does."""
        for cache in (self._tables, self._rosters):
            if game is None:
                cache.clear()
            else:
                cache.pop(game, None)

    def _cached(self, cache: dict, game: str, path: Path, load):
        """`load(path)`, or the value kept for `game` while its file is unchanged (same inode,
        size and modification time)."""
        hit = cache.get(game)
        if hit and hit[0] == _signature(path):
            return hit[1]
        value = load(path)
        self._keep(cache, game, path, value)
        return value

    @staticmethod
    def _keep(cache: dict, game: str, path: Path, value) -> None:
        cache[game] = (_signature(path), value)
        if len(cache) > 2000:
            cache.pop(next(iter(cache)))

    @contextmanager
    def game_lock(self, game: str) -> Iterator[None]:
        """One process at a time handles mail for a game (other games go on in parallel)."""
        lock_dir = self.games_dir / ".locks"
        path = self._inside(game, ".lock", lock_dir)          # checked before the folder is made
        lock_dir.mkdir(exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    # --- the known world ---------------------------------------------------------------
    def _address_index(self) -> AddressIndex:
        """Who is registered where; rebuilt only when the folder changed (a roster added or
        rewritten: each write replaces the file), each roster read again only if its own file
        changed, so a mail's cost does not grow with the number of games."""
        st = os.stat(self.games_dir)
        sig = (st.st_mtime_ns, st.st_ino)
        if self._index is not None and self._index[0] == sig:
            return self._index[1]
        games: dict[str, list[str]] = {}
        names: dict[str, list[str]] = {}
        for g in self.games():
            try:
                r = self.roster(g)
            except (OSError, RosterError, ValueError):       # ValueError: a file that names no game
                continue
            seats = [s.name for s in r.seats]
            for a in {r.moderator.lower(), *(s.address.lower() for s in r.seats)}:
                games.setdefault(a, []).append(g)
                names.setdefault(a, []).extend(seats)
        index = AddressIndex(games, {a: tuple(dict.fromkeys(n)) for a, n in names.items()})
        self._index = (sig, index)
        return index

    def known(self, address: str) -> bool:
        """Whether `address` is registered in some game, or is a master: only such addresses
        are ever answered."""
        address = address.lower()
        return any(m.address.lower() == address for m in self.masters) or address in self._address_index().games

    def games_of(self, address: str) -> list[str]:
        return list(self._address_index().games.get(address.lower(), []))

    def seat_names_of(self, address: str) -> tuple[str, ...]:
        """The seat names of every game `address` is registered in (a body's signature may be one)."""
        return self._address_index().names.get(address.lower(), ())

    # --- handling ----------------------------------------------------------------------
    def handle(self, key: str, raw: bytes, size: Optional[int] = None) -> Decision:
        """Judge one mail (`size`: its whole size when `raw` is only its head, as a mailbox hands
        out a mail over `max_bytes`). Never raises for anything a mail can contain."""
        try:
            letter = parse_letter(raw, max_bytes=self.max_bytes, size=size)
        except LetterError as e:
            return Decision("Rejected", f"unreadable mail: {e}")
        src = source_of(letter, raw)
        failpoints.reached("after_parse")
        if not letter.from_addr:
            return Decision("Rejected", "no sender address: not answered")
        if letter.from_addr == self.address or letter.from_addr.startswith(self.local + "+") \
                and letter.from_addr.endswith("@" + self.domain):
            return Decision("Rejected", "a mail from the moderator's own address: not answered")
        if letter.automated:
            return Decision("Rejected", f"automated mail ({letter.automated}): not answered")
        known = self.known(letter.from_addr)
        if letter.unread:
            return self.refuse_sender(letter, src, known, self._game_of_headers(letter),
                                       f"your mail has {letter.unread}. Nothing was applied: send the moves alone, "
                                       f"without attachments.", "unreadable")
        if letter.too_big:
            return self.refuse_sender(letter, src, known, self._game_of_headers(letter),
                                       f"your mail is {letter.size:,} bytes; the moderator reads mails of at most "
                                       f"{self.max_bytes:,} bytes. Nothing was applied: send the moves alone, "
                                       f"without attachments or long quotes.", "too big")
        try:
            body = split_body(letter.body, max_lines=self.max_lines,
                              names=list(self.seat_names_of(letter.from_addr)))
            cmds, rest = read_commands(body)
        except PbemError as e:
            return self.refuse_sender(letter, src, known, self._game_of_headers(letter), f"{e}\nNothing was applied.",
                                      "unreadable body")
        game, why = self._route(letter, cmds)
        if why:
            return self.refuse_sender(letter, src, known, game, why, "routing")
        if any(c.name == "CREATE" for c in cmds):
            return self._create(letter, src, cmds, game)
        if not game:
            if not known:
                return Decision("Rejected", "no game named and the sender is unknown: not answered")
            return self.reply_only(letter, src, "", "Processed", "help (no game named)",
                                    replies.help_text(self, letter.from_addr, no_game=True), subject="pbem help")
        if not self.roster_path(game).exists() or not self.game_path(game).exists():
            if not known:
                return Decision("Rejected", f"no game {game!r} and the sender is unknown: not answered")
            return self.reply_only(letter, src, "", "Rejected", f"no game {game!r}",
                                    f"There is no game called {game!r} here.\n\n"
                                    + replies.help_text(self, letter.from_addr, no_game=True), subject="pbem: no such game")
        self._warm_reader(game)                    # once per title and process, before the lock
        with self.game_lock(game):
            given = self.reading_budget
            try:
                start = time.thread_time()
                self.table(game)                   # the game's state, replayed only when its file changed
                given = self._reading_left(time.thread_time() - start)
                with cpu_budget(given):
                    return self._in_game(letter, src, game, cmds, rest, body)
            except (GameFileError, RosterError) as e:
                return self._unavailable(letter, src, game, e)
            except OverBudget:
                # reading stops only between lines, and a message's moves are taken back on any
                # exception (`Table.submit`): the kept table is still its file's state, and is
                # kept (a replay here would double what a flood costs); else read again
                hit = self._tables.get(game)
                if hit is not None and len(hit[1].play.moves) != len(hit[1].seqs):
                    self._tables.pop(game, None)
                return self.refuse_sender(
                    letter, src, self.known(letter.from_addr), game,
                    f"your mail took longer to read than the moderator gives one mail ({given:g} s "
                    f"of CPU time), "
                    "so it was not read to the end. Nothing was applied. Please send your moves alone, "
                    "one short line each, without long chat or pasted text.", "too long to read")

    def quarantine(self, key: str, raw: bytes, why: str) -> Decision:
        """A mail set aside unjudged (it stopped the moderator): filed in Quarantine, and the
        moderator of the game it names (by subject tag or plus-address), or else the masters,
        told once; the sender is not answered."""
        try:
            letter = parse_letter(raw, max_bytes=1)          # headers only
        except LetterError:
            letter = None
        game, to = "", [m.address for m in self.masters]
        if letter is not None:
            named = [m.group(1) for m in _TAG.finditer(letter.subject or "")]
            named += [a.partition("@")[0][len(self.local) + 1:] for a in letter.to
                      if a.partition("@")[2] == self.domain and a.startswith(self.local + "+")]
            for g in filter(None, map(game_name, named)):       # the one check every game name passes
                try:
                    to, game = [self.roster(g).moderator], g
                    break
                except (OSError, RosterError, ValueError):
                    continue
        sender = letter.from_addr if letter is not None else "?"
        mid = letter.message_id if letter is not None else ""
        outcome = f"quarantined: {why}"
        text = (f"A mail from <{sender}> ({mid or 'no Message-ID'}) was set aside in the Quarantine folder "
                f"unjudged: {why}. Nothing of it was applied and its sender was not answered. Please look "
                f"at it and at the moderator's log.")
        # sent as no game's mail: nothing of the game (its state, its head) is read for it
        out = [self.outgoing(Mail(to=a, subject=self.subject(game, "a mail set aside"), text=text), "quarantine",
                             "", key, game) for a in to]
        return Decision("Quarantine", outcome, game, out)

    @property
    def reading_budget(self) -> Optional[float]:
        """CPU seconds for reading one mail's lines: all of `cpu_budget` but what follows the
        reading is kept for (REPLY_RESERVE; at least half of it)."""
        if self.cpu_budget is None:
            return None
        return round(max(self.cpu_budget - REPLY_RESERVE, self.cpu_budget / 2), 3)

    def _reading_left(self, replaying: float) -> Optional[float]:
        """The reading budget less what replaying the game's state took under its lock (a
        moderator that was not running, or another's write), but never below a quarter of it:
        the whole mail stays within `cpu_budget` however long the game."""
        full = self.reading_budget
        return None if full is None else round(max(full - replaying, full / 4), 3)

    def _warm_reader(self, game: str) -> None:
        """Load, once per title and process and before the game is locked, what reading any mail
        needs: the title's grammar and every fallback of the reader, which a line that is no
        move goes through (their modules and patterns are loaded on first use)."""
        try:
            title = self.roster(game).title
        except (OSError, RosterError):
            return
        if title in _READER_WARM:
            return
        try:
            warm_reader(title)
        except PbemError:       # an unknown title or the reader's refusal: the mail's own handling says so
            pass
        _READER_WARM.add(title)

    def _unavailable(self, letter: Letter, src: str, game: str, e: PbemError) -> Decision:
        """A game whose file or roster cannot be read: nothing is applied; a registered sender
        is told, and so is the game's moderator."""
        try:
            roster = self.roster(game)
        except (OSError, RosterError):
            return Decision("Rejected", f"{game}: roster unreadable ({e}); not answered", game)
        if not roster.knows(letter.from_addr):
            return Decision("Rejected", f"{game}: game file unreadable ({e}); sender unknown, not answered", game)
        return act._damaged(self, letter, src, game, roster, e)

    def _route(self, letter: Letter, cmds: Sequence[Command]) -> tuple[str, str]:
        """The game a mail is about, from its SIGNON/CREATE, subject tag, plus-address or thread;
        ('', reason) when they disagree."""
        named: dict[str, str] = {}
        bad: list[tuple[str, str]] = []

        def name(text: str, where: str) -> None:
            g = game_name(text)
            if g is None:
                bad.append((text, where))
            else:
                named.setdefault(g, where)

        for c in cmds:
            if c.name in ("SIGNON", "CREATE") and c.args:
                name(c.args[0], f"{c.name} on line {c.line}")
        for m in _TAG.finditer(letter.subject or ""):
            g = game_name(m.group(1))
            if g and (self.game_path(g).exists() or not named):
                named.setdefault(g, "the subject")
        for addr in letter.to:
            local, _, dom = addr.partition("@")
            if dom == self.domain and local.startswith(self.local + "+"):
                name(local[len(self.local) + 1:], "the address")
        if not named and not bad:
            for g in sorted(games_in_thread([letter.in_reply_to, *letter.references])):
                name(g, "the thread")
        if bad:
            text, where = bad[0]
            return "", (f"{where} names {text[:80]!r}, which is not a game name (1-64 letters, digits, '.', "
                        "'_' or '-'). Nothing was applied.")
        if len(named) > 1:
            return "", ("this mail names several games: " + ", ".join(f"{g} ({w})" for g, w in named.items())
                        + ". Nothing was applied; name one game.")
        return (next(iter(named)) if named else ""), ""

    def _game_of_headers(self, letter: Letter) -> str:
        """The game a mail left unread (or whose body cannot be split) is about, by its subject tag,
        plus-address or thread, when its sender plays or moderates it: the refusal then answers that
        game's state, so moves sent in a reply to it count ("" when no such game is named)."""
        game, why = self._route(letter, ())
        return game if game and not why and game in self.games_of(letter.from_addr) else ""

    # --- one game ------------------------------------------------------------------------
    def _in_game(self, letter: Letter, src: str, game: str, cmds: list[Command], rest: Body,
                 body: Body) -> Decision:
        roster = self.roster(game)
        signons = [c for c in cmds if c.name == "SIGNON"]
        if len(signons) > 1:
            return self.refuse_sender(letter, src, roster.knows(letter.from_addr), game,
                                       "one SIGNON line per mail, please. Nothing was applied.", "two signons")
        seat: Optional[Seat] = None
        is_master = False
        if signons:
            _, name, secret = signons[0].args
            if name.lower() == MODERATOR_SEAT:
                if not self._signon_ok(game, MODERATOR_SEAT, letter.from_addr, roster.moderator, secret,
                                       roster.moderator_hash):
                    return self.bad_signon(letter, src, game, roster.moderator, MODERATOR_SEAT)
                is_master = True
            else:
                seat = roster.seat(name)
                if seat is None:
                    return self.refuse_sender(letter, src, roster.knows(letter.from_addr), game,
                                               f"there is no player {name!r} in {game} (players: "
                                               f"{', '.join(s.name for s in roster.seats)}). Nothing was applied.",
                                               "unknown seat")
                if not self._signon_ok(game, seat.name, letter.from_addr, seat.address, secret,
                                       seat.secret_hash):
                    return self.bad_signon(letter, src, game, seat.address, seat.name)
        else:
            if not roster.knows(letter.from_addr):
                return Decision("Rejected", f"{game}: sender not registered in the game: not answered", game)
            seat = roster.seat_of_address(letter.from_addr)
        moves = [ln for ln in rest.lines]
        info = [c for c in cmds if c.name in INFO]
        master = [c for c in cmds if c.name in MASTER]
        if master and not is_master:
            return self.reply_only(letter, src, game, "Rejected", "master command without the moderator's sign-on",
                                    f"{master[0].name} (line {master[0].line}) is for the game's moderator, who signs "
                                    f"on as SIGNON {game} moderator <secret>. Nothing was applied.", to=letter.from_addr)
        # without a sign-on, only what reads as a move is asked for one: the lines are judged, and
        # read as the sender's seat's, against the game as it is
        chat, could_be_moves = unsigned_moves(moves, self._judging_table(game), seat.name if seat else None) \
            if moves and not signons else ([], moves)
        if moves and not could_be_moves:
            return self.reply_only(letter, src, game, "Rejected", "chat without SIGNON",
                                    "I found no move in your mail, only chat: nothing was applied, and nothing "
                                    "needed to be.", to=letter.from_addr,
                                    set_aside=sorted([*body.set_aside, *chat], key=lambda s: s.number))
        if moves and not signons:
            return self.reply_only(letter, src, game, "Rejected", "moves without SIGNON",
                                    f"Moves count only with your sign-on line: add\n    SIGNON {game} "
                                    f"{seat.name if seat else '<your name>'} <your secret>\nabove them. Nothing was applied.",
                                    to=letter.from_addr, set_aside=body.set_aside)
        if moves and is_master:
            return self.reply_only(letter, src, game, "Rejected", "moves from the moderator",
                                    "The moderator signs on for commands only; moves come from the players. "
                                    "Nothing was applied.", to=letter.from_addr)
        if master:
            with uncharged():              # commands already read: the rest is the moderator's work
                return act.master_commands(self, letter, src, game, roster, master, info)
        if moves:
            if roster.paused:
                return self.reply_only(letter, src, game, "Rejected", "game paused",
                                        f"{game} is paused by its moderator; moves are not taken until it resumes. "
                                        "Nothing was applied.", to=letter.from_addr)
            return act.moves(self, letter, src, game, roster, seat, rest, body, info)
        if info:
            with uncharged():
                return act.info_commands(self, letter, src, game, roster, info)
        return self.reply_only(letter, src, game, "Rejected", "nothing to do",
                                "Your mail holds no move and no command.\n\n" + replies.help_text(self, letter.from_addr),
                                to=letter.from_addr, set_aside=body.set_aside)

    # --- CREATE ------------------------------------------------------------------------
    def _create(self, letter: Letter, src: str, cmds: list[Command], game: str) -> Decision:
        return act.create(self, letter, src, cmds, game)

    # --- replies ---------------------------------------------------------------------
    def outgoing(self, mail: Mail, kind: str, game: str, *parts: str) -> Outgoing:
        """A mail with its deterministic Message-ID (from the incoming mail and the recipient);
        a game's mail also carries the game and the game file's head witness as headers."""
        if game and "X-Pbem-Head" not in mail.headers and self.game_path(game).exists():
            try:
                n, head = replies.witness(self.table(game))
            except PbemError:
                n, head = 0, ""
            if head:
                mail = replace(mail, headers={**mail.headers, "X-Pbem-Game": game, "X-Pbem-Head": f"{n}:{head}"})
        seen = mail.headers.get("X-Pbem-Head", "").partition(":")
        at = (int(seen[0]), seen[2]) if game and seen[0].isdigit() else None
        mid = message_id(game, kind, self.domain, mail.to, *parts, at=at)      # a reply names the state it answers
        rcpts = tuple(a.strip() for a in mail.to.split(",") if a.strip())
        return Outgoing(mid, self.address, rcpts, build(mail, sender=self.address, msgid=mid, sender_name=self.name))

    def subject(self, game: str, text: str) -> str:
        return f"[{game}] {text}" if game else text

    def reply_only(self, letter: Letter, src: str, game: str, folder: str, outcome: str, text: str, *,
                    to: Optional[str] = None, subject: Optional[str] = None, set_aside=()) -> Decision:
        to = to or letter.from_addr
        body = text + replies.set_aside_text(set_aside)
        mail = Mail(to=to, subject=subject or self.subject(game, "Re: " + (letter.subject or "your mail")),
                    text=body + replies.footer(self, game), in_reply_to=letter.message_id,
                    references=letter.references)
        return Decision(folder, outcome, game, [self.outgoing(mail, "reply", game, src)])

    def refuse_sender(self, letter: Letter, src: str, known: bool, game: str, why: str, outcome: str) -> Decision:
        if not known:
            return Decision("Rejected", f"{outcome}: sender unknown, not answered", game)
        return self.reply_only(letter, src, game, "Rejected", outcome, why)

    def _guard(self) -> Ledger:
        if self.ledger is None:
            self.ledger = Ledger(":memory:")
        return self.ledger

    def _signon_ok(self, game: str, seat: str, sender: str, registered: str, secret: str, stored: str) -> bool:
        """A sign-on's secret checked, at most SIGNON_FREE_TRIES wrong ones in a row from one
        address before that address is locked out of the seat for a growing time (tries then
        are refused unchecked); counted per (seat, sending address) in the ledger, so a stranger's
        guesses never lock out the registered address. Sets `_notice` to whether the seat's
        address may be told now."""
        guard = self._guard()
        if guard.signon_locked(game, seat, sender):
            self._notice = guard.signon_failed(game, seat, sender, checked=False)
            return False
        if check_secret(secret, stored):
            if sender == registered.lower():
                guard.signon_ok(game, seat, sender)
                return True
            self._notice = guard.signon_failed(game, seat, sender, checked=False)   # a right secret, a wrong sender
            return False
        self._notice = guard.signon_failed(game, seat, sender)
        return False

    def bad_signon(self, letter: Letter, src: str, game: str, registered: str, name: str) -> Decision:
        """A failed sign-on: told to the seat's registered address, never to the sender, at most
        once an hour (the rest are only recorded)."""
        notice, self._notice = getattr(self, "_notice", True), True
        if not notice:
            return Decision("Rejected", f"failed sign-on as {name} from {letter.from_addr} (seat told already "
                                        "within the hour)", game)
        text = (f"A mail signed on as {name} in {game} was refused: it came from <{letter.from_addr}> "
                f"and its secret or sender address was not {name}'s. Nothing was applied.\n"
                f"If you sent it: write from your registered address with your secret. If not, someone "
                f"may be trying to move for you; your game is unchanged.")
        mail = Mail(to=registered, subject=self.subject(game, "refused sign-on"), text=text + replies.footer(self, game))
        return Decision("Rejected", f"failed sign-on as {name} from {letter.from_addr}", game,
                        [self.outgoing(mail, "signon", game, src)])


def _signature(path: Path) -> tuple[int, int, int, int]:
    st = os.stat(path)     # ctime too: an edit in place that puts back size and mtime still changes it
    return (st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns)


def source_of(letter: Letter, raw: bytes) -> str:
    """The mail's key in the game file: its Message-ID, or a digest of it when it has none."""
    mid = letter.message_id
    if mid and re.fullmatch(r"<[^<>@\s]+@[^<>\s]+>", mid) and len(mid) <= 250:
        return mid
    return f"<{hashlib.sha256(raw).hexdigest()[:32]}@nomessageid.invalid>"
