"""Entity, place and train names: resolving what players write to ids, with suggestions.

Matching is case-insensitive and ignores punctuation and spaces ("Qu'Appelle" =
"quappelle"). Within one kind of entity it tries, in order, and stops at the first tier
that matches anything:

1. exact: symbol, id, full/display name or alias ("CPR", "Canadian Pacific Railway");
2. prefix of a symbol, alias or full name, at least two characters ("Canadian Pac", "QL");
3. a run of words inside the full name, at least three characters ("Pacific Railway",
   "Central").

Several matches in the deciding tier raise AmbiguousMoveError; none raises NotationError
with difflib's closest names ("did you mean ...").
"""
from __future__ import annotations

import difflib
import functools
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Optional, Sequence

from pbem.errors import AmbiguousMoveError
from .lazy import regex

if TYPE_CHECKING:
    from .context import NotationContext

KIND_WORDS = {
    "player": "player",
    "corporation": "corporation",
    "company": "private company",
    "location": "place",
    "train": "train",
}

_NON_ALNUM = regex(r"[^a-z0-9]+")
#: words a name may not be found by on their own ("and" is in "Long Lake, and Saskatchewan")
_STOPWORDS = {"and", "of", "the", "co", "company", "railway", "railroad", "rail", "rr", "ry",
              "de", "du", "la", "le", "der", "die", "das", "und"}


@functools.lru_cache(maxsize=8192)
def norm(text: str) -> str:
    """Lower-case letters and digits only; drops a leading 'the' and a trailing "'s". Kept for
    the texts last asked (a long line repeats its words)."""
    t = text.strip().lower().replace("’", "'")
    if t.endswith("'s"):
        t = t[:-2]
    t = re.sub(r"^the[\s_]+", "", t)
    return _NON_ALNUM.sub("", t)


def _words(text: str) -> list[str]:
    return [w for w in _NON_ALNUM.split(text.lower().replace("'", "").replace("’", "")) if w]


@dataclass(frozen=True)
class Entry:
    kind: str
    ident: str                 # id/symbol/hex/train name
    label: str                 # how messages show it: 'CPR (Canadian Pacific Railway)'
    exact: frozenset           # normalised exact forms
    prefixable: tuple          # normalised forms whose prefixes match
    words: tuple               # words of each long name (tuple of tuples)
    shown: tuple               # human forms offered as suggestions


def _entry(kind: str, ident: str, names: Sequence[str], label: str) -> Entry:
    forms = [ident, *names]
    exact = frozenset(n for n in (norm(f) for f in forms) if n)
    words = tuple(tuple(_words(n)) for n in names if len(_words(n)) > 1)
    return Entry(kind, ident, label, exact, tuple(sorted(exact)), words,
                 tuple(dict.fromkeys(f for f in forms if f)))


def _short_names(fulls: Iterable[str]) -> list[str]:
    """Private companies' names without their generic last word ("Moscow - Yaroslavl Railway"
    -> "Moscow - Yaroslavl"), so "Moscow-Yaroslavl" is kept together as one name. (Not for
    corporations: "Odessa-Kiev" in a route is two places, not the Odessa-Kiev Railway.)"""
    out = []
    for full in fulls:
        short = re.sub(r"\s+(?:Railway|Railroad|Company|Co\.?)$", "", (full or "").strip())
        if short and short != full.strip() and not _WORD_OK.match(short):
            out.append(short)
    return out


def hyphen_initials(full: str) -> Optional[str]:
    """The short form players write for a railway named after the two places it joins:
    "Riga-Orel Railway" -> "R-O", "Moscow-Nizhnii Novgorod" -> "M-NN" (None without a hyphen)."""
    name = re.sub(r"\s+(?:Railway|Railroad|Company|Co\.?)$", "", full.strip())
    parts = [p for p in re.split(r"\s*-\s*", name) if p]
    if len(parts) < 2:
        return None
    letters = ["".join(w[0] for w in re.findall(r"[A-Z][\w.']*", p)) for p in parts]
    return "-".join(letters) if all(letters) else None


#: two-letter words that are never the start of a name ("no. Pass." is no North West Rebellion)
_WORDS_NOT_PREFIXES = frozenset("no so to in on at it me my we go do of or an as be by he if is up us".split())


def _add_place_initials(places: list, ctx) -> None:
    """A place of two or more capitalised words also named by its initials ("NY" for New York,
    "MJ" for Moose Jaw), as people write it: only initials that name one place and no player,
    company or alias of the title (1882's "SC" stays the Saskatchewan Central), nor begin the
    names of exactly one of them (1861's "SP" may mean SPW)."""
    owner: dict[str, str] = {}
    for mapping in (ctx.players, ctx.corporations, ctx.companies):
        for key, full in mapping.items():
            owner[norm(key)] = owner[norm(str(full or key))] = key
    for mapping in (ctx.corporation_aliases, ctx.company_aliases):
        for alias, key in mapping.items():
            owner[norm(alias)] = key
    found: dict[str, set] = {}
    for i, e in enumerate(places):
        for n in e.shown:
            words = re.sub(r"\s*\(.*\)\s*$", "", str(n)).replace(".", " ").split()
            if 2 <= len(words) <= 3 and all(re.fullmatch(r"[A-Z][a-z]+", w) for w in words):
                found.setdefault("".join(w[0] for w in words), set()).add(i)
    for short, which in found.items():
        starts = {key for name, key in owner.items() if name.startswith(norm(short))}
        if len(which) == 1 and norm(short) not in owner and len(starts) != 1:
            i = next(iter(which))
            e = places[i]
            places[i] = _entry("location", e.ident, [*e.shown[1:], short], e.label)


class NameIndex:
    """All names of one context, by kind, with the multi-word rewrite for the lexer."""

    def __init__(self, ctx) -> None:
        self.title = getattr(ctx, "title", None)          # whose own kinds' words name a move too
        self.labels: dict[str, str] = {}                  # entity -> how a line names it (formatter.entity_label)
        self.entries: dict[str, list[Entry]] = {k: [] for k in KIND_WORDS}
        corp_alias: dict[str, list[str]] = {}
        for alias, sym in ctx.corporation_aliases.items():
            corp_alias.setdefault(sym, []).append(alias)
        comp_alias: dict[str, list[str]] = {}
        for alias, sym in ctx.company_aliases.items():
            comp_alias.setdefault(sym, []).append(alias)
        for pid, shown in ctx.players.items():
            names = [shown] if shown and shown != pid else []
            self.entries["player"].append(_entry("player", pid, names, shown or pid))
        initials: list[str] = []
        for sym, full in ctx.corporations.items():
            short = hyphen_initials(full) if full else None
            if short and short != sym and short not in ctx.corporations:
                initials.append(short)
            names = [n for n in [full, *corp_alias.get(sym, []), *([short] if short in initials else [])] if n]
            self.entries["corporation"].append(
                _entry("corporation", sym, names, f"{sym} ({full})" if full else sym))
        for sym, full in ctx.companies.items():
            names = [n for n in [full, *comp_alias.get(sym, [])] if n]
            self.entries["company"].append(
                _entry("company", sym, names, f"{sym} ({full})" if full else sym))
        for hex_, place in ctx.locations.items():
            names = [place] if isinstance(place, str) else list(place)
            parts = []
            for n in names:
                for p in re.split(r"\s*(?:&|/|,|\band\b)\s*", n):
                    p = re.sub(r"\s*\(.*\)\s*$", "", p).strip()
                    if p and p not in names:
                        parts.append(p)
            allnames = [*names, *parts]
            self.entries["location"].append(
                _entry("location", hex_, allnames, f"{hex_} ({names[0]})" if names else hex_))
        _add_place_initials(self.entries["location"], ctx)
        train_alias: dict[str, list[str]] = {}
        for alias, tname in ctx.train_aliases.items():
            train_alias.setdefault(tname, []).append(alias)
        for tname in ctx.trains:
            self.entries["train"].append(
                _entry("train", tname, train_alias.get(tname, []), f"{tname} train"))
        self._rewritten = [
            *ctx.players.keys(), *ctx.players.values(), *ctx.corporations.keys(), *ctx.corporations.values(),
            *ctx.companies.values(), *ctx.corporation_aliases.keys(),
            *ctx.company_aliases.keys(), *ctx.train_aliases.keys(), *initials,
            *_short_names(ctx.companies.values()),
            *(n for e in self.entries["location"] for n in e.shown[1:]),
        ]
        self._substitution: Optional[re.Pattern] = None
        #: short forms ("O-K") of the corporations named after two places, when no private
        #: company's name has the same initials (the reader's rewording)
        taken = {hyphen_initials(full) for full in ctx.companies.values() if full}
        self.pairs = {short: full for full in ctx.corporations.values()
                      if full and (short := hyphen_initials(full)) and short not in taken}
        #: place names of one hex only -> the hex (a route written with places)
        named: dict[str, set] = {}
        for e in self.entries["location"]:
            for n in e.shown[1:]:
                named.setdefault(n, set()).add(e.ident)
        self.places = {n: next(iter(h)) for n, h in named.items() if len(h) == 1 and not re.search(r"[()&/]", n)}

    @property
    def substitution(self) -> Optional[re.Pattern]:
        """The multi-word rewrite for the lexer (`_substitution`), made when a line is first read
        by the grammar: writing canonical lines needs only the tables."""
        if self._rewritten is not None:
            self._substitution, self._rewritten = _substitution(self._rewritten), None
        return self._substitution

    # ------------------------------------------------------------------ matching
    def _tier_matches(self, q: str, kind: str) -> tuple[int, list[Entry]]:
        entries = self.entries[kind]
        found = [e for e in entries if q in e.exact]
        if found:
            return 1, found
        if len(q) >= 2 and q not in _WORDS_NOT_PREFIXES:
            found = [e for e in entries if any(f.startswith(q) for f in e.prefixable)]
            if found:
                return 2, found
        if len(q) >= 3:
            found = []
            for e in entries:
                for ws in e.words:
                    if any("".join(ws[i:]).startswith(q) for i in range(1, len(ws))
                           if ws[i] not in _STOPWORDS):
                        found.append(e)
                        break
            if found:
                return 3, found
        return 0, []

    def lookup(self, text: str, kinds: Sequence[str], *, mode: str = "union") -> Optional[Entry]:
        """The one entry `text` names among `kinds`, or None if it names nothing.

        mode 'priority': kinds are tried in order; the first kind with an exact match decides,
        else the first with a prefix or word match.
        mode 'union': all kinds compete; an exact symbol/alias match wins outright, but an
        exact full-name match of one kind next to a prefix match of another kind (e.g.
        "Canadian Pacific": private CP, and corporation CPR by prefix) is ambiguous.
        Raises AmbiguousMoveError when several entries fit equally well.
        """
        q = norm(text)
        if not q:
            return None
        if mode == "priority":
            # kinds in order, but an exact name of a later kind beats a mere prefix of an
            # earlier one ("RO" is the corporation RO, not the player Rob)
            tiers = [self._tier_matches(q, kind) for kind in kinds]
            for want_exact in (True, False):
                for tier, found in tiers:
                    if found and (tier == 1 or not want_exact):
                        return self._one(text, found)
            return None
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

    def suggestions(self, text: str, kinds: Sequence[str], n: int = 3) -> list[Entry]:
        """Closest entries by spelling (difflib), best first."""
        q = text.strip().lower()
        scored: dict[Entry, float] = {}
        for kind in kinds:
            for e in self.entries[kind]:
                for form in e.shown:
                    f = form.lower()
                    r = _similarity(q, f)
                    if norm(f) and norm(q):
                        r = max(r, _similarity(norm(q), norm(f)))
                    if r >= 0.6 and r > scored.get(e, 0):
                        scored[e] = r
        return [e for e, _ in sorted(scored.items(), key=lambda kv: -kv[1])[:n]]

    def unknown_message(self, text: str, kinds: Sequence[str]) -> tuple[str, list[str]]:
        """'unknown corporation "CRP" — did you mean "CPR" (Canadian Pacific Railway)?'"""
        what = _or_list([KIND_WORDS[k] for k in kinds])
        sugg = self.suggestions(text, kinds)
        msg = f'unknown {what} "{text.strip()}"'
        if sugg:
            msg += " — did you mean " + _or_list([_suggest_label(e) for e in sugg]) + "?"
        else:
            known = [e.label if e.kind == "player" else e.ident
                     for k in kinds for e in self.entries[k]][:12]
            if known:
                msg += " (known: " + ", ".join(known) + ")"
        return msg, [e.ident for e in sugg]


def _similarity(a: str, b: str, cutoff: float = 0.6) -> float:
    """difflib's ratio of `a` and `b`, or 0 when its cheap upper bounds are already below
    `cutoff`: a 20,000-character "name" is turned down by its length alone, not compared
    letter by letter with every name (as difflib.get_close_matches does)."""
    m = difflib.SequenceMatcher(None, a, b)
    if m.real_quick_ratio() < cutoff or m.quick_ratio() < cutoff:
        return 0.0
    return m.ratio()


def _suggest_label(e: Entry) -> str:
    if e.kind in ("corporation", "company"):
        full = e.label[len(e.ident) + 2:-1] if e.label != e.ident else ""
        return f'"{e.ident}"' + (f" ({full})" if full else "")
    if e.kind == "location":
        return f'"{e.shown[1]}" ({e.ident})' if len(e.shown) > 1 else f'"{e.ident}"'
    return f'"{e.label}"'


def _or_list(items: Sequence[str]) -> str:
    items = list(dict.fromkeys(items))
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


# ---------------------------------------------------------------------- lexer rewrite
_WORD_OK = regex(r"[A-Za-z_][A-Za-z0-9_'’&]*\Z")


def _substitution(names: Iterable[str]) -> Optional[re.Pattern]:
    """One regex finding every known name that is not a single WORD as it stands."""
    pats = []
    for name in sorted({n for n in names if n and n.strip()}, key=len, reverse=True):
        name = name.strip()
        if _WORD_OK.match(name) or "\n" in name or name.isdigit():
            continue
        runs = re.split(r"([A-Za-z0-9]+)", name)
        # runs = [lead, run, sep, run, ..., trail]
        lead, trail = runs[0], runs[-1]
        core = runs[1:-1]
        if not core:
            continue
        parts = []
        for i, piece in enumerate(core):
            if i % 2 == 0:
                parts.append(re.escape(piece))
            else:
                parts.append(r"[^A-Za-z0-9\n;:]+" if piece.strip() or piece else "")
        body = "".join(parts)
        lead_p = f"(?:{re.escape(lead)})?" if lead and not lead.isspace() else ""
        trail_p = f"(?:{re.escape(trail)})?" if trail and not trail.isspace() else ""
        pats.append(lead_p + body + trail_p)
    if not pats:
        return None
    return regex(r"(?<![A-Za-z0-9_])(?:" + "|".join(pats) + r")(?![A-Za-z0-9_])", re.IGNORECASE)


def _wordify(m: re.Match) -> str:
    s = m.group(0)
    out = ["_" if not (c.isascii() and c.isalnum()) else c for c in s]
    if out and out[0].isdigit():
        out[0] = "_"
    return "".join(out)


def rewrite_names(index: NameIndex, line: str) -> str:
    """`line` with every known multi-word name turned into one WORD of the same length."""
    if index.substitution is None:
        return line
    return index.substitution.sub(_wordify, line)


# --- the cached name tables of a context (shared by the reader and the formatter; no grammar needed)
_index_cache: dict = {}
_index_lock = threading.Lock()


def _index_key(ctx: "NotationContext") -> tuple:
    def items(m):
        return tuple((k, v if isinstance(v, str) else tuple(v)) for k, v in m.items())
    return (items(ctx.players), items(ctx.corporations), items(ctx.companies), tuple(ctx.trains),
            items(ctx.corporation_aliases), items(ctx.company_aliases), items(ctx.train_aliases),
            items(ctx.locations))


_by_identity: dict = {}


def name_index(ctx: "NotationContext") -> NameIndex:
    """The (cached) name tables of a context.

    Looked up first by the identity of the context's name mappings (cheap; copies made
    with `at_turn` share them), then by their content. Changing a mapping in place is
    noticed only when its length changes, so replace mappings instead of editing them.
    """
    maps = (ctx.players, ctx.corporations, ctx.companies, ctx.trains, ctx.corporation_aliases,
            ctx.company_aliases, ctx.train_aliases, ctx.locations)
    ident = tuple(id(m) for m in maps)
    hit = _by_identity.get(ident)
    if hit is not None and all(a is b for a, b in zip(hit[0], maps)) \
            and hit[1] == tuple(len(m) for m in maps):
        return hit[2]
    key = _index_key(ctx)
    idx = _index_cache.get(key)
    if idx is None:
        idx = NameIndex(ctx)
    with _index_lock:
        if len(_index_cache) > 64:
            _index_cache.clear()
        if len(_by_identity) > 64:
            _by_identity.clear()
        _index_cache[key] = idx
        _by_identity[ident] = (maps, tuple(len(m) for m in maps), idx)
    return idx
