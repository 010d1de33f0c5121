"""Input limits of the notation reader: refused at once, with the line and column, never a
traceback and never a look-alike read as a digit or a space."""
import time

import pytest

from pbem.errors import NotationError
from pbem.moderator.table import Table


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
        table.submit(text, sender="Ann")
    assert words in str(info.value) and "line 1" in str(info.value)
    assert table.file.head == head


def test_a_megabyte_line_is_refused_at_once_with_a_short_reply(table):
    line = "Ann bids 20 for HB " + "x" * 1_000_000
    t0 = time.perf_counter()
    with pytest.raises(NotationError) as info:
        table.submit(line, sender="Ann")
    assert time.perf_counter() - t0 < 0.5
    assert len(str(info.value)) < 2000 and "1,000,019 characters" in str(info.value)


def test_ordinary_numbers_and_spaces_still_read(table):
    applied = table.submit("Ann\tbids  20 for HB", sender="Ann")
    assert [a.notation for a in applied] == ["Ann bids 20 for HB"]
