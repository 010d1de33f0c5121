"""Loading and caching the notation grammar: grammar/pbem.lark plus the title's grammar file (as the registry
declares), compiled into a lark LALR(1) parser once per title per process."""
from __future__ import annotations

import hashlib
import os
import re
import stat
import threading
from functools import lru_cache
from typing import TYPE_CHECKING, Optional

from pbem.resources import data_dir
from pbem.titles.registry import grammar_path
from .lazy import regex

if TYPE_CHECKING:  # pragma: no cover
    from lark import Lark

COMMON = "pbem.lark"
_lock = threading.Lock()


def grammar_title(title: Optional[str]) -> Optional[str]:
    """The title whose grammar file extends the common one, or None when it has none."""
    return title if grammar_path(title) is not None else None


#: a terminal of a title's grammar file written as a regular expression ("FLAP.2: /flaps?/i")
_TERMINAL = regex(r"^[A-Z_][A-Z0-9_]*(?:\.\d+)?\s*:\s*/(.+)/([imsux]*)\s*$", re.M)


@lru_cache(maxsize=32)
def title_words(title: Optional[str]) -> Optional[re.Pattern]:
    """What a line needs to hold for a title's own grammar rules to read it: one of the terminals they add."""
    path = grammar_path(title)
    if path is None:
        return None
    # each with its own flags but u and x ("(?i:flaps?)"); "(?:...)" when it has none
    found = _TERMINAL.findall(path.read_text(encoding="utf-8"))
    parts = [f"(?{re.sub('[ux]', '', flags)}:{rx})" for rx, flags in found]
    return regex("|".join(parts)) if parts else None


def grammar_text(title: Optional[str] = None) -> str:
    """The grammar source for `title`: the common grammar, then the title's additions."""
    text = (data_dir("grammar") / COMMON).read_text(encoding="utf-8")     # (shipped inside the package)
    extra = grammar_path(title)
    if extra is not None:
        text += f"\n// ---- {title}: {extra.name}\n" + extra.read_text(encoding="utf-8")
    return text


def _cache_file(title: Optional[str], text: str = "") -> Optional[str]:
    """Where lark may keep its analysis of `text` between runs: a file named by its hash in a private per-user
    folder ($PBEM_CACHE_DIR, "" for none; else $XDG_CACHE_HOME/pbem or ~/.cache/pbem), or None."""
    base = os.environ.get("PBEM_CACHE_DIR")
    if base == "":
        return None
    if base is None:
        root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(root, "pbem")
    try:
        os.makedirs(base, mode=0o700, exist_ok=True)
        if not os.access(base, os.W_OK):
            return None
    except OSError:
        return None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    path = os.path.join(base, f"notation-{title or 'common'}-{digest}.lark-cache")
    # lark unpickles the file: only one nobody else could have written is ever read
    return path if _ours(base, folder=True) and _ours(path, folder=False) else None


def _ours(path: str, *, folder: bool) -> bool:
    """Whether `path` (a folder, or a cache file that may not exist yet) is this user's alone:
    owned by them, writable by no one else, and no symbolic link."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return not folder
    except OSError:
        return False
    kind_ok = stat.S_ISDIR(st.st_mode) if folder else stat.S_ISREG(st.st_mode)
    return kind_ok and st.st_uid == os.getuid() and not st.st_mode & 0o022


@lru_cache(maxsize=None)
def _compile(title: Optional[str]) -> Lark:
    from lark import Lark      # lark is loaded with the first line that needs the grammar
    text = grammar_text(title)
    options = dict(parser="lalr", lexer="contextual", propagate_positions=False,
                   maybe_placeholders=False)
    cache = _cache_file(title, text)
    if cache is not None:
        try:
            return Lark(text, cache=cache, **options)
        except Exception:  # a stale or unreadable cache file: compile afresh
            try:
                os.remove(cache)
            except OSError:
                pass
    return Lark(text, **options)


def get_parser(title: Optional[str] = None) -> Lark:
    """The compiled parser for `title` (common grammar when the title has no file)."""
    with _lock:
        return _compile(grammar_title(title))
