"""Notation tables per title: names, aliases and places players use.

Only names live here (transcribed from the 1882 rules and the public 18xx.games title
data); prices, tiles and rules belong to the engine's title data. `context_for_title`
builds a NotationContext with them; the engine may build its own from its title data.
"""
from __future__ import annotations

from typing import Mapping, Optional

from .context import NotationContext

TITLE_1882 = {
    "corporations": {
        "CN": "Canadian National",
        "CNR": "Canadian Northern",
        "HBR": "Hudson Bay Railway",
        "CPR": "Canadian Pacific Railway",
        "GT": "Grand Trunk Pacific",
        "SC": "Saskatchewan Central Railroad",
        "QLL": "Qu'Appelle, Long Lake Railroad Co.",
    },
    # the rules' own symbols and names (CNoR, GTP, QL, SCR ...) -> 18xx.games symbols
    "corporation_aliases": {
        "Canadian National Railway": "CN",
        "CNoR": "CNR", "CNo": "CNR", "Canadian Northern Railway": "CNR",
        "GTP": "GT", "Grand Trunk Pacific Railway": "GT",
        "QL": "QLL", "Qu'Appelle, Long Lake, and Saskatchewan Railway": "QLL",
        "SCR": "SC", "Saskatchewan Central Railway": "SC",
    },
    "companies": {
        "HB": "Hudson Bay",
        "SC": "Saskatchewan Central",
        "NWR": "North West Rebellion",
        "TB": "Trestle Bridge",
        "CP": "Canadian Pacific",
    },
    "company_aliases": {
        "P1": "HB", "Hudson Bay Company": "HB",
        "P2": "SC", "Saskatchewan Central Company": "SC",
        "P3": "NWR", "North-West Rebellion Company": "NWR", "North West Rebellion Company": "NWR",
        "P4": "TB", "Trestle Bridge Company": "TB",
        "P5": "CP", "Canadian Pacific Company": "CP",
    },
    "trains": ("2", "3", "4", "5", "6", "D"),
    "train_aliases": {"Diesel": "D"},
    "locations": {
        "I1": "Western Canada (HB +100)", "B2": "Northern Alberta (HB +100)",
        "L2": "Lethbridge", "C3": "Lloydminster", "G3": "Kindersley", "K3": "Medicine Hat",
        "M3": "Elkwater", "D4": "Maidstone", "F4": "Wilkie",
        "E5": "North Battleford & Battleford", "I5": "Swift Current", "D6": "Spiritwood",
        "N6": "Shaunavon", "G7": "Saskatoon", "D8": "Prince Albert", "F8": "Rosthern & Melfort",
        "J8": "Moose Jaw", "L8": "Assiniboia", "C9": "Candle Lake", "G9": "Humboldt",
        "K9": "Rouleau & Mossbank", "J10": ("Pile o' Bones & Lumsden", "Regina"),
        "A11": "Sandy Bay", "C11": "Flin Flon", "G11": "Wadena",
        "I11": "Melville & Fort Qu'Appelle", "M11": "Wayburn & Estevan", "O11": "USA",
        "B12": "Hudson Bay", "J12": "Moosomin", "L12": "Carlyle", "N12": "Oxbow",
        "I13": "Eastern Canada", "K13": "Virden",
    },
    "layout": "flat",
    "token_mover": "NWR",
}

TITLES = {"1882": TITLE_1882}


def context_for_title(title: str, players: Optional[Mapping[str, str]] = None, *,
                      actor: Optional[str] = None, current: Optional[str] = None,
                      **overrides) -> NotationContext:
    """A NotationContext for `title` with the given players (id -> display name)."""
    t = TITLES[title]
    kw = dict(
        players=dict(players or {}), corporations=dict(t["corporations"]),
        companies=dict(t["companies"]), trains=tuple(t["trains"]), actor=actor, current=current,
        title=title, corporation_aliases=dict(t["corporation_aliases"]),
        company_aliases=dict(t["company_aliases"]), train_aliases=dict(t["train_aliases"]),
        locations=dict(t["locations"]), layout=t["layout"], token_mover=t["token_mover"],
    )
    kw.update(overrides)
    return NotationContext(**kw)


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
    )
    kw.update(overrides)
    return NotationContext(**kw)
