"""Input limits of the notation reader: refused at once, with the line and column, never a
traceback and never a look-alike read as a digit or a space."""
import random

import pytest

from pbem.errors import NotationError, PbemError
from pbem.table import MAX_NOTES, Table
from pbem.notation import context_for_title, parse_message
from pbem.notation.limits import MAX_LINE, MAX_LINES, MAX_MOVES
from pbem.notation.messages import SHOWN_WIDTH, caret_block
from pbem.notation.names import _similarity


@pytest.fixture
def table(tmp_path):
    return Table.create(tmp_path / "g.pbem", "1882", [("Ann", ""), ("Bob", ""), ("Cid", "")], 1)


@pytest.mark.parametrize("text, words", [
    ("Ann bids " + "9" * 1500 + " for HB", "1500 digits"),
    ("Ann bids " + "9" * 5000 + " for HB", "5000 digits"),
    ("Ann bids 12345678 for HB", "8 digits"),
    ("Ann bids \uff12\uff10 for HB", "not one of the digits 0-9"),           # fullwidth 20
    ("Ann bids \u0662\u0660 for HB", "not one of the digits 0-9"),           # Arabic-Indic 20
    ("Ann\u00a0bids 20 for HB", "no-break space"),
    ("Ann bids\u000b20 for HB", "vertical tab"),
    ("Ann bids 20\u000cfor HB", "form feed"),
])
def test_refused_with_the_place(table, text, words):
    head = table.file.head
    with pytest.raises(NotationError) as info:
        table.submit(text, seat="Ann").check()
    assert words in str(info.value) and "line 1" in str(info.value)
    assert table.file.head == head


def test_a_megabyte_line_is_refused_with_a_short_reply(table):
    """(How fast: benchmarks/message.py.)"""
    line = "Ann bids 20 for HB " + "x" * 1_000_000
    with pytest.raises(NotationError) as info:
        table.submit(line, seat="Ann").check()
    assert len(str(info.value)) < 2000 and "1,000,019 characters" in str(info.value)


NEAR = MAX_LINE - 10
_rng = random.Random(5)


@pytest.mark.parametrize("line", [
    "".join(_rng.choice("abcdefghij klmnopqrstuvwxyz0123456789#;,") for _ in range(NEAR)),   # garbage
    "x" * NEAR,                                                    # one word
    "Ann bids 55 for " + "S" * (NEAR - 16),                       # an unknown company's "name"
    "Ann " * (NEAR // 4),                                          # a name again and again
    '"' + "a" * (NEAR - 2) + '"',                                  # one quote
    "CPR lays #57 on " + "E7 " * ((NEAR - 16) // 3),               # two thousand hexes
    "bids " * (NEAR // 5),
], ids=["garbage", "word", "name", "names", "quote", "hexes", "words"])
def test_a_line_just_under_the_limit_gets_a_short_reply_naming_the_place(table, line):
    head = table.file.head
    with pytest.raises(PbemError) as info:
        table.submit(line, seat="Ann").check()
    text = str(info.value)
    assert len(text.encode()) < 2000, text[:300]
    assert "line 1" in text and table.file.head == head


def test_the_caret_points_at_the_spot_of_a_long_line():
    line = "a" * 15_000 + "XYZ" + "b" * 5_000
    shown, carets = caret_block(line, 15_001, 3).split("\n")
    assert len(shown) < 2 * SHOWN_WIDTH and "…" in shown
    at = carets.index("^")
    assert shown[at:at + 3] == "XYZ" and carets.strip() == "^^^"
    assert caret_block("Ann bids 2O for HB", 10, 2) == "    Ann bids 2O for HB\n             ^^"


def test_a_message_of_too_many_lines_is_refused_before_reading(table):
    head = table.file.head
    with pytest.raises(NotationError, match="at most 20,000 are read at once"):
        table.submit("\n".join(["Ann passes"] * (MAX_LINES + 1))).check()
    assert table.file.head == head


def test_a_message_of_too_many_moves_is_refused(table):
    """Read against one state, the count stops the reading; played move by move, each line is
    read in its turn, and what is refused first (here the rules, at the 283rd pass) refuses the
    message whole: nothing of it stays."""
    head = table.file.head
    text = "\n".join(["pass"] * (MAX_MOVES + 1))
    with pytest.raises(NotationError, match="more than 3,000 moves"):
        table.parse(text, "Ann")
    out = table.submit(text)
    assert not out.ok and out.applied == [] and table.play.moves == []
    assert table.file.head == head


def test_a_long_pasted_log_is_summed_up_not_repeated(table):
    log = "\n".join(["-- Stock Round 1 --", "Ann operates CPR"] * 100)
    applied = table.submit(f"{log}\nAnn bids 20 for HB", seat="Ann").check().applied
    assert [a.notation for a in applied] == ["Ann bids 20 for HB"]
    assert len(table.warnings) == MAX_NOTES + 1
    assert table.warnings[-1] == f"{200 - MAX_NOTES} more note(s) like these not shown"


def test_suggestions_still_come_for_a_slip_but_not_for_a_huge_name():
    assert _similarity("x" * 19_000, "canadian pacific railway") == 0.0
    with pytest.raises(NotationError, match='did you mean .*"CPR"'):
        parse_message("CRP passes", context_for_title("1882", {"Ann": "Ann"}, round_kind="OR"))


def test_ordinary_numbers_and_spaces_still_read(table):
    applied = table.submit("Ann\tbids  20 for HB", seat="Ann").check().applied
    assert [a.notation for a in applied] == ["Ann bids 20 for HB"]


def test_pbem_move_refuses_a_megabyte_before_replaying_the_game(tmp_path, capsys):
    from pbem.cli import main

    game = tmp_path / "g.pbem"
    Table.create(game, "1882", [("Ann", ""), ("Bob", ""), ("Cid", "")], 1)
    game.write_bytes(game.read_bytes() + b"damaged\n")     # a replay would fail on this line
    assert main(["move", str(game), "Ann bids 20 for HB " + "x" * 1_000_000]) == 1
    err = capsys.readouterr().err
    assert err.startswith("REFUSED, nothing applied: line 1 is 1,000,019 characters long")
    assert len(err.encode()) < 2000
    assert main(["move", str(game), "Ann bids 20 for HB"]) == 2          # a short line meets the damage
    assert "malformed line" in capsys.readouterr().err


@pytest.mark.parametrize("line", [
    " ".join(random.Random(1).choice("the a train lays buy sell hello CPR I5 tile 57 run pay out weather good game "
                                     "nice move".split()) for _ in range(400))[:2000],
    "buy 1 CPR, " * 180,
])
def test_the_reading_budget_stops_a_line_of_many_clauses_within_it(line):
    """The budget is checked clause by clause and before each last try, not only between lines:
    a single line of many clauses that would read to its end (word salad: refused; many buys:
    refused by the rules) stops once the budget is spent, whatever its patterns cost."""
    import pbem
    from pbem.notation.limits import OverBudget, cpu_budget

    game = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    with pytest.raises(PbemError):
        game.copy().push_notation(line, "Ann")          # read to its end without a budget (and loaded)
    with pytest.raises(OverBudget), cpu_budget(0.001):
        game.push_notation(line, "Ann")
    assert game.moves == []
