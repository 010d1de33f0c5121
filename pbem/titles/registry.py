"""The titles pbem plays: name -> the package holding its rules, data file and grammar additions,
its player counts, and the titles planned next. The engine never names a title; everything that
needs one (its data, its grammar, its notation) looks it up here."""
from __future__ import annotations

import importlib
import importlib.util
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from pbem.errors import PbemError
from pbem.titles.game_data import GameDataError, game_data_of, merged, read_game_data

#: what titles share: the tile catalogue `tiles.json` (docs/title-data.md)
COMMON_DIR = Path(__file__).resolve().parent / "common"


class UnknownTitle(PbemError, KeyError):
    """The game names a title pbem does not have."""

    def __str__(self) -> str:            # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class TitleEntry:
    """One playable title: `package` (under pbem.titles, or any installed package: a plug-in)
    defines `rules_class` in its `rules` module, a subclass of pbem.engine.rules.Rules;
    `players` is the fewest and most players it is for; `data` is the package's title data
    file (docs/title-data.md) and `grammar` its additions to the base notation grammar
    (grammar/pbem.lark), None when it writes nothing of its own, with `readers` the module
    reading the rules it adds."""

    name: str
    package: str
    rules_class: str
    players: tuple[int, int]
    data: str = "data.json"
    grammar: str | None = None
    #: the package's module declaring the title's own kinds of move (each a subclass of
    #: pbem.engine.actions.Action naming its kind, with how it is written and read), or None
    kinds: str | None = None
    #: the package's module reading the rules its `grammar` adds: `READERS`, rule name -> its
    #: reader (pbem/titles/reading.py), or None
    readers: str | None = None


REGISTRY: dict[str, TitleEntry] = {
    "1882": TitleEntry("1882", "pbem.titles.g1882", "Rules1882", (2, 6)),
    "1861": TitleEntry("1861", "pbem.titles.g1861", "Rules1861", (2, 6), grammar="grammar.lark", readers="reading"),
    "1830": TitleEntry("1830", "pbem.titles.g1830", "Rules1830", (2, 6)),
    "1869": TitleEntry("1869", "pbem.titles.g1869", "Rules1869", (2, 8), kinds="kinds"),
}
TITLES = tuple(REGISTRY)
PLANNED = ("1874", "1876v2")


#: the entry-point group through which an installed package offers a title: `NAME =
#: package.module:ENTRY`, ENTRY a TitleEntry
PLUGIN_GROUP = "pbem.titles"


@lru_cache(maxsize=None)
def plugins() -> dict[str, TitleEntry]:
    """The titles installed packages offer (their entry points in PLUGIN_GROUP), found once per
    process; one that names a title pbem has, or is no TitleEntry, is left out."""
    from importlib.metadata import entry_points

    found: dict[str, TitleEntry] = {}
    for ep in entry_points(group=PLUGIN_GROUP):
        entry = ep.load()
        if isinstance(entry, TitleEntry) and entry.name == ep.name and entry.name not in REGISTRY:
            found.setdefault(entry.name, entry)
    return found


def title_entry(name: str) -> TitleEntry:
    """The registry entry of `name` (pbem's own, or an installed plug-in's), or UnknownTitle
    saying which titles there are."""
    entry = REGISTRY.get(name) or plugins().get(name)
    if entry is None:
        planned = f"{name} is planned but not available yet" if name in PLANNED else \
            f"{', '.join(PLANNED[:-1])} and {PLANNED[-1]} are planned"
        raise UnknownTitle(f"unknown title {name!r}; pbem has {' and '.join(TITLES)} ({planned})")
    return entry


def package_dir(entry: TitleEntry) -> Path:
    """The folder of the title's package (found without importing it: its rules import the
    engine, which reading its data or grammar does not need)."""
    spec = importlib.util.find_spec(entry.package)
    if spec is None or not spec.submodule_search_locations:
        raise UnknownTitle(f"title {entry.name}: package {entry.package} is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def data_path(name: str) -> Path:
    """The title's data file (`data` in its package)."""
    entry = title_entry(name)
    return package_dir(entry) / entry.data


def grammar_path(name: str | None) -> Path | None:
    """The title's additions to the base grammar, or None for a title without any (or no
    registered title: the base grammar alone reads it)."""
    entry = (REGISTRY.get(name) or plugins().get(name)) if name else None
    if entry is None or entry.grammar is None:
        return None
    return package_dir(entry) / entry.grammar


def tiles_path() -> Path:
    """The tile catalogue shared by every title."""
    return COMMON_DIR / "tiles.json"


@lru_cache(maxsize=None)
def title_data(name: str) -> dict:
    """The title's data file as read (cached: title data is immutable once loaded)."""
    return json.loads(data_path(name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def tile_data() -> dict:
    """The tile catalogue shared by every title (pbem/titles/common/tiles.json)."""
    return json.loads(tiles_path().read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def declared_kinds(name: Optional[str]) -> tuple[type, ...]:
    """The title's own kinds of move (the classes naming a kind that the module its entry's
    `kinds` names declares); () for a title without any, or no registered title."""
    entry = (REGISTRY.get(name) or plugins().get(name)) if name else None
    if entry is None or entry.kinds is None:
        return ()
    module = importlib.import_module(f"{entry.package}.{entry.kinds}")
    return tuple(v for v in vars(module).values()
                 if isinstance(v, type) and getattr(v, "kind_name", "") and v.__module__ == module.__name__)


@lru_cache(maxsize=None)
def title_kinds(name: Optional[str]) -> tuple[type, ...]:
    """The title's own kinds of move that say how they are written and read (their `written`
    and `read`); () for a title without any."""
    return tuple(v for v in declared_kinds(name) if getattr(v, "written", "") and getattr(v, "read", ""))


@lru_cache(maxsize=None)
def title_readers(name: Optional[str]) -> dict:
    """The readers of the rules the title's grammar adds (`READERS` of the module its entry
    names: rule name -> reader, pbem/titles/reading.py); {} for a title without any."""
    entry = (REGISTRY.get(name) or plugins().get(name)) if name else None
    if entry is None or entry.readers is None:
        return {}
    return dict(importlib.import_module(f"{entry.package}.{entry.readers}").READERS)


@lru_cache(maxsize=None)
def notation_extras(name: str) -> dict:
    """How players write the title besides its data file's names (the package's `notation.py`
    NOTATION: aliases, extra place names, ...); {} for a title without one or not registered."""
    entry = (REGISTRY.get(name) or plugins().get(name)) if name else None
    if entry is None:
        return {}
    try:
        module = importlib.import_module(f"{entry.package}.notation")
    except ModuleNotFoundError as e:
        if e.name != f"{entry.package}.notation":
            raise
        return {}
    return dict(getattr(module, "NOTATION", {}))


@lru_cache(maxsize=64)
def load_title(name: str, data: str = ""):
    """Return the rules object for title `name` (cached: title data is immutable once loaded);
    `data`: a game's own title data (canonical JSON whose keys replace the title's,
    `pbem.titles.game_data`), "" for the title's own."""
    entry = title_entry(name)
    module = importlib.import_module(f"{entry.package}.rules")
    cls = getattr(module, entry.rules_class)
    return cls(merged(title_data(name), data)) if data else cls()


def game_data(name: str, path: str | Path, raw: bytes | None = None) -> str:
    """A game's own title data for title `name` read from `path` (or given as `raw`, the
    content of the file so named: a mail's attachment), checked and canonical
    (`game_data_of`), and a game of the title's fewest players started with it: GameDataError
    naming the file when it cannot be (a tile, hex or train that does not fit the rest)."""
    from pbem.engine.game import Game        # the engine only when a game is made

    base = title_data(name)
    text = read_game_data(path, base) if raw is None else game_data_of(raw, base, str(path))
    counts = sorted(int(k) for k in (base.get("starting_cash") or {}) if str(k).isdigit()) or [2]
    players = [(f"P{i}", f"P{i}") for i in range(1, counts[0] + 1)]
    try:
        Game(load_title(name, text), players, 0, ()).legal_moves()
    except PbemError as e:
        raise GameDataError(f"{path}: a game cannot be set up with it: {e}") from None
    except Exception as e:          # data the engine cannot build from: any fault is the data's
        raise GameDataError(f"{path}: a game cannot be set up with it: {type(e).__name__}: {e}") from None
    return text

