"""What a line says again about a par (the president's certificate bought with it, the private handed
in for it, the company named again or said to float), set aside so the par is read once."""
from __future__ import annotations

import re
from typing import Optional

from .pieces import Clause, Piece
from .lazy import regex

__all__ = ["HOME", "PRESIDENTS", "par_restated", "taken_over"]

#: a home station named with a par ("home on K3", "base in L12"): the par's token
HOME = regex(r"\b(?:home|base)\b", re.I)
#: the president's (director's) certificate named
PRESIDENTS = regex(r"\b(?:president|director)(?:'?s|’s)?\s+(?:certificate|cert|share)|\bpresidency\b|"
                        r"\bpres\s+cert\b", re.I)
_AMOUNTS = ("money", "number")
#: a company said to float ("NYC floats")
_FLOATS = regex(r"\bfloat(?:s|ed)?\b", re.I)
#: the words of the certificate's name left among a clause's words
_CERT_WORDS = ("pres", "director", "cert")


def _presidents(c: Clause) -> bool:
    """Whether a clause names the president's certificate: in words, or as "the 20%"."""
    return bool(PRESIDENTS.search(c.text)) or any(p.value == 20 and p.before == "the" for p in c.of("percent"))


def par_restated(parts: list[Clause], kind: str, writer: Optional[str]) -> list[Clause]:
    """A stock or auction round's clauses with what states a par again set aside; other rounds' clauses,
    and a line naming a player other than the `writer`, as they are."""
    if kind not in ("stock", "auction") or any(
            k == "player" and i != writer for c in parts for p in c.of("name") for k, i in p.value):
        return parts
    par_at = [n for n, c in enumerate(parts) if "par" in c.verbs()]
    out: list[Clause] = []
    for n, c in enumerate(parts):
        if _presidents(c):
            c = _certificate(c, any(m != n for m in par_at))
        elif _bare(c, {"par"}) and any(_names(c) <= _names(b) and ("par" in b.verbs() or b.verbs() and _FLOATS.search(c.text))
                                       for b in parts[:n]):
            continue                # "yes, I'm starting the Grand Trunk", "NYC floats": what a move before did, said again
        elif n + 1 in par_at and (_bare(c, {"buy"}) or _handed_in(c)) and _names(parts[n + 1]) <= _names(c):
            parts[n + 1] = Clause(parts[n + 1].start, parts[n + 1].end, parts[n + 1].text,
                                  c.of("name") + parts[n + 1].pieces, parts[n + 1].loose)
            continue                # "I'll buy GT - par it at 90", "Converting my Sask Central: SC par $82"
        out.append(c)
    return out


def _names(c: Clause) -> set:
    return {i for p in c.of("name") for k, i in p.value if k != "player"}


def _bare(c: Clause, verbs: set) -> bool:
    """Whether a clause holds only move words of `verbs` (or none), names and the writer."""
    return c.verbs() <= verbs and bool(_names(c)) and not c.loose and {p.kind for p in c.pieces} <= {"verb", "name", "me"}


def taken_over(c: Clause, before: list[Clause], found: list[Clause]) -> bool:
    """Whether a clause names the presidency with no price and no private handed in, after a buy on a line of no par
    ("buys a CNR and I take over the CNR presidency"): what the buy did, a claim on it."""
    return _presidents(c) and not any(p.kind in _AMOUNTS for p in c.pieces) and not _EXCHANGE.search(c.text) \
        and any("buy" in b.verbs() for b in before) and not any("par" in b.verbs() for b in found)


def _handed_in(c: Clause) -> bool:
    """Whether a clause only hands a private in ("Ann swaps her Saskatchewan Central for SC"): the
    par after it is of its company."""
    return bool(_EXCHANGE.search(c.text)) and bool(_names(c)) and {p.kind for p in c.pieces} <= {"verb", "name", "me"} \
        and all(_EXCHANGE.fullmatch(w) or w in ("private", "in") for w in c.loose)


def _certificate(c: Clause, par_elsewhere: bool) -> Clause:
    """A clause naming the president's certificate: beside a par its buy and percent are set aside, its other
    amounts claims of what it cost; else its buy, or a private exchanged for it, is the par at the price "at"."""
    c = _without_private(c) if _EXCHANGE.search(c.text) else c
    own_par = next((p.start for p in c.pieces if p.kind == "verb" and p.value == "par"), None)
    if par_elsewhere or own_par is not None:
        amounts = [p for p in c.pieces if p.kind in _AMOUNTS] if own_par is not None else []
        price = next((p for p in amounts if p.start > own_par), amounts[0] if amounts else None)   # "at 100 par"
        keep = [Piece("par_paid", p.value, p.start, p.end, p.before) if p.kind in _AMOUNTS and p is not price else p
                for p in c.pieces if not (p.kind == "verb" and p.value == "buy" or p.kind == "percent" and p.value == 20)]
        return Clause(c.start, c.end, c.text, keep, c.loose)     # its other amounts: what the certificate cost
    if not PRESIDENTS.search(c.text) or any(p.kind in _AMOUNTS and p.before in ("for", "paying", "costs", "cost")
                                            for p in c.pieces):
        return c            # "buys the 20%" with no par, "... certificate for $134" (its cost): left as written
    keep = [Piece("verb", "par", p.start, p.end, p.before) if p.kind == "verb" and p.value == "buy" else p
            for p in c.pieces if not (p.kind == "percent" and p.value == 20)]
    # a private exchanged for it, or the certificate named among no other words ("GT pres cert at 67"): a par
    m = _EXCHANGE.search(c.text) or (PRESIDENTS.search(c.text) if all(w.startswith(_CERT_WORDS) for w in c.loose) else None)
    if m and not c.verbs() - {"token"}:
        keep.insert(0, Piece("verb", "par", c.start, c.start + len(m.group(0))))
    return Clause(c.start, c.end, c.text, keep, c.loose)


#: a private handed in for the certificate
_EXCHANGE = regex(r"\b(?:exchang\w*|trad(?:e|es|ing)|swap\w*|convert\w*)\b", re.I)


def _without_private(c: Clause) -> Clause:
    """The clause without the name of the private exchanged (a name that is only a private's);
    a name both a private's and a company's keeps the company."""
    keep = []
    for p in c.pieces:
        if p.kind == "name" and any(k == "company" for k, _ in p.value):
            rest = tuple(v for v in p.value if v[0] != "company")
            if not rest:
                continue
            p = Piece(p.kind, rest, p.start, p.end, p.before)
        keep.append(p)
    return Clause(c.start, c.end, c.text, keep, c.loose)
