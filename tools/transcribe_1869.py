#!/usr/bin/env python3
"""Developer tool: write pbem/titles/g1869/data.json, the title data of 1869 USA West.

The facts come from two places, both read-only beside the repository (../shared):
- rules/1869-summary.txt (a translated summary of the rules): bank, starting money and
  certificate limits, trains, privates, corporations with homes, capital, tokens and bonuses,
  the special tiles and the hexes they may go on, the Canadian border;
- title-data/1869/1869-map-hexes.csv and 1869-tile-manifest.csv (decoded from the ps18xx PBEM
  map set, "postcard-ware" by Matthias Klose; the 1869 variant by Adam Romoth): the printed map
  and the tile manifest. Its hex ids are one column lower than the rules text's; this tool
  adds one to every column (see docs/1869-rules.md for every hex checked and each discrepancy).

Only facts are transcribed, into our own format (docs/title-data.md); no file of ../shared is
copied. The track of each printed tile is worked out from the ps18xx drawing named in the CSV
(StraightTrack from edge e runs to e+3, WideTrack to e+2, SharpTrack to e+1; a tile's rotation
is its drawing's base rotation plus the map's, clockwise; edges 0-5 = SW, W, NW, NE, E, SE).
The stock market is 1830's (the rules text gives none), with the zones the rules text names.

usage: python tools/transcribe_1869.py [--check]   (--check: fail if data.json would change)
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "title-data" / "1869"
OUT = ROOT / "pbem" / "titles" / "g1869" / "data.json"
G1830 = ROOT / "pbem" / "titles" / "g1830" / "data.json"

ROT = {"SW": 0, "W": 1, "NW": 2, "NE": 3, "E": 4, "SE": 5}

#: city names of the CSV's abbreviations (our reading of them), in the rules text's coordinates
NAMES = {
    "B10": "Calgary", "B14": "Saskatoon", "C5": "Vancouver", "C13": "Medicine Hat", "C17": "Regina",
    "C21": "Winnipeg", "C27": "Thunder Bay", "C29": "Montreal", "D4": "Seattle", "D8": "Spokane",
    "E3": "Portland", "E11": "Butte", "E13": "Billings", "E19": "Bismarck", "E25": "Duluth",
    "F18": "Rapid City", "F24": "Minneapolis", "F28": "Milwaukee", "G15": "Casper",
    "G29": "Chicago", "H10": "Ogden", "H22": "Omaha", "H24": "Des Moines", "I3": "Sacramento",
    "I11": "Salt Lake City", "I29": "Springfield", "J2": "San Francisco", "J16": "Denver",
    "J22": "Wichita", "J24": "Kansas City", "J28": "St. Louis", "K7": "Las Vegas", "K15": "Santa Fe",
    "K29": "Memphis", "L4": "Los Angeles", "L14": "Albuquerque", "L18": "Amarillo",
    "L26": "Little Rock", "M5": "San Diego", "M9": "Phoenix", "M11": "Tucson", "M23": "Dallas",
    "M29": "Jackson", "N16": "El Paso", "N28": "Baton Rouge",
    "O21": "San Antonio", "O25": "Houston", "O29": "New Orleans",
}

#: the home hexes as the CSV's "homes" column gives them (ps spelling "ATS" = ATSF)
HOME_SPELLING = {"ATS": "ATSF"}


def shift(ps_hex: str) -> str:
    """ps18xx id -> the rules text's id: one column higher."""
    return f"{ps_hex[0]}{int(ps_hex[1:]) + 1}"


def exits(base: list[int], rotation: int) -> list[int]:
    return sorted((e + rotation) % 6 for e in base)


def hex_def(row: dict) -> tuple[str, dict | None]:
    """(colour, printed content) of one CSV row."""
    tile = int(row["tile"])
    code = -tile
    rot = ROT.get(row["rotation"]) if row["rotation"] in ROT else int(row["rotation"])
    terrain = row["terrain"]
    cost = int(row["terrain_cost"]) if row["terrain_cost"] else 0
    upgrade = None
    if terrain:
        kinds = {"river": ["water"], "mountain": ["mountain"], "mountain+river": ["mountain", "water"]}[terrain]
        upgrade = {"cost": cost, "terrain": kinds}
    stop = row["stop"]
    d: dict = {}
    if row["colour"] == "ground":
        color = "white"
        if stop == "city":
            d["nodes"] = [{"kind": "city", "revenue": 0, "slots": 1}]
        elif stop == "town":
            d["nodes"] = [{"kind": "town", "revenue": 0}]
    elif row["colour"] == "gray":
        color = "gray"
        if code in (302, 303):          # drawing 3: a town on a sharp curve from SW (base rotation 0)
            d["nodes"] = [{"kind": "town", "revenue": int(row["revenue"])}]
            a, b = exits([0, 1], rot)
            d["paths"] = [[a, "n0"], ["n0", b]]
        elif code in (305, 306):        # drawing 513: an off-board value on a stub from SW
            color = "red"
            d["nodes"] = [{"kind": "offboard", "revenue": int(row["revenue"])}]
            d["paths"] = [[exits([0], rot)[0], "n0"]]
        # 304: a blank gray hex, no track can be built there
    elif row["colour"] == "yellow":
        color = "yellow"
        if code in (348, 349):          # drawing 510 base rotation 1: a city with one exit
            d["nodes"] = [{"kind": "city", "revenue": int(row["revenue"]), "slots": 1}]
            d["paths"] = [[exits([0], 1 + rot)[0], "n0"]]
        elif code == 9 or code == 350:  # straight
            d["paths"] = [exits([0, 3], rot)]
            if code == 350:
                upgrade = {"cost": 60, "terrain": []}
        elif code == 8:                 # gentle curve, tile code 8's base rotation 4
            d["paths"] = [exits([0, 2], 4 + rot)]
        else:
            raise ValueError(row)
    elif row["colour"] == "green":
        color = "green"
        slots, rev = 2, int(row["revenue"])
        if code in (94, 95, 96):        # drawing 409: a two-slot city, exits SE and SW
            base = {94: 1, 95: 0, 96: 0}[code]
            ex = exits([5, 0], base + rot)
        elif code == 591:               # drawing 405 base rotation 1: a two-slot city, exits SE, E, SW
            ex = exits([5, 4, 0], 1 + rot)
        else:
            raise ValueError(row)
        d["nodes"] = [{"kind": "city", "revenue": rev, "slots": slots}]
        d["paths"] = [[e, "n0"] for e in ex]
    else:
        raise ValueError(row)
    if upgrade:
        d["upgrade"] = upgrade
    if row["label"] and not row["label"].isdigit():
        d["label"] = row["label"]
    return color, (dict(color=color, **d) if d else None)


def special_tiles() -> dict:
    """1869's own tiles (ps18xx codes; drawings read as above), with their counts."""
    def city(color, rev, ex, slots=2, label=None):
        d = {"color": color, "nodes": [{"kind": "city", "revenue": rev, "slots": slots}],
             "paths": [[e, "n0"] for e in ex]}
        if label:
            d["label"] = label
        return d
    return {
        "12": {"count": 2, "def": city("green", 30, [4, 5, 0])},            # drawing 405
        "13": {"count": 1, "def": city("green", 30, [0, 2, 4])},            # drawing 121
        "52": {"count": 1, "def": city("green", 30, [0, 2, 3, 4])},         # drawing 38
        "90": {"count": 2, "def": city("green", 40, [4, 5, 0], label="PSL")},   # E3, J2, L4
        "91": {"count": 1, "def": city("green", 30, [0, 3, 1])},            # drawing 132
        "92": {"count": 1, "def": city("green", 30, [0, 3, 2])},            # drawing 133
        "93": {"count": 1, "def": city("green", 30, [5, 0])},               # drawing 409
        "80": {"count": 1, "def": city("brown", 50, [4, 5, 0], label="S")},     # J2
        "81": {"count": 2, "def": city("brown", 50, [0, 3, 1, 2], label="PL")}, # E3, L4 (drawing 15)
        "82": {"count": 1, "def": city("brown", 80, [0, 1, 2], slots=3, label="C")},  # G29 (drawing 49: three stations)
        "83": {"count": 1, "def": city("brown", 70, [5, 0], label="MTL")},  # Montreal (drawing 409)
        "84": {"count": 1, "def": city("brown", 60, [5, 0], label="NO")},   # O29 (drawing 409)
        "85": {"count": 1, "def": city("brown", 40, [0, 3, 1, 2])},         # drawing 15
        "86": {"count": 2, "def": city("brown", 40, [0, 1, 2, 4, 5])},      # drawing 51
        "87": {"count": 6, "def": city("brown", 50, [0, 1, 2, 3, 4, 5])},   # drawing 63
    }


#: the hexes where the rules text puts the special tiles (docs/1869-rules.md: J4 read as L4)
FUTURE_LABELS = {
    "E3": [{"label": "PSL", "color": "green"}, {"label": "PL", "color": "brown"}],
    "L4": [{"label": "PSL", "color": "green"}, {"label": "PL", "color": "brown"}],
    "J2": [{"label": "PSL", "color": "green"}, {"label": "S", "color": "brown"}],
}
#: printed labels the rules text's brown tiles need (Chicago's C is printed on the map)
PRINTED_LABELS = {"C29": "MTL", "O29": "NO"}


def market() -> list[list[str]]:
    """1830's prices; the rules text's zones: <= 69 yellow (not counted toward the limit),
    <= 49 brown (several shares a turn; not counted either). 1830's par cells kept."""
    rows = json.loads(G1830.read_text())["market"]
    out = []
    for row in rows:
        new = []
        for cell in row:
            if not cell:
                new.append("")
                continue
            price = int("".join(ch for ch in cell if ch.isdigit()))
            marks = "p" if "p" in cell else ""
            if price <= 49:
                marks += "b"
            elif price <= 69:
                marks += "y"
            new.append(f"{price}{marks}")
        out.append(new)
    return out


TOKENS = [0, 40, 80, 120, 160]
CORPS = [
    # sym, name, home, capital, tokens, group, bonuses, colour, text colour
    ("CPR", "Central Pacific", "I3", 1100, 2, 1, [{"from": ["J2"], "to": ["H22"], "amount": 300, "once": True}],
     "#c8102e", "#ffffff"),
    ("UP", "Union Pacific", "H22", 1100, 4, 1, [{"from": ["J2"], "to": ["H22"], "amount": 300, "once": True},
                                                {"from": ["H22"], "to": ["J2"], "amount": 60}], "#f2c400", "#000000"),
    ("CP", "Canadian Pacific", "C29", 1100, 4, 1, [{"from": ["C29"], "to": ["D4", "C5"], "amount": 280}],
     "#7a1f1f", "#ffffff"),
    ("NP", "Northern Pacific", "F24", 1010, 5, 2, [{"from": ["F24"], "to": ["D4", "E3"], "amount": 150}],
     "#1f4e9c", "#ffffff"),
    ("SP", "Southern Pacific", "O29", 1010, 5, 2, [{"from": ["O29"], "to": ["N16"], "amount": 80},
                                                   {"from": ["O29"], "to": ["M5", "L4"], "amount": 400}],
     "#e87722", "#000000"),
    ("ATSF", "Atchison, Topeka & Santa Fe", "G29", 1010, 5, 2,
     [{"from": ["G29"], "to": ["J24", "J28"], "amount": 30}, {"from": ["G29"], "to": ["N16"], "amount": 30},
      {"from": ["G29"], "to": ["K15"], "amount": 70}, {"from": ["G29"], "to": ["M5", "L4"], "amount": 220}],
     "#5b6770", "#ffffff"),
    ("GN", "Great Northern", "F24", 930, 5, 3, [{"from": ["F24"], "to": ["E3", "D4"], "amount": 150}],
     "#2e7d32", "#ffffff"),
    ("DRG", "Denver & Rio Grande", "J16", 860, 3, 4, [{"from": ["J16"], "to": ["N16"], "amount": 50},
                                                     {"from": ["J16"], "to": ["M9", "M11"], "amount": 90}],
     "#d4a017", "#000000"),
    ("WP", "Western Pacific", "J2", 800, 2, 5, [], "#8e44ad", "#ffffff"),
    ("CN", "Canadian National", "C21", 800, 3, 5, [{"from": ["C21"], "to": ["C5"], "amount": 120}],
     "#111111", "#ffffff"),
    ("KP", "Kansas Pacific", "J24", 750, 2, 6, [{"from": ["J24"], "to": ["N16"], "amount": 40},
                                               {"from": ["J24"], "to": ["J2", "L4", "M5"], "amount": 100}],
     "#6fa8dc", "#000000"),
    ("TP", "Texas & Pacific", "M23", 750, 2, 6, [{"from": ["M23"], "to": ["N16"], "amount": 40},
                                                {"from": ["M23"], "to": ["L4", "M5"], "amount": 100}],
     "#b5651d", "#ffffff"),
    ("ORN", "Oregon Railway & Navigation", "E3", 750, 2, 6, [], "#00838f", "#ffffff"),
    ("ILL", "Illinois Central", "G29", 740, 2, 7, [{"from": ["G29"], "to": ["O29"], "amount": 80}],
     "#9e9d24", "#000000"),
]

TRAINS = [
    # name, distance, count, price, limit, operating rounds, colour, available after, scraps
    ("2", 2, 8, 90, 4, 1, "yellow", None, None),
    ("3", 3, 7, 170, 4, 2, "green", None, None),
    ("4", 4, 5, 340, 3, 2, "green", None, "2"),
    ("5", 5, 4, 480, 3, 3, "green", None, None),
    ("4E", 4, 2, 510, 3, 3, "green", "5", None),
    ("6", 6, 4, 630, 2, 3, "brown", None, "3"),
    ("5E", 5, 2, 660, 2, 3, "brown", "5", None),
    ("7", 7, 2, 720, 2, 3, "brown", "5", None),
    ("8", 8, 2, 800, 2, 3, "brown", "5", None),
    ("D", 999, 3, 950, 2, 3, "brown", "5", "4"),
]

#: the Mississippi (MEC's free bridge): the chain of river hexes from Minneapolis to New Orleans
#: (the map names no river; the river from Omaha, H22-I23-I25-J26, meets it at St. Louis and is
#: the Missouri); build() checks each is a river hex
MISSISSIPPI = ["F24", "F26", "G27", "H26", "I27", "J28", "K29", "L28", "M27", "N28", "O29"]

COMPANIES = [
    {"sym": "BOM", "name": "Butterfield Overland Mail", "value": 20, "revenue": 5,
     "desc": "No special ability.", "abilities": []},
    {"sym": "DOM", "name": "Daily Overland Mail", "value": 40, "revenue": 10,
     "desc": "No special ability.", "abilities": []},
    {"sym": "GC", "name": "Government Contract", "value": 90, "revenue": 15,
     "desc": "A corporation its owner presides may place one station free across the US/Canada border, "
             "or lay one extra tile, once (rules text, table C).", "abilities": [],
     "powers": {"free_border_station": True, "extra_tile": True}},
    {"sym": "MEC", "name": "Mississippi Engineering Company", "value": 140, "revenue": 20,
     "desc": "One bridge across the Mississippi free, or one extra tile, once (rules text, table C): "
             "a lay on a Mississippi hex before the corporation's own pays no terrain.",
     "abilities": [{"type": "tile_discount", "hexes": MISSISSIPPI}], "powers": {"extra_tile": True}},
    {"sym": "RME", "name": "Rocky Mountains Explosives", "value": 200, "revenue": 25,
     "desc": "One mountain free, or one extra tile, once (rules text, table C): a lay on a mountain "
             "hex before the corporation's own pays no terrain.",
     "abilities": [{"type": "tile_discount", "terrain": "mountain"}], "powers": {"extra_tile": True}},
    {"sym": "LANY", "name": "LA-NY Steamship Co.", "value": 270, "revenue": 30,
     "desc": "Its buyer receives the CPR president's certificate (20%) and sets CPR's par at once. "
             "Closes when CPR runs for the first time.",
     "abilities": [{"type": "shares", "shares": ["CPR_0"]}, {"type": "no_buy"},
                   {"type": "close", "when": "runs", "corporation": "CPR"}]},
    {"sym": "NOSF", "name": "NO-SF Steamship Co.", "value": 280, "revenue": 35,
     "desc": "Its first buyer also receives a 10% SP share free.",
     "abilities": [{"type": "shares", "shares": ["SP_1"]}, {"type": "no_buy"}]},
]

STARTING_CASH = {"2": 1750, "3": 1167, "4": 875, "5": 700, "6": 584, "7": 500, "8": 438}
CERT_LIMIT = {"2": 39, "3": 27, "4": 21, "5": 17, "6": 14, "7": 12, "8": 11}
CERT_LIMIT_ILL = {"2": 40, "3": 28, "4": 22, "5": 18, "6": 15, "7": 13, "8": 12}


def build() -> dict:
    rows = list(csv.DictReader((SHARED / "1869-map-hexes.csv").open(encoding="utf-8")))
    hexes, groups = [], {}
    homes_seen: dict[str, list[str]] = {}
    for row in rows:
        if row["commented"] == "True":
            continue                      # the Illinois variant's line: ILL's home is in our data
        coord = shift(row["ps_hex"])
        color, d = hex_def(row)
        if coord in FUTURE_LABELS:
            d = d or {"color": color}
            d["future_label"] = FUTURE_LABELS[coord]
        if coord in PRINTED_LABELS:
            d["label"] = PRINTED_LABELS[coord]
        if coord == "D26":
            d = d or {"color": color}
            d["borders"] = [{"edge": 5, "type": "impassable"}]     # the river between D26 and E27
        if coord == "E27":
            d = d or {"color": color}
            d["borders"] = [{"edge": 2, "type": "impassable"}]
        key = json.dumps([color, d], sort_keys=True)
        g = groups.setdefault(key, 0)
        groups[key] = g + 1
        h = {"coord": coord, "color": color, "group": g}
        if d:
            h["def"] = d
        hexes.append(h)
        for sym in row["homes"].split():
            homes_seen.setdefault(HOME_SPELLING.get(sym, sym), []).append(coord)
    rivers = {h["coord"] for h in hexes if "water" in (h.get("def") or {}).get("upgrade", {}).get("terrain", ())}
    assert set(MISSISSIPPI) <= rivers, sorted(set(MISSISSIPPI) - rivers)
    corps = []
    for sym, name, home, capital, ntok, group, bonuses, color, text in CORPS:
        assert sym == "ILL" or homes_seen.get(sym) in (None, [home]), (sym, homes_seen.get(sym), home)
        corp = {"sym": sym, "name": name, "home": home, "city": 0, "tokens": TOKENS[:ntok],
                "color": color, "text_color": text, "float_percent": 60, "capital": capital,
                "group": group, "bonuses": bonuses}
        if sym == "ATSF":
            corp["adds_bonuses"] = True         # "Only the ATSF can add its Boni"
            # "one extra tile each turn for 20$ until it has run its best Bonus or three Boni together"
            corp["extra_tile_each_turn"] = {"cost": 20, "until_bonus": 220, "until_bonuses": 3}
        if sym == "SP":
            corp["extra_tile_costs"] = [40, 80, 120, 120]     # "4 Extra tiles for 40$, 80$, 120$, 120$"
        corps.append(corp)
    manifest = {}
    for row in csv.DictReader((SHARED / "1869-tile-manifest.csv").open(encoding="utf-8")):
        name, count = row["tile"], int(row["count"])
        if row["colour"] == "yellow" or name in {"14", "15"} or (row["colour"] in ("green", "brown") and not row["value"]
                                                                 and int(name) < 71):
            manifest[name] = count
    manifest.update(special_tiles())
    phases = []
    names = {"2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "D": "D"}
    for t in TRAINS:
        if t[0] in names:
            colors = {"yellow": ["yellow"], "green": ["yellow", "green"], "brown": ["yellow", "green", "brown"]}[t[6]]
            # 1830's: players may buy privates from each other while privates last (to the brown
            # phase); corporations never buy them ("Private companies cannot be bought by corporations")
            status = ["can_buy_companies_from_other_players"] if t[6] != "brown" else []
            phases.append({"name": t[0], "on": t[0], "train_limit": t[4], "tiles": colors,
                           "operating_rounds": t[5], "status": status})
    rust = {t[8]: t[0] for t in TRAINS if t[8]}
    trains = []
    for name, dist, count, price, limit, ors, color, avail, _ in TRAINS:
        spec = {"name": name, "distance": dist, "price": price, "count": count, "rusts_on": rust.get(name),
                "available_on": avail, "discount": {}, "events": []}
        if name.endswith("E"):
            spec["express"] = True              # any stations skipped: `dist` of them score
            spec["distance"] = [{"nodes": ["city", "town", "offboard"], "pay": dist, "visit": "unlimited"}]
        if color == "brown" and name not in ("6", "D"):
            spec["events"] = ["brown_phase"]
        trains.append(spec)
    data = {
        "_notes": {
            "source": "Transcribed by tools/transcribe_1869.py from the translated 1869 USA West rules summary "
                      "(../shared/rules/1869-summary.txt) and the map and tile manifest of the ps18xx PBEM map set "
                      "(ps18xx by Matthias Klose, 'postcard-ware': its copyright notice is kept in "
                      "docs/1869-rules.md; the 1869 variant by Adam Romoth), decoded to CSV. Facts only, in our "
                      "own format; hex ids in the rules text's coordinates (ps18xx's column + 1).",
            "market": "The rules text gives no stock market: this is 1830's market, with the zones the rules "
                      "text names (<= 69 yellow: not counted toward the certificate limit; <= 49 brown: several "
                      "shares a turn).",
            "corporations": "capital: the corporation's money on floating, paid by the bank (rules text table A "
                            "'Money'); group: the share group that opens in turn; bonuses: the bonus routes of "
                            "table A ('once': paid only once). ILL only with the option 'ill'. shares: not "
                            "published here (table A's 'Shares (*10%)' column is empty in the rules text and no "
                            "public source was found): every charter has 1830's certificates, a 20% president's "
                            "and eight 10%, by decision (docs/1869-rules.md, decision 3).",
            "trains": "express: 4E and 5E may skip stations. events brown_phase: a brown train bought before "
                      "any 6 starts the brown phase. rusts_on: the rules text's scrapping (2s with the first 4, "
                      "3s with the first brown train, 4s with the first D).",
            "tiles": "1869's own tiles keep the ps18xx codes; ps18xx's lettered green tiles 101-120 and brown "
                     "71-79 are not transcribed (docs/1869-rules.md).",
            "hexes": "C29 is Montreal (ps18xx C28; the rules text's D32, see docs/1869-rules.md).",
        },
        "title": "1869",
        "new_game_note": "1869 USA West: the stock market is 1830's (the rules text gives none); every charter's "
                         "certificates are 1830's, a 20% president's and eight 10% (the rules text's sizes column "
                         "is empty: decided, not published); see docs/1869-rules.md",
        "report_note": "Stock market: 1830's (the 1869 rules text gives none). Certificates: 1830's, a 20% "
                       "president's and eight 10% in every charter (the rules text's sizes are not known).",
        "layout": "pointy",
        "axes": {"x": "number", "y": "letter"},
        "currency": "$%s",
        "bank": 36000,
        "starting_cash": STARTING_CASH,
        "cert_limit": CERT_LIMIT,
        "cert_limit_ill": CERT_LIMIT_ILL,
        "capitalization": "fixed",
        "tile_reservation_blocks": "always",
        "market": market(),
        "phases": phases,
        "trains": trains,
        "tile_lays": [{"lay": True, "upgrade": True, "cost": 0}],
        "optional_rules": ["ill"],
        "canada_rows": ["A", "B", "C"],
        "border_token_surcharge": 100,
        "companies": COMPANIES,
        "corporations": corps,
        "location_names": {c: n for c, n in NAMES.items() if any(h["coord"] == c for h in hexes)},
        "tiles": manifest,
        "hexes": hexes,
    }
    return data


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    text = json.dumps(build(), indent=1) + "\n"
    if a.check:
        same = OUT.exists() and OUT.read_text() == text
        print("up to date" if same else "data.json would change")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
