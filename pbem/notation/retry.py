"""A last try at a refused line: the line reworded by one of the last-try rules, read once
more by the whole reader, with nothing of the failed reading left behind."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from pbem.errors import NotationError, PbemError

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["read_reworded"]


def read_reworded(reader: "_Reader", line_no: int, line: str, first: NotationError, flag: str,
                  reword: Callable[[], Optional[str]]) -> list:
    """The items of `line` as `reword()` words it; `first` (the first refusal) when it has no
    rewording or that does not read either. `flag` names the reader attribute that keeps a try
    from rewording its own rewording again."""
    again = None if getattr(reader, flag, False) else reword()
    if again is None:
        raise first from None
    saved = (reader.header, reader.sticky, reader.orphan)
    setattr(reader, flag, True)
    try:
        return reader.read_line(line_no, again)
    except PbemError:
        reader.header, reader.sticky, reader.orphan = saved
        reader.line_no, reader.line = line_no, line
        raise first from None
    finally:
        setattr(reader, flag, False)
