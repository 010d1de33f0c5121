"""The very last try at a refused line: read it without a few runs of words that name nothing
("QLL purchases Trestle Bridge from Marta, $200 (agreed by mail yesterday).", "Boris puts KR
up at 150 rubles", "Tile 8 into C5, rotation 4").

Every other reading has failed on some word it does not know. Here the words that name
something — a player, company or place, a hex, tile, train, number, amount, source or move
word (`pieces._find`) — and the small words a move turns on (negations, "all", "half",
"president's", "from", "to", ...) or that tie one statement to another ("as", "because",
"after", "will", ...) all stay; only runs of the other words may go, one, two or
three runs at a time, fewest first. The line is read so only when exactly one reading comes
out of all the ways of dropping that many runs, so a line that could mean two things is never
settled by which words happened to be dropped. A line the pieces reader would refuse for a
doubt, a plan, a report or a negation (`pieces.refusal`) is never tried: what marks a line as
no move is never dropped.
"""
from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from pbem.engine import actions as A
from pbem.errors import NotationError, PbemError

from .parsed import ParsedMove, noted_on_first
from .pieces import _find, unknown_subject
from .scopes import refusal

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["droppable_runs", "without_runs", "read_dropping"]

#: words a move turns on, never dropped (besides everything `pieces._find` finds)
_KEEP = frozenset("""no not none nothing never nope nor skip skips skipping all both each every rest half full
out president president's presidents presidency director director's certificate cert certs share shares token tokens
station tile tiles train trains from to into in on at for with via and or then the a an its it his her my me
i i'm i'll rot rotation r exchange trading trade trades traded pay pays paid paying payout withhold hold dividend
dividends revenue per split lead leads leading leader survivor
sells sell buy buys bid bids par pass passes run runs lay lays upgrade upgrades discard merge convert
first second third last other another more less only just
as because since so but while though although after before until unless if when once will won't""".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
#: what may stand between two dropped words of one run: blanks, marks and brackets (no digit)
_BETWEEN = re.compile(r"[\s,.;:!\-–—()'\"]*")
#: at most this many runs are looked at (a longer line of chat is no move to guess at)
MOST_RUNS = 6
#: and at most this many are dropped at once
MOST_DROPPED = 3


def droppable_runs(line: str, ctx, index) -> list[tuple[int, int]]:
    """The spans of the line's runs of words that name nothing and no move turns on."""
    named = [(p.start, p.end) for p in _find(line, ctx, index)]
    words = [m for m in _WORD.finditer(line)
             if not any(a < m.end() and m.start() < b for a, b in named)
             and m.group(0).lower().replace("’", "'") not in _KEEP and not m.group(0).lower().endswith("n't")]
    subject = unknown_subject(line, ctx, index)
    words = [m for m in words if subject is None or m.start() != subject[0]]
    runs: list[tuple[int, int]] = []
    for m in words:
        if runs and _BETWEEN.fullmatch(line[runs[-1][1]:m.start()]) \
                and not any(runs[-1][1] <= a < m.start() for a, _ in named):
            runs[-1] = (runs[-1][0], m.end())
        else:
            runs.append((m.start(), m.end()))
    return runs


def without_runs(line: str, spans) -> str:
    """`line` with the spans dropped, and the brackets and marks they leave empty."""
    text = line
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + " " + text[b:]
    text = re.sub(r"\(\s*\)", " ", text)
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"\s+([,.;:!)])", r"\1", text)
    text = re.sub(r"([,;:])\s*([,;:.])", r"\2", text)
    return re.sub(r"\s{2,}", " ", text).strip(" ,;:-–—")


def read_dropping(reader: "_Reader", line_no: int, line: str, first: NotationError) -> list:
    """The items of the one reading of `line` without some of its runs of words that name
    nothing (the fewest runs that give any reading); `first` when none or several come out."""
    if getattr(reader, "dropping", False) or refusal(line) is not None:
        raise first from None
    runs = droppable_runs(line, reader.ctx, reader.index)
    if not runs or len(runs) > MOST_RUNS:
        raise first from None
    saved = (reader.header, reader.sticky, reader.orphan)
    reader.dropping = True
    try:
        for k in range(1, min(MOST_DROPPED, len(runs)) + 1):
            found: dict[tuple, str] = {}
            for spans in itertools.combinations(runs, k):
                text = without_runs(line, spans)
                if text:
                    moves = _moves(reader, line_no, text, saved)
                    if moves:
                        found.setdefault(moves, text)
            if len(found) == 1:
                text, = found.values()
                reader.header, reader.sticky, reader.orphan = saved
                items = reader.read_line(line_no, text)      # read again: the reader's state is this reading's
                return noted_on_first(items, f'read without the words that name nothing: "{text}"')
            if found:
                break                  # several readings: the line is not one move
    except PbemError:
        pass
    finally:
        reader.dropping = False
    reader.header, reader.sticky, reader.orphan = saved
    reader.line_no, reader.line = line_no, line
    raise first from None


#: the move words (`pieces.VERBS` families) that name each kind of move
_NAMED_BY = {A.Bid: {"bid"}, A.BuyShares: {"buy", "buy "}, A.SellShares: {"sell", "sell "}, A.Par: {"par", "par "},
             A.LayTile: {"lay", "lay "}, A.PlaceToken: {"token"}, A.RunRoutes: {"run", "payout", "withhold", "half"},
             A.Dividend: {"payout", "withhold", "half"}, A.BuyTrain: {"buy", "buy "}, A.BuyCompany: {"buy", "buy "},
             A.Pass: {"pass", "pass ", "steppass"}, A.Merge: {"merge", "merge "}, A.Convert: {"convert", "convert "},
             A.DiscardTrain: {"discard", "discard "}}


def _moves(reader: "_Reader", line_no: int, text: str, saved: tuple) -> tuple:
    """The moves `text` reads as, each named by a move word left in it (none when it is refused
    or a move is named by none: the dropped words were what said which move it is)."""
    reader.header, reader.sticky, reader.orphan = saved
    try:
        items = reader.read_line(line_no, text)
    except PbemError:
        return ()
    moves = tuple(i.action for i in items if isinstance(i, ParsedMove))
    said = {p.value for p in _find(text, reader.ctx, reader.index) if p.kind == "verb"}
    return moves if all(_NAMED_BY.get(type(m), set()) & said for m in moves) else ()
