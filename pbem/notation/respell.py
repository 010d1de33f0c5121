"""The last try at a refused line: its slips of the keyboard corrected (spelling.py) and the line
read again by the whole reader. Kept only when every way of correcting it that reads gives the
same moves; the moves then carry a note of the correction, which the reply shows."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.errors import NotationError, PbemError

from .parsed import ParsedMove, noted_on_first
from .pieces import VERBS
from .spelling import respellings

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["read_respelled", "read_move_words_respelled"]


def read_move_words_respelled(reader: "_Reader", line_no: int, line: str, first: NotationError) -> list:
    """`read_respelled` where every slip is a move word's ("Bob pases"): with the round not known,
    a misspelt name or other word is left to the refusal's "did you mean"."""
    return read_respelled(reader, line_no, line, first, moves_only=True)


def read_respelled(reader: "_Reader", line_no: int, line: str, first: NotationError, moves_only: bool = False) -> list:
    """The items of `line` read with its slips corrected; `first` (the refusal of the line as
    written) when no correction reads or two corrections read differently."""
    if getattr(reader, "respelling", False):
        raise first from None
    saved = (reader.header, reader.sticky, reader.orphan)
    readings: dict[tuple, tuple[list, str]] = {}
    reader.respelling = True
    try:
        for text, found, words in respellings(line, reader.index):
            if moves_only and not all(w.lower() in VERBS for s, w in zip(found, words) if s.word != w):
                continue
            reader.header, reader.sticky, reader.orphan = saved
            try:
                items = reader.read_line(line_no, text)
            except PbemError:
                continue
            moves = tuple(i.action for i in items if isinstance(i, ParsedMove))
            if moves:
                note = "read " + ", ".join(f'"{s.word}" as "{w}"' for s, w in zip(found, words) if s.word != w)
                readings.setdefault(moves, (items, note, reader.header, reader.sticky, reader.orphan))
    finally:
        reader.respelling = False
    if len(readings) != 1:
        reader.header, reader.sticky, reader.orphan = saved
        reader.line_no, reader.line = line_no, line
        raise first from None
    items, note, reader.header, reader.sticky, reader.orphan = next(iter(readings.values()))
    return noted_on_first(items, note)
