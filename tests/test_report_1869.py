"""1869's status reports say "receivership" beside a corporation with more than 60% of its
shares in the pool, and "scrapped" beside a train that runs once more after its scrapping
(docs/1869-rules.md, decisions 9 and 17)."""
from __future__ import annotations

import pytest

from pbem.render.report import build_report, render_report

from test_rules_1869 import _floated, new


def _game(receivership: bool, scrapped: bool):
    from pbem.titles.g1869.state import state

    g = new(3)
    up = _floated(g, "UP", {"p0": 30}, 300)
    if receivership:
        up.certificates.move("ipo", "pool", 70)
    two = [t for t in g.depot.upcoming if t.name == "2"][0]
    g.depot.take(two)
    two.owner = "UP"
    up.trains.append(two)
    if scrapped:
        state(g).scrapped.append(two.id)
    return g


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_the_report_says_receivership_and_scrapped(fmt):
    shown = render_report(build_report(_game(True, True)), fmt)
    assert "receivership" in shown and "2(scrapped)" in shown
    plain = render_report(build_report(_game(False, False)), fmt)
    assert "receivership" not in plain and "scrapped" not in plain


def test_the_report_data_names_them():
    up = next(c for c in build_report(_game(True, True))["corporations"] if c["sym"] == "UP")
    assert up["notes"] == ["receivership"] and up["trains_text"] == "2(scrapped)"
    other = next(c for c in build_report(_game(True, True))["corporations"] if c["sym"] == "CPR")
    assert other["notes"] == [] and other["notes_text"] == ""
