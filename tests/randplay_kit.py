"""tools/randplay.py loaded as a module, for the tests that play its random games."""
from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[1] / "tools" / "randplay.py"


@functools.lru_cache(maxsize=1)
def randplay():
    spec = importlib.util.spec_from_file_location("randplay", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
