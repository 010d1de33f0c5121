"""Consistency checks for the transcribed title data (pbem/titles/g1882/data.json and the
shared tile catalogue pbem/titles/common/tiles.json)."""

import json
import re

import pytest

from pbem.titles.registry import data_path, tiles_path


# flat layout, 1882 axes (x = number - 1, y = letter index): edge -> (dx, dy)
EDGE_OFFSETS = [(0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)]
TILE_COLORS = {"white", "yellow", "green", "brown", "gray", "red", "blue"}
NODE_KINDS = {"city", "town", "offboard"}
MANIFEST_1882 = [
    "1", "2", "3", "4", "7", "8", "9", "14", "15", "18", "19", "20", "23", "24", "26", "27",
    "41", "42", "43", "44", "45", "46", "47", "55", "56", "57", "58", "59", "63", "66", "67",
    "68", "69",
]


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="module")
def tiles():
    return load(tiles_path())


@pytest.fixture(scope="module")
def t1882():
    return load(data_path("1882"))


def xy(coord):
    m = re.fullmatch(r"([A-Z])(\d+)", coord)
    assert m, coord
    return int(m.group(2)) - 1, ord(m.group(1)) - ord("A")


def all_defs(tiles, title):
    """(where, definition) for every tile definition in tiles.json and the title file."""
    out = [("tiles.json:" + name, d) for name, d in tiles.items()]
    for name, entry in title["tiles"].items():
        if isinstance(entry, dict):
            out.append(("manifest:" + name, entry["def"]))
    for h in title["hexes"]:
        if "def" in h:
            out.append(("hex:" + h["coord"], h["def"]))
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
    for path in d.get("paths", []):
        assert len(path) == 2, where
        for end in path:
            if isinstance(end, int):
                assert 0 <= end <= 5, (where, path)
            else:
                m = re.fullmatch(r"n(\d+)", end)
                assert m, (where, path)
                assert int(m.group(1)) < len(nodes), (where, path)
        assert path[0] != path[1], (where, path)
    for i in d.get("terminal_paths", []):
        assert 0 <= i < len(d.get("paths", [])), where
    for b in d.get("borders", []):
        assert 0 <= b["edge"] <= 5, where
        assert b.get("type") in (None, "water", "mountain", "impassable"), where
        if "cost" in b:
            assert b["type"] is not None and b["cost"] > 0, where
    edges = [b["edge"] for b in d.get("borders", [])]
    assert len(edges) == len(set(edges)), (where, "duplicate border edge")


def test_tile_definitions_are_valid(tiles, t1882):
    defs = all_defs(tiles, t1882)
    assert len(defs) > 33
    for where, d in defs:
        check_def(where, d)


def test_catalogue_tiles_have_nodes_or_paths(tiles):
    for name, d in tiles.items():
        assert d.get("paths"), name
        # every node of a catalogue tile is reachable by some path
        used = {e for p in d["paths"] for e in p if isinstance(e, str)}
        assert used == {"n%d" % i for i in range(len(d.get("nodes", [])))}, name


def test_every_manifest_tile_has_a_definition(tiles, t1882):
    manifest = t1882["tiles"]
    assert sorted(k for k in manifest if k not in ("R1", "R2")) == sorted(MANIFEST_1882)
    for name, entry in manifest.items():
        if isinstance(entry, dict):
            assert entry["count"] >= 1 and "def" in entry, name
        else:
            assert name in tiles, name
            assert entry == "unlimited" or (isinstance(entry, int) and entry >= 1), name
    assert manifest["R1"]["def"]["label"] == "R" and manifest["R1"]["def"]["color"] == "green"
    assert manifest["R2"]["def"]["label"] == "R" and manifest["R2"]["def"]["color"] == "brown"


def test_tile_colours_and_labels(tiles):
    yellow = {"1", "2", "3", "4", "7", "8", "9", "55", "56", "57", "58", "69"}
    green = {"14", "15", "18", "19", "20", "23", "24", "26", "27", "59"}
    for name in MANIFEST_1882:
        expected = "yellow" if name in yellow else "green" if name in green else "brown"
        assert tiles[name]["color"] == expected, name
    for name in ("59", "66", "67", "68"):
        assert tiles[name]["label"] == "OO"
        assert [n["kind"] for n in tiles[name]["nodes"]] == ["city", "city"]


def test_printed_catalogue_tiles_exist(tiles, t1882):
    for h in t1882["hexes"]:
        if "tile" in h:
            assert h["tile"] in tiles, h["coord"]


def test_hexes_unique_and_grouped(t1882):
    hexes = t1882["hexes"]
    coords = [h["coord"] for h in hexes]
    assert len(coords) == len(set(coords)) == 74
    for h in hexes:
        assert h["color"] in TILE_COLORS
        if "def" in h:
            assert h["def"]["color"] == h["color"], h["coord"]
        assert h["group"] >= 0
        x, y = xy(h["coord"])
        assert (x + y) % 2 == 0, h["coord"]  # doubled coordinates
    # groups count up from 0 within a run of identically printed hexes
    blanks = [h for h in hexes if h["color"] == "white" and "def" not in h]
    assert [h["group"] for h in blanks] == list(range(len(blanks))) and len(blanks) == 10


def test_costed_borders_match_across_edges(t1882):
    hexes = {h["coord"]: h for h in t1882["hexes"]}
    at = {xy(c): c for c in hexes}
    entries = 0
    sides = set()
    for coord, h in hexes.items():
        for b in h.get("def", {}).get("borders", []):
            if b.get("cost") is None:
                continue
            entries += 1
            x, y = xy(coord)
            dx, dy = EDGE_OFFSETS[b["edge"]]
            other = at.get((x + dx, y + dy))
            if other is None:
                continue
            sides.add(frozenset((coord, other)))
            opposite = (b["edge"] + 3) % 6
            match = [o for o in hexes[other].get("def", {}).get("borders", [])
                     if o["edge"] == opposite]
            assert match, (coord, b, other)
            assert match[0]["type"] == b["type"] and match[0].get("cost") == b["cost"], (coord, other)
    # 90 per-hex border entries = 45 river hexsides, each written on both hexes
    assert entries == 90
    assert len(sides) == 45


def test_neighbour_offsets_examples():
    def nb(coord, e):
        x, y = xy(coord)
        dx, dy = EDGE_OFFSETS[e]
        return chr(ord("A") + y + dy) + str(x + dx + 1)

    assert [nb("K3", e) for e in range(6)] == ["M3", "L2", "J2", "I3", "J4", "L4"]
    assert [nb("J10", e) for e in range(6)] == ["L10", "K9", "I9", "H10", "I11", "K11"]


def test_market(t1882):
    market = t1882["market"]
    assert len(market) == 11
    assert market[0][-1] == "350e"
    assert sum(cell.endswith("e") for row in market for cell in row) == 1
    pars = [row[3] for row in market[:6]]
    assert pars == ["100p", "90p", "82p", "76p", "71p", "67p"]
    for row in market:
        for cell in row:
            assert re.fullmatch(r"\d+[pyoeb]?|", cell), cell


def test_trains_and_phases(t1882):
    trains = {t["name"]: t for t in t1882["trains"]}
    assert [t["name"] for t in t1882["trains"]] == ["2", "3", "4", "5", "6", "D"]
    assert [t["count"] for t in t1882["trains"]] == [6, 5, 4, 3, 3, None]
    assert trains["5"]["events"] == ["close_companies"]
    assert trains["D"]["available_on"] == "6"
    assert trains["D"]["discount"] == {"4": 300, "5": 300, "6": 300}
    phase_names = [p["name"] for p in t1882["phases"]]
    for t in t1882["trains"]:
        assert t["rusts_on"] is None or t["rusts_on"] in phase_names
        assert t["available_on"] is None or t["available_on"] in phase_names
    for p in t1882["phases"]:
        assert p["on"] in trains
        assert set(p["tiles"]) <= TILE_COLORS


def test_players_and_bank(t1882):
    assert t1882["bank"] == 9000
    assert set(t1882["starting_cash"]) == set(t1882["cert_limit"]) == {"2", "3", "4", "5", "6"}


def test_companies(t1882):
    companies = t1882["companies"]
    assert [c["sym"] for c in companies] == ["HB", "SC", "NWR", "TB", "CP"]
    hexes = {h["coord"] for h in t1882["hexes"]}
    for c in companies:
        assert c["desc"] and len(c["desc"]) < 400
        assert set(c["blocks_hexes"]) <= hexes
        for a in c["abilities"]:
            assert isinstance(a["type"], str)


def test_corporations_and_homes(t1882):
    corps = t1882["corporations"]
    assert [c["sym"] for c in corps] == ["CN", "CNR", "HBR", "CPR", "GT", "SC", "QLL"]
    hexes = {h["coord"]: h for h in t1882["hexes"]}
    for c in corps:
        assert c.get("neutral_token", False) == (c["sym"] not in ("CPR", "CN")), c["sym"]
        assert re.fullmatch(r"#[0-9a-f]{6}", c["color"]) and re.fullmatch(r"#[0-9a-f]{6}", c["text_color"])
        if c["home"] is None:
            assert c["sym"] in ("SC", "CN")
            continue
        assert c["home"] in hexes, c["sym"]
        nodes = hexes[c["home"]].get("def", {}).get("nodes", [])
        cities = [n for n in nodes if n["kind"] == "city"]
        assert cities, c["sym"]
        if c["city"] is not None:
            assert c["city"] < len(nodes) and nodes[c["city"]]["kind"] == "city", c["sym"]
    flags = {c["sym"]: c for c in corps}
    assert flags["CN"]["needs_token_to_par"] is True
    assert flags["SC"]["home_choice"] is True


def test_location_names_on_map(t1882):
    hexes = {h["coord"] for h in t1882["hexes"]}
    assert set(t1882["location_names"]) <= hexes
