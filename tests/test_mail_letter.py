"""parse_letter over hand-made real-looking mails: headers, charsets, encodings, HTML, parts, machines, limits."""
import base64
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings, strategies as st

from pbem.errors import PbemError
from pbem.mail.letter import Letter, LetterError, parse_letter

MOVE = "CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out"


def crlf(text: str) -> bytes:
    """A mail as it comes off the wire: CRLF line ends, UTF-8 where the text has non-ASCII."""
    return text.replace("\n", "\r\n").encode("utf-8")


PLAIN = crlf("""\
Return-Path: <ann@example.org>
Delivered-To: moderator@pbem.example
Message-ID: <CAF1234abcd@mail.example.org>
Date: Tue, 3 Nov 2026 10:02:33 +0100
From: "Ann Müller" <Ann.Mueller@Example.ORG>
To: 1882 club <moderator@pbem.example>
Cc: bob@example.net, Carl <CARL@example.com>
Subject: =?UTF-8?Q?Re:_club-1882_=E2=80=94_OR_2.1?=
In-Reply-To: <status-41@pbem.example>
References: <status-40@pbem.example>
 <status-41@pbem.example>
X-Pbem-Game: club-1882
MIME-Version: 1.0
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: 8bit

CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out
Ann buys a share of CPR — done, Müller
""")


def test_plain_utf8_headers_and_body():
    letter = parse_letter(PLAIN)
    assert letter.message_id == "<CAF1234abcd@mail.example.org>"
    assert letter.from_addr == "ann.mueller@example.org"
    assert letter.from_name == "Ann Müller"
    assert letter.to == ("moderator@pbem.example", "bob@example.net", "carl@example.com")
    assert letter.subject == "Re: club-1882 — OR 2.1"
    assert letter.in_reply_to == "<status-41@pbem.example>"
    assert letter.references == ("<status-40@pbem.example>", "<status-41@pbem.example>")
    assert letter.date == datetime(2026, 11, 3, 10, 2, 33, tzinfo=timezone(timedelta(hours=1)))
    assert letter.body == f"{MOVE}\nAnn buys a share of CPR — done, Müller\n"
    assert letter.body_type == "text/plain"
    assert letter.automated == ""
    assert letter.size == len(PLAIN)
    assert letter.too_big is False
    assert letter.header_fields["X-Pbem-Game"] == "club-1882"
    assert letter.header_fields["Return-Path"] == "<ann@example.org>"


def test_delivered_to_and_original_to_join_the_recipients_once():
    raw = crlf("From: ann@example.org\nTo: Game <game+club@pbem.example>\nX-Original-To: game+club@pbem.example\n"
               "Delivered-To: moderator@pbem.example\n\nAnn passes\n")
    assert parse_letter(raw).to == ("game+club@pbem.example", "moderator@pbem.example")


def test_quoted_printable_utf8():
    raw = crlf("""\
From: Bob <bob@example.net>
To: moderator@pbem.example
Subject: moves
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out, gr=C3=BC=C3=9Fe=
 from a very long line that the mail program wrapped softly
Bob pays =E2=82=AC90 for a share of CPR
""")
    letter = parse_letter(raw)
    assert letter.body == (f"{MOVE}, grüße from a very long line that the mail program wrapped softly\n"
                           "Bob pays €90 for a share of CPR\n")


def test_base64_body():
    text = "Ann buys a share of CPR\r\nCPR läuft 2-train I5-J10 for 60\r\n"
    encoded = base64.encodebytes(text.encode("utf-8")).decode("ascii")
    raw = crlf(f"From: ann@example.org\nSubject: x\nContent-Type: text/plain; charset=UTF-8\n"
               f"Content-Transfer-Encoding: base64\n\n{encoded}")
    assert parse_letter(raw).body == "Ann buys a share of CPR\nCPR läuft 2-train I5-J10 for 60\n"


def test_iso_8859_1_and_windows_1252_bytes():
    # Mail programs label Windows-1252 as ISO-8859-1: € (0x80) and curly quotes (0x93, 0x94) must come out right.
    body = "Ren\xe9 pays \x80100 for \x93CPR\x94 \x96 ok\r\n".encode("latin-1")
    for label in ("iso-8859-1", "windows-1252", "ISO-8859-1"):
        raw = (f"From: =?iso-8859-1?q?Ren=E9?= <rene@example.fr>\r\nSubject: =?windows-1252?q?=93moves=94?=\r\n"
               f"Content-Type: text/plain; charset={label}\r\nContent-Transfer-Encoding: 8bit\r\n\r\n").encode() + body
        letter = parse_letter(raw)
        assert letter.body == "René pays €100 for “CPR” – ok\n"
        assert letter.from_name == "René"
        assert letter.subject == "“moves”"


def test_quoted_printable_windows_1252():
    raw = crlf("From: rene@example.fr\nContent-Type: text/plain; charset=windows-1252\n"
               "Content-Transfer-Encoding: quoted-printable\n\nRen=E9 buys =93a share=94 for =8090\n")
    assert parse_letter(raw).body == "René buys “a share” for €90\n"


def test_8bit_header_without_encoded_words_is_decoded():
    raw = b"From: J\xc3\xb6rg <joerg@example.de>\r\nSubject: Z\xfcge\r\n\r\nJ\xf6rg passes\r\n"
    letter = parse_letter(raw)
    assert letter.from_name == "Jörg"
    assert letter.subject == "Züge"
    assert letter.body == "Jörg passes\n"


def test_unknown_charset_falls_back_to_utf8_then_windows_1252():
    utf8 = crlf("From: a@example.org\nContent-Type: text/plain; charset=x-klingon\n\nAnn zahlt 90 € für CPR\n")
    assert parse_letter(utf8).body == "Ann zahlt 90 € für CPR\n"
    latin = b"From: a@example.org\r\nContent-Type: text/plain; charset=\"rot13\"\r\n\r\nAnn z\xe4hlt\r\n"
    assert parse_letter(latin).body == "Ann zählt\n"


def test_undeclared_8bit_body_is_read_as_utf8_else_windows_1252():
    assert parse_letter(b"From: a@example.org\r\n\r\nM\xc3\xbcller passes\r\n").body == "Müller passes\n"
    assert parse_letter(b"From: a@example.org\r\n\r\nM\xfcller passes\r\n").body == "Müller passes\n"


def test_no_content_type_no_from_no_headers_at_all():
    letter = parse_letter(b"Subject: hello\n\nAnn passes\n")
    assert (letter.from_addr, letter.from_name, letter.body, letter.body_type) == ("", "", "Ann passes\n", "text/plain")
    bare = parse_letter(b"\r\nAnn passes")
    assert (bare.subject, bare.message_id, bare.date, bare.body) == ("", "", None, "Ann passes")
    empty = parse_letter(b"")
    assert (empty.body, empty.size, empty.to) == ("", 0, ())


def test_unparseable_from_and_date_give_empty_values():
    raw = crlf("From: just some words\nDate: yesterday at noon\nSubject: x\n\nAnn passes\n")
    letter = parse_letter(raw)
    assert letter.from_addr == ""
    assert letter.date is None
    assert letter.body == "Ann passes\n"


HTML_ONLY = crlf("""\
From: Carl <carl@example.com>
To: moderator@pbem.example
Subject: Re: OR 2.1
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<html><head><style>p { color: red; }</style><script>alert("x")</script></head>
<body><div dir=3D"ltr">CPR lays 57 in I5 rot 2;&nbsp;runs 2-train I5-J10 for 60; pays out<br>
Carl buys a share of CN &amp; passes</div>
<div><br></div>
<div class=3D"gmail_quote"><div dir=3D"ltr" class=3D"gmail_attr">On Mon, 2 Nov 2026 at 20:15, Moderator &lt;mod=
erator@pbem.example&gt; wrote:<br></div>
<blockquote class=3D"gmail_quote" style=3D"margin:0px"><div>It is CPR&#39;s turn.</div>
<ul><li>legal: lay a tile</li><li>pass</li></ul></blockquote></div></body></html>
""")


def test_html_only_mail_becomes_lines_with_quotes_marked():
    letter = parse_letter(HTML_ONLY)
    assert letter.body_type == "text/html"
    assert letter.body.split("\n") == [
        MOVE,
        "Carl buys a share of CN & passes",
        "",
        "On Mon, 2 Nov 2026 at 20:15, Moderator <moderator@pbem.example> wrote:",
        "> It is CPR's turn.",
        "> legal: lay a tile",
        "> pass",
    ]


def test_html_pre_keeps_its_lines_and_nested_blockquotes_nest():
    raw = crlf("From: a@example.org\nContent-Type: text/html\n\n<pre>Ann passes\n  Bob passes</pre>"
               "<blockquote>one<blockquote>two</blockquote>three</blockquote>after")
    assert parse_letter(raw).body.split("\n") == ["Ann passes", "  Bob passes", "> one", "> > two", "> three", "after"]


ALTERNATIVE = crlf("""\
From: Dora <dora@example.org>
Subject: moves
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="ALT"

--ALT
Content-Type: text/plain; charset="UTF-8"

Dora buys a share of CPR
Dora passes

--ALT
Content-Type: text/html; charset="UTF-8"

<div>HTML Dora buys a share of CPR</div>
--ALT--
""")


def test_multipart_alternative_takes_the_plain_part():
    letter = parse_letter(ALTERNATIVE)
    assert (letter.body, letter.body_type) == ("Dora buys a share of CPR\nDora passes\n", "text/plain")


def test_multipart_alternative_html_first_still_prefers_plain():
    raw = ALTERNATIVE.replace(b"text/plain", b"text/PLACEHOLDER").replace(b"text/html", b"text/plain")
    raw = raw.replace(b"text/PLACEHOLDER", b"text/html")
    letter = parse_letter(raw)
    assert (letter.body, letter.body_type) == ("<div>HTML Dora buys a share of CPR</div>", "text/plain")


MIXED = crlf("""\
From: Ed <ed@example.org>
Subject: my moves and the log
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="MIX"

--MIX
Content-Type: multipart/alternative; boundary="ALT"

--ALT
Content-Type: text/plain; charset=utf-8

Ed buys a share of CPR
--ALT
Content-Type: text/html; charset=utf-8

<p>Ed buys a share of CPR</p>
--ALT--

--MIX
Content-Type: text/plain; charset=utf-8; name="log.txt"
Content-Disposition: attachment; filename="log.txt"

Ann passes
Bob passes
--MIX
Content-Type: image/png; name="map.png"
Content-Disposition: attachment; filename="map.png"
Content-Transfer-Encoding: base64

iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==
--MIX--
""")


def test_multipart_mixed_ignores_attachments():
    letter = parse_letter(MIXED)
    assert (letter.body, letter.body_type) == ("Ed buys a share of CPR", "text/plain")


def test_only_an_attachment_means_no_text():
    raw = crlf("From: ed@example.org\nContent-Type: multipart/mixed; boundary=B\n\n--B\n"
               "Content-Type: application/pdf\nContent-Disposition: attachment; filename=a.pdf\n\nJVBERi0=\n--B--\n")
    letter = parse_letter(raw)
    assert (letter.body, letter.body_type) == ("", "")


BOUNCE = crlf("""\
Return-Path: <>
From: Mail Delivery System <MAILER-DAEMON@mx.example.net>
To: moderator@pbem.example
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
Content-Type: multipart/report; report-type=delivery-status; boundary="R"

--R
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.net.
I'm sorry to have to inform you that your message could not be delivered.
--R
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
Final-Recipient: rfc822; gone@example.net
Action: failed
Status: 5.1.1
--R--
""")


def test_bounce_is_a_delivery_report():
    letter = parse_letter(BOUNCE)
    assert letter.automated == "a delivery report (bounce)"
    assert letter.body.startswith("This is the mail system at host mx.example.net.\n")
    assert letter.header_fields["Return-Path"] == "<>"


@pytest.mark.parametrize("headers", [
    "Return-Path: <>\nFrom: someone@example.net",
    "Return-Path: <>\nReturn-Path: <>\nFrom: someone@example.net",     # one per hop: an out-of-office reply
    "Return-Path: < >\nFrom: someone@example.net",
    "From: MAILER-DAEMON@example.net",
    "From: postmaster@example.net",
    "From: Mail System <postmaster>",
])
def test_bounce_signs_each_on_their_own(headers):
    assert parse_letter(crlf(f"{headers}\nSubject: failure\n\ntext\n")).automated == "a delivery report (bounce)"


@pytest.mark.parametrize("headers, why", [
    ("Auto-Submitted: auto-replied", "Auto-Submitted: auto-replied"),
    ("Auto-Submitted: Auto-Generated; owner-email=x@y.z", "Auto-Submitted: auto-generated"),
    ("X-Autoreply: yes", "an out-of-office reply (X-Autoreply / X-Autorespond)"),
    ("X-Autorespond: Out of office", "an out-of-office reply (X-Autoreply / X-Autorespond)"),
    ("List-Id: 18xx players <18xx.groups.example>", "a mailing-list mail (List-Id)"),
    ("List-Unsubscribe: <mailto:leave@lists.example>", "a mailing-list mail (List-Unsubscribe)"),
    ("Precedence: bulk", "a mailing-list mail (Precedence: bulk)"),
    ("Precedence: list", "a mailing-list mail (Precedence: list)"),
    ("Precedence: junk", "a mailing-list mail (Precedence: junk)"),
])
def test_machine_mail_is_named(headers, why):
    raw = crlf(f"From: Ann <ann@example.org>\n{headers}\nSubject: Out of office: Re: OR 2.1\n\nI am away.\n")
    assert parse_letter(raw).automated == why


@pytest.mark.parametrize("headers", ["Auto-Submitted: no", "Precedence: first-class", "X-Mailer: Thunderbird"])
def test_a_persons_mail_is_not_automated(headers):
    raw = crlf(f"From: Ann <ann@example.org>\n{headers}\nSubject: moves\n\nAnn passes\n")
    assert parse_letter(raw).automated == ""


def test_too_big_mail_keeps_headers():
    """(How fast: benchmarks/message.py.)"""
    line = "CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out\r\n"
    raw = crlf("From: Ann <ann@example.org>\nMessage-ID: <big@example.org>\nSubject: huge\n"
               "Content-Type: text/plain; charset=utf-8\n\n") + line.encode() * (5_000_000 // len(line))
    letter = parse_letter(raw)
    assert (letter.too_big, letter.body, letter.body_type) == (True, "", "")
    assert (letter.from_addr, letter.message_id, letter.subject) == ("ann@example.org", "<big@example.org>", "huge")
    assert letter.size == len(raw) > 5_000_000


def test_max_bytes_is_the_limit():
    assert parse_letter(PLAIN, max_bytes=len(PLAIN)).too_big is False
    small = parse_letter(PLAIN, max_bytes=len(PLAIN) - 1)
    assert small.too_big and small.body == "" and small.from_addr == "ann.mueller@example.org"


def test_a_mail_given_by_its_head_is_too_big_by_its_whole_size_and_never_read_as_whole():
    head = PLAIN[:200]
    letter = parse_letter(head, max_bytes=1000, size=5000)
    assert (letter.too_big, letter.size, letter.body) == (True, 5000, "")
    assert letter.from_addr == "ann.mueller@example.org"
    cut_short = parse_letter(head, max_bytes=10_000, size=len(head) + 1)   # a head, though under the limit
    assert cut_short.too_big and cut_short.body == ""
    assert parse_letter(PLAIN, size=len(PLAIN)).too_big is False


# -- headers and parts that cost the mail package's parser time or memory beyond their size -------------
# (how long each takes now, and took before these bounds: benchmarks/hostile_mail.py)
def test_a_list_of_40000_recipients_is_read_only_up_to_its_bound():
    to = ", ".join(f"a{i}@example.org" for i in range(40_000))
    letter = parse_letter(crlf(f"From: Ann <ann@example.org>\nTo: moderator@pbem.example, {to}\nSubject: s\n\n{MOVE}\n"))
    assert letter.from_addr == "ann@example.org" and letter.body == MOVE + "\n"
    assert letter.to[:2] == ("moderator@pbem.example", "a0@example.org")
    assert 100 < len(letter.to) < 1000 and all(a.endswith("@example.org") for a in letter.to[1:])


def test_a_subject_of_60000_encoded_words_is_cut_and_read():
    letter = parse_letter(crlf("From: ann@example.org\nSubject: " + "=?utf-8?q?a?= " * 60_000 + f"\n\n{MOVE}\n"))
    assert letter.body == MOVE + "\n" and 0 < len(letter.subject) <= 8192 and set(letter.subject) <= {"a", " "}


def test_a_header_repeated_35000_times_is_read_in_its_first_values():
    tos = "".join(f"To: a{i}@example.org\n" for i in range(35_000))
    letter = parse_letter(crlf(f"From: ann@example.org\nSubject: first\n{tos}Subject: second\n\n{MOVE}\n"))
    assert letter.to == tuple(f"a{i}@example.org" for i in range(20))
    assert (letter.subject, letter.body, letter.from_addr) == ("first", MOVE + "\n", "ann@example.org")


def test_long_references_keep_the_latest_mails():
    refs = " ".join(f"<r{i}@pbem.example>" for i in range(40_000))      # 840 KB: under the size limit
    letter = parse_letter(crlf(f"From: ann@example.org\nReferences: {refs}\nSubject: s\n\n{MOVE}\n"))
    assert letter.references[-1] == "<r39999@pbem.example>" and 100 < len(letter.references) < 1000


@pytest.mark.parametrize("body", ["".join(f"--B\nContent-Type: text/plain\n\nx{i}\n" for i in range(2000)) + "--B--\n",
                                  "--B\nContent-Type: text/plain; " + "; ".join(f"p{i}=v" for i in range(60_000))
                                  + "\n\nx\n--B--\n",
                                  "--B\nContent-Type: text/plain\n\nx\n--B\nContent-Disposition: attachment; filename=\""
                                  + "=?utf-8?q?a?= " * 60_000 + "\"\n\nx\n--B--\n",
                                  "".join("--B\nContent-Type: text/plain; " + "; ".join(f"p{i}=v" for i in range(110)) + "\n\nx\n"
                                          for _ in range(900)) + "--B--\n"],
                         ids=["2,000 parts", "a part's Content-Type of 60,000 parameters", "a file name of 60,000 encoded words",
                              "900 parts of 110 parameters each"])
def test_a_mail_of_too_many_parts_or_a_huge_content_header_is_left_unread(body):
    letter = parse_letter(crlf(f"From: ann@example.org\nMessage-ID: <x@example.org>\nSubject: s\n"
                               f"Content-Type: multipart/mixed; boundary=B\n\n{body}"))
    assert (letter.body, letter.attachments, letter.too_big) == ("", (), False)
    assert (letter.from_addr, letter.message_id) == ("ann@example.org", "<x@example.org>")
    assert "MIME parts" in letter.unread or "header of" in letter.unread or "headers of" in letter.unread


def test_the_mails_own_huge_content_type_is_left_unread_and_a_huge_report_is_still_a_bounce():
    params = "; ".join(f"p{i}=v" for i in range(60_000))
    letter = parse_letter(crlf(f"From: ann@example.org\nContent-Type: text/plain; {params}\n\n{MOVE}\n"))
    assert letter.body == "" and letter.unread.startswith("a Content-Type header of ")
    bounce = parse_letter(crlf(f"From: someone@example.org\nContent-Type: multipart/report; {params}\n\nx\n"))
    assert bounce.automated == "a delivery report (bounce)"


def test_a_mail_of_a_few_parts_is_read_as_before():
    parts = "".join(f"--B\nContent-Type: text/plain\n\n{MOVE if i == 0 else 'x'}\n" for i in range(20)) + "--B--\n"
    letter = parse_letter(crlf(f"From: ann@example.org\nContent-Type: multipart/mixed; boundary=B\n\n{parts}"))
    assert letter.body.strip() == MOVE and letter.unread == ""


def test_too_big_multipart_report_is_still_known_as_a_bounce():
    assert parse_letter(BOUNCE, max_bytes=100).automated == "a delivery report (bounce)"


def test_crlf_and_lone_cr_and_control_characters():
    raw = b"From: a@example.org\r\n\r\nAnn passes\r\nBob\x00 passes\rCarl passes\r\n"
    assert parse_letter(raw).body == "Ann passes\nBob passes\nCarl passes\n"


def test_broken_base64_and_missing_boundary_do_not_raise():
    bad64 = crlf("From: a@example.org\nContent-Transfer-Encoding: base64\n\n!!!not base64 at all***\n")
    assert isinstance(parse_letter(bad64).body, str)
    no_boundary = crlf("From: a@example.org\nContent-Type: multipart/mixed\n\nAnn passes\n")
    assert parse_letter(no_boundary).body_type in ("", "text/plain")


def test_not_bytes_is_a_letter_error():
    with pytest.raises(LetterError, match="must be given as bytes, not str"):
        parse_letter("From: a@example.org\n\nhi")  # type: ignore[arg-type]
    assert issubclass(LetterError, PbemError)


def test_letter_is_frozen_and_hashable():
    letter = parse_letter(PLAIN)
    with pytest.raises(AttributeError):
        letter.body = "x"  # type: ignore[misc]
    assert hash(letter) == hash(parse_letter(PLAIN))
    with pytest.raises(TypeError):
        letter.header_fields["X-Pbem-Game"] = "other"  # type: ignore[index]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_any_bytes_give_a_letter(raw):
    letter = parse_letter(raw)
    assert isinstance(letter, Letter)
    assert letter.size == len(raw)
    assert "\r" not in letter.body
    letter.body.encode("utf-8")
    letter.subject.encode("utf-8")
    letter.from_name.encode("utf-8")


_HEADERISH = st.lists(st.sampled_from([
    b"From: ", b"To: ", b"Subject: ", b"Content-Type: ", b"multipart/mixed; boundary=", b"text/html", b"\r\n",
    b"--", b"=?utf-8?q?", b"?=", b"<", b">", b"@", b",", b'"', b"\xe9", b"\xff", b"Date: ", b"base64",
    b"Content-Transfer-Encoding: ", b"quoted-printable", b"=E9", b"<div>", b"<blockquote>", b"&amp;", b"\r\n\r\n",
    b"charset=", b"x-unknown", b";", b" ", b"Return-Path: ", b"Auto-Submitted: ", b"List-Id: ",
]), max_size=60).map(b"".join)


@settings(max_examples=300, deadline=None)
@given(_HEADERISH)
def test_header_like_garbage_gives_a_letter(raw):
    assert isinstance(parse_letter(raw), Letter)


def test_the_mail_package_imports_only_the_stdlib_its_mail_libraries_and_pbem_errors():
    """pbem.mail is a layer below the moderator: it knows nothing of games, notation or rules. Its
    libraries: imapclient, and inscriptis with lxml (HTML as text, text.py); and of pbem, the
    errors and the chat vocabulary (pbem/chat_words.py: word lists that know no game either)."""
    import ast
    import sys
    from pathlib import Path

    import pbem.mail

    for path in Path(pbem.mail.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top in ("imapclient", "inscriptis", "lxml") or name in ("pbem.errors", "pbem.chat_words") \
                    or name.startswith("pbem.mail"), (
                    f"{path.name} imports {name}")


def test_format_flowed_lines_are_joined_back():
    raw = crlf("""\
From: Ann <ann@example.org>
User-Agent: Thunderbird
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 7bit

CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out, and then 
CPR buys a 3-train from the depot
 From the pool, Ann buys a share of CN

On 03.11.26 10:02, Bob wrote:
> It is your turn, and this quoted line was long enough to be 
> wrapped by Bob's mail program.
>> older 
> newer
-- 
Ann
""")
    assert parse_letter(raw).body.split("\n") == [
        "CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out, and then CPR buys a 3-train from the depot",
        "From the pool, Ann buys a share of CN",
        "",
        "On 03.11.26 10:02, Bob wrote:",
        "> It is your turn, and this quoted line was long enough to be wrapped by Bob's mail program.",
        "> > older ",
        "> newer",
        "-- ",
        "Ann",
        "",
    ]


def test_format_flowed_delsp_removes_the_soft_space():
    raw = crlf("From: a@example.org\nContent-Type: text/plain; format=flowed; delsp=yes\n\n"
               "CPR lays 57 in I5 ro \nt 2\n")
    assert parse_letter(raw).body == "CPR lays 57 in I5 rot 2\n"


def test_without_format_flowed_trailing_spaces_do_not_join():
    raw = crlf("From: a@example.org\nContent-Type: text/plain\n\nAnn passes \nBob passes\n")
    assert parse_letter(raw).body == "Ann passes \nBob passes\n"


def test_html_list_items_are_lines_without_numbers():
    """An ordered list of moves: "1. Ann bids 20 for HB" would read 1 as an amount."""
    raw = crlf("From: a@example.org\nContent-Type: text/html\n\n<div>moves:</div><ol><li>Ann bids 20 for HB</li>"
               "<li>Ann passes</li></ol><ul><li>CPR withholds<ul><li>CN pays out</li></ul></li></ul>")
    assert parse_letter(raw).body.split("\n") == ["moves:", "Ann bids 20 for HB", "Ann passes", "CPR withholds",
                                                  "CN pays out"]


@pytest.mark.parametrize("depth", [300, 1000, 5000])
def test_html_nested_past_the_parsers_limit_loses_no_text(depth):
    """lxml stops at 255 levels (2048 with huge_tree) and drops the rest of the document; the
    converter unwraps deep elements, or past the limit falls back to the text without tags."""
    raw = crlf("From: a@example.org\nContent-Type: text/html\n\n<div>Ann passes</div>" + "<div>" * depth
               + "<blockquote>old</blockquote>" + "</div>" * depth + "<div>Bob passes</div>")
    lines = parse_letter(raw).body.split("\n")
    assert lines[0] == "Ann passes" and lines[-1] == "Bob passes"
    assert any("old" in line for line in lines)
    if depth <= 1000:
        assert "> old" in lines
