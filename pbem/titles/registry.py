"""The titles pbem plays: name -> the package holding its rules, its player counts, and the
titles planned next. The engine never names a title; everything that needs one looks it up here."""
from __future__ import annotations

import importlib
import importlib.util
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from pbem.errors import PbemError

#: the title data files (docs/title-data.md): `<title>.json` and the shared tile catalogue
DATA_DIR = Path(__file__).resolve().parent / "data"


class UnknownTitle(PbemError, KeyError):
    """The game names a title pbem does not have."""

    def __str__(self) -> str:            # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class TitleEntry:
    """One playable title: `package` (under pbem.titles) defines `rules_class`, a subclass of
    pbem.engine.rules.Rules; `players` is the fewest and most players it is for; `data`, when
    given, is the title data file inside the package (else `<title>.json` in DATA_DIR)."""

    name: str
    package: str
    rules_class: str
    players: tuple[int, int]
    data: Optional[str] = None


REGISTRY: dict[str, TitleEntry] = {
    "1882": TitleEntry("1882", "pbem.titles.g1882", "Rules1882", (2, 6)),
    "1861": TitleEntry("1861", "pbem.titles.g1861", "Rules1861", (2, 6)),
    "1830": TitleEntry("1830", "pbem.titles.g1830", "Rules1830", (2, 6), data="data.json"),
}
TITLES = tuple(REGISTRY)
PLANNED = ("1874", "1869", "1876v2")


def title_entry(name: str) -> TitleEntry:
    """The registry entry of `name`, or UnknownTitle saying which titles there are."""
    entry = REGISTRY.get(name)
    if entry is None:
        planned = f"{name} is planned but not available yet" if name in PLANNED else \
            f"{', '.join(PLANNED[:-1])} and {PLANNED[-1]} are planned"
        raise UnknownTitle(f"unknown title {name!r}; pbem has {' and '.join(TITLES)} ({planned})")
    return entry


@lru_cache(maxsize=None)
def title_data(name: str) -> dict:
    """The title's data file as read (cached: title data is immutable once loaded)."""
    entry = title_entry(name)
    if entry.data is not None:
        return json.loads((package_dir(entry) / entry.data).read_text())
    return json.loads((DATA_DIR / f"{entry.name}.json").read_text())


def package_dir(entry: TitleEntry) -> Path:
    """The folder of the title's package (found without importing it: reading its data does not
    need its rules, which import the engine)."""
    spec = importlib.util.find_spec(entry.package)
    if spec is None or not spec.submodule_search_locations:
        raise UnknownTitle(f"title {entry.name}: package {entry.package} is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


@lru_cache(maxsize=None)
def tile_data() -> dict:
    """The tile catalogue shared by every title (pbem/titles/data/tiles.json)."""
    return json.loads((DATA_DIR / "tiles.json").read_text())


@lru_cache(maxsize=None)
def notation_extras(name: str) -> dict:
    """How players write the title besides its data file's names (the package's `notation.py`
    NOTATION: aliases, extra place names, ...); {} for a title without one or not registered."""
    entry = REGISTRY.get(name)
    if entry is None:
        return {}
    try:
        module = importlib.import_module(f"{entry.package}.notation")
    except ModuleNotFoundError as e:
        if e.name != f"{entry.package}.notation":
            raise
        return {}
    return dict(getattr(module, "NOTATION", {}))


@lru_cache(maxsize=None)
def load_title(name: str):
    """Return the rules object for title `name` (cached: title data is immutable once loaded)."""
    entry = title_entry(name)
    module = importlib.import_module(f"{entry.package}.rules")
    return getattr(module, entry.rules_class)()
