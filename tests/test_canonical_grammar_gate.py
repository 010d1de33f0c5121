"""The grammar's gate (pbem/notation/gate.py): the grammar reads canonical lines, lines of the
18xx.games log and a title's own rules; every other line is the interpreter's."""
from __future__ import annotations

import pytest

from pbem.engine.actions import BuyShares, LayTile
from pbem.errors import PbemError
from pbem.notation import parse_message
from pbem.notation.gate import Gate

from notation_kit import ctx


def test_a_canonical_line_is_still_read():
    assert parse_message("CPR lays #57 on I5 rot 1", ctx("1882", "OR", "CPR")) == [LayTile("CPR", "I5", "57", 1)]


def test_a_tolerant_form_goes_to_the_interpreter():
    line = "Ann has bought a share of CPR"
    assert not Gate(ctx("1882", "SR", "ann")).canonical(line)
    with pytest.raises(PbemError):                 # no round known: the interpreter does not read
        parse_message(line, ctx("1882", None, "ann"))
    assert parse_message(line, ctx("1882", "SR", "ann")) == [BuyShares("ann", "CPR")]


def test_a_timestamped_log_line_is_the_grammars():
    got = parse_message("[17:49] Ann buys a 10% share of CPR from the IPO for $100", ctx("1882", None, "ann"))
    assert got == [BuyShares("ann", "CPR", "ipo", 10)]
