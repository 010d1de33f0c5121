"""Map layer: coordinates, tile rotation, lay and upgrade rules, river borders, station tokens
and the track graph, on boards built from the real 1882 title data."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.engine import hexgrid
from pbem.engine.board import Board, Token
from pbem.engine.graph import reach
from pbem.engine.tiles import (
    city_edges, distinct_rotations, exits, node_revenue, rotated_paths,
)
from pbem.errors import RuleError

DATA = Path(__file__).resolve().parent.parent / "pbem" / "titles" / "data"
AXES_1882 = {"x": "number", "y": "letter"}
YELLOW = ("yellow",)
GREEN = ("yellow", "green")
BROWN = ("yellow", "green", "brown")


@pytest.fixture
def board(title) -> Board:
    return Board(*title)


# ----------------------------------------------------------------------------- hexgrid
def test_neighbours_of_k3_with_1882_axes():
    want = ["M3", "L2", "J2", "I3", "J4", "L4"]
    assert [hexgrid.neighbor("K3", e, AXES_1882) for e in range(6)] == want
    xy = hexgrid.parse("K3", AXES_1882)
    assert xy == (2, 10)                         # x = number - 1, y = letter index
    assert [hexgrid.format_coord(hexgrid.neighbor(xy, e), AXES_1882) for e in range(6)] == want


def test_neighbours_of_j10_and_default_axes():
    assert [hexgrid.neighbor("J10", e, AXES_1882) for e in range(6)] == ["L10", "K9", "I9", "H10", "I11", "K11"]
    # 1861 uses the default axes (letter = x)
    assert [hexgrid.neighbor("H8", e) for e in range(6)] == ["H10", "G9", "G7", "H6", "I7", "I9"]


def test_parse_format_opposite_direction():
    for c in ("A11", "N12", "B2", "AA3"):
        assert hexgrid.format_coord(hexgrid.parse(c, AXES_1882), AXES_1882) == c
    assert [hexgrid.opposite(e) for e in range(6)] == [3, 4, 5, 0, 1, 2]
    g = hexgrid.Grid(AXES_1882)
    assert g.direction("K3", "L2") == 1 and g.direction("K3", "K5") is None
    assert g.distance("I5", "K3") == 2
    with pytest.raises(ValueError):
        hexgrid.parse("3K", AXES_1882)


def test_board_neighbours_and_links(board):
    assert [board.neighbor("K3", e) for e in range(6)] == ["M3", "L2", "J2", "I3", "J4", "L4"]
    assert board.neighbor("B10", 3) is None               # off the map
    assert board.link("K3", 1) == "L2"                    # gray L2 has track toward K3
    assert board.link("D10", 2) is None                   # C9's blank gray side
    assert board.link("E9", 3) == "C9"


# ----------------------------------------------------------------------------- tiles
def test_tile_rotation(title):
    _, cat = title
    assert rotated_paths(cat["7"], 4) == ((4, 5),)        # format note: tile 7 rotated 4 joins 4 and 5
    assert exits(cat["57"], 1) == {1, 4}
    assert city_edges(cat["59"], 2) == [{2}, {4}]
    assert city_edges(cat["R1"], 1) == [{1, 2}, {3, 4}]
    assert distinct_rotations(cat["9"]) == [0, 1, 2]
    assert distinct_rotations(cat["63"]) == [0]
    assert len(distinct_rotations(cat["7"])) == 6


def test_catalogue_and_revenue(title):
    d, cat = title
    assert set(cat) == set(d["tiles"])
    assert cat["R1"].color == "green" and cat["R1"].label == "R" and len(cat["R1"].city_nodes) == 2
    assert cat["14"].nodes[0].slots == 2
    b = Board(*title)
    i1 = b.tile("I1").def_.nodes[0]
    assert node_revenue(i1, ("yellow",)) == 40
    assert node_revenue(i1, ("yellow", "green")) == 40
    assert node_revenue(i1, ("yellow", "green", "brown")) == 80
    b6 = b.tile("B6").def_.nodes[0]
    assert b6.visit_cost == 0 and b6.optional


def test_printed_tiles(board):
    j10 = board.tile("J10")
    assert j10.printed and j10.color == "yellow" and j10.label == "R" and j10.exits == {1, 4}
    assert board.city_count("J10") == 2 and board.city_node("J10", 1) == 1
    assert board.city_index_of_node("J10", 1) == 1
    assert board.tile("E5").icons == ("NWR",) and board.tile("E5").label == "OO"
    assert board.tile("M3").def_.upgrade_cost == 40


# ----------------------------------------------------------------------------- lays and upgrades
def test_lay_needs_a_connection(board):
    board.place_token("D8", 0, Token("CNR", "CNR"))
    assert board.legal_rotations("CNR", "E7", "8", YELLOW) == [2, 4]
    q = board.check_lay("CNR", "E7", "8", 2, YELLOW)
    assert q.cost == 0 and not q.upgrade
    with pytest.raises(RuleError) as e:
        board.check_lay("CNR", "I5", "57", 1, YELLOW)
    assert "CNR cannot reach" in str(e.value)
    assert e.value.rule == "new track must connect to the corporation's network"
    board.check_lay("CNR", "I5", "57", 1, YELLOW, check_connection=False)
    lays = board.legal_lays("CNR", YELLOW)
    assert ("E7", "8", [2]) in lays or any(c == "E7" and n == "8" for c, n, _ in lays)
    assert all(c in ("E7", "F8", "E9") for c, _, _ in lays)


def test_home_hex_without_track_accepts_any_exit(board):
    board.reserve("G11", None, "HBR")
    board.place_token("G11", 0, Token("HBR", "HBR"))
    assert board.legal_rotations("HBR", "G11", "57", YELLOW) == [0, 1, 2, 3, 4, 5]


def test_upgrade_keeps_track(board):
    board.lay("G7", "57", 0)                                # city, edges 0 and 3
    board.check_lay(None, "G7", "14", 0, GREEN, check_connection=False)   # 14: 0,1,3,4
    board.check_lay(None, "G7", "15", 0, GREEN, check_connection=False)   # 15: 0,1,2,3
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "G7", "14", 1, GREEN, check_connection=False)
    assert "does not keep the existing track" in str(e.value) and "legal rotations: 0, 2, 3, 5" in str(e.value)
    assert board.legal_rotations(None, "G7", "15", GREEN, check_connection=False) == [0, 3]
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "G7", "14", 0, YELLOW, check_connection=False)
    assert "green tiles are not available" in str(e.value)
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "G7", "23", 0, GREEN, check_connection=False)
    assert "city" in str(e.value)


def test_colour_steps_and_town_counts(board):
    board.lay("H6", "7", 0)
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "H6", "57", 0, GREEN, check_connection=False)     # 7 -> 57: both yellow
    assert e.value.rule == "tiles upgrade one colour at a time"
    with pytest.raises(RuleError):
        board.check_lay(None, "K5", "14", 0, GREEN, check_connection=False)     # white straight to green
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "K9", "3", 0, YELLOW, check_connection=False)     # two towns, tile has one
    assert "town" in str(e.value)
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "I1", "57", 0, YELLOW, check_connection=False)
    assert "red hex" in str(e.value)


def test_r_label_on_j10(board):
    board.reserve("J10", None, "QLL")
    board.place_token("J10", 1, Token("QLL", "QLL"))
    for name in ("59", "14", "15"):
        with pytest.raises(RuleError) as e:
            board.check_lay("QLL", "J10", name, 1, GREEN)
        assert "labelled R" in str(e.value)
    assert board.legal_rotations("QLL", "J10", "R1", GREEN) == [1, 4]
    with pytest.raises(RuleError):
        board.check_lay("QLL", "J10", "R2", 1, BROWN)       # brown straight onto yellow
    board.lay("J10", "R1", 1)
    assert board.slots("J10", 1) == [Token("QLL", "QLL")]   # city with edge 4 keeps QLL
    assert board.legal_rotations("QLL", "J10", "R2", BROWN) == [1]
    board.lay("J10", "R2", 1)
    assert board.slots("J10", 0) == [Token("QLL", "QLL"), None]


def test_track_may_not_leave_the_map(board):
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "B10", "9", 0, YELLOW, check_connection=False)
    assert "off the map at edge 3" in str(e.value)
    assert e.value.rule == "new track may not end at the map edge or a blank red/gray side"
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "D10", "9", 2, YELLOW, check_connection=False)
    assert "blank side of C9" in str(e.value)
    board.check_lay(None, "E9", "9", 0, YELLOW, check_connection=False)  # C9 has track on that side


def test_rotation_from_named_edges(board):
    assert board.rotation_for_edges("G7", "57", [1, 4]) == 1
    assert board.rotation_for_edges("G7", "57", [3, 0]) == 0
    with pytest.raises(RuleError) as e:
        board.rotation_for_edges("G7", "8", [0])
    assert len(e.value.legal) == 2
    with pytest.raises(RuleError):
        board.rotation_for_edges("B10", "9", [0, 3])           # runs off the map
    board.lay("G7", "57", 0)
    assert board.rotation_for_edges("G7", "15", [0, 1, 2, 3]) == 0


def test_supply_is_limited_and_replaced_tiles_return(board):
    for h in ("G7", "G9", "J12", "C11"):
        board.lay(h, "57", 0)
    assert board.supply("57") == 0
    with pytest.raises(RuleError) as e:
        board.check_lay(None, "L8", "57", 0, YELLOW, check_connection=False)
    assert "no tile 57 is left" in str(e.value)
    board.lay("G7", "14", 0)
    assert board.supply("57") == 1 and board.supply("14") == 2
    board.check_lay(None, "L8", "57", 0, YELLOW, check_connection=False)
    assert board.supply("R1") == 1 and board.supply("nope") == 0


# ----------------------------------------------------------------------------- costs
def test_river_border_paid_once_by_the_completing_lay(board):
    # K11 edge 3 and I11 edge 0 share a $40 river
    q = board.check_lay(None, "K11", "9", 0, YELLOW, check_connection=False)
    assert q.cost_borders == 0 and q.crossings == 0           # nothing on the far side yet
    board.lay("K11", "9", 0)
    assert 3 in board.borders("K11")
    q = board.check_lay(None, "I11", "55", 0, YELLOW, check_connection=False)  # towns 0-3 and 1-4
    assert q.cost_borders == 40 + 40 and q.crossings == 2    # edge 0 (K11) and edge 1 (J10 track)
    r = board.lay("I11", "55", 0)
    assert r.cost_borders == 80 and r.crossings == 2
    assert 3 not in board.borders("K11") and 0 not in board.borders("I11")
    board.lay("K11", "24", 0)                       # green upgrade keeping edge 3: nothing to pay
    assert board.check_lay(None, "K11", "43", 0, BROWN, check_connection=False).cost_borders == 0


def test_terrain_cost_is_the_old_tiles(board):
    q = board.check_lay(None, "M3", "3", 2, YELLOW, check_connection=False)
    assert q.cost_terrain == 40 and q.cost_borders == 0
    assert board.legal_rotations(None, "M3", "4", YELLOW, check_connection=False) == []   # M3 is on the map edge
    board.lay("M3", "3", 2)
    assert board.tile("M3").def_.upgrade_cost == 0


# ----------------------------------------------------------------------------- tokens
def test_reserved_home_slot(board):
    board.reserve("G11", None, "HBR")
    assert board.reserved("G11", 0) == ["HBR"]
    with pytest.raises(RuleError) as e:
        board.check_token("CNR", "G11", 0, need_connection=False)
    assert "reserved for HBR" in str(e.value)
    board.check_token("HBR", "G11", 0, need_connection=False)
    board.place_token("G11", 0, Token("HBR", "HBR"))
    assert board.reserved("G11", 0) == [None]
    with pytest.raises(RuleError) as e:
        board.check_token("CNR", "G11", 0, need_connection=False)
    assert "no free slot" in str(e.value)
    board.lay("G11", "57", 1)
    board.lay("G11", "14", 1)
    assert board.slots("G11", 0) == [Token("HBR", "HBR"), None]
    board.check_token("CNR", "G11", 0, need_connection=False)
    with pytest.raises(RuleError) as e:
        board.check_token("HBR", "G11", 0, need_connection=False)
    assert "already has a station" in str(e.value)
    # a neutral station may join the corporation's own; only one neutral per hex
    neutral = Token("CN", "HBR", True)
    board.check_token("HBR", "G11", 0, need_connection=False, token=neutral)
    board.place_token("G11", 0, neutral)
    assert board.cities_with_free_slot().count(("G11", 0)) == 0


def test_one_neutral_per_hex(board):
    board.lay("G7", "57", 0)
    board.lay("G7", "14", 0)
    board.place_token("G7", 0, Token("CN", "GT", True))
    with pytest.raises(RuleError) as e:
        board.check_token("HBR", "G7", 0, need_connection=False, token=Token("CN", "HBR", True))
    assert "neutral" in str(e.value)
    board.check_token("HBR", "G7", 0, need_connection=False)


def test_hex_reservation_of_two_city_home(board):
    board.reserve("J10", None, "QLL")
    assert board.tile_reservations("J10") == ["QLL"]
    board.check_token("GT", "J10", 0, need_connection=False)       # one city remains for QLL
    board.place_token("J10", 0, Token("GT", "GT"))
    with pytest.raises(RuleError) as e:
        board.check_token("CPR", "J10", 1, need_connection=False)
    assert "reserved for QLL" in str(e.value)
    board.place_token("J10", 1, Token("QLL", "QLL"))
    assert board.tile_reservations("J10") == []


def test_sc_home_replaces_a_neutral_slot(board):
    board.place_token("K3", 0, Token("CN", "GT", True))
    slot = board.place_token("K3", 0, Token("SC", "SC"), slot=0)
    assert slot == 0 and board.slots("K3", 0) == [Token("SC", "SC")]
    assert board.tokens_of("SC") == [("K3", 0, 0)] and board.tokens_of("CN") == []
    assert board.remove_token("K3", 0, 0) == Token("SC", "SC")
    with pytest.raises(RuleError):
        board.remove_token("K3", 0, 0)


def test_blocked_city_and_graph(board):
    # CNR at D8; D8 -(E7)- D6 -(C5)- B6
    board.place_token("D8", 0, Token("CNR", "CNR"))
    board.lay("E7", "8", 2)
    board.lay("D6", "57", 2)
    board.lay("C5", "7", 4)
    r = reach(board, "CNR")
    assert {("D8", 0), ("D6", 0), ("B6", 0)} <= r.nodes
    assert r.route_nodes == 2 and r.route_available
    assert ("D6", 0) in r.tokenable_cities
    board.place_token("D6", 0, Token("GT", "GT"))
    assert board.blocks("D6", 0, "CNR") and not board.blocks("D6", 0, "GT")
    r = reach(board, "CNR")                           # recomputed: the board changed
    assert ("D6", 0) in r.nodes and ("B6", 0) not in r.nodes and "C5" not in r.hexes
    assert r.tokenable_cities == ()
    with pytest.raises(RuleError):
        board.check_token("CNR", "D6", 0)
    board.remove_token("D6", 0, 0)
    board.place_token("D6", 0, Token("CN", "GT", True))
    assert not board.blocks("D6", 0, "CNR")
    assert ("B6", 0) in reach(board, "CNR").nodes


def test_reach_is_cached_until_the_board_changes(board):
    board.place_token("D8", 0, Token("CNR", "CNR"))
    a = reach(board, "CNR")
    assert reach(board, "CNR") is a
    v = board.version
    board.lay("E7", "8", 2)
    assert board.version > v
    b = reach(board, "CNR")
    assert b is not a and "D6" in b.edges and "D6" not in a.edges


def test_fishing_exit_alone_is_an_optional_route(board):
    board.place_token("D6", 0, Token("HBR", "HBR"))
    board.lay("D6", "57", 0)                       # edges 0 and 3: B6 is across edge 3
    r = reach(board, "HBR")
    assert ("B6", 0) in r.nodes
    assert r.route_nodes == 1 and r.optional_route and r.route_available


def test_lay_moves_tokens_and_lifts_them_from_new_multi_city_tiles(board):
    board.place_token("G7", 0, Token("GT", "GT"))
    board.lay("G7", "57", 0)
    assert board.slots("G7", 0) == [Token("GT", "GT")]
    r = board.lay("G7", "15", 0)
    assert r.lifted_tokens == () and board.slots("G7", 0) == [Token("GT", "GT"), None]
    # printed OO city without track, a token on it, then a two-city tile: the token is lifted
    board.place_token("E5", 1, Token("HBR", "HBR"))
    r = board.lay("E5", "59", 2)
    assert r.lifted_tokens == (Token("HBR", "HBR"),)
    assert board.slots("E5", 0) == [None] and board.slots("E5", 1) == [None]


def test_nwr_downgrade_restores_printed_tile(board):
    board.place_token("D6", 0, Token("CNR", "CNR"))
    before = board.supply("57")
    board.lay("D6", "57", 2)
    assert board.supply("57") == before - 1
    name = board.downgrade("D6")
    assert name == "57" and board.tile("D6").printed and board.supply("57") == before
    assert board.slots("D6", 0) == [Token("CNR", "CNR")]          # the station stays
    assert board.borders("D6") == {b.edge: b for b in board.printed_tile("D6").borders}
    assert "NWR" in board.tile("D6").icons
    assert board.downgrade("D6") == board.tile("D6").name         # printed already: no change


def test_downgrade_restores_crossed_river(board):
    board.lay("F6", "9", 0)                         # F6 edge 3 faces D6 edge 0 ($40)
    q = board.check_lay(None, "D6", "57", 0, YELLOW, check_connection=False)
    assert q.crossings == 1 and q.cost_borders == 40
    board.lay("D6", "57", 0)
    assert 0 not in board.borders("D6") and 3 not in board.borders("F6")
    board.downgrade("D6")
    # the rebel hex gets its river back; F6's side stays gone (F6 no longer shows its printed tile),
    # as in 18xx.games, so the crossing is paid again when D6 is rebuilt
    assert 0 in board.borders("D6") and 3 not in board.borders("F6")
    assert board.check_lay(None, "D6", "57", 0, YELLOW, check_connection=False).cost_borders == 40



def test_loading_mode_keeps_only_18xx_games_replay_checks(board):
    # 18xx.games skips rotation and connection checks while it replays a record
    board.check_lay(None, "B10", "9", 0, YELLOW, loading=True)          # would run off the map
    board.lay("G7", "57", 0)
    board.check_lay("CNR", "G7", "14", 1, GREEN, loading=True)          # track kept in another rotation
    with pytest.raises(RuleError):
        board.check_lay(None, "G7", "23", 0, GREEN, loading=True)       # but never a city lost
    with pytest.raises(RuleError):
        board.check_lay(None, "G7", "14", 0, YELLOW, loading=True)      # nor a colour out of phase


def test_snapshot_lists_changed_hexes(board):
    board.lay("G7", "57", 1)
    board.place_token("G7", 0, Token("GT", "GT"))
    snap = board.snapshot()
    assert snap["G7"]["tile"] == "57" and snap["G7"]["rotation"] == 1
    assert snap["G7"]["tokens"] == [[("GT", "GT", False)]]
    assert "K3" not in snap


def test_track_through_the_k9_towns_and_l8_reaches_m7(board):
    """Issue 9: a connection to M7 through K9 and L8. QLL's station in Regina (J10, city on
    edge 1) -> a double-town tile on K9 joining edges 4 and 1 -> Assiniboia (L8) -> M7."""
    board.place_token("J10", 0, Token("QLL", "QLL"))
    board.lay("K9", "55", 0)                          # towns on 0-3 and 1-4
    board.lay("L8", "57", 1)                          # city on edges 1 and 4
    r = reach(board, "QLL")
    assert ("K9", 1) in r.nodes and ("L8", 0) in r.nodes and r.edges.get("M7") == {4}
    lays = {name: rots for coord, name, rots in board.legal_lays("QLL", YELLOW) if coord == "M7"}
    assert lays and all(any(4 in e for e in board.catalogue[n].rot(r).path_edges) for n, rs in lays.items()
                        for r in rs)
    board.check_lay("QLL", "M7", "7", 3, YELLOW)     # edges 3 and 4: joins L8
    # a neutral station in the one-slot L8 does not block QLL
    board.place_token("L8", 0, Token("CN", "GT", True))
    assert reach(board, "QLL").edges.get("M7") == {4}


def test_a_full_l8_blocks_the_way_to_m7_until_upgraded(board):
    board.place_token("J10", 0, Token("QLL", "QLL"))
    board.lay("K9", "2", 1)                           # the other double-town tile: towns on 1-4 and 2-3
    board.lay("L8", "57", 1)
    board.place_token("L8", 0, Token("GT", "GT"))
    r = reach(board, "QLL")
    assert ("L8", 0) in r.nodes and "M7" not in r.edges
    with pytest.raises(RuleError):
        board.check_lay("QLL", "M7", "7", 3, YELLOW)
    board.lay("L8", "14", 0)                          # two slots, one free: passable again
    assert reach(board, "QLL").edges.get("M7") == {4}
    board.check_lay("QLL", "M7", "7", 3, GREEN)
