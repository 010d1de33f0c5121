"""read_commands: the judges' commands taken out of a mail body, their arguments checked, secrets never echoed."""
import pytest

from pbem.errors import NotationError
from pbem.mail.body import Body, BodyLine, SetAside, split_body
from pbem.mail.commands import Command, CommandError, read_commands
from pbem.mail.letter import parse_letter

MOVE = "CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out"


def commands_of(text: str) -> tuple[list[Command], list[tuple[int, str]]]:
    """The commands of a body text and the (number, text) of the lines left."""
    commands, rest = read_commands(split_body(text))
    return commands, [(line.number, line.text) for line in rest.lines]


def test_signon_then_moves_from_a_real_mail():
    raw = (f"From: Ann <ann@example.org>\r\nSubject: Re: club-1882\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
           f"Hi all,\r\nSIGNON Club-1882 ann s3cret!\r\n{MOVE}\r\nAnn buys a share of CPR\r\nThanks,\r\nAnn\r\n"
           f"\r\nOn Tue, 3 Nov 2026 at 10:02, Bob <bob@example.org> wrote:\r\n"
           f"> SIGNON club-1882 bob hunter2\r\n").encode()
    body = split_body(parse_letter(raw).body)
    commands, rest = read_commands(body)
    assert commands == [Command("SIGNON", ("club-1882", "ann", "s3cret!"), 2, "SIGNON Club-1882 ann <secret>")]
    assert rest.lines == (BodyLine(3, MOVE), BodyLine(4, "Ann buys a share of CPR"))
    assert rest.set_aside == body.set_aside
    assert rest.stopped_at == body.stopped_at
    assert [s.why for s in rest.set_aside] == ["greeting", "sign-off", "sign-off", "reply header", "quoted text"]


@pytest.mark.parametrize("line, name", [
    ("HELP", "HELP"), ("help", "HELP"), ("Help!", "HELP"), ("STATUS", "STATUS"), ("status?", "STATUS"),
    ("Map", "MAP"), ("LEGAL", "LEGAL"), ("legal?", "LEGAL"), ("PAUSE", "PAUSE"), ("resume.", "RESUME"),
    ("  STATUS  ", "STATUS"),
])
def test_single_word_commands(line, name):
    commands, rest = commands_of(f"{line}\nAnn passes\n")
    assert [(c.name, c.args, c.line) for c in commands] == [(name, (), 1)]
    assert rest == [(2, "Ann passes")]


@pytest.mark.parametrize("line", ["help me with CPR", "Status of CPR: 3 trains", "map looks odd near I5",
                                  "Legal question: may CPR buy a 3?", "pause for a week please"])
def test_single_word_commands_with_more_words_are_body_lines(line):
    commands, rest = commands_of(f"{line}\nAnn passes\n")
    assert commands == []
    assert rest == [(1, line), (2, "Ann passes")]


@pytest.mark.parametrize("line, name, args", [
    ("LOG", "LOG", ()), ("LOG 10", "LOG", ("10",)), ("log 999999", "LOG", ("999999",)), ("Log 5.", "LOG", ("5",)),
    ("UNDO", "UNDO", ()), ("undo 2", "UNDO", ("2",)), ("UNDO.", "UNDO", ()),
])
def test_log_and_undo(line, name, args):
    commands, rest = commands_of(f"{line}\n{MOVE}\n")
    assert [(c.name, c.args, c.line) for c in commands] == [(name, args, 1)]
    assert rest == [(2, MOVE)]


@pytest.mark.parametrize("line, expected", [
    ("LOG ten", "line 1: LOG takes a number of moves, e.g. LOG 10"),
    ("LOG 1234567", "line 1: LOG takes a number of moves, e.g. LOG 10 (a number is at most 6 digits)"),
    ("LOG 5 10", "line 1: LOG takes a number of moves, e.g. LOG 10"),
    ("LOG -3", "line 1: LOG takes a number of moves, e.g. LOG 10"),
    ("LOG ５", "line 1: LOG takes a number of moves, e.g. LOG 10"),
    ("undo my last move", "line 1: UNDO takes a number of moves or nothing, and may end with the head you saw, e.g. UNDO 2 57:<hash>"),
])
def test_bad_numbers(line, expected):
    with pytest.raises(CommandError) as caught:
        commands_of(f"{line}\nAnn passes\n")
    assert str(caught.value) == expected
    assert caught.value.line == 1
    assert caught.value.expected and caught.value.expected[0] in expected
    assert isinstance(caught.value, NotationError)


def test_signon_shapes():
    commands, _ = commands_of("signon CLUB.1882_b ann-marie pa55:w0rd\n")
    assert commands == [Command("SIGNON", ("club.1882_b", "ann-marie", "pa55:w0rd"), 1,
                                "signon CLUB.1882_b ann-marie <secret>")]


@pytest.mark.parametrize("line, reason", [
    ("SIGNON club-1882 ann", "it has 2 words after SIGNON"),
    ("SIGNON hunter2", "it has 1 word after SIGNON"),
    ("SIGNON club-1882 ann hunter2 extra", "it has 4 words after SIGNON"),
    ("SIGNON -club ann hunter2", "the game id must be letters, digits, '.', '_' or '-', at most 64"),
    ("SIGNON \u212aclub ann hunter2", "the game id must be letters, digits, '.', '_' or '-', at most 64"),
    ("SIGNON " + "g" * 65 + " ann hunter2", "the game id must be letters, digits, '.', '_' or '-', at most 64"),
    ("SIGNON club-1882 ann@x hunter2", "the player name must be one word of letters, digits, _ or -, at most 32"),
    ("SIGNON club-1882 " + "a" * 33 + " hunter2",
     "the player name must be one word of letters, digits, _ or -, at most 32"),
    ("SIGNON club-1882 ann " + "h" * 129, "the secret is at most 128 characters"),
])
def test_bad_signon_never_echoes_the_secret(line, reason):
    with pytest.raises(CommandError) as caught:
        commands_of(f"Hi all,\n{line}\n")
    message = str(caught.value)
    assert message == ("line 2: SIGNON takes a game id, a player name and a secret, "
                       f"e.g. SIGNON club-1882 ann <secret> ({reason})")
    for secret in ("hunter2", "h" * 129):
        assert secret not in message
        assert secret not in caught.value.text
    assert caught.value.text.startswith("SIGNON")
    assert "<secret>" in caught.value.text


def test_signon_mask_in_error_text_with_three_arguments():
    with pytest.raises(CommandError) as caught:
        commands_of("SIGNON club#1882 ann hunter2\n")
    assert caught.value.text == "SIGNON club#1882 ann <secret>"


def test_replace():
    commands, rest = commands_of("REPLACE ann <Ann.New@Example.ORG>\nreplace bob bob@mail.example\n")
    assert [(c.name, c.args) for c in commands] == [("REPLACE", ("ann", "ann.new@example.org")),
                                                   ("REPLACE", ("bob", "bob@mail.example"))]
    assert rest == []


@pytest.mark.parametrize("line, detail", [
    ("REPLACE ann", ""),
    ("REPLACE ann ann@example.org now", ""),
    ("REPLACE ann ann.example.org", " ('ann.example.org' is not a mail address)"),
    ("REPLACE ann a@b@example.org", " ('a@b@example.org' is not a mail address)"),
    ("REPLACE ann ann@", " ('ann@' is not a mail address)"),
    ("REPLACE ann @example.org", " ('@example.org' is not a mail address)"),
    ("REPLACE ann! ann@example.org", " ('ann!' is not a player name: one word of letters, digits, _ or -, at most 32)"),
])
def test_bad_replace(line, detail):
    with pytest.raises(CommandError) as caught:
        commands_of(line)
    assert str(caught.value) == ("line 1: REPLACE takes a player name and the new address, "
                                 f"e.g. REPLACE ann ann@example.org{detail}")


def test_create_with_players():
    commands, rest = commands_of("""\
Dear moderator,

please start this one:
CREATE Club-1882 1882 SEED 4711 OPTION short_game option Rich-Bank
PLAYER Ann ann@example.org
PLAYER bob <Bob@Example.NET>
player Carl carl@example.com

Thanks,
Dora
""")
    assert commands == [
        Command("CREATE", ("club-1882", "1882", "SEED", "4711", "OPTION", "short_game", "OPTION", "Rich-Bank"), 4,
                "CREATE Club-1882 1882 SEED 4711 OPTION short_game option Rich-Bank"),
        Command("PLAYER", ("Ann", "ann@example.org"), 5, "PLAYER Ann ann@example.org"),
        Command("PLAYER", ("bob", "bob@example.net"), 6, "PLAYER bob <Bob@Example.NET>"),
        Command("PLAYER", ("Carl", "carl@example.com"), 7, "player Carl carl@example.com"),
    ]
    assert rest == [(3, "please start this one:")]


def test_create_minimal():
    commands, _ = commands_of("CREATE g1 1861\n")
    assert commands == [Command("CREATE", ("g1", "1861"), 1, "CREATE g1 1861")]


@pytest.mark.parametrize("line, detail", [
    ("CREATE club", ""),
    ("CREATE !club 1882", " ('!club' is not a game id: letters, digits, '.', '_' or '-', at most 64)"),
    ("CREATE club 18/82", " ('18/82' is not a title)"),
    ("CREATE club 1882 SEED", " ('SEED' is not SEED <number>, OPTION <name>, BIND head|date or DATA <attached file>)"),
    ("CREATE club 1882 SEED x", " (SEED is given once, as a number of at most 10 digits)"),
    ("CREATE club 1882 SEED 12345678901", " (SEED is given once, as a number of at most 10 digits)"),
    ("CREATE club 1882 SEED 1 SEED 2", " (SEED is given once, as a number of at most 10 digits)"),
    ("CREATE club 1882 FAST yes", " ('FAST' is not SEED <number>, OPTION <name>, BIND head|date or DATA <attached file>)"),
    ("CREATE club 1882 OPTION", " ('OPTION' is not SEED <number>, OPTION <name>, BIND head|date or DATA <attached file>)"),
    ("CREATE club 1882 OPTION a=b", " ('a=b' is not an option name)"),
    ("CREATE club 1882 BIND never", " (BIND is head (moves only in a reply to the latest report; the default) or date)"),
])
def test_bad_create(line, detail):
    with pytest.raises(CommandError) as caught:
        commands_of(line)
    assert str(caught.value) == ("line 1: CREATE takes a game id, a title and then optional SEED <number>, "
                                 f"OPTION <name>, BIND head|date and DATA <attached file> parts, e.g. CREATE club-1882 1882 SEED 42{detail}")


@pytest.mark.parametrize("text, expected", [
    ("PLAYER ann ann@example.org", "line 1: PLAYER takes a player name and an address, e.g. PLAYER ann "
                                   "ann@example.org (PLAYER lines go after a CREATE line)"),
    ("CREATE club 1882\nPLAYER ann", "line 2: PLAYER takes a player name and an address, e.g. PLAYER ann "
                                     "ann@example.org"),
    ("CREATE club 1882\nPLAYER ann smith ann@example.org", "line 2: PLAYER takes a player name and an address, "
                                                            "e.g. PLAYER ann ann@example.org"),
    ("CREATE club 1882\nPLAYER ann ann at example.org", "line 2: PLAYER takes a player name and an address, "
                                                         "e.g. PLAYER ann ann@example.org"),
])
def test_bad_player_lines(text, expected):
    with pytest.raises(CommandError) as caught:
        commands_of(text)
    assert str(caught.value) == expected


def test_set_aside_lines_are_never_commands():
    commands, rest = commands_of("Ann passes\n> HELP\n> SIGNON club ann hunter2\n-- \nSTATUS\n")
    assert commands == []
    assert rest == [(1, "Ann passes")]


def test_commands_keep_line_numbers_of_the_body_given():
    body = Body((BodyLine(4, "STATUS"), BodyLine(9, MOVE)), (SetAside(2, "Hi all,", "greeting"),), 12)
    commands, rest = read_commands(body)
    assert commands == [Command("STATUS", (), 4, "STATUS")]
    assert rest == Body((BodyLine(9, MOVE),), (SetAside(2, "Hi all,", "greeting"),), 12)


def test_moves_that_start_like_nothing_special_are_left():
    lines = [MOVE, "Ann buys a share of CPR", "Logan passes", "Undone is nothing", "Creates nothing", "Players pass"]
    commands, rest = commands_of("\n".join(lines))
    assert commands == []
    assert rest == [(k + 1, line) for k, line in enumerate(lines)]
