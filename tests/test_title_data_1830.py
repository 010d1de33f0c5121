"""The transcribed 1830 data (pbem/titles/g1830/data.json): the map, tiles, market, trains,
phases, privates and corporations as the published game has them, and a game set up from it."""
import pytest

from pbem.engine import hexgrid
from pbem.engine.game import Game
from pbem.titles import load_title, title_data
from pbem.titles.registry import tile_data


@pytest.fixture(scope="module")
def d():
    return title_data("1830")


def hexes(d):
    return {h["coord"]: h for h in d["hexes"]}


def test_map_has_every_hex_once_on_doubled_pointy_coordinates(d):
    coords = [h["coord"] for h in d["hexes"]]
    assert len(coords) == len(set(coords)) == 93
    for c in coords:
        x, y = hexgrid.parse(c, d["axes"])
        assert (x + y) % 2 == 0, c
    assert d["layout"] == "pointy" and d["axes"] == {"x": "number", "y": "letter"}
    colors = [h["color"] for h in d["hexes"]]
    assert (colors.count("red"), colors.count("gray"), colors.count("yellow")) == (7, 12, 7)


def test_known_hexes(d):
    h = hexes(d)
    ny = h["G19"]["def"]
    assert ny["label"] == "NY" and [n["revenue"] for n in ny["nodes"]] == [40, 40]
    assert ny["upgrade"] == {"cost": 80, "terrain": ["water"]}
    assert h["F2"]["def"]["nodes"][0]["revenue"] == {"yellow": 40, "brown": 70}
    assert h["F16"]["def"]["upgrade"]["cost"] == 120 and h["F16"]["def"]["nodes"][0]["kind"] == "city"
    assert [n["kind"] for n in h["G7"]["def"]["nodes"]] == ["town", "town"]
    assert h["A11"]["def"]["nodes"][0]["groups"] == ["Canada"]
    assert "def" not in h["I13"] and h["I13"]["color"] == "white"
    assert d["location_names"]["E23"] == "Boston"


def test_impassable_borders_face_each_other(d):
    h = hexes(d)
    grid = hexgrid.Grid(d["axes"], d["layout"])
    sides = set()
    for coord, hx in h.items():
        for b in hx.get("def", {}).get("borders", []):
            if b["type"] != "impassable":
                continue
            other = grid.neighbor(coord, b["edge"])
            back = [o for o in h[other].get("def", {}).get("borders", []) if o["edge"] == (b["edge"] + 3) % 6]
            assert back and back[0]["type"] == "impassable", (coord, other)
            sides.add(frozenset((coord, other)))
    assert len(sides) == 4       # E7|F8, C11|D12, C13|D12, B16|C17


def test_tile_manifest(d):
    cat = tile_data()
    assert len(d["tiles"]) == 46 and sum(d["tiles"].values()) == 85
    for name in d["tiles"]:
        assert name in cat, name
    assert cat["53"]["label"] == "B" and cat["61"]["label"] == "B" and cat["61"]["color"] == "brown"
    assert cat["54"]["label"] == "NY" and cat["62"]["color"] == "brown"
    assert [n["slots"] for n in cat["62"]["nodes"]] == [2, 2]
    assert cat["64"]["label"] == cat["65"]["label"] == "OO" and "nodes" not in cat["70"]


def test_market_trains_phases(d):
    m = d["market"]
    assert len(m) == 11 and len(m[0]) == 19 and m[0][-1] == "350"
    assert [r[6] for r in m[:7]] == ["100p", "90p", "82p", "76p", "71p", "67p", "67"]
    assert not any(c.endswith("e") for r in m for c in r)
    assert [(t["name"], t["price"], t["count"], t["rusts_on"]) for t in d["trains"]] == [
        ("2", 80, 6, "4"), ("3", 180, 5, "6"), ("4", 300, 4, "D"), ("5", 450, 3, None),
        ("6", 630, 2, None), ("D", 1100, None, None)]
    assert d["trains"][-1]["discount"] == {"4": 300, "5": 300, "6": 300}
    assert [p["train_limit"] for p in d["phases"]] == [4, 4, 3, 2, 2, 2]
    assert [p["operating_rounds"] for p in d["phases"]] == [1, 2, 2, 3, 3, 3]
    assert d["bank"] == 12000 and d["cert_limit"] == {"2": 28, "3": 20, "4": 16, "5": 13, "6": 11}


def test_privates_and_corporations(d):
    comps = {c["sym"]: c for c in d["companies"]}
    assert [(s, c["value"], c["revenue"]) for s, c in comps.items()] == [
        ("SV", 20, 5), ("CS", 40, 10), ("DH", 70, 15), ("MH", 110, 20), ("CA", 160, 25), ("BO", 220, 30)]
    assert comps["BO"]["blocks_hexes"] == ["I13", "I15"]
    corps = {c["sym"]: c for c in d["corporations"]}
    assert list(corps) == ["PRR", "NYC", "CPR", "B&O", "C&O", "ERIE", "NYNH", "B&M"]
    assert {s: c["home"] for s, c in corps.items()} == {
        "PRR": "H12", "NYC": "E19", "CPR": "A19", "B&O": "I15", "C&O": "F6", "ERIE": "E11",
        "NYNH": "G19", "B&M": "E23"}
    assert [len(c["tokens"]) for c in corps.values()] == [4, 4, 4, 3, 3, 3, 2, 2]
    assert all(c["float_percent"] == 60 for c in corps.values())


def test_a_new_game_starts_with_the_auction_and_reserves_the_private_paper():
    g = Game(load_title("1830"), [("a", "A"), ("b", "B"), ("c", "C")], seed=1)
    assert g.bank == 12000 - 3 * 800 and all(p.cash == 800 for p in g.players.values())
    assert g.round.name == "auction"
    assert g.corporations["B&O"].reserved == {"BO": 20} and g.corporations["PRR"].reserved == {"CA": 10}
    assert g.blocked_hex("G15") is None      # SV blocks it only once a player owns it
