"""Whether a line of a mail left after quotes, greetings and signatures may be a move (so it is
read, and refused if it does not read) or is chat (set aside and listed in the reply).

A line is a move candidate when it could be one: it has a move word, a hex coordinate, a
tile number or an amount, or it names something a move needs (`notation/anchors.py`) and
reads as a move; a line that names nothing is chat without being read. A line about an
earlier move, which a human moderator reads as table talk ("I put the wrong tile on F16 last
turn, sorry"; "ignore the bid sent in my name yesterday"), speaks of a time before this mail
and corrects or repeats nothing: when it does not read as a move it is chat (`ABOUT_EARLIER`
lists the lines it exists for and the near misses it must leave to be read or refused).
`MoveLines(game).is_move(text)` is the judgement, with one quiet notation context for all of a
mail's lines; the moderator's `classify.split_chat` asks it.
Kept at the table's layer: a quiet context is built from the game (`pbem.game_notation`).
"""
from __future__ import annotations

import re
from pbem.notation.anchors import names_something
from pbem.notation.messages import MOVE_WORDS
from pbem.notation.names import name_index
from pbem.notation.limits import OverBudget
from pbem.notation.retraction import takes_back

__all__ = ["ABOUT_EARLIER", "MoveLines", "about_an_earlier_move", "could_be_move", "quiet_context", "reads_as_move"]

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


class MoveLines:
    """Judges the lines of one mail against one game state (an engine game, or None: no game,
    so only the words are judged and nothing is read)."""

    def __init__(self, game=None):
        self.game = game
        self._ctx = None

    def ctx(self):
        if self._ctx is None:
            self._ctx = quiet_context(self.game)
        return self._ctx

    def is_move(self, text: str) -> bool:
        """Whether `text` is a move line (to be read, or refused), not chat."""
        if could_be_move(text) and not (self.game is not None and about_an_earlier_move(text)):
            return True
        if could_be_move(text):
            return reads_as_move(text, self.ctx())          # what does not read is talk of the past
        if plainly_chat(text) or self.game is None:
            return False
        # a line naming nothing a move needs is never read as one (notation/anchors.py)
        return names_something(text, name_index(self.ctx())) and reads_as_move(text, self.ctx())


def plainly_chat(text: str) -> bool:
    """Chat without reading: a line with no letter or digit ("-----", ":-)")."""
    return not any(ch.isalnum() for ch in text)


def quiet_context(game):
    """One notation context for all of a mail's lines, its refusals without suggestions (only
    whether a line reads is asked here)."""
    from dataclasses import replace

    from pbem.game_notation import notation_context

    return replace(notation_context(game), explain=False)


def reads_as_move(text: str, ctx) -> bool:
    from pbem.reading import driver

    try:
        reading = driver.read(text, ctx)
    except OverBudget:
        raise
    except Exception:                 # a reader bug must not turn chat into a crash
        return False
    return reading.ok and bool(reading.moves)
