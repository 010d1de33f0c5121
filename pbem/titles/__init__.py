"""Titles: one data file plus a small rules module each."""
from __future__ import annotations

from functools import lru_cache

from pbem.errors import PbemError


class UnknownTitle(PbemError, KeyError):
    """The game names a title pbem does not have."""

    def __str__(self) -> str:            # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


TITLES = ("1882", "1861")
PLANNED = ("1830", "1874", "1869", "1876v2")


@lru_cache(maxsize=None)
def load_title(name: str):
    """Return the rules object for title `name` (cached: title data is immutable once loaded)."""
    if name == "1882":
        from pbem.titles.g1882.rules import Rules1882

        return Rules1882()
    if name == "1861":
        from pbem.titles.g1861.rules import Rules1861

        return Rules1861()
    planned = f"{name} is planned but not available yet" if name in PLANNED else \
        f"{', '.join(PLANNED[:-1])} and {PLANNED[-1]} are planned"
    raise UnknownTitle(f"unknown title {name!r}; pbem has {' and '.join(TITLES)} ({planned})")
