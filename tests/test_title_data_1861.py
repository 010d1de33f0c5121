"""Consistency checks for the transcribed 1861 title data (pbem/titles/g1861/data.json).

Plain JSON checks: the engine does not support 1861 yet, so nothing here imports it.
"""

import json
import re

import pytest

from pbem.titles.registry import data_path, tiles_path


# flat layout, edge -> (dx, dy) in doubled coordinates
EDGE_OFFSETS = [(0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)]
TILE_COLORS = {"white", "yellow", "green", "brown", "gray", "red", "blue"}
NODE_KINDS = {"city", "town", "offboard"}
COLOR_STEP = ["yellow", "green", "brown", "gray"]

MINORS = {  # reference note 6.8: home hex and city index (None = single-city hex)
    "RO": ("B4", None), "KB": ("D14", 1), "OK": ("D20", None), "KK": ("D14", 2),
    "SPW": ("E1", 0), "KR": ("G15", None), "N": ("H8", 1), "M-K": ("H8", 0),
    "MNN": ("H8", 2), "MV": ("I13", None),
}
GREEN_MINORS = {"MB": "E9", "Y": "H18", "V": "I19", "TR": "K17", "SV": "N10", "E": "Q3"}
MAJORS = ["NW", "SW", "SE", "MVR", "MK", "GRR", "MKN", "MKV"]


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="module")
def tiles():
    return load(tiles_path())


@pytest.fixture(scope="module")
def t1861():
    return load(data_path("1861"))


def letter_index(letters):
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - ord("A") + 1
    return n - 1


def xy(title, coord):
    """Doubled (x, y) of a coordinate under the title's axes."""
    m = re.fullmatch(r"([A-Z]+)(\d+)", coord)
    assert m, coord
    letter, number = letter_index(m.group(1)), int(m.group(2)) - 1
    axes = title["axes"]
    return (letter, number) if axes["x"] == "letter" else (number, letter)


def coord_of(title, x, y):
    letter, number = (x, y) if title["axes"]["x"] == "letter" else (y, x)
    return chr(ord("A") + letter) + str(number + 1)


def neighbour(title, coord, edge):
    x, y = xy(title, coord)
    dx, dy = EDGE_OFFSETS[edge]
    return coord_of(title, x + dx, y + dy)


def manifest_defs(tiles, title):
    out = {}
    for name, entry in title["tiles"].items():
        out[name] = entry["def"] if isinstance(entry, dict) else tiles[name]
    return out


def all_defs(tiles, title):
    out = [("manifest:" + n, d) for n, d in manifest_defs(tiles, title).items()]
    out += [("hex:" + h["coord"], h["def"]) for h in title["hexes"] if "def" in h]
    return out


def check_def(where, d):
    assert d["color"] in TILE_COLORS, where
    nodes = d.get("nodes", [])
    for node in nodes:
        assert node["kind"] in NODE_KINDS, where
        rev = node["revenue"]
        if isinstance(rev, dict):
            assert rev and all(c in TILE_COLORS and isinstance(v, int) for c, v in rev.items()), where
        else:
            assert isinstance(rev, int), where
        if node["kind"] == "city":
            assert node.get("slots", 1) >= 1, where
        else:
            assert "slots" not in node, where
    for i in d.get("terminal_paths", []):
        assert 0 <= i < len(d.get("paths", [])), where
    edges = [b["edge"] for b in d.get("borders", [])]
    assert len(edges) == len(set(edges)), (where, "duplicate border edge")
    for b in d.get("borders", []):
        assert 0 <= b["edge"] <= 5, where
        assert b.get("type") in (None, "water", "mountain", "impassable"), where
    if "upgrade" in d:
        assert d["upgrade"]["cost"] > 0, where
        assert set(d["upgrade"].get("terrain", [])) <= {"water", "mountain"}, where
    if d.get("future_label") is not None:
        assert set(d["future_label"]) == {"label", "color"}, where


def test_tile_definitions_are_valid(tiles, t1861):
    defs = all_defs(tiles, t1861)
    assert len(defs) > 60
    for where, d in defs:
        check_def(where, d)


def test_every_path_endpoint_exists(tiles, t1861):
    for where, d in all_defs(tiles, t1861):
        nodes = d.get("nodes", [])
        for path in d.get("paths", []):
            assert len(path) == 2 and path[0] != path[1], (where, path)
            for end in path:
                if isinstance(end, int):
                    assert 0 <= end <= 5, (where, path)
                else:
                    m = re.fullmatch(r"n(\d+)", end)
                    assert m and int(m.group(1)) < len(nodes), (where, path)


def test_every_manifest_tile_has_a_definition(tiles, t1861):
    manifest = t1861["tiles"]
    assert len(manifest) == 62
    for name, entry in manifest.items():
        if isinstance(entry, dict):
            assert isinstance(entry["count"], int) and entry["count"] >= 1, name
            assert entry["def"]["color"] in COLOR_STEP, name
        else:
            assert name in tiles, name
            assert entry == "unlimited" or (isinstance(entry, int) and entry >= 1), name
    assert [n for n, e in manifest.items() if e == "unlimited"] == ["7", "8", "9"]
    inline = {n: e["def"] for n, e in manifest.items() if isinstance(e, dict)}
    assert sorted(inline) == [str(n) for n in range(635, 643)]
    assert {n: (d["color"], d["label"]) for n, d in inline.items()} == {
        "635": ("green", "K"), "636": ("brown", "K"), "637": ("green", "M"), "638": ("brown", "M"),
        "639": ("gray", "M"), "640": ("gray", "Kh"), "641": ("brown", "S"), "642": ("gray", "S"),
    }
    assert inline["635"]["upgrade"] == {"cost": 40, "terrain": ["water"]}
    assert [n["slots"] for n in inline["639"]["nodes"]] == [4]


def test_catalogue_tiles_used_by_1861(tiles, t1861):
    expected = {
        "yellow": {"3", "4", "5", "6", "7", "8", "9", "57", "58", "201", "202", "621"},
        "green": {"14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27",
                  "28", "29", "30", "31", "87", "88", "204", "207", "208", "619", "622", "624", "625",
                  "626"},
        "brown": {"39", "40", "41", "42", "43", "44", "45", "46", "47", "63", "611", "623", "801", "911"},
    }
    catalogue = {n for n, e in t1861["tiles"].items() if not isinstance(e, dict)}
    assert catalogue == set().union(*expected.values())
    for color, names in expected.items():
        for name in names:
            assert tiles[name]["color"] == color, name
    for name in ("201", "202", "621", "207", "208", "622", "623", "801"):
        assert tiles[name]["label"] == "Y", name
    # every node of a catalogue tile is on some path
    for name in catalogue:
        d = tiles[name]
        used = {e for p in d["paths"] for e in p if isinstance(e, str)}
        assert used == {"n%d" % i for i in range(len(d.get("nodes", [])))}, name


def test_layout_axes_and_neighbours(t1861):
    assert t1861["layout"] == "flat"
    assert t1861["axes"] == {"x": "letter", "y": "number"}
    assert [neighbour(t1861, "H8", e) for e in range(6)] == ["H10", "G9", "G7", "H6", "I7", "I9"]
    coords = {h["coord"] for h in t1861["hexes"]}
    assert all(neighbour(t1861, "H8", e) in coords for e in range(6))


def test_hexes_unique_parity_and_groups(t1861):
    hexes = t1861["hexes"]
    coords = [h["coord"] for h in hexes]
    assert len(coords) == len(set(coords)) == 144
    assert "P0" in coords
    prev = None
    for h in hexes:
        assert h["color"] in TILE_COLORS - {"blue"}, h["coord"]
        if "def" in h:
            assert h["def"]["color"] == h["color"], h["coord"]
        x, y = xy(t1861, h["coord"])
        assert (x + y) % 2 == 0, h["coord"]  # doubled coordinates
        # a group counts up within a run of identically printed hexes
        if h["group"] > 0:
            assert prev["group"] == h["group"] - 1, h["coord"]
            assert (prev["color"], prev.get("def")) == (h["color"], h.get("def")), h["coord"]
        prev = h
    by = {h["coord"]: h for h in hexes}
    assert by["L12"]["group"] == 5 and by["P8"]["group"] == 6
    assert by["G15"]["def"]["future_label"] == {"label": "Kh", "color": "gray"}
    assert by["H8"]["def"]["label"] == "M" and by["D14"]["def"]["label"] == "K"
    assert by["E1"]["def"]["label"] == "S" and by["E1"]["color"] == "green"
    assert by["M9"]["def"]["upgrade"] == {"cost": 80, "terrain": ["water"]}


def test_printed_track_leads_onto_the_map(t1861):
    coords = {h["coord"] for h in t1861["hexes"]}
    for h in t1861["hexes"]:
        for path in h.get("def", {}).get("paths", []):
            for end in path:
                if isinstance(end, int):
                    assert neighbour(t1861, h["coord"], end) in coords, (h["coord"], end)


def test_offboard_groups_and_joints(t1861):
    by = {h["coord"]: h for h in t1861["hexes"]}
    groups = {}
    for h in t1861["hexes"]:
        for n in h.get("def", {}).get("nodes", []):
            if n["kind"] == "offboard":
                assert h["color"] == "red", h["coord"]
                assert isinstance(n["revenue"], dict) and list(n["revenue"]) == COLOR_STEP
                groups.setdefault(n["groups"][0], []).append(h["coord"])
    assert groups == {"Poland": ["A9", "A11", "A13", "A15"], "Romania": ["B18", "B20"],
                      "Caucasus": ["J20", "I21", "K21"], "CentralAsia": ["Q11", "Q13"]}
    # untyped borders only join hexes of one off-board area, and are written on both sides
    for coord, h in by.items():
        for b in h.get("def", {}).get("borders", []):
            assert b["type"] is None and "cost" not in b, coord
            other = by[neighbour(t1861, coord, b["edge"])]
            assert other["def"]["nodes"][0]["groups"] == h["def"]["nodes"][0]["groups"], coord
            opposite = (b["edge"] + 3) % 6
            assert any(o["edge"] == opposite for o in other["def"]["borders"]), coord


def test_currency_bank_and_players(t1861):
    assert t1861["currency"] == "%s\u20bd"
    assert t1861["bank"] == 15000
    assert t1861["starting_cash"] == {"2": 420, "3": 420, "4": 315, "5": 252, "6": 210}
    assert t1861["cert_limit"] == {"2": 21, "3": 21, "4": 16, "5": 13, "6": 11}
    assert t1861["capitalization"] == "incremental"


def test_markets(t1861):
    grid, column = t1861["market"], t1861["market_column"]
    assert len(column) == 1
    assert len(column[0]) == 28 and column[0][0] == "35" and column[0][-1] == "540"
    assert len(grid) == 10 and grid[0][-1] == "540" and grid[-1] == ["35", "40", "45"]
    for row in grid + column:
        for cell in row:
            assert re.fullmatch(r"\d+[pxzCm]*|", cell), cell
    prices = [int(re.match(r"\d+", c).group()) for c in column[0]]
    assert prices == sorted(prices)
    assert sum("m" in c for c in column[0]) == 1
    assert "column_market" in t1861["_notes"]["market_column"]
    assert t1861["optional_rules"] == ["column_market"]


def test_phases(t1861):
    phases = t1861["phases"]
    assert [p["name"] for p in phases] == ["2", "3", "4", "5", "6", "7", "8"]
    assert all(p["operating_rounds"] == 2 for p in phases)
    limits = [p["train_limit"] for p in phases]
    assert all(set(tl) == {"minor", "major", "national"} for tl in limits)
    assert [tl["minor"] for tl in limits] == [2, 2, 1, 1, 1, 1, 0]
    assert [tl["major"] for tl in limits] == [0, 4, 3, 3, 2, 2, 2]
    assert [tl["national"] for tl in limits] == [0, 0, 99, 99, 99, 99, 99]
    assert [len(p["tiles"]) for p in phases] == [1, 2, 2, 3, 4, 4, 4]
    for p in phases:
        assert p["tiles"] == COLOR_STEP[:len(p["tiles"])]
        assert isinstance(p["status"], list)
    assert [("national_operates" in p["status"]) for p in phases] == [False, False, True, True, True, True, False]
    assert [("can_buy_companies" in p["status"]) for p in phases] == [False, True, True, True, False, False, False]


def test_trains(t1861):
    trains = {t["name"]: t for t in t1861["trains"]}
    assert list(trains) == ["2", "3", "4", "5", "6", "7", "8", "2+2", "5+5E"]
    assert {n: t["count"] for n, t in trains.items()} == {
        "2": 10, "3": 7, "4": 4, "5": 4, "6": 2, "7": 2, "8": None, "2+2": None, "5+5E": None}
    assert {n: t["price"] for n, t in trains.items()} == {
        "2": 100, "3": 225, "4": 350, "5": 550, "6": 650, "7": 800, "8": 1000, "2+2": 600, "5+5E": 1500}
    assert {n: t["rusts_on"] for n, t in trains.items() if t["rusts_on"]} == {"2": "4", "3": "6", "4": "8"}
    assert {n: t["available_on"] for n, t in trains.items() if t["available_on"]} == {"2+2": "8", "5+5E": "8"}
    assert {n: t["multiplier"] for n, t in trains.items() if t["multiplier"] != 1} == {"2+2": 2, "5+5E": 2}
    assert all(t["discount"] == {} for t in trains.values())
    assert {n: t["events"] for n, t in trains.items() if t["events"]} == {
        "3": ["green_minors_available"],
        "4": ["majors_can_ipo", "trainless_nationalization"],
        "5": ["minors_cannot_start"],
        "6": ["nationalize_companies", "trainless_nationalization"],
        "8": ["minors_nationalized", "trainless_nationalization"],
    }
    for name, t in trains.items():
        counted, free = t["distance"]
        if name == "5+5E":
            assert counted == {"nodes": ["offboard"], "pay": 5, "visit": 5}
            assert free == {"nodes": ["city", "town"], "pay": 0, "visit": "unlimited"}
        else:
            n = int(name.split("+")[0])
            assert counted == {"nodes": ["city", "offboard"], "pay": n, "visit": n}
            assert free == {"nodes": ["town"], "pay": 0, "visit": "unlimited"}
    phase_names = [p["name"] for p in t1861["phases"]]
    for p in t1861["phases"]:
        assert p["on"] in trains
    for t in trains.values():
        assert t["rusts_on"] is None or t["rusts_on"] in phase_names
        assert t["available_on"] is None or t["available_on"] in phase_names


def test_tile_lays(t1861):
    assert t1861["tile_lays"] == [
        {"lay": True, "upgrade": True, "cost": 0},
        {"lay": True, "upgrade": "not_if_upgraded", "cost": 20, "cannot_reuse_same_hex": True},
    ]


def test_companies(t1861):
    companies = {c["sym"]: c for c in t1861["companies"]}
    assert list(companies) == ["3", "TSR", "BSS", "MYR", "MRR", "WVR"]
    assert {s: (c["value"], c["revenue"], c["discount"]) for s, c in companies.items()} == {
        "3": (3, 0, 0), "TSR": (30, 10, 10), "BSS": (45, 15, 15), "MYR": (60, 20, 20),
        "MRR": (75, 25, 25), "WVR": (90, 30, 30)}
    hexes = {h["coord"] for h in t1861["hexes"]}
    hidden = companies["3"]
    assert hidden["hidden"] is True
    assert hidden["blocks_hexes"] == ["E3", "H6", "I5", "I9", "J10"]
    assert set(hidden["blocks_hexes"]) <= hexes
    assert {"type": "close", "on_event": "green_minors_available"} in hidden["abilities"]
    assert not any(c.get("hidden") for s, c in companies.items() if s != "3")
    bonus = {s: (a["hexes"], a["amount"]) for s, c in companies.items()
             for a in c["abilities"] if a["type"] == "hex_bonus"}
    assert bonus == {"BSS": (["D20"], 10), "MYR": (["H8"], 10), "MRR": (["H8"], 10),
                     "WVR": (["A9", "A11", "A13", "A15"], 10)}
    for c in companies.values():
        assert c["desc"] and len(c["desc"]) < 400
        for a in c["abilities"]:
            assert set(a.get("hexes", [])) <= hexes


def test_corporations(t1861):
    corps = t1861["corporations"]
    by = {c["sym"]: c for c in corps}
    assert len(by) == len(corps) == 8 + 16 + 1
    assert [c["sym"] for c in corps if c["type"] == "major"] == MAJORS
    minors = {c["sym"]: c for c in corps if c["type"] == "minor"}
    assert set(minors) == set(MINORS) | set(GREEN_MINORS)
    for sym, (home, city) in MINORS.items():
        assert minors[sym]["home"] == home, sym
        assert minors[sym]["city"] == (0 if city is None else city), sym
        assert minors[sym]["green"] is False and minors[sym]["available_on"] is None, sym
    for sym, home in GREEN_MINORS.items():
        assert (minors[sym]["home"], minors[sym]["city"]) == (home, 0), sym
        assert minors[sym]["green"] is True and minors[sym]["available_on"] == "3", sym
    assert [c["sym"] for c in corps if c.get("must_start_first")] == ["N"]
    for c in minors.values():
        assert c["tokens"] == [0] and c["shares"] == [100] and c["float_percent"] == 100
    for sym in MAJORS:
        c = by[sym]
        assert c["tokens"] == [0, 20, 40] and c["float_percent"] == 20
        assert c["shares"] == [20] + [10] * 8
        assert c["home"] is None and c["city"] is None and c["home_choice"] is True
    national = [c for c in corps if c["type"] == "national"]
    assert [c["sym"] for c in national] == ["RSR"]
    rsr = national[0]
    assert (rsr["home"], rsr["city"]) == ("E1", 1)
    assert rsr["tokens"] == [0] * 8 and rsr["shares"] == []
    assert rsr["national_reservations"] == ["E1", "H8"]
    for c in corps:
        assert re.fullmatch(r"#[0-9a-f]{6}", c["color"]), c["sym"]
        assert re.fullmatch(r"#[0-9a-f]{6}", c["text_color"]), c["sym"]


def test_home_hexes_have_the_city(t1861):
    hexes = {h["coord"]: h for h in t1861["hexes"]}
    homes = [c for c in t1861["corporations"] if c["home"] is not None]
    assert len(homes) == 17
    for c in homes:
        assert c["home"] in hexes, c["sym"]
        nodes = hexes[c["home"]].get("def", {}).get("nodes", [])
        cities = [i for i, n in enumerate(nodes) if n["kind"] == "city"]
        assert cities, c["sym"]
        assert c["city"] is not None and c["city"] < len(cities), c["sym"]
        assert nodes[cities[c["city"]]]["kind"] == "city"
    for coord in t1861["corporations"][-1]["national_reservations"]:
        assert any(n["kind"] == "city" for n in hexes[coord]["def"]["nodes"])
    # no city slot is claimed by two homes
    claimed = [(c["home"], c["city"]) for c in homes]
    assert len(claimed) == len(set(claimed))


def test_location_names_on_map(t1861):
    hexes = {h["coord"] for h in t1861["hexes"]}
    names = t1861["location_names"]
    assert set(names) <= hexes
    assert names["H8"] == "Moscow" and names["E1"] == "St. Petersburg" and names["A9"] == "Poland"


def test_extras(t1861):
    assert t1861["loans"]["max"] == {"minor": 2, "major": 5, "national": 100}
    assert (t1861["loans"]["value"], t1861["loans"]["interest"]) == (50, 5)
    assert t1861["route_bonuses"] == [{"hexes": ["Q3", "H8"], "amount": 40, "times_multiplier": True}]
    removed = t1861["two_player"]["trains_removed"]
    assert removed == {"2": 3, "3": 2, "4": 1, "5": 1, "6": 1, "7": 1}
    trains = {t["name"]: t["count"] for t in t1861["trains"]}
    assert all(trains[n] > k for n, k in removed.items())
