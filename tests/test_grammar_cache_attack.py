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


# ---------------------------------------------------------------- where no cache is kept

def _cache_files(folder) -> list:
    return [p for p in folder.rglob("*.lark-cache")] if folder.exists() else []


def test_an_empty_cache_setting_keeps_no_cache(tmp_path, fresh):
    """PBEM_CACHE_DIR set to "" asks for no cache: none is written, in the folder or the home's."""
    fresh.setenv("PBEM_CACHE_DIR", "")
    fresh.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert grammar._cache_file("1882", "text") is None
    _reads_a_move()
    assert _cache_files(tmp_path) == []


def test_a_cache_folder_that_cannot_be_made_keeps_no_cache(tmp_path, fresh):
    """A cache folder under a plain file cannot be made: the grammar is compiled without a cache."""
    (tmp_path / "a-file").write_text("")
    fresh.setenv("PBEM_CACHE_DIR", str(tmp_path / "a-file" / "pbem"))
    assert grammar._cache_file("1882", "text") is None
    _reads_a_move()


def test_a_cache_folder_the_user_may_not_write_keeps_no_cache(tmp_path, fresh):
    """A folder the system says the user may not write (as it says for a read-only mount) keeps no cache."""
    folder = tmp_path / "mine"
    folder.mkdir(mode=0o700)
    fresh.setenv("PBEM_CACHE_DIR", str(folder))
    real = os.access
    fresh.setattr(os, "access", lambda p, mode, **kw: False if str(p) == str(folder) else real(p, mode, **kw))
    assert grammar._cache_file("1882", "text") is None
    _reads_a_move()
    assert _cache_files(folder) == []


def test_a_cache_file_the_system_will_not_describe_is_not_used(tmp_path, fresh):
    """A cache file whose status cannot be read (permission denied) is neither read nor written."""
    folder = tmp_path / "mine"
    folder.mkdir(mode=0o700)
    fresh.setenv("PBEM_CACHE_DIR", str(folder))
    real = os.lstat

    def lstat(path, *a, **kw):
        if str(path).endswith(".lark-cache"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *a, **kw)

    fresh.setattr(os, "lstat", lstat)
    assert grammar._cache_file("1882", "text") is None
    assert grammar._ours(str(folder / "x.lark-cache"), folder=False) is False
    _reads_a_move()
    assert _cache_files(folder) == []


@pytest.mark.parametrize("half_written", [True, False])
def test_a_cache_that_fails_is_removed_and_the_grammar_compiled_afresh(tmp_path, fresh, half_written):
    """A lark that lets a cache failure through (older releases, when the file cannot be written): the file,
    if any was left, is removed and the grammar compiled without it."""
    import lark

    folder = tmp_path / "mine"
    folder.mkdir(mode=0o700)
    fresh.setenv("PBEM_CACHE_DIR", str(folder))
    real, tried = lark.Lark, []

    def failing(text, **options):
        if options.get("cache"):
            tried.append(options["cache"])
            if half_written:
                with open(options["cache"], "w") as f:
                    f.write("half written")
            raise OSError(28, "No space left on device")
        return real(text, **options)

    fresh.setattr(lark, "Lark", failing)
    _reads_a_move()
    assert len(tried) == 1 and not os.path.exists(tried[0])
