"""An 1869 game through the command line: a seeded random game (4 players, ILL) made of
`pbem.Game`'s own legal moves is written out as the lines `pbem legal` lists, fed to `pbem move`
a message of many lines at a time (express trains, 4E and 5E, among them), played to the bank's
break; the file then replays (`pbem read_game`, `pbem replay`) to the library game's own money,
and `pbem audit` finds no problem."""
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
    return ["\n".join(lines[i:i + size]) for i in range(0, len(lines), size)]


def test_an_1869_game_through_the_cli(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PBEM_KEY_FILE", str(tmp_path / "key"))
    monkeypatch.setenv("PBEM_STATE_CACHE", str(tmp_path / "states"))
    g, lines = _lines(1)
    assert g.state.end_reason == "bank" and any(EXPRESS.search(x) for x in lines)
    game = tmp_path / "g.pbem"
    assert main(["new", "1869", str(game), "--players", *NAMES, "--seed", "1", "--option", "ill"]) == 0
    messages = _messages(lines)
    assert len(messages) > 10
    for text in messages:
        assert main(["move", str(game), text]) == 0, capsys.readouterr().err[-800:]
    capsys.readouterr()
    sent = len(lines)
    played = pbem.read_game(game)
    assert len(played.moves) == sent
    library = pbem.Game.new("1869", NAMES, seed=1, options=("ill",))
    for a in g.moves[:sent]:
        library.push(a)
    assert {p: v.cash for p, v in played.state.players.items()} == {p: v.cash for p, v in library.state.players.items()}
    assert {c: v.cash for c, v in played.state.corporations.items()} == \
        {c: v.cash for c, v in library.state.corporations.items()}
    assert played.state.finished and played.state.end_reason == "bank"
    assert main(["replay", str(game), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)
    assert main(["audit", str(game)]) == 0
    assert "no problem found" in capsys.readouterr().out
