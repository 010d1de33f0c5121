"""What if move N had been another (`pbem whatif GAME N "moves"`): replay to just before move
N, make the alternative moves instead (read as the player who made move N, or as written), then
carry the game's later moves on while they stay legal. The report says where the game stops
being legal, and why, or the standings if it never does."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

from pbem.errors import PbemError

from .position import ReplayError
from .walk import open_replay

__all__ = ["WhatIf", "whatif"]


@dataclass
class WhatIf:
    path: str
    what: str
    at: int
    alternative: list[str] = field(default_factory=list)    # the alternative as canonical lines
    replaced: list[str] = field(default_factory=list)       # what move N was
    carried: int = 0                                         # later moves that still applied
    stopped_at: Optional[int] = None                         # the first later move that did not
    stopped_line: str = ""
    why: str = ""
    rule: str = ""
    later: int = 0                                           # later moves in all
    standings: list = field(default_factory=list)
    finished: bool = False

    def lines(self) -> list[str]:
        out = [f"{Path(self.path).name}: {self.what} {self.at} was: {'; '.join(self.replaced) or '(nothing)'}",
               f"instead: {'; '.join(self.alternative)}"]
        if self.stopped_at is not None:
            out.append(f"the later moves carry on for {self.carried} of {self.later}; {self.what} {self.stopped_at} "
                       f"({self.stopped_line or 'no text'}) is no longer legal: {self.why}"
                       + (f" (rule: {self.rule})" if self.rule else ""))
        else:
            out.append(f"all {self.later} later moves stay legal")
        state = "final standings" if self.finished else "standings after them"
        if self.stopped_at is not None:
            state = "standings where the game stops"
        out.append(f"{state}: " + ", ".join(f"{n} {v}" for n, v in self.standings))
        return out


def whatif(path: Union[str, Path], at: int, text: str, as_: Optional[str] = None) -> WhatIf:
    """Replay `path` with move `at` replaced by the moves in `text`. ReplayError for a move the game
    does not have; the alternative's own NotationError / RuleError / AmbiguousMoveError go to the
    caller (the alternative itself is not legal)."""
    replay = open_replay(path)
    ids = [s.id for s in replay.steps if s.moves]
    if at not in ids:
        raise ReplayError(f"{path} has no {replay.what} {at} (its {replay.what}s run {ids[0]} to {ids[-1]})"
                          if ids else f"{path} has no moves")
    report = WhatIf(str(path), replay.what, at)
    game = replay.game
    steps = replay.steps
    k = next(i for i, s in enumerate(steps) if s.id == at)
    for s in steps[:k]:
        s.apply(game)
    probe = game.copy()
    mark = len(probe.moves)
    steps[k].apply(probe)
    original = probe.moves[mark:]
    report.replaced = [probe.notation(a) for a in original]
    actor = as_ or (original[0].entity if original else None)
    if actor is not None and actor in game.state.corporations:
        actor = game.state.corporations[actor].president or actor
    pushed = game.push_notation(text, actor if actor in game.state.players else None)
    report.alternative = [game.notation(a) for a in pushed]
    later = [s for s in steps[k + 1:] if s.moves]
    report.later = len(later)
    for s in later:
        mark = len(game.moves)
        try:
            s.apply(game)
        except PbemError as e:
            if len(game.moves) != mark:
                game.back_to(mark)
            report.stopped_at = s.id
            report.why = _reason(e)
            report.rule = getattr(e, "rule", "") or getattr(e.__cause__, "rule", "") or ""
            report.stopped_line = _line_of(replay, s.id)
            break
        report.carried += 1
    st = game.state
    report.finished = st.finished
    report.standings = [(st.player_name(p), v) for p, v in st.standings()]
    return report


def _reason(e: PbemError) -> str:
    cause = e.__cause__
    return str(cause) if isinstance(cause, PbemError) else str(e)


def _line_of(replay, step_id) -> str:
    src = replay.source
    records = getattr(src, "effective_moves", None)
    if callable(records):
        return next((r.notation for r in records() if r.seq == step_id), "")
    return ""
