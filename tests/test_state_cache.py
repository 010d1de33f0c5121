"""The state cache (pbem/replay/state_cache.py): a state thawed from it is the state the file's
replay gives, and a cache entry an attacker could make or leave (forged, made with another key,
stale, of another game, corrupt, hostile, of other code, a planted link) is never used: the
command replays and answers right, and nothing in the entry is ever run."""
from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import types
from pathlib import Path

import pytest

from pbem.engine.snapshot import freeze, freeze_value
from pbem.gamefile import GameFile
from pbem.gamefile.key import load_key
from pbem.replay import state_cache
from pbem.replay.gamefile import replay_file
from pbem.replay.state_cache import MAGIC, StateCache
from pbem.table import Table
from recordkit import cut_as_game

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT.parent / "shared" / "fixtures" / "18xx.games"


@pytest.fixture(scope="module")
def game_file(tmp_path_factory) -> Path:
    """1882 record 10526 up to its second operating round, as a sealed game file."""
    return cut_as_game(FIX / "1882" / "10526.json", 120, tmp_path_factory.mktemp("game"))


@pytest.fixture
def cache(tmp_path) -> StateCache:
    return StateCache(tmp_path / "states", load_key(create=True))


def same_graph(a, b, seen: set | None = None, path: str = "state") -> None:
    """Two object graphs are alike: the same types, the same values, every attribute alike
    (sets compared as sets: their order after a thaw may differ from the order they grew in)."""
    seen = set() if seen is None else seen
    if a is b or (id(a), id(b)) in seen:
        return
    seen.add((id(a), id(b)))
    assert type(a) is type(b), f"{path}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, (set, frozenset)):
        assert a == b, path
    elif isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            same_graph(a[k], b[k], seen, f"{path}[{k!r}]")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            same_graph(x, y, seen, f"{path}[{i}]")
    elif isinstance(a, types.MethodType):
        assert a.__func__ is b.__func__, path
        same_graph(a.__self__, b.__self__, seen, path)
    elif type(a).__module__.startswith("pbem.") and not isinstance(a, (type, types.FunctionType)):
        same_graph(_fields(a), _fields(b), seen, path)
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def _fields(obj) -> dict:
    """An object's attributes, from its __dict__ and its classes' __slots__."""
    out = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                out[name] = getattr(obj, name)
    return out


def same_state(a, b) -> None:
    """Two pbem.Games hold the same state and history."""
    same_graph(a.state, b.state)
    assert a.moves == b.moves
    assert a.legal_notation() == b.legal_notation()


def test_a_thawed_state_is_the_replayed_state_and_goes_on_the_same(game_file, cache):
    gf = GameFile.open(game_file, moderator=True)
    replayed, seqs = replay_file(gf)
    assert cache.load(gf) is None                       # nothing kept yet
    cache.replay(gf)                                     # replays and keeps
    thawed, cached_seqs = cache.load(gf)
    assert cached_seqs == seqs and len(thawed.moves) == len(seqs) > 50
    same_state(thawed, replayed)
    for g in (thawed, replayed):                         # and the next move, and a move taken back
        g.push(g.legal_moves()[0])
    same_state(thawed, replayed)
    thawed.pop(), replayed.pop()
    same_state(thawed, replayed)


def test_every_title_thaws_to_its_replay(tmp_path, cache):
    for record, last in ((FIX / "1861" / "29683.json", 400), (FIX / "1830" / os.listdir(FIX / "1830")[0], 300)):
        folder = tmp_path / record.parent.name
        folder.mkdir()
        gf = GameFile.open(cut_as_game(record, last, folder), moderator=True)
        replayed, _ = replay_file(gf)
        cache.save(gf, replayed)
        same_state(cache.load(gf)[0], replayed)


def entry(cache: StateCache, gf: GameFile) -> Path:
    return cache.folder / f"{gf.head}.state"


def kept(game_file: Path, cache: StateCache) -> tuple[GameFile, bytes]:
    gf = GameFile.open(game_file, moderator=True)
    cache.replay(gf)
    return gf, entry(cache, gf).read_bytes()


def assert_ignored(cache: StateCache, gf: GameFile) -> None:
    """The entry is not used, and a table opened with the cache holds the replayed state."""
    assert cache.load(gf) is None
    t = Table.open(gf.path, cache=cache)
    same_state(t.play, replay_file(gf)[0])


class _Run:
    """A pickle that runs a command when it is unpickled."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def forged_body(gf: GameFile, state_bytes: bytes, moves_bytes: bytes) -> bytes:
    made = {"code": state_cache.code_fingerprint(), "head": gf.head, "records": len(gf.records),
            "moves": len(gf.effective_moves()), "state_bytes": len(state_bytes)}
    return json.dumps(made).encode() + b"\n" + state_bytes + moves_bytes


def test_a_forged_state_is_never_used(game_file, cache):
    """A player's own state for the file (more cash for them), with every field right but the
    MAC: without the moderator's key there is no MAC to give it."""
    gf, _ = kept(game_file, cache)
    game = replay_file(gf)[0]
    rich = game.state
    next(iter(rich.players.values())).cash += 10_000
    body = forged_body(gf, freeze(rich), freeze_value(list(game.moves), rich.title))
    for mac in (b"0" * 64, cache._mac(body).encode()[::-1], b"x"):
        entry(cache, gf).write_bytes(MAGIC + mac + body)
        assert_ignored(cache, gf)
    other = StateCache(cache.folder, b"another moderator's key, 32 by.")       # a MAC, with the wrong key
    entry(cache, gf).write_bytes(MAGIC + other._mac(body).encode() + body)
    assert_ignored(cache, gf)


def test_a_forged_entry_is_never_unpickled(game_file, cache, tmp_path):
    gf, _ = kept(game_file, cache)
    marker = tmp_path / "ran"
    evil = pickle.dumps(_Run(marker))
    body = forged_body(gf, evil, evil)
    for mac in (b"0" * 64, b"x"):
        entry(cache, gf).write_bytes(MAGIC + mac + body)
        assert_ignored(cache, gf)
    assert not marker.exists()


def test_an_authentic_entry_naming_a_class_outside_the_engine_is_refused_unrun(game_file, cache, tmp_path):
    """Even an entry made with the key (a writer gone wrong) thaws only the engine's classes."""
    gf, _ = kept(game_file, cache)
    marker = tmp_path / "ran"
    state = freeze(replay_file(gf)[0].state)
    evil = pickle.dumps(_Run(marker), protocol=5)[2:]        # (the snapshot preamble carries the protocol)
    for state_bytes, moves_bytes in ((evil, freeze_value([], replay_file(gf)[0].state.title)), (state, evil)):
        body = forged_body(gf, state_bytes, moves_bytes)
        entry(cache, gf).write_bytes(MAGIC + cache._mac(body).encode() + body)
        assert_ignored(cache, gf)
    assert not marker.exists()


def test_a_corrupt_or_cut_entry_is_ignored(game_file, cache):
    gf, good = kept(game_file, cache)
    for bad in (good[:len(good) // 2], good[:-1], good[:100] + bytes([good[100] ^ 1]) + good[101:],
                good[:-50] + bytes(50), b"", b"\x00" * 1000, MAGIC):
        entry(cache, gf).write_bytes(bad)
        assert_ignored(cache, gf)


def test_the_entry_of_another_state_under_this_head_is_ignored(game_file, cache, tmp_path):
    """A stale entry (the file had fewer moves then) renamed to the head of the file now."""
    gf, _ = kept(game_file, cache)
    earlier = cut_as_game(FIX / "1882" / "10526.json", 60, tmp_path)
    old, old_entry = kept(earlier, cache)
    assert old.head != gf.head
    entry(cache, gf).write_bytes(old_entry)
    assert_ignored(cache, gf)


def test_an_entry_of_other_code_is_ignored(game_file, cache, monkeypatch):
    gf, good = kept(game_file, cache)
    monkeypatch.setattr(state_cache, "_CODE", ["another version of pbem"])
    assert_ignored(cache, gf)


def test_a_file_changed_after_its_state_was_kept_is_replayed(game_file, cache, tmp_path):
    """A move annulled after the state was kept: the head moved on, so the kept state is not used."""
    copy = tmp_path / "g.pbem"
    copy.write_bytes(game_file.read_bytes())
    before = Table.open(copy, cache=cache)
    n = len(before.play.moves)
    before.undo(1, who="moderator", reason="test")
    t = Table.open(copy, cache=cache)
    assert len(t.play.moves) == n - 1
    same_state(t.play, replay_file(GameFile.open(copy))[0])


def test_a_hand_edited_file_is_refused_before_any_cache_is_read(game_file, cache, tmp_path):
    copy = tmp_path / "g.pbem"
    text = game_file.read_bytes()
    copy.write_bytes(text)
    Table.open(copy, cache=cache)
    copy.write_bytes(text.replace(b"passes", b"passed", 1))
    with pytest.raises(Exception) as e:
        Table.open(copy, cache=cache)
    assert "hash mismatch" in str(e.value)


def test_a_link_planted_at_an_entry_is_neither_read_nor_written_through(game_file, cache, tmp_path):
    gf, good = kept(game_file, cache)
    victim = tmp_path / "victim"
    victim.write_bytes(good)                    # (a good entry: read through the link it would be used)
    entry(cache, gf).unlink()
    entry(cache, gf).symlink_to(victim)
    assert cache.load(gf) is None
    cache.save(gf, replay_file(gf)[0])
    assert not entry(cache, gf).is_symlink() and victim.read_bytes() == good


def test_the_cache_is_private_and_needs_the_moderators_key(game_file, cache, tmp_path, monkeypatch):
    kept(game_file, cache)
    assert (cache.folder.stat().st_mode & 0o777) == 0o700
    assert all((p.stat().st_mode & 0o777) == 0o600 for p in cache.folder.iterdir())
    assert StateCache.default() is not None
    monkeypatch.setenv("PBEM_KEY_FILE", str(tmp_path / "no-key" / "key"))
    assert StateCache.default() is None                          # no key: no cache
    monkeypatch.setenv("PBEM_STATE_CACHE", "off")
    assert StateCache.default(key=b"k" * 32) is None             # turned off


def test_status_and_move_answer_the_same_with_and_without_the_cache(game_file, tmp_path):
    def pbem(*args, cache_dir):
        env = dict(os.environ, PBEM_STATE_CACHE=str(cache_dir))
        p = subprocess.run([sys.executable, "-m", "pbem", *args], capture_output=True, text=True, cwd=ROOT, env=env)
        assert p.returncode == 0, p.stderr
        return p.stdout

    move = replay_file(GameFile.open(game_file))[0].legal_notation()[0]
    seen = []
    for name, cache_dir in (("cached", tmp_path / "states"), ("plain", "off")):
        g = tmp_path / f"{name}.pbem"
        g.write_bytes(game_file.read_bytes())
        first = pbem("status", str(g), cache_dir=cache_dir)          # (cached: replayed, then kept)
        again = pbem("status", str(g), cache_dir=cache_dir) if name == "cached" else first
        moved = pbem("move", str(g), move, cache_dir=cache_dir)
        after = pbem("status", str(g), cache_dir=cache_dir)
        assert again == first
        seen.append([out.replace(name, "G") for out in (first, moved, after)])
    assert len(list((tmp_path / "states").iterdir())) == 2       # the state before the move and after it
    assert seen[0] == seen[1]


def test_the_cache_keeps_the_states_used_last_and_no_stale_temporary_file(cache, monkeypatch):
    monkeypatch.setattr(state_cache, "MAX_ENTRIES", 3)
    cache.folder.mkdir(parents=True)
    for i in range(5):
        p = cache.folder / f"{i:032x}.state"
        p.write_bytes(b"x")
        os.utime(p, ns=(10 ** 18 + i, 10 ** 18 + i))
    stale, fresh = cache.folder / ".a.state.1.00000000.tmp", cache.folder / ".b.state.2.00000000.tmp"
    stale.write_bytes(b"x")
    os.utime(stale, ns=(10 ** 9, 10 ** 9))
    fresh.write_bytes(b"x")                       # (a writer at work now)
    cache._trim()
    assert sorted(p.name for p in cache.folder.iterdir()) == [fresh.name] + [f"{i:032x}.state" for i in (2, 3, 4)]
