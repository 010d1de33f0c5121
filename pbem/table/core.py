"""A game at the table: its stored game file plus the engine state derived by replaying it.

The state is never stored: it is always the replay of the file's moves still in force.
A submitted message is applied all-or-nothing: every move is pushed and checked, and only
the game and only then are all of them appended to the file in one locked write.
"""
from __future__ import annotations

import copy
import re

from pathlib import Path
from typing import Optional, Sequence

from pbem.engine.actions import Action
from pbem.engine.game import Game as EngineGame
from pbem.errors import AmbiguousMoveError, NotationError, RuleError
from pbem.game import Game
from pbem.game_notation import describe_legal
from pbem.gamefile import GameFile, GameHeader, Player
from pbem.newgame import CLAIMS_WARN, check_options, check_players
from pbem.notation import ParsedMove
from pbem.notation.limits import uncharged
from pbem.notation.messages import clip
from pbem.replay.gamefile import replay_file, setup_of
from pbem.replay.state_cache import StateCache

from pbem.reading.labels import round_label, round_label_mismatch  # noqa: F401 (re-exported)
from pbem.reading.move import FalseClaim, play_move
from pbem.reading.settle import reports_automatic

from .outcome import AppliedMove, MoveRejected, Outcome, Refusal

__all__ = ["AppliedMove", "MoveRejected", "Outcome", "Refusal", "Table", "round_label", "round_label_mismatch",
           "CLAIMS_WARN"]


_MESSAGE_ID = re.compile(r"^<[^<>@\s]+@[^<>\s]+>$")
#: notes kept on one message; a pasted log of thousands of lines gets a count of the rest
MAX_NOTES = 30


def _bounded(notes: list[str]) -> list[str]:
    """The first MAX_NOTES notes and how many more there were: a reply never repeats a whole log."""
    if len(notes) <= MAX_NOTES:
        return notes
    return notes[:MAX_NOTES] + [f"{len(notes) - MAX_NOTES:,} more note(s) like these not shown"]


class Table:
    """A stored game and its current state (a `pbem.Game` replayed from the file)."""

    def __init__(self, gf: GameFile, game: Game, seqs: list[int]):
        self.file = gf
        self.play = game                      # the pbem.Game: state, history, notation
        self.seqs = seqs                      # seq of each applied move, in order
        self.warnings: list[str] = []         # notes on the last submitted message (e.g. a stale round label)
        self.duplicate = False                # the last submitted message had been applied before
        self.changed_hexes: list[str] = []    # hexes changed by the last submitted message
        self.thawed = False                   # the state was taken from a state cache, not replayed

    @property
    def game(self) -> EngineGame:
        """The engine state after the moves in force."""
        return self.play.state

    # --- opening ------------------------------------------------------------------
    @staticmethod
    def new_game(header: GameHeader) -> EngineGame:
        return setup_of(header).start()

    @classmethod
    def create(cls, path: str | Path, title: str, players: Sequence[tuple[str, str]], seed: int,
               options: Sequence[str] = (), data: str = "") -> "Table":
        """A new game file (`data`: the game's own title data, checked, in canonical form)."""
        header = GameHeader(title=title, players=[Player(n, e) for n, e in players], seed=seed,
                            options=tuple(options), data=data)
        game = Game(setup_of(header))          # refuses a bad title or player count before any file exists
        check_players(title, players, data)    # and names that are a company's, or given twice
        check_options(title, options, data)    # and options the title does not know
        gf = GameFile.create(path, header)
        notice = game.state.data.get("new_game_note")
        if notice:                             # what the title wants every game file to say (1869: 1830's market)
            gf.note(notice, "moderator", "pbem new")
        return cls(gf, game, [])

    @classmethod
    def open(cls, path: str | Path, *, upto: Optional[int] = None, moderator: bool = True,
             key: Optional[bytes] = None, cache: Optional[StateCache] = None,
             keep_replayed: bool = True) -> "Table":
        """Open and verify the file, then replay its moves still in force (up to seq `upto`).

        The table is the moderator's: every seal is checked with the moderator's key, and a file it
        cannot vouch for is refused (`GameFile.open(moderator=True)`: an unsealed file while a key
        exists). `key`: another key than the key file's. `moderator=False` reads the plain chain only,
        as anyone may (a sample, a copy). `cache`: the state kept for the file's head is taken
        from it when it is there and sound (`thawed`), and the replayed state kept in it otherwise
        (`pbem.replay.state_cache`; not with `keep_replayed=False`, for a caller that keeps it later)."""
        gf = GameFile.open(path, key=key, moderator=moderator)
        found = cache.load(gf) if cache is not None and upto is None else None
        thawed = found is not None
        if found is None:
            found = replay_file(gf, upto=upto)
            if cache is not None and upto is None and keep_replayed:
                cache.save(gf, found[0])
        table = cls(gf, *found)
        table.thawed = thawed
        return table

    def keep(self, cache: Optional[StateCache]) -> None:
        """Keep the state after the moves just stored in `cache` (for the next command)."""
        if cache is not None:
            cache.save(self.file, self.play)

    @classmethod
    def replay(cls, gf: GameFile, upto: Optional[int] = None) -> tuple[Game, list[int]]:
        return replay_file(gf, upto=upto)

    # --- moves ---------------------------------------------------------------------
    def parse(self, text: str, sender: Optional[str] = None, aside: Optional[list] = None) -> list:
        """The moves of `text` read against the current state; lines of a pasted log that are
        not moves go to `aside`."""
        from pbem.reading import driver     # the reader loads only when something is read

        reading = driver.read(text, self.play.context(sender)).raise_error()
        if aside is not None:
            aside.extend(reading.logs)
        return reading.moves

    def submit(self, text: str, seat: Optional[str] = None, source: str = "", *, unsure=()) -> Outcome:
        """Apply every move of `text` or none, then one locked append; the `Outcome` says which
        moves were applied, or why none was (its refusal), with the notes and the trace of how
        each line was read (`pbem.reading.driver`). Raises only what is not the message's doing:
        the game file's errors (GameFileError, StaleGameError when another write came first).

        `seat` (a player name, or None for the moderator) is stored as the seat of every move;
        `source` names where the message came from (e.g. a Message-ID); `unsure`, the numbers of
        lines that may be chat (`pbem/table/lines.py`): each is read in its turn like the others,
        and set aside as chat (`Outcome.chat`) when it reads as no move."""
        self.play.reading = None
        self.warnings, self.duplicate, self.changed_hexes = [], False, []
        try:
            applied = self._apply(text, seat, source, frozenset(unsure))
        except (NotationError, AmbiguousMoveError, RuleError, MoveRejected) as e:
            return Outcome(refusals=[Refusal.of(e)], notes=list(self.warnings), trace=self._trace(), chat=self._chat())
        return Outcome(applied, [], list(self.warnings), self._trace(), self.duplicate, list(self.changed_hexes),
                       self._chat())

    def _chat(self) -> list[int]:
        reading = self.play.reading
        return list(reading.chat) if reading is not None else []

    def _trace(self) -> list:
        reading = self.play.reading
        return list(reading.trace) if reading is not None else []

    def legal(self, limit: int = 25) -> list[str]:
        """The acting entity's legal moves as canonical lines (with notes); the rules' work, not
        charged to a mail's reading budget."""
        with uncharged():
            return describe_legal(self.game, limit=limit, ctx=self.play.context())

    def _apply(self, text: str, sender: Optional[str] = None, source: str = "",
               unsure: frozenset = frozenset()) -> list[AppliedMove]:
        """Apply every move of `text` or none, then one locked append (raising the refusal).

        Each move is read against the state after the moves before it (`pbem.Game.push_notation`)
        and pushed onto the live state; if any is refused, or the append fails, the game goes
        back to the state before the message (its actions replayed, no text read again).

        `sender` (a player name, or None for the moderator) is stored as the seat of every
        move of the message; `source` names where it came from (e.g. a Message-ID).
        """
        if sender is not None and sender not in self.game.players:
            raise RuleError(f"{sender!r} is not a player of this game", rule="players")
        if _MESSAGE_ID.match(source or ""):
            done = [r for r in self.file.records if getattr(r, "source", "") == source and r.kind == "move"]
            if done:
                # the same mail delivered again: its moves are in the file already, apply nothing twice
                self.warnings = [f"message {source} was already applied as move(s) "
                                 f"{', '.join(str(r.seq) for r in done)}; nothing applied again"]
                self.duplicate = True
                return [AppliedMove(r.seq, r.entity, r.notation) for r in done]
        self.duplicate = False
        mark = len(self.play.moves)
        aside: list = []
        read: list[ParsedMove] = []
        changed: list[str] = []
        self.warnings = []

        origin: list[Optional[int]] = []           # each pushed action's line in `text`

        def play(g: Game, pm: ParsedMove, i: int) -> None:
            read.append(pm)
            before = len(g.moves)
            self._play(g, pm, i, sender, changed)
            origin.extend([pm.line] * (len(g.moves) - before))       # its implied passes too

        try:
            pushed = self.play.push_notation(text, sender, play=play, aside=aside, unsure=unsure)
        except NotationError as e:
            if read or str(e) != "the message holds no move":
                raise
            notes = self._aside_notes(aside)
            raise NotationError("the message holds no move" + ("; " + "; ".join(_bounded(notes)) if notes else ""),
                                text=clip(text)) from None
        self.warnings = _bounded(self._aside_notes(aside) + self.warnings)
        if not pushed:
            raise NotationError("the message holds no move; " + "; ".join(self.warnings),
                                text=clip(read[0].text) if read else "")
        lines = [(a.entity, self.play.notation(a)) for a in pushed]
        try:
            recs = self.file.append_many(lines, source=source, seat=sender or "", expect_head=self.file.head)
        except BaseException:
            self.play.back_to(mark)                 # nothing of the message stays
            raise
        self.changed_hexes = changed
        self.seqs.extend(r.seq for r in recs)
        lines_of = origin if len(origin) == len(recs) else [None] * len(recs)
        return [AppliedMove(r.seq, r.entity, r.notation, n) for r, n in zip(recs, lines_of)]

    @staticmethod
    def _aside_notes(aside: list) -> list[str]:
        return [f"line {n} set aside ({log.kind}, not a move): {clip(log.text)}" for n, log in aside
                if log.kind != "move"]

    def _play(self, g: Game, pm: ParsedMove, i: int, sender: Optional[str], changed: list[str]) -> None:
        """One move of a message at the table: who may make it, then the move as a moderator reads
        it (pbem.reading.move: implied passes, the parts the game settles, the claims). The rules'
        work is not charged to the mail's reading budget (`limits.uncharged`)."""
        with uncharged():
            self._play_rules(g, pm, i, sender, changed)

    def _play_rules(self, g: Game, pm: ParsedMove, i: int, sender: Optional[str], changed: list[str]) -> None:
        action = pm.action
        if sender is not None and not reports_automatic(g.state, action) and not self._may_act(g.state, sender, action):
            raise MoveRejected(f"move {i} ({clip(pm.text)!r}): {sender} may not move for {action.entity}",
                               move=i, text=pm.text, legal=describe_legal(g.state, ctx=g.context()),
                               cause=RuleError("players move only for themselves and the companies they run",
                                               rule="who may move"))
        mark = len(g.moves)
        try:
            play_move(g, pm, i, self.warnings, changed)
            # the rules' notes on the move (a run below the best, a decline the reference's rules accept)
            self.warnings.extend(f"move {i}: {text}" for text in map(str, g.state.rule_notes) if text)
        except AmbiguousMoveError as e:
            raise MoveRejected(f"move {i} ({clip(pm.text)!r}, line {pm.line}): {e}: " + "; ".join(e.candidates),
                               move=i, text=pm.text, cause=e, legal=e.candidates) from e
        except FalseClaim as e:
            raise MoveRejected(f"move {i} ({clip(pm.text)!r}, line {pm.line}) refused: {e}", move=i, text=pm.text,
                               cause=RuleError("; ".join(e.wrong), rule=e.rule), legal=self._legal_at(g, mark)) from e
        except RuleError as e:
            raise MoveRejected(f"move {i} ({clip(pm.text)!r}, line {pm.line}) refused: {e}", move=i, text=pm.text,
                               cause=e, legal=self._legal_at(g, mark)) from e

    @staticmethod
    def _legal_at(g: Game, mark: int) -> list[str]:
        """Legal moves in the state the refused move met (the message's earlier moves made,
        none of the passes or parts of the refused one)."""
        if len(g.moves) != mark:
            g.back_to(mark)
        return describe_legal(g.state, ctx=g.context())

    def paste_transcript(self, text: str, answers: Optional[dict] = None,
                         source: str = "transcript") -> list[AppliedMove]:
        """Apply a whole pasted 18xx.games transcript, all or nothing (pbem.table.transcript):
        every move it makes is stored in canonical notation, in one locked append."""
        from pbem.table.transcript import play_transcript

        trial = copy.deepcopy(self.game)
        played = play_transcript(text, trial, answers)
        actions = [action for t in played for action in t.actions]
        lines = [(action.entity, self.play.notation(action)) for action in actions]
        if not lines:
            raise NotationError("the transcript holds no move", text=text[:200])
        recs = self.file.append_many(lines, source=source, seat="", expect_head=self.file.head)
        self.play.state = trial
        self.play.moves.extend(actions)
        self.seqs.extend(r.seq for r in recs)
        self.warnings = []
        lines_of = [t.line for t in played for _action in t.actions]
        return [AppliedMove(r.seq, r.entity, r.notation, n) for r, n in zip(recs, lines_of)]

    @staticmethod
    def _may_act(game: EngineGame, player: str, action: Action) -> bool:
        """Whether `player` controls the entity the action is for (the game says who does)."""
        return game.controller(action.entity) == player

    def undo(self, n: int, who: str, reason: str = "", *, expect_head: Optional[str] = None) -> list:
        """The moderator annuls the last `n` moves; they stay in the file, marked.

        `expect_head`: the head hash of the state the moderator looked at; if a move was
        accepted since, nothing is annulled (StaleGameError) instead of annulling that newer
        move by surprise. Returns the annulled MoveRecords, oldest first, so the caller can
        say exactly which moves went.
        """
        rec = self.file.annul(n, reason or "moderator's rollback", who, expect_head=expect_head)
        self.play, self.seqs = replay_file(self.file)
        by_seq = {r.seq: r for r in self.file.records}
        return [by_seq[s] for s in rec.targets]
