"""The declared normalisers (pbem/notation/normalisers.py): at most ten, each held to the table
of the lines it exists for and the near misses it must leave alone, and the only rewriting the
reader applies to a line before reading it."""
from __future__ import annotations

import inspect

import pytest

from pbem.notation import normalisers, parser, sequence
from pbem.notation.normalisers import NORMALISERS, normalise

LINES = [(n.rewrite.__name__, line, want) for n in NORMALISERS for line, want in n.lines.items()]
LEAVES = [(n.rewrite.__name__, line) for n in NORMALISERS for line in n.leaves]


def test_there_are_at_most_ten_and_each_has_its_table():
    assert 1 <= len(NORMALISERS) <= 10
    for n in NORMALISERS:
        assert len(n.lines) >= 2 and len(n.leaves) >= 2, n.rewrite.__name__


@pytest.mark.parametrize("name,line,want", LINES)
def test_a_normaliser_rewrites_the_lines_it_exists_for(name, line, want):
    rewrite = next(n.rewrite for n in NORMALISERS if n.rewrite.__name__ == name)
    assert rewrite(line) == want


@pytest.mark.parametrize("name,line", LEAVES)
def test_a_normaliser_leaves_its_near_misses_alone(name, line):
    rewrite = next(n.rewrite for n in NORMALISERS if n.rewrite.__name__ == name)
    assert rewrite(line) == line


@pytest.mark.parametrize("name,line", LEAVES)
def test_no_other_normaliser_touches_a_near_miss(name, line):
    """A near miss of one is left alone by all of them (none undoes another's restraint)."""
    assert normalise(line) == line


def test_a_rewriting_is_stable():
    for _, line, want in LINES:
        assert normalise(normalise(line)) == normalise(line), line


def test_the_reader_and_the_table_rewrite_a_line_only_through_them():
    assert "normalise(" in inspect.getsource(parser._Reader.read_units)      # the one cascade
    for module in (parser, sequence):
        source = inspect.getsource(module)
        for n in NORMALISERS:
            assert f"{n.rewrite.__name__}(" not in source, (module.__name__, n.rewrite.__name__)
    assert normalisers.normalise is normalise


def test_a_long_line_costs_little():
    line = "GT buys a 4 from the depot, " * 4000 + "pays $300, Ann sells 1 CPR to pay for it, pass"
    assert isinstance(normalise(line), str)


def test_a_refused_line_quotes_the_line_as_written_not_as_normalised():
    """A line the normalisers rewrote and the reader then refuses is quoted as the player wrote it."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from notation_kit import read
    from pbem.errors import NotationError
    line = "Zork declines to merge, pass"
    with pytest.raises(NotationError) as e:
        read("1882", "operating", "CPR", line)
    shown = str(e.value).split("\n")
    assert shown[1].strip() == line and "(read as \"Zork passes\")" in shown[0], str(e.value)
