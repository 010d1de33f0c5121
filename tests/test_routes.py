"""Route resolution and revenue (pbem/engine/routes.py), checked on hand-built boards and
against the 1882 records of 18xx.games.

Record replays: only the map actions (lay_tile, place_token, remove_token) are applied, home
stations are placed when a corporation first acts, the phase is the highest train type bought
so far, and the North West Rebellion fires on the first purchase of `<type>-0` (type from the
record's seed). Each live run_routes is then rebuilt from its `connections` and priced.

Ground truth: the `revenue` stored on each route (hs_* and 1882_game_end_bankrupt records),
and for every record the per-route revenue and visited stops that the 18xx.games engine itself
computed when replaying it (table REFERENCE below, generated once with the reference Ruby
engine, ../shared/tools/ref18xx, by recording Route#revenue and Route#visited_stops in
Step::Route#process_run_routes). Stops are node signatures `<hex>-<node index>`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pbem.importers.eighteen_xx import live_actions as _importer_live_actions
import pytest

from pbem.engine.actions import Route, Stop
from pbem.engine.board import Board, Token
from pbem.engine.graph import reach
from pbem.engine.routes import check_routes, chains_from, resolve_route
from pbem.errors import RuleError

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "pbem" / "titles" / "data"
FIXTURES = ROOT.parent / "shared" / "fixtures" / "18xx.games" / "1882"

YELLOW = ("yellow",)
GREEN = ("yellow", "green")
BROWN = ("yellow", "green", "brown")


def new_board(title) -> Board:
    d, cat = title
    return Board(d, cat)


def bonus_1882(stops):
    hexes = {c for c, _ in stops}
    return 100 if "B12" in hexes and ("I1" in hexes or "B2" in hexes) else 0


# ----------------------------------------------------------------------------- hand-built boards
@pytest.fixture
def west(title):
    """CNR at D8; D8 -(E7)- D6 -(C5)- B6 fishing; F8 town on D8's other side."""
    b = new_board(title)
    b.reserve("D8", None, "CNR")
    b.place_token("D8", 0, Token("CNR", "CNR"))
    b.lay("E7", "8", 2)       # edges 2-4: D6 .. D8
    b.lay("D6", "57", 2)      # city, edges 2-5: C5 .. E7
    b.lay("C5", "7", 4)       # edges 4-5: B6 .. D6
    b.lay("F8", "56", 2)      # town n1 on edges 3 (D8) and 5
    return b


def test_simple_route_revenue_matches_18xx_games(west):
    # the same run is stored in the hs_* records: D6-D8 for $50
    r = resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("D6"))), 2, YELLOW)
    assert r.revenue == 50 and r.stops == (("D8", 0), ("D6", 0))
    assert [c for c, _ in r.paths] == ["D8", "E7", "D6"]
    assert ("E7", 2) in r.track and ("E7", 4) in r.track


def test_fishing_exit_costs_no_distance(west):
    r = resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("D6"), Stop("B6"))), 2, YELLOW)
    assert r.distance == 2 and r.revenue == 30 + 20 + 20
    # brown phase: B6 pays 30
    r = resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("D6"), Stop("B6"))), 2, BROWN)
    assert r.revenue == 30 + 20 + 30


def test_too_long_refused(west):
    route = Route("2", (Stop("F8"), Stop("D8"), Stop("D6")))
    with pytest.raises(RuleError) as e:
        resolve_route(west, "CNR", route, 2, YELLOW)
    assert "too many" in str(e.value) and "3 stops" in str(e.value)
    assert resolve_route(west, "CNR", route, 3, YELLOW).revenue == 10 + 30 + 20
    assert resolve_route(west, "CNR", route, 999, YELLOW).revenue == 60   # D train


def test_route_through_full_city_refused_but_may_end_there(west):
    west.place_token("D6", 0, Token("GT", "GT"))
    with pytest.raises(RuleError) as e:
        resolve_route(west, "CNR", Route("3", (Stop("D8"), Stop("D6"), Stop("B6"))), 3, YELLOW)
    assert "D6" in str(e.value) and "not run through" in str(e.value)
    assert e.value.rule == "routes may not pass blocked cities"
    assert resolve_route(west, "CNR", Route("3", (Stop("D8"), Stop("D6"))), 3, YELLOW).revenue == 50


def test_neutral_station_does_not_block(west):
    west.place_token("D6", 0, Token("CN", "GT", neutral=True))
    r = resolve_route(west, "CNR", Route("3", (Stop("D8"), Stop("D6"), Stop("B6"))), 3, YELLOW)
    assert r.revenue == 70


def test_reused_track_between_routes_refused(west):
    a = Route("2", (Stop("D8"), Stop("D6")))
    b = Route("3", (Stop("D8"), Stop("D6"), Stop("B6")))
    with pytest.raises(RuleError) as e:
        check_routes(west, "CNR", [a, b], {"2": 2, "3": 3}, YELLOW)
    assert "E7" in str(e.value) and e.value.rule == "trains of one corporation may not share track"
    # meeting at a city is fine
    c = Route("3", (Stop("D8"), Stop("F8")))
    got = check_routes(west, "CNR", [a, c], {"2": 2, "3": 3}, YELLOW)
    assert [r.revenue for r in got] == [50, 40]


def test_route_needs_a_station_and_two_stops(west):
    with pytest.raises(RuleError) as e:
        resolve_route(west, "CNR", Route("2", (Stop("D6"), Stop("B6"))), 2, YELLOW)
    assert "CNR station" in str(e.value)
    with pytest.raises(RuleError) as e:
        resolve_route(west, "CNR", Route("2", (Stop("D8"),)), 2, YELLOW)
    assert "two stops" in str(e.value)


def test_unconnected_stops_refused(west):
    with pytest.raises(RuleError) as e:
        resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("B6"))), 2, YELLOW)
    assert "no track joins D8 and B6" in str(e.value)
    with pytest.raises(RuleError) as e:
        resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("E7"))), 2, YELLOW)
    assert "E7 has no city, town or off-board" in str(e.value)
    with pytest.raises(RuleError) as e:
        resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("D6", 3))), 2, YELLOW)
    assert "no stop number 3" in str(e.value)


def test_claimed_revenue_checked_unless_trusted(west):
    with pytest.raises(RuleError) as e:
        resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("D6")), revenue=60), 2, YELLOW)
    assert "$50" in str(e.value) and "$60" in str(e.value)
    ok = resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("D6")), revenue=50), 2, YELLOW)
    assert ok.revenue == 50
    trusted = resolve_route(west, "CNR", Route("2", (Stop("D8"), Stop("D6")), revenue=60, trusted=True), 2, YELLOW)
    assert trusted.revenue == 60 and trusted.computed == 50 and trusted.stops == (("D8", 0), ("D6", 0))


def test_via_fixes_the_track_and_accepts_either_direction(west):
    r = resolve_route(west, "CNR", Route("2", (), via=(("D8", "E7", "D6"),)), 2, YELLOW)
    assert r.revenue == 50
    r = resolve_route(west, "CNR", Route("3", (), via=(("B6", "C5", "D6"), ("D8", "E7", "D6"))), 3, YELLOW)
    assert r.stops == (("B6", 0), ("D6", 0), ("D8", 0)) and r.revenue == 70
    with pytest.raises(RuleError):
        resolve_route(west, "CNR", Route("2", (), via=(("D8", "F8", "D6"),)), 2, YELLOW)


@pytest.fixture
def east(title):
    """CPR at G3; G3 -(H2)- I1 (off-board) -(J2)- K3."""
    b = new_board(title)
    b.place_token("G3", 0, Token("CPR", "CPR"))
    b.lay("G3", "57", 1)
    b.lay("H2", "9", 1)
    b.lay("J2", "9", 2)
    b.lay("K3", "57", 2)
    return b


def test_offboard_ends_a_route(east):
    assert resolve_route(east, "CPR", Route("2", (Stop("G3"), Stop("I1"))), 2, YELLOW).revenue == 20 + 40
    with pytest.raises(RuleError) as e:
        resolve_route(east, "CPR", Route("3", (Stop("G3"), Stop("I1"), Stop("K3"))), 3, YELLOW)
    assert "off-board" in str(e.value)
    # the network stops at the off-board too
    r = reach(east, "CPR")
    assert ("I1", 0) in r.nodes and ("K3", 0) not in r.nodes


def test_bonus_hook(east):
    got = resolve_route(east, "CPR", Route("2", (Stop("G3"), Stop("I1"))), 2, BROWN, bonus_fn=lambda s: 7)
    assert got.revenue == 20 + 80 + 7
    assert bonus_1882([("I1", 0), ("B12", 0)]) == 100 and bonus_1882([("I1", 0), ("I13", 0)]) == 0


def test_two_city_hex_node_is_found(title):
    b = new_board(title)
    b.reserve("J10", None, "QLL")
    b.place_token("J10", 1, Token("QLL", "QLL"))
    b.lay("I11", "2", 5)
    r = resolve_route(b, "QLL", Route("2", (Stop("I11"), Stop("J10"))), 2, YELLOW)
    assert r.stops == (("I11", 1), ("J10", 1)) and r.revenue == 50
    with pytest.raises(RuleError):
        resolve_route(b, "QLL", Route("2", (Stop("I11"), Stop("J10", 0))), 2, YELLOW)


def test_routes_search_leaves_track_for_other_routes(title):
    """I5 and K3 are joined directly (via J4) and the long way (via K5, L4). The first route's
    shortest choice would take the only track the second route may use."""
    b = new_board(title)
    b.lay("I5", "63", 0)
    b.lay("K3", "63", 0)
    b.lay("J4", "9", 1)
    b.lay("K5", "8", 1)
    b.lay("L4", "8", 2)
    b.place_token("I5", 0, Token("CPR", "CPR"))
    chains = [c for c in chains_from(b, "I5", 0) if c.end == ("K3", 0)]
    assert [c.hexes for c in chains] == [("I5", "J4", "K3"), ("I5", "K5", "L4", "K3")]
    free = Route("3", (Stop("I5"), Stop("K3")))
    forced = Route("4", (), via=(("K3", "J4", "I5"),))
    got = check_routes(b, "CPR", [free, forced], {"3": 3, "4": 4}, BROWN)
    assert [r.revenue for r in got] == [80, 80]
    assert [c for c, _ in got[0].paths] == ["I5", "K5", "L4", "K3"]
    assert not (got[0].track & got[1].track)
    with pytest.raises(RuleError):
        check_routes(b, "CPR", [forced, Route("3", (), via=(("I5", "J4", "K3"),))], {"3": 3, "4": 4}, BROWN)


# per record, per live run_routes, per route: (revenue, visited stops) as 18xx.games computed them
REFERENCE = {
    '10526': [
        [(50, 'B2-0 C3-0'), (60, 'E5-0 D4-0')],
        [(70, 'I11-1 J10-1')],
        [(120, 'J10-0 G11-0 B12-0')],
        [(90, 'C3-0 D4-0 E5-0')],
        [(70, 'B12-0 G11-0'), (90, 'J10-1 G11-0')],
        [(130, 'J10-0 G11-0 B12-0')],
        [(110, 'B6-0 C3-0 D4-0 E5-0')],
        [(140, 'B12-0 G11-0 J10-1 I11-1')],
        [(150, 'B12-0 G11-0 J10-0')],
        [(160, 'B12-0 G11-0 J10-0 I11-1')],
        [(40, 'F8-0 D8-0')],
        [(180, 'I5-0 N6-0 L8-0 K9-0 J10-0 G11-0')],
        [(160, 'B12-0 G11-0 J10-0 I11-1')],
        [(160, 'B2-0 C3-0 D4-0 E5-0')],
        [(40, 'D8-0 F8-1'), (140, 'J10-0 G11-0 F8-0 D8-0')],
        [(180, 'I5-0 N6-0 L8-0 K9-0 J10-0 G11-0')],
        [(160, 'J10-0 K9-0 L8-0 N6-0 I5-0')],
        [(170, 'B12-0 G11-0 J10-0 I11-1')],
        [(160, 'B2-0 C3-0 D4-0 E5-0')],
        [(310, 'B2-0 C3-0 D6-0 F8-0 G11-0 B12-0')],
        [(40, 'D8-0 F8-1'), (150, 'J10-0 G11-0 F8-0 D8-0')],
        [(230, 'N6-0 L8-0 K9-0 J10-0 G11-0 B12-0')],
        [(170, 'J10-0 K9-0 L8-0 N6-0 I5-0')],
        [(170, 'B12-0 G11-0 J10-0 I11-1')],
        [(170, 'B2-0 C3-0 D4-0 E5-0')],
        [(330, 'B2-0 C3-0 D6-0 F8-0 G11-0 B12-0')],
        [(130, 'B12-0 G11-0 F8-0 D8-0'), (210, 'B2-0 C3-0 D4-0 E5-1 D6-0')],
        [(170, 'J10-0 K9-0 L8-0 N6-0 I5-0')],
        [(250, 'J10-0 K9-0 L8-0 N6-0 K3-0 I1-0')],
        [(180, 'B12-0 G11-0 J10-0 J8-0')],
        [(190, 'B6-0 D6-0 C3-0 D4-0 E5-0')],
        [(330, 'B2-0 C3-0 D6-0 F8-0 G11-0 B12-0')],
    ],
    '5236': [
        [(60, 'L2-0 K3-0'), (40, 'I5-0 K3-0')],
        [(40, 'D8-0 F8-0'), (40, 'G7-0 I5-0')],
        [(60, 'L2-0 K3-0'), (40, 'I5-0 K3-0'), (40, 'G7-0 I5-0')],
        [(40, 'D8-0 F8-0'), (40, 'G7-0 I5-0')],
        [(60, 'L2-0 K3-0'), (40, 'I5-0 K3-0'), (40, 'G7-0 I5-0')],
        [(40, 'D8-0 F8-0'), (50, 'G7-0 I5-0')],
        [(60, 'L2-0 K3-0'), (50, 'K3-0 I5-0'), (50, 'G7-0 I5-0')],
        [(100, 'L2-0 K3-0 I5-0')],
        [(90, 'G11-0 I11-1 J10-0')],
        [(130, 'I11-1 J10-0 J10-1')],
        [(120, 'G7-0 I5-0 K3-0 L2-0')],
        [(110, 'I1-0 K3-0 L2-0')],
        [(80, 'B12-0 G11-0 I11-0'), (160, 'J10-1 J10-0 I11-1 G11-0')],
        [(130, 'I11-1 J10-0 J10-1'), (90, 'J10-1 K9-0 J8-0')],
        [(110, 'I1-0 K3-0 L2-0')],
        [(120, 'G7-0 I5-0 K3-0 L2-0')],
        [(130, 'K9-0 J10-1 J10-0'), (110, 'K3-0 I5-0 E5-0')],
        [(160, 'J10-0 I11-1 G11-0 B12-0')],
        [(160, 'I1-0 K3-0 L2-0')],
        [(200, 'E5-0 I5-0 K3-0 I1-0')],
        [(130, 'L8-0 N6-0 I5-0 E5-0')],
        [(170, 'J10-0 I11-1 G11-0 B12-0'), (120, 'I11-0 G11-0 J12-0 I13-0')],
        [(190, 'I13-0 J12-0 G11-0 I11-1 J10-0')],
        [(210, 'E5-0 I5-0 K3-0 I1-0')],
        [(150, 'L8-0 N6-0 I5-0 E5-0')],
        [(170, 'J10-0 I11-1 G11-0 B12-0'), (120, 'I11-0 G11-0 J12-0 I13-0')],
        [(190, 'I13-0 J12-0 G11-0 I11-1 J10-0')],
        [(230, 'E5-0 I5-0 N6-0 L8-0 K9-1 J10-0')],
        [(190, 'B12-0 G11-0 J12-0 J10-0')],
        [(210, 'E5-0 I5-0 K3-0 I1-0')],
        [(250, 'J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(230, 'E5-0 I5-0 N6-0 L8-0 K9-1 J10-0')],
        [(170, 'J10-0 I11-1 G11-0 B12-0'), (150, 'I11-0 G11-0 J12-0 J10-0')],
        [(190, 'I13-0 J12-0 G11-0 I11-1 J10-0')],
        [(150, 'L8-0 N6-0 I5-0 E5-0')],
        [(190, 'B12-0 G11-0 J12-0 J10-0')],
        [(210, 'E5-0 I5-0 K3-0 I1-0')],
        [(250, 'J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(230, 'E5-0 I5-0 N6-0 L8-0 K9-1 J10-0')],
        [(170, 'B12-0 G11-0 I11-1 J10-0'), (210, 'L8-0 N6-0 I5-0 G3-0 I1-0')],
        [(210, 'L8-0 N6-0 I5-0 G3-0 I1-0')],
        [(250, 'J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(210, 'L8-0 N6-0 I5-0 G3-0 I1-0')],
        [(260, 'I1-0 I5-0 N6-0 L8-0 K9-1 J10-0')],
        [(210, 'L8-0 N6-0 I5-0 G3-0 I1-0')],
        [(600, 'B12-0 G11-0 I11-1 J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 F4-0 G3-0 E5-0 D4-0 C3-0 B2-0')],
        [(330, 'J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 F4-0 G3-0 I1-0')],
        [(250, 'J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(450, 'B12-0 G11-0 J12-0 K9-1 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(210, 'L8-0 N6-0 I5-0 G3-0 I1-0')],
        [(260, 'I1-0 I5-0 N6-0 L8-0 K9-1 J10-0')],
        [(260, 'B6-0 E5-1 D6-0 I5-0 G3-0 I1-0')],
        [(600, 'B12-0 G11-0 I11-1 J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 F4-0 G3-0 E5-0 D4-0 C3-0 B2-0')],
        [(460, 'B12-0 G11-0 G9-0 J8-0 L8-0 N6-0 I5-0 F4-0 G3-0 I1-0')],
        [(250, 'J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(460, 'B12-0 G11-0 G9-0 J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(260, 'B6-0 E5-1 D6-0 I5-0 G3-0 I1-0')],
        [(260, 'I1-0 I5-0 N6-0 L8-0 K9-1 J10-0')],
        [(230, 'B6-0 E5-1 D6-0 I5-0 I1-0')],
        [(560, 'B12-0 G11-0 I11-1 J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 E5-0 D4-0 C3-0 B2-0')],
        [(330, 'J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 F4-0 G3-0 I1-0')],
        [(260, 'J10-0 K9-1 L8-0 N6-0 K3-0 I1-0')],
        [(460, 'B12-0 G11-0 G9-0 J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(260, 'B6-0 E5-1 D6-0 I5-0 G3-0 I1-0')],
        [(260, 'I1-0 I5-0 N6-0 L8-0 K9-1 J10-0')],
        [(560, 'B12-0 G11-0 I11-1 J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 E5-0 D4-0 C3-0 B2-0'), (160, 'M11-0 J10-0 L12-0 J12-0')],
        [(330, 'J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 F4-0 G3-0 I1-0')],
        [(260, 'J10-0 K9-1 L8-0 N6-0 K3-0 I1-0')],
        [(460, 'B12-0 G11-0 G9-0 J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(260, 'B6-0 E5-1 D6-0 I5-0 G3-0 I1-0')],
        [(260, 'B6-0 E5-1 D6-0 I5-0 L8-0 K9-1 J10-0')],
        [(320, 'J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 D6-0 E5-1 B6-0')],
        [(560, 'B12-0 G11-0 I11-1 J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 E5-0 D4-0 C3-0 B2-0'), (160, 'M11-0 J10-0 L12-0 J12-0')],
        [(330, 'J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 F4-0 G3-0 I1-0'), (110, 'J10-0 K9-1 L8-0')],
        [(270, 'J10-0 K9-1 L8-0 I5-0 K3-0 I1-0')],
        [(460, 'B12-0 G11-0 G9-0 J8-0 L8-0 N6-0 I5-0 K3-0 I1-0')],
        [(260, 'B6-0 E5-1 D6-0 I5-0 G3-0 I1-0')],
        [(260, 'B6-0 E5-1 D6-0 I5-0 L8-0 K9-1 J10-0')],
        [(320, 'J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 D6-0 E5-1 B6-0')],
        [(560, 'B12-0 G11-0 I11-1 J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 E5-0 D4-0 C3-0 B2-0'), (160, 'M11-0 J10-0 L12-0 J12-0')],
        [(330, 'J10-0 K9-0 J8-0 L8-0 N6-0 I5-0 F4-0 G3-0 I1-0'), (110, 'J10-0 K9-1 L8-0')],
    ],
    '5585': [
        [(50, 'J10-1 I11-1')],
        [(60, 'B12-0 G11-0')],
        [(60, 'B12-0 G11-0'), (70, 'J10-1 I11-1 G11-0')],
        [(70, 'B12-0 G11-0'), (40, 'I11-1 G11-0'), (50, 'J10-1 I11-1')],
        [(80, 'J10-1 I11-1 G11-0'), (100, 'I13-0 G11-0 B12-0')],
        [(110, 'J10-1 I11-1 G11-0'), (130, 'I13-0 G11-0 B12-0')],
        [(80, 'L2-0 K3-0 I5-0')],
        [(170, 'B12-0 G11-0 I11-1 J10-0')],
        [(120, 'G11-0 I11-1 J10-0'), (130, 'N6-0 L8-0 K9-1 J10-0')],
        [(90, 'L2-0 K3-0 I5-0')],
        [(120, 'J10-0 I11-1 G11-0'), (130, 'I13-0 G11-0 B12-0')],
        [(170, 'B12-0 G11-0 I11-1 J10-0')],
        [(150, 'J10-0 I11-1 G9-0 G11-0'), (130, 'N6-0 L8-0 K9-1 J10-0')],
        [(130, 'I13-0 G11-0 B12-0')],
        [(90, 'L2-0 K3-0 I5-0'), (110, 'K3-0 I1-0')],
        [(170, 'B12-0 G11-0 I11-1 J10-0')],
        [(50, 'D8-0 D6-0')],
        [(150, 'J10-0 I11-1 G9-0 G11-0')],
        [(200, 'J10-0 I11-1 G9-0 G11-0 B12-0')],
        [(140, 'I1-0 K3-0 I5-0')],
        [(150, 'J8-0 G9-0 G11-0 B12-0'), (170, 'K9-1 J10-0 I11-1 G11-0 I13-0')],
        [(350, 'B12-0 G9-0 J8-0 I5-0 K3-0 I1-0')],
        [(80, 'B6-0 D6-0 D8-0')],
        [(150, 'J10-0 I11-1 G9-0 G11-0')],
        [(200, 'J10-0 I11-1 G9-0 G11-0 B12-0')],
        [(150, 'I1-0 K3-0 I5-0')],
        [(160, 'J8-0 G9-0 G11-0 B12-0')],
        [(370, 'B12-0 G9-0 J8-0 I5-0 K3-0 I1-0')],
        [(160, 'J10-0 I11-1 G9-0 B12-0'), (190, 'I5-0 J8-0 L8-0 K9-1 J10-0')],
        [(90, 'B6-0 D6-0 D8-0 F8-1')],
        [(170, 'J10-0 I11-1 G11-0 B12-0'), (150, 'J8-0 G9-0 G11-0 I13-0')],
        [(370, 'B12-0 G9-0 J8-0 I5-0 K3-0 I1-0')],
        [(180, 'N6-0 L8-0 J8-0 G9-0 B12-0')],
        [(110, 'B6-0 D6-0 D8-0 F8-1 G7-0')],
        [(200, 'J10-0 I11-1 G9-0 G11-0 B12-0')],
        [(270, 'J10-0 I11-1 G9-0 K9-0 L8-0 J8-0 I5-0 E5-0')],
        [(220, 'L8-0 J8-0 I5-0 K3-0 I1-0')],
        [(380, 'E5-1 I5-0 J8-0 G9-0 K9-0 L8-0 K9-1 J10-0 I11-1 G11-0 B12-0')],
        [(370, 'B12-0 G9-0 J8-0 I5-0 K3-0 I1-0')],
        [(180, 'N6-0 L8-0 J8-0 G9-0 B12-0')],
        [(120, 'B6-0 D6-0 D8-0 F8-1 G7-0')],
        [(200, 'J10-0 I11-1 G9-0 G11-0 B12-0')],
        [(310, 'J10-0 I11-1 G9-0 K9-0 L8-0 J8-0 I5-0 I1-0')],
        [(260, 'J10-0 J8-0 I5-0 K3-0 I1-0')],
        [(370, 'B12-0 G9-0 J8-0 I5-0 K3-0 I1-0')],
        [(460, 'I1-0 I5-0 J8-0 L8-0 K9-1 J10-0 I11-1 G9-0 B12-0')],
        [(130, 'B6-0 D6-0 D8-0 F8-1 G7-0')],
        [(200, 'J10-0 I11-1 G9-0 G11-0 B12-0')],
        [(310, 'J10-0 I11-1 G9-0 K9-0 L8-0 J8-0 I5-0 I1-0')],
        [(370, 'B12-0 G9-0 J8-0 I5-0 K3-0 I1-0'), (210, 'J10-0 J8-0 L8-0 K3-0 L2-0')],
        [(260, 'J10-0 J8-0 I5-0 K3-0 I1-0')],
        [(510, 'I1-0 I5-0 J8-0 G9-0 K9-0 L8-0 K9-1 J10-0 I11-1 G11-0 B12-0')],
        [(460, 'I1-0 I5-0 J8-0 L8-0 K9-1 J10-0 I11-1 G9-0 B12-0')],
        [(150, 'D6-0 D8-0 F8-1 G7-0 E5-0')],
        [(200, 'J10-0 I11-1 G9-0 G11-0 B12-0')],
        [(460, 'B12-0 G9-0 K9-0 L8-0 J8-0 I5-0 E5-1 F4-0 G3-0 I1-0')],
        [(370, 'B12-0 G9-0 J8-0 I5-0 K3-0 I1-0'), (210, 'J10-0 J8-0 L8-0 K3-0 L2-0')],
        [(260, 'J10-0 J8-0 I5-0 K3-0 I1-0')],
        [(590, 'I1-0 G3-0 F4-0 E5-1 I5-0 J8-0 G9-0 K9-0 L8-0 K9-1 J10-0 I11-1 G11-0 B12-0')],
        [(540, 'I1-0 G3-0 F4-0 E5-1 I5-0 J8-0 L8-0 K9-1 J10-0 I11-1 G9-0 B12-0')],
        [(150, 'D6-0 D8-0 F8-1 G7-0 E5-0')],
        [(200, 'J10-0 I11-1 G9-0 G11-0 B12-0')],
        [(460, 'B12-0 G9-0 K9-0 L8-0 J8-0 I5-0 E5-1 F4-0 G3-0 I1-0')],
        [(370, 'B12-0 G9-0 J8-0 I5-0 K3-0 I1-0'), (210, 'J10-0 J8-0 L8-0 K3-0 L2-0')],
        [(260, 'J10-0 J8-0 I5-0 K3-0 I1-0')],
        [(610, 'B2-0 C3-0 D4-0 E5-0 G7-0 I5-0 J8-0 G9-0 K9-0 L8-0 K9-1 J10-0 I11-1 G11-0 B12-0')],
    ],
    '1882_game_end_bankrupt': [
        [(50, 'L2-0 M3-0'), (60, 'L2-0 K3-0')],
        [(40, 'I5-0 K3-0'), (50, 'L2-0 M3-0'), (60, 'L2-0 K3-0')],
        [(40, 'I5-0 K3-0'), (50, 'L2-0 M3-0'), (60, 'L2-0 K3-0')],
        [(60, 'B12-0 G11-0'), (30, 'G11-0 I11-0'), (50, 'J10-1 I11-0')],
        [(50, 'L2-0 M3-0'), (50, 'K3-0 I5-0'), (70, 'L2-0 K3-0')],
        [(90, 'G11-0 I11-0 J10-0')],
        [(110, 'L2-0 K3-0 I1-0')],
        [(130, 'I11-0 J10-0 J10-1')],
        [(60, 'K3-0 I5-0'), (70, 'K3-0 I1-0'), (110, 'I1-0 K3-0 L2-0')],
        [(150, 'J8-0 K9-0 J10-1 J10-0')],
        [(110, 'L2-0 K3-0 I1-0')],
        [(70, 'K3-0 I1-0'), (100, 'K3-0 I5-0 E5-1'), (110, 'I1-0 K3-0 L2-0')],
        [(160, 'J8-0 K9-0 J10-1 J10-0')],
        [(130, 'J10-1 J10-0 I11-0')],
        [(110, 'L2-0 K3-0 I1-0')],
        [(70, 'K3-0 I1-0'), (100, 'K3-0 I5-0 E5-1'), (110, 'I1-0 K3-0 L2-0')],
        [(160, 'J8-0 K9-0 J10-1 J10-0')],
        [(240, 'B12-0 G11-0 I5-0 I1-0')],
        [(130, 'J10-1 J10-0 I11-0')],
        [(110, 'I1-0 I5-0 E5-1')],
        [(300, 'B12-0 G11-0 I5-0 I1-0')],
        [(150, 'I1-0 K3-0 I5-0'), (160, 'I1-0 K3-0 L2-0')],
        [(190, 'I1-0 I5-0 J8-0 G11-0')],
    ],
    'hs_fxmfdndg_26178': [
        [(50, 'D8-0 D6-0')],
        [(60, 'G11-0 B12-0')],
    ],
    'hs_iopxwxht_26178': [
        [(50, 'D8-0 D6-0')],
        [(60, 'G11-0 B12-0')],
    ],
    'hs_kufujwkw_26178': [
        [(50, 'D8-0 D6-0')],
        [(60, 'G11-0 B12-0')],
    ],
}


# ----------------------------------------------------------------------------- records
def live_actions(actions):
    """The record's actions still in force after its undos and redos (the importer's filter)."""
    return [a for a in _importer_live_actions(actions) if a]


HOMES = {"CNR": "D8", "HBR": "G11", "CPR": "I5", "GT": "L8", "QLL": "J10"}
TRAIN_ORDER = ["2", "3", "4", "5", "6", "D"]


def _seed(d):
    s = (d.get("settings") or {}).get("seed")
    if s in (None, ""):
        m = re.search(r"\d+", str(d.get("id", "")))
        s = int(m.group(0)) if m else 0
    return int(s)


def _nwr_train(seed):
    state = (1103515245 * (seed % 2**31) + 12345) % 2**31
    return ["3", "4", "5", "6"][state % 4] + "-0"


def _split(s):
    i = s.rindex("-")
    return s[:i], s[i + 1:]


def replay_map(title, record, on_routes, check_lays=True, after=None):
    """Apply a record's map actions to a fresh board; call on_routes(action, board, phase) and
    after(action, board) once each action is applied."""
    d, cat = title
    phases = {p["name"]: tuple(p["tiles"]) for p in d["phases"]}
    b = Board(d, cat)
    for corp, h in HOMES.items():
        b.reserve(h, None, corp)
    tile_hex: dict = {}
    phase = "2"
    nwr = _nwr_train(_seed(record))
    bought: set = set()
    started: set = set()
    home_of: dict = {}
    lifted: list = []
    nwr_owner = None
    refused = []

    def city_ref(cid):
        tid, part = _split(cid)
        coord = tile_hex.get(tid) or _split(tid)[0]
        return coord, b.city_index_of_node(coord, int(part))

    acts = []
    for a in live_actions(record["actions"]):
        acts.append(a)
        acts.extend(a.get("auto_actions") or ())
    for a in acts:
        t, ent = a["type"], a.get("entity")
        corp_act = a.get("entity_type") == "corporation"
        if corp_act and ent not in started:
            started.add(ent)
            if ent in HOMES and not (ent == "QLL" and t == "place_token"):
                city = 1 if ent == "QLL" else 0
                b.place_token(HOMES[ent], city, Token(ent, ent))
                home_of[ent] = HOMES[ent]
        corp = ent if corp_act else nwr_owner
        if t == "lay_tile":
            name = _split(a["tile"])[0]
            if check_lays:
                try:
                    b.check_lay(corp, a["hex"], name, a["rotation"], phases[phase])
                except RuleError as e:
                    refused.append((a["id"], str(e)))
            res = b.lay(a["hex"], name, a["rotation"])
            tile_hex[a["tile"]] = a["hex"]
            lifted.extend(res.lifted_tokens)
        elif t == "place_token":
            coord, city = city_ref(a["city"])
            back = next((x for x in lifted if corp in (x.corp, x.laid_by)), None)
            if back is not None:
                lifted.remove(back)
                b.place_token(coord, city, back)
                if after:
                    after(a, b)
                continue
            tok = Token("CN", corp, True) if a.get("token_type") == "neutral" else Token(corp, corp)
            slot = a.get("slot")
            slots = b.slots(coord, city)
            if slot is not None and slot < len(slots) and slots[slot] is not None:
                b.place_token(coord, city, tok, slot=slot)      # SC home on a neutral station
            else:
                if check_lays and not tok.neutral and corp_act and ent in home_of:
                    try:
                        b.check_token(corp, coord, city, token=tok)
                    except RuleError as e:
                        refused.append((a["id"], str(e)))
                b.place_token(coord, city, tok)
            home_of.setdefault(corp, coord)
        elif t == "remove_token":
            coord, city = city_ref(a["city"])
            tok = b.remove_token(coord, city, a["slot"])
            nwr_owner = tok.corp
            if home_of.get(tok.corp) == coord:
                b.place_token(coord, city, Token("CN", "CN", True), slot=a["slot"])
        elif t == "buy_train":
            tid = a["train"]
            name = _split(tid)[0]
            if TRAIN_ORDER.index(name) > TRAIN_ORDER.index(phase):
                phase = name
            if tid == nwr and tid not in bought:
                for c in b.hex_coords():
                    pt = b.tile(c)
                    if "NWR" in pt.icons and pt.color == "yellow" and not pt.printed:
                        b.downgrade(c)
            bought.add(tid)
        elif t == "run_routes":
            on_routes(a, b, phases[phase])
        if after:
            after(a, b)
    return refused


def _routes_of(a, trusted):
    out = []
    for r in a["routes"]:
        via = tuple(tuple(s) for s in r.get("connections") or ())
        rev = r.get("revenue") if trusted else None
        out.append(Route(train=_split(r["train"])[0], stops=(), via=via, revenue=rev, trusted=rev is not None))
    return out


RECORDS = sorted(REFERENCE)


@pytest.mark.parametrize("name", RECORDS)
def test_record_routes_match_18xx_games(title, name):
    path = FIXTURES / f"{name}.json"
    assert path.exists(), f"missing fixture {path}"
    record = json.loads(path.read_text())
    dist = {t["name"]: t["distance"] for t in title[0]["trains"]}
    expected = iter(REFERENCE[name])
    seen = {"runs": 0, "routes": 0, "stored": 0}

    def on_routes(a, b, colors):
        want = next(expected)
        routes = _routes_of(a, trusted=False)
        got = check_routes(b, a["entity"], routes, {r.train: dist[r.train] for r in routes}, colors, bonus_1882)
        assert [r.revenue for r in got] == [w[0] for w in want], f"action {a['id']}"
        for r, (_, stops) in zip(got, want):
            assert sorted(f"{c}-{k}" for c, k in r.stops) == sorted(stops.split()), f"action {a['id']}"
        for r, raw in zip(got, a["routes"]):
            if "revenue" in raw:                       # revenue stored by 18xx.games itself
                assert r.revenue == raw["revenue"], f"action {a['id']}"
                seen["stored"] += 1
        seen["runs"] += 1
        seen["routes"] += len(got)

    refused = replay_map(title, record, on_routes)
    assert refused == []                    # every recorded lay/station passes the full rule check
    assert seen["runs"] == len(REFERENCE[name])
    assert next(expected, None) is None
    if name.startswith("hs_") or name.endswith("bankrupt"):
        assert seen["stored"] == seen["routes"] > 0


def test_graph_matches_18xx_games_on_loops(title):
    """Two states of record 5585 where a network loops back into a stop; the expected reach is
    what the 18xx.games engine computed (Graph#connected_hexes / connected_nodes)."""
    path = FIXTURES / "5585.json"
    assert path.exists(), f"missing fixture {path}"
    record = json.loads(path.read_text())
    seen = {}

    def after(a, b):
        if a.get("id") == 647:
            # SC reaches J6 (a Y junction) only from I5; J8 beyond is entered again only through
            # itself, so J6's third side (edge 1, toward K5) is out of reach
            r = reach(b, "SC")
            seen[647] = (r.edges["J6"], r.edges["K5"])
        if a.get("id") == 908:
            # CN reaches the K9 town from I9 and leaves it toward M9, N10 and M11
            r = reach(b, "CN")
            seen[908] = (r.edges.get("K11"), ("M11", 1) in r.nodes, ("L12", 0) in r.nodes)

    replay_map(title, record, lambda *x: None, check_lays=False, after=after)
    assert seen[647] == ({2, 5}, {3})
    assert seen[908] == ({0}, True, True)


def test_stored_revenue_is_trusted(title):
    path = FIXTURES / "1882_game_end_bankrupt.json"
    assert path.exists(), f"missing fixture {path}"
    record = json.loads(path.read_text())
    dist = {t["name"]: t["distance"] for t in title[0]["trains"]}
    n = [0]

    def on_routes(a, b, colors):
        routes = _routes_of(a, trusted=True)
        got = check_routes(b, a["entity"], routes, {r.train: dist[r.train] for r in routes}, colors, bonus_1882)
        for r, raw in zip(got, a["routes"]):
            assert r.revenue == raw["revenue"] and r.stops
            n[0] += 1

    replay_map(title, record, on_routes, check_lays=False)
    assert n[0] == 39


