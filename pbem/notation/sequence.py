"""Reading a message: its lines in order, each against the state the moves before it left (`iter_moves`, the
table's reading, move by move), or all on one state (`read_message` and the `parse_*` calls)."""
from __future__ import annotations

import dataclasses
import re
from typing import Callable, Iterator, Optional

from pbem.engine.actions import Action
from pbem.errors import NotationError, PbemError

from .anchors import names_something, names_the_game, naming_nothing, says_a_move
from .context import NotationContext
from .formatter import format_action
from .limits import check_budget, check_line, check_message, check_moves
from .logs import LogLine, classify
from .messages import MOVE_WORDS, expected_words, notation_error
from .parsed import ParsedMove, Remarks
from .parser import _Reader
from .lazy import regex

__all__ = ["iter_moves", "parse_line", "parse_message", "parse_move", "read_message"]

#: a writer taking back what the line says ("57 on L8 - no wait, scratch that"): never a move
_TAKEN_BACK = regex(r"\b(?:scratch|strike|cancel|disregard|ignore|forget)\s+(?:that|this|it|the\s+above|"
                         r"my\s+last|the\s+last\s+(?:line|move|one))\b|\bno\s*,?\s*wait\b|\bnever\s*mind\b"
                         r"|\bwrong\s+game\b", re.I)


def _taken_back(line: str) -> Optional[re.Match]:
    """The take-back that ends `line` with nothing after it but more of the same, or None (a correction that goes
    on with the move meant, "... wait, no, forget it, GT just passes", is the reader's)."""
    found = list(_TAKEN_BACK.finditer(line))
    if not found:
        return None
    rest = _TAKEN_BACK.sub(" ", line[found[-1].start():])
    rest = re.sub(r"\b(?:line|move|please|sorry|oops|that|this|it|all|the|above|ignore|wrong|game|no)\b", " ", rest,
                  flags=re.I)
    return None if re.search(r"\w", rest) else found[0]


def parse_move(text: str, ctx: NotationContext) -> Action:
    """The one action written on one line; NotationError if the line holds more or none."""
    moves = read_message(text, ctx, single_line=True)
    if len(moves) == 1:
        return moves[0].action
    line = text.split("\n", 1)[0] if text else ""
    if not moves:
        raise notation_error("no move found", line_no=1, line_text=line, column=1,
                             text=line.strip(), expected=expected_words(set(MOVE_WORDS)))
    raise notation_error(
        f"this line holds {len(moves)} moves ("
        + "; ".join(format_action(m.action, ctx) for m in moves) + "); read it with parse_message",
        line_no=1, line_text=line, column=moves[1].column, text=moves[1].text)


def parse_line(text: str, ctx: NotationContext) -> list[Action]:
    """Every action written on one line."""
    return [m.action for m in read_message(text, ctx, single_line=True)]


def parse_message(text: str, ctx: NotationContext) -> list[Action]:
    """Every action of a message, in order."""
    return [m.action for m in read_message(text, ctx)]


def read_message(text: str, ctx: NotationContext, *, single_line: bool = False,
                 aside: Optional[list] = None, transcript: bool = False) -> list[ParsedMove]:
    """Every move of a message with its position, text and round label, read on the one state `ctx` (a later
    move that depends on the game is read as if the earlier ones were not made)."""
    lines = text.split("\n") if isinstance(text, str) else []
    if single_line and any(ln.strip() for ln in lines[1:]):
        raise notation_error("one move per call: the text has several lines",
                             line_no=2, line_text=lines[1], column=1, text=lines[1].strip())
    return list(iter_moves(text, lambda: ctx, aside=aside, transcript=transcript, live=False))


def _moves_in(units: list) -> int:
    return sum(1 for u in units for i in u if isinstance(i, ParsedMove))


def iter_moves(text: str, ctx_of: Callable[[], NotationContext], *, aside: Optional[list] = None,
               transcript: bool = False, trace: Optional[dict] = None, unsure: frozenset = frozenset(),
               chat: Optional[list] = None, live: bool = True) -> Iterator[ParsedMove]:
    """The moves of a message, each handed out once the moves after it cannot merge into it; the next clause is
    read after the caller applied it (re-read only when that changed what its reading asked, or who acts).
    `trace` gets line number -> (how it was read, the text read); a line in `unsure` (maybe chat) that reads
    as no move is set aside and its number added to `chat`."""
    if not isinstance(text, str):
        raise NotationError("the move text must be a string", text=repr(text))
    lines = text.split("\n")
    check_message(lines)
    for no, raw in enumerate(lines, start=1):
        check_line(raw.rstrip("\r"), no)
    reader = _Reader(ctx_of())
    reader.transcript = transcript
    asked = reader.asked            # did the reading of a unit ask the game anything (who acts too)?
    tail: list[list] = []           # items of the units read since the last move handed out
    count = handed = 0              # moves read; moves handed out so far (the state changes only then)
    quiet = False                   # a line that may be chat: read without "did you mean" searches

    def finish(units: list[list], keep: Optional[list] = None) -> list[ParsedMove]:
        return reader.finish([i for u in units for i in u], keep)

    def _pending() -> list:
        """The moves read but not yet handed out."""
        try:
            return [m.action for m in finish(tail)] if tail else []
        except PbemError:
            return []

    def _legal_now(mine: list) -> bool:
        """Whether the moves a line that may be chat reads as may be made after those read before it ("One 1"
        read as a bid of 1 the game refuses is chat)."""
        legal = ctx_of().legal
        if legal is None:
            return True
        try:
            before = [m.action for m in finish([u for u in tail if not any(u is m for m in mine)])]
            made = [m.action for m in finish(mine)]
        except PbemError:
            return True                 # left to the reading's own refusal
        return legal([*before, *made]) is not False

    def tracked(hook):
        if hook is None:
            return None

        def ask(*args):
            asked[0] = True
            return hook(*args)
        return ask

    def fresh() -> None:
        """The reader given the live context, asked afresh, and nothing asked of it yet."""
        ctx = ctx_of()
        out = _Watched(**{f.name: getattr(ctx, f.name) for f in dataclasses.fields(ctx)})
        out.rotation_resolver = tracked(ctx.rotation_resolver)
        out.holdings, out.trains_of = tracked(ctx.holdings), tracked(ctx.trains_of)
        pending, legal = _pending(), ctx.legal      # what is legal once the moves read are made
        out.legal = tracked(legal if legal is None or not pending else lambda actions: legal([*pending, *actions]))
        if quiet:
            out.explain = False
        out.seen = asked            # who acts is asked of the game too
        reader.ctx = out
        asked[0] = False

    def items_of(unit: tuple, reuse: bool, no: int, line: str, logs: Optional[list]) -> tuple[list, bool]:
        """A unit's items, and whether they are its line's reading: kept when `reuse` allows and the state is the
        one it was read on or that reading asked the game nothing; else read now."""
        clause, kept = unit
        if clause is None:              # a move read with its line
            if not reuse:
                fresh()
            return list(kept[0]), reuse
        if reuse and kept is not None and not (kept[-1] and handed != at):
            asked[0] = kept[-1]
            if isinstance(clause, LogLine):
                return _log_items(clause, no, line, reader, logs), True
            reader.restore(kept[1])
            return list(kept[0]), True
        fresh()
        if isinstance(clause, LogLine):
            again = classify(line, reader.index, reader.ctx, transcript=transcript)
            return _log_items(again, no, line, reader, logs), False
        reader.line_no, reader.line = no, line
        return reader.clause(clause), False

    for no, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r")
        check_budget()                  # OverBudget once the message's reading time is spent
        if not line.strip():
            continue
        check_moves(count, no)
        maybe_chat = quiet = no in unsure
        logs = [] if maybe_chat else aside
        before, mine, out = reader.turn(), [], False     # out: a move of this line handed out
        kept = True                     # every unit so far as the line's reading read it
        at = handed
        try:
            fresh()
            log = classify(line, reader.index, reader.ctx, transcript=transcript)
            if log is not None:
                how, text_read, units = f"pasted log line ({log.kind})", line, [(log, (asked[0],))]
                count += len(log.actions) if log.kind == "move" else 1 if log.kind == "consequence" else 0
            else:
                back = None if transcript else _taken_back(line)
                if back is not None:
                    raise notation_error(f'the line takes its move back ("{back.group(0)}"): send only the moves '
                                         'you mean', line_no=no, line_text=line, column=back.start() + 1,
                                         text=line.strip())
                text_read, units, n = reader.read_units(no, line, live=live)
                how = reader.how
                count += n
            if trace is not None:
                trace[no] = (how, text_read)
            for unit in units:
                turn = reader.turn()
                cut = len(tail)
                while cut > 0 and _forward_only(tail[cut - 1]):
                    cut -= 1            # "CPR spends $20 and ...": remarks about the move to come
                moves_before = _moves_in(tail[:cut])
                try:
                    items, kept = items_of(unit, kept, no, text_read, logs)
                    grows = moves_before and len(finish(tail + [items])) > len(finish(tail[:cut]))
                    error = None
                except PbemError as e:
                    items, grows, error = [], False, e
                if moves_before and (grows or error is not None):
                    # the unit starts a new move: the moves before it are complete; hand them
                    # out (the caller applies them) and read the unit again on the new state,
                    # unless its reading asked the game nothing, not even who acts
                    read, was = reader.turn(), asked[0]
                    done = finish(tail[:cut], aside)
                    out = out or any(u is m for u in tail[:cut] for m in mine)
                    handed += len(done)
                    yield from done
                    tail = tail[cut:]
                    if error is None and not was:
                        reader.restore(read)
                    else:
                        reader.restore(turn)
                        items = items_of(unit, False, no, text_read, logs)[0]
                        kept = kept and unit[0] is None
                elif error is not None:
                    raise error
                if any(isinstance(i, ParsedMove) for i in items) and not names_something(line, reader.index):
                    raise naming_nothing(line, no)   # a move names something (anchors.py)
                tail.append(items)
                mine.append(items)
            if maybe_chat and not out and (not _moves_in(mine) or not names_the_game(line, reader.index)
                                           and not says_a_move(line, reader.index) and not _legal_now(mine)):
                raise NotationError("no move found")          # set aside below
        except PbemError:
            if not maybe_chat or out:
                raise
            # a line that may be chat and reads as no move: set aside, as if it were not there
            tail = [u for u in tail if not any(u is m for m in mine)]
            reader.restore(before)
            if trace is not None:
                trace[no] = ("set aside: chat", line)
            if chat is not None:
                chat.append(no)
            continue
        if maybe_chat and aside is not None:
            aside.extend(logs)
    check_moves(count, len(lines))
    yield from finish(tail, aside)


class _Watched(NotationContext):
    """A notation context that notes when its `current` (who acts) is read."""

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
    return bool(items) and all(isinstance(i, Remarks) and i.forward for i in items)


def _log_items(log: LogLine, no: int, line: str, reader: _Reader, aside: Optional[list]) -> list:
    """The items a pasted log line adds (as `read_message` adds them)."""
    col = len(line) - len(line.lstrip()) + 1
    if log.kind == "move":
        return [ParsedMove(a, no, col, log.text, reader.header,
                           log.claims if a is log.actions[-1] else (), ("log_half",)) for a in log.actions]
    if log.kind == "consequence" and log.claims:
        claims = tuple(dataclasses.replace(c, line=no, column=col) for c in log.claims)
        return [Remarks(claims, no, col, log.text, line, optional=True, log=log, forward=log.forward)]
    if aside is not None:
        aside.append((no, log))
    return []
