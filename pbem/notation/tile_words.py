"""How a tile and its rotation are written: by number ("#57", "tile 57", "a 9 at G13"), by name
where a tile goes ("upgrades Regina to R2"), a rotation by number ("rot 2", "r2") or by the hex side
it names ("I5/SW", "rot NE"); and a city of a hex by its number, 1-based ("J10.2", "J10#2",
"J10 (city 2)"): the station placed or lifted there, and the route's stop at that city."""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import Optional

from pbem.engine.actions import PlaceToken, RemoveToken, RunRoutes, Stop

from .context import NotationContext
from .lazy import regex

__all__ = ["CITY", "NAMED_TILE", "ROTATION", "SIDE_ROTATION", "TILE", "TILE_AT", "side", "side_name",
           "tile_names", "title_table", "with_cities"]

ROTATION = regex(r"\b(?:rot(?:ation|ated)?|orientation|r)\s*\.?\s*[:=]?\s*#?([0-5])\b|"
                      r"(?:(?<=[A-Za-z]\d)|(?<=[A-Za-z]\d\d))\s*/\s*([0-5])\b", re.I)     # "I5/2"
#: a rotation told by the hex side it names ("#57 at I5/SW", "rot NE"): that side's number on this map
SIDE_ROTATION = regex(r"(?:(?<=[A-Za-z]\d)|(?<=[A-Za-z]\d\d))\s*/\s*((?:north|south)(?:[\s-]?(?:east|west))?|east|west|[NS][EW]|[NSEW])\b|"
                           r"\b(?:rot(?:ation)?|orient(?:ation|ed)?)\s+((?:north|south)(?:[\s-]?(?:east|west))?|east|west|[NS][EW]|[NSEW])\b", re.I)
_SIDE_NAMES = {"north": "N", "south": "S", "east": "E", "west": "W"}


def side_name(word: str) -> str:
    """A hex side's name as the map's table writes it ("north-east", "northeast", "ne" -> "NE")."""
    t = re.sub(r"[\s-]", "", word.lower())
    for name, letter in _SIDE_NAMES.items():
        t = t.replace(name, letter)
    return t.upper()


def side(m: re.Match, ctx: NotationContext) -> Optional[int]:
    """The side number of the side `m` names, on this map's layout (None: no side of it)."""
    return ctx.compass_sides().get(side_name(m.group(1) or m.group(2)))


def side_not_here(text: str, ctx: NotationContext) -> Optional[str]:
    """Why a rotation told by a side ("I5/E") names no side of this map's layout, or None."""
    for m in SIDE_ROTATION.finditer(text):
        if side(m, ctx) is None:
            sides = ", ".join(ctx.compass_sides())
            return f'"{m.group(1) or m.group(2)}" is not a side of a hex on this map (its sides are {sides})'
    return None


TILE = regex(r"(?:#\s*|\btile\s+#?)(\d{1,4})\b", re.I)
#: a tile named by letters and a number, where a tile goes: after a lay word, "to", "the" or a
#: colour, or before "tile" or "on <hex>"
NAMED_TILE = regex(r"(?:(?<=\blay\s)|(?<=\blays\s)|(?<=\bto\s)|(?<=\bthe\s)|(?<=\bgreen\s)|(?<=\bbrown\s)|"
                         r"(?<=\bgrey\s)|(?<=\bgray\s)|(?<=\btile\s)|(?<=\bwith\s))([A-Z]{1,2}\d{1,2})\b|"
                         r"\b([A-Z]{1,2}\d{1,2})(?=\s+(?:tile\b|(?:on|in|at)\s+[A-Z]{1,2}\d))|"
                         r"(?<=\()([A-Z]{1,2}\d{1,2})(?=\))|(?<=:\s)([A-Z]{1,2}\d{1,2})\b")   # "Green Regina (R1)", "lays in Regina: R2"
#: a bare number laid on a hex ("a 9 at G13", "8 @ I7", "8 into C5") is a tile, never an amount
TILE_AT = regex(r"(?<![\w#$.])(\d{1,4})(?=\s*@\s*[A-Za-z]{1,2}\d{1,2}\b|\s+(?:(?:on|at|in|to|into)\s+[A-Za-z]|[A-Z])[A-Za-z]?\d{1,2}\b)")


def title_table(title: Optional[str], key: str):
    """The title's table `key` (None when no title, an unknown one, or none)."""
    from pbem.titles.registry import title_data

    try:
        return title_data(title).get(key) if title else None
    except Exception:       # an unknown title
        return None


@functools.lru_cache(maxsize=16)
def tile_names(title: Optional[str]) -> frozenset:
    """The title's tiles named by more than a number ("R1", "R2": 1882's Regina)."""
    tiles = title_table(title, "tiles") or {}
    names = tiles if isinstance(tiles, dict) else [t.get("name") or t.get("id") for t in tiles if isinstance(t, dict)]
    return frozenset(str(n) for n in names if n and not str(n).isdigit())

_SIDE = r"(?:north(?:[\s-]?(?:east|west))?|south(?:[\s-]?(?:east|west))?|east|west|[NS][EW]?|[EW]|[A-Z]{1,2}\d{1,3})"
#: the sides or neighbours a tile joins, listed ("joining NE and S", "connecting I5, J8 and K9"): one clause
EDGE_LIST = regex(rf"\b(?:connecting|connects|joining|joins|linking|links)\s+{_SIDE}(?:\s*(?:,|\band\b)\s*{_SIDE}\b)+", re.I)

#: a city's number after its hex: "J10.2", "J10#2", "J10 city 2", "J10 (city 2)"
_NUMBER = r"(?:[.#](\d)|\s+city\s+(\d)|\s*\(\s*city\s+(\d)\s*\))"
#: the number alone (the hex is a piece of its own)
CITY = regex(rf"(?:(?<=[A-Za-z]\d)|(?<=[A-Za-z]\d\d)){_NUMBER}\b", re.I)
_HEX_CITY = regex(rf"\b([A-Za-z]{{1,2}}\d{{1,2}}){_NUMBER}", re.I)


def with_cities(moves: list) -> list:
    """The moves read by pieces with each station's city the clause numbers for its hex (0-based
    in the action); a city number the station's hex does not have stays for the game to refuse."""
    out = []
    for m in moves:
        a = m.action
        said = {h.upper(): int(next(g for g in rest if g)) - 1 for h, *rest in _HEX_CITY.findall(m.text)}
        if isinstance(a, (PlaceToken, RemoveToken)) and a.hex in said:
            m = replace(m, action=replace(a, city=said[a.hex]), open=tuple(o for o in m.open if o != "city"))
        elif isinstance(a, RunRoutes) and said:
            routes = tuple(replace(r, stops=tuple(Stop(s.hex, said[s.hex]) if s.hex in said and s.node is None
                                                  else s for s in r.stops)) for r in a.routes)
            m = replace(m, action=replace(a, routes=routes))
        out.append(m)
    return out
