"""Locate the grammar/ and templates/ folders, installed or in a source checkout."""
from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the folder `name` ('grammar' or 'templates'): packaged copy first, else the repo's."""
    for candidate in (_PKG / "_data" / name, _PKG.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"pbem data folder {name!r} not found (looked in {_PKG / '_data'} and {_PKG.parent})")
