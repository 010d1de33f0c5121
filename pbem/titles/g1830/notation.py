"""How players write 1830 besides the names in its data file: the abbreviations of the
corporations and privates that 1830 players use (with and without the ampersand), the nicknames
they give the railways ("Chessie", "the New Haven") and the places ("Philly"), and the
privates' longer names (read by pbem.notation.titles through the registry)."""
from __future__ import annotations

NOTATION = {
    "corporation_aliases": {
        "BO": "B&O", "B & O": "B&O", "Baltimore and Ohio": "B&O", "Baltimore & Ohio": "B&O",
        "CO": "C&O", "C & O": "C&O", "Chesapeake and Ohio": "C&O", "Chesapeake & Ohio": "C&O",
        "BM": "B&M", "B & M": "B&M", "Boston and Maine": "B&M", "Boston & Maine": "B&M",
        "NYNH&H": "NYNH", "NH": "NYNH", "New Haven": "NYNH",
        "Erie": "ERIE", "Pennsy": "PRR", "Pennsylvania": "PRR", "PA": "PRR",
        "New York Central": "NYC", "CP": "CPR", "Canadian Pacific": "CPR",
        # nicknames 1830 players use for the railways
        "Chessie": "C&O", "Central": "NYC", "the Central": "NYC", "NY Central": "NYC", "N.Y. Central": "NYC", "New Haven & Hartford": "NYNH",
        "New York, New Haven & Hartford": "NYNH", "New York New Haven & Hartford": "NYNH", "NH&H": "NYNH",
        "New Haven and Hartford": "NYNH", "New York, New Haven and Hartford": "NYNH",
        "Pennsy RR": "PRR", "B&O RR": "B&O",
    },
    "company_aliases": {
        "SVNRR": "SV", "SVN": "SV", "Schuylkill Valley Navigation & Railroad": "SV",
        "C&StL": "CS", "CSL": "CS", "C&SL": "CS", "Champlain & St Lawrence": "CS",
        "Champlain and St. Lawrence": "CS", "Champlain": "CS",
        "D&H": "DH", "Delaware and Hudson": "DH",
        "M&H": "MH", "Mohawk and Hudson": "MH", "Mohawk": "MH",
        "C&A": "CA", "Camden and Amboy": "CA", "Camden": "CA",
        "B&O private": "BO", "BO private": "BO", "Baltimore & Ohio private": "BO",
    },
    "train_aliases": {"Diesel": "D"},
    # place names players use besides the map's own
    "locations": {"H18": ("Philly",)},
}
