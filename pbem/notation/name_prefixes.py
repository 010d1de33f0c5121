"""Companies named by the first words of a longer name ("the Grand Trunk" for the Grand Trunk
Pacific, "Black Sea" for the Black Sea Shipping Company): two or more leading words that begin
the names of one company only (and are no other name of anything) name it, and so does its first
word with "minor" or "private" after it ("the Kharkov minor"). Leading words
that begin with a place's name are left out: "Moscow-Kiev" is a route, not the Moscow, Kiev &
Voronezh Railway. A private's code written straight before a private's name ("P5 Trestle
Bridge") gives way to the name the writer wrote out.
"""
from __future__ import annotations

import dataclasses

from .names import NameIndex, norm
from .lazy import regex

__all__ = ["code_before_name", "leading_forms"]

_WORD = regex(r"[A-Za-z][\w'’.]*")
#: words that end no leading part of a name ("Chesapeake and", "Champlain & St.")
_OPEN = frozenset({"and", "of", "the", "st", "st.", "rail", "on", "upon"})


def leading_forms(index: NameIndex, kinds: tuple = ("corporation", "company")) -> dict:
    """Normalised leading words (two or more, fewer than the whole name) -> [(kind, id)], for
    the leading words that begin the names of exactly one entry of `kinds`; those that are an
    exact name of any entry (a player, a place...) or begin with a place's name are left out."""
    seen: dict = {}
    places = {q for e in index.entries.get("location", ()) for q in e.exact}
    for kind in kinds:
        for e in index.entries[kind]:
            for name in e.shown[1:]:
                words = _WORD.findall(name)
                if len(words) > 1:       # "the Kharkov minor": its first word and what it is
                    seen.setdefault(norm(f"{words[0]} {'private' if kind == 'company' else 'minor'}"), set()).add((e.kind, e.ident))
                for n in range(1, len(words)):
                    q = norm(" ".join(words[:n]))
                    if q in places:
                        break           # a place's name begins it: a route or the place
                    if n > 1 and len(words[n - 1]) > 2 and words[n - 1].lower() not in _OPEN:
                        seen.setdefault(q, set()).add((e.kind, e.ident))
    taken = {q for es in index.entries.values() for e in es for q in e.exact}
    return {q: sorted(found) for q, found in seen.items() if len(found) == 1 and q not in taken}


#: words of many names that name no company alone
_GENERIC = frozenset("""company railway railroad central pacific valley shipping north south east west northern
southern eastern western grand great river lake long bay private black white start until rules phase""".split())


def private_words(index: NameIndex, move_words: frozenset = frozenset()) -> dict:
    """Normalised single words (five letters or more, not generic) -> [("company", id)], for the
    words that stand in the names of one private company only and in no other name of the title
    ("the Trestle", "the bridge", "Schuylkill"), and are no move word or filler: read in an
    auction round, where privates are sold. `move_words`: the reader's move words and fillers."""
    seen: dict = {}
    for kind in ("corporation", "company", "location"):
        for e in index.entries[kind]:
            for name in e.shown:
                for w in _WORD.findall(name):
                    q = norm(w)
                    if len(q) > 4 and q not in _GENERIC and q not in move_words:
                        seen.setdefault(q, set()).add((e.kind, e.ident))
    taken = {q for es in index.entries.values() for e in es for q in e.exact}
    return {q: sorted(found) for q, found in seen.items()
            if len(found) == 1 and next(iter(found))[0] == "company" and q not in taken}


_CODE = regex(r"[A-Z]{1,2}\d{1,2}")


def code_before_name(pieces: list, line: str) -> list:
    """The name pieces with a private's code written straight before a private's name taken
    into that name's piece."""
    out: list = []
    for a in pieces:
        b = out[-1] if out else None
        if b is not None and a.kind == b.kind == "name" and _CODE.fullmatch(line[b.start:b.end]) \
                and not line[b.end:a.start].strip() and any(k == "company" for k, _ in a.value):
            out[-1] = dataclasses.replace(a, start=b.start, before=b.before)
        else:
            out.append(a)
    return out
