"""A game state frozen to bytes and thawed back: a copy that costs a fraction of a deep copy.

The title (rules, data, the tile catalogue, the map's printed tiles, their frozen tile
definitions and each one's rotations) is shared and immutable, as `Game.__deepcopy__` treats it: the bytes name it by its place in a list of shared
objects and the thawed state points at the same objects. The pickler starts with those objects
in its memo (so naming them costs no Python call per pickled object) and the thawing unpickler
first reads a preamble that puts them in its memo at the same places. A snapshot is immutable,
so any number of games may share it (`pbem.Game` keeps one every so many moves, so taking
moves back replays only the moves since the last one).
"""
from __future__ import annotations

import io
import pickle
import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from pbem.engine.board import printed_tiles

if TYPE_CHECKING:
    from pbem.engine.game import Game


@dataclass(frozen=True)
class _Shared:
    """A title's shared objects: in order, their memo places by id, and the preamble that puts
    them at those places in an unpickler's memo (by persistent id = place)."""

    objs: list
    places: dict
    preamble: bytes


_SHARED: dict[int, _Shared] = {}


def _shared(g: "Game") -> _Shared:
    """The objects every state of the game shares (made once per title object)."""
    return _shared_of(g.title)


def _shared_of(title) -> _Shared:
    """The objects every state of a game of `title` (its rules object) shares."""
    known = _SHARED.get(id(title))
    if known is None or known.objs[0] is not title:
        catalogue = getattr(title, "catalogue", None) or {}
        printed = printed_tiles(title.data)
        # after the catalogue (so that a place keeps its meaning as the list grows): the map's
        # printed tiles and every tile's six rotations, which each hex of a state points at
        rotations = [t.rot(r) for t in (*catalogue.values(), *printed) for r in range(6)]
        objs = [title, title.data, catalogue, *catalogue.values(), *printed, *rotations]
        # PROTO 5; per object: BININT place, BINPERSID, MEMOIZE, POP; then NONE, STOP
        body = b"".join(b"J" + struct.pack("<i", i) + b"Q\x94" + b"0" for i in range(len(objs)))
        known = _SHARED[id(title)] = _Shared(objs, {id(o): (i, o) for i, o in enumerate(objs)},
                                             b"\x80\x05" + body + b"N.")
    return known


class _Thawer(pickle.Unpickler):
    def __init__(self, buf: io.BytesIO, objs: list, allow: Optional[Callable[[str, str], bool]] = None):
        super().__init__(buf)
        self._objs = objs
        self._allow = allow

    def persistent_load(self, pid):
        if not isinstance(pid, int) or not 0 <= pid < len(self._objs):
            raise pickle.UnpicklingError(f"no shared object {pid!r}")
        return self._objs[pid]

    def find_class(self, module: str, name: str):
        if self._allow is not None and not self._allow(module, name):
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a snapshot")
        found = super().find_class(module, name)
        if self._allow is not None and not isinstance(found, type):
            raise pickle.UnpicklingError(f"{module}.{name} is not a class")
        return found


def freeze(g: "Game") -> bytes:
    """The state as bytes (the title's shared objects named, not written)."""
    shared = _shared(g)
    # a method hooked on this state for the time of a push (pbem.reading.claims watches
    # after_action so) is no part of the state: it is left out, as the state is without it
    hooks = {k: v for k, v in vars(g).items() if callable(v) and hasattr(type(g), k)}
    for k in hooks:
        delattr(g, k)
    try:
        buf = io.BytesIO()
        p = pickle.Pickler(buf, protocol=5)
        p.memo = dict(shared.places)
        p.dump(g)
    finally:
        for k, v in hooks.items():
            setattr(g, k, v)
    return buf.getvalue()


def thaw(data: bytes, like: "Game") -> "Game":
    """A new state from `freeze`'s bytes, sharing the title of `like` (a state of the same game)."""
    return thaw_value(data, like.title)


def freeze_value(value: Any, title) -> bytes:
    """Any value of a game of `title` as bytes, the title's shared objects named, as `freeze`."""
    buf = io.BytesIO()
    p = pickle.Pickler(buf, protocol=5)
    p.memo = dict(_shared_of(title).places)
    p.dump(value)
    return buf.getvalue()


def thaw_value(data: bytes, title, allow: Optional[Callable[[str, str], bool]] = None) -> Any:
    """The value `freeze` or `freeze_value` made, sharing `title`'s objects; `allow(module,
    name)`: the only classes the bytes may name (anything else, or a function, is refused
    with pickle.UnpicklingError before it is called)."""
    shared = _shared_of(title)
    u = _Thawer(io.BytesIO(shared.preamble + data), shared.objs, allow)
    u.load()                              # the preamble: the shared objects into the memo
    return u.load()
