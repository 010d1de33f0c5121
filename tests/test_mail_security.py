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


# ------------------------------------------------------------------------ who sent it (item 5)
def _from(value: bytes) -> str:
    from pbem.mail.letter import parse_letter

    return parse_letter(b"From: " + value + b"\r\nSubject: x\r\n\r\nAnn passes\r\n").from_addr


@pytest.mark.parametrize("value, sender", [
    # the address is the addr-spec in the angle brackets; an encoded display name is decoded only after
    (b"=?utf-8?Q?a=0Db:_ann@pbem.local;?= <mallory@evil.org>", "mallory@evil.org"),
    (b"=?utf-8?Q?ann@pbem.local_=3C?= <mallory@evil.org>", "mallory@evil.org"),
    (b"=?utf-8?B?PGFubkBwYmVtLmxvY2FsPg==?= <mallory@evil.org>", "mallory@evil.org"),      # "<ann@pbem.local>"
    (b"=?utf-8?Q?=3Cann@pbem.local=3E?=", ""),                       # an encoded word is no address
    (b'"Ann <ann@pbem.local>" <mallory@evil.org>', "mallory@evil.org"),
    (b"(ann@pbem.local) <mallory@evil.org>", "mallory@evil.org"),     # comments are not addresses
    (b"mallory@evil.org (ann@pbem.local)", "mallory@evil.org"),
    # several addresses, groups, routes, a second address after the first: no sender at all
    (b"Ann <ann@pbem.local>, Mallory <mallory@evil.org>", ""),
    (b"mallory@evil.org, ann@pbem.local", ""),
    (b"friends: ann@pbem.local;", ""),
    (b"friends: mallory@evil.org, ann@pbem.local;", ""),
    (b"Ann <mallory@evil.org> <ann@pbem.local>", ""),
    (b"Ann <mallory@evil.org> ann@pbem.local", ""),
    (b"ann@pbem.local <mallory@evil.org>", ""),
    (b"Ann <@evil.org:ann@pbem.local>", ""),
    (b"Ann <ann@pbem.local\x00>", ""),
    (b"Ann <ann@pbem.local", ""),
    # what mail programs write
    (b"Ann\r\n <Ann@PBEM.local>", "ann@pbem.local"),
    (b'"Smith, Ann" <ann@pbem.local>', "ann@pbem.local"),
    (b"ann@pbem.local (Ann Smith)", "ann@pbem.local"),
    (b"=?utf-8?Q?J=C3=B6rg?= <joerg@example.de>", "joerg@example.de"),
])
def test_the_sender_is_the_addr_spec_of_a_from_that_parses(value, sender):
    assert _from(value) == sender


def test_two_from_headers_give_no_sender():
    from pbem.mail.letter import parse_letter

    raw = b"From: mallory@evil.org\r\nFrom: ann@pbem.local\r\nSubject: x\r\n\r\nAnn passes\r\n"
    assert parse_letter(raw).from_addr == ""


def test_an_encoded_display_name_cannot_make_a_mail_anns(world):
    """Mallory, who saw Ann's secret in a CC, once moved as Ann by hiding ann@pbem.local in an
    encoded display name."""
    pm, s = world
    before = (pm.games_dir / f"{GAME}.pbem").read_bytes()
    raw = mail("x@y.z", f"SIGNON {GAME} Ann {s['Ann']}\nAnn bids 20 for HB", subject=f"[{GAME}] move")
    raw = raw.replace(b"From: x@y.z", b"From: =?utf-8?Q?a=0Db:_ann@pbem.local;?= <mallory@evil.org>")
    d = pm.handle("k1", raw)
    assert d.folder == "Rejected" and (pm.games_dir / f"{GAME}.pbem").read_bytes() == before
    assert [o.rcpts for o in d.outgoing] == [(ADDR["Ann"],)]          # the seat is told, not the sender
    assert "refused" in text_of(d.outgoing[0].raw)
