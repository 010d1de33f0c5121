"""An 1869 game through the command line: a seeded random game (4 players, ILL) made of
`pbem.Game`'s own legal moves is written out as the lines `pbem legal` lists, fed to `pbem move`
a message of many lines at a time, and the file then replays (`pbem read_game`, `pbem replay`)
to the library game's own money, and `pbem audit` finds no problem.

A line naming an express train (4E, 5E) is mailed alone: in a message of several lines, or
written otherwise than as listed ("CN buys a 4E train"), the grammar reads "4E" as the number 4
and a place or corporation "E". Some listed express runs are refused even alone ("TP runs 5E
train J24.1-M23.1 for 80": 22 of the 251 express lines of this game). Both are faults of the
notation, which is not this title's to change (reported with issue 26's work); until they are
mended the game is played through the CLI up to the first such line, which must be an express
train's, and checked there; once mended, the same test plays it to the bank's break."""
from __future__ import annotations

import json
import random
import re

import pbem
from pbem.cli import main

from test_random_1869 import pick

NAMES = ["Ann", "Bob", "Cid", "Dee"]
EXPRESS = re.compile(r"\b[45]E\b")


def _lines(seed: int) -> tuple[pbem.Game, list[str]]:
    g = pbem.Game.new("1869", NAMES, seed=seed, options=("ill",))
    rng, rnd, in_round, lines = random.Random(seed), None, 0, []
    while not g.finished:
        moves = g.legal_moves()
        rnd, in_round = g.state.round, (in_round + 1 if g.state.round is rnd else 0)
        a = pick(rng, moves, g.state.players, in_round)
        lines.append(g.notation(a))          # the line `pbem legal` lists for it
        g.push(a)
    return g, lines


def _messages(lines: list[str], size: int = 400) -> list[str]:
    out, part = [], []
    for line in lines:
        if EXPRESS.search(line):             # mailed alone (see the module's note)
            out += ["\n".join(part)] if part else []
            out.append(line)
            part = []
            continue
        part.append(line)
        if len(part) == size:
            out.append("\n".join(part))
            part = []
    return out + (["\n".join(part)] if part else [])


def test_an_1869_game_through_the_cli(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PBEM_KEY_FILE", str(tmp_path / "key"))
    monkeypatch.setenv("PBEM_STATE_CACHE", str(tmp_path / "states"))
    g, lines = _lines(1)
    assert g.state.end_reason == "bank" and any(EXPRESS.search(x) for x in lines)
    game = tmp_path / "g.pbem"
    assert main(["new", "1869", str(game), "--players", *NAMES, "--seed", "1", "--option", "ill"]) == 0
    messages = _messages(lines)
    assert len(messages) > 10
    sent = 0
    for text in messages:
        if main(["move", str(game), text]) != 0:
            err = capsys.readouterr().err
            assert "REFUSED" in err and "\n" not in text and EXPRESS.search(text), (text[:200], err[-800:])
            break
        sent += len(text.splitlines())
    capsys.readouterr()
    assert sent > 1000 and any(EXPRESS.search(x) for x in lines[:sent])      # past the first express trains
    played = pbem.read_game(game)
    assert len(played.moves) == sent
    library = pbem.Game.new("1869", NAMES, seed=1, options=("ill",))
    for a in g.moves[:sent]:
        library.push(a)
    assert {p: v.cash for p, v in played.state.players.items()} == {p: v.cash for p, v in library.state.players.items()}
    assert {c: v.cash for c, v in played.state.corporations.items()} == \
        {c: v.cash for c, v in library.state.corporations.items()}
    if sent == len(lines):
        assert played.state.finished and played.state.end_reason == "bank"
    assert main(["replay", str(game), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)
    assert main(["audit", str(game)]) == 0
    assert "no problem found" in capsys.readouterr().out
