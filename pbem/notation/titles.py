"""Notation extras per title: the aliases and extra place names players use.

The names themselves (corporations, privates, trains, places) come from the title's data
file; only what players write besides them lives here (the rulebook's own abbreviations,
P1-P5, "Regina"). `context_for_title` and `context_from_title_data` combine the two.
"""
from __future__ import annotations

from typing import Mapping, Optional

from .context import NotationContext

TITLE_1882 = {
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
    "locations": {"J10": ("Regina",)},
    "token_mover": "NWR",
}

TITLE_1861 = {
    # the Latin-script short forms of the two-city railways ("R-O", "M-NN") come from their
    # names (notation/names.py); St. Petersburg's is written with its own abbreviation
    "corporation_aliases": {"StP-W": "SPW", "SPb-W": "SPW"},
    # minors pay their dividends automatically (half to the owner, half to the treasury), and
    # the game decides the national's
    "automatic_dividend_types": ("minor", "national"),
    # minors are started by an auction: "opens N at 100" is a bid
    "auctioned_types": ("minor",),
}

TITLES = {"1882": TITLE_1882, "1861": TITLE_1861}


def context_for_title(title: str, players: Optional[Mapping[str, str]] = None, *,
                      actor: Optional[str] = None, current: Optional[str] = None,
                      **overrides) -> NotationContext:
    """A NotationContext for `title` with the given players (id -> display name): names,
    trains and places from the title's data file, plus this module's notation extras."""
    from pbem.titles.registry import title_data

    data = title_data(title)
    return context_from_title_data(data, players, actor=actor, current=current, **overrides)


def context_from_title_data(data: Mapping, players: Optional[Mapping[str, str]] = None, *,
                            actor: Optional[str] = None, current: Optional[str] = None,
                            **overrides) -> NotationContext:
    """A NotationContext from a title data file (docs/title-data.md format).

    Names, trains, places and layout come from `data`; the notation extras of this module
    (aliases, train aliases, extra place names, the token mover) are added when the title
    has them.
    """
    title = str(data.get("title", "")) or None
    extra = TITLES.get(title or "", {})
    locations: dict = {k: v for k, v in (data.get("location_names") or {}).items()}
    for hex_, names in (extra.get("locations") or {}).items():
        if not isinstance(names, str):
            have = locations.get(hex_)
            merged = [have] if isinstance(have, str) else list(have or [])
            locations[hex_] = tuple(dict.fromkeys([*merged, *names]))
    kw = dict(
        players=dict(players or {}),
        corporations={c["sym"]: c.get("name", c["sym"]) for c in data.get("corporations", [])},
        companies={c["sym"]: c.get("name", c["sym"]) for c in data.get("companies", [])},
        trains=tuple(dict.fromkeys(t["name"] for t in data.get("trains", []))),
        actor=actor, current=current, title=title,
        corporation_aliases=dict(extra.get("corporation_aliases", {})),
        company_aliases=dict(extra.get("company_aliases", {})),
        train_aliases=dict(extra.get("train_aliases", {})),
        locations=locations, layout=data.get("layout", "flat"),
        token_mover=extra.get("token_mover"),
        automatic_dividends=frozenset(
            c["sym"] for c in data.get("corporations", [])
            if c.get("type") in extra.get("automatic_dividend_types", ())),
        auctioned=frozenset(c["sym"] for c in data.get("corporations", [])
                            if c.get("type") in extra.get("auctioned_types", ())),
    )
    kw.update(overrides)
    return NotationContext(**kw)
