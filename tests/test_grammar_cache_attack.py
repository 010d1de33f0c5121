"""The grammar's cache file is unpickled by lark, so a file someone else could have written is
never read (pbem/notation/grammar.py `_cache_file`): here an attacker's file that would run code
when unpickled is put where the cache goes, in a folder or with a mode that lets others write."""
from __future__ import annotations

import os
import pickle

import pytest

from pbem.notation import context_for_title, grammar, parse_move
from pbem.engine.actions import Pass


class _Payload:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):          # what unpickling runs: it creates the marker file
        return (open, (self.marker, "w"))


def _plant(folder, marker) -> str:
    """A cache file at the very path the grammar of 1882 would use, holding the payload."""
    import hashlib

    title = grammar.grammar_title("1882")
    digest = hashlib.sha256(grammar.grammar_text(title).encode("utf-8")).hexdigest()[:12]
    path = os.path.join(str(folder), f"notation-{title or 'common'}-{digest}.lark-cache")
    with open(path, "wb") as f:
        f.write(b"x\n" + pickle.dumps(_Payload(str(marker))))
    return path


@pytest.fixture
def fresh(monkeypatch):
    grammar._compile.cache_clear()
    yield monkeypatch
    grammar._compile.cache_clear()


def _reads_a_move():
    ctx = context_for_title("1882", {"ann": "Ann"}, actor="ann", current="ann")
    assert parse_move("Ann passes", ctx) == Pass("ann")          # a canonical line: the grammar reads it


def test_a_cache_file_in_a_folder_others_may_write_is_never_unpickled(tmp_path, fresh):
    folder = tmp_path / "shared"
    folder.mkdir()
    marker = tmp_path / "pwned"
    fresh.setenv("PBEM_CACHE_DIR", str(folder))
    _plant(folder, marker)
    os.chmod(folder, 0o777)
    _reads_a_move()
    assert not marker.exists()


def test_a_cache_file_others_may_write_is_never_unpickled(tmp_path, fresh):
    folder = tmp_path / "mine"
    folder.mkdir(mode=0o700)
    marker = tmp_path / "pwned"
    fresh.setenv("PBEM_CACHE_DIR", str(folder))
    path = _plant(folder, marker)
    os.chmod(path, 0o666)
    _reads_a_move()
    assert not marker.exists()


def test_a_cache_file_that_is_a_link_is_never_followed(tmp_path, fresh):
    folder = tmp_path / "mine"
    folder.mkdir(mode=0o700)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    marker = tmp_path / "pwned"
    planted = _plant(elsewhere, marker)
    fresh.setenv("PBEM_CACHE_DIR", str(folder))
    os.symlink(planted, os.path.join(folder, os.path.basename(planted)))
    _reads_a_move()
    assert not marker.exists()


def test_a_private_folder_keeps_the_cache(tmp_path, fresh):
    folder = tmp_path / "mine"
    fresh.setenv("PBEM_CACHE_DIR", str(folder))
    _reads_a_move()
    (made,) = folder.iterdir()
    assert made.name.endswith(".lark-cache") and not made.stat().st_mode & 0o022
