"""1830 (Railways & Robber Barons): the title's rules are the 1830 family's, with its own data."""
from __future__ import annotations

from typing import Optional

from pbem.titles.family1830.rules import Rules1830Family
from pbem.titles.registry import tile_data, title_data


class Rules1830(Rules1830Family):
    """1830 as 18xx.games plays it: the family's rules on 1830's map, market and privates."""

    def __init__(self, data: Optional[dict] = None):
        super().__init__("1830", data if data is not None else title_data("1830"), tile_data())


def load() -> Rules1830:
    return Rules1830()
