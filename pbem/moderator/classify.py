"""Telling chat from moves in the lines left after quotes, greetings and signatures.

Each line is judged by the table's `MoveLines` (`pbem/table/lines.py`: a move word, a hex, a
tile or an amount make a line a move candidate; a line that names something a move needs and
reads as a move is one too; a line about an earlier move that does not read is table talk).
Everything else ("Sorry for the delay", "good luck everyone") is chat, set aside and listed
in the reply, never dropped silently. A candidate that then fails to read refuses the whole
mail with the reason, since it may have been meant as a move.
"""
from __future__ import annotations

from typing import Sequence

from pbem.mail.body import BodyLine, SetAside
from pbem.table import check_budget
from pbem.table.lines import ABOUT_EARLIER, MoveLines, about_an_earlier_move, could_be_move  # noqa: F401 (re-exported)

_SPACES = {c: " " for c in ("\u00a0", "\u2007", "\u202f", "\u3000", "\u000b", "\u000c", "\u2009", "\u200a")}
_SPACES_TABLE = str.maketrans(_SPACES)


def plain_spaces(text: str) -> str:
    """A mail line with the spaces mail programs put in (no-break spaces from HTML, thin
    spaces) made ordinary: in mail they are only ever word gaps."""
    return text.translate(_SPACES_TABLE)


def split_chat(lines: Sequence[BodyLine], table=None) -> tuple[list[SetAside], list[BodyLine]]:
    """(chat lines set aside, move candidates), each in order; spaces made ordinary. Without a
    table (a mail not yet signed on) only the words are judged: nothing is read."""
    chat: list[SetAside] = []
    kept: list[BodyLine] = []
    read: dict[str, bool] = {}          # a line said again is judged once
    judge = MoveLines(table.game if table is not None else None)
    for ln in lines:
        check_budget()
        ln = BodyLine(ln.number, plain_spaces(ln.text))
        if ln.text not in read:
            read[ln.text] = judge.is_move(ln.text)
        if read[ln.text]:
            kept.append(ln)
        else:
            chat.append(SetAside(ln.number, ln.text, "not a move (chat)"))
    return chat, kept
