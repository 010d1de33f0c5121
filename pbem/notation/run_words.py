"""How a run is written: its trains, stops and revenues ("its 4 goes H8-E9-C9", "2T Odessa-Kiev",
"runs the 4 for 180 and 3 for 120")."""
from __future__ import annotations

import bisect
import dataclasses
import re
from typing import TYPE_CHECKING, Optional

from pbem.engine.actions import Dividend, Route, RunRoutes, Stop

from .dividend_words import DIVIDEND_WORDS
from .lazy import regex

if TYPE_CHECKING:
    from .context import NotationContext
    from .pieces import Clause, Piece

__all__ = ["MOST", "best_run", "count_of", "dividend_after", "in_step_order", "is_place",
           "one_more_route", "railway_as_route", "route_alone", "route_order", "run_unpaired", "several_routes",
           "stops_joined", "trains_before_routes"]

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


def is_place(p: "Piece", which=any) -> bool:
    """Whether the piece is a name read as a place (`which=all`: only as a place)."""
    return p.kind == "name" and which(k == "location" for k, _ in p.value)


def _stop(p: "Piece") -> bool:
    return p.kind == "hex" or is_place(p)


def _stops(pieces: list, i: int, n: int = 2) -> bool:
    """Whether pieces[i:i + n] are n stops."""
    return len(pieces[i:i + n]) == n and all(_stop(p) for p in pieces[i:i + n])


def _route_at(pieces: list, i: int, line: str) -> bool:
    """Whether pieces[i] and pieces[i + 1] are two stops joined by a dash: a route begins there."""
    return _stops(pieces, i) and bool(_DASH.fullmatch(line[pieces[i].end:pieces[i + 1].start]))


def trains_before_routes(pieces: list, line: str, trains: set) -> list:
    """The pieces with a train's bare number told as one ("its 4 goes H8-E9-C9", "runs the 3 for 90") made a train."""
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


def _near(sorted_at: list, a: int, b: int) -> bool:
    """Whether some value of `sorted_at` lies in [a, b]."""
    i = bisect.bisect_left(sorted_at, a)
    return i < len(sorted_at) and sorted_at[i] <= b


def stops_joined(line: str, a: int, b: int, stop_ends: list, stop_starts: list, train_ends: list) -> bool:
    """Whether line[a:b] joins two stops of a route ("J10, J8", "via H10 and E13", "its 4: L8 - K9")."""
    back, word = _blank_back(line, a), line[a:b].strip()
    stop_after = _near(stop_starts, b, b + len(line[b:]) - len(line[b:].lstrip()))
    if word in "-–—," and _near(stop_ends, back, a) and stop_after:
        return True
    if line[a:b] == ":":
        return _near(train_ends, back, a) and stop_after
    if word in ("-", "–", "—") and back and line[back - 1] == ")":
        # "Moscow (H8) - G5 - E1": a stop told with its hex in brackets, then the route goes on
        return _near(stop_ends, _blank_back(line, back - 1), back - 1) and stop_after
    m = _AND.match(line, back) if word.lower() in ("and", "&") else None
    if m is None or not _near(stop_ends, back, a) or not _near(stop_starts, m.end(), m.end()):
        return False
    window = line[max(0, a - _REACH):a]
    ends = [e.end() for e in _CLAUSE_END.finditer(window)]
    return bool(_ROUTE_WORD.search(window, ends[-1] if ends else 0))


def _blank_back(line: str, at: int) -> int:
    """Where the run of blanks that ends at `at` starts."""
    return len(line[:at].rstrip())


_CLOSE = regex(r"\s*\)")


def places_in_routes(pieces: list, line: str) -> list:
    """The pieces with a name that is a stop of a route read as the place, less a place in brackets after its hex."""
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
    """The pieces with a railway named after two places right after a train or "runs" read as their route."""
    out = []
    for i, p in enumerate(pieces):
        after = i and (pieces[i - 1].kind == "train" or pieces[i - 1].kind == "verb" and pieces[i - 1].value == "run")
        halves = _DASH.split(line[p.start:p.end]) if p.kind == "name" and after \
            and re.fullmatch(r"\s*:?\s+", line[pieces[i - 1].end:p.start]) else []    # "2T Odessa-Kiev", "2T: Odessa-Kiev"
        stops = [index.ident(h, ("location",)) for h in halves] if len(halves) == 2 else []
        if stops and all(stops):
            out += [dataclasses.replace(p, value=(("location", stops[0]),), end=p.start + len(halves[0])),
                    dataclasses.replace(p, value=(("location", stops[1]),), start=p.end - len(halves[1]))]
        else:
            out.append(p)
    return out


_BRACKET_ROUTE = regex(r"\(\s*[A-Z]{1,2}\d{1,2}(?:\s*[-–—]\s*[A-Z]{1,2}\d{1,2})+\s*\)")


def route_in_brackets(pieces: list, line: str) -> list:
    """The pieces without the places named before their route's hexes in brackets ("Odessa to Moscow (D20-H8)")."""
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
    """The stops a clause names in order, "via" ones before the "to" just before them ("A to B via C": A, C, B)."""
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


#: trains counted in a run ("its two 2s", "both 3-trains")
_COUNTED = regex(r"\b(two|three|four|both|\d)\s+(\d)(?:s|\s*-?\s*trains)\b", re.I)
#: trains counted in words ("ran two trains", "both trains")
_N_TRAINS = regex(r"\b(two|three|four|five|both|\d)\s+trains\b", re.I)
#: a kind of train named in the plural ("3-trains"): every route the run tells is one of them
_KIND_TRAINS = regex(r"(?<![\w+])(\d)\s*-\s*trains\b", re.I)
_COUNT_WORDS = {"two": 2, "both": 2, "three": 3, "four": 4, "five": 5}
_EACH = regex(r"\b(?:each|apiece)\b", re.I)

def count_of(word: str) -> int:
    """The number a count word or digit says ("both": 2)."""
    return _COUNT_WORDS.get(word.lower()) or int(word)


def counted_trains(text: str) -> Optional[int]:
    """How many trains a run's words count ("runs its three 2s": 3), or None."""
    return count_of(m.group(1)) if (m := _COUNTED.search(text)) else None


def _amount(p: "Piece") -> bool:
    return p.kind == "money" or p.kind == "number" and (p.before in ("for", "=", ":") or p.value >= 10)


def _without_total(amounts: list[int], earlier: int = 0, least: int = 3) -> list[int]:
    """The amounts without a last one (of `least` or more) that is `earlier` and the others added up."""
    return amounts[:-1] if len(amounts) >= least and earlier + sum(amounts[:-1]) == amounts[-1] else amounts


def _pairs(c: "Clause", known: set) -> Optional[list[tuple[str, int]]]:
    """(train, revenue) for each train written just before its revenue, when all are so paired, or None."""
    seq = [p for p in c.pieces if p.kind in ("train", "number", "money")]
    out = []
    for p, q in zip(seq[::2], seq[1::2]):
        train = p.kind == "train" or p.kind == "number" and str(p.value) in known and not _amount(p)
        if not train or not _amount(q):
            return None
        out.append((str(p.value), q.value))
    if len(seq) % 2 and not (_amount(seq[-1]) and seq[-1].value == sum(r for _, r in out)):
        return None            # something left over that is not the total
    return out if len(out) > 1 else None


def several_routes(ctx: "NotationContext", cur: str, c: "Clause", trains: list, revenue: list,
                   counts: list) -> Optional[tuple]:
    """The routes without stops of a clause telling several trains' revenues ("runs 120 + 160"), or None."""
    pairs = _pairs(c, set(ctx.trains))
    if pairs:        # (as many as the trains counted: "two trains: 2 for 50, 3 for 80 and 4 for 100" is no run)
        told = _N_TRAINS.search(c.text)
        n = counts[0] if len(counts) == 1 else count_of(told.group(1)) if told else len(pairs)
        return tuple(Route(t, (), revenue=r) for t, r in pairs) if n == len(pairs) else None
    revenue = _without_total(revenue)
    if len(trains) > 1 and len(revenue) == 1 and _EACH.search(c.text):
        revenue = revenue * len(trains)            # "the two 2-trains for 50 each"
    if len(trains) > 1:
        return tuple(Route(t, (), revenue=r) for t, r in zip(trains, revenue)) if len(revenue) == len(trains) else None
    owned = list(ctx.trains_of(cur)) if not trains and len(revenue) >= 2 and ctx.trains_of is not None else []
    if len(set(owned)) != 1:
        return None
    n = counts[0] if len(counts) == 1 else len(owned)     # "runs 2 trains for 90 and 70"
    return tuple(Route(owned[0], (), revenue=r) for r in revenue) if n == len(revenue) else None


def in_step_order(moves: list) -> list:
    """The moves with a run told straight after its company's dividend put before it."""
    out = list(moves)
    for i in range(len(out) - 1):
        x, y = getattr(out[i], "action", None), getattr(out[i + 1], "action", None)
        if isinstance(x, Dividend) and isinstance(y, RunRoutes) and x.entity == y.entity:
            out[i], out[i + 1] = out[i + 1], out[i]
    return out


def route_alone(fitter) -> bool:
    """Whether an operating clause of stops, trains and at most one amount, without a move word, is a run."""
    c = fitter.c
    return fitter.kind == "operating" and fitter.implicit() and len(fitter.hexes()) >= 2 and len(fitter.amounts()) <= 1 \
        and {p.kind for p in c.pieces} <= {"name", "hex", "number", "money", "train"}


def run_unpaired(text: str, run: RunRoutes) -> Optional[str]:
    """Why a run read does not hold together (trains counted, or stops told for some routes only), or None."""
    n = counted_trains(text)
    if n and len(run.routes) != n:
        return f"{n} trains counted, {len(run.routes)} routes told"
    told = [bool(r.stops) for r in run.routes]
    return "stops told for some revenues only" if any(a and not b for a, b in zip(told, told[1:])) else None


def one_more_route(c: "Clause", out: list, ctx: "NotationContext") -> Optional[RunRoutes]:
    """The run just read with one more route told after it without a move word ("& the 4 for 120"), or None."""
    if not out or not isinstance(out[-1].action, RunRoutes) or c.verbs() - {"run"} or c.loose \
            or c.verbs() and not c.of("train") \
            or {p.kind for p in c.pieces} - {"hex", "name", "number", "money", "train", "count", "verb"}:
        return None             # (a run word with its own train only: "... and the 3 goes J10-K9-J8 for 100")
    run = out[-1].action
    if c.of("count") and counted_trains(c.text) != len(run.routes) + 1:
        return None             # "... and B-W for 50 with the two 2s": the count is the run's
    stops = sorted((p for p in c.pieces if p.kind == "hex" or is_place(p, all)), key=lambda p: p.start)
    hexes = tuple(Stop(p.value if p.kind == "hex" else p.value[0][1]) for p in stops)
    only_stops = len(stops) == len(c.of("hex") + c.of("name"))
    earlier = sum(r.revenue or 0 for r in run.routes)        # "J14-K15 50 = 130": the total is set aside
    amounts = _without_total([p.value for p in c.pieces if p.kind in ("number", "money")], earlier, 2)
    trains = [p.value for p in c.of("train")]
    if not stops and len(trains) == 1 and len(amounts) == 1 and not any(r.stops for r in run.routes):
        return dataclasses.replace(run, routes=run.routes + (Route(trains[0], (), revenue=amounts[0]),))   # "& the 4 for 120"
    free = [i for i, r in enumerate(run.routes) if not r.stops and r.revenue is not None]
    if len(stops) >= 2 and not amounts and not trains and free and only_stops:
        routes = list(run.routes)         # "... for 70 and 60 this time: K7-H8 and H8-H10-G13": in the order told
        routes[free[0]] = dataclasses.replace(routes[free[0]], stops=hexes)
        return dataclasses.replace(run, routes=tuple(routes))
    if len(stops) < 2 or len(amounts) != 1 or len(trains) > 1 or not only_stops:
        return None
    counted = _COUNTED.search(out[-1].text)
    kind = _KIND_TRAINS.search(out[-1].text)         # "runs 3-trains I5-G7 (70) and K3-I5 (50)"
    train = trains[0] if trains else counted.group(2) if counted else kind.group(1) if kind else None
    if train is None:
        owned = set(ctx.trains_of(run.entity)) if ctx.trains_of is not None else set()
        if len(owned) != 1:
            return None
        train = owned.pop()
    return dataclasses.replace(run, routes=run.routes + (Route(train, hexes, revenue=amounts[0]),))


def dividend_after(verbs: set, cur: str) -> list:
    """The dividend written in a run's own clause ("runs 3T for 90 and pays"), as a fit's part."""
    kinds = verbs & DIVIDEND_WORDS
    return [(Dividend(cur, kinds.pop()), ())] if len(kinds) == 1 else []


#: words asking for the best run ("runs for max", "best routes")
MOST = frozenset({"best", "max", "maximum", "optimal", "optimum"})
_BEST = MOST | {"route", "routes", "possible", "revenue"}


def best_run(c: "Clause", ctx: "NotationContext", cur: str, trains: list[str]) -> tuple:
    """A route of each train (owned or named) when the clause asks for the best run ("runs for max"), else ()."""
    if not set(c.loose) & MOST or not set(c.loose) <= _BEST or ctx.trains_of is None:
        return ()
    return tuple(Route(t, ()) for t in ctx.trains_of(cur) if not trains or t in trains)
