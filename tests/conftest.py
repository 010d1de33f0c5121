"""Shared test fixtures: the 1882 title data and tile catalogue, loaded once."""
import json
from pathlib import Path

import pytest

from pbem.engine.tiles import load_catalogue

DATA = Path(__file__).resolve().parent.parent / "pbem" / "titles" / "data"


@pytest.fixture(scope="session")
def title():
    """(1882 title data, tile catalogue) as plain JSON and TileDefs."""
    d = json.loads((DATA / "1882.json").read_text())
    t = json.loads((DATA / "tiles.json").read_text())
    return d, load_catalogue(d, t)
