"""The judges' commands in a mail body (SIGNON, HELP, STATUS, LOG, UNDO, CREATE/PLAYER, ...),
taken out before the moves are read.

A line whose first word is a command word is a command; when its arguments do not fit, a CommandError names the
line and what was expected. Secrets are never echoed: a SIGNON's text is kept with the secret masked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pbem.errors import NotationError
from pbem.mail.body import Body, BodyLine

SECRET_MASK = "<secret>"
GAME_ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}", re.IGNORECASE | re.ASCII)
TITLE = re.compile(r"[a-z0-9][a-z0-9._-]{0,31}", re.IGNORECASE | re.ASCII)
PLAYER = re.compile(r"[^\W_][\w-]{0,31}")
ADDRESS = re.compile(r"[^@\s<>]+@[^@\s<>.][^@\s<>]*")
NUMBER = re.compile(r"[0-9]{1,6}")
#: a game's seed: as long as 18xx.games' (up to 2**31), so a game moved from the site keeps its own
SEED = re.compile(r"[0-9]{1,10}")
SECRET = re.compile(r"\S{1,128}")
# Commands that must stand alone on their line (trailing punctuation allowed); otherwise the line is a body line.
ALONE = ("HELP", "STATUS", "MAP", "LEGAL", "PAUSE", "RESUME")
_ALONE_FORM = re.compile(r"\s*([a-z]+)\s*[.!?]*\s*", re.IGNORECASE)
WITNESS = re.compile(r"[0-9]{1,9}:[0-9a-fA-F]{32}")   # a head witness from a mail: record N and its hash
ARGUED = ("SIGNON", "LOG", "UNDO", "REPLACE", "CREATE", "PLAYER")
USAGE = {
    "SIGNON": "SIGNON takes a game id, a player name and a secret, e.g. SIGNON club-1882 ann <secret>",
    "LOG": "LOG takes a number of moves, e.g. LOG 10",
    "UNDO": "UNDO takes a number of moves or nothing, and may end with the head you saw, e.g. UNDO 2 57:<hash>",
    "REPLACE": "REPLACE takes a player name and the new address, e.g. REPLACE ann ann@example.org",
    "CREATE": "CREATE takes a game id, a title and then optional SEED <number>, OPTION <name>, BIND head|date and "
              "DATA <attached file> parts, "
              "e.g. CREATE club-1882 1882 SEED 42",
    "PLAYER": "PLAYER takes a player name and an address, e.g. PLAYER ann ann@example.org",
}


@dataclass(frozen=True)
class Command:
    """One command: its upper-case name, its checked arguments, the body line it was on and that line's text."""

    name: str
    args: tuple[str, ...]
    line: int
    text: str


class CommandError(NotationError):
    """A line starts with a command word but its arguments do not fit the command."""


def read_commands(body: Body) -> tuple[list[Command], Body]:
    """The commands in a body, and the body without their lines (the moves are left)."""
    commands: list[Command] = []
    rest: list[BodyLine] = []
    created = False
    for line in body.lines:
        command = _command(line, created)
        if command is None:
            rest.append(line)
            continue
        created = created or command.name == "CREATE"
        commands.append(command)
    return commands, replace(body, lines=tuple(rest))


def _command(line: BodyLine, created: bool) -> Command | None:
    """The command on a line, None if the line is not one; raises CommandError for a malformed command."""
    words = line.text.split()
    if not words:
        return None
    alone = _ALONE_FORM.fullmatch(line.text)
    if alone and alone.group(1).upper() in ALONE:
        return Command(alone.group(1).upper(), (), line.number, line.text.strip())
    name = words[0].upper()
    if name.rstrip(".!?") in ("LOG", "UNDO"):
        words = line.text.strip().rstrip(".!?").split()
        name = words[0].upper()
    if name not in ARGUED:
        return None
    args = words[1:]
    text = _masked(words) if name == "SIGNON" else line.text.strip()
    checked = _check(name, args, created)
    if isinstance(checked, str):
        detail = f" ({checked})" if checked else ""
        raise CommandError(f"line {line.number}: {USAGE[name]}{detail}", text=text, line=line.number,
                           expected=[USAGE[name]])
    return Command(name, checked, line.number, text)


def _masked(words: list[str]) -> str:
    """A SIGNON line safe to show: only its game and player (and only when it has exactly three arguments)."""
    shown = words[1:3] if len(words) == 4 else []
    return " ".join([words[0], *shown, *[SECRET_MASK] * (len(words) - 1 - len(shown))])


def _check(name: str, args: list[str], created: bool) -> tuple[str, ...] | str:
    """The normalised arguments, or a short reason ("" for just the usage) why they do not fit."""
    if name == "UNDO" and args and WITNESS.fullmatch(args[-1]):
        rest = _check(name, args[:-1], created)        # UNDO [n] N:HASH: annul only if the game is still there
        return rest + (args[-1].lower(),) if isinstance(rest, tuple) else rest
    if name in ("LOG", "UNDO"):
        if not args:
            return ()
        if len(args) == 1 and NUMBER.fullmatch(args[0]):
            return (args[0],)
        return "a number is at most 6 digits" if len(args) == 1 and args[0].isascii() and args[0].isdigit() else ""
    if name == "SIGNON":
        return _check_signon(args)
    if name in ("REPLACE", "PLAYER"):
        if name == "PLAYER" and not created:
            return "PLAYER lines go after a CREATE line"
        if len(args) != 2:
            return ""
        if not PLAYER.fullmatch(args[0]):
            return f"{args[0]!r} is not a player name: one word of letters, digits, _ or -, at most 32"
        address = _address(args[1])
        return (args[0], address) if address else f"{args[1]!r} is not a mail address"
    return _check_create(args)


def _check_signon(args: list[str]) -> tuple[str, ...] | str:
    """SIGNON <game> <player> <secret>; the reasons given never repeat what was written (it may hold the secret)."""
    if len(args) != 3:
        return f"it has {len(args)} word{'s' if len(args) != 1 else ''} after SIGNON"
    if not GAME_ID.fullmatch(args[0]):
        return "the game id must be letters, digits, '.', '_' or '-', at most 64"
    if not PLAYER.fullmatch(args[1]):
        return "the player name must be one word of letters, digits, _ or -, at most 32"
    if not SECRET.fullmatch(args[2]):
        return "the secret is at most 128 characters"
    return (args[0].lower(), args[1], args[2])


def _address(text: str) -> str:
    """A bare lower-cased address from "ann@x.org" or "<ann@x.org>", or "" if it does not look like one."""
    text = text[1:-1] if text.startswith("<") and text.endswith(">") else text
    return text.lower() if ADDRESS.fullmatch(text) and not text.endswith(".") else ""


def _check_create(args: list[str]) -> tuple[str, ...] | str:
    """CREATE <game> <title> [SEED n] [OPTION name]... [BIND b] [DATA file]: game lower-cased,
    keywords upper-cased."""
    if len(args) < 2:
        return ""
    if not GAME_ID.fullmatch(args[0]):
        return f"{args[0]!r} is not a game id: letters, digits, '.', '_' or '-', at most 64"
    if not TITLE.fullmatch(args[1]):
        return f"{args[1]!r} is not a title"
    out = [args[0].lower(), args[1]]
    rest, seeded = args[2:], False
    while rest:
        keyword = rest[0].upper()
        if keyword not in ("SEED", "OPTION", "BIND", "DATA") or len(rest) < 2:
            return f"{rest[0]!r} is not SEED <number>, OPTION <name>, BIND head|date or DATA <attached file>"
        if keyword == "BIND" and rest[1].lower() not in ("head", "date"):
            return "BIND is head (moves only in a reply to the latest report; the default) or date"
        value = rest[1]
        if keyword == "SEED" and (seeded or not SEED.fullmatch(value)):
            return "SEED is given once, as a number of at most 10 digits"
        if keyword == "OPTION" and not TITLE.fullmatch(value):
            return f"{value!r} is not an option name"
        seeded = seeded or keyword == "SEED"
        out += [keyword, value]
        rest = rest[2:]
    return tuple(out)
