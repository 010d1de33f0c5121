"""Second reading of a line the grammar refused: the freer ways people write a move,
rewritten into the notation's own words.

Only a line that fails to read comes here, and its rewriting is read by the same grammar and
the same checks, so nothing the grammar reads changes and nothing it refuses is let through
unread: a rewritten line either reads as exactly the moves it states, or the refusal of the
line as written stands. Every rule is a plain rewording ("I'll buy" -> "buy", "no tile" ->
"pass lay track", "two 2-trains" -> "a 2 train, buys a 2 train"); none guesses a value.

The rules themselves are in paraphrase_rules.py, the pieces they are made of in paraphrase_parts.py.
"""
from __future__ import annotations

import functools
import re
from typing import Mapping, Optional

from .paraphrase_parts import _HEXP, _SENTENCE
from .paraphrase_rules import RULES

__all__ = ["RULES", "paraphrase"]


#: words that make a line a plan, a doubt or a condition rather than a move
_DOUBT = re.compile(r"\b(?:might|maybe|perhaps|probably|possibly|thinking\s+(?:of|about)|considering|planning|"
                    r"if|unless|whether|should\s+I|shall\s+I|could\s+I|would\s+(?:you|anyone|it))\b", re.I)


def _pairs(text: str, pairs: Mapping[str, str]) -> str:
    """A railway named after the two places it joins, written where a company is started or
    bid on ("starts Odessa-Kiev at 100", "bids 100 on the Moscow-Voronezh"), as its short
    form ("O-K"; `pairs` maps the short forms to the full names). Places are matched by
    their initials, so another spelling of a place ("Kharkov" for "Kharkiv") is read too; in
    a route the same words stay two places."""
    def one(m: re.Match) -> str:
        short = f"{m.group(2)}-{m.group(3)}"
        return m.group(1) + short if short in pairs else m.group(0)
    return re.sub(r"(\b(?i:starts?|starting|started|opens?|opening|opened|on|for|the)\s+)"
                  r"([A-Z])[a-z]+\s*-\s*([A-Z])[a-z]+\b(?!\s*[-(])(?!\s+(?i:railway|railroad|rly)\b)", one, text)


@functools.lru_cache(maxsize=16)
def _stops_pattern(names: tuple) -> tuple[re.Pattern, dict]:
    """One regex for a run of stops (hexes or the given place names) joined by dashes, arrows,
    "to", "via", "through", commas or "and"; and the place names by their lower-case form."""
    alts = sorted({n for n, _ in names}, key=len, reverse=True)
    place = "|".join(r"[\s.]+".join(re.escape(w) for w in re.split(r"[\s.]+", n) if w) for n in alts)
    stop = rf"(?:{_HEXP}\b|(?:{place})(?![\w']))"
    join = r"\s*(?:-|–|—|->|→|\bto\b|\bvia\b|\bthrough\b|,|\band\b)\s*"
    return re.compile(rf"(?<![\w'])({stop}(?:{join}{stop})+)", re.I), {re.sub(r"[\s.]+", " ", n.lower()): h for n, h in names}


def _route_places(text: str, places: Mapping[str, str]) -> str:
    """Places named in a route stand for their hexes: "runs Moscow-G5-St Petersburg for 80" ->
    "runs H8-G5-E1 for 80". Only a run of two stops or more, after a run word ("runs", "ran",
    "2 train", "4T") in the same sentence or before its revenue ("for 80", "= 80", ", 80")."""
    rx, by_name = _stops_pattern(tuple(sorted(places.items())))

    def one(m: re.Match) -> str:
        before = re.split(r"[.;]\s", text[:m.start()])[-1]
        after = text[m.end():]
        ran = re.search(r"\b(?:runs?|ran|running|trains?|\d\s*T)\b|\b\d\s*-?\s*train", before, re.I)
        dealt = re.search(r"\b(?:buy|bought|sell|sold|bid|par|open|start|auction|exchange|trade)\w*|'s\s*$", before, re.I)
        if not (ran or (re.match(r"\s*(?:for|=|,)\s*[$₽]?\d", after, re.I) and not dealt)):
            return m.group(0)
        stops = re.sub(r"[A-Za-z][\w'.]*(?:[\s.]+[A-Za-z][\w'.]*)*",
                       lambda w: _hexes_of(w.group(0), by_name), m.group(0))
        if not re.search(r"\bvia\b", stops, re.I) and not re.search(r"\b(?:from|via)\b", before, re.I):
            stops = re.sub(r"\s*(?:->|→|\bto\b)\s*", "-", stops, flags=re.I)
        return re.sub(r"\s*(?:-|–|—)\s*", "-", stops)
    return rx.sub(one, text)


def _place_with_hex(text: str, places: Mapping[str, str]) -> str:
    """A place named with its hex in brackets stands for that hex ("from Kiev to Poland (A11)":
    A11, never another hex of the place's): only a place the title names."""
    known = {re.sub(r"[\s.]+", " ", n.lower()).strip() for n in places}

    def one(m: re.Match) -> str:
        return m.group(2) if re.sub(r"[\s.]+", " ", m.group(1).lower()).strip() in known else m.group(0)
    return re.sub(r"\b([A-Z][a-z'’]+(?:[\s.]+[A-Z][a-z'’]+){0,2})\.?\s*\(\s*([A-Z]{1,2}\d{1,2})\s*\)", one, text)


def _hexes_of(words: str, by_name: Mapping[str, str]) -> str:
    """Words inside a run of stops with every place name in them turned into its hex."""
    key = re.sub(r"[\s.]+", " ", words.lower()).strip()
    if key in by_name:
        return by_name[key]
    parts = re.split(r"(\s+(?:to|via|through|and)\s+)", words, flags=re.I)
    if len(parts) > 1:
        return "".join(p if i % 2 else _hexes_of(p, by_name) for i, p in enumerate(parts))
    return words


#: the longest line the rules reword: longer is no sentence of moves (a pasted blob, a long
#: paragraph's chat), and a few rules cost the square of a line's length; the grammar and
#: the reading by pieces still read it
LONGEST = 1000


def paraphrase(line: str, pairs: Optional[Mapping[str, str]] = None,
               places: Optional[Mapping[str, str]] = None) -> Optional[str]:
    """The line reworded into the notation's own words, or None when no rule applies (or the
    line is doubt, a plan or a condition: "I might ...", "if ...", "maybe ...": never a move).

    `pairs` maps the short forms of the railways named after two places to their names
    ("O-K" -> "Odessa-Kiev Railway"), from the context's corporations; `places` maps place
    names to their hexes, for routes written with places."""
    if len(line) > LONGEST or _DOUBT.search(line) or (line.strip().rstrip(")]").rstrip().endswith("?")
                                                         and len(_SENTENCE.split(line)) < 2):
        return None
    # runs of blanks are one space to every rule (the result is so anyway): several rules
    # backtrack over long runs, a cost that grew with the square of the run's length
    text = re.sub(r"\s{2,}", " ", line)
    text = _pairs(text, pairs) if pairs else text
    text = _place_with_hex(text, places) if places else text
    text = _route_places(text, places) if places else text
    for rule in RULES:
        text = rule(text)
    text = re.sub(r";\s*;|\.\s*;", ";", text)
    text = re.sub(r"\s{2,}", " ", text).strip()
    text = _strip_tail(text)
    return text if text != line.strip() else None


def _strip_tail(text: str) -> str:
    """The text without its trailing list marks (a ',', ';', ':' or '!' and the blanks, marks
    and full stops after it; blanks and marks before it unless a full stop comes between):
    as the pattern `[\\s,;:!]*[,;:!][\\s,;:!.]*$` strips it, in one pass instead of a
    backtracking search that grew with the cube of a long run of marks."""
    tail = len(text) - len(text.rstrip(" \t\r\n\f\v,;:!."))
    run = text[len(text) - tail:]
    first = next((i for i, ch in enumerate(run) if ch in ",;:!"), None)
    if first is None:
        return text
    stop = run.rfind(".", 0, first)
    return text[:len(text) - tail + stop + 1]
