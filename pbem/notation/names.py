"""The lexicon of a game's names (players, corporations, privates, places, trains) with the forms
players write for each, looked up exactly, by prefix or by words inside (`NameIndex.lookup`)."""
from __future__ import annotations

import difflib
import functools
import operator
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Optional, Sequence

from pbem.errors import AmbiguousMoveError
from .lazy import regex

if TYPE_CHECKING:
    from .context import NotationContext

__all__ = ["KIND_WORDS", "Entry", "NameIndex", "name_index", "name_spans", "norm", "rewrite_names"]

KIND_WORDS = {"player": "player", "corporation": "corporation", "company": "private company", "location": "place",
              "train": "train"}
#: the kinds of name a line is scanned for
_SPANNED = ("player", "corporation", "company", "location")

_NON_ALNUM = regex(r"[^a-z0-9]+")
#: words a name may not be found by on their own ("and" is in "Long Lake, and Saskatchewan")
_STOPWORDS = {"and", "of", "the", "co", "company", "railway", "railroad", "rail", "rr", "ry",
              "de", "du", "la", "le", "der", "die", "das", "und"}
#: a railway's or company's generic last word
_GENERIC_END = regex(r"\s+(?:Railway|Railroad|Rly|Company|Co\.?)$")


@functools.lru_cache(maxsize=8192)
def norm(text: str) -> str:
    """Lower-case letters and digits only; drops a leading 'the' and a trailing "'s"."""
    t = text.strip().lower().replace("’", "'")
    return _letters(t[:-2] if t.endswith("'s") else t)


@functools.lru_cache(maxsize=8192)
def _letters(span: str) -> str:
    """`norm` of a span without dropping a final "'s": what every longer span's form begins with."""
    return _NON_ALNUM.sub("", re.sub(r"^the[\s_]+", "", span.strip().lower().replace("’", "'")))


def _words(text: str) -> list[str]:
    return [w for w in _NON_ALNUM.split(text.lower().replace("'", "").replace("’", "")) if w]


@dataclass(frozen=True)
class Entry:
    kind: str
    ident: str                 # id/symbol/hex/train name
    label: str                 # how messages show it: 'CPR (Canadian Pacific Railway)'
    exact: frozenset           # normalised exact forms
    words: tuple               # words of each long name (tuple of tuples)
    shown: tuple               # human forms offered as suggestions


def _entry(kind: str, ident: str, names: Sequence[Optional[str]], label: str) -> Entry:
    names = [n for n in names if n]
    forms = [ident, *names]
    exact = frozenset(n for n in (norm(f) for f in forms) if n)
    words = tuple(tuple(_words(n)) for n in names if len(_words(n)) > 1)
    return Entry(kind, ident, label, exact, words, tuple(dict.fromkeys(f for f in forms if f)))


# ---------------------------------------------------------------------- initials
def hyphen_initials(full: str) -> Optional[str]:
    """The initials of a railway named after two places ("Riga-Orel Railway" -> "R-O"), or None."""
    parts = [p for p in re.split(r"\s*-\s*", _GENERIC_END.sub("", full.strip())) if p]
    if len(parts) < 2:
        return None
    letters = ["".join(w[0] for w in re.findall(r"[A-Z][\w.']*", p)) for p in parts]
    return "-".join(letters) if all(letters) else None


def _add_place_initials(index: "NameIndex") -> None:
    """A place of two or three capitalised words also named by its initials ("MJ"), when they name
    nothing else and begin the names of no one thing (1882's "SC", 1861's "SP" for SPW)."""
    owner = [(q, e.ident) for k in ("player", "corporation", "company") for e in index.entries[k] for q in e.exact]
    places = index.entries["location"]
    found: dict[str, set] = {}
    for i, e in enumerate(places):
        for n in e.shown:
            words = re.sub(r"\s*\(.*\)\s*$", "", str(n)).replace(".", " ").split()
            if 2 <= len(words) <= 3 and all(re.fullmatch(r"[A-Z][a-z]+", w) for w in words):
                found.setdefault("".join(w[0] for w in words), set()).add(i)
    for short, which in found.items():
        q = norm(short)
        if len(which) == 1 and all(name != q for name, _ in owner) \
                and len({key for name, key in owner if name.startswith(q)}) != 1:
            e = places[i := next(iter(which))]
            places[i] = _entry("location", e.ident, [*e.shown[1:], short], e.label)


#: two-letter words that are never the start of a name ("no. Pass." is no North West Rebellion)
_WORDS_NOT_PREFIXES = frozenset("no so to in on at it me my we go do of or an as be by he if is up us".split())


class NameIndex:
    """All names of one context, by kind: looked up, suggested and found in a line."""

    def __init__(self, ctx) -> None:
        self.title = getattr(ctx, "title", None)          # whose own kinds' words name a move too
        self.labels: dict[str, str] = {}                  # entity -> how a line names it (formatter.entity_label)
        self.entries: dict[str, list[Entry]] = {k: [] for k in KIND_WORDS}
        aliases: dict[tuple[str, str], list[str]] = {}
        for kind, table in (("corporation", ctx.corporation_aliases), ("company", ctx.company_aliases),
                            ("train", ctx.train_aliases)):
            for alias, name in table.items():
                aliases.setdefault((kind, name), []).append(alias)
        for sym, full in ctx.corporations.items():
            short = hyphen_initials(full) if full else None
            if short and short != sym and short not in ctx.corporations:
                aliases.setdefault(("corporation", sym), []).append(short)
        for pid, shown in ctx.players.items():
            self.entries["player"].append(_entry("player", pid, [shown] if shown != pid else [], shown or pid))
        for kind, table in (("corporation", ctx.corporations), ("company", ctx.companies)):
            for sym, full in table.items():
                label = f"{sym} ({full})" if full else sym
                self.entries[kind].append(_entry(kind, sym, [full, *aliases.get((kind, sym), [])], label))
        for hex_, place in ctx.locations.items():
            names = [place] if isinstance(place, str) else list(place)
            parts = [p for n in names for p in (re.sub(r"\s*\(.*\)\s*$", "", x).strip()
                                                for x in re.split(r"\s*(?:&|/|,|\band\b)\s*", n)) if p and p not in names]
            label = f"{hex_} ({names[0]})" if names else hex_
            self.entries["location"].append(_entry("location", hex_, [*names, *parts], label))
        _add_place_initials(self)
        for t in ctx.trains:
            self.entries["train"].append(_entry("train", t, aliases.get(("train", t), []), f"{t} train"))
        #: the names the lexer's rewrite joins (no hex, train or private's code), privates' names
        #: also without their generic last word, so "Moscow-Yaroslavl" is kept together as one name
        self._rewritten = {*(n for _, n in self.named(("player", "corporation"), with_ident=True)),
                           *(n for _, n in self.named(("company", "location"))),
                           *ctx.train_aliases, *(_GENERIC_END.sub("", full.strip()) for full in ctx.companies.values() if full)}

    @functools.cached_property
    def substitution(self) -> Optional[re.Pattern]:
        """The multi-word rewrite for the lexer, made only when the grammar first reads a line."""
        return _substitution(self._rewritten)

    def named(self, kinds: Sequence[str], with_ident: bool = False) -> list[tuple[Entry, str]]:
        """(entry, name) for each name of the entries of `kinds`, their ids too when `with_ident`."""
        return [(e, n) for k in kinds for e in self.entries[k] for n in (e.shown if with_ident else e.shown[1:])]

    # ------------------------------------------------------------------ the forms a line is scanned for
    @functools.cached_property
    def exact_forms(self) -> dict[str, list[tuple[str, str]]]:
        """Normalised exact form -> the (kind, id) it names, in the order of the kinds and entries."""
        got: dict[str, list] = {}
        for k in _SPANNED:
            for e in self.entries[k]:
                for q in e.exact:
                    got.setdefault(q, []).append((e.kind, e.ident))
        return got

    @functools.cached_property
    def short_forms(self) -> dict[str, list[tuple[str, str]]]:
        """Companies' names without a generic last word ("Warsaw - Vienna"), and `leading_forms`."""
        got: dict[str, list] = {}
        for e, n in self.named(("corporation", "company")):
            short = _GENERIC_END.sub("", n.strip())
            if short != n.strip() and len(norm(short)) > 3:
                got.setdefault(norm(short), []).append((e.kind, e.ident))
        for q, found in leading_forms(self).items():      # "the Grand Trunk", "Black Sea"
            got.setdefault(q, found)
        return got

    @functools.cached_property
    def private_words(self) -> dict[str, list[tuple[str, str]]]:
        """Words of five letters or more in one private's names only ("the Trestle"): read in an auction."""
        seen: dict = {}
        for e, name in self.named(("corporation", "company", "location"), with_ident=True):
            for w in _NAME_PART.findall(name):
                q = norm(w)
                if len(q) > 4 and q not in _GENERIC_WORDS:
                    seen.setdefault(q, set()).add((e.kind, e.ident))
        return {q: sorted(found) for q, found in seen.items()
                if len(found) == 1 and next(iter(found))[0] == "company" and q not in self.every_form}

    @functools.cached_property
    def every_form(self) -> frozenset:
        """Every normalised exact form of every kind, trains too."""
        return frozenset(q for es in self.entries.values() for e in es for q in e.exact)

    @functools.cached_property
    def name_words(self) -> dict[str, str]:
        """The words of the companies' and places' names, lower case -> as written."""
        got: dict[str, str] = {}
        for _, n in self.named(("corporation", "company", "location")):
            for w in re.findall(r"[A-Za-z]{3,}", n):
                got.setdefault(w.lower(), w)
        return got

    @functools.cached_property
    def beginnings(self) -> frozenset:
        """Every beginning of a form `name_spans` looks up (a span beginning no name grows no longer)."""
        return frozenset(k[:j] for k in [*self.exact_forms, *self.short_forms] for j in range(1, len(k) + 1))

    # ------------------------------------------------------------------ matching
    def _tier_matches(self, q: str, kind: str) -> tuple[int, list[Entry]]:
        entries = self.entries[kind]
        found = [e for e in entries if q in e.exact]
        if found:
            return 1, found
        if len(q) >= 2 and q not in _WORDS_NOT_PREFIXES:
            found = [e for e in entries if any(f.startswith(q) for f in e.exact)]
            if found:
                return 2, found
        if len(q) >= 3:
            found = [e for e in entries if any(
                "".join(ws[i:]).startswith(q) for ws in e.words for i in range(1, len(ws)) if ws[i] not in _STOPWORDS)]
            if found:
                return 3, found
        return 0, []

    def lookup(self, text: str, kinds: Sequence[str], *, mode: str = "union") -> Optional[Entry]:
        """The one entry `text` names among `kinds` (exact, else prefix, else words inside), or None;
        AmbiguousMoveError when several fit. 'priority': the first kind decides; 'union': all compete."""
        q = norm(text)
        if not q:
            return None
        if mode == "priority":
            # an exact name of a later kind beats a prefix of an earlier one ("RO" is RO, not the player Rob)
            tiers = [self._tier_matches(q, kind) for kind in kinds]
            found = [f for tier, f in tiers if tier == 1] or [f for _, f in tiers if f]
            return self._one(text, found[0]) if found else None
        results = [(kind, *self._tier_matches(q, kind)) for kind in kinds]
        results = [r for r in results if r[2]]
        if not results:
            return None
        best = min(r[1] for r in results)
        found = [e for r in results if r[1] == best for e in r[2]]
        if best == 1 and len(found) == 1:
            e = found[0]
            by_symbol = q == norm(e.ident) or any(
                q == norm(a) and len(a) <= 5 for a in e.shown[1:])
            if not by_symbol:
                # a full-name match next to a prefix match of another kind
                found += [x for r in results if r[1] == 2 and r[0] != e.kind for x in r[2]]
        return self._one(text, found)

    def ident(self, text: str, kinds: Sequence[str], mode: str = "priority") -> Optional[str]:
        """The id of the one entry `text` names among `kinds` (`lookup`), or None."""
        try:
            e = self.lookup(text, kinds, mode=mode)
        except AmbiguousMoveError:
            return None
        return e.ident if e is not None else None

    def _one(self, text: str, found: list[Entry]) -> Entry:
        uniq = list(dict.fromkeys(found))
        if len(uniq) == 1:
            return uniq[0]
        # the symbol exactly as written wins (1861: "M-K" is not "MK")
        written = text.strip().lower()
        same = [e for e in uniq if written in (e.ident.lower(), re.sub(r"[^a-z0-9]", "_", e.ident.lower()))]
        if len(same) == 1:
            return same[0]
        labels = [f"{KIND_WORDS[e.kind]} {e.label}" for e in uniq]
        idents = [e.ident for e in uniq]
        if len(set(idents)) < len(idents):   # one symbol, two kinds (1882: SC)
            idents = [f"{KIND_WORDS[e.kind]} {e.ident}" for e in uniq]
            hint = "say which"
        else:
            hint = "write the symbol to choose"
        raise AmbiguousMoveError(f'"{text.strip()}" could mean {_or_list(labels)}; {hint}',
                                 candidates=idents)

    def unknown_message(self, text: str, kinds: Sequence[str]) -> tuple[str, list[str]]:
        """'unknown corporation "CRP" — did you mean "CPR" (...)?', and the closest entries' ids."""
        q = text.strip().lower()
        scored: dict[Entry, float] = {}
        for e in (e for kind in kinds for e in self.entries[kind]):
            for f in (form.lower() for form in e.shown):
                r = _similarity(q, f)
                if norm(f) and norm(q):
                    r = max(r, _similarity(norm(q), norm(f)))
                if r >= 0.6 and r > scored.get(e, 0):
                    scored[e] = r
        sugg = [e for e, _ in sorted(scored.items(), key=lambda kv: -kv[1])[:3]]
        msg = f'unknown {_or_list([KIND_WORDS[k] for k in kinds])} "{text.strip()}"'
        if sugg:
            msg += " — did you mean " + _or_list([_suggest_label(e) for e in sugg]) + "?"
        else:
            known = [e.label if e.kind == "player" else e.ident
                     for k in kinds for e in self.entries[k]][:12]
            if known:
                msg += " (known: " + ", ".join(known) + ")"
        return msg, [e.ident for e in sugg]


def _similarity(a: str, b: str) -> float:
    """difflib's ratio, or 0 when its cheap upper bounds are below 0.6 (a huge "name" costs nothing)."""
    m = difflib.SequenceMatcher(None, a, b)
    if m.real_quick_ratio() < 0.6 or m.quick_ratio() < 0.6:
        return 0.0
    return m.ratio()


def _suggest_label(e: Entry) -> str:
    if e.kind in ("corporation", "company"):        # '"CPR" (Canadian Pacific Railway)'
        return f'"{e.ident}"{e.label[len(e.ident):]}'
    if e.kind == "location":
        return f'"{e.shown[1]}" ({e.ident})' if len(e.shown) > 1 else f'"{e.ident}"'
    return f'"{e.label}"'


def _or_list(items: Sequence[str]) -> str:
    items = list(dict.fromkeys(items))
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


# ---------------------------------------------------------------------- leading words
_NAME_PART = regex(r"[A-Za-z][\w'’.]*")
#: words that end no leading part of a name ("Chesapeake and", "Champlain & St.")
_OPEN = frozenset({"and", "of", "the", "st", "st.", "rail", "on", "upon"})
#: words of many names that name no company alone
_GENERIC_WORDS = frozenset("""company railway railroad central pacific valley shipping north south east west northern
southern eastern western grand great river lake long bay private black white start until rules phase""".split())


def leading_forms(index: NameIndex) -> dict:
    """Companies named by two or more leading words of one company's name only ("the Grand Trunk"),
    or its first word and "minor"/"private"; not from a place's name on ("Moscow-Kiev" is a route)."""
    seen: dict = {}
    places = {q for e in index.entries["location"] for q in e.exact}
    for e, name in index.named(("corporation", "company")):
        words = _NAME_PART.findall(name)
        if len(words) > 1:       # "the Kharkov minor": its first word and what it is
            what = "private" if e.kind == "company" else "minor"
            seen.setdefault(norm(f"{words[0]} {what}"), set()).add((e.kind, e.ident))
        for n in range(1, len(words)):
            q = norm(" ".join(words[:n]))
            if q in places:
                break           # a place's name begins it: a route or the place
            if n > 1 and len(words[n - 1]) > 2 and words[n - 1].lower() not in _OPEN:
                seen.setdefault(q, set()).add((e.kind, e.ident))
    return {q: sorted(found) for q, found in seen.items() if len(found) == 1 and q not in index.every_form}


# ---------------------------------------------------------------------- the names written in a line
#: a span written as a hex ("P4"): a private's code only where no hex is meant
_HEX_SPAN = regex(r"[A-Z]{1,2}\d{1,2}")
_NOT_NAME = regex(r"[^\w\s'’.&-]")
#: a word of a name: a number only after a word ("Player 3")
_NAME_WORD = regex(r"[A-Za-z][A-Za-z0-9'’]*|(?<![\w#$.+-])\d+(?![\w%+])")
#: capitals that are words, never the beginning of a company's symbol
_CAPITAL_WORDS = frozenset("OR SR MR AR NO IT IN ON AT TO IS AN AS BY OF IF MY ME WE US DO GO SO HI OK PM AM TB".split())


def _found(span: str, n: int, index: NameIndex, coded, stop_words: frozenset) -> tuple:
    """What a span of `n` words names exactly, as (kind, id) options; () for nothing."""
    q = norm(span)
    if not q or len(q) == 1 and not re.sub(r"['’]s$", "", span).isupper():     # ("E's 3": the minor E's)
        return ()
    exact, short = index.exact_forms, index.short_forms
    if _HEX_SPAN.fullmatch(span):
        found = [f for f in exact.get(q, ()) if f[0] == "company"] if coded else []
    else:
        own = index.private_words.get(q, []) if coded is True and q not in stop_words else []
        found = list(exact.get(q, ())) or short.get(q, []) or own
        if coded is not True:      # CP or CPR
            found += [f for f in short.get(q, ()) if f[0] == "corporation" and f not in found]
        if not found and n == 1 and span.isalpha() and span.isupper() and 2 <= len(span) <= 3 \
                and span not in _CAPITAL_WORDS:     # "GR" for GRR: the one symbol it begins
            hits = [e.ident for e in index.entries["corporation"]
                    if e.ident.upper().startswith(span) and e.ident.upper() != span]
            found = [("corporation", hits[0])] if len(hits) == 1 else []
    # one symbol with a hyphen written as such beats its hyphenless twin ("M-K", "MK")
    same = [f for f in found if f[1].lower() == re.sub(r"^the\s+", "", span.lower())]
    if same and not span.isupper() and not span.lower().startswith("the "):
        # a place of the symbol's name stays one reading ("Erie": ERIE and F10; "ERIE", "the Erie": the company)
        same += [f for f in found if f[0] == "location"]
    if coded is True and same:      # in an auction "B&O" is the private as well as the corporation
        same += [f for f in found if f[0] == "company" and f not in same and norm(f[1]) == q]
    return tuple(same or found)


def _scan(text: str, index: NameIndex, coded, stop_words: frozenset) -> list[tuple[int, int, tuple]]:
    """Every span of words whose form is a name, the longest from each word on."""
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
            found = _found(span, n, index, coded, stop_words)
            if found:
                hit = (n, a, b, found)     # the longest found wins
            if n == 1 and span.lower() == "the":
                continue                # "the" is dropped from a longer span's form
            if n == 1 and span in ("a", "an"):
                break                   # "a C&O": an article begins no name ("AC", Atlantic City)
            letters = _letters(span)
            if letters and letters not in index.beginnings:
                break                   # no name begins so: none is longer either
        if hit is None:
            i += 1
            continue
        n, a, b, found = hit
        out.append((a, b, found))
        i += n
    return out


def _chained_places(text: str, a: int, b: int, index: NameIndex) -> Optional[list]:
    """The places of a two-place name written in a chain of places ("Odessa-Kiev-Kharkov"), or None."""
    if "-" not in text[a:b] or not (text[b:b + 1] == "-" or a and text[a - 1] == "-"):
        return None
    out, at = [], a
    for part in text[a:b].split("-"):
        hex_ = index.ident(part, ("location",)) if part.strip() else None
        if hex_ is None:
            return None
        out.append((at, at + len(part), (("location", hex_),)))
        at += len(part) + 1
    return out


def name_spans(text: str, index: NameIndex, coded=False, stop_words: frozenset = frozenset()) -> list[tuple[int, int, tuple]]:
    """Every name written in `text` as (start, end, (kind, id) options); `coded`: a private's code
    too ("P4"; True: and a private's own words, except `stop_words`, as in an auction)."""
    out: list[tuple[int, int, tuple]] = []
    for a, b, found in _scan(text, index, coded, stop_words):
        for x, y, f in _chained_places(text, a, b, index) or [(a, b, found)]:
            # a private's code straight before its name ("P5 Trestle Bridge") is part of that name
            if out and _HEX_SPAN.fullmatch(text[out[-1][0]:out[-1][1]]) and not text[out[-1][1]:x].strip() \
                    and any(k == "company" for k, _ in f):
                out[-1] = (out[-1][0], y, f)
            else:
                out.append((x, y, f))
    return out


# ---------------------------------------------------------------------- lexer rewrite
_WORD_OK = regex(r"[A-Za-z_][A-Za-z0-9_'’&]*\Z")


def _substitution(names: Iterable[str]) -> Optional[re.Pattern]:
    """One regex finding every known name that is not a single WORD as it stands."""
    pats = []
    for name in sorted({n.strip() for n in names if n and n.strip()}, key=len, reverse=True):
        if _WORD_OK.match(name) or "\n" in name or name.isdigit():
            continue
        runs = re.split(r"([A-Za-z0-9]+)", name)      # [lead, word, separator, word, ..., trail]
        lead, words, trail = runs[0], runs[1:-1:2], runs[-1]
        if not words:
            continue
        body = r"[^A-Za-z0-9\n;:]+".join(map(re.escape, words))
        lead, trail = (f"(?:{re.escape(x)})?" if x else "" for x in (lead, trail))
        pats.append(lead + body + trail)
    if not pats:
        return None
    return regex(r"(?<![A-Za-z0-9_])(?:" + "|".join(pats) + r")(?![A-Za-z0-9_])", re.IGNORECASE)


def _wordify(m: re.Match) -> str:
    s = "".join(c if c.isascii() and c.isalnum() else "_" for c in m.group(0))
    return "_" + s[1:] if s[:1].isdigit() else s


def rewrite_names(index: NameIndex, line: str) -> str:
    """`line` with every known multi-word name turned into one WORD of the same length."""
    if index.substitution is None:
        return line
    return index.substitution.sub(_wordify, line)


# --- the cached name tables of a context (shared by the reader and the formatter; no grammar needed)
_index_cache: dict = {}      # the identities of a context's name mappings -> (the mappings, lengths, content, tables)
_index_lock = threading.Lock()


def name_index(ctx: "NotationContext") -> NameIndex:
    """The name tables of a context, cached by its mappings' identity (and lengths), then content:
    replace a mapping rather than edit it in place."""
    maps = (ctx.players, ctx.corporations, ctx.companies, ctx.trains, ctx.corporation_aliases,
            ctx.company_aliases, ctx.train_aliases, ctx.locations)
    sizes = tuple(map(len, maps))       # (map over the mappings: asked for every name a line writes)
    ids = tuple(map(id, maps))
    hit = _index_cache.get(ids)
    if hit is not None and all(map(operator.is_, hit[0], maps)) and hit[1] == sizes:
        return hit[3]
    key = tuple(tuple((k, v if isinstance(v, str) else tuple(v)) for k, v in m.items()) if hasattr(m, "items")
                else tuple(m) for m in maps)
    idx = next((i for *_, k, i in list(_index_cache.values()) if k == key), None) or NameIndex(ctx)
    with _index_lock:
        if len(_index_cache) > 64:
            _index_cache.clear()
        _index_cache[ids] = (maps, sizes, key, idx)
    return idx
