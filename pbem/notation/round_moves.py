"""Which kinds of move a round can hold: a bid in an operating round, or a token placed in a merger
round, is a move the writer cannot have meant; one merger round line passes for one company."""
from __future__ import annotations

from typing import Callable, Iterable, Optional

from pbem.engine.actions import Action, Bid, Dividend, LayTile, Pass, PlaceToken, RunRoutes


#: round kind ('auction', 'stock', 'operating', 'merger': context.round_kind) -> the kinds
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
