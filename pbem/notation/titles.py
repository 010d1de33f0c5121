"""A title's NotationContext: the names from its data file, plus what players write besides them (the title's
notation extras, pbem/titles/<title>/notation.py, and the variants of each company's name)."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Mapping, Optional, Sequence

from .context import NotationContext


def context_for_title(title: str, players: Optional[Mapping[str, str]] = None, *,
                      actor: Optional[str] = None, current: Optional[str] = None,
                      **overrides) -> NotationContext:
    """A NotationContext for `title` with the given players (id -> display name)."""
    from pbem.titles.registry import title_data

    data = title_data(title)
    return context_from_title_data(data, players, actor=actor, current=current, **overrides)


def context_from_title_data(data: Mapping, players: Optional[Mapping[str, str]] = None, *,
                            actor: Optional[str] = None, current: Optional[str] = None,
                            **overrides) -> NotationContext:
    """A NotationContext from a title data file (docs/title-data.md format) and the title's notation extras."""
    from pbem.titles.registry import notation_extras

    title = str(data.get("title", "")) or None
    extra = notation_extras(title or "")
    locations: dict = {k: v for k, v in (data.get("location_names") or {}).items()}
    for hex_, names in (extra.get("locations") or {}).items():
        if not isinstance(names, str):
            have = locations.get(hex_)
            merged = [have] if isinstance(have, str) else list(have or [])
            locations[hex_] = tuple(dict.fromkeys([*merged, *names]))
    corporations = {c["sym"]: c.get("name", c["sym"]) for c in data.get("corporations", [])}
    companies = {c["sym"]: c.get("name", c["sym"]) for c in data.get("companies", [])}
    corp_items, company_items = _aliases(title or "", tuple(corporations.items()), tuple(companies.items()))
    corporation_aliases, company_aliases = dict(corp_items), dict(company_items)
    kw = dict(
        players=dict(players or {}),
        corporations=corporations,
        companies=companies,
        trains=tuple(dict.fromkeys(t["name"] for t in data.get("trains", []))),
        actor=actor, current=current, title=title,
        corporation_aliases=corporation_aliases,
        company_aliases=company_aliases,
        train_aliases=dict(extra.get("train_aliases", {})),
        locations=locations, layout=data.get("layout", "flat"),
        token_mover=extra.get("token_mover"),
        automatic_dividends=frozenset(
            c["sym"] for c in data.get("corporations", [])
            if c.get("type") in extra.get("automatic_dividend_types", ())),
        auctioned=frozenset(c["sym"] for c in data.get("corporations", [])
                            if c.get("type") in extra.get("auctioned_types", ())),
        share_exchanges={c["sym"]: ab["corporation"] for c in data.get("companies", [])
                         for ab in c.get("abilities") or () if ab.get("type") == "exchange"
                         and ab.get("into") == "share" and ab.get("corporation")},
    )
    kw.update(overrides)
    return NotationContext(**kw)


@lru_cache(maxsize=32)
def _aliases(title: str, corporations: tuple, companies: tuple) -> tuple[tuple, tuple]:
    """The title's aliases of corporations and privates with the variants of their names (once per title)."""
    from pbem.titles.registry import notation_extras

    extra = notation_extras(title)
    corps, comps = dict(corporations), dict(companies)
    corporation_aliases = dict(extra.get("corporation_aliases", {}))
    company_aliases = dict(extra.get("company_aliases", {}))
    taken = [*corps, *corps.values(), *comps, *comps.values(), *corporation_aliases, *company_aliases]
    spellings = extra.get("spellings", {})
    add_variants(corps, corporation_aliases, taken, private=False, spellings=spellings)
    add_variants(comps, company_aliases, taken, private=True, spellings=spellings)
    return tuple(corporation_aliases.items()), tuple(company_aliases.items())


#: a pattern of a name -> what people write for it: "and" for "&" ("B and O"), a compass
#: direction in letters ("NW Rebellion"), the generic last word shortened ("Hudson Bay Rly")
_AND = {r"\s*&\s*": (" and ",)}
_COMPASS = {r"^North West\b": ("NW", "Northwest", "North-West"), r"^North Western\b": ("NW", "Northwestern"),
            r"^South West\b": ("SW", "Southwest"), r"^South East\b": ("SE", "Southeast"),
            r"^North East\b": ("NE", "Northeast")}
_SHORTENED = {r"\s+Railway$": (" Rly", " Ry", " Rwy"), r"\s+Railroad$": (" RR", " Rail Road"),
              r"\s+Company$": (" Co", " Co.")}


def _swapped(name: str, table: Mapping[str, Sequence[str]]) -> list[str]:
    """`name` with each pattern of `table` it holds written each other way."""
    return [re.sub(p, lambda _, o=other: o, name) for p, others in table.items() if re.search(p, name)
            for other in others]


def variants(name: str, *, private: bool, spellings: Mapping[str, Sequence[str]]) -> list[str]:
    """The other forms of `name`, its places also as the title's `spellings`; a private's also with "Co" after it."""
    base = [name, *_swapped(name, {rf"\b{re.escape(w)}\b": o for w, o in spellings.items()})]
    base += [v for b in list(base) for v in _swapped(b, _AND)]
    base += [v for b in list(base) for v in _swapped(b, _COMPASS)]
    out = [v for b in base for v in _swapped(b, _SHORTENED)] + base[1:]
    if private and not re.search(r"\b(?:Company|Co\.?|Railway|Railroad)$", name):
        out += [f"{b} {w}" for b in base for w in ("Co", "Co.", "Company")]
    return list(dict.fromkeys(v for v in out if v != name))


def add_variants(names: Mapping[str, str], aliases: dict[str, str], taken: Iterable[str], *, private: bool,
                 spellings: Mapping[str, Sequence[str]]) -> None:
    """Each variant of each symbol's name put in `aliases`, unless a name in `taken` or the variant of two."""
    seen = {re.sub(r"[^a-z0-9]", "", t.lower()) for t in taken}
    found: dict[str, set] = {}
    for sym, full in names.items():
        for v in [*(variants(full, private=private, spellings=spellings) if full else ()), *_swapped(sym, _AND)]:
            found.setdefault(v, set()).add(sym)
    for v, syms in found.items():
        if len(syms) == 1 and re.sub(r"[^a-z0-9]", "", v.lower()) not in seen:
            aliases.setdefault(v, next(iter(syms)))
