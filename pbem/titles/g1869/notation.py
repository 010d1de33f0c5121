"""How players write 1869 besides the names in its data file: the railways' and privates'
longer names and the abbreviations in use (read by pbem.notation.titles through the registry)."""
from __future__ import annotations

NOTATION = {
    "corporation_aliases": {
        "Central Pacific": "CPR", "CPRR": "CPR", "Union Pacific": "UP", "Canadian Pacific": "CP",
        "Northern Pacific": "NP", "Southern Pacific": "SP", "Santa Fe": "ATSF", "AT&SF": "ATSF",
        "Great Northern": "GN", "Rio Grande": "DRG", "D&RG": "DRG", "D&RGW": "DRG", "Western Pacific": "WP",
        "Canadian National": "CN", "Kansas Pacific": "KP", "Texas & Pacific": "TP", "T&P": "TP",
        "OR&N": "ORN", "Oregon Railway": "ORN", "Illinois Central": "ILL", "IC": "ILL",
    },
    "company_aliases": {
        "Butterfield": "BOM", "Daily Overland": "DOM", "Government Contract": "GC",
        "Mississippi Engineering": "MEC", "Explosives": "RME", "Rock Mountains Explosives": "RME",
        "LA-NY": "LANY", "LANY Steamship": "LANY", "NO-SF": "NOSF", "NOSF Steamship": "NOSF",
    },
    "train_aliases": {"Diesel": "D"},
}
