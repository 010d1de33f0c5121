"""The names written in a text (players, companies, places), found with the game's name index:
every span of words whose form is a name, the longest first."""
from __future__ import annotations

import functools
import re

from .names import NameIndex, norm
from .name_prefixes import leading_forms, private_words
from .lazy import regex

__all__ = ["name_spans"]

#: a span written as a hex ("P4"): a private's code only where no hex is meant
_HEX_SPAN = regex(r"[A-Z]{1,2}\d{1,2}")


def _short_forms(index: NameIndex) -> dict:
    """Companies' names without their last generic word ("Warsaw - Vienna" for the Warsaw -
    Vienna Railway), normalised -> (kind, id); kept on the index (built once per game)."""
    got = getattr(index, "_piece_short", None)
    if got is None:
        got = {}
        for kind in ("corporation", "company"):
            for e in index.entries[kind]:
                for n in e.shown[1:]:
                    short = re.sub(r"\s+(?:Railway|Railroad|Rly|Company|Co\.?)$", "", n.strip())
                    if short != n.strip() and len(norm(short)) > 3:
                        got.setdefault(norm(short), []).append((kind, e.ident))
        for q, found in leading_forms(index).items():      # "the Grand Trunk", "Black Sea"
            got.setdefault(q, found)
        index._piece_short = got
    return got


def _private_words(index: NameIndex, stop_words: frozenset) -> dict:
    """`private_words` of the index, kept on it (built once per game)."""
    got = index.__dict__.get("_piece_private")
    if got is None:
        got = index.__dict__["_piece_private"] = private_words(index, stop_words)
    return got


_NOT_NAME = regex(r"[^\w\s'’.&-]")


def _exact_forms(index: NameIndex, kinds: tuple) -> dict:
    """Normalised exact form -> the (kind, id) it names, in the order of `kinds` and the index's
    entries; kept on the index (a lookup per word, not a scan of every entry)."""
    cache = index.__dict__.setdefault("_piece_exact", {})
    got = cache.get(kinds)
    if got is None:
        got = {}
        for k in kinds:
            for e in index.entries[k]:
                for q in e.exact:
                    got.setdefault(q, []).append((e.kind, e.ident))
        cache[kinds] = got
    return got


def _prefixes(index: NameIndex, kinds: tuple) -> frozenset:
    """Every beginning of a normalised form `name_spans` may look up for `kinds` (kept on the index):
    a span of words whose letters begin no name is not made longer."""
    cache = index.__dict__.setdefault("_piece_prefixes", {})
    got = cache.get(kinds)
    if got is None:
        keys = [*_exact_forms(index, kinds), *_exact_forms(index, ("company",)), *_short_forms(index)]
        got = cache[kinds] = frozenset(k[:j] for k in keys for j in range(1, len(k) + 1))
    return got


@functools.lru_cache(maxsize=8192)
def _letters(span: str) -> str:
    """`norm` of a span without dropping a final "'s": what every longer span's form begins with."""
    t = re.sub(r"^the[\s_]+", "", span.strip().lower().replace("’", "'"))
    return _NON_ALNUM_NAME.sub("", t)


_NON_ALNUM_NAME = regex(r"[^a-z0-9]+")
#: a word of a name: a number only after a word ("Player 3")
_NAME_WORD = regex(r"[A-Za-z][A-Za-z0-9'’]*|(?<![\w#$.+-])\d+(?![\w%+])")


#: capitals that are words, never the beginning of a company's symbol
_CAPITAL_WORDS = frozenset("OR SR MR AR NO IT IN ON AT TO IS AN AS BY OF IF MY ME WE US DO GO SO HI OK PM AM TB".split())


def _symbol_begun(span: str, index: NameIndex) -> list:
    """The one corporation whose symbol `span` (two or three capitals) begins, as [(kind, id)]; else []."""
    if not (span.isalpha() and span.isupper() and 2 <= len(span) <= 3) or span in _CAPITAL_WORDS:
        return []
    hits = [e.ident for e in index.entries["corporation"] if e.ident.upper().startswith(span) and e.ident.upper() != span]
    return [("corporation", hits[0])] if len(hits) == 1 else []


def name_spans(text: str, index: NameIndex, kinds: tuple, coded=False, stop_words: frozenset = frozenset()) -> list[tuple[int, int, tuple]]:
    """Every name written in `text`, longest first, matched exactly (no prefixes); a name
    written as a hex ("P4") only when `coded` (a private's code, where no hex is named; "codes":
    only that, True: a private's own words too, as in an auction). A span is made longer only
    while its letters begin some name, so a line costs about a lookup a word."""
    short = _short_forms(index)
    codes, coded = bool(coded), coded is True
    own = _private_words(index, stop_words) if coded else {}       # "the bridge", in an auction
    exact_of = lambda ks: _exact_forms(index, ks)  # noqa: E731
    begins = _prefixes(index, kinds)
    words = list(_NAME_WORD.finditer(text))
    out: list[tuple[int, int, tuple]] = []
    i = 0
    while i < len(words):
        hit = None
        if words[i].group(0).isdigit() or words[i].start() and text[words[i].start() - 1].isdigit():
            i += 1              # "5+5E": letters glued to a digit name nothing; a number begins no name
            continue
        for n in range(1, min(6, len(words) - i) + 1):
            a, b = words[i].start(), words[i + n - 1].end()
            span = text[a:b]
            if n > 1 and (_NOT_NAME.search(span) or words[i + n - 1].group(0).isdigit() and len(words[i].group(0)) < 3):
                break                   # a longer span holds the same mark; "B 2 GT" is no name ("Player 3" is)
            q = norm(span)
            if q and (len(q) > 1 or span.isupper()):
                if _HEX_SPAN.fullmatch(span):
                    found = list(exact_of(("company",)).get(q, ())) if codes else []
                else:
                    found = list(exact_of(kinds).get(q, ())) or short.get(q, []) or (own.get(q, []) if coded else [])
                    found += [f for f in short.get(q, ()) if f[0] == "corporation" and f not in found and not coded]  # CP or CPR
                    if not found and n == 1 and "corporation" in kinds:
                        found = _symbol_begun(span, index)        # "GR" for GRR: the one symbol it begins
                if found:
                    # one symbol with a hyphen written as such beats its hyphenless twin ("M-K", "MK")
                    same = [f for f in found if f[1].lower() == re.sub(r"^the\s+", "", span.lower())]
                    if coded and same:      # in an auction "B&O" is the private as well as the corporation
                        same += [f for f in found if f[0] == "company" and f not in same and norm(f[1]) == q]
                    hit = (n, a, b, tuple(same or found))     # the longest found wins
            if n == 1 and span.lower() == "the":
                continue                # "the" is dropped from a longer span's form
            if n == 1 and span in ("a", "an"):
                break                   # "a C&O": an article begins no name ("AC", Atlantic City)
            letters = _letters(span)
            if letters and letters not in begins:
                break                   # no name begins so: none is longer either
        if hit is None:
            i += 1
            continue
        n, a, b, found = hit
        out.append((a, b, found))
        i += n
    return out
