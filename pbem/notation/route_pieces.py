"""A train named by its bare number before the route it runs ("runs the 3 G11-I11-J10 for 90",
"its 2 E19-F20", "its 4 goes H8-E9-C9"): the number is the train, not a tile laid on the first
stop, and "goes"/"does" between a train and its route is the run's move word (the pieces of a
line, pieces.py)."""
from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .pieces import Piece

__all__ = ["trains_before_routes"]

#: what joins two stops of a route
_DASH = re.compile(r"\s*[-–—]\s*")
#: the word a train takes to run its route ("the 3 does J10-I11-G11")
_GOES = re.compile(r"\s+(?:goes|does|went|did)\s+")
#: the words before a train's bare number
_TRAIN_BEFORE = frozenset({"the", "its", "a", "his", "her", "their", "other", "run", "runs", "ran", "running", "and"})


def _stop(p: "Piece") -> bool:
    return p.kind == "hex" or p.kind == "name" and any(k == "location" for k, _ in p.value)


def _route_at(pieces: list, i: int, line: str) -> bool:
    """Whether pieces[i] and pieces[i + 1] are two stops joined by a dash: a route begins there."""
    return i + 1 < len(pieces) and _stop(pieces[i]) and _stop(pieces[i + 1]) \
        and bool(_DASH.fullmatch(line[pieces[i].end:pieces[i + 1].start]))


def trains_before_routes(pieces: list, line: str, trains: set) -> list:
    """The pieces with a train's bare number before a route made a train piece: a "tile" or
    "number" of a train's name written just before a route of two stops or more, or before
    "goes"/"does" and such a route (then a run's move word too)."""
    out = list(pieces)
    added = []
    for i, p in enumerate(pieces):
        if p.kind not in ("tile", "number") or str(p.value) not in trains or not line[p.start:p.end].isdigit():
            continue
        gap = line[p.end:pieces[i + 1].start] if i + 1 < len(pieces) else ""
        if gap.isspace() and _route_at(pieces, i + 1, line) and (p.before in _TRAIN_BEFORE or p.kind == "tile"):
            out[i] = dataclasses.replace(p, kind="train", value=str(p.value))
        elif (m := _GOES.fullmatch(gap)) and _route_at(pieces, i + 1, line) and p.before in _TRAIN_BEFORE:
            out[i] = dataclasses.replace(p, kind="train", value=str(p.value))
            added.append(dataclasses.replace(p, kind="verb", value="run", start=p.end + m.start(), end=p.end + m.end()))
    return sorted(out + added, key=lambda p: p.start) if added else out
