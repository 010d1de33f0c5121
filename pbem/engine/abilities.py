"""The private companies' abilities as the title data writes them (`companies[].abilities`,
docs/title-data.md: a type and its fields), read by the rules that carry them out: a title's
privates are data, and its rules ask which private has which ability, never a private by name."""
from __future__ import annotations

from typing import Optional


def of(data: dict, company: str, kind: str) -> list[dict]:
    """The abilities of type `kind` the data gives private `company`."""
    for c in data["companies"]:
        if c["sym"] == company:
            return [a for a in c.get("abilities") or [] if a.get("type") == kind]
    return []


def has(data: dict, company: str, kind: str) -> bool:
    """Whether private `company` has an ability of type `kind`."""
    return bool(of(data, company, kind))


def given_shares(data: dict) -> tuple[tuple[str, str, int], ...]:
    """(private, corporation, certificate index) for every certificate a private's first buyer
    receives (index 0: the president's certificate)."""
    out = []
    for c in data["companies"]:
        for ab in of(data, c["sym"], "shares"):
            shares = ab.get("shares")
            if not isinstance(shares, list):
                continue
            for share in shares:
                corp, _, index = share.rpartition("_")
                out.append((c["sym"], corp, int(index)))
    return tuple(out)


def president_with(data: dict, company: str) -> Optional[str]:
    """The corporation whose president's certificate comes with private `company`, or None."""
    return next((corp for sym, corp, i in given_shares(data) if sym == company and i == 0), None)


def holders(data: dict, kind: str) -> list[tuple[str, dict]]:
    """(private, ability) for every ability of type `kind` in the data, in the data's order."""
    return [(c["sym"], a) for c in data["companies"] for a in c.get("abilities") or [] if a.get("type") == kind]


def random_shares(data: dict) -> list[tuple[str, list[str]]]:
    """(private, the corporations one is drawn from) for each private whose first buyer gets an
    ordinary share of a corporation drawn at setup."""
    return [(sym, list(a["corporations"])) for sym, a in holders(data, "shares") if a.get("shares") == "random"]


def exchanged_for_president(data: dict, corporation: str) -> Optional[str]:
    """The private its owner trades for `corporation`'s president's certificate, or None."""
    return next((sym for sym, a in holders(data, "exchange")
                 if a.get("into") == "president" and a.get("corporation") == corporation), None)
