"""Whether a line of a mail left after quotes, greetings and signatures may be a move (so it is
read, and refused if it does not read) or is chat (set aside and listed in the reply).

A line is a move candidate when it could be one: it has a move word, a hex coordinate, a
tile number or an amount; a line that names nothing a move needs (`notation/anchors.py`), and
prose that names nothing of the game, are chat without being read. A line that names something
but has no such word, a line about an earlier move, which a human moderator reads as table talk
("I put the wrong tile on F16 last turn, sorry"; "ignore the bid sent in my name yesterday": it
speaks of a time before this mail and corrects or repeats nothing), and talk about something
else that borrows a move word ("running a test?") are unsure: the table reads them in their
turn with the mail's other lines, once, and sets them aside as chat when they read as no move,
or (naming nothing of the game) only as a move the game refuses (`Table.submit(...,
unsure=...)`). `ABOUT_EARLIER` and `TALK` list the lines those rules exist for and the near
misses they must leave to be read or refused. `MoveLines(game).judge(text)` is the judgement
by the words; the moderator's `classify.split_chat` asks it, and reads the unsure lines of a
mail without a sign-on.
Kept at the table's layer: the names are the game's (`pbem.game_notation`).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional

from pbem.notation.anchors import STRONG, names_something, names_the_game, plain_words, unexplained
from pbem.chat_words import EARLIER, NOW, words
from pbem.notation.messages import MOVE_WORDS
from pbem.notation.names import name_index
from pbem.notation.correction import takes_back

__all__ = ["ABOUT_EARLIER", "CHAT", "MOVE", "MoveLines", "TALK", "UNSURE", "about_an_earlier_move", "could_be_move",
           "quiet_context"]

_VERBS = {w for name, words in MOVE_WORDS.items() if name not in ("MOVE",) for w in words if " " not in w}
_VERBS |= {"laid", "lay", "buying", "selling", "bidding", "passing", "ran", "running", "paying", "upgraded",
           "tokens", "tokened", "placed", "bought", "sold", "withheld", "parred", "started", "start", "starts", "undo"}
#: a time before this mail, or a move sent by someone else
_EARLIER = re.compile(rf"\b{words(EARLIER)}\b", re.I)
#: what makes such a line a move after all: a correction, or a move said again ("same run as last turn")
_NOW = re.compile(rf"\b{words(NOW)}\b", re.I)

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


#: the unexplained words that make a line prose, even with one of those words or a slip
_PROSE = 3
#: the unexplained words that make a line prose even if it names the game (a disclaimer's "EC")
_LONG_PROSE = 12

#: (line, whether it is talk about something else: read, and chat when it reads as no move): the
#: lines the rule exists for (real reply mails' own words) and the near misses it must leave
#: to be read and refused (tests/test_chat_lines.py reads this table)
TALK = (
    ("running a test?", True),
    ("On your remote host you can run:", True),
    ("No problem. I'll just start a new order.", True),
    ("As regards the timeline, we should be done by Friday.", True),
    ("1. Performance improved by 50%", True),
    ("pass", False),
    ("Sell 2 CRP", False),                  # a slip of a company's symbol names the game
    ("buy a share of Canadian", False),
    ("lay #57 in Moose Jaw", False),
    ("run for $80 and pay out", False),
    ("sell my shares of the big yellow one", False),
    ("I'll pass, sorry all", False),
    ("I think I buy the flux capacitor", False),    # a move to buy something: asked, never dropped
    ("Do I buy the flux capacitor?", True),
    ("place a station at the usual spot", False),   # an order: refused if it does not read, never dropped
    ("run the usual route, same money as before", False),
    ("- Item #1", True),                    # a list's label, not tile 1
    ("lay tile #1 on I5", False),
    ("GT #57 K3", False),
    ("Unless specifically indicated, this message is not an offer to sell or a solicitation of any investment "
     "products, an official confirmation of any transaction, or an official statement of the EC; the sender may "
     "intercept, monitor and review communications as required by law", True),
    ("CPR buys the 3 from the depot because honestly I am tired of waiting for the phase to change", False),
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


#: the judgements: a move line (read, and refused if it does not read), chat (set aside unread),
#: or a line that may be either (read in its turn at the table, chat when it reads as no move)
MOVE, CHAT, UNSURE = "move", "chat", "unsure"


class MoveLines:
    """Judges the lines of one mail by their words against one game (an engine game, or None: no
    game, so only the words are judged). Nothing is read here: a line the words leave unsure is
    read once, in its turn, by `Table.submit(..., unsure=...)`."""

    def __init__(self, game=None):
        self.game = game
        self._index = None
        self._ctx = None

    def index(self):
        if self._index is None:
            self._index = name_index(self.context())
        return self._index

    def context(self):
        """The one quiet notation context of the mail's lines (`quiet_context`)."""
        if self._ctx is None:
            self._ctx = quiet_context(self.game)
        return self._ctx

    def judge(self, text: str) -> str:
        """MOVE, CHAT or UNSURE (see above)."""
        if could_be_move(text):
            # a line about an earlier move is read: what does not read is talk of the past; so is
            # talk about something else that only borrows a move word ("running a test?")
            if self.game is not None and (about_an_earlier_move(text) or self.talk(text)):
                return UNSURE
            return MOVE
        if plainly_chat(text) or self.game is None:
            return CHAT
        # a line naming nothing a move needs is never read as one (notation/anchors.py), nor
        # prose that names nothing of the game ("je n'ai pas eu de retour": not "pass")
        if not names_something(text, self.index()) or self.prose(text):
            return CHAT
        return UNSURE

    def talk(self, text: str) -> bool:
        """Whether a line with a move word or sign is talk about something else (`TALK`): long
        prose, or words nothing of a move explains with no name of the game (no company,
        private, place, hex, tile or amount) and only a word English shares with moves ("run",
        "start", "place"), a question, or many such words; never a line a move word opens, an
        order ("place a station at the usual spot"), unless it asks."""
        if text.startswith(("+", "#")) or takes_back(text):
            return False
        first = _WORD.match(text.lstrip(" -*•>\t"))
        if first and first.group(0).lower() in _VERBS and not text.rstrip().endswith("?"):
            return False                        # a move word first: an order ("place a station there")
        idx = self.index()
        if not plain_words(text, idx):          # (the cheap bound first: most move lines stop here)
            return False
        odd = len(unexplained(text, idx))
        if odd > _LONG_PROSE:
            return True
        if not odd or names_the_game(text, idx):
            return False
        said = {w.lower().strip("'’") for w in _WORD.findall(text)}
        return not said & STRONG or odd > _PROSE or text.rstrip().endswith("?")

    def prose(self, text: str) -> bool:
        """Whether a line with no move word is prose naming nothing of the game."""
        idx = self.index()
        if len(plain_words(text, idx)) < _PROSE:
            return False
        odd = len(unexplained(text, idx))
        return odd > _LONG_PROSE or odd >= _PROSE and not names_the_game(text, idx)

    def chat_of(self, lines: list[tuple[int, str]], unsure: frozenset[int], actor: Optional[str] = None,
                lawless: bool = False) -> set[int]:
        """The numbers of the `unsure` lines that read as no move, each read in its turn with the
        others (`lines`: number, text), quietly, as `actor`'s (None: nobody's) and against the
        state now: nothing is made. `lawless`: whether the game allows a move now is not asked
        (a move out of turn is still a move)."""
        from pbem.reading import driver

        if not unsure:
            return set()
        slots = [""] * max(no for no, _ in lines)
        for no, text in lines:
            slots[no - 1] = text
        ctx = self.context() if actor is None else self.context().at_turn(actor=actor)
        if lawless:
            ctx = replace(ctx, legal=None)
        return set(driver.read("\n".join(slots), lambda: ctx, play=lambda pm, i: None, unsure=unsure).chat)


def plainly_chat(text: str) -> bool:
    """Chat without reading: a line with no letter or digit ("-----", ":-)")."""
    return not any(ch.isalnum() for ch in text)


def quiet_context(game):
    """One notation context for all of a mail's lines, its refusals without suggestions: here
    only its names are asked (`MoveLines.index`); the table reads unsure lines as quietly."""
    from pbem.game_notation import notation_context

    return replace(notation_context(game), explain=False)
