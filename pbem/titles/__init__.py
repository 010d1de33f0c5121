"""Titles: one package per title (pbem/titles/g1882/, g1861/) holding its rules, its data file and
its grammar additions, shared families (pbem/titles/family1867/), what titles share
(pbem/titles/common/: the tile catalogue) and the registry naming them."""
from __future__ import annotations

from pbem.titles.registry import PLANNED, REGISTRY, TITLES, TitleEntry, UnknownTitle, data_path, \
    grammar_path, load_title, tile_data, tiles_path, title_data, title_entry

__all__ = ["PLANNED", "REGISTRY", "TITLES", "TitleEntry", "UnknownTitle", "data_path", "grammar_path",
           "load_title", "tile_data", "tiles_path", "title_data", "title_entry"]
