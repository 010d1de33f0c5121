"""A game at the table: its stored game file plus the engine state derived by replaying it.

The state is never stored: it is always the replay of the file's moves still in force.
A submitted message is applied all-or-nothing: every move is pushed and checked, and only
the game and only then are all of them appended to the file in one locked write.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Optional, Sequence

from pbem.engine.actions import Action, Pass, PlaceToken, RunRoutes
from pbem.engine.game import Game
from pbem.errors import AmbiguousMoveError, GameFileError, NotationError, PbemError, RuleError
from pbem.gamefile import GameFile, GameHeader, Player
from pbem.notation import NotationContext, context_from_title_data, format_action, read_message
from pbem.notation.messages import clip
from pbem.titles import load_title

from .claims import applied, false_claims
from .runs import needs_stops, settle_run
from .transcript import reports_automatic

#: game option: a false claim in a message is reported as a warning instead of refusing it
CLAIMS_WARN = "claims-warn"


@dataclass(frozen=True)
class AppliedMove:
    """A move accepted into the game: the action and its canonical line."""

    seq: int
    entity: str
    notation: str


class MoveRejected(PbemError):
    """A message was refused as a whole; `move` is the 1-based move of the message at fault."""

    def __init__(self, message: str, *, move: int, text: str, cause: PbemError, legal: Sequence[str] = ()):
        super().__init__(message)
        self.move = move
        self.text = text
        self.cause = cause
        self.legal = list(legal)


def notation_context(game: Game, *, actor: Optional[str] = None, trusted: bool = False) -> NotationContext:
    """The names and turn state the notation reader needs for this game."""
    players = {pid: game.players[pid].name for pid in game.seat_order}

    def resolve_rotation(tile: str, hex_: str, edges: tuple) -> int:
        if edges:
            sides = ctx.compass_sides()
            numbers = []
            for e in edges:
                if e in sides:
                    numbers.append(sides[e])
                else:
                    numbers.append(next(i for i in range(6) if game.board.neighbor(hex_, i) == e))
            return game.board.rotation_for_edges(hex_, tile, numbers)
        ent = game.current_entity()
        rots = game.board.legal_rotations(ent, hex_, tile, game.tile_colors)
        if len(rots) == 1:
            return rots[0]
        raise AmbiguousMoveError(
            f"#{tile} on {hex_} fits with rotation {', '.join(map(str, rots))}: say which"
            if rots else f"#{tile} cannot be laid on {hex_} in any rotation now",
            candidates=[f"lays #{tile} on {hex_} rot {r}" for r in rots])

    ctx = context_from_title_data(game.data, players, actor=actor, current=game.current_entity(),
                                  allow_trusted=trusted, rotation_resolver=resolve_rotation,
                                  holdings=lambda p, c: game.corporations[c].percent_of(p)
                                  if c in game.corporations else 0,
                                  trains_of=lambda c: [t.name for t in game.corporations[c].trains]
                                  if c in game.corporations else [])
    return ctx


def describe_legal(game: Game, limit: int = 25) -> list[str]:
    """The acting entity's legal moves as canonical lines (with notes such as price ranges)."""
    ctx = notation_context(game)
    out = []
    for m in game.legal_moves()[:limit]:
        line = format_action(m.action, ctx)
        out.append(f"{line}  ({m.note})" if m.note else line)
    return out


_MESSAGE_ID = re.compile(r"^<[^<>@\s]+@[^<>\s]+>$")
_LABEL = re.compile(r"\b(SR|OR|stock\s+round|operating\s+round)\s*(\d+)(?:\.(\d+))?", re.I)


def round_label(game: Game) -> str:
    """The round as players label it: 'SR 3', 'OR 2.1' (turn.OR number); '' for the auction."""
    if game.round.name == "stock":
        return f"SR {game.turn}"
    if game.round.name == "operating":
        return f"OR {game.turn}.{game.round.num}"
    return ""


_PHASE = re.compile(r"\b(?:(yellow|green|brown|gr[ae]y)\s+phase|phase\s+(\d+[a-z]?))\b", re.I)


def phase_label_mismatch(header: str, game: Game) -> str:
    """Why a phase label ("Green phase", "Phase 4") does not match the game ('' if it does)."""
    m = _PHASE.search(header)
    if not m:
        return ""
    if m.group(2):
        return "" if m.group(2).lower() == str(game.phase.name).lower() else f"the game is in phase {game.phase.name}"
    colour = m.group(1).lower().replace("grey", "gray")
    newest = (game.phase.tiles or ("",))[-1]
    return "" if colour == newest else f"the game is in the {newest} phase (phase {game.phase.name})"


def round_label_mismatch(header: str, game: Game) -> str:
    """Why a round label written in a message does not match the game ('' if it does or says nothing)."""
    if _PHASE.search(header):
        return phase_label_mismatch(header, game)
    m = _LABEL.search(header)
    if not m:
        return ""
    kind = "SR" if m.group(1).lower().startswith(("sr", "stock")) else "OR"
    want = f"{kind} {m.group(2)}" + (f".{m.group(3)}" if kind == "OR" and m.group(3) else "")
    have = round_label(game)
    if not have:
        return "the game is in the private auction"
    if kind == "OR" and not m.group(3):
        have = have.split(".")[0]
    return "" if want == have else f"the game is in {round_label(game)}"


def check_players(title: str, players: Sequence[tuple[str, str]]) -> None:
    """The seats of a new game: within the title's player count, names unique and never a company's,
    a private's or "moderator", addresses unique (RuleError naming what is wrong)."""
    from pbem.notation import context_from_title_data
    from pbem.titles import load_title

    try:
        rules = load_title(title)
    except Exception as e:
        raise RuleError(f"unknown title {title!r} ({str(e).splitlines()[0] if str(e) else e})", rule="titles") from None
    data = rules.data if hasattr(rules, "data") else {}
    counts = sorted(int(k) for k in (data.get("starting_cash") or {}) if str(k).isdigit())
    if counts and not counts[0] <= len(players) <= counts[-1]:
        raise RuleError(f"{title} is for {counts[0]} to {counts[-1]} players, not {len(players)}", rule="player count")
    ctx = context_from_title_data(data)
    taken = {n.lower() for n in [*ctx.corporations, *ctx.corporations.values(), *ctx.companies,
                                 *ctx.companies.values(), *ctx.corporation_aliases, *ctx.company_aliases]}
    names, addrs = set(), set()
    for name, address in players:
        low = name.lower()
        if low == "moderator" or low in taken:
            raise RuleError(f"a player may not be called {name!r}: it is a company's or the moderator's name",
                            rule="player names")
        if low in names:
            raise RuleError(f"two players are called {name!r}", rule="player names")
        if address and address.lower() in addrs:
            raise RuleError(f"{address} is given for two players", rule="player addresses")
        names.add(low)
        if address:
            addrs.add(address.lower())


def _share_size(game: Game, action: Action) -> int:
    """Percent of one ordinary share of the corporation the action is about (10 unless known)."""
    corp = game.corporations.get(getattr(action, "corporation", None) or action.entity)
    size = getattr(corp, "share_percent", None) if corp is not None else None
    return size if isinstance(size, int) and size > 0 else 10


def check_options(title: str, options: Sequence[str]) -> None:
    """The options of a new game are ones the title declares (its data's `optional_rules`,
    e.g. 1861's `column_market`) or pbem's own (`claims-warn`), each given once: an unknown or misspelt option would
    otherwise be stored and silently change nothing (RuleError naming the known ones)."""
    known = list((getattr(load_title(title), "data", {}) or {}).get("optional_rules") or ()) + [CLAIMS_WARN]
    seen: set[str] = set()
    for opt in options:
        if opt not in known:
            have = ", ".join(known) if known else "none"
            raise RuleError(f"{title} has no option {opt!r} (its options: {have})", rule="options")
        if opt in seen:
            raise RuleError(f"option {opt!r} is given twice", rule="options")
        seen.add(opt)


#: notes kept on one message; a pasted log of thousands of lines gets a count of the rest
MAX_NOTES = 30


def _bounded(notes: list[str]) -> list[str]:
    """The first MAX_NOTES notes and how many more there were: a reply never repeats a whole log."""
    if len(notes) <= MAX_NOTES:
        return notes
    return notes[:MAX_NOTES] + [f"{len(notes) - MAX_NOTES:,} more note(s) like these not shown"]


def checked(action: Action) -> Action:
    """`action` with no part taken on trust: a stored run's revenue (an old import may mark it
    `trusted`) is checked against the board like any player's claim, so an edited revenue is
    refused on replay instead of paid out."""
    if isinstance(action, RunRoutes) and any(r.trusted for r in action.routes):
        return replace(action, routes=tuple(replace(r, trusted=False) for r in action.routes))
    return action


class Table:
    """A stored game and its current state."""

    def __init__(self, gf: GameFile, game: Game, seqs: list[int]):
        self.file = gf
        self.game = game
        self.seqs = seqs                      # seq of each applied move, in order
        self.warnings: list[str] = []         # notes on the last submitted message (e.g. a stale round label)
        self.duplicate = False                # the last submitted message had been applied before
        self.changed_hexes: list[str] = []    # hexes changed by the last submitted message

    # --- opening ------------------------------------------------------------------
    @staticmethod
    def new_game(header: GameHeader) -> Game:
        title = load_title(header.title)
        players = [(p.name, p.name) for p in header.players]
        return Game(title, players, header.seed, tuple(header.options))

    @classmethod
    def create(cls, path: str | Path, title: str, players: Sequence[tuple[str, str]], seed: int,
               options: Sequence[str] = ()) -> "Table":
        header = GameHeader(title=title, players=[Player(n, e) for n, e in players], seed=seed,
                            options=tuple(options))
        game = cls.new_game(header)            # refuses a bad title or player count before any file exists
        check_players(title, players)          # and names that are a company's, or given twice
        check_options(title, options)          # and options the title does not know
        gf = GameFile.create(path, header)
        return cls(gf, game, [])

    @classmethod
    def open(cls, path: str | Path, *, upto: Optional[int] = None) -> "Table":
        """Open and verify the file, then replay its moves still in force (up to seq `upto`)."""
        gf = GameFile.open(path)
        game, seqs = cls.replay(gf, upto=upto)
        return cls(gf, game, seqs)

    @classmethod
    def replay(cls, gf: GameFile, upto: Optional[int] = None) -> tuple[Game, list[int]]:
        game = cls.new_game(gf.header)
        seqs = []
        base = notation_context(game, trusted=True)
        for rec in gf.effective_moves():
            if upto is not None and rec.seq > upto:
                break
            ctx = base.at_turn(actor=rec.entity if rec.entity in game.players else None,
                               current=game.current_entity())
            try:
                moves = read_message(rec.notation, ctx, single_line=True)
                if len(moves) != 1:
                    raise NotationError(f"expected one move, found {len(moves)}", text=rec.notation)
                game.push(checked(moves[0].action))
            except PbemError as e:
                raise GameFileError(f"{gf.path}: line {rec.line}: move {rec.seq} ({rec.notation!r}) cannot be "
                                    f"replayed: {e}", line=rec.line) from e
            seqs.append(rec.seq)
        return game, seqs

    # --- moves ---------------------------------------------------------------------
    def parse(self, text: str, sender: Optional[str] = None, aside: Optional[list] = None) -> list:
        """The moves of `text`; lines of a pasted log that are not moves go to `aside`."""
        return read_message(text, notation_context(self.game, actor=sender), aside=aside)

    def submit(self, text: str, sender: Optional[str] = None, source: str = "") -> list[AppliedMove]:
        """Apply every move of `text` or none, then one locked append.

        The moves are pushed onto the live state (a copy of a big game costs more than the moves);
        if any is refused, or the append fails, the state is rebuilt from the unchanged file.

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
        aside: list = []
        parsed = self.parse(text, sender, aside)
        notes = [f"line {n} set aside ({log.kind}, not a move): {clip(log.text)}" for n, log in aside
                 if log.kind != "move"]
        if not parsed:
            raise NotationError("the message holds no move" + ("; " + "; ".join(_bounded(notes)) if notes else ""),
                                text=clip(text))
        try:
            return self._apply(parsed, sender, source, notes)
        except BaseException:
            self.game, self.seqs = self.replay(self.file)       # nothing of the message stays
            raise

    def _apply(self, parsed, sender: Optional[str], source: str, notes: list[str]) -> list[AppliedMove]:
        trial = self.game
        lines: list[tuple[str, str]] = []
        changed: list[str] = []
        self.warnings = notes
        for i, pm in enumerate(parsed, 1):
            action = pm.action
            if reports_automatic(trial, action):
                # a pasted log line for what the game did itself ("CPR does not run" after the
                # game skipped the run, a home token it placed): true, and nothing to apply
                self.warnings.append(f"line {pm.line} set aside (automatic, not a move): {clip(pm.text)}")
                continue
            if pm.header:
                note = round_label_mismatch(pm.header, trial)
                if note:
                    self.warnings.append(f"move {i} ({clip(pm.text)!r}) is headed {clip(pm.header)!r} but {note}")
            if sender is not None and not self._may_act(trial, sender, action):
                raise MoveRejected(f"move {i} ({clip(pm.text)!r}): {sender} may not move for {action.entity}",
                                   move=i, text=pm.text, legal=self._legal_before(parsed[: i - 1]),
                                   cause=RuleError("players move only for themselves and the companies they run",
                                                   rule="who may move"))
            try:
                for skip in self._push_implicit_passes(trial, action):
                    lines.append((skip.entity, format_action(skip, notation_context(trial))))
                if isinstance(action, PlaceToken) and "city" in pm.open:
                    # "QLL places a token on J10": the one legal place there, or the question which
                    from .transcript import settle_token
                    try:
                        action = settle_token(trial, action)
                    except AmbiguousMoveError as e:
                        raise MoveRejected(f"move {i} ({clip(pm.text)!r}, line {pm.line}): {e}: "
                                           + "; ".join(e.candidates), move=i, text=pm.text, cause=e,
                                           legal=e.candidates) from e
                if needs_stops(action):
                    # "CPR runs the 3 for 80": the route the search finds, if it earns that
                    action = settle_run(trial, action)
                before, after, final = applied(trial, action)
                changed.extend(h for h in trial.last_move_hexes if h not in changed)
            except RuleError as e:
                raise MoveRejected(f"move {i} ({clip(pm.text)!r}, line {pm.line}) refused: {e}", move=i, text=pm.text,
                                   cause=e, legal=self._legal_before(parsed[: i - 1])) from e
            wrong = false_claims(pm.claims, action, before, after, _share_size(trial, action), final)
            if wrong:
                if CLAIMS_WARN in trial.options:
                    self.warnings.extend(f"move {i} ({clip(pm.text)!r}): {w}" for w in wrong)
                else:
                    raise MoveRejected(
                        f"move {i} ({clip(pm.text)!r}, line {pm.line}) refused: what it says about the result "
                        f"is not what the move does: " + "; ".join(wrong), move=i, text=pm.text,
                        cause=RuleError("; ".join(wrong), rule="claims written with a move"),
                        legal=self._legal_before(parsed[: i - 1]))
            ctx = notation_context(trial)
            lines.append((action.entity, format_action(action, ctx)))
        if not lines:
            self.warnings = _bounded(self.warnings)
            raise NotationError("the message holds no move; " + "; ".join(self.warnings),
                                text=clip(parsed[0].text) if parsed else "")
        self.warnings = _bounded(self.warnings)
        recs = self.file.append_many(lines, source=source, seat=sender or "", expect_head=self.file.head)
        self.game = trial
        self.changed_hexes = changed
        self.seqs.extend(r.seq for r in recs)
        return [AppliedMove(r.seq, r.entity, r.notation) for r in recs]

    def paste_transcript(self, text: str, answers: Optional[dict] = None,
                         source: str = "transcript") -> list[AppliedMove]:
        """Apply a whole pasted 18xx.games transcript, all or nothing (pbem.moderator.transcript):
        every move it makes is stored in canonical notation, in one locked append."""
        from .transcript import play_transcript

        trial = copy.deepcopy(self.game)
        played = play_transcript(text, trial, answers)
        shadow = copy.deepcopy(self.game)       # the state before each move, for its canonical line
        lines = []
        for t in played:
            for action in t.actions:
                shadow.push(action)
                lines.append((action.entity, format_action(action, notation_context(shadow))))
        if not lines:
            raise NotationError("the transcript holds no move", text=text[:200])
        recs = self.file.append_many(lines, source=source, seat="", expect_head=self.file.head)
        self.game = trial
        self.seqs.extend(r.seq for r in recs)
        self.warnings = []
        return [AppliedMove(r.seq, r.entity, r.notation) for r in recs]

    @staticmethod
    def _push_implicit_passes(game: Game, action: Action) -> list[Action]:
        """Push the passes of the optional steps before `action`'s step (a human moderator reads
        "CPR lays 57 on I5; buys a 2 train" as no second tile and no token); returns them. The
        round's steps say which steps a later move declines (`declines_before`)."""
        out = []
        while game.current_entity() == action.entity and getattr(game.round, "declines_before", None) \
                and game.round.declines_before(action):
            p = Pass(action.entity)
            game.push(p)
            out.append(p)
        return out

    def _legal_before(self, earlier) -> list[str]:
        """Legal moves in the state the refused move met: the message's earlier moves pushed on
        the state before the message, rebuilt from the file (the live one may be half-changed)."""
        g, _ = self.replay(self.file)
        for pm in earlier:
            if reports_automatic(g, pm.action):
                continue
            try:
                self._push_implicit_passes(g, pm.action)
                g.push(pm.action)
            except PbemError:
                break
        return describe_legal(g)

    @staticmethod
    def _may_act(game: Game, player: str, action: Action) -> bool:
        ent = action.entity
        if ent == player:
            return True
        corp = game.corporations.get(ent)
        if corp is not None:
            return corp.president == player
        comp = game.companies.get(ent)
        if comp is not None:
            if comp.owner_is_corp:
                return game.corporations[comp.owner].president == player
            return comp.owner == player
        return False

    def undo(self, n: int, who: str, reason: str = "", *, expect_head: Optional[str] = None) -> list:
        """The moderator annuls the last `n` moves; they stay in the file, marked.

        `expect_head`: the head hash of the state the moderator looked at; if a move was
        accepted since, nothing is annulled (StaleGameError) instead of annulling that newer
        move by surprise. Returns the annulled MoveRecords, oldest first, so the caller can
        say exactly which moves went.
        """
        rec = self.file.annul(n, reason or "moderator's rollback", who, expect_head=expect_head)
        self.game, self.seqs = self.replay(self.file)
        by_seq = {r.seq: r for r in self.file.records}
        return [by_seq[s] for s in rec.targets]
