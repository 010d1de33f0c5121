"""A dividend told with its revenue ("withholds the 140", "pays half of 160", "CNR pays 80 out"):
the amount is the revenue the dividend shares out, a figure stated beside the move, not a run
of its own. Its piece becomes a "revenue" piece, which no move needs (the reading by pieces,
piece_moves.py, reads the clause as the dividend alone)."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .pieces import Clause

__all__ = ["revenue_beside_dividend"]

#: pieces a dividend's clause may hold besides its one amount
_BESIDE = frozenset({"verb", "name", "me", "round", "per_share", "purpose"})
_DIVIDENDS = frozenset({"payout", "withhold", "half"})
#: pieces that make a clause a move
_MOVES = frozenset({"verb", "tile", "train", "hex"})


def _told(c: "Clause") -> bool:
    """Whether the clause is a dividend alone (no run word) naming one amount of ten or more and,
    besides it, only move words, companies, players and the writer: no train, stop, tile or count."""
    verbs = c.verbs()
    amounts = [p for p in c.pieces if p.kind in ("money", "number")]
    if not verbs or not verbs <= _DIVIDENDS or len(amounts) != 1 or amounts[0].value < 10:
        return False
    # a place is a stop of a run; a private named is what the amount buys ("pays Priya $40 for the HB")
    named = all(any(k in ("corporation", "player") for k, _ in p.value) for p in c.of("name"))
    return named and all(p.kind in _BESIDE for p in c.pieces if p is not amounts[0])


def revenue_beside_dividend(found: list["Clause"], run_known: bool = False) -> list["Clause"]:
    """The clauses with the amount of a dividend told with its revenue made a "revenue" piece, when
    no clause before it names a move or the game cannot tell the train that ran (`run_known`:
    "lays #635 in D14, then pays out 260" tells the run too, of the company's one kind of train)."""
    for c in found:
        c.pieces = half_paid(c.pieces)
    for c, after in zip(found, [*found[1:], None]):
        joins = after is not None and not after.verbs() and not after.loose and bool(after.of("money") or after.of("number"))
        if _told(c) and not joins:      # (an amount after it, "pays out 80 and 90", joins it: which is the revenue?)
            c.pieces = [dataclasses.replace(p, kind="revenue") if p.kind in ("money", "number") else p
                        for p in c.pieces]
        if run_known and any(p.kind in _MOVES for p in c.pieces):
            break
    return found


def half_paid(pieces: list) -> list:
    """The pieces without a "pay" word straight after or before "half" ("half pay", "paid half"):
    one dividend, paid half."""
    drop = {id(q if p.value == "half" else p) for p, q in zip(pieces, pieces[1:]) if p.kind == q.kind == "verb"
            and {p.value, q.value} == {"half", "payout"} and 0 < q.start - p.end <= 2}
    return [p for p in pieces if id(p) not in drop] if drop else pieces
