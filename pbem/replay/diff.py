"""Where two records of the same game part (`pbem diff A B`): two game files, a game file and an
18xx.games record, or two records. Each is replayed action by action (a record's action may
make several), the state after every action compared (players by name, so a record and the
game file made from it compare); the first action after which the states differ is reported
with both sides' moves and what differs in the state there."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

from pbem.game import Game

from .ledger import Ledger, ledger
from .walk import open_replay

__all__ = ["Divergence", "diff", "ledger_difference"]


@dataclass
class Side:
    """One record flattened: each engine action, the step it came from and the state after it."""

    path: str
    what: str
    steps: list = field(default_factory=list)         # step id per action
    lines: list = field(default_factory=list)         # canonical line per action
    ledgers: list = field(default_factory=list)       # Ledger after each action
    start: Optional[Ledger] = None
    setup: tuple = ()
    error: str = ""                                   # why the replay stopped early, if it did


@dataclass
class Divergence:
    """The first action after which A and B differ (None: they agree throughout)."""

    a: Side
    b: Side
    index: Optional[int]
    differences: list[str]
    first_written: Optional[int] = None    # the first action written differently, if before `index`

    def lines(self) -> list[str]:
        a, b = self.a, self.b
        if self.index is None:
            return [f"{Path(a.path).name} and {Path(b.path).name} agree: the same {len(a.lines)} actions, "
                    "the same state after each"]
        i = self.index
        out = [f"{Path(a.path).name} and {Path(b.path).name} agree for {i} actions and part at action {i + 1}:"]
        for side in (a, b):
            if i < len(side.lines):
                out.append(f"  {Path(side.path).name} {side.what} {side.steps[i]}: {side.lines[i]}")
            else:
                out.append(f"  {Path(side.path).name} ends there" + (f" ({side.error})" if side.error else ""))
        if self.differences:
            out.append("state difference after it (A -> B):")
            out += [f"  {d}" for d in self.differences]
        j = self.first_written
        if j is not None and j < i:
            out.append(f"the moves are first written differently at action {j + 1}, with the same state after it:")
            out += [f"  {Path(s.path).name} {s.what} {s.steps[j]}: {s.lines[j]}" for s in (a, b)]
        return out


def _flatten(path: str) -> Side:
    from pbem.errors import PbemError

    replay = open_replay(path)
    side = Side(path, replay.what, setup=_setup_of(replay.game))
    side.start = ledger(replay.game)
    probe = Game(replay.game.setup)
    try:
        for m in replay:
            for action, line in zip(m.actions, m.lines):
                side.steps.append(m.id)
                side.lines.append(line)
                probe.push(action)
                side.ledgers.append(ledger(probe))
    except PbemError as e:
        side.error = str(e)
    return side


def _setup_of(game: Game) -> tuple:
    s = game.setup
    return (s.title, tuple(name for _pid, name in s.players), s.seed, tuple(s.options))


def ledger_difference(a: Ledger, b: Ledger) -> list[str]:
    """What differs between two ledgers, field by field and key by key."""
    out = []
    for name in ("cash", "paper", "presidents", "trains", "privates", "board", "market", "loans"):
        x, y = getattr(a, name), getattr(b, name)
        for k in sorted(set(x) | set(y), key=str):
            if x.get(k) != y.get(k):
                out.append(f"{name} {k}: {x.get(k)} -> {y.get(k)}")
    for name in ("phase", "round", "floated", "closed", "finished"):
        if getattr(a, name) != getattr(b, name):
            out.append(f"{name}: {getattr(a, name)} -> {getattr(b, name)}")
    return out


def diff(a_path: Union[str, Path], b_path: Union[str, Path]) -> Divergence:
    """The first action after which the games in `a_path` and `b_path` differ."""
    a, b = _flatten(str(a_path)), _flatten(str(b_path))
    if a.setup != b.setup:
        return Divergence(a, b, 0, [f"setup: {a.setup} -> {b.setup}"])
    n = min(len(a.ledgers), len(b.ledgers))
    written = next((i for i in range(n) if a.lines[i] != b.lines[i]), None)
    for i in range(n):
        if a.ledgers[i] != b.ledgers[i]:
            return Divergence(a, b, i, ledger_difference(a.ledgers[i], b.ledgers[i]), written)
    if len(a.ledgers) != len(b.ledgers):
        longer = a if len(a.ledgers) > n else b
        return Divergence(a, b, n, [f"only {Path(longer.path).name} goes on"], written)
    return Divergence(a, b, None, [], written)
