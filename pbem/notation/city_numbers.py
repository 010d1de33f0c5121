"""A city of a hex told by its number, 1-based as the notation counts them ("token J10 city 2",
"J10.2", "J10#2", "J10 (city 2)"): the station placed or lifted there, not a city the game picks,
and the route's stop at that city."""
from __future__ import annotations

import dataclasses
import re

from pbem.engine.actions import PlaceToken, RemoveToken, RunRoutes, Stop
from .lazy import regex

__all__ = ["CITY", "with_cities"]

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
        said = {h.upper(): int(next(g for g in rest if g)) for h, *rest in _HEX_CITY.findall(m.text)}
        if isinstance(a, (PlaceToken, RemoveToken)) and a.hex in said:
            m = dataclasses.replace(m, action=dataclasses.replace(a, city=said[a.hex] - 1),
                                    open=tuple(o for o in m.open if o != "city"))
        elif isinstance(a, RunRoutes) and said:
            routes = tuple(dataclasses.replace(r, stops=tuple(Stop(s.hex, said[s.hex] - 1) if s.hex in said and s.node is None
                                                              else s for s in r.stops)) for r in a.routes)
            m = dataclasses.replace(m, action=dataclasses.replace(a, routes=routes))
        out.append(m)
    return out
