"""Telling chat from moves in the lines left after quotes, greetings and signatures.

A line is a move candidate when it could be one: it has a move word, a hex coordinate, a
tile number or an amount, or it names something a move needs (`notation/anchors.py`) and
reads as a move; a line that names nothing is chat without being read. Everything else
("Sorry for the delay", "good luck everyone") is chat, set aside and listed in the reply,
never dropped silently.
A candidate that then fails to read refuses the whole mail with the reason, since it may
have been meant as a move; but for a line about an earlier move, which a human moderator reads
as table talk ("I put the wrong tile on F16 last turn, sorry"; "ignore the bid sent in my name
yesterday"): it speaks of a time before this mail and corrects or repeats nothing, and when it
does not read as a move it is set aside as chat (`ABOUT_EARLIER` lists the lines it exists for
and the near misses it must leave to be read or refused).
"""
from __future__ import annotations

import re
from typing import Sequence

from pbem.mail.body import BodyLine, SetAside
from pbem.notation.anchors import names_something
from pbem.notation.limits import OverBudget, check_budget
from pbem.notation.names import name_index
from pbem.notation.messages import MOVE_WORDS
from pbem.notation.retraction import takes_back

_VERBS = {w for name, words in MOVE_WORDS.items() if name not in ("MOVE",) for w in words if " " not in w}
_VERBS |= {"laid", "lay", "buying", "selling", "bidding", "passing", "ran", "running", "paying", "upgraded",
           "tokens", "tokened", "placed", "bought", "sold", "withheld", "parred", "started", "start", "starts", "undo"}
#: a time before this mail, or a move sent by someone else
_EARLIER = re.compile(r"\b(?:yesterday|last\s+(?:turn|round|time|night|week|OR|SR)|earlier(?:\s+today)?|"
                      r"this\s+morning|the\s+other\s+day|previous\s+(?:turn|round|OR|SR)|in\s+my\s+name)\b", re.I)
#: what makes such a line a move after all: a correction, or a move said again ("same run as last turn")
_NOW = re.compile(r"\b(?:meant|instead|rather|should\s+(?:be|have\s+been)|correction|actually|make\s+that|"
                  r"same|again|repeat|as\s+(?:last|before|yesterday))\b", re.I)

#: (line, whether it is only about an earlier move): the lines the rule exists for, and the near
#: misses it must leave alone (tests/test_chat_lines.py reads this table)
ABOUT_EARLIER = (
    ("Also I think I put the wrong tile on F16 last turn, sorry about that.", True),
    ("I laid the wrong tile yesterday, can the moderator fix it?", True),
    ("Please ignore the bid of 50 sent in my name, that was not me.", True),
    ("Sorry, I meant #57 not #9", False),
    ("PRR runs the same route as last turn", False),
    ("Same run as last time, pay out", False),
    ("Last turn's mistake: lay #57 on F16 instead", False),
    ("Ignore my last move", False),
    ("PRR lays #57 on F16", False),
)


def about_an_earlier_move(text: str) -> bool:
    """Whether a line speaks of a move before this mail, and not of one to make now."""
    return bool(_EARLIER.search(text)) and not _NOW.search(text) and not takes_back(text)


_SIGNS = re.compile(r"(?:^|[\s(\[:;,])(?:[A-Za-z]{1,2}\d{1,2}|#\s?\d+|[$£¥€]\s?\d+|\d+\s?[%₽])(?=$|[\s).,;:\]])")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def could_be_move(text: str) -> bool:
    """Whether a line may have been meant as a move (so it must be read, or refused)."""
    if _SIGNS.search(text) or takes_back(text):      # "Scrap that.": refuses the mail, never set aside
        return True
    words = {w.lower().strip("'’") for w in _WORD.findall(text)}
    return bool(words & _VERBS)


_SPACES = {c: " " for c in ("\u00a0", "\u2007", "\u202f", "\u3000", "\u000b", "\u000c", "\u2009", "\u200a")}
_SPACES_TABLE = str.maketrans(_SPACES)


def plain_spaces(text: str) -> str:
    """A mail line with the spaces mail programs put in (no-break spaces from HTML, thin
    spaces) made ordinary: in mail they are only ever word gaps."""
    return text.translate(_SPACES_TABLE)


def split_chat(lines: Sequence[BodyLine], table=None) -> tuple[list[SetAside], list[BodyLine]]:
    """(chat lines set aside, move candidates), each in order; spaces made ordinary."""
    chat: list[SetAside] = []
    kept: list[BodyLine] = []
    read: dict[str, bool] = {}          # a line said again is judged once
    ctx = None
    for ln in lines:
        check_budget()
        ln = BodyLine(ln.number, plain_spaces(ln.text))
        if ln.text not in read:
            if could_be_move(ln.text) and not (table is not None and about_an_earlier_move(ln.text)):
                read[ln.text] = True
            elif could_be_move(ln.text):
                ctx = ctx or _quiet_context(table)
                read[ln.text] = _reads_as_move(ln.text, ctx)      # what does not read is talk of the past
            elif _plainly_chat(ln.text) or table is None:
                read[ln.text] = False
            else:
                ctx = ctx or _quiet_context(table)
                # a line naming nothing a move needs is never read as one (notation/anchors.py)
                read[ln.text] = names_something(ln.text, name_index(ctx)) and _reads_as_move(ln.text, ctx)
        if read[ln.text]:
            kept.append(ln)
        else:
            chat.append(SetAside(ln.number, ln.text, "not a move (chat)"))
    return chat, kept


def _plainly_chat(text: str) -> bool:
    """Chat without reading: a line with no letter or digit ("-----", ":-)")."""
    return not any(ch.isalnum() for ch in text)


def _quiet_context(table):
    """One notation context for all of a mail's lines, its refusals without suggestions (only
    whether a line reads is asked here)."""
    from dataclasses import replace

    from pbem.game_notation import notation_context

    return replace(notation_context(table.game), explain=False)


def _reads_as_move(text: str, ctx) -> bool:
    from pbem.errors import PbemError
    from pbem.notation import read_message

    try:
        return bool(read_message(text, ctx))
    except PbemError:
        return False
    except OverBudget:
        raise
    except Exception:                 # a reader bug must not turn chat into a crash
        return False
