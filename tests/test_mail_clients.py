"""A game played in order by mails shaped as the mail programs players use write them (Gmail,
Outlook, Apple Mail, Thunderbird, Lotus Notes, Yahoo, phones; plain, HTML-only, quoted-printable,
base64), with the mails a moderator meets between the moves (an out-of-office reply, chat, a
line owning up to an earlier move): each is handled as a human moderator would, in order, so no
early miss stalls the game. Written for the test, in the shapes (reply headers, quoting, HTML
layout) those programs are documented to write; over the moderator's judgement and over
Dovecot + SMTP."""
from __future__ import annotations

import base64
import quopri

import pytest

from mailkit import GAME, GM_SECRET, MOD, PLAYERS, latest, new_game, parse, text_of
from pbem.moderator.signon import hash_secret
from pbem.table import Table

ADDR = dict(PLAYERS)
QUOTED_REPORT = ["YOUR TURN: you act in the private auction.", "Ann bids 20 for HB", "Bob passes",
                 "Game file at record 12, head 3f9a."]


def _raw(sender: str, headers: list[tuple[str, str]], content_type: str, body: bytes, cte: str = "8bit") -> bytes:
    """A mail's bytes as a client sends them (CRLF), headers in the client's order."""
    head = [("From", sender), ("To", MOD), *headers, ("MIME-Version", "1.0"),
            ("Content-Type", content_type), ("Content-Transfer-Encoding", cte)]
    text = "".join(f"{k}: {v}\r\n" for k, v in head)
    return text.encode("ascii") + b"\r\n" + body.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def _ids(n: int, reply_to: str) -> list[tuple[str, str]]:
    return [("Subject", f"Re: [{GAME}] your turn"), ("Date", f"Tue, 3 Nov 2026 10:{n:02d}:00 +0100"),
            ("Message-ID", f"<client-{n}@mua.example>"), ("In-Reply-To", reply_to), ("References", reply_to)]


def _quote(prefix: str = "> ") -> str:
    return "\n".join(prefix + ln for ln in QUOTED_REPORT)


def gmail(who, signon, moves, n, reply_to):
    plain = (f"Hi all,\n\n{signon}\n{moves}\n\nCheers,\n{who}\n\n"
             f"On Tue, Nov 3, 2026 at 10:02 AM pbem moderator <{MOD}> wrote:\n\n{_quote()}\n")
    html = (f'<div dir="ltr"><div>Hi all,</div><div><br></div><div>{signon}</div>'
            + "".join(f"<div>{m}</div>" for m in moves.splitlines())
            + f'<div><br></div><div>Cheers,</div><div>{who}</div></div><br><div class="gmail_quote">'
            f'<div dir="ltr" class="gmail_attr">On Tue, Nov 3, 2026 at 10:02 AM pbem moderator &lt;'
            f'<a href="mailto:{MOD}">{MOD}</a>&gt; wrote:<br></div><blockquote class="gmail_quote">'
            + "<br>".join(QUOTED_REPORT) + "</blockquote></div>")
    body = (f'--g1\r\nContent-Type: text/plain; charset="UTF-8"\r\n\r\n{plain}\r\n'
            f'--g1\r\nContent-Type: text/html; charset="UTF-8"\r\n\r\n{html}\r\n--g1--\r\n')
    return _raw(f"{who} <{ADDR[who]}>", _ids(n, reply_to), 'multipart/alternative; boundary="g1"', body.encode())


def outlook_html(who, signon, moves, n, reply_to):
    html = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head>'
            '<body lang="EN-GB"><div class="WordSection1">'
            f'<p class="MsoNormal">{signon}<o:p></o:p></p>'
            + "".join(f'<p class="MsoNormal">{m}<o:p></o:p></p>' for m in moves.splitlines())
            + '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>'
            '<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">'
            f'<p class="MsoNormal"><b>From:</b> pbem moderator &lt;{MOD}&gt; <br><b>Sent:</b> Tuesday, '
            f'November 3, 2026 10:02 AM<br><b>To:</b> {ADDR[who]}<br><b>Subject:</b> [{GAME}] your turn</p></div>'
            + "".join(f'<p class="MsoNormal">{ln}</p>' for ln in QUOTED_REPORT) + "</div></body></html>")
    return _raw(f"{who} <{ADDR[who]}>", _ids(n, reply_to), 'text/html; charset="utf-8"',
                quopri.encodestring(html.encode()), "quoted-printable")


def apple_mail(who, signon, moves, n, reply_to):
    plain = (f"{signon}\n{moves}\n\nSent from my iPhone\n\n> On 3 Nov 2026, at 10:02, pbem moderator "
             f"<{MOD}> wrote:\n> \n{_quote()}\n")
    return _raw(f"{who} <{ADDR[who]}>", _ids(n, reply_to), "text/plain; charset=us-ascii", plain.encode(), "7bit")


def thunderbird_german(who, signon, moves, n, reply_to):
    plain = f"{signon}\n{moves}\n\nGrüße\n{who}\n\nAm 03.11.26 um 10:02 schrieb pbem moderator:\n{_quote()}\n"
    return _raw(f"{who} <{ADDR[who]}>", [*_ids(n, reply_to), ("User-Agent", "Mozilla/5.0 Thunderbird/115.4")],
                "text/plain; charset=UTF-8; format=flowed", plain.encode())


def lotus_notes(who, signon, moves, n, reply_to):
    plain = (f"{signon}\n{moves}\n\n\n\nFrom:\tpbem moderator <{MOD}>\nTo:\t{ADDR[who]}\n"
             f"Date:\t03/11/2026 10:02\nSubject:\t[{GAME}] your turn\n\n\n\n" + "\n".join(QUOTED_REPORT) + "\n")
    return _raw(f"{who} <{ADDR[who]}>", _ids(n, reply_to), "text/plain; charset=ISO-8859-1",
                base64.encodebytes(plain.encode("latin-1")), "base64")


def html_table_header(who, signon, moves, n, reply_to):
    """An HTML-only reply whose client lays the reply header out in table cells."""
    html = ("<html><body>" + f"<div>{signon}</div>" + "".join(f"<div>{m}</div>" for m in moves.splitlines())
            + "<hr><table><tr><td><b>From:</b></td><td>pbem moderator &lt;" + MOD + "&gt;</td></tr>"
            "<tr><td><b>Sent:</b></td><td>Tuesday, November 3, 2026 10:02</td></tr>"
            f"<tr><td><b>To:</b></td><td>{ADDR[who]}</td></tr>"
            f"<tr><td><b>Subject:</b></td><td>[{GAME}] your turn</td></tr></table>"
            + "".join(f"<div>{ln}</div>" for ln in QUOTED_REPORT) + "</body></html>")
    return _raw(f"{who} <{ADDR[who]}>", _ids(n, reply_to), "text/html; charset=utf-8", html.encode())


def outlook_android(who, signon, moves, n, reply_to):
    plain = (f"{signon}\n{moves}\n\nGet Outlook for Android\n________________________________\n"
             f"From: pbem moderator <{MOD}>\nSent: Tuesday, November 3, 2026 10:02:00 AM\nTo: {ADDR[who]}\n"
             f"Subject: [{GAME}] your turn\n\n" + "\n".join(QUOTED_REPORT) + "\n")
    return _raw(f"{who} <{ADDR[who]}>", _ids(n, reply_to), "text/plain; charset=windows-1252",
                quopri.encodestring(plain.encode("cp1252")), "quoted-printable")


def yahoo(who, signon, moves, n, reply_to):
    plain = (f"{signon}\n{moves}\n\n\n    On Tuesday, November 3, 2026, 10:02:00 AM GMT+1, pbem moderator "
             f"<{MOD}> wrote:\n \n \n" + "\n".join(QUOTED_REPORT) + "\n")
    return _raw(f"{who} <{ADDR[who]}>", _ids(n, reply_to), "text/plain; charset=UTF-8", plain.encode())


def out_of_office(who, n):
    """A vacation reply, delivered with one Return-Path per hop and no Auto-Submitted header."""
    headers = [("Return-Path", "<>"), ("Return-Path", "<>"), ("Subject", f"Out of Office: [{GAME}] your turn"),
               ("Date", f"Tue, 3 Nov 2026 10:{n:02d}:00 +0100"), ("Message-ID", f"<ooo-{n}@mua.example>")]
    return _raw(f"{who} <{ADDR[who]}>", headers, "text/plain; charset=UTF-8",
                b"I am out of the office until Monday with limited access to mail.\n")


def chat_only(who, n):
    return _raw(f"{who} <{ADDR[who]}>", [("Subject", f"Re: [{GAME}] your turn"),
                                         ("Date", f"Tue, 3 Nov 2026 10:{n:02d}:00 +0100"),
                                         ("Message-ID", f"<chat-{n}@mua.example>")],
                "text/plain; charset=UTF-8", b"Thanks all, I'll be a bit slow this week.\nSee you next round!\n")


#: (who, client, the moves as written, the lines a moderator would read as chat); None for a mail
#: that moves nothing: (kind, who)
GAME_BY_MAIL = [
    ("Ann", gmail, "I buy the Hudson Bay for $20.", ()),
    (None, out_of_office, None, "Bob"),
    ("Bob", outlook_html, "Bob bids 150 on the Trestle Bridge", ()),
    ("Cid", apple_mail, "buy Saskatchewan Central for 50", ()),
    ("Ann", thunderbird_german, "pass", ()),
    (None, chat_only, None, "Bob"),
    ("Bob", lotus_notes, "pass", ()),
    ("Cid", html_table_header, "Cid bids 80 for NWR", ()),
    ("Ann", gmail, "Ann buys Canadian Pacific for 180\nAnn pars CPR at 76\n"
                   "Also I think I put in my earlier pass too quickly, sorry about that.", ("earlier pass",)),
    ("Bob", outlook_android, "Bob pars GT at 67", ()),
    ("Cid", yahoo, "Cid pars CNR at 67", ()),
    ("Ann", apple_mail, "Ann buys a share of CPR", ()),
]
#: the same moves written plainly, played at the table: what the game by mail must reach
PLAIN = [("Ann", "Ann buys the Hudson Bay for $20"), ("Bob", "Bob bids 150 on the Trestle Bridge"),
         ("Cid", "buy Saskatchewan Central for 50"), ("Ann", "pass"), ("Bob", "pass"), ("Cid", "Cid bids 80 for NWR"),
         ("Ann", "Ann buys Canadian Pacific for 180\nAnn pars CPR at 76"), ("Bob", "Bob pars GT at 67"),
         ("Cid", "Cid pars CNR at 67"), ("Ann", "Ann buys a share of CPR")]


def _mails(secrets, reply_to):
    """Each mail of GAME_BY_MAIL as bytes (reply_to(): what the player's client answers)."""
    for n, (who, client, moves, chat) in enumerate(GAME_BY_MAIL, 1):
        if who is None:
            yield n, chat, client(chat, n), None
        else:
            signon = f"SIGNON {GAME} {who} {secrets[who]}"
            yield n, who, client(who, signon, moves, n, reply_to()), chat


def _expected_moves(tmp_path) -> list[str]:
    pm, _ = new_game(tmp_path / "plain", hash_secret(GM_SECRET))
    table = Table.open(pm.games_dir / f"{GAME}.pbem")
    for who, text in PLAIN:
        out = table.submit(text, who)
        assert out.ok, (text, out)
    return [r.notation for r in Table.open(pm.games_dir / f"{GAME}.pbem").file.effective_moves()]


def test_a_game_by_mails_of_many_mail_programs_is_played_in_order(tmp_path):
    pm, secrets = new_game(tmp_path, hash_secret(GM_SECRET))
    path = pm.games_dir / f"{GAME}.pbem"
    for n, who, raw, chat in _mails(secrets, lambda: latest(pm)):
        before = path.read_bytes()
        d = pm.handle(f"k{n}", raw)
        if chat is None:          # a machine's reply or chat: no move, the game file untouched
            assert d.folder == "Rejected" and path.read_bytes() == before, (n, d.outcome)
            if "ooo" in parse(raw)["Message-ID"]:
                assert d.outgoing == [], "an out-of-office reply is never answered"
            else:
                reply = text_of(d.outgoing[0].raw)
                assert "only chat" in reply and "SIGNON" not in reply
            continue
        assert d.folder == "Processed", (n, who, d.outcome)
        reply = text_of(next(o for o in d.outgoing if o.rcpts == (ADDR[who],)).raw)
        assert "Read as:" in reply and "YOUR TURN" not in reply.split("Read as:")[1].split("\n\n")[0]
        for words in chat:        # the line owning up to an earlier move: set aside, listed as chat
            assert any(words in ln and "not a move" in ln for ln in reply.splitlines()), reply
    assert [r.notation for r in Table.open(path).file.effective_moves()] == _expected_moves(tmp_path)


@pytest.mark.parametrize("client", [gmail, outlook_html, apple_mail, thunderbird_german, lotus_notes,
                                    html_table_header, outlook_android, yahoo])
def test_no_line_of_a_quoted_report_is_read(client, tmp_path):
    """Each client's reply holding only its sign-on and no move of its own: the quoted report
    (which holds moves) is never read as the writer's moves."""
    pm, secrets = new_game(tmp_path, hash_secret(GM_SECRET))
    path = pm.games_dir / f"{GAME}.pbem"
    before = path.read_bytes()
    d = pm.handle("k1", client("Ann", f"SIGNON {GAME} Ann {secrets['Ann']}", "Thanks!", 1, latest(pm)))
    assert d.folder == "Rejected" and path.read_bytes() == before, d.outcome
    assert "Bob passes" not in text_of(d.outgoing[0].raw).split("set aside")[0]


def test_the_same_game_over_dovecot_and_smtp(mail_stack, mail, tmp_path):
    """The same mails, in order, through a real SMTP server into Dovecot and the moderator's IMAP
    claim (the out-of-office reply sent with the null sender, as vacation programs send it)."""
    from test_mail_servers import create_game, moderator

    stack = mail_stack
    mod = moderator(stack, tmp_path, hash_secret(GM_SECRET), images=False)
    secrets = create_game(stack, mod.run_once)
    now = {"who": "Ann"}

    def reply_to() -> str:
        return str(parse(stack.messages(ADDR[now["who"]])[-1])["Message-ID"])

    for n, (who, client, moves, chat) in enumerate(GAME_BY_MAIL, 1):
        now["who"] = who or chat
        if who is None:
            raw = client(chat, n)
        else:
            raw = client(who, f"SIGNON {GAME} {who} {secrets[who]}", moves, n, reply_to())
        before = len(stack.messages(ADDR[now["who"]]))
        stack.send(raw, "" if client is out_of_office else ADDR[now["who"]], MOD)
        mod.run_once()
        answers = [parse(m) for m in stack.messages(ADDR[now["who"]])[before:]
                   if parse(m)["In-Reply-To"] == parse(raw)["Message-ID"]]
        if client is out_of_office:
            assert answers == [], "an out-of-office reply is never answered"
        else:
            assert len(answers) == 1 and ("accepted" in str(answers[0]["Subject"])) == (who is not None), \
                (n, str(answers[0]["Subject"]) if answers else None)
    assert stack.messages(MOD, "INBOX") == [] and len(stack.messages(MOD, "Rejected")) == 2
    assert [r.notation for r in Table.open(tmp_path / "games" / f"{GAME}.pbem").file.effective_moves()] \
        == _expected_moves(tmp_path)


def test_talk_beside_a_move_is_chat_and_a_chat_mail_is_not_asked_to_sign_on(tmp_path):
    """The own words of real reply mails (written here in their shapes): talk that borrows a
    move word ("running a test?", "you can run:") beside a move is set aside as chat and the
    move applied; the same talk mailed alone without a sign-on is chat, not "moves without
    SIGNON"; a line too long to read is set aside unread, not a refusal of the mail."""
    pm, secrets = new_game(tmp_path, hash_secret(GM_SECRET))
    path = pm.games_dir / f"{GAME}.pbem"
    talk = "Hi folks\n\nWhat is the best way to clear a bucket after\nrunning a test?\nOn your remote host you can run:"
    before = path.read_bytes()
    d = pm.handle("k1", _raw(f"Ann <{ADDR['Ann']}>", _ids(1, latest(pm)), "text/plain; charset=utf-8", talk.encode()))
    reply = text_of(d.outgoing[0].raw)
    assert d.folder == "Rejected" and path.read_bytes() == before and "only chat" in reply and "SIGNON" not in reply
    body = f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn bids 20 for HB\n{talk}\n" + "A" + ">" * 3000 + "\nthanks\n"
    d = pm.handle("k2", _raw(f"Ann <{ADDR['Ann']}>", _ids(2, latest(pm)), "text/plain; charset=utf-8", body.encode()))
    assert d.folder == "Processed", d.outcome
    assert [r.notation for r in Table.open(path).file.effective_moves()] == ["Ann bids 20 for HB"]
    reply = text_of(next(o for o in d.outgoing if o.rcpts == (ADDR["Ann"],)).raw)
    assert "running a test?" in reply and "too long to read: 3,001 characters" in reply, reply
