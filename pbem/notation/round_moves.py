"""Which kinds of move a round can hold: a reading that makes a bid in an operating round
("CPR: GT 70, pays out" is no auction) or places a token in a merger round ("..., and drops the
token in D14" after a merger is no placement) reads a move the writer cannot have meant."""
from __future__ import annotations

from typing import Iterable, Optional

from pbem.engine.actions import Action, Bid, Dividend, LayTile, PlaceToken, RunRoutes

#: round kind ('auction', 'stock', 'operating', 'merger': piece_moves.round_kind) -> the kinds
#: of move no step of that round takes, with what the writer is told
_NEVER: dict[str, tuple[tuple[type, str], ...]] = {
    "operating": ((Bid, "nothing is bid on in an operating round"),),
    "merger": ((Bid, "nothing is bid on in a merger round"),
               (PlaceToken, "no token is placed in a merger round"),
               (LayTile, "no tile is laid in a merger round"),
               (RunRoutes, "no train runs in a merger round"),
               (Dividend, "no dividend is paid in a merger round")),
}


def out_of_round(actions: Iterable[Optional[Action]], kind: Optional[str]) -> Optional[str]:
    """Why one of `actions` cannot be a move of a round of `kind`, or None (also when the round
    is not known)."""
    for a in actions:
        for cls, why in _NEVER.get(kind or "", ()):
            if isinstance(a, cls):
                return why
    return None
