"""The moderator's judgement of real mails (bytes in, decision and mails out), without servers:
who may speak, routing, commands, moves, and every bad input with its documented outcome."""
from __future__ import annotations

import base64

import pytest

from mailkit import GAME, GM, GM_SECRET, MOD, PLAYERS, create_body, latest, mail, new_game, parse, secret_in, text_of
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.signon import hash_secret
from pbem.table import Table

ADDR = dict(PLAYERS)


@pytest.fixture(scope="module")
def gm_hash():
    return hash_secret(GM_SECRET)


@pytest.fixture
def world(tmp_path, gm_hash):
    """A postmaster with one new 3-player 1882 game; the players' secrets from their welcomes."""
    pm, secrets = new_game(tmp_path, gm_hash)
    assert set(secrets) == {"Ann", "Bob", "Cid"}
    return pm, secrets


def file_bytes(pm) -> bytes:
    return (pm.games_dir / f"{GAME}.pbem").read_bytes()


def signed(name: str, secrets, body: str) -> str:
    return f"SIGNON {GAME} {name} {secrets[name]}\n{body}"


def only(d, addr):
    got = [o for o in d.outgoing if o.rcpts == (addr,)]
    return got


# ------------------------------------------------------------------------ creating
def test_create_welcomes_every_player_with_a_secret_stored_only_as_a_hash(world):
    pm, secrets = world
    roster = (pm.games_dir / f"{GAME}.roster.json").read_text()
    for s in secrets.values():
        assert s not in roster                       # only salted hashes are kept
    assert roster.count("scrypt$") == 4              # three players and the moderator
    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    assert [p.name for p in t.file.header.players] == ["Ann", "Bob", "Cid"] and t.file.header.seed == 7


def test_create_needs_the_masters_secret_and_address(tmp_path, gm_hash):
    pm = Postmaster(MOD, tmp_path / "g", masters=[Master(GM, gm_hash)], render_images=False)
    d = pm.handle("k", mail(GM, create_body(secret="wrong")))
    assert d.folder == "Rejected" and not (tmp_path / "g" / f"{GAME}.pbem").exists()
    assert [o.rcpts for o in d.outgoing] == [(GM,)]          # told to the master's registered address
    d = pm.handle("k2", mail("mallory@evil.example", create_body()))
    assert d.folder == "Rejected" and d.outgoing == []       # unknown sender: never answered


@pytest.mark.parametrize("players, word", [
    (PLAYERS[:1], "players"), ([("Ann", "a@x.org"), ("CPR", "c@x.org")], "company"),
    ([("Ann", "a@x.org"), ("ann", "b@x.org")], "two players"), ([("Ann", "a@x.org"), ("Bob", "a@x.org")], "two players"),
])
def test_create_refuses_bad_player_lists(tmp_path, gm_hash, players, word):
    pm = Postmaster(MOD, tmp_path / "g", masters=[Master(GM, gm_hash)], render_images=False)
    d = pm.handle("k", mail(GM, create_body(players=players)))
    assert d.folder == "Rejected" and word in text_of(d.outgoing[0].raw)
    assert not (tmp_path / "g" / f"{GAME}.pbem").exists()


def test_create_refuses_an_option_the_title_does_not_have(tmp_path, gm_hash):
    pm = Postmaster(MOD, tmp_path / "g", masters=[Master(GM, gm_hash)], render_images=False)
    body = create_body().replace(" SEED 7", " SEED 7 OPTION column_market")     # a 1861 option, not 1882's
    d = pm.handle("k", mail(GM, body))
    assert d.folder == "Rejected" and "has no option 'column_market'" in text_of(d.outgoing[0].raw)
    assert list((tmp_path / "g").glob(f"{GAME}*")) == []                 # no game file, no roster


# ------------------------------------------------------------------------ moves
def test_a_real_mail_with_greeting_quote_and_signature_is_applied(world):
    pm, s = world
    body = (f"Hi all,\n\n{signed('Ann', s, '')}I buy the Hudson Bay for $20.\n\nThanks!\n-- \nAnn Smith\n"
            "Sent from my phone\n\nOn Tue, 3 Nov 2026 at 10:02, pbem moderator <moderator@pbem.test> wrote:\n"
            "> YOUR TURN: you act in the private auction.\n> Ann bids 20 for HB\n")
    d = pm.handle("k1", mail(f"Ann <{ADDR['Ann']}>", body, subject=f"[{GAME}] move", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    reply = text_of(only(d, ADDR["Ann"])[0].raw)
    assert "#2 Ann bids 20 for HB" in reply                      # record 1 is the creation note
    # each move line as written, and under it what it was read as, in the notation
    assert "Read as:\n  line 4: I buy the Hudson Bay for $20.\n    -> #2 Ann bids 20 for HB" in reply
    assert "(greeting): Hi all," in reply and "(signature)" in reply and "> Ann bids 20 for HB" in reply
    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    assert [r.notation for r in t.file.effective_moves()] == ["Ann bids 20 for HB"]
    # every player gets the report; Bob, who acts next, reads "YOUR TURN" on top
    reports = [o for o in d.outgoing if "report" in o.message_id]
    assert sorted(a for r in reports for a in r.rcpts) == sorted(ADDR.values())
    bob = next(r for r in reports if ADDR["Bob"] in r.rcpts)
    assert bob.rcpts == (ADDR["Bob"],) and text_of(bob.raw).startswith("YOUR TURN")
    others = next(r for r in reports if ADDR["Cid"] in r.rcpts)
    assert sorted(others.rcpts) == sorted([ADDR["Ann"], ADDR["Cid"]])
    assert text_of(others.raw).startswith("Next: Bob")


def test_every_outgoing_mail_is_marked_automatic_and_carries_the_witness(world):
    pm, s = world
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB"), subject=f"[{GAME}] x",
                             msgid="<m1@client.example>", in_reply_to=latest(pm)))
    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    for o in d.outgoing:
        m = parse(o.raw)
        assert m["Auto-Submitted"] in ("auto-replied", "auto-generated")
        assert GAME in str(m["Subject"]) and m["Message-ID"] == o.message_id
        assert f"head {t.file.head}" in text_of(o.raw)
        assert m["X-Pbem-Head"] == f"{t.file.records[-1].seq}:{t.file.head}" and m["X-Pbem-Game"] == GAME
    reply = parse(only(d, ADDR["Ann"])[0].raw)
    assert reply["In-Reply-To"] == "<m1@client.example>"
    report = parse(next(o for o in d.outgoing if "report" in o.message_id).raw)
    assert report["X-Pbem-Head"] == f"{t.file.records[-1].seq}:{t.file.head}"


def test_the_same_mail_handled_twice_gives_the_same_mail_and_applies_once(world):
    pm, s = world
    raw = mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB"), subject=f"[{GAME}]", in_reply_to=latest(pm))
    a = pm.handle("k1", raw)
    before = file_bytes(pm)
    pm.forget()                                 # as a restarted process
    b = pm.handle("k1", raw)
    assert file_bytes(pm) == before
    assert [o.message_id for o in a.outgoing] == [o.message_id for o in b.outgoing]


def test_a_refused_move_changes_nothing_and_lists_the_legal_moves(world):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 5 for NWR"), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    reply = text_of(d.outgoing[0].raw)
    assert "nothing applied" in reply and "Legal now:" in reply and "Ann passes" in reply
    assert d.outgoing[0].rcpts == (ADDR["Ann"],)


def test_a_refused_mail_says_what_each_line_was_read_as(world):
    pm, s = world
    before = file_bytes(pm)
    body = signed("Ann", s, "I go 20 on the Hudson Bay\nBob: 5 on the NWR\nCid passes\n")
    d = pm.handle("k1", mail(ADDR["Ann"], body, subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    reply = text_of(d.outgoing[0].raw)
    # the first line's move as read, the second's refused by the rules, the third never read
    assert "  line 2: I go 20 on the Hudson Bay\n    -> Ann bids 20 for HB\n" in reply, reply
    assert "  line 3: Bob: 5 on the NWR\n    -> Bob bids 5 for NWR   (refused: see below)\n" in reply
    assert "  line 4: Cid passes\n    -> not read: a line before it was refused\n" in reply


def test_a_player_may_not_move_for_another(world):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Bob"], signed("Bob", s, "Ann bids 20 for HB"), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    assert "may not move for Ann" in text_of(d.outgoing[0].raw)


# ------------------------------------------------------------------------ who is speaking
def test_wrong_secret_is_answered_to_the_registered_address(world):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Ann"], f"SIGNON {GAME} Ann guessed-1234\nAnn bids 20 for HB"))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    assert [o.rcpts for o in d.outgoing] == [(ADDR["Ann"],)]
    assert "guessed-1234" not in text_of(d.outgoing[0].raw)


def test_spoofed_sender_with_the_right_secret_is_refused_and_the_seat_told(world):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail("Mallory <mallory@evil.example>", signed("Ann", s, "Ann bids 20 for HB")))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    assert [o.rcpts for o in d.outgoing] == [(ADDR["Ann"],)]          # never the sender
    assert "mallory@evil.example" in text_of(d.outgoing[0].raw)


def test_a_secret_for_another_player_does_not_work(world):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Bob"], f"SIGNON {GAME} Bob {s['Ann']}\nBob passes"))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    assert [o.rcpts for o in d.outgoing] == [(ADDR["Bob"],)]
    d = pm.handle("k2", mail(ADDR["Bob"], f"SIGNON {GAME} Ann {s['Ann']}\nAnn bids 20 for HB"))
    assert d.folder == "Rejected" and file_bytes(pm) == before and [o.rcpts for o in d.outgoing] == [(ADDR["Ann"],)]


def test_moves_without_signon_are_refused(world):
    pm, _ = world
    d = pm.handle("k1", mail(ADDR["Ann"], "Ann bids 20 for HB", subject=f"[{GAME}]"))
    assert d.folder == "Rejected" and "SIGNON" in text_of(d.outgoing[0].raw)


@pytest.mark.parametrize("body,chat", [
    ("Good move on CPR, Bob! I'd have bought the 4 too.", True),     # names the game, a move word
    ("Who is running the CNR next OR?", True),
    ("Nice bid, I would never pay 150 for the Trestle Bridge", True),
    ("pass", False),                    # a move, though not the sender's turn: asked to sign on
    ("Ugh, pass this time, busy week", False),
    ("Bob: bid 150 for TB", False),
])
def test_table_talk_without_signon_is_chat_and_a_move_is_asked_for_one(world, body, chat):
    """Without a sign-on, the lines are read as the sender's (out of turn or not): table talk
    that names the game and a move word reads as no move, so it is chat, not a move to sign."""
    pm, _ = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Bob"], body, subject=f"[{GAME}]"))
    reply = text_of(d.outgoing[0].raw)
    assert d.folder == "Rejected" and file_bytes(pm) == before
    assert ("only chat" in reply and "SIGNON" not in reply) if chat else ("SIGNON" in reply), reply


def test_a_line_about_an_earlier_move_does_not_refuse_the_mails_moves(world):
    """Owning up to an earlier wrong tile beside today's move: a human moderator plays the move
    and reads the line as table talk; so does pbem, and the reply lists the line as set aside."""
    pm, s = world
    body = signed("Ann", s, "Ann bids 20 for HB\nAlso I think I put the wrong tile on G9 last turn, sorry about that.")
    d = pm.handle("k1", mail(ADDR["Ann"], body, subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    reply = text_of(only(d, ADDR["Ann"])[0].raw)
    assert "-> #2 Ann bids 20 for HB" in reply and "(not a move (chat)): Also I think I put the wrong tile" in reply


def test_chat_without_signon_is_not_asked_for_a_signon(world):
    """A player's chat-only mail ("thanks, see you next round") is no move sent without its
    sign-on: it is told that nothing needed applying, not to sign on."""
    pm, _ = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Ann"], "Thanks all, good game so far.\nSee you next round!", subject=f"[{GAME}]"))
    reply = text_of(d.outgoing[0].raw)
    assert d.folder == "Rejected" and "only chat" in reply and "SIGNON" not in reply and file_bytes(pm) == before
    assert "See you next round!" in reply                    # listed as set aside, as chat
    # a stranger who writes to the game is still never answered, chat or moves
    for i, body in enumerate(["Thanks all, good game so far.", "Ann bids 20 for HB"]):
        d = pm.handle(f"s{i}", mail("mallory@evil.example", body, subject=f"[{GAME}]"))
        assert d.folder == "Rejected" and d.outgoing == [] and file_bytes(pm) == before


# ------------------------------------------------------------------------ machines and strangers
@pytest.mark.parametrize("headers", [
    {"Auto-Submitted": "auto-replied"},
    {"List-Id": "<club.lists.example>"},
    {"Precedence": "bulk"},
])
def test_automated_mail_is_never_answered(world, headers):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB"), subject=f"[{GAME}]", in_reply_to=latest(pm),
                             headers=headers))
    assert d.folder == "Rejected" and d.outgoing == [] and file_bytes(pm) == before


def test_a_bounce_is_never_answered(world):
    pm, _ = world
    raw = (b"From: Mail Delivery System <MAILER-DAEMON@mx.example>\r\nTo: moderator@pbem.test\r\n"
           b"Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <b1@mx.example>\r\nReturn-Path: <>\r\n"
           b"Content-Type: multipart/report; report-type=delivery-status; boundary=XX\r\nMIME-Version: 1.0\r\n\r\n"
           b"--XX\r\nContent-Type: text/plain\r\n\r\nThe mail to ann could not be delivered.\r\n--XX--\r\n")
    d = pm.handle("k1", raw)
    assert d.folder == "Rejected" and d.outgoing == []


def test_mail_from_the_moderators_own_address_is_ignored(world):
    pm, _ = world
    d = pm.handle("k1", mail(MOD, "HELP", subject=f"[{GAME}]"))
    assert d.folder == "Rejected" and d.outgoing == []


def test_no_game_named_gets_help_only_if_the_sender_is_known(world):
    pm, _ = world
    d = pm.handle("k1", mail(ADDR["Cid"], "what now?", subject="hello"))
    assert d.folder == "Processed" and d.outgoing[0].rcpts == (ADDR["Cid"],)
    assert GAME in text_of(d.outgoing[0].raw) and "SIGNON" in text_of(d.outgoing[0].raw)
    d = pm.handle("k2", mail("stranger@else.example", "what now?", subject="hello"))
    assert d.folder == "Rejected" and d.outgoing == []


def test_a_tag_that_names_no_game(world):
    pm, _ = world
    d = pm.handle("k1", mail(ADDR["Cid"], "STATUS", subject="[no-such-game] status"))
    assert d.folder == "Rejected" and "no game called 'no-such-game'" in text_of(d.outgoing[0].raw)
    d = pm.handle("k2", mail("stranger@else.example", "STATUS", subject="[no-such-game] status"))
    assert d.outgoing == []


# ------------------------------------------------------------------------ routing
def test_game_by_plus_address_and_by_thread(world):
    pm, s = world
    d = pm.handle("k1", mail(ADDR["Cid"], "STATUS", to=f"moderator+{GAME}@pbem.test"))
    assert d.folder == "Processed" and d.game == GAME
    ours = d.outgoing[0].message_id
    d = pm.handle("k2", mail(ADDR["Cid"], "LEGAL", subject="Re: your mail", in_reply_to=ours))
    assert d.folder == "Processed" and d.game == GAME and "Legal now for Ann" in text_of(d.outgoing[0].raw)


# ------------------------------------------------------------------------ encodings and sizes
def _signed_body(s):
    return signed("Ann", s, "Ann bids 20 for HB")


@pytest.mark.parametrize("charset, cte", [("utf-8", "base64"), ("utf-8", "quoted-printable"),
                                          ("iso-8859-1", "quoted-printable"), ("windows-1252", "8bit")])
def test_bodies_in_any_charset_and_encoding(world, charset, cte):
    pm, s = world
    body = "Grüße, café!\n" + _signed_body(s) + "\nMerci – à bientôt\n"
    if charset == "iso-8859-1":
        body = body.replace("–", "-")
    d = pm.handle("k1", mail(ADDR["Ann"], body, subject=f"[{GAME}]", charset=charset, cte=cte, in_reply_to=latest(pm)))
    assert d.folder == "Processed", (d.outcome, [text_of(o.raw) for o in d.outgoing])


def test_html_only_mail(world):
    pm, s = world
    html = (f"<html><body><div>Hi all,</div><div>SIGNON {GAME} Ann {s['Ann']}</div>"
            "<div>Ann bids 20 for HB</div><div>Cheers,<br>Ann</div></body></html>")
    d = pm.handle("k1", mail(ADDR["Ann"], None, html=html, subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome


def test_a_five_megabyte_mail_is_refused(world):
    """(How fast: benchmarks/message.py.)"""
    pm, s = world
    before = file_bytes(pm)
    raw = mail(ADDR["Ann"], _signed_body(s) + "\n" + ("x" * 99 + "\n") * 52_000, subject=f"[{GAME}]", in_reply_to=latest(pm))
    assert len(raw) > 5_000_000
    d = pm.handle("k1", raw)
    assert d.folder == "Rejected" and "bytes" in text_of(d.outgoing[0].raw) and file_bytes(pm) == before


def test_a_mail_with_a_thousand_moves_is_refused_plainly(world):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "\n".join(["Ann passes"] * 1000)), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    assert "1000 move lines" in text_of(d.outgoing[0].raw)


def test_chat_lines_are_set_aside_and_listed(world):
    pm, s = world
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "Sorry for the delay, busy week\nAnn bids 20 for HB"),
                             subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Processed"
    assert "(not a move (chat)): Sorry for the delay" in text_of(only(d, ADDR["Ann"])[0].raw)


def test_a_line_that_could_be_a_move_is_never_dropped(world):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB\nI think I buy the flux capacitor"),
                             subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    assert "line 3" in text_of(d.outgoing[0].raw)


@pytest.mark.parametrize("body", ["Ann bids 20 for HB\nScrap that.", "Ann bids 20 for HB\nIgnore my last line",
                                  "Ann bids 20 for HB. Scrap that."])
def test_a_line_taking_a_move_back_refuses_the_mail(world, body):
    pm, s = world
    before = file_bytes(pm)
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, body), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and file_bytes(pm) == before
    t = text_of(d.outgoing[0].raw)
    assert "takes its move back" in t or "takes back the line before it" in t


# ------------------------------------------------------------------------ commands
def test_information_commands(world):
    pm, _ = world
    d = pm.handle("k1", mail(ADDR["Bob"], "STATUS\nLEGAL\nLOG 5\nHELP", subject=f"[{GAME}]"))
    t = text_of(d.outgoing[0].raw)
    assert d.folder == "Processed" and "Legal now for Ann" in t and "SIGNON" in t and "game created" in t


def test_map_command_sends_the_pictures(world):
    pm, _ = world
    pm.render_images = True
    d = pm.handle("k1", mail(ADDR["Bob"], "MAP", subject=f"[{GAME}]"))
    m = parse(d.outgoing[0].raw)
    pngs = [p for p in m.walk() if p.get_content_type() == "image/png"]
    assert len(pngs) == 2 and all(p.get_content().startswith(b"\x89PNG") for p in pngs)   # each picture once
    assert {p.get("Content-ID") for p in pngs} == {"<map.png>", "<market.png>"}
    assert m.get_content_type() == "multipart/related"         # shared by the plain text and the HTML


def _gm(body: str) -> str:
    return f"SIGNON {GAME} moderator {GM_SECRET}\n{body}"


def test_moderator_undo_pause_resume_replace(world):
    pm, s = world
    pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB"), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    d = pm.handle("k2", mail(GM, _gm("UNDO 1"), in_reply_to=latest(pm)))
    assert d.folder == "Processed" and "Ann bids 20 for HB" in text_of(d.outgoing[0].raw)
    assert Table.open(pm.games_dir / f"{GAME}.pbem").seqs == []
    pm.handle("k3", mail(GM, _gm("PAUSE"), in_reply_to=latest(pm)))
    d = pm.handle("k4", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB"), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and "paused" in text_of(d.outgoing[0].raw)
    pm.handle("k5", mail(GM, _gm("RESUME"), in_reply_to=latest(pm)))
    d = pm.handle("k6", mail(GM, _gm("REPLACE Ann ann2@pbem.test"), in_reply_to=latest(pm)))
    welcome = next(o for o in d.outgoing if o.rcpts == ("ann2@pbem.test",))
    new = secret_in(welcome.raw, "Ann")
    d = pm.handle("k7", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB"), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected"                                        # the old address and secret are gone
    d = pm.handle("k8", mail("ann2@pbem.test", f"SIGNON {GAME} Ann {new}\nAnn bids 20 for HB", subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    assert [r.notation for r in t.file.effective_moves()] == ["Ann bids 20 for HB"]
    # moves, an undo and a roster rewritten (PAUSE, REPLACE) left nothing beside the game but its roster
    # (the moderator's own per-game locks are in .locks/)
    # (the moderator's own per-game locks are in .locks/, each seat's last applied mail in .fresh/)
    assert sorted(p.name for p in pm.games_dir.iterdir()) == [".fresh", ".locks", f"{GAME}.pbem", f"{GAME}.roster.json"]
    assert (pm.games_dir / f"{GAME}.roster.json").stat().st_mode & 0o777 == 0o600


def test_the_seat_names_of_an_address_follow_its_rosters(world):
    """The names a body's signature may be (every seat of every game its sender plays) are kept
    per address, and follow a game created and a seat given to another address."""
    pm, s = world
    assert pm.seat_names_of(ADDR["Ann"]) == ("Ann", "Bob", "Cid")
    players = [("Annie", ADDR["Ann"]), ("Dee", "dee@pbem.test")]
    d = pm.handle("k1", mail(GM, create_body(game="second", players=players)))
    assert d.folder == "Processed", d.outcome
    assert set(pm.seat_names_of(ADDR["Ann"])) == {"Ann", "Bob", "Cid", "Annie", "Dee"}
    assert pm.seat_names_of("dee@pbem.test") == ("Annie", "Dee")
    d = pm.handle("k2", mail(GM, _gm("REPLACE Ann ann2@pbem.test"), in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    assert pm.seat_names_of(ADDR["Ann"]) == ("Annie", "Dee")
    assert pm.seat_names_of("ann2@pbem.test") == ("Ann", "Bob", "Cid")


def test_master_commands_need_the_moderators_signon(world):
    pm, s = world
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "UNDO 1"), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and "moderator" in text_of(d.outgoing[0].raw)


def test_garbage_never_crashes(world):
    pm, _ = world
    for raw in (b"", b"\x00\xff" * 100, b"From: \r\n\r\n", base64.b64encode(b"x" * 300),
                b"From: ann@pbem.test\r\nSubject: =?utf-8?b?!!!?=\r\nContent-Type: text/plain; charset=x-unknown\r\n\r\n\xff\xfe"):
        d = pm.handle("k", raw)
        assert d.folder in ("Processed", "Rejected")


def test_pbem_new_refuses_a_player_named_like_a_company(tmp_path):
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-m", "pbem", "new", "1882", str(tmp_path / "g.pbem"), "--players",
                        "Ann <a@x.org>", "CPR <c@x.org>", "Bob <b@x.org>"], capture_output=True, text=True)
    assert p.returncode != 0 and "may not be called 'CPR'" in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "g.pbem").exists()


def test_a_damaged_game_file_is_reported_not_crashed_on(world):
    pm, s = world
    path = pm.games_dir / f"{GAME}.pbem"
    path.write_bytes(path.read_bytes().replace(b"1882", b"1883", 1))      # an edit breaks the chain
    pm.forget()
    d = pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB"), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and "damaged" in d.outcome
    assert {o.rcpts for o in d.outgoing} == {(ADDR["Ann"],), (GM,)}          # the sender and the game's moderator
    assert "cannot be read" in text_of(only(d, ADDR["Ann"])[0].raw)
    d = pm.handle("k2", mail("stranger@else.example", "STATUS", subject=f"[{GAME}]"))
    assert d.outgoing == []


def test_moderator_undo_with_the_head_seen_refuses_when_the_game_moved_on(world):
    """UNDO with the head witness from the mail the moderator read: if a move was accepted
    meanwhile, nothing is annulled (it would have taken the wrong move)."""
    pm, s = world
    pm.handle("k1", mail(ADDR["Ann"], signed("Ann", s, "Ann bids 20 for HB"), subject=f"[{GAME}]", in_reply_to=latest(pm)))
    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    seen = f"{t.file.records[-1].seq}:{t.file.head}"
    pm.handle("k2", mail(ADDR["Bob"], signed("Bob", s, "Bob passes"), subject=f"[{GAME}]", in_reply_to=latest(pm)))   # meanwhile
    before = file_bytes(pm)
    d = pm.handle("k3", mail(GM, _gm(f"UNDO 1 {seen}")))
    assert d.folder == "Rejected" and "nothing annulled" in text_of(d.outgoing[0].raw) and file_bytes(pm) == before
    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    now = f"{t.file.records[-1].seq}:{t.file.head}"
    d = pm.handle("k4", mail(GM, _gm(f"UNDO 1 {now}")))
    assert d.folder == "Processed" and "Bob passes" in text_of(d.outgoing[0].raw)
    assert [r.notation for r in Table.open(pm.games_dir / f"{GAME}.pbem").file.effective_moves()] == \
        ["Ann bids 20 for HB"]


def test_an_1830_game_is_created_and_played_by_mail(tmp_path, gm_hash):
    """1830 by mail: CREATE with the title, the welcome, a first purchase written as players
    write it, applied and reported to everyone."""
    pm = Postmaster(MOD, tmp_path / "games", masters=[Master(GM, gm_hash)], render_images=False)
    d = pm.handle("c1", mail(GM, create_body().replace(" 1882 ", " 1830 ")))
    assert d.folder == "Processed", d.outcome
    secrets = {name: secret_in(o.raw, name) for o in d.outgoing for name, addr in PLAYERS
               if o.rcpts == (addr,) and "welcome" in str(parse(o.raw)["Subject"])}
    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    assert t.file.header.title == "1830"
    body = f"Hello,\n{signed('Ann', secrets, '')}I buy the Schuylkill Valley for $20.\n\nCheers, Ann\n"
    welcome = next(o.message_id for o in d.outgoing if o.rcpts == (ADDR["Ann"],) and "welcome" in o.message_id)
    d = pm.handle("c2", mail(f"Ann <{ADDR['Ann']}>", body, subject=f"Re: [{GAME}] welcome", in_reply_to=welcome))
    assert d.folder == "Processed", d.outcome
    t = Table.open(pm.games_dir / f"{GAME}.pbem")
    assert [r.notation for r in t.file.effective_moves()] == ["Ann bids 20 for SV"]
    assert t.game.companies["SV"].owner == "Ann"
    reports = [o for o in d.outgoing if "report" in o.message_id]
    assert sorted(a for r in reports for a in r.rcpts) == sorted(ADDR.values())
    bob = next(r for r in reports if ADDR["Bob"] in r.rcpts)
    assert text_of(bob.raw).startswith("YOUR TURN")
