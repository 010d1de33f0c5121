"""The order of rounds, declared by a title: an initial round, then stock rounds each followed by
a set of operating rounds (as many as the phase says), with an optional round between operating
rounds (a merger round, say). `next_round` walks it; the title answers a few questions on the way."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from pbem.engine.game import Game


@dataclass(frozen=True)
class RoundSequence:
    """The round classes a title plays, by their place in the cycle."""

    initial: type
    stock: type
    operating: type
    #: a round after an operating round, when the title's `between_rounds_now` says so
    between: Optional[type] = None


def next_round(g: "Game", seq: RoundSequence) -> None:
    """Set `g.round` to the round after the finished one (or end the game) and start it."""
    title, old = g.title, g.round
    if type(old) is seq.stock:
        old.finish()
        if g.end_now("stock"):
            return
        g.or_count = title.operating_rounds(g)
        g.reorder_after_stock(old)
        _operate(g, seq, 1)
    elif type(old) is seq.operating:
        if g.end_now("operating") or title.ends_after_operating(g):
            return
        if seq.between is not None and title.between_rounds_now(g):
            g.round = seq.between(g, old.num)
        else:
            _after_operating(g, seq, old.num)
    elif seq.between is not None and type(old) is seq.between:
        _after_operating(g, seq, old.num)
    else:
        g.reorder_after_stock(old)
        g.round = seq.stock(g)
    if not g.finished:
        g.round.start()


def _after_operating(g: "Game", seq: RoundSequence, num: int) -> None:
    if num < g.or_count:
        _operate(g, seq, num + 1)
    else:
        g.turn += 1
        g.round = seq.stock(g)


def _operate(g: "Game", seq: RoundSequence, num: int) -> None:
    g.or_num = num
    g.title.before_operating(g)
    g.round = seq.operating(g, num)
