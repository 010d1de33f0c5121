"""Long lines that are no move: answered as any refused line (their cost is in
benchmarks/long_lines.py), and the scans that replaced backtracking patterns say exactly
what those patterns said."""
from __future__ import annotations

import random
import re

import pytest

from pbem.errors import NotationError, PbemError
from pbem.notation import context_for_title, parse_message
from pbem.notation.paraphrase import _strip_tail
from pbem.notation.pieces import _Words


def test_the_tail_strip_is_the_pattern_it_replaced():
    pattern = re.compile(r"[\s,;:!]*[,;:!][\s,;:!.]*$")
    rng = random.Random(8)
    for _ in range(20000):
        text = "".join(rng.choice("ab .,;:!\t") for _ in range(rng.randint(0, 14)))
        assert _strip_tail(text) == pattern.sub("", text), text


def test_the_word_before_a_place_is_the_pattern_it_replaced():
    pattern = re.compile(r"([\w@=#$₽'’]+)[^\w@=#$₽]*$")
    rng = random.Random(9)
    for _ in range(20000):
        text = "".join(rng.choice("aB1 '’.,#$₽@=-_é\t") for _ in range(rng.randint(0, 14)))
        at = rng.randint(0, len(text))
        m = pattern.search(text[:at])
        assert _Words(text).before(at) == (m.group(1).lower() if m else ""), (text, at)


@pytest.mark.parametrize("unit", [", ", "'", "x", "I5-", "Regina-", "$5"])
def test_a_long_run_is_refused_as_any_line_that_is_no_move(unit):
    ctx = context_for_title("1882", {"ann": "Ann", "bob": "Bob"}, actor="ann", current="CPR", round_kind="OR")
    with pytest.raises(NotationError) as e:
        parse_message("Ann says " + unit * (6000 // len(unit)), ctx)
    assert str(e.value).startswith("line 1")
    # the same run inside a move's line: refused or, when the run is no piece of a move, the
    # move read around it (here it asks the rotation)
    with pytest.raises(PbemError) as e:
        parse_message("CPR " + unit * (6000 // len(unit)) + " lays 57 on I5", ctx)
    assert str(e.value).startswith("line 1")
    assert isinstance(e.value, NotationError) or "no rotation was given" in str(e.value)


def test_the_reading_by_pieces_takes_each_clause_s_move_words_once():
    """'x,' 9,000 times read each later clause's move words again for every clause (40 million
    sets, 32 s): the words of the clauses after each one are now gathered in one pass."""
    from pbem.notation import piece_moves

    ctx = context_for_title("1882", {"ann": "Ann", "bob": "Bob"}, actor="ann", current="CPR", round_kind="OR")
    counts = {}
    for n in (1000, 4000):
        piece_moves.COUNTS.clear()
        with pytest.raises(PbemError):
            parse_message("x," * n, ctx)
        counts[n] = piece_moves.COUNTS["clause_verbs"]
    assert counts[1000] >= 1000                     # the reading by pieces was reached
    assert counts[4000] <= 4 * counts[1000] + 10    # linear in the clauses, not quadratic
