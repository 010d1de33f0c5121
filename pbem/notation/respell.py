"""A line read with no round known (a move word only the grammar reads): its slips of the
keyboard in move words put right (spelling.py) and the line read once more, with a note of the
correction, which the reply shows."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.errors import NotationError

from .parsed import noted_on_first
from .pieces import VERBS
from .spelling import respelled

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["read_move_words_respelled"]


def read_move_words_respelled(reader: "_Reader", line_no: int, line: str, first: NotationError) -> list:
    """The items of `line` read with its move words' slips put right ("Bob pases"); `first` when
    a slip is no move word's (a misspelt name is left to the refusal's "did you mean")."""
    fixed, note, words = respelled(line, reader.index)
    if not note or not all(w in VERBS for w in words):
        raise first from None
    return noted_on_first(reader.read_line(line_no, fixed), note)
