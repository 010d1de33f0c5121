"""Reading a message move by move, each move against the state after the moves before it.

`read_message` reads a whole message against one state: a later move whose reading depends
on the game ("lays #1 on K9" with no rotation, a move naming nobody, "sells all") is read as
if the earlier moves had not been made. `iter_moves` reads the same message lazily: it
yields each move as soon as the moves after it cannot merge into it any more, and reads the
next clause only after the caller has applied the move (a generator: the caller's work
between two `next` calls is the push). The context is asked for afresh (`ctx_of()`) before
each clause, so `current` and the engine hooks see the live state.

The grouping of a message is the one `read_message` makes (`_Reader.finish`): pasted log
results, remarks and the trains of one run still join the move they belong to.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Callable, Iterator, Optional

from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedInput

from pbem.errors import NotationError, PbemError

from . import own_kinds
from .formatter import entity_label
from .anchors import names_something, naming_nothing
from .context import NotationContext
from .limits import check_budget, check_line, check_message, check_moves
from .logs import classify
from .names import rewrite_names
from .normalisers import normalise
from .piece_moves import round_kind
from .round_moves import out_of_round
from .parsed import ParsedMove, Remarks
from .parser import _Reader
from .trees import is_tree

__all__ = ["iter_moves"]

#: reader attributes that change while a clause is read (restored to read it again)
_TURN_STATE = ("sticky", "orphan", "header", "line_no", "line", "claims", "open", "notes", "asides",
               "clause_header", "forward")


def _snapshot(reader: _Reader) -> dict:
    snap = {k: getattr(reader, k, None) for k in _TURN_STATE}
    snap["open"] = dict(reader.open)
    snap["claims"] = list(reader.claims)
    snap["notes"] = list(reader.notes)
    return snap


def _restore(reader: _Reader, snap: dict) -> None:
    for k, v in snap.items():
        setattr(reader, k, dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)


def _parse_tree(reader: _Reader, no: int, text: str):
    """The grammar's tree of one line (no clause is read yet); NotationError if it does not parse."""
    reader.line_no, reader.line = no, text
    try:
        return reader.parser.parse(rewrite_names(reader.index, text))
    except UnexpectedInput as e:
        raise reader._syntax_error(e, rewrite_names(reader.index, text)) from None
    except LarkError as e:  # pragma: no cover - any other lark failure
        raise reader.err(f"could not read this line ({e.__class__.__name__})") from None


def _handle(reader: _Reader, tree) -> int:
    """Read every clause of a parsed line; how many items they make. NotationError, as
    `_Reader._read_line` raises it, when a move read is of a kind the round cannot hold. Each
    clause's reading is kept in `reader.kept` (the clause, its items, the reader's state after
    it, whether it asked the game anything), so the table uses it instead of reading it again."""
    items: list = []
    kept: list = []
    reader.kept = None
    asked = getattr(reader, "asked", None)
    for child in tree.children[0].children:
        if isinstance(child, Token) and child.type == "ROUND_HEADER":
            _read_header(reader, child)
        elif is_tree(child, "clauses"):
            for clause in child.children:
                if isinstance(clause, Tree):
                    if asked is not None:
                        asked[0] = False
                    got = reader.clause(clause)
                    items.extend(got)
                    kept.append((clause, got, _snapshot(reader), bool(asked and asked[0])))
    why = None if reader.transcript else out_of_round(
        (getattr(item, "action", None) for item in items), round_kind(reader.ctx), reader.ctx.kind_of)
    if why is not None:
        raise reader.err(why)
    reader.kept = kept
    return len(items)


def _line_units(reader: _Reader, no: int, line: str) -> tuple[list[tuple[str, object]], int]:
    """The line's parts in order, ("text", line read) first, then ("header", token) and
    ("clause", (tree, its reading or None)); and how many items the line's reading made.

    Which reading is used follows `_Reader.read_line`: the grammar's, or the interpreter's when
    the grammar or a clause refuses the line as written; the reading of the whole line against the state it meets decides, and each clause's reading is handed on
    with it (`_handle`), to be used when the state has not changed before its turn. A clause
    refused for a reason that depends on the state is read in its turn (None). The reader is
    left as before the line's clauses; a line read whole (a title's own kind, a correction, by
    its pieces) leaves what the reader learnt.
    """
    own = own_kinds.read_line(line, reader.ctx, entity_label)        # a title's own kind, as read_line reads it
    reader.how = "grammar"           # how the line was read, for the trace (pbem/reading/driver.py)
    if own is not None:
        reader.how = "a title's own kind of move"
        return [("text", line), ("moves", [ParsedMove(own, no, 1, line.strip(), reader.header)])], 1
    corrected = reader.corrected_first(no, line)      # "sells 2 GT, sorry, 3 GT": the correction only
    if corrected is not None:
        reader.how = "the correction it ends with"
        return [("text", line)] + [("moves", [i]) for i in corrected], len(corrected)
    snap = _snapshot(reader)
    reader.kept = None
    line = normalise(line)                     # the declared normalisers, as read_line
    text, tree, count = line, None, 0
    try:
        tree = _parse_tree(reader, no, line)
        count = _handle(reader, tree)
    except NotationError as first:
        _restore(reader, snap)
        pieces = reader.interpret(no, line)        # as read_line: the one interpreter
        if isinstance(pieces, list):
            reader.how = "by the pieces it names"
            return [("text", line)] + [("moves", [m]) for m in pieces], len(pieces)
        _restore(reader, snap)
        if tree is None:
            return _by_pieces(reader, no, line, first, pieces)
        try:                            # as read_line: the pieces, then the last tries
            return _by_pieces(reader, no, line, first, pieces)
        except PbemError:
            _restore(reader, snap)      # the clause may read on the state it meets in its turn
    except PbemError:
        _restore(reader, snap)     # a reading that depends on the state: read clause by clause
    read = {id(k[0]): k for k in (reader.kept or ()) if k is not None}
    _restore(reader, snap)
    units: list[tuple[str, object]] = [("text", text)]
    for child in tree.children[0].children:
        if isinstance(child, Token) and child.type == "ROUND_HEADER":
            units.append(("header", child))
        elif is_tree(child, "clauses"):
            units.extend(("clause", (c, _kept(read, c))) for c in child.children if isinstance(c, Tree))
    return units, count or sum(1 for k, _ in units if k == "clause")


def _kept(read: dict, clause) -> Optional[tuple]:
    k = read.get(id(clause))
    return k if k is not None and k[0] is clause else None


def _by_pieces(reader: _Reader, no: int, line: str, first: NotationError, tried) -> tuple[list, int]:
    """The units of a line read by its pieces or a last try (`_Reader.by_pieces`), one per move, already read."""
    moves = reader.by_pieces(no, line, first, tried)
    reader.how = "by the pieces it names"
    return [("text", line)] + [("moves", [m]) for m in moves], len(moves)


def _read_header(reader: _Reader, tok: Token) -> None:
    label = re.sub(r"[\s:,\-]+$", "", tok.value).strip()
    reader.header = re.sub(r"^(?:(?:in|during)\s+)?(?:the\s+)?", "", label, flags=re.I)


def _moves_in(items: list) -> int:
    return sum(1 for i in items if isinstance(i, ParsedMove))


def iter_moves(text: str, ctx_of: Callable[[], NotationContext], *, aside: Optional[list] = None,
               transcript: bool = False, trace: Optional[dict] = None, unsure: frozenset = frozenset(),
               chat: Optional[list] = None) -> Iterator[ParsedMove]:
    """The moves of a message one after another (see the module docstring); the same moves,
    errors and set-aside lines as `read_message` when no reading depends on an earlier move.
    `trace`, when given, gets line number -> (how the line was read, the text read).

    Each line is read once, when its turn comes, against the state the moves before it left:
    only the lengths and characters of every line are checked before the first move is made
    (`check_line`), so a refused line is met in its turn (the caller keeps a message all or
    nothing). A clause is read again only when a move handed out between its reading and its
    turn changed what its reading asked of the game or who acts.

    `unsure`: the numbers of lines that may be chat (the moderator's judgement of a mail's
    lines, `pbem/table/lines.py`): such a line that does not read, or reads as no move, is set
    aside and its number added to `chat`, instead of refusing the message."""
    if not isinstance(text, str):
        raise NotationError("the move text must be a string", text=repr(text))
    lines = text.split("\n")
    check_message(lines)
    for no, raw in enumerate(lines, start=1):
        check_line(raw.rstrip("\r"), no)
    reader = _Reader(ctx_of())
    reader.transcript = transcript
    tail: list[list] = []           # items of the units read since the last move handed out
    count = 0
    handed = [0]                    # moves handed out so far: the state changes only then

    def finish(units: list[list], keep: Optional[list] = None) -> list[ParsedMove]:
        return reader.finish([i for u in units for i in u], keep)

    asked = [False]                 # did the reading of a unit ask the game anything (who acts too)?
    reader.asked = asked

    def tracked(hook):
        if hook is None:
            return None

        def ask(*args):
            asked[0] = True
            return hook(*args)
        return ask

    quiet = [False]                 # a line that may be chat: read without "did you mean" searches

    def fresh() -> NotationContext:
        ctx = ctx_of()
        out = _Watched(**{f.name: getattr(ctx, f.name) for f in dataclasses.fields(ctx)})
        out.rotation_resolver = tracked(ctx.rotation_resolver)
        out.holdings, out.trains_of = tracked(ctx.holdings), tracked(ctx.trains_of)
        if quiet[0]:
            out.explain = False
        out.seen = asked            # who acts is asked of the game too
        return out

    def read_unit(kind: str, obj, no: int, line: str, logs: Optional[list]) -> list:
        reader.ctx = fresh()
        asked[0] = False
        if kind == "moves":           # read by its pieces when the line was read
            return list(obj)
        if kind == "log":
            log = classify(line, reader.index, reader.ctx, transcript=transcript)
            return _log_items(log, no, line, reader, logs)
        reader.line_no, reader.line = no, line
        return reader.clause(obj[0])

    for no, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r")
        check_budget()                  # OverBudget once the message's reading time is spent
        if not line.strip():
            continue
        check_moves(count, no)
        maybe_chat = quiet[0] = no in unsure
        logs = [] if maybe_chat else aside
        before, mine, out = _snapshot(reader), [], [False]     # out: a move of this line handed out
        kept = True                     # every clause so far as the line's reading read it
        at = handed[0]
        try:
            reader.ctx = fresh()
            asked[0] = False
            log = classify(line, reader.index, reader.ctx, transcript=transcript)
            if log is not None:
                if trace is not None:
                    trace[no] = (f"pasted log line ({log.kind})", line)
                units, text_read = [("log", (log, asked[0]))], line
                count += len(log.actions) if log.kind == "move" else 1 if log.kind == "consequence" else 0
            else:
                units, n = _line_units(reader, no, line)
                text_read = units.pop(0)[1]
                if trace is not None:
                    trace[no] = (getattr(reader, "how", "grammar"), text_read)
                count += n
            for kind, obj in units:
                if kind == "header":
                    _read_header(reader, obj)
                    continue
                snap = _snapshot(reader)
                cut = len(tail)
                while cut > 0 and _forward_only(tail[cut - 1]):
                    cut -= 1            # "CPR spends $20 and ...": remarks about the move to come
                moves_before = _moves_in([i for u in tail[:cut] for i in u])
                try:
                    items = _read_kept(kind, obj, no, line, reader, asked, logs, handed[0] == at) if kept else None
                    if items is None:
                        kept = False            # the reader now differs from the line's reading
                        items = read_unit(kind, obj, no, text_read, logs)
                    grows = moves_before and len(finish(tail + [items])) > len(finish(tail[:cut]))
                    error = None
                except PbemError as e:
                    items, grows, error = [], False, e
                if moves_before and (grows or error is not None):
                    # the unit starts a new move: the moves before it are complete; hand them
                    # out (the caller applies them) and read the unit again on the new state,
                    # unless its reading asked the game nothing, not even who acts
                    read, was = _snapshot(reader), asked[0]
                    done = finish(tail[:cut], aside)
                    out[0] = out[0] or any(u is m for u in tail[:cut] for m in mine)
                    handed[0] += len(done)
                    yield from done
                    tail = tail[cut:]
                    if error is None and not was:
                        _restore(reader, read)
                    else:
                        _restore(reader, snap)
                        kept = kept and kind == "moves"
                        items = read_unit(kind, obj, no, text_read, logs)
                elif error is not None:
                    raise error
                if any(isinstance(i, ParsedMove) for i in items) and not names_something(line, reader.index):
                    raise naming_nothing(line, no)   # a move names something (anchors.py)
                tail.append(items)
                mine.append(items)
            if maybe_chat and not out[0] and not any(isinstance(i, ParsedMove) for u in mine for i in u):
                raise NotationError("no move found")          # set aside below
        except PbemError:
            if not maybe_chat or out[0]:
                raise
            # a line that may be chat and reads as no move: set aside, as if it were not there
            tail = [u for u in tail if not any(u is m for m in mine)]
            _restore(reader, before)
            if trace is not None:
                trace[no] = ("set aside: chat", line)
            if chat is not None:
                chat.append(no)
            continue
        if maybe_chat and aside is not None:
            aside.extend(logs)
    check_moves(count, len(lines))
    yield from finish(tail, aside)


def _read_kept(kind: str, obj, no: int, line: str, reader: _Reader, asked: list, logs: Optional[list],
               same_state: bool) -> Optional[list]:
    """A unit's items as its line's reading left them, when the state is the one it was read
    on or that reading asked the game nothing (the reader put back as that reading left it);
    None when it must be read now."""
    if kind == "moves":
        return list(obj)
    if kind == "log":
        log, was = obj
        if was and not same_state:
            return None
        asked[0] = was
        return _log_items(log, no, line, reader, logs)
    kept = obj[1]
    if kept is None or (kept[3] and not same_state):
        return None
    _clause, items, after, was = kept
    _restore(reader, after)
    asked[0] = was
    return list(items)


class _Watched(NotationContext):
    """A notation context that notes when its `current` (who acts) is read, so a reading that
    never asked is kept when a move made before its turn changes who acts."""

    seen: Optional[list] = None

    @property
    def current(self):
        if self.seen is not None:
            self.seen[0] = True
        return self._current

    @current.setter
    def current(self, value) -> None:
        self._current = value


def _forward_only(items: list) -> bool:
    """A unit that only says something about the move after it."""
    return bool(items) and all(isinstance(i, Remarks) and (i.forward or getattr(i.log, "forward", False))
                               for i in items)


def _log_items(log, no: int, line: str, reader: _Reader, aside: Optional[list]) -> list:
    """The items a pasted log line adds (as `read_message` adds them)."""
    col = len(line) - len(line.lstrip()) + 1
    if log.kind == "move":
        return [ParsedMove(a, no, col, log.text, reader.header,
                           log.claims if a is log.actions[-1] else (), ("log_half",)) for a in log.actions]
    if log.kind == "consequence" and log.claims:
        claims = tuple(dataclasses.replace(c, line=no, column=col) for c in log.claims)
        return [Remarks(claims, no, col, log.text, line, optional=True, log=log)]
    if aside is not None:
        aside.append((no, log))
    return []

