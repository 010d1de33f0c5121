"""The one reading driver: a message's text -> a `Reading` (its moves, lines set aside, questions and a
trace), for the library, the CLI and the moderator's table alike; nothing a message holds makes `read` raise."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Union

from pbem.engine.actions import Action, PlaceToken, RemoveToken, RunRoutes
from pbem.errors import AmbiguousMoveError, NotationError, PbemError
from pbem.notation import NotationContext, ParsedMove, format_action
from pbem.notation.limits import check_line, check_message
from pbem.notation.messages import clip

__all__ = ["LineTrace", "Reading", "Unclear", "read"]

#: what a caller does with each move as it is read (its index in the message from 1): push it
Play = Callable[[ParsedMove, int], None]


@dataclass(frozen=True)
class LineTrace:
    """How one line of the message was read (`how`: "grammar", "reworded", "set aside: chat", ...), the
    text read when not the line as written, and the canonical line of each move made from it."""

    number: int
    text: str
    how: str
    read_text: str = ""
    moves: tuple[str, ...] = ()
    refused: bool = False               # read, but its move was refused by a rule


@dataclass(frozen=True)
class Unclear:
    """A line that could be several moves: the question, and the moves it could be."""

    line: Optional[int]
    text: str
    question: str
    candidates: tuple[str, ...] = ()


@dataclass
class Reading:
    """What reading a message gave (see the module docstring)."""

    moves: list[ParsedMove] = field(default_factory=list)
    set_aside: list[tuple[int, str, str]] = field(default_factory=list)   # (line, text, why)
    unclear: list[Unclear] = field(default_factory=list)
    trace: list[LineTrace] = field(default_factory=list)
    error: Optional[PbemError] = None
    #: the line of the refused move (read but against a rule) or of the line that could not be read
    refused_line: Optional[int] = None
    #: the pasted log lines set aside, as the reader gives them: (line, LogLine)
    logs: list = field(default_factory=list)
    #: the numbers of the `unsure` lines set aside as chat (they read as no move)
    chat: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None

    def raise_error(self) -> "Reading":
        """Raise the refusal, if any; else the Reading itself."""
        if self.error is not None:
            raise self.error
        return self


Ctx = Union[NotationContext, Callable[[], NotationContext]]


def read(text: str, ctx: Ctx, *, play: Optional[Play] = None, single_line: bool = False,
         transcript: bool = False, canonical: Optional[Callable] = None, unsure=frozenset(),
         legal: Optional[Callable[[Action], bool]] = None,
         skips: Optional[Callable[[Action], bool]] = None) -> Reading:
    """Read `text` against `ctx` (or, with `play`, move by move against the live context `ctx()`, each
    move handed to `play` as read); `unsure` lines that read as no move are set aside as chat."""
    ctx_of = ctx if callable(ctx) else (lambda: ctx)
    out = Reading()
    how: dict[int, tuple[str, str]] = {}
    aside: list = []
    playing: Optional[ParsedMove] = None       # the move being made when a rule refused it
    exact = canonical_move(text, ctx_of(), legal) if play and legal and not transcript and not unsure else None
    try:
        if play is None:
            from pbem.notation import read_message      # the grammar's reader, loaded now

            out.moves = read_message(text, ctx_of(), single_line=single_line, aside=aside, transcript=transcript)
        else:
            if exact is not None:                   # one canonical line: read exactly, no grammar loaded
                how[exact.line] = ("canonical line", exact.text)
                moves = [exact]
            else:
                from pbem.notation.sequence import iter_moves

                moves = iter_moves(text, ctx_of, aside=aside, transcript=transcript, trace=how,
                                   unsure=frozenset(unsure), chat=out.chat)
            for playing in moves:
                out.moves.append(playing)
                if skips is not None and out.chat:
                    _skips_aside(playing, out.chat, text, skips)
                play(playing, len(out.moves))
                playing = None
    except PbemError as e:
        out.error = e
        out.refused_line = playing.line if playing is not None else getattr(e, "line", None)
        if isinstance(e, AmbiguousMoveError):
            pm = out.moves[-1] if out.moves and getattr(e, "move", len(out.moves)) == len(out.moves) else None
            out.unclear.append(Unclear(pm.line if pm else getattr(e, "line", None), pm.text if pm else "",
                                       str(e), tuple(e.candidates)))
    out.logs = aside
    out.set_aside = [(no, log.text, f"{log.kind}, not a move") for no, log in aside if log.kind != "move"]
    if out.chat:
        lines = text.split("\n")
        out.set_aside = sorted(out.set_aside + [(no, lines[no - 1].rstrip("\r"), "chat, not a move")
                                                for no in out.chat])
    out.trace = _trace(text, out, how, canonical or (lambda a: format_action(a, ctx_of())))
    return out


def _skips_aside(pm: ParsedMove, chat: list[int], text: str, skips: Callable[[Action], bool]) -> None:
    """AmbiguousMoveError when `pm` would pass a step after a line set aside as chat, which may
    have been that step's move ("and a station in Winnipeg if I can afford it", then "buys a 2 train")."""
    before = [no for no in chat if no < pm.line]
    if before and skips(pm.action):
        no = before[-1]
        said = clip(text.split("\n")[no - 1].strip())
        raise AmbiguousMoveError(
            f"line {pm.line}: {clip(pm.text)!r} would pass a step before it, and line {no} ({said!r}) was "
            "read as chat: if line " f"{no} is that step's move, write it plainly; else send the moves without it",
            candidates=[f"line {no} is no move", f"line {no} is a move: written plainly"])


#: the kinds `canonical_move` leaves to the grammar's reading, which marks what the game is to settle
_SETTLED_BY_THE_GAME = (PlaceToken, RemoveToken, RunRoutes)


def canonical_move(text: str, ctx: NotationContext, legal: Callable[[Action], bool]) -> Optional[ParsedMove]:
    """The move of a message that is one canonical line (`pbem.notation.canonical`) of a move `legal`
    says is legal now, read without the grammar; None for any other message."""
    if not isinstance(text, str) or len(text) > 2000:
        return None
    lines = text.split("\n")
    try:
        check_message(lines)
        for no, raw in enumerate(lines, start=1):
            check_line(raw.rstrip("\r"), no)
    except NotationError:
        return None                             # the grammar's reader refuses it, as it does
    written = [(no, raw.rstrip("\r")) for no, raw in enumerate(lines, start=1) if raw.strip()]
    if len(written) != 1 or written[0][1] != written[0][1].strip():
        return None
    no, line = written[0]
    from pbem.notation.canonical import CanonicalReader

    action = CanonicalReader(ctx).read(line[:-1] if line.endswith(".") else line)    # (a full stop ends it)
    if action is None or isinstance(action, _SETTLED_BY_THE_GAME) or not legal(action):
        return None
    return ParsedMove(action, no, 1, line)


def _trace(text: str, out: Reading, how: dict[int, tuple[str, str]], canonical) -> list[LineTrace]:
    if not isinstance(text, str):
        return []
    aside = {no: why for no, _t, why in out.set_aside}
    made: dict[int, list[str]] = {}
    for pm in out.moves:
        try:
            made.setdefault(pm.line, []).append(canonical(pm.action))
        except Exception:              # a move the writer cannot write is still traced
            made.setdefault(pm.line, []).append(repr(pm.action))
    lines = text.split("\n")
    bad = out.refused_line
    trace = []
    for no, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        if no in aside:
            trace.append(LineTrace(no, line, f"set aside ({aside[no]})"))
            continue
        if bad is not None and no > bad:
            trace.append(LineTrace(no, line, "not read: a line before it was refused"))
            continue
        way, said = how.get(no, ("", ""))
        if not way:
            way = "read" if no in made else "refused" if bad == no else "no move"
        elif way == "grammar" and said.strip() != line.strip():
            way = "reworded"
        if no == bad and no not in made:        # the line itself could not be read
            way = "refused"
        trace.append(LineTrace(no, line, way, said if said.strip() != line.strip() else "",
                               tuple(made.get(no, ())), refused=no == bad and no in made))
    return trace


def trace_text(trace: list[LineTrace]) -> str:
    """The trace as lines for people: each line, then how it was read and its moves."""
    out = []
    for t in trace:
        out.append(f"line {t.number}: {clip(t.text)}")
        out.append(f"  {t.how}" + (f" as {clip(t.read_text)!r}" if t.read_text else "")
                   + (", then refused by the rules" if t.refused else ""))
        out += [f"  -> {m}" for m in t.moves]
    return "\n".join(out)


#: the line `warm` reads: no move, so it goes through every fallback
WARM_LINE = "warming the reader up, this is no move at all"


def warm(title: str) -> None:
    """Load what reading any message of `title` needs: its grammar, every fallback of the reader (a
    line that is no move goes through them all) and every pattern compiled. PbemError for an unknown title."""
    from pbem.notation import context_for_title
    from pbem.notation.grammar import get_parser
    from pbem.notation.lazy import compile_all

    get_parser(title)
    read(WARM_LINE, context_for_title(title, {}))
    compile_all()               # every pattern the reader's modules made, not only those that line reached
