"""The private companies' abilities as the title data writes them (`companies[].abilities`,
docs/title-data.md), read for the 1830 family's hooks."""
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
