"""What a line of notation may hold before any reading is tried (a bounded length, numbers of at most MAX_DIGITS
digits 0-9, plain spaces), and the CPU time one message's reading may take."""
from __future__ import annotations

import time
import unicodedata
from contextlib import contextmanager
from typing import Iterator, Optional

from pbem.errors import NotationError
from .lazy import regex

MAX_LINE = 20_000        # characters in one line of notation (hundreds of moves joined by ";")
MAX_DIGITS = 7           # no amount, count, tile or rotation in any title needs more
MAX_LINES = 20_000       # lines of one message with text on them (a whole game's pasted log fits)
MAX_MOVES = 3_000        # moves in one message: the longest 18xx.games record has 1,171 actions
_LONG_NUMBER = regex(r"[0-9]{%d,}" % (MAX_DIGITS + 1))
_SEPARATORS = {"\u00a0": "a no-break space", "\u000b": "a vertical tab", "\u000c": "a form feed",
               "\u2007": "a figure space", "\u202f": "a narrow no-break space", "\u3000": "an ideographic space"}


class OverBudget(Exception):
    """The CPU time given to reading one message is spent; no PbemError, so no reader's try-and-refuse catches it."""


_deadline: Optional[float] = None


@contextmanager
def cpu_budget(seconds: Optional[float]) -> Iterator[None]:
    """Within the block, reading stops with OverBudget once this thread has used `seconds` of CPU time (None: no
    limit); checked per line, clause and last try (`check_budget`)."""
    global _deadline
    before = _deadline
    _deadline = None if seconds is None else time.thread_time() + seconds
    try:
        yield
    finally:
        _deadline = before


_uncharged = 0          # depth of nested `uncharged` blocks


@contextmanager
def uncharged() -> Iterator[None]:
    """Within the block, CPU time is not charged to the reading budget: the rules' own work on a move may take
    seconds late in a long game, and an honest mail must never be refused for it (nested blocks count once)."""
    global _deadline, _uncharged
    _uncharged += 1
    start = time.thread_time()
    try:
        yield
    finally:
        _uncharged -= 1
        if _uncharged == 0 and _deadline is not None:
            _deadline += time.thread_time() - start


def check_budget() -> None:
    """OverBudget when the CPU time of the block `cpu_budget` opened is spent (never inside `uncharged`)."""
    if _deadline is not None and not _uncharged and time.thread_time() > _deadline:
        raise OverBudget("the time for reading this message is spent")


def check_line(line: str, number: int) -> None:
    """NotationError naming the line and column of the first thing no move may contain (and OverBudget)."""
    check_budget()
    m = _LONG_NUMBER.search(line)
    if m:
        raise NotationError(f"line {number}, column {m.start() + 1}: a number of {len(m.group())} digits; no amount, "
                            f"count, tile or rotation has more than {MAX_DIGITS}", text=m.group()[:20] + "...",
                            line=number, column=m.start() + 1, expected=[f"a number of at most {MAX_DIGITS} digits"])
    for col, ch in enumerate(line, start=1):
        if ch in _SEPARATORS or (ch.isspace() and ch not in " \t\r" and ord(ch) > 127):
            what = _SEPARATORS.get(ch, f"the space character U+{ord(ch):04X}")
            raise NotationError(f"line {number}, column {col}: {what} between words; write an ordinary space",
                                text=line.strip()[:80], line=number, column=col, expected=["a space"])
        if ch.isdigit() and not "0" <= ch <= "9":
            name = unicodedata.name(ch, f"U+{ord(ch):04X}").lower()
            raise NotationError(f"line {number}, column {col}: {ch!r} ({name}) is not one of the digits 0-9",
                                text=line.strip()[:80], line=number, column=col, expected=["a digit 0-9"])


def check_message(lines: list[str]) -> None:
    """NotationError if a message has more than MAX_LINES lines with text, or a line longer than MAX_LINE:
    refused before any line is read, so a megabyte costs no more than counting it."""
    for number, line in enumerate((line.rstrip("\r") for line in lines), start=1):
        if len(line) > MAX_LINE:
            raise NotationError(f"line {number} is {len(line):,} characters long; a line of moves has at most "
                                f"{MAX_LINE:,}: {line[:60]!r}...", text=line[:60], line=number, column=MAX_LINE + 1,
                                expected=[f"at most {MAX_LINE} characters"])
    used = sum(1 for ln in lines if ln.strip())
    if used > MAX_LINES:
        raise NotationError(f"the message has {used:,} lines; at most {MAX_LINES:,} are read at once: "
                            "send it in parts", text=lines[0][:60] if lines else "",
                            line=MAX_LINES + 1, column=1, expected=[f"at most {MAX_LINES} lines"])


def check_moves(count: int, line: int) -> None:
    """NotationError once a message holds more than MAX_MOVES moves (checked line by line)."""
    if count > MAX_MOVES:
        raise NotationError(f"line {line}: the message holds more than {MAX_MOVES:,} moves; at most "
                            f"{MAX_MOVES:,} are taken at once: send it in parts", line=line, column=1,
                            expected=[f"at most {MAX_MOVES} moves"])
