"""Attacks on a game by mail (issue 22), each shown failing: hostile From headers, game names that
would lead out of the games folder, replayed mails and reused Message-IDs."""
from __future__ import annotations

import os

import pytest

from mailkit import GAME, GM, GM_SECRET, MOD, PLAYERS, create_body, mail, parse, secret_in, text_of
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.roster import game_name
from pbem.moderator.signon import hash_secret

ADDR = dict(PLAYERS)


@pytest.fixture(scope="module")
def gm_hash():
    return hash_secret(GM_SECRET)


def _created(games, gm_hash):
    pm = Postmaster(MOD, games, masters=[Master(GM, gm_hash)], render_images=False)
    d = pm.handle("k0", mail(GM, create_body()))
    assert d.folder == "Processed", d.outcome
    secrets = {name: secret_in(o.raw, name) for o in d.outgoing for name, addr in PLAYERS
               if o.rcpts == (addr,) and "welcome" in str(parse(o.raw)["Subject"])}
    return pm, secrets


@pytest.fixture
def world(tmp_path, gm_hash):
    return _created(tmp_path / "games", gm_hash)


def _files(root) -> set[str]:
    return {os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs}


# ------------------------------------------------------------------------ game names (item 6)
@pytest.mark.parametrize("text", [
    "..", ".", "...", "../club-1882", "a/b", "a\\b", "/etc", "club\x00", "club\n", "club 1882", "",
    "x" * 65, "ｃｌｕｂ", "club\u212a", "-club", ".club", "club/", "\x7fclub",
])
def test_a_game_name_that_is_not_one_is_refused_by_the_one_check(text):
    assert game_name(text) is None


@pytest.mark.parametrize("text", ["club-1882", "CLUB-1882", "a", "a.b_c-d", "9" * 64, "a..b"])
def test_a_game_name_is_lower_cased(text):
    assert game_name(text) == text.lower()


def test_a_plus_address_leading_out_of_the_games_folder_is_refused(tmp_path, gm_hash):
    """moderator+../../other/games/club-1882@... once answered LOG for a game outside the
    games folder and made a lock file outside it."""
    _created(tmp_path / "other" / "games", gm_hash)               # a game the moderator does not serve
    (tmp_path / "mine" / "other" / "games").mkdir(parents=True)    # where the lock file would have gone
    pm, _ = _created(tmp_path / "mine" / "games", gm_hash)
    before = _files(tmp_path)
    for to in ("moderator+../../other/games/club-1882@pbem.test", "moderator+..@pbem.test",
               "moderator+club-1882/..@pbem.test", "moderator+%2e%2e@pbem.test"):
        d = pm.handle("k1", mail(ADDR["Ann"], "LOG", to=to))
        assert d.folder == "Rejected", (to, d.outcome)
        assert all("records of" not in text_of(o.raw) for o in d.outgoing), to
        assert all("not a game name" in text_of(o.raw) for o in d.outgoing), to
    assert _files(tmp_path) == before                              # no lock file, nothing written anywhere


def test_every_file_of_a_game_stays_in_the_games_folder(world):
    pm, _ = world
    for bad in ("../x", "..", "a/b", "x\x00"):
        for f in (pm.game_path, pm.roster_path):
            with pytest.raises(ValueError):
                f(bad)
        with pytest.raises(ValueError):
            with pm.game_lock(bad):
                pass
    assert pm.game_path("Club-1882").parent == pm.games_dir.resolve()
