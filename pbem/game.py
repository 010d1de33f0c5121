"""`pbem.Game`: one game you push moves onto, as python-chess's `Board`.

    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    g.push_notation("Ann buys the Hudson Bay for 20")
    g.legal_notation()[:3]

The facade holds the engine state (`g.state`, a `pbem.engine.game.Game`), the actions pushed
since the start (`g.moves`, so `pop` and all-or-nothing messages need no copy of the state),
snapshots of the state every `SNAPSHOT_EVERY` moves (so taking moves back replays at most that
many, `pbem.engine.snapshot`), and one notation context built once for the game
(`pbem.game_notation.bound_context`). A
message is read move by move, each move against the state after the ones before it
(`pbem.notation.sequence`); if any move fails, the game is as it was before the message.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional, Sequence, Union

from pbem.engine.actions import Action
from pbem.engine.game import Game as EngineGame
from pbem.engine.legality import verdict
from pbem.engine.snapshot import freeze, thaw
from pbem.errors import AmbiguousMoveError, NotationError, PbemError, RuleError
from pbem.game_notation import bound_context, describe_legal
from pbem.notation import NotationContext, ParsedMove, format_action
from pbem.notation.messages import clip
from pbem.titles import load_title

__all__ = ["Game", "Setup"]

#: what a caller does with one parsed move of a message (default: push its action)
Play = Callable[["Game", ParsedMove, int], None]

#: how many moves apart the facade keeps snapshots of the state: `pop` and the undoing of a
#: refused move replay at most this many (benchmarks/undo.py prints what it costs and saves)
SNAPSHOT_EVERY = 100


@dataclass(frozen=True)
class Setup:
    """What a game starts from: title, seats (id, name) in order, seed and options, and the
    game's own title data if its organizer gave one (canonical JSON, `pbem.titles.game_data`)."""

    title: str
    players: tuple[tuple[str, str], ...]
    seed: int = 0
    options: tuple[str, ...] = ()
    data: str = ""

    def start(self) -> EngineGame:
        return EngineGame(load_title(self.title, self.data), list(self.players), self.seed, self.options)


def _quoted(e: PbemError, index: int, pm: ParsedMove) -> PbemError:
    """`e` again, its message saying which move of the message (as written) it is about."""
    msg = f"move {index} ({clip(pm.text)!r}, line {pm.line}) refused: {e}"
    if isinstance(e, RuleError):
        out: PbemError = RuleError(msg, rule=e.rule, legal=e.legal)
    elif isinstance(e, AmbiguousMoveError):
        out = AmbiguousMoveError(msg, candidates=e.candidates)
    else:
        return e
    out.move, out.text = index, pm.text           # type: ignore[attr-defined]
    return out


class Game:
    """A game state plus its history and notation (see the module docstring)."""

    def __init__(self, setup: Setup, state: Optional[EngineGame] = None):
        self.setup = setup
        self.state: EngineGame = state if state is not None else setup.start()
        self.moves: list[Action] = []
        self.warnings: list[str] = []       # notes on the last message (lines set aside, labels)
        #: move count -> the state after that many of `moves` (frozen; a multiple of SNAPSHOT_EVERY)
        self.snapshots: dict[int, bytes] = {}
        self._ctx = replace(bound_context(lambda: self.state), earlier=self._last_move_of)
        self._trusted_ctx: Optional[NotationContext] = None
        self.reading = None                 # the Reading of the last message (pbem.reading.driver)

    # --- making one -------------------------------------------------------------------
    @classmethod
    def new(cls, title: str, players: Sequence[Union[str, tuple[str, str]]], seed: int = 0,
            options: Sequence[str] = (), data: str = "") -> "Game":
        """A new game: players are names (their ids too) or (id, name) pairs, in seat order;
        `data`: the game's own title data (`pbem.titles.game_data.read_game_data`). RuleError
        for an unknown title, a wrong player count, a name that is a company's, or an option
        the title does not have."""
        from pbem.newgame import check_options, check_players

        seats = tuple((p, p) if isinstance(p, str) else (str(p[0]), str(p[1])) for p in players)
        check_players(title, [(name, "") for _pid, name in seats], data)
        check_options(title, options, data)
        return cls(Setup(title, seats, seed, tuple(options), data))

    # --- notation ---------------------------------------------------------------------
    def context(self, as_: Optional[str] = None, *, trusted: bool = False) -> NotationContext:
        """The notation context at this turn (names built once; `as_` is the sender)."""
        base = self._ctx
        if trusted:
            if self._trusted_ctx is None:
                self._trusted_ctx = bound_context(lambda: self.state, trusted=True)
            base = self._trusted_ctx
        return base.at_turn(actor=as_, current=self.state.current_entity())

    def _last_move_of(self, player: str) -> Optional[Action]:
        """`player`'s last move so far (the notation's `earlier`: "GT again")."""
        return next((a for a in reversed(self.moves) if a.entity == player), None)

    def notation(self, action: Action) -> str:
        """The canonical line of `action` (reads back to the same action)."""
        return format_action(action, self._ctx)

    def parse(self, text: str, as_: Optional[str] = None) -> list[Action]:
        """The actions `text` stands for here, each move read after the ones before it are
        made; the game is left as it was."""
        mark = len(self.moves)
        try:
            return self.push_notation(text, as_)
        finally:
            if len(self.moves) != mark:
                self.back_to(mark)

    def push_notation(self, text: str, as_: Optional[str] = None, *, play: Optional[Play] = None,
                      aside: Optional[list] = None, unsure=frozenset()) -> list[Action]:
        """Make every move of `text` (sent by player `as_`), or none: each move is read against
        the state after the moves before it, as a moderator reads it (`pbem.reading.move`: the
        passes a later step's move implies, a token's city or a run's stops the game settles,
        the claims the line makes checked; notes in `self.warnings`). Returns the actions
        pushed, passes included. `play` replaces that reading of each move (the table adds who
        may move). NotationError / RuleError / AmbiguousMoveError say which move failed and
        why; the game is then unchanged. `unsure`: numbers of lines that may be chat, set aside
        when they read as no move (`pbem.reading.driver.read`)."""
        from pbem.reading import driver
        from pbem.reading.move import play_move
        from pbem.reading.settle import passes_before

        mark = len(self.moves)
        self.warnings = []

        def made(pm: ParsedMove, index: int) -> None:
            try:
                if play is None:
                    play_move(self, pm, index, self.warnings)
                else:
                    play(self, pm, index)
            except (RuleError, AmbiguousMoveError) as e:
                raise _quoted(e, index, pm) from e

        try:
            self.reading = reading = driver.read(text, lambda: self.context(as_), play=made, canonical=self.notation,
                                                 unsure=unsure, legal=lambda a: verdict(self.state, a) is True,
                                                 skips=lambda a: passes_before(self.state, a))
            if aside is not None:
                aside.extend(reading.logs)
            reading.raise_error()
            if not reading.moves:
                raise NotationError("the message holds no move", text=clip(text))
        except BaseException:
            if len(self.moves) != mark:     # (a refused push has already put the state back)
                self.back_to(mark)
            raise
        return self.moves[mark:]

    def legal_moves(self) -> list[Action]:
        """The acting entity's concrete legal moves."""
        return [m.action for m in self.state.legal_moves()]

    def legal_notation(self, limit: Optional[int] = None, notes: bool = False) -> list[str]:
        """The legal moves as canonical lines (with `notes`: price ranges and the like)."""
        if notes:
            return describe_legal(self.state, limit=limit or 10 ** 9, ctx=self._ctx)
        moves = self.legal_moves()
        return [self.notation(a) for a in (moves if limit is None else moves[:limit])]

    # --- moves ------------------------------------------------------------------------
    def push(self, action: Action) -> None:
        """Apply one action; RuleError leaves the game as it was (the state always is the
        replay of `moves`: a refused action is undone by replaying them)."""
        mark = len(self.moves)
        try:
            self.state.push(action)
        except BaseException:
            self.back_to(mark)
            raise
        self.moves.append(action)
        if len(self.moves) % SNAPSHOT_EVERY == 0:
            self.snapshots[len(self.moves)] = freeze(self.state)

    def pop(self) -> Action:
        """Take back the last action (IndexError when there is none): the state is thawed from
        the last snapshot before it and the moves since replayed (at most SNAPSHOT_EVERY)."""
        if not self.moves:
            raise IndexError("no move to take back")
        last = self.moves[-1]
        self.back_to(len(self.moves) - 1)
        return last

    def is_legal(self, action: Action) -> bool:
        """Whether `action` may be pushed now: the steps' checks answer without applying it
        where they are the whole rule (`pbem.engine.legality`); otherwise it is tried on a copy."""
        known = verdict(self.state, action)
        if known is not None:
            return known
        try:
            thaw(freeze(self.state), self.state).push(action)
        except PbemError:
            return False
        return True

    def copy(self) -> "Game":
        """An independent game at the same position with the same history (and snapshots,
        which are never changed, so both games share them)."""
        new = Game(self.setup, thaw(freeze(self.state), self.state))
        new.moves = list(self.moves)
        new.snapshots = dict(self.snapshots)
        return new

    def back_to(self, n: int) -> None:
        """The state after the first `n` actions, no text read: thawed from the last snapshot at
        or before `n` and the actions since replayed; how a refused message or push is undone,
        since a refused action may have changed part of the state before the broken rule was
        found. A longer replay (after moves pushed onto `state` directly, as the replay of a
        stored game does) leaves the last snapshot on its way, for the next move taken back."""
        keep = self.moves[:n]
        self.snapshots = {k: v for k, v in self.snapshots.items() if k <= n}
        base = max(self.snapshots, default=0)
        state = thaw(self.snapshots[base], self.state) if base else self.setup.start()
        leave = (n - 1) // SNAPSHOT_EVERY * SNAPSHOT_EVERY      # the last multiple before n
        for i in range(base, n):
            state.push(keep[i])
            if i + 1 == leave and leave > base:
                self.snapshots[leave] = freeze(state)
        self.state, self.moves = state, keep

    # --- queries ----------------------------------------------------------------------
    def current_entity(self) -> Optional[str]:
        return self.state.current_entity()

    @property
    def finished(self) -> bool:
        return self.state.finished

    def __repr__(self) -> str:
        s = self.state
        where = "finished" if s.finished else f"{s.round.name} round, {s.current_entity()} to act"
        return f"<pbem.Game {self.setup.title} after {len(self.moves)} moves: {where}>"

