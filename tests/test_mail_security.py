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


# ------------------------------------------------------------------------ replays (item 3)
def _game(pm) -> bytes:
    return (pm.games_dir / f"{GAME}.pbem").read_bytes()


def _move(pm, s, who, text, *, msgid=None, date=None, reply=True, **kw) -> bytes:
    from mailkit import latest

    raw = mail(ADDR[who], f"SIGNON {GAME} {who} {s[who]}\n{text}", subject=f"Re: [{GAME}] your turn",
               msgid=msgid, in_reply_to=latest(pm) if reply else "", **kw)
    if date is not None:
        from email.utils import format_datetime

        raw = _header(raw, "Date", format_datetime(date))
    return raw


def _header(raw: bytes, name: str, value: str | None) -> bytes:
    """`raw` with header `name` set to `value` (or removed), as a resending hand would."""
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = [ln for ln in head.split(b"\r\n") if not ln.lower().startswith(name.lower().encode() + b":")]
    if value is not None:
        lines.append(f"{name}: {value}".encode())
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def _round_of_passes(pm, s) -> bytes:
    """Ann, Bob and Cid pass in the auction (records 2-4): Ann is to act again and may pass again.
    Returns Ann's mail as she sent it."""
    ann = _move(pm, s, "Ann", "Ann passes")
    assert pm.handle("k-Ann", ann).folder == "Processed"
    for who in ("Bob", "Cid"):
        d = pm.handle(f"k-{who}", _move(pm, s, who, f"{who} passes"))
        assert d.folder == "Processed", d.outcome
    return ann


@pytest.mark.parametrize("resent", ["new Message-ID", "no Message-ID"])
def test_a_copy_of_an_applied_mail_resent_is_refused(world, resent):
    """A copy of Ann's earlier 'Ann passes' (a CC to the group, a mailbox thief) resent with a new
    or no Message-ID once had its move made in Ann's name again."""
    pm, s = world
    ann = _round_of_passes(pm, s)
    before = _game(pm)
    copy = _header(ann, "Message-ID", "<copy.1@client.example>" if resent == "new Message-ID" else None)
    d = pm.handle("k-copy", copy)
    assert d.folder == "Rejected" and _game(pm) == before, d.outcome
    assert [o.rcpts for o in d.outgoing] == [(ADDR["Ann"],)]          # Ann is told, nobody else
    text = text_of(d.outgoing[0].raw)
    assert "this mail answers the state at record 1; the game is at record 4" in text
    assert "reply to the latest report" in text and "Accepted" not in text


def test_the_same_mail_delivered_again_is_already_handled_and_changes_nothing(world):
    pm, s = world
    ann = _round_of_passes(pm, s)
    before = _game(pm)
    d = pm.handle("k-again", ann)
    assert _game(pm) == before
    assert "#2 Ann passes" in text_of(d.outgoing[0].raw)             # what that mail did, nothing new


def test_a_refused_mail_resent_when_it_would_be_legal_is_refused(world):
    """Ann's 'Ann passes' sent out of turn is refused; a copy resent when it is her turn again
    answers an old state."""
    pm, s = world
    pm.handle("k1", _move(pm, s, "Ann", "Ann passes"))
    early = _move(pm, s, "Ann", "Ann passes")                          # Bob is to act: refused
    assert pm.handle("k2", early).folder == "Rejected"
    for who in ("Bob", "Cid"):
        assert pm.handle(f"k-{who}", _move(pm, s, who, f"{who} passes")).folder == "Processed"
    before = _game(pm)
    d = pm.handle("k3", _header(early, "Message-ID", "<early.copy@client.example>"))
    assert d.folder == "Rejected" and _game(pm) == before
    assert "answers the state at record 2; the game is at record 4" in text_of(d.outgoing[0].raw)


def test_a_fresh_mail_answering_no_report_is_refused_with_how_to_reply(world):
    pm, s = world
    before = _game(pm)
    d = pm.handle("k1", _move(pm, s, "Ann", "Ann passes", reply=False))
    assert d.folder == "Rejected" and _game(pm) == before
    assert "reply to the latest report (record 1)" in text_of(d.outgoing[0].raw)


def test_a_reply_quoting_the_latest_report_is_accepted_without_threading_headers(world):
    """A mail program that drops In-Reply-To still quotes the report's footer."""
    pm, s = world
    d = pm.handle("k1", _move(pm, s, "Ann", "Ann passes"))
    report = next(o for o in d.outgoing if ADDR["Bob"] in o.rcpts and "report" in o.message_id)
    quoted = "\n".join("> " + ln for ln in text_of(report.raw).splitlines())
    d = pm.handle("k2", _move(pm, s, "Bob", f"Bob passes\n\nOn Monday the moderator wrote:\n{quoted}", reply=False))
    assert d.folder == "Processed", d.outcome


def test_a_reply_to_a_real_report_is_accepted(world):
    pm, s = world
    d = pm.handle("k1", _move(pm, s, "Ann", "Ann passes"))
    report = next(o for o in d.outgoing if ADDR["Bob"] in o.rcpts and "report" in o.message_id)
    raw = mail(ADDR["Bob"], f"SIGNON {GAME} Bob {s['Bob']}\nBob passes", subject=f"Re: [{GAME}] your turn",
               in_reply_to=report.message_id)
    assert pm.handle("k2", raw).folder == "Processed"


def test_the_date_of_a_seats_mails_never_goes_back_beyond_the_clock_skew(world):
    from datetime import datetime, timedelta, timezone

    pm, s = world
    now = datetime.now(timezone.utc)
    assert pm.handle("k1", _move(pm, s, "Ann", "Ann passes", date=now)).folder == "Processed"
    for who in ("Bob", "Cid"):
        assert pm.handle(f"k-{who}", _move(pm, s, who, f"{who} passes")).folder == "Processed"
    before = _game(pm)
    for i, (date, word) in enumerate([(now - timedelta(hours=1), "not after your last applied mail"),
                                      (now + timedelta(days=3), "in the future"), (None, "no readable Date")]):
        raw = _move(pm, s, "Ann", "Ann passes", date=date)
        if date is None:
            raw = _header(raw, "Date", None)
        d = pm.handle(f"k-old{i}", raw)
        assert d.folder == "Rejected" and word in text_of(d.outgoing[0].raw) and _game(pm) == before
    # a second device whose clock is five minutes behind is fine
    assert pm.handle("k2", _move(pm, s, "Ann", "Ann passes", date=now - timedelta(minutes=5))).folder == "Processed"


def test_bind_date_refuses_a_copy_by_its_date_alone(tmp_path, gm_hash):
    pm = Postmaster(MOD, tmp_path / "games", masters=[Master(GM, gm_hash)], render_images=False)
    d = pm.handle("k0", mail(GM, create_body().replace("SEED 7", "SEED 7 BIND date")))
    assert d.folder == "Processed", d.outcome
    s = {name: secret_in(o.raw, name) for o in d.outgoing for name, addr in PLAYERS
         if o.rcpts == (addr,) and "welcome" in str(parse(o.raw)["Subject"])}
    ann = _move(pm, s, "Ann", "Ann passes", reply=False)                 # no reply needed with BIND date
    assert pm.handle("k1", ann).folder == "Processed"
    for who in ("Bob", "Cid"):
        assert pm.handle(f"k-{who}", _move(pm, s, who, f"{who} passes", reply=False)).folder == "Processed"
    before = _game(pm)
    d = pm.handle("k2", _header(ann, "Message-ID", "<copy@client.example>"))
    assert d.folder == "Rejected" and _game(pm) == before
    assert "not after your last applied mail" in text_of(d.outgoing[0].raw)


# ------------------------------------------------------------------------ Message-ID reuse (item 4)
def test_another_players_message_id_does_not_make_his_mail_theirs(world):
    """Bob's mail under Ann's earlier Message-ID was told 'Accepted ... Applied: #2 Ann passes'
    and everyone got a report of it; now it is Bob's own mail."""
    pm, s = world
    ann = _move(pm, s, "Ann", "Ann passes", msgid="<ann-1@client.example>")
    assert pm.handle("k1", ann).folder == "Processed"
    d = pm.handle("k2", _move(pm, s, "Bob", "Bob passes", msgid="<ann-1@client.example>"))
    reply = text_of(next(o for o in d.outgoing if o.rcpts == (ADDR["Bob"],) and "reply" in o.message_id).raw)
    assert d.folder == "Processed" and "#3 Bob passes" in reply and "Ann passes" not in reply.split("Applied:")[1]
    from pbem.table import Table

    assert [r.notation for r in Table.open(pm.games_dir / f"{GAME}.pbem").file.effective_moves()] == \
        ["Ann passes", "Bob passes"]


def test_a_victims_mail_is_not_skipped_when_its_message_id_was_used_first(world):
    """Bob's mail took the Message-ID that Ann's real mail then carried: Ann's mail was skipped
    and she was told it was accepted, with Bob's move."""
    pm, s = world
    assert pm.handle("k1", _move(pm, s, "Ann", "Ann passes")).folder == "Processed"
    assert pm.handle("k2", _move(pm, s, "Bob", "Bob passes", msgid="<x-1@client.example>")).folder == "Processed"
    assert pm.handle("k3", _move(pm, s, "Cid", "Cid passes")).folder == "Processed"
    d = pm.handle("k4", _move(pm, s, "Ann", "Ann passes", msgid="<x-1@client.example>"))
    reply = text_of(next(o for o in d.outgoing if o.rcpts == (ADDR["Ann"],) and "reply" in o.message_id).raw)
    assert d.folder == "Processed" and "#5 Ann passes" in reply and "Bob passes" not in reply.split("Applied:")[1]
    # handled again (a crash before the ledger's commit): the same key, nothing applied twice
    before = _game(pm)
    pm.forget()
    again = pm.handle("k4", _move(pm, s, "Ann", "Ann passes", msgid="<x-1@client.example>"))
    assert _game(pm) == before and "#5 Ann passes" in text_of(again.outgoing[0].raw)


def test_the_ledger_takes_a_second_delivery_only_with_the_same_body(tmp_path):
    from pbem.moderator.ledger import Ledger

    led = Ledger(tmp_path / "ledger.sqlite")
    led.commit("k1", message_id="<m@x>", sender="ann@pbem.test", game=GAME, folder="Processed", outcome="ok",
               digest="d1")
    assert led.duplicate_of("<m@x>", "ann@pbem.test", "d1") is not None
    assert led.duplicate_of("<m@x>", "ann@pbem.test", "d2") is None          # another body: another mail
    assert led.duplicate_of("<m@x>", "bob@pbem.test", "d1") is None          # another sender: another mail


def test_a_large_mail_handed_out_by_its_head_is_known_again_when_delivered_twice():
    """A relay's trace headers change the head's length, not the body's digest; another body, or
    the same start with another length, is another mail."""
    from pbem.mail.mailbox import HEAD_BYTES
    from pbem.moderator.daemon import _identity

    raw = mail(ADDR["Ann"], "Ann passes\n" + "a long quote\n" * 100_000, msgid="<big@client.example>")

    def head(r: bytes):
        return _identity(r[:HEAD_BYTES], len(r))
    first, again = head(raw), head(b"Received: from relay.example by mx.example\r\n" * 3 + raw)
    assert first == again and first[:2] == ("<big@client.example>", ADDR["Ann"])
    assert head(raw + b"more\n")[2] != first[2] and head(raw.replace(b"Ann passes", b"Ann buys 2"))[2] != first[2]
    assert _identity(raw)[2] != first[2]                     # whole, the digest is the body's own


# ------------------------------------------------------------------------ moderator's commands
def _gm_mail(pm, body: str, *, reply=True, msgid=None) -> bytes:
    from mailkit import latest

    return mail(GM, f"SIGNON {GAME} moderator {GM_SECRET}\n{body}", subject=f"Re: [{GAME}] your turn",
                msgid=msgid, in_reply_to=latest(pm) if reply else "")


@pytest.mark.parametrize("command", ["UNDO 1", "PAUSE", "RESUME", "REPLACE Bob bob2@pbem.test"])
def test_a_copy_of_the_moderators_command_resent_is_refused(world, command):
    """A copy of the game moderator's UNDO 1 (or PAUSE, RESUME, REPLACE) resent with a new
    Message-ID was carried out again: another move annulled, the game paused again, Bob's
    secret replaced again. A command mail is bound to the game's head as a move mail is."""
    pm, s = world
    _round_of_passes(pm, s)
    if command == "RESUME":
        assert pm.handle("k-pause", _gm_mail(pm, "PAUSE")).folder == "Processed"
    first = _gm_mail(pm, command)
    d = pm.handle("k-gm", first)
    assert d.folder == "Processed", d.outcome
    if command in ("PAUSE", "RESUME"):      # the game is changed back, so a copy would do something
        back = "RESUME" if command == "PAUSE" else "PAUSE"
        assert pm.handle("k-back", _gm_mail(pm, back)).folder == "Processed"
    before, roster = _game(pm), (pm.games_dir / f"{GAME}.roster.json").read_bytes()
    d = pm.handle("k-copy", _header(first, "Message-ID", "<copy.gm@client.example>"))
    assert d.folder == "Rejected", d.outcome
    assert _game(pm) == before and (pm.games_dir / f"{GAME}.roster.json").read_bytes() == roster
    assert [o.rcpts for o in d.outgoing] == [(GM,)]
    assert "nothing annulled" in text_of(d.outgoing[0].raw) and "It may be an old mail sent again" in text_of(d.outgoing[0].raw)


def test_a_command_mail_answering_no_mail_is_refused_but_an_explicit_head_binds_it(world):
    pm, s = world
    _round_of_passes(pm, s)
    before = _game(pm)
    d = pm.handle("k-bare", _gm_mail(pm, "UNDO 1", reply=False))
    assert d.folder == "Rejected" and _game(pm) == before
    from pbem.table import Table

    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    d = pm.handle("k-head", _gm_mail(pm, f"UNDO 1 {t.file.records[-1].seq}:{t.file.head}", reply=False))
    assert d.folder == "Processed" and "Cid passes" in text_of(d.outgoing[0].raw)
