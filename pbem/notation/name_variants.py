"""Other ways people write a company's name than its data's: the generic last word shortened
("Hudson Bay Rly", "Canadian Pacific RR"), a private called a company ("the Hudson Bay Co.",
"the NW Rebellion Co"), a compass direction in letters ("NW Rebellion"), "and" for "&" ("B and
O", "Baltimore and Ohio"), and a place of the
name spelled as people spell it ("Kharkov-Rostov" for the data's Kharkiv-Rostov: the other
spellings are the title's data, `spellings` in its notation.py). Added as aliases of the
company only when no other company already has the name."""
from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

#: a name's generic last word -> the short forms people write for it
_GENERIC = {"Railway": ("Rly", "Ry", "Rwy"), "Railroad": ("RR", "Rail Road"), "Company": ("Co", "Co.")}
_COMPASS = {"North West": ("NW", "Northwest", "North-West"), "North Western": ("NW", "Northwestern"),
            "South West": ("SW", "Southwest"), "South East": ("SE", "Southeast"), "North East": ("NE", "Northeast")}


def _generic(name: str) -> list[str]:
    out = []
    for word, shorts in _GENERIC.items():
        m = re.search(rf"\s+{word}$", name)
        if m:
            out += [name[:m.start()] + " " + s for s in shorts]
    return out


def _compass(name: str) -> list[str]:
    out = []
    for words, shorts in _COMPASS.items():
        if re.match(rf"{words}\b", name):
            out += [s + name[len(words):] for s in shorts]
    return out


def _respelled(name: str, spellings: Mapping[str, Sequence[str]]) -> list[str]:
    out = []
    for word, others in spellings.items():
        if re.search(rf"\b{re.escape(word)}\b", name):
            out += [re.sub(rf"\b{re.escape(word)}\b", other, name) for other in others]
    return out


def _and(name: str) -> list[str]:
    """"Baltimore and Ohio" for "Baltimore & Ohio", "B and O" for "B&O"."""
    return [re.sub(r"\s*&\s*", " and ", name)] if "&" in name else []


def variants(name: str, *, private: bool, spellings: Mapping[str, Sequence[str]]) -> list[str]:
    """The other forms of `name` (a private's also with "Co"/"Company" after it)."""
    base = [name, *_respelled(name, spellings)]
    base += [v for b in list(base) for v in _and(b)]
    base += [v for b in list(base) for v in _compass(b)]
    out = [v for b in base for v in _generic(b)] + base[1:]
    if private and not re.search(r"\b(?:Company|Co\.?|Railway|Railroad)$", name):
        out += [f"{b} {w}" for b in base for w in ("Co", "Co.", "Company")]
    return list(dict.fromkeys(v for v in out if v != name))


def add_variants(names: Mapping[str, str], aliases: dict[str, str], taken: Iterable[str], *, private: bool,
                 spellings: Mapping[str, Sequence[str]]) -> None:
    """Each variant of each symbol's name put in `aliases` (alias -> symbol), unless it is a
    name in `taken` (every name and alias of the title) or the variant of two companies."""
    seen = {re.sub(r"[^a-z0-9]", "", t.lower()) for t in taken}
    found: dict[str, set] = {}
    for sym, full in names.items():
        for v in variants(full or "", private=private, spellings=spellings) if full else ():
            found.setdefault(v, set()).add(sym)
        for v in _and(sym):                 # a symbol with "&": "B and O"
            found.setdefault(v, set()).add(sym)
    for v, syms in found.items():
        if len(syms) == 1 and re.sub(r"[^a-z0-9]", "", v.lower()) not in seen:
            aliases.setdefault(v, next(iter(syms)))
