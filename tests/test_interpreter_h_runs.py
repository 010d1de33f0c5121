"""Runs and dividends the one interpreter reads by general mechanisms (read by the interpreter
alone, no rewording rule helping): each case fails without the mechanism its comment names,
and each near miss shows where the mechanism stops."""
from __future__ import annotations

import pytest

from pbem.engine.actions import Dividend, LayTile, Route, RunRoutes, Stop
from pbem.errors import NotationError
from pbem.notation import context_for_title
from pbem.notation.names import name_index
from pbem.notation.terse import read_terse_by_pieces

PLAYERS = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dee": "Dee"}


def interpret(title, rk, current, line):
    ctx = context_for_title(title, PLAYERS, actor="ann", current=current, round_kind=rk,
                            rotation_resolver=lambda t, h, e: 3, trains_of=lambda c: ["2"])
    return [m.action for m in read_terse_by_pieces(line, ctx, name_index(ctx))]


def _run(corp, *routes):
    return RunRoutes(corp, tuple(Route(t, tuple(Stop(h) for h in hexes), revenue=r) for t, hexes, r in routes))


READ = [
    # revenue_told.py: a dividend told with its revenue is the dividend; the amount is no run
    ("1861", "OR", "SW", "SW is keeping the 270 this time (withhold)", [Dividend("SW", "withhold")]),
    ("1861", "OR", "SW", "SW pays half of 160", [Dividend("SW", "half")]),
    ("1882", "OR", "CNR", "CNR pays 80 out.", [Dividend("CNR", "payout")]),
    ("1861", "OR", "SW", "SW splits the 240", [Dividend("SW", "half")]),
    ("1882", "OR", "CPR", "CPR pays half of 90", [Dividend("CPR", "half")]),
    # ... but after another move of the turn it tells the run as well
    ("1861", "OR", "SE", "SE: upgrade Kiev D14 to #635, then pay out 260.",
     [LayTile("SE", "D14", "635", 3), _run("SE", ("2", (), 260)), Dividend("SE", "payout")]),
    # ... and a train named with it makes it a run
    ("1882", "OR", "CNR", "CNR pays out 80 from the 3T.", [_run("CNR", ("3", (), 80)), Dividend("CNR", "payout")]),
]


@pytest.mark.parametrize("title,rk,cur,line,want", READ, ids=[r[3][:40] for r in READ])
def test_the_interpreter_reads(title, rk, cur, line, want):
    assert interpret(title, rk, cur, line) == want


REFUSED = [
    # two amounts beside a dividend: which is the revenue cannot be told
    ("1882", "OR", "CNR", "CNR pays out 80 and 90"),
    ("1882", "OR", "CPR", "CPR pays half of 90 and 40"),
]


@pytest.mark.parametrize("title,rk,cur,line", REFUSED, ids=[r[3][:40] for r in REFUSED])
def test_the_interpreter_refuses(title, rk, cur, line):
    with pytest.raises(NotationError):
        interpret(title, rk, cur, line)
