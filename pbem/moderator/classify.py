"""Telling chat from moves in the lines left after quotes, greetings and signatures.

Each line is judged by its words by the table's `MoveLines` (`pbem/table/lines.py`: a move
word, a hex, a tile or an amount make a line a move candidate; a line that names something a
move needs, and a line about an earlier move, are unsure: the table reads them in their turn
and sets them aside as chat when they read as no move). Everything else ("Sorry for the
delay", "good luck everyone") is chat, set aside unread and listed in the reply, never dropped
silently. A candidate that then fails to read refuses the whole mail with the reason, since it
may have been meant as a move.
"""
from __future__ import annotations

from typing import Sequence

from pbem.mail.body import BodyLine, SetAside
from pbem.table import check_budget
from pbem.table.lines import CHAT, UNSURE, MoveLines

_SPACES = {c: " " for c in ("\u00a0", "\u2007", "\u202f", "\u3000", "\u000b", "\u000c", "\u2009", "\u200a")}
_SPACES_TABLE = str.maketrans(_SPACES)


def plain_spaces(text: str) -> str:
    """A mail line with the spaces mail programs put in (no-break spaces from HTML, thin
    spaces) made ordinary: in mail they are only ever word gaps."""
    return text.translate(_SPACES_TABLE)


def split_chat(lines: Sequence[BodyLine], table=None) -> tuple[list[SetAside], list[BodyLine]]:
    """(chat lines set aside, lines that may be moves), each in order: judged by their words
    (`judge_lines`), then, with a table, the unsure lines read in their turn with the others
    against the game now (nothing made), those that read as no move set aside too."""
    judge = MoveLines(table.game if table is not None else None)
    chat, kept, unsure = judge_lines(lines, table, judge)
    if table is None or not unsure:
        return chat, kept
    return _read_as_chat(chat, kept, judge.chat_of([(ln.number, ln.text) for ln in kept], unsure))


def unsigned_moves(lines: Sequence[BodyLine], table=None, seat: "str | None" = None
                   ) -> tuple[list[SetAside], list[BodyLine]]:
    """A mail without its sign-on: (chat, the lines that read as moves of `seat`). With a table,
    every line the words leave is read quietly in its turn, as the seat's, against the game now
    (nothing made): table talk that names the game and a move word ("Good move on CPR, Bob! I'd
    have bought the 4 too") reads as no move and is chat, not a move sent without a sign-on."""
    judge = MoveLines(table.game if table is not None else None)
    chat, kept, unsure = judge_lines(lines, table, judge)
    if table is None or not kept:
        return chat, kept
    every, numbered = frozenset(ln.number for ln in kept), [(ln.number, ln.text) for ln in kept]
    # a move line is a move whether or not the game allows it now ("pass" out of turn); a line the
    # words leave unsure is chat when it only reads as a move the game refuses, as at the table
    said = judge.chat_of(numbered, every, seat, lawless=True) - unsure
    said |= judge.chat_of(numbered, every, seat) & unsure if unsure else set()
    return _read_as_chat(chat, kept, said)


def _read_as_chat(chat: list[SetAside], kept: list[BodyLine], said: set[int]) -> tuple[list[SetAside], list[BodyLine]]:
    """(chat with the kept lines numbered in `said` added, in order; the kept lines left)."""
    chat = sorted(chat + [SetAside(ln.number, ln.text, "not a move (chat)") for ln in kept if ln.number in said],
                  key=lambda c: c.number)
    return chat, [ln for ln in kept if ln.number not in said]


def judge_lines(lines: Sequence[BodyLine], table=None,
                judge: "MoveLines | None" = None) -> tuple[list[SetAside], list[BodyLine], frozenset[int]]:
    """(chat lines set aside unread, lines to read, the numbers of those read that may be chat:
    `Table.submit(..., unsure=...)`), spaces made ordinary. Nothing is read here; without a table
    (a mail not yet signed on) a line is a move candidate or chat."""
    chat: list[SetAside] = []
    kept: list[BodyLine] = []
    unsure: set[int] = set()
    said: dict[str, str] = {}          # a line said again is judged once
    judge = judge or MoveLines(table.game if table is not None else None)
    for ln in lines:
        check_budget()
        ln = BodyLine(ln.number, plain_spaces(ln.text))
        if ln.text not in said:
            said[ln.text] = judge.judge(ln.text)
        if said[ln.text] == CHAT:
            chat.append(SetAside(ln.number, ln.text, "not a move (chat)"))
            continue
        kept.append(ln)
        if said[ln.text] == UNSURE:
            unsure.add(ln.number)
    return chat, kept, frozenset(unsure)
