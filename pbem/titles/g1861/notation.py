"""How players write 1861 besides the names in its data file: the rulebook's own abbreviations and
names, what players write for short, extra place names, and which companies' dividends or starts
the notation treats specially (read by pbem.notation.titles through the registry)."""
from __future__ import annotations

NOTATION = {
    # the Latin-script short forms of the two-city railways ("R-O", "M-NN") come from their
    # names (notation/names.py); St. Petersburg's is written with its own abbreviation
    "corporation_aliases": {"StP-W": "SPW", "SPb-W": "SPW",
                            # the usual English spelling of Nizhnii Novgorod (the data's is the rulebook's)
                            "Moscow-Nizhny Novgorod": "MNN", "Moscow-Nizhny": "MNN",
                            "Moscow, Kursk & Nizhny Novgorod": "MKN"},
    # the places of the railways' names as people spell them besides the data's (aliases of each
    # company whose name has the place: "Kharkov-Rostov", "the Kharkov minor")
    "spellings": {"Kharkiv": ("Kharkov", "Charkov"), "Nizhnii": ("Nizhny", "Nizhni"),
                  "Ekaterinin": ("Yekaterinin", "Ekaterininskaya"), "Tsaritsyn": ("Tsaritsin",),
                  "Vyazma": ("Viazma",), "Yuzovka": ("Iuzovka", "Hughesovka"),
                  "Nikolaev": ("Nikolayev", "Mykolaiv")},
    # minors pay their dividends automatically (half to the owner, half to the treasury), and
    # the game decides the national's
    "automatic_dividend_types": ("minor", "national"),
    # minors are started by an auction: "opens N at 100" is a bid
    "auctioned_types": ("minor",),
}
