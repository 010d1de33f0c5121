"""How a route is written (the pieces of a line, pieces.py): a train's bare number before it is
the train ("its 4 goes H8-E9-C9": "goes" is the run's move word), its stops joined by dashes,
"and" or "via", places named with their hexes or as a railway's name."""
from __future__ import annotations

import bisect
import dataclasses
import re
from typing import TYPE_CHECKING
from .dividend_words import DIVIDEND_WORDS
from .lazy import regex

if TYPE_CHECKING:
    from .pieces import Piece

__all__ = ["blank_back", "blank_on", "route_order", "railway_as_route", "stops_joined", "trains_before_routes"]

#: what joins two stops of a route
_DASH = regex(r"\s*[-–—]\s*")
#: the word a train takes to run its route ("the 3 does J10-I11-G11")
_GOES = regex(r"\s+(?:goes|does|went|did)\s+")
#: a train labelling its route ("runs 2: L2-K3 (60), 2: I5-K3 (40)")
_LABEL = regex(r"\s*:\s*")
#: a route told from its first stop after the train ("4 from E1 to H8")
_FROM = regex(r"\s+from\s+")
#: a train named after the revenue it earned ("for 120 with the 3", "K7-Moscow with its 2 for 70", "240 from the 5")
_WITH = regex(r"\b(?:with|from)\s+(?:the|its|his|her|their|a)\s+$", re.I)
_RUN_WORDS = DIVIDEND_WORDS | {"run"}
#: the words before a train's bare number after a run's move word ("runs the 3 and the 2 for 90 and 50")
_OWN_BEFORE = frozenset({"the", "its", "his", "her", "their", "both"})
#: what follows a train's bare number in a run: its revenue or route
_RUN_TOLD = frozenset({"number", "money", "hex", "name", "tile", "train"})
#: the words before a train's bare number
_TRAIN_BEFORE = frozenset({"the", "its", "a", "his", "her", "their", "other", "run", "runs", "ran", "running", "and"})


def _stop(p: "Piece") -> bool:
    return p.kind == "hex" or p.kind == "name" and any(k == "location" for k, _ in p.value)


def _stops(pieces: list, i: int, n: int = 2) -> bool:
    """Whether pieces[i:i + n] are n stops."""
    return len(pieces[i:i + n]) == n and all(_stop(p) for p in pieces[i:i + n])


def _route_at(pieces: list, i: int, line: str) -> bool:
    """Whether pieces[i] and pieces[i + 1] are two stops joined by a dash: a route begins there."""
    return _stops(pieces, i) and bool(_DASH.fullmatch(line[pieces[i].end:pieces[i + 1].start]))


def trains_before_routes(pieces: list, line: str, trains: set) -> list:
    """The pieces with a train's bare number before its route, its revenue or "goes"/"does" and a
    route (then a run's move word too), or after a run's move word and "the"/"its", made a train."""
    pieces = route_in_brackets(places_in_routes(pieces, line), line)
    out = list(pieces)
    added = []              # "its 4 goes H8-E9-C9": the run's move word
    verb = None                  # the last move word before the piece
    for i, p in enumerate(pieces):
        if p.kind == "verb":
            verb = p.value
        if p.kind not in ("tile", "number") or str(p.value) not in trains or not line[p.start:p.end].isdigit():
            continue
        gap = line[p.end:pieces[i + 1].start] if i + 1 < len(pieces) else ""
        named = p.before in _TRAIN_BEFORE
        own = named or p.before.endswith("'s")
        runs_next = i + 1 < len(pieces) and pieces[i + 1].kind == "verb" and pieces[i + 1].value == "run"
        train = gap.isspace() and _route_at(pieces, i + 1, line) and (named or p.kind == "tile") \
            or _FROM.fullmatch(gap) and _stops(pieces, i + 1) \
            or _LABEL.fullmatch(gap) and _stops(pieces, i + 1) and verb == "run" \
            or (verb in _RUN_WORDS or i and _stop(pieces[i - 1])) \
            and _WITH.search(line, max(0, p.start - 12), p.start) \
            or gap.isspace() and runs_next and _stops(pieces, i + 2, 1) and own
        # "4 from E1 to H8", "Run 4: L8 J10", "with the 3", "HBR's 4 runs Hudson Bay - G11"
        m = None if train else _GOES.fullmatch(gap)
        if m and _route_at(pieces, i + 1, line) and own:
            added.append(dataclasses.replace(p, kind="verb", value="run", start=p.end + m.start(), end=p.end + m.end()))
        elif not train and not (verb == "run" and p.before in _OWN_BEFORE and i + 1 < len(pieces)
                                and pieces[i + 1].kind in _RUN_TOLD):
            continue                                                       # (else "ran the 5 for $200")
        out[i] = dataclasses.replace(p, kind="train", value=str(p.value))
    return sorted(out + added, key=lambda p: p.start) if added else out


#: "and" (", and on to", "and then") between two stops of a route
_AND = regex(r"\s*(?:,\s*)?(?:and|&)(?:\s+(?:then|on))?(?:\s+(?:to|through|via))?\s*", re.I)
#: a word that tells a route by its stops ("from Moscow via H10 to I13")
_ROUTE_WORD = regex(r"\b(?:via|through|from)\b", re.I)
#: where a sentence or a clause of its own ends: the route word is looked for after it
_CLAUSE_END = regex(r"[;.!?:]\s")
_REACH = 200        # characters before the "and" looked at for a route word


def _at(sorted_at: list, a: int, b: int) -> bool:
    i = bisect.bisect_left(sorted_at, a)
    return i < len(sorted_at) and sorted_at[i] <= b


def stops_joined(line: str, a: int, b: int, stop_ends: list, stop_starts: list, train_ends: list) -> bool:
    """Whether line[a:b] cuts no clause: an "and" joining stops of a route told with "via", "through" or
    "from" ("via H10 and E13"), or the ":" of a train and its route ("its 4: L8 - K9")."""
    back, word = blank_back(line, a), line[a:b].strip()
    if line[a:b] == ":":
        return _at(train_ends, back, a) and _at(stop_starts, b, blank_on(line, b))
    if word in ("-", "–", "—") and back and line[back - 1] == ")":
        # "Moscow (H8) - G5 - E1": a stop told with its hex in brackets, then the route goes on
        return _at(stop_ends, blank_back(line, back - 1), back - 1) and _at(stop_starts, b, blank_on(line, b))
    m = _AND.match(line, back) if word.lower() in ("and", "&") else None
    if m is None or not _at(stop_ends, back, a) or not _at(stop_starts, m.end(), m.end()):
        return False
    window = line[max(0, a - _REACH):a]
    ends = [e.end() for e in _CLAUSE_END.finditer(window)]
    return bool(_ROUTE_WORD.search(window, ends[-1] if ends else 0))


def blank_back(line: str, at: int) -> int:
    """Where the run of blanks that ends at `at` starts."""
    return len(line[:at].rstrip())


def blank_on(line: str, at: int) -> int:
    """Where the run of blanks that starts at `at` ends."""
    return at + len(line[at:]) - len(line[at:].lstrip())


_CLOSE = regex(r"\s*\)")


def places_in_routes(pieces: list, line: str) -> list:
    """The pieces with a name that is a stop of a route ("G11 - Hudson Bay") read as the place only,
    and without a place named in brackets after its hex ("A11 (Poland)": the hex is the stop)."""
    out = []
    for i, p in enumerate(pieces):
        if p.kind == "name" and i and pieces[i - 1].kind == "hex" and re.fullmatch(r"\s*\(\s*", line[pieces[i - 1].end:p.start]) \
                and _CLOSE.match(line, p.end) and all(k == "location" and h != pieces[i - 1].value for k, h in p.value):
            continue                       # "A11 (Poland)": the place's other hex is no second stop
        places = tuple(v for v in p.value if v[0] == "location") if p.kind == "name" else ()
        after_stop = i and _stop(pieces[i - 1]) and p.before in ("to", "through", "via")     # "from I1 through G11 to Hudson Bay"
        if places and len(places) < len(p.value) and (i and _route_at(pieces, i - 1, line) or _route_at(pieces, i, line) or after_stop):
            p = dataclasses.replace(p, value=places)
        out.append(p)
    return out


def railway_as_route(pieces: list, line: str, index) -> list:
    """The pieces with a railway named after two places right after a train or a run's move word read
    as the route of those places ("2T Odessa-Kiev for 50")."""
    out = []
    for i, p in enumerate(pieces):
        after = i and (pieces[i - 1].kind == "train" or pieces[i - 1].kind == "verb" and pieces[i - 1].value == "run")
        halves = _DASH.split(line[p.start:p.end]) if p.kind == "name" and after \
            and line[pieces[i - 1].end:p.start].isspace() else []
        stops = [_place(index, h) for h in halves] if len(halves) == 2 else []
        if stops and all(stops):
            out += [dataclasses.replace(p, value=(("location", stops[0]),), end=p.start + len(halves[0])),
                    dataclasses.replace(p, value=(("location", stops[1]),), start=p.end - len(halves[1]))]
        else:
            out.append(p)
    return out


def _place(index, text: str):
    """The one hex a place's name names, or None."""
    try:
        e = index.lookup(text, ("location",))
    except Exception:          # several places of that name: no route read from it
        return None
    return e.ident if e is not None and e.kind == "location" else None


_BRACKET_ROUTE = regex(r"\(\s*[A-Z]{1,2}\d{1,2}(?:\s*[-–—]\s*[A-Z]{1,2}\d{1,2})+\s*\)")


def route_in_brackets(pieces: list, line: str) -> list:
    """The pieces without the places named before a route written again by its hexes in brackets
    ("Odessa to Moscow (D20-D14-H8)": the bracket is the route)."""
    drop, grown = set(), {}
    for m in _BRACKET_ROUTE.finditer(line):
        inside = [p for p in pieces if p.kind == "hex" and m.start() < p.start < m.end()]
        before = [p for p in pieces if p.kind == "name" and m.start() - 80 < p.end <= m.start()
                  and all(k == "location" for k, _ in p.value)]
        if inside and before and all(any(h in {q.value for q in inside} for _, h in p.value) for p in before):
            drop.update(id(p) for p in before)
            # the first hex reaches back over the places: "Moscow - St. Petersburg (H8-...)" is one route
            grown[id(inside[0])] = dataclasses.replace(inside[0], start=before[0].start)
    return [grown.get(id(p), p) for p in pieces if id(p) not in drop] if drop else pieces


def route_order(c) -> list:
    """The stops a clause names in the order written, those after "via" before the stop after "to"
    just before them ("Moscow to Kiev via H10 and E13": Moscow, H10, E13, Kiev)."""
    stops = sorted([(p.start, p.value, p.before) for p in c.of("hex")] +
                   [(p.start, i, p.before) for p in c.of("name") for k, i in p.value if k == "location"], key=lambda s: s[0])
    out: list = []
    last_to = at = None        # where the stop after "to" stands; where the "via" stops go
    for _, v, before in stops:
        if before == "via" and last_to is not None and last_to == len(out) - 1:
            at = last_to
        elif before != "and":
            at = None
        if at is None:
            out.append(v)
            last_to = len(out) - 1 if before == "to" else last_to
        else:
            out.insert(at, v)
            at, last_to = at + 1, last_to + 1
    return out
