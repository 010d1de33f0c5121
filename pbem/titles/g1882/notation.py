"""How players write 1882 besides the names in its data file: the rulebook's own abbreviations and
names, what players write for short, extra place names, and which companies' dividends or starts
the notation treats specially (read by pbem.notation.titles through the registry)."""
from __future__ import annotations

NOTATION = {
    # the rules' own symbols and names (CNoR, GTP, QL, SCR ...) -> 18xx.games symbols
    "corporation_aliases": {
        "Canadian National Railway": "CN",
        "CNoR": "CNR", "CNo": "CNR", "Canadian Northern Railway": "CNR",
        "GTP": "GT", "Grand Trunk Pacific Railway": "GT",
        "QL": "QLL", "Qu'Appelle, Long Lake, and Saskatchewan Railway": "QLL",
        "SCR": "SC", "Saskatchewan Central Railway": "SC",
        # what players write for short
        "Canadian Northern": "CNR", "Qu'Appelle": "QLL", "Sask Central Railway": "SC",
    },
    "company_aliases": {
        "P1": "HB", "Hudson Bay Company": "HB",
        "P2": "SC", "Saskatchewan Central Company": "SC",
        "P3": "NWR", "North-West Rebellion Company": "NWR", "North West Rebellion Company": "NWR",
        "P4": "TB", "Trestle Bridge Company": "TB",
        "P5": "CP", "Canadian Pacific Company": "CP",
        "Hudson Bay Co.": "HB", "Hudson Bay Co": "HB", "Sask Central": "SC",
        "Hudson's Bay Company": "HB", "Hudson's Bay Co.": "HB", "Hudson's Bay Co": "HB",
    },
    "train_aliases": {"Diesel": "D"},
    # place names players use besides the map's own (J10 becomes Regina with the R2 tile)
    "locations": {"J10": ("Regina",), "B6": ("Fishing exit", "Fishing port")},    # B6: the blue off-board with fish
    "token_mover": "NWR",
}
