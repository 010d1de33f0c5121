"""Runs told as a list of routes, each with its revenue, and tiles named by their place, reworded
into the notation's own words (rules of the second reading, applied before the others).

Each rule rewords a shape and guesses no value: a route's revenue in brackets ("G11-B12 (60)"),
the total written after the routes ("total 100", "360 in all"), the per-share amount after the
dividend ("pays, $4 a share"), trains counted before their routes ("its two 2s: ..."), a train
named after its stops ("J8-K9-J10 with the 3 for 100", "ran 150 with the 4 (J8-K9-J10)"), a
sentence begun by the train ("The 3 runs G3-I5-J8 for 70", "HBR's 4 runs ...", "and the 3 goes
..."), a skipped tile lay told as such, and a tile named with its colour or with "upgrades X with"
("upgrades Regina to the green R1 tile", "Brown Regina (R2) for QLL").
"""
from __future__ import annotations

import re
from typing import Callable

from .paraphrase_parts import _HEXP, _sub

__all__ = ["RUN_LISTS"]

#: a train's name (a capital D only: "d" is no train)
_T = r"(?:[1-9](?:\+[1-9]E?)?|(?-i:D))"
_ROUTE = rf"(?<![\w-])(?:{_HEXP}\s*-\s*)+{_HEXP}(?![\w-])"
_AMOUNT = r"[$₽]?\d{2,4}₽?"
_COUNTS = {"two": 2, "three": 3, "four": 4, "both": 2, "2": 2, "3": 3, "4": 4}
#: a route with its revenue: "G11-B12 for 60"
_ROUTE_FOR = rf"{_ROUTE}\s+(?:for|=)\s+{_AMOUNT}"
_COUNTED_ROUTES = re.compile(
    rf"\b(?:(?:runs?|ran)\s+)?(?:its\s+|the\s+|all\s+)*(?:(?P<n>two|three|four|both|[234])\s+)?(?P<t>{_T})(?P<plural>\s*s\b|\s*-\s*trains\b|\s*Ts\b|\s+trains\b)"
    rf"\s*(?:(?:run|go)\s+)?:?\s*(?P<routes>{_ROUTE_FOR}(?:\s*(?:,\s*(?:and\s+)?|\band\s+)(?:{_ROUTE_FOR}))+)", re.I)


def _counted_routes(text: str) -> str:
    """ "runs its two 2s: G19-F20 for 70 and F22-F20 for 30", "runs 2-trains G11-B12 for 60 and
    G11-J8 for 40": one train of that kind for each route (only as many routes as counted)."""
    def one(m: re.Match) -> str:
        routes = re.findall(_ROUTE_FOR, m.group("routes"))
        if not m.group("n") and not m.group("plural").strip().startswith(("-", "s", "T")):
            return m.group(0)              # "2 trains": two trains, or 2-trains? (run_wording's _n_trains)
        if m.group("n") and _COUNTS[m.group("n").lower()] != len(routes):
            return m.group(0)
        return "runs " + ", ".join(f"{m.group('t')} train {r}" for r in routes)
    return _COUNTED_ROUTES.sub(one, text)


RUN_LISTS: list[Callable[[str], str]] = [
    # "My turn to run the RSR: its 4 goes ..." (the company's runs after the colon)
    _sub(r"^\s*(?i:(?:it'?s\s+)?my\s+turn\s+to\s+(?:run|operate))\s+(?i:the\s+)?([A-Z][\w-]*)\s*:\s*", r"\1: ", 0),
    # a route's revenue in brackets: "G11-B12 (60)"
    _sub(rf"({_ROUTE})\s*\(\s*([$₽]?\d{{2,4}}₽?)\s*\)", r"\1 for \2"),
    # the total after two or more routes: "..., total 100,", "..., 360 in all,", "... for 100. 340, full payout"
    _sub(rf"({_ROUTE_FOR}[^.;]*?{_ROUTE_FOR})\s*(?:[,.;]\s*(?:(?:a\s+)?total\s+(?:of\s+)?{_AMOUNT}|{_AMOUNT}\s+(?:in\s+all|total))"
         rf"|\.\s*{_AMOUNT}\s*(?=,))\s*(?=[,.;]|$)", r"\1"),
    # the per-share amount after the dividend: "and pays, $4 a share" (the per-share claim)
    _sub(r"\b(pays?(?:\s+out)?|paying(?:\s+out)?)\s*,\s*([$₽]?\d+₽?)\s+(?:a|per|each)\s+share\b", r"\1 \2 per share"),
    # a train named after its stops: "J8-K9-J10 with the 3 for 100", "J8-K9-J10 for 100 with the 3"
    _sub(rf"({_ROUTE})\s+with\s+(?:the|its|a)\s+({_T})(?:\s*-?\s*train|T\b)?\s+(for|=)\s+({_AMOUNT})", r"\2 train \1 \3 \4"),
    _sub(rf"({_ROUTE})\s+(for|=)\s+({_AMOUNT})\s+with\s+(?:the|its|a)\s+({_T})(?:\s*-?\s*train|T\b)?(?![\w-])", r"\4 train \1 \2 \3"),
    # a sentence begun by the train: "The 3 runs G3-I5-J8 for 70", "HBR's 4 runs ...", "and the 3 goes ..."
    _sub(rf"(^|[.;]\s+)(?:the|its)\s+({_T})(?:\s*-?\s*train|T\b)?\s+(?:runs|goes|ran|went)\s+(?={_HEXP}\b)", r"\1runs \2 train "),
    _sub(rf"^(\s*[A-Z][\w&-]*)'s\s+({_T})(?:\s*-?\s*train|T\b)?\s+(?:runs|goes|ran|went)\s+(?=[A-Z])", r"\1 runs \2 train ", 0),
    _sub(rf"({_ROUTE_FOR})\s*(?:,\s*)?(?:and\s+)?(?:the|its)\s+({_T})(?:\s*-?\s*train|T\b)?\s+(?:runs|goes|ran|went)\s+(?={_HEXP}\b)",
         r"\1, \2 train "),
    _sub(rf"(^|[,;:]\s*)({_T})\s*(?:-?\s*train|T\b)\s+(?:run|route)\s*:?\s+(?={_HEXP}\b)", r"\1runs \2 train "),
    _counted_routes,
    # "... for 90 and 2 train L8-N6 for 40": the next train's route, as after a comma
    _sub(rf"({_ROUTE_FOR})\s+and\s+(?={_T}\s*(?:-?\s*train\b|T\b)\s*{_HEXP}\b)", r"\1, "),
    # a half dividend told by its two halves: "half to the treasury, half to me" is one dividend
    _sub(r"\bhalf\s+(?:goes\s+)?(?:to|in(?:to)?|for)\s+the\s+(?:treasury|company|bank\s+account)\s*(?:,|and|;)?\s*(?:and\s+)?(?:the\s+other\s+)?"
         r"half\s+(?:to|for)\s+(?:me|us|the\s+(?:shareholders|holders|owners?|players?|president)|[A-Z][\w-]*)\b", "pays half"),
    _sub(r"\bhalf\s+(?:to|for)\s+(?:me|us|the\s+(?:shareholders|holders|owners?|players?|president)|[A-Z][\w-]*)\s*(?:,|and|;)?\s*(?:and\s+)?"
         r"(?:the\s+other\s+)?half\s+(?:goes\s+)?(?:to|in(?:to)?|for)\s+the\s+(?:treasury|company)\b", "pays half"),
    # a skipped tile lay: "skips its tile lay" is the pass of the lay
    _sub(r"\bskips?\s+(?:its|the|their|a)\s+(?:tile(?:\s+lay)?|track(?:\s+lay)?|lay)\b", "passes lay track"),
    # tiles named by place and colour: "upgrades Regina to the green R1 tile", "Brown Regina (R2) for QLL"
    _sub(r"\bupgrades?\s+((?![A-Z]{1,2}\d)[A-Z][a-z.]+(?:\s[A-Z][a-z]+)?)\s+to\s+(?:the\s+|a\s+)?(?:(?:yellow|green|brown|gr[ae]y)\s+)?"
         r"(#?[A-Z]?\d{1,3})(?:\s+tile)?\b", r"lays \2 on \1", 0),
    _sub(r"\bupgrades?\s+([A-Z]{1,2}\d{1,2}|[A-Z][a-z]+)\s+with\s+(?:an?\s+|the\s+)?(?:tile\s+)?(#?[A-Z]?\d{1,3})\b", r"lays \2 on \1", 0),
    _sub(r"^\s*(?i:yellow|green|brown|gr[ae]y)\s+([A-Z][\w.]*(?:\s[A-Z][a-z]+)?)\s*\(\s*(#?[A-Z]?\d{1,3})\s*\)\s+(?i:for)\s+([A-Z][\w&-]*)",
         r"\3 lays \2 on \1", 0),
    # "M-B: tile #619 on E9" (the field's word before the tile)
    _sub(r"(^\s*[A-Z][^:.;,]{0,40}:\s*)tile\s+(#?[A-Z]?\d{1,3})\s+(on|in|at)\s+", r"\1lays \2 \3 "),
]
