"""The pictures of an HTML replay, each distinct PNG kept once: a frame refers to its map and
market by index, so a picture that rests over many moves is embedded in the page only once."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Callable

from pbem.render.report import data_uri

__all__ = ["ImageStore"]


@dataclass
class ImageStore:
    """Distinct PNGs by content hash, and the drawing keys already drawn (a key names a state a
    picture shows; a state seen again is not drawn again)."""

    uris: list[str] = field(default_factory=list)
    by_hash: dict[str, int] = field(default_factory=dict)
    by_key: dict[tuple[str, str], int] = field(default_factory=dict)
    drawn: dict[str, int] = field(default_factory=dict)      # pictures drawn per kind ("map", "market")
    png_bytes: int = 0             # bytes of the distinct PNGs

    def add(self, png: bytes) -> int:
        """The index of `png`, adding it when no equal picture is stored yet."""
        digest = hashlib.sha256(png).hexdigest()
        if digest not in self.by_hash:
            self.by_hash[digest] = len(self.uris)
            self.uris.append(data_uri(png))
            self.png_bytes += len(png)
        return self.by_hash[digest]

    def get(self, kind: str, key: str, draw: Callable[[], bytes]) -> int:
        """The index of the `kind` picture of state `key`, drawn by `draw` the first time the key is seen."""
        if (kind, key) not in self.by_key:
            self.drawn[kind] = self.drawn.get(kind, 0) + 1
            self.by_key[kind, key] = self.add(draw())
        return self.by_key[kind, key]
