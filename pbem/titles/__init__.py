"""Titles: one package per title (pbem/titles/g1882/, g1861/) with its rules, shared families
(pbem/titles/family1867/), the data files (pbem/titles/data/) and the registry naming them."""
from __future__ import annotations

from pbem.titles.registry import PLANNED, REGISTRY, TITLES, TitleEntry, UnknownTitle, load_title, \
    tile_data, title_data, title_entry

__all__ = ["PLANNED", "REGISTRY", "TITLES", "TitleEntry", "UnknownTitle", "load_title", "tile_data",
           "title_data", "title_entry"]
