"""split_body: which lines of a mail are read as moves, which are set aside and why (quotes, reply headers,
signatures, greetings, sign-offs, SIGNOFF), in the layouts real mail programs produce."""

import pytest
from hypothesis import given, settings, strategies as st

from pbem.mail.body import Body, BodyTooLong, split_body
from pbem.mail.letter import LetterError, parse_letter

MOVE = "CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out"


def kept(body: Body) -> list[tuple[int, str]]:
    """The kept lines as (number, text)."""
    return [(line.number, line.text) for line in body.lines]


def aside(body: Body) -> list[tuple[int, str, str]]:
    """The set-aside lines as (number, text, why)."""
    return [(s.number, s.text, s.why) for s in body.set_aside]


def mail_body(raw: str) -> Body:
    """A whole mail (headers and body, LF line ends) read by parse_letter and split."""
    return split_body(parse_letter(raw.replace("\n", "\r\n").encode("utf-8")).body)


def test_plain_moves_are_kept_with_their_line_numbers_blank_lines_dropped():
    body = split_body(f"{MOVE}\n\nAnn buys a share of CPR   \n\n\nBob passes\n")
    assert kept(body) == [(1, MOVE), (3, "Ann buys a share of CPR"), (6, "Bob passes")]
    assert aside(body) == []
    assert body.stopped_at is None


def test_gmail_top_posted_reply_keeps_the_moves_above_the_quote():
    body = mail_body(f"""\
From: Ann <ann@example.org>
Subject: Re: OR 2.1
Content-Type: text/plain; charset=UTF-8

Hi all,

{MOVE}
Ann buys a share of CPR

Thanks,
Ann

On Tue, 3 Nov 2026 at 10:02, Bob Smith <bob@example.org> wrote:
> It is CPR's turn in OR 2.1.
> Legal: lay a tile, place a token, run trains.
>
> --
> pbem moderator
""")
    assert kept(body) == [(3, MOVE), (4, "Ann buys a share of CPR")]
    assert aside(body) == [
        (1, "Hi all,", "greeting"),
        (6, "Thanks,", "sign-off"),
        (7, "Ann", "sign-off"),
        (9, "On Tue, 3 Nov 2026 at 10:02, Bob Smith <bob@example.org> wrote:", "reply header"),
        (10, "> It is CPR's turn in OR 2.1.", "quoted text"),
        (11, "> Legal: lay a tile, place a token, run trains.", "quoted text"),
        (12, ">", "quoted text"),
        (13, "> --", "quoted text"),
        (14, "> pbem moderator", "quoted text"),
    ]


def test_bottom_posted_reply_keeps_the_moves_below_the_quote_and_a_wrapped_header():
    body = split_body(f"""\
On Tue, Nov 3, 2026 at 10:02 AM Bob Smith <
bob.smith@example.org> wrote:
> Your turn, Ann.
> Bob

{MOVE}
Ann passes
Cheers, Ann
""")
    assert kept(body) == [(6, MOVE), (7, "Ann passes")]
    assert aside(body) == [
        (1, "On Tue, Nov 3, 2026 at 10:02 AM Bob Smith <", "reply header"),
        (2, "bob.smith@example.org> wrote:", "reply header"),
        (3, "> Your turn, Ann.", "quoted text"),
        (4, "> Bob", "quoted text"),
        (8, "Cheers, Ann", "sign-off"),
    ]


def test_interleaved_reply_keeps_each_answer():
    body = split_body("""\
> Ann, which company do you start?
Ann pars CPR at 90
> And your second action?
Ann buys a share of CPR
""")
    assert kept(body) == [(2, "Ann pars CPR at 90"), (4, "Ann buys a share of CPR")]
    assert aside(body) == [(1, "> Ann, which company do you start?", "quoted text"),
                           (3, "> And your second action?", "quoted text")]


def test_reply_header_followed_by_unquoted_original_sets_all_of_it_aside():
    body = split_body("Ann passes\n\nOn Mon, 2 Nov 2026, Moderator <mod@pbem.example> wrote:\n"
                      "It is Ann's turn.\nAnn passes\n")
    assert kept(body) == [(1, "Ann passes")]
    assert aside(body) == [(3, "On Mon, 2 Nov 2026, Moderator <mod@pbem.example> wrote:", "reply header"),
                           (4, "It is Ann's turn.", "quoted text"), (5, "Ann passes", "quoted text")]


@pytest.mark.parametrize("header", [
    "Am Di., 3. Nov. 2026 um 10:02 Uhr schrieb Bob Smith <bob@example.org>:",
    "Le mar. 3 nov. 2026 à 10:02, Bob Smith <bob@example.org> a écrit :",
    "El mar, 3 nov 2026 a las 10:02, Bob Smith (<bob@example.org>) escribió:",
    "Op di 3 nov. 2026 om 10:02 schreef Bob Smith <bob@example.org>:",
    "Il giorno mar 3 nov 2026 alle ore 10:02 Bob Smith <bob@example.org> ha scritto:",
    "Bob Smith <bob@example.org> wrote:",
])
def test_localized_reply_headers(header):
    body = split_body(f"Ann passes\n{header}\n> Dein Zug.\n")
    assert kept(body) == [(1, "Ann passes")]
    assert aside(body) == [(2, header, "reply header"), (3, "> Dein Zug.", "quoted text")]


def test_outlook_original_message_block():
    body = mail_body(f"""\
From: Carl <carl@example.com>
Subject: RE: OR 2.1

{MOVE}

-----Original Message-----
From: pbem moderator <mod@pbem.example>
Sent: Tuesday, November 3, 2026 10:02 AM
To: Carl <carl@example.com>
Subject: OR 2.1

It is CPR's turn.
CPR lays 57 in I5 rot 2
""")
    assert kept(body) == [(1, MOVE)]
    assert aside(body) == [
        (3, "-----Original Message-----", "reply header"),
        (4, "From: pbem moderator <mod@pbem.example>", "reply header"),
        (5, "Sent: Tuesday, November 3, 2026 10:02 AM", "reply header"),
        (6, "To: Carl <carl@example.com>", "reply header"),
        (7, "Subject: OR 2.1", "reply header"),
        (9, "It is CPR's turn.", "quoted text"),
        (10, "CPR lays 57 in I5 rot 2", "quoted text"),
    ]


def test_outlook_underscore_rule_and_from_sent_block():
    body = split_body("Carl passes\n\n________________________________\nFrom: Bob Smith <bob@example.org>\n"
                      "Sent: Tuesday, November 3, 2026 10:02 AM\nTo: Carl\nSubject: RE: OR 2.1\n\nYour turn\n")
    assert kept(body) == [(1, "Carl passes")]
    assert aside(body) == [
        (3, "________________________________", "reply header"),
        (4, "From: Bob Smith <bob@example.org>", "reply header"),
        (5, "Sent: Tuesday, November 3, 2026 10:02 AM", "reply header"),
        (6, "To: Carl", "reply header"),
        (7, "Subject: RE: OR 2.1", "reply header"),
        (9, "Your turn", "quoted text"),
    ]


def test_german_outlook_block():
    body = split_body("Dora passes\nVon: Bob <bob@example.org>\nGesendet: Dienstag, 3. November 2026 10:02\n"
                      "An: Dora\nBetreff: OR 2.1\nDein Zug\n")
    assert kept(body) == [(1, "Dora passes")]
    assert [why for _, _, why in aside(body)] == ["reply header"] * 4 + ["quoted text"]


def test_a_from_line_without_a_sent_line_is_kept():
    body = split_body("From: the IPO, Ann buys a share of CPR\nAnn passes\n")
    assert kept(body) == [(1, "From: the IPO, Ann buys a share of CPR"), (2, "Ann passes")]


def test_forwarded_message():
    body = split_body("""\
Please apply Bob's moves, he mailed me by mistake.

---------- Forwarded message ---------
From: Bob Smith <bob@example.org>
Date: Tue, 3 Nov 2026 at 10:02
Subject: moves
To: Ann <ann@example.org>

Bob passes
""")
    assert kept(body) == [(1, "Please apply Bob's moves, he mailed me by mistake.")]
    assert aside(body) == [
        (3, "---------- Forwarded message ---------", "forwarded-message banner"),
        (4, "From: Bob Smith <bob@example.org>", "forwarded-message banner"),
        (5, "Date: Tue, 3 Nov 2026 at 10:02", "forwarded-message banner"),
        (6, "Subject: moves", "forwarded-message banner"),
        (7, "To: Ann <ann@example.org>", "forwarded-message banner"),
        (9, "Bob passes", "quoted text"),
    ]


def test_signature_delimiter_and_everything_after():
    body = split_body(f"{MOVE}\nAnn passes\n-- \nAnn Example\nCPR fan since 1882\n> not quoted really\n")
    assert kept(body) == [(1, MOVE), (2, "Ann passes")]
    assert aside(body) == [(3, "--", "signature"), (4, "Ann Example", "signature"),
                           (5, "CPR fan since 1882", "signature"), (6, "> not quoted really", "signature")]


def test_bare_double_dash_is_a_signature_but_a_dash_name_is_a_sign_off():
    body = split_body("Ann passes\n-Ann\n--\nsig\n")
    assert kept(body) == [(1, "Ann passes")]
    assert aside(body) == [(2, "-Ann", "sign-off"), (3, "--", "signature"), (4, "sig", "signature")]


@pytest.mark.parametrize("line", ["Sent from my iPhone", "Sent from my Android phone", "Get Outlook for iOS",
                                  "Get Outlook for Android", "Sent from Mail for Windows", "Sent from my Galaxy"])
def test_mobile_signature_lines(line):
    body = split_body(f"Ann buys a share of CPR\n\n{line}\n\nOn Tue, 3 Nov 2026, Bob <bob@x.org> wrote:\n> hi\n")
    assert kept(body) == [(1, "Ann buys a share of CPR")]
    assert aside(body) == [(3, line, "signature"),
                           (5, "On Tue, 3 Nov 2026, Bob <bob@x.org> wrote:", "reply header"),
                           (6, "> hi", "quoted text")]


@pytest.mark.parametrize("word", ["SIGNOFF", "signoff", "END", "end.", "End!", "Sign off"])
def test_signoff_stops_reading(word):
    body = split_body(f"SIGNON club-1882 ann s3cret\n{MOVE}\n{word}\nBob passes\n\nsee you\n")
    assert kept(body) == [(1, "SIGNON club-1882 ann s3cret"), (2, MOVE)]
    assert aside(body) == [(3, word, "after SIGNOFF"), (4, "Bob passes", "after SIGNOFF"),
                           (6, "see you", "after SIGNOFF")]
    assert body.stopped_at == 3


def test_end_inside_a_line_does_not_stop():
    body = split_body("Ann passes at the end\nBob passes\n")
    assert kept(body) == [(1, "Ann passes at the end"), (2, "Bob passes")]
    assert body.stopped_at is None


@pytest.mark.parametrize("greeting", ["Hi all,", "Hello everyone", "Hi Bob,", "Dear moderator,", "Hey folks!",
                                      "Good morning all", "Hello", "Hi Bob and Carl!",
                                      "Hi Ann, Bob and Carl,"])
def test_greetings_at_the_start(greeting):
    body = split_body(f"{greeting}\n\nAnn buys a share of CPR\n")
    assert kept(body) == [(3, "Ann buys a share of CPR")]
    assert aside(body) == [(1, greeting, "greeting")]


@pytest.mark.parametrize("line", ["Hi 5 to Bob", "Hello there everyone in this lovely game today",
                                  "Hey, CPR lays 57 in I5",
                                  "Hi all, here are my moves:"])
def test_a_greeting_word_in_a_long_or_numbered_line_is_kept(line):
    assert kept(split_body(f"{line}\nAnn passes\n")) == [(1, line), (2, "Ann passes")]


def test_a_greeting_after_a_move_is_kept():
    assert kept(split_body("Ann passes\nHello\nBob passes\n")) == [(1, "Ann passes"), (2, "Hello"), (3, "Bob passes")]


@pytest.mark.parametrize("lines", [
    ["Thanks!"], ["Thanks, Ann"], ["Cheers,"], ["Regards"], ["Best,"], ["Best regards,", "Ann Smith"],
    ["-Ann"], ["— Ann"], ["Ann"], ["Thanks all!", "Ann"], ["Kind regards,", "Ann"], ["Thank you,", "— Ann O'Brien"],
])
def test_sign_offs_at_the_end(lines):
    text = "\n".join([MOVE, *lines])
    body = split_body(text)
    assert kept(body) == [(1, MOVE)]
    assert aside(body) == [(k + 2, line, "sign-off") for k, line in enumerate(lines)]


@pytest.mark.parametrize("last", ["Pass", "Done", "Withhold", "CPR", "Ann passes", "- Ann passes",
                                  "Thanks for 90 in CPR",
                                  "NYC", "Best route is I5-J10"])
def test_moves_at_the_end_are_not_sign_offs(last):
    assert kept(split_body(f"Ann buys a share of CPR\n{last}\n")) == [(1, "Ann buys a share of CPR"), (2, last)]


def test_a_bare_name_is_a_sign_off_only_when_last():
    body = split_body("Ann\nAnn buys a share of CPR\n")
    assert kept(body) == [(1, "Ann"), (2, "Ann buys a share of CPR")]


def test_player_names_given_are_sign_offs_even_lower_case():
    body = split_body("Ann passes\nann-marie\n", names=["Ann-Marie", "Bob"])
    assert kept(body) == [(1, "Ann passes")]
    assert aside(body) == [(2, "ann-marie", "sign-off")]
    assert kept(split_body("Ann passes\nann-marie\n")) == [(1, "Ann passes"), (2, "ann-marie")]


def test_sign_offs_in_the_middle_are_kept():
    body = split_body("Ann passes\nThanks!\nBob passes\n")
    assert kept(body) == [(1, "Ann passes"), (2, "Thanks!"), (3, "Bob passes")]


def test_html_mail_with_blockquote_reply():
    body = mail_body("""\
From: Carl <carl@example.com>
Content-Type: text/html; charset=utf-8

<div dir="ltr">Hi all,<br><br>Carl buys a share of CN &amp; passes<br><br>Cheers,<br>Carl</div><br>
<div class="gmail_quote"><div class="gmail_attr">On Mon, 2 Nov 2026 at 20:15, Moderator &lt;mod@pbem.example&gt;
wrote:<br></div><blockquote class="gmail_quote"><div>It is Carl's turn.</div></blockquote></div>
""")
    assert kept(body) == [(3, "Carl buys a share of CN & passes")]
    assert aside(body) == [
        (1, "Hi all,", "greeting"), (5, "Cheers,", "sign-off"), (6, "Carl", "sign-off"),
        (8, "On Mon, 2 Nov 2026 at 20:15, Moderator <mod@pbem.example> wrote:", "reply header"),
        (9, "> It is Carl's turn.", "quoted text"),
    ]


def test_too_many_lines():
    with pytest.raises(BodyTooLong, match="^the mail has 5000 lines; at most 2000 are read$") as caught:
        split_body("Ann passes\n" * 5000)
    assert isinstance(caught.value, LetterError)
    assert len(split_body("Ann passes\n" * 2000).lines) == 2000
    with pytest.raises(BodyTooLong, match="the mail has 11 lines; at most 10 are read"):
        split_body("Ann passes\n" * 10 + "Bob passes", max_lines=10)


def test_a_line_too_long_to_read_is_set_aside_unread():
    """A line of more than 2,000 characters is no move (a mail-reply parser's test mail has one of
    707,606 '>'): set aside, its text clipped, the lines around it read as if it were blank."""
    body = split_body("Ann passes\n" + "x" * 2001 + "\nBob passes")
    assert kept(body) == [(1, "Ann passes"), (3, "Bob passes")]
    assert aside(body) == [(2, "x" * 60 + "...", "too long to read: 2,001 characters, at most 2,000 are read")]
    assert kept(split_body("y" * 2000)) == [(1, "y" * 2000)]
    body = split_body("pass\n\n> quoted\n" + ">" * 5000 + "\n> more", max_line_chars=100)
    assert kept(body) == [(1, "pass")] and [a[0] for a in aside(body)] == [3, 4, 5]


def test_five_megabytes_are_refused_or_set_aside():
    """(How fast: benchmarks/message.py.)"""
    for text in ["Ann passes\n" * 500_000, ("a" * 2500 + "\n") * 2001]:
        with pytest.raises(BodyTooLong):
            split_body(text)
    body = split_body("x" * 5_000_000)
    assert kept(body) == [] and aside(body)[0][2].startswith("too long to read: 5,000,000 characters")


def test_a_5000_line_mail_read_end_to_end_is_too_long():
    raw = ("From: ann@example.org\r\nSubject: log\r\n\r\n" + "Ann passes\r\n" * 5000).encode()
    with pytest.raises(BodyTooLong, match="the mail has 5000 lines"):
        split_body(parse_letter(raw).body)


def test_crlf_text_is_split_the_same():
    assert kept(split_body("Ann passes\r\nBob passes\r\n")) == [(1, "Ann passes"), (2, "Bob passes")]


def test_empty_body():
    assert split_body("") == Body((), (), None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([
    "", "Ann passes", "> quoted", "-- ", "SIGNOFF", "Hi all,", "Thanks,", "Ann", "On Tue, Bob <b@x.org> wrote:",
    "On Tue, Bob <", "b@x.org> wrote:", "-----Original Message-----", "From: Bob", "Sent: now", MOVE,
    "Sent from my iPhone",
    "---------- Forwarded message ---------", "________________________________", "Pass",
]), max_size=30))
def test_every_non_blank_line_is_kept_or_set_aside_exactly_once(lines):
    body = split_body("\n".join(lines))
    numbers = [line.number for line in body.lines] + [s.number for s in body.set_aside]
    assert sorted(numbers) == [k + 1 for k, line in enumerate(lines) if line.strip()]
    assert [line.number for line in body.lines] == sorted(line.number for line in body.lines)
    assert [s.number for s in body.set_aside] == sorted(s.number for s in body.set_aside)


def test_outlook_html_reply():
    body = mail_body("""\
From: Carl <carl@example.com>
Content-Type: text/html; charset="us-ascii"

<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal {margin:0cm}</style></head>
<body lang=EN-US><div class=WordSection1><p class=MsoNormal>Carl buys a 3-train from the depot for 180<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<div><div style='border:none;border-top:solid #E1E1E1 1.0pt'><p class=MsoNormal><b>From:</b> pbem moderator
&lt;mod@pbem.example&gt; <br><b>Sent:</b> Tuesday, November 3, 2026 10:02 AM<br><b>To:</b> Carl
&lt;carl@example.com&gt;<br><b>Subject:</b> OR 2.1<o:p></o:p></p></div></div>
<p class=MsoNormal>It is Carl's turn.<o:p></o:p></p></div></body></html>
""")
    assert kept(body) == [(1, "Carl buys a 3-train from the depot for 180")]
    assert aside(body) == [
        (2, "From: pbem moderator <mod@pbem.example>", "reply header"),
        (3, "Sent: Tuesday, November 3, 2026 10:02 AM", "reply header"),
        (4, "To: Carl <carl@example.com>", "reply header"),
        (5, "Subject: OR 2.1", "reply header"),
        (6, "It is Carl's turn.", "quoted text"),
    ]


def test_html_reply_header_laid_out_in_table_cells():
    """A client that lays its reply header out in a table (label cell, value cell) still shows
    "From: ..." lines: the cells were joined without a space ("From:pbem moderator"), the
    header was not seen, and the quoted report was read as moves."""
    body = mail_body("""\
From: Dana <dana@example.com>
Content-Type: text/html; charset="utf-8"

<html><body><div>Dana passes</div><br>
<table><tr><td><b>From:</b></td><td>pbem moderator &lt;mod@pbem.example&gt;</td></tr>
<tr><td><b>Date:</b></td><td>Tuesday, November 3, 2026 10:02 AM</td></tr>
<tr><td><b>To:</b></td><td>Dana &lt;dana@example.com&gt;</td></tr>
<tr><td><b>Subject:</b></td><td>SR 2</td></tr></table>
<div>Ann buys a 10% share of CPR</div></body></html>
""")
    assert kept(body) == [(1, "Dana passes")]
    assert [why for _n, _t, why in aside(body)] == ["reply header"] * 4 + ["quoted text"]


def test_apple_mail_forward_and_iphone_reply():
    body = split_body("""\
Bob passes

Sent from my iPhone

> On 3 Nov 2026, at 10:02, Ann <ann@example.org> wrote:
>
> Ann passes
""")
    assert kept(body) == [(1, "Bob passes")]
    assert aside(body) == [(3, "Sent from my iPhone", "signature"),
                           (5, "> On 3 Nov 2026, at 10:02, Ann <ann@example.org> wrote:", "quoted text"),
                           (6, ">", "quoted text"), (7, "> Ann passes", "quoted text")]


def test_outlook_reply_header_in_a_table_of_paragraph_cells():
    """Outlook writes a table's cells as MsoNormal paragraphs: each row is still one line ("From: ...",
    "CPR withholds"), so the header is seen and the quoted report is set aside (inscriptis lays
    the table out; the hand-written converter put every cell on a line of its own)."""
    body = mail_body("""\
From: Carl <carl@example.com>
Content-Type: text/html; charset="us-ascii"

<html><body><div class=WordSection1><table class=MsoNormalTable><tr><td><p class=MsoNormal>CPR</p></td>
<td><p class=MsoNormal>withholds<o:p></o:p></p></td></tr></table>
<table class=MsoNormalTable><tr><td><p class=MsoNormal><b>From:</b></p></td>
<td><p class=MsoNormal>pbem moderator &lt;mod@pbem.example&gt;</p></td></tr>
<tr><td><p class=MsoNormal><b>Sent:</b></p></td><td><p class=MsoNormal>Tuesday, November 3, 2026 10:02 AM</p></td></tr>
</table><p class=MsoNormal>It is Carl's turn.</p><p class=MsoNormal>Ann passes</p></div></body></html>
""")
    assert [" ".join(text.split()) for _n, text in kept(body)] == ["CPR withholds"]
    assert [why for _n, _t, why in aside(body)] == ["reply header"] * 2 + ["quoted text"] * 2


def test_reply_header_in_two_cells_of_broken_lines():
    body = mail_body("""\
From: Bob <bob@example.com>
Content-Type: text/html; charset="utf-8"

<div>Bob passes</div><table><tr><td><b>From:</b><br><b>Sent:</b></td><td>pbem moderator &lt;mod@pbem.example&gt;<br>
Tuesday, November 3, 2026 10:02 AM</td></tr></table><div>It is Bob's turn.</div><div>Ann passes</div>
""")
    assert kept(body) == [(1, "Bob passes")]
    assert [why for _n, _t, why in aside(body)] == ["reply header"] * 2 + ["quoted text"] * 2
