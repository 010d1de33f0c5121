"""The redesign's switch (issue #24), measured before it is made: with `CANONICAL_GRAMMAR` the
grammar reads only canonical lines and timestamped log lines; every other line is the
interpreter's (`tools/interpreter_share.py --strict` prints the corpora so read)."""
from __future__ import annotations

import pytest

from pbem.engine.actions import BuyShares, LayTile
from pbem.errors import PbemError
from pbem.notation import parse_message, parser

from notation_kit import ctx


@pytest.fixture
def canonical_grammar(monkeypatch):
    monkeypatch.setattr(parser, "CANONICAL_GRAMMAR", True)


def test_a_canonical_line_is_still_read(canonical_grammar):
    assert parse_message("CPR lays #57 on I5 rot 1", ctx("1882", "OR", "CPR")) == [LayTile("CPR", "I5", "57", 1)]


def test_a_tolerant_form_goes_to_the_interpreter(canonical_grammar):
    line = "Ann has bought a share of CPR"
    c = ctx("1882", None, "ann")          # no round known: the interpreter does not read
    with pytest.raises(PbemError):
        parse_message(line, c)
    parser.CANONICAL_GRAMMAR = False
    assert parse_message(line, c) == [BuyShares("ann", "CPR")]     # the grammar reads it


def test_a_timestamped_log_line_is_the_grammars(canonical_grammar):
    got = parse_message("[17:49] Ann buys a 10% share of CPR from the IPO for $100", ctx("1882", None, "ann"))
    assert got == [BuyShares("ann", "CPR", "ipo", 10)]
