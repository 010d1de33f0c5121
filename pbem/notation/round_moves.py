"""Which kinds of move a round can hold: a reading that makes a bid in an operating round
("CPR: GT 70, pays out" is no auction) or places a token in a merger round ("..., and drops the
token in D14" after a merger is no placement) reads a move the writer cannot have meant; nor
does one line of a merger round pass for two companies ("OK declines to merge, KK passes" tells
what KK did, or would do: another company's choice). What a merger round cannot hold also
tells what its words mean: a token a company "drops" there is one it removes."""
from __future__ import annotations

import re
from typing import Callable, Iterable, Optional

from pbem.engine.actions import Action, Bid, Dividend, LayTile, Pass, PlaceToken, RunRoutes

from .piece_moves import round_kind
from .retry import read_reworded

#: round kind ('auction', 'stock', 'operating', 'merger': piece_moves.round_kind) -> the kinds
#: of move no step of that round takes, with what the writer is told
_NEVER: dict[str, tuple[tuple[type, str], ...]] = {
    "operating": ((Bid, "nothing is bid on in an operating round: say the move of this round"),),
    "merger": ((Bid, "nothing is bid on in a merger round: say the move of this round"),
               (PlaceToken, "no token is placed in a merger round: say the move of this round"),
               (LayTile, "no tile is laid in a merger round: say the move of this round"),
               (RunRoutes, "no train runs in a merger round: say the move of this round"),
               (Dividend, "no dividend is paid in a merger round: say the move of this round")),
}


def out_of_round(actions: Iterable[Optional[Action]], kind: Optional[str],
                 kind_of: Callable[[str], Optional[str]]) -> Optional[str]:
    """Why one of `actions` (the moves of one line) cannot be moves of a round of `kind`, or None
    (also when the round is not known); `kind_of` tells a company from a player."""
    passing: set = set()
    for a in actions:
        for cls, why in _NEVER.get(kind or "", ()):
            if isinstance(a, cls):
                return why
        if kind == "merger" and isinstance(a, Pass) and kind_of(a.entity) in ("corporation", "company"):
            passing.add(a.entity)
    if len(passing) > 1:
        return "in a merger round a line passes for one company only: send the pass of the company whose turn it is"
    return None


#: a merger round's token words: no token is placed there, so its own token a company "drops",
#: "gives up" or "loses" is one it removes (after a merger it may hold more than it may keep);
#: "drop the token in Kiev" says not whose, and stays unread (tests/test_notation_phrasings2.py)
_DROPS = re.compile(r"\b(?:drops?|dropping|dropped|gives?\s+up|giving\s+up|loses?|losing|abandons?|lifts?|pulls?)\s+"
                    r"(?:its|their|one\s+of\s+its|(?:the\s+)?[A-Z][\w&-]*'s)\s+(?:token|station|marker)\s+(?:in|at|on|from)\s+",
                    re.I)
#: "MKN keeps Moscow and drops its token at D14": the token kept is no move of its own
_KEEPS = re.compile(r"^(\s*[A-Z][\w&-]*\s+)(?:keeps|retains|holds\s+on\s+to)\s+(?:(?:its|the)\s+(?:token|station)\s+"
                    r"(?:in|at|on)\s+)?[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?\s*(?:,\s*|\s+)(?:and\s+)?(?=removes\b)")


def removal_worded(line: str, kind: Optional[str]) -> Optional[str]:
    """`line` with a merger round's token words put as the removal they are ("SW drops its
    token in Kiev" -> "SW removes its token from Kiev"), or None (another round, no such words)."""
    if kind != "merger" or not _DROPS.search(line):
        return None
    text = _KEEPS.sub(r"\1", _DROPS.sub("removes its token from ", line))
    return text if text != line else None


def read_removal(reader, line_no: int, line: str, first) -> list:
    """The last try at a merger round's line: its token words read as the removal they are
    (`removal_worded`); `first` (the first refusal) when there are none or that fails too."""
    return read_reworded(reader, line_no, line, first, "removing", lambda: removal_worded(line, round_kind(reader.ctx)))