"""Loading and caching the notation grammar (grammar/pbem.lark plus a title's extension).

`get_parser(title)` compiles grammar/pbem.lark, with grammar/<title>.lark appended when that
file exists, into a lark LALR(1) parser with the contextual lexer, once per title per
process. The title file may add terminals and rules and use `%extend` / `%override` on the
common rules (see the header of grammar/pbem.lark).
"""
from __future__ import annotations

import re
import threading
from functools import lru_cache
from pathlib import Path
from typing import Optional

from lark import Lark

from pbem.resources import data_dir

COMMON = "pbem.lark"
_lock = threading.Lock()
_TITLE_RE = re.compile(r"^[A-Za-z0-9_-]+$")


def grammar_dir() -> Path:
    return data_dir("grammar")


def grammar_text(title: Optional[str] = None) -> str:
    """The grammar source for `title`: the common grammar, then the title's additions."""
    d = grammar_dir()
    text = (d / COMMON).read_text(encoding="utf-8")
    if title and _TITLE_RE.match(title):
        extra = d / f"{title}.lark"
        if extra.is_file():
            text += f"\n// ---- {extra.name}\n" + extra.read_text(encoding="utf-8")
    return text


@lru_cache(maxsize=None)
def _compile(title: Optional[str]) -> Lark:
    return Lark(grammar_text(title), parser="lalr", lexer="contextual",
                propagate_positions=False, maybe_placeholders=False)


def get_parser(title: Optional[str] = None) -> Lark:
    """The compiled parser for `title` (common grammar when the title has no file)."""
    with _lock:
        return _compile(title or None)


def terminal_names(title: Optional[str] = None) -> set[str]:
    return {t.name for t in get_parser(title).terminals}
