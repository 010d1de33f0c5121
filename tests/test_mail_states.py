"""A moderator started again thaws each game's state from the states it kept on disk when it
stopped (`Postmaster(states=...)`, `keep_states`: the state cache of docs/game-file.md, in the
moderator's state folder) instead of replaying the game's file; a game it finds no sound state
for is replayed and its state kept at the next stop. The state thawed is the file's own."""
from __future__ import annotations

from mailkit import GAME, GM_SECRET, MOD, PLAYERS, latest, mail, new_game
from pbem.moderator.signon import hash_secret

ADDR = dict(PLAYERS)


def signed(pm, name: str, secrets: dict, body: str) -> bytes:
    """A move mail of `name`'s in a reply to the latest mail of the moderator `pm`."""
    return mail(f"{name} <{ADDR[name]}>", f"SIGNON {GAME} {name} {secrets[name]}\n{body}\n",
                subject=f"[{GAME}] move", in_reply_to=latest(pm))


def test_a_moderator_started_again_thaws_the_states_it_kept(tmp_path, monkeypatch):
    import pbem.table.core as core
    from pbem.gamefile.key import load_key
    from pbem.moderator.postmaster import Postmaster
    from pbem.replay.state_cache import StateCache
    from pbem.table import Table

    states = StateCache(tmp_path / "states", load_key(create=True))
    pm, secrets = new_game(tmp_path, hash_secret(GM_SECRET), states=states)
    d = pm.handle("k1", signed(pm, "Ann", secrets, "Ann bids 20 for HB"))
    assert d.folder == "Processed", d.outcome
    assert pm.keep_states() == 1 and pm.keep_states() == 0      # kept once, when asked

    replayed = []
    real = core.replay_file
    monkeypatch.setattr(core, "replay_file", lambda *a, **k: replayed.append(1) or real(*a, **k))
    again = Postmaster(MOD, tmp_path / "games", render_images=False, states=states)
    table = again.table(GAME)
    assert table.thawed and not replayed
    fresh = Table.open(tmp_path / "games" / f"{GAME}.pbem")
    assert [str(a) for a in table.play.moves] == [str(a) for a in fresh.play.moves]
    assert table.game.board.snapshot() == fresh.game.board.snapshot()
    assert {p: table.game.player_value(p) for p in table.game.players} == \
        {p: fresh.game.player_value(p) for p in fresh.game.players}
    d = again.handle("k2", signed(again, "Bob", secrets, "Bob passes"))
    assert d.folder == "Processed", d.outcome
    assert again.keep_states() == 1                              # its state moved on

    # a moderator that finds no sound state replays the file, and keeps its state when it stops
    other = StateCache(tmp_path / "elsewhere", load_key())
    third = Postmaster(MOD, tmp_path / "games", render_images=False, states=other)
    assert not third.table(GAME).thawed and replayed
    assert not list((tmp_path / "elsewhere").glob("*.state"))   # not while judging mail
    assert third.keep_states() == 1 and len(list((tmp_path / "elsewhere").glob("*.state"))) == 1

    # a game shorter than the cache's least moves is neither kept nor thawed: it replays faster
    short = StateCache(tmp_path / "short", load_key(), least_moves=3)
    fourth = Postmaster(MOD, tmp_path / "games", render_images=False, states=short)
    assert not fourth.table(GAME).thawed                          # 2 moves in force
    assert fourth.keep_states() == 1 and not list((tmp_path / "short").glob("*.state"))
