"""Long lines that are no move: answered as any refused line (their cost is in
benchmarks/long_lines.py), and the scans that replaced backtracking patterns say exactly
what those patterns said."""
from __future__ import annotations

import random
import re

import pytest

from pbem.errors import NotationError, PbemError
from pbem.notation import context_for_title, parse_message
from pbem.notation.pieces import _Words


def test_the_word_before_a_place_is_the_pattern_it_replaced_cut_to_its_last_40_characters():
    """Cut, so that a 19,000-character run of "$5" does not copy the run once per piece."""
    pattern = re.compile(r"([\w@=#$₽'’]+)[^\w@=#$₽]*$")
    rng = random.Random(9)
    for _ in range(20000):
        alphabet = rng.choice(["aB1 '’.,#$₽@=-_é\t", "aB1$5'" * 8 + " "])
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, rng.choice([14, 120]))))
        at = rng.randint(0, len(text))
        m = pattern.search(text[:at])
        assert _Words(text).before(at) == (m.group(1).lower()[-40:] if m else ""), (text, at)


def test_amounts_in_words_are_found_only_where_a_word_of_tens_teens_or_hundreds_stands():
    """The amount pattern matches empty at every word; it is run only on a line holding such a word."""
    from pbem.notation.amount_words import AMOUNT_HINT as _AMOUNT_HINT, AMOUNT_WORDS as _AMOUNT_WORDS, amount_words as _amount_words

    rng = random.Random(10)
    words = "a an one two five nine ten twelve twenty forty-five ninety hundred and dollars x I5 $5".split()
    for _ in range(5000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 8)))
        found = [v for m in _AMOUNT_WORDS.finditer(text) if (v := _amount_words(m)) is not None]
        assert not found or _AMOUNT_HINT.search(text), text


@pytest.mark.parametrize("unit", [", ", "'", "x", "I5-", "Regina-", "$5", " ", ". "])
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


@pytest.mark.parametrize("tail", ["", " and then some", " " + "I5-" * 6000, " " + "x" * 19000, " $5" * 3000])
def test_an_unknown_subject_is_judged_by_the_line_s_start_whatever_its_length(tail):
    """Only the first word and the move word after it decide; the rest of a long line is not searched."""
    from pbem.notation.names import name_index
    from pbem.notation.pieces import unknown_subject

    ctx = context_for_title("1882", {"ann": "Ann", "bob": "Bob"}, actor="ann", current="CPR", round_kind="OR")
    index = name_index(ctx)
    assert unknown_subject("Bobbo passes" + tail, ctx, index) == (0, "Bobbo")
    assert unknown_subject("Bob passes" + tail, ctx, index) is None
