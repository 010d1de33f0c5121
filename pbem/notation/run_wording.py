"""Runs as people write them, reworded into the notation's own words (rules of the second
reading, applied after the others in paraphrase_rules.py).

Each rule rewords the shape of a run and guesses no value: trains listed before their revenues
("runs the 3 and the 2 for 90 and 50"), a route's sum in brackets ("G7-I5-J10 (40+30+30=100)"),
a place named beside its hex ("A11 (Poland) to Kiev"), a route told leg by leg ("from Moscow via
H10 to I13 and on to L12"), a company run by someone other than its president ("Running the
RSR since I have priority: ..."), a run of nothing ("run none") and the fields of a postal
order ("Route: ...", "Train: none"). A run written without its train keeps it unwritten: the
table takes the company's one kind of train (the context's `trains_of`) or asks.
"""
from __future__ import annotations

import re
from typing import Callable

from .paraphrase_parts import _HEXP, _sub

__all__ = ["RUN_FIRST", "RUN_RULES"]

#: a train's name (a capital D only: "d" is no train)
_T = r"(?:[1-9](?:\+[1-9]E?)?|(?-i:D))"
#: a train as written in a list of trains: "the 3", "3T", "a 4-train", "its 2"
_ONE = rf"(?>(?:(?:the|its|a|an|one)\s+)?({_T})(?:\s*-?\s*trains?\b|T\b)?)"
#: a revenue in a list of revenues
_REV = r"(?>[$₽]?(\d{2,4})₽?)"
#: a list separator: ",", "and", "&", "+" (each piece matched once, atomic: no backtracking
#: through the spaces of a long list)
_AND = r"(?>\s*(?:,\s*(?:and\s+)?|\band\b\s*|&\s*|\+\s*))"
_ROUTE = rf"(?:{_HEXP}-)+{_HEXP}"
#: the routes of the trains told after their revenues: "...: K7-H8 and H8-H10-G13" (one route
#: there for several trains is not paired: the line stays refused)
_ROUTES_AFTER = rf"(?:[^:;.\d]{{0,40}}:\s*(?P<routes>(?<![\w-]){_ROUTE}(?:{_AND}{_ROUTE})+))?(?![^:;.\d]{{0,40}}:\s*{_HEXP})"
_TRAINS_THEN_REVENUES = re.compile(
    rf"\b(?P<verb>runs?|ran|running)\s+(?P<trains>{_ONE}(?:{_AND}{_ONE})+)\s+(?:for|=)\s+"
    rf"(?P<revs>{_REV}(?:{_AND}{_REV})+)(?![\w%]){_ROUTES_AFTER}", re.I)


def _paired(m: re.Match, trains: list[str], revs: list[str]) -> str:
    """The runs of `trains` with `revs` (and the routes written after them) in the same places
    of their lists; the text unchanged when the lists are not as long."""
    routes = re.findall(_ROUTE, m.group("routes")) if m.group("routes") else [""] * len(revs)
    if len(trains) != len(revs) or len(routes) != len(revs):
        return m.group(0)
    return "runs " + ", ".join(f"{t} train {route} for {r}".replace("  ", " ") for t, route, r in zip(trains, routes, revs))


def _trains_then_revenues(text: str) -> str:
    """ "runs the 3 and the 2 for 90 and 50" -> "runs 3 train for 90, 2 train for 50": the
    trains in the order written, each with the revenue in the same place of its list (only
    when the two lists are as long)."""
    def one(m: re.Match) -> str:
        return _paired(m, re.findall(_ONE, m.group("trains"), re.I), re.findall(_REV, m.group("revs")))
    return _TRAINS_THEN_REVENUES.sub(one, text)


_COUNTS = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
_COUNTED_TRAINS = re.compile(
    rf"\b(?:runs?|ran|running)\s+(?:its\s+|the\s+|all\s+)*(two|three|four|[234])\s+({_T})\s*(?:s\b|-?\s*trains\b|Ts\b)"
    rf"\s*(?:for|=)\s+(?P<revs>{_REV}(?:{_AND}{_REV})+)(?![\w%]){_ROUTES_AFTER}", re.I)
#: a route given twice, by its ends and then whole in brackets: "D14-H8 (D14-E13-H10-H8)"
_ROUTE_TWICE = re.compile(rf"(?<![\w-])((?:{_HEXP}-)+{_HEXP})\s*\(\s*((?:{_HEXP}\s*-\s*)+{_HEXP})\s*\)")


def _counted_trains(text: str) -> str:
    """ "runs its three 2-trains for 60, 50 and 50" -> one 2 train for each revenue (only when
    there are as many revenues as trains counted)."""
    def one(m: re.Match) -> str:
        revs = re.findall(_REV, m.group("revs"))
        return _paired(m, [m.group(2)] * _COUNTS[m.group(1).lower()], revs)
    return _COUNTED_TRAINS.sub(one, text)


def _route_twice(text: str) -> str:
    """ "Kiev to Moscow (D14-E13-H10-H8)": the route in brackets is the one written by its ends
    (the same first and last stop), told in full."""
    def one(m: re.Match) -> str:
        ends, whole = m.group(1).split("-"), re.split(r"\s*-\s*", m.group(2))
        if (ends[0], ends[-1]) != (whole[0], whole[-1]):
            return m.group(0)
        return "-".join(whole)
    return _ROUTE_TWICE.sub(one, text)


#: the first field of a postal order after the company's name: "HBR - Tile: #9 on H10. ..."
_POSTAL_HEAD = re.compile(r"^(\s*[A-Z][\w-]*)\s*(?:[-–—:]\s*)?(tile|track|token|station|route|run|div|dividend|train)s?\s*:\s*",
                          re.I)


def _postal_head(text: str) -> str:
    """ "HBR - Tile: #9 on H10. Token: none. ...": the company's name kept with its first field
    as a move ("HBR lays #9 on H10. ..."), where it would otherwise be set aside as a sentence
    of its own and the fields read as the moves of whichever company operates."""
    m = _POSTAL_HEAD.match(text)
    if m is None or not m.group(1).strip()[:1].isupper() or m.group(1).strip().lower() in (
            "tile", "track", "token", "station", "route", "run", "div", "dividend", "train", "trains", "runs"):
        return text
    field, rest = m.group(2).lower(), text[m.end():]
    none = re.match(r"(?:none|no|-)(?![\w-])", rest, re.I)
    word = next(w for keys, w in _FIELD_WORDS if field in keys)[0 if none is None else 1]
    return f"{m.group(1)}: {word} {rest[none.end():] if none else rest}".replace("  ", " ")


#: a postal order's field -> (the move word before its value, the step passed for "none")
_FIELD_WORDS = ((("tile", "track"), ("lays", "pass lay track")), (("token", "station"), ("token", "pass place a token")),
                (("route", "run"), ("runs", "no run")), (("div", "dividend"), ("", "")),
                (("train",), ("buys", "pass buy trains")))


_N_TRAINS = re.compile(rf"\bruns\s+(two|three|four|[234])\s+trains\s*:\s*(?=(?<![\w-])(?:{_HEXP}-)+{_HEXP}\b)(?P<rest>[^.;]*)", re.I)


def _n_trains(text: str) -> str:
    """ "runs 2 trains: G7-D8 for 60 and G7-I5 for 50": two trains or two 2-trains? With as many
    routes as the count, each is read without its train (the company's one kind, or asked)."""
    def one(m: re.Match) -> str:
        routes = re.findall(rf"(?<![\w-])(?:{_HEXP}-)+{_HEXP}\b", m.group("rest"))
        return "runs " + m.group("rest") if len(routes) == _COUNTS[m.group(1).lower()] else m.group(0)
    return _N_TRAINS.sub(one, text)


RUN_RULES: list[Callable[[str], str]] = [
    # a run of nothing: "run none", "Route: none", "runs: nothing" (the table sets it aside
    # when the game skipped the run step itself)
    _sub(r"(^|[.;,:]\s*)(?:runs?|route|routes)\s*:?\s*(?:none|nothing|-)(?=\s*(?:[.;,]|$))", r"\1no run"),
    _sub(r"(^|[.;,]\s*)trains?\s*:\s*(?:none|no|-)(?=\s*(?:[.;,]|$))", r"\1pass buy trains"),
    _sub(r"(^|[.;,]\s*)(?:token|station)s?\s*:\s*(?:none|no|-)(?=\s*(?:[.;,]|$))", r"\1pass place a token"),
    # a company run by the player with priority (1861's national): "Running the RSR since I
    # have priority: its 4 goes ..."
    _sub(r"^\s*(?i:running|operating|runs?|operates?|I\s+run|I'm\s+running|I\s+operate)\s+(?i:the\s+)?([A-Z][\w-]*)\s+"
         r"(?i:since|as|because)\b[^:]*:\s*", r"\1: ", 0),
    _sub(rf"^(\s*[A-Z][\w-]*\s*:\s*)(?i:its|the)\s+({_T})\s*(?i:-?\s*train)?\s+(?i:(?:goes|runs|does)\s+)?(?=[A-Z])",
         r"\1runs \2 train ", 0),
    # trains listed before their revenues
    _trains_then_revenues,
    _counted_trains,
    _n_trains,
    _route_twice,
    # a revenue "with the bonus" (the bonus is in it)
    _sub(r"\b(\d+)\s+(?:incl(?:uding|\.)?|with)\s+the\s+bonus(?:es)?\b", r"\1"),
    # stops listed after "from ... through": "from the fishing exit through D8, F8 and G7 for 190"
    _sub(rf"\bfrom\s+(?:the\s+)?({_HEXP})\s+(?:via|through)\s+((?>{_HEXP}\s*(?:,\s*(?:and\s+)?|and\s+))+{_HEXP})(?=\s+(?:for|=))",
         lambda m: m.group(1) + "-" + "-".join(re.findall(_HEXP, m.group(2))), 0),
    # the dividend told with the run it pays: "pays out 240 from the 5 (H8-H10-E13-D14-D20)"
    _sub(rf"\b(pays?\s+out|withholds?|pays?\s+half|splits?)\s+[$₽]?(\d+)₽?\s+(?:from|with)\s+(?:the|its)\s+({_T})\s*"
         rf"(?:-?\s*train)?\s*\(\s*((?:{_HEXP}-)+{_HEXP})\s*\)", r"runs \3 train \4 for \2; \1"),
    # a dividend written after the revenue without a comma: "... for 100 withhold"
    _sub(r"(\d)\s+(withholds?|splits?)\s*\.?\s*$", r"\1; \2"),
    # a route's sum in brackets after its stops: "G7-I5-J10 (40+30+30=100)", "D8-D6 ($50)"
    _sub(rf"(?<![\w-])((?:{_HEXP}-)+{_HEXP})\s*\(\s*([$₽]?\d+(?:\s*\+\s*[$₽]?\d+)+(?:\s*=\s*[$₽]?\d+)?)\s*\)", r"\1 for \2"),
    # a place named beside its hex: "A11 (Poland) to Kiev", "Poland (A9)-B8"
    _sub(rf"\b({_HEXP})\s*\(\s*(?:the\s+)?[A-Z][\w.']*(?:\s+[A-Z][\w.']*)*\s*\)(?=\s*(?:-|–|to\b|via\b|for\b|=|,))", r"\1", 0),
    # a route told leg by leg: "from Moscow via H10 to I13 and on to L12"
    _sub(rf"(?<![\w-])((?:{_HEXP}-)+{_HEXP})\s+(?:and\s+)?(?:then\s+)?on\s+to\s+(?={_HEXP}\b)", r"\1-", 0),
]


#: rules applied before all others (paraphrase_rules.py): a postal order's company name, and
#: several routes of one run whose trains are not written ("runs B12-G11 for 60 and G11-J8 for
#: 40": each its own run of the company's one kind of train, merged into one run)
RUN_FIRST: list[Callable[[str], str]] = [
    _postal_head,
    _sub(rf"(\bruns?\s+(?<![\w-])(?:{_HEXP}-)+{_HEXP}\s+(?:for|=)\s+[$₽]?\d+₽?)\s+and\s+"
         rf"(?=(?:{_HEXP}-)+{_HEXP}\s+(?:for|=)\s)", r"\1, runs "),
]
