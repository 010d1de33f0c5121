"""Audit a stored game (`pbem audit`): replay it from scratch, every move checked again by the
rules, and after every move check what must always hold: money is neither made nor lost, every
corporation's certificates add up and its president holds the president's certificate, each
train and each tile exists once, certificate and holding limits are kept after a purchase, and
(for a game file) the hash chain is whole. The first problem is reported with its move and rule."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

from pbem.errors import PbemError

from .ledger import Ledger, ledger
from .walk import Moment, Replay, open_replay

__all__ = ["Problem", "AuditReport", "audit", "check_moment"]


@dataclass(frozen=True)
class Problem:
    """What is wrong, at which move, and which rule or invariant it breaks."""

    move: Optional[int]
    what: str
    rule: str

    def __str__(self) -> str:
        at = f"move {self.move}" if self.move is not None else "the file"
        return f"{at}: {self.what} (rule: {self.rule})"


@dataclass
class AuditReport:
    path: str
    what: str                                  # "move" or "action"
    moves: int = 0
    rounds: list[str] = field(default_factory=list)
    standings: list[tuple[str, int]] = field(default_factory=list)
    finished: bool = False
    end_reason: Optional[str] = None
    undone: list[int] = field(default_factory=list)
    money: int = 0
    problem: Optional[Problem] = None
    #: what the rules noted without refusing: a decline to run while a run existed, accepted in a
    #: game under the reference's rules (option reference-runs), with the best run
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.problem is None

    def summary(self) -> list[str]:
        if self.problem is not None:
            return [f"audit failed at {self.problem}"]
        out = [f"{Path(self.path).name}: {self.moves} {self.what}s replayed and checked, no problem found",
               f"rounds: {len(self.rounds)} ({self.rounds[0]} to {self.rounds[-1]})" if self.rounds else "rounds: none",
               f"money in the game: {self.money}, the same after every move",
               "invariants checked after every move: money, certificates, president's certificate, trains, "
               "tiles, certificate and holding limits after purchases, train limits at the end of each operating turn"]
        if self.finished:
            out.append(f"game over ({self.end_reason}); standings: "
                       + ", ".join(f"{n} {v}" for n, v in self.standings))
        else:
            out.append("game in progress; standings now: " + ", ".join(f"{n} {v}" for n, v in self.standings))
        if self.undone:
            out.append(f"moves undone by the moderator: {', '.join(map(str, self.undone))}")
        out += [f"note: {n}" for n in self.notes]
        return out


def _paper(g, move) -> Optional[Problem]:
    for corp in g.corporations.values():
        certs = corp.certificates
        holders = Counter(id(c) for c in certs.certs)
        if any(n > 1 for n in holders.values()):
            return Problem(move, f"a {corp.sym} certificate is held twice", "each certificate has one holder")
        total = sum(corp.shares.values())
        if total != certs.total_percent:
            return Problem(move, f"{corp.sym}'s certificates add up to {total}%, not {certs.total_percent}%",
                           "a corporation's certificates add up to its total")
        pres = certs.president_cert
        if pres is not None and corp.president is not None and not corp.closed and pres.holder != corp.president:
            return Problem(move, f"{corp.president} presides over {corp.sym} but the president's certificate is "
                                 f"with {pres.holder}", "the president holds the president's certificate")
    return None


def _trains(g, move) -> Optional[Problem]:
    places = [g.depot.upcoming, g.depot.discarded, g.depot.removed, g.depot.rusted]
    places += [c.trains for c in g.corporations.values()]
    seen: Counter = Counter(id(t) for place in places for t in place)
    ids: Counter = Counter(t.id for place in places for t in place)
    twice = [i for i, n in ids.items() if n > 1] or [str(k) for k, n in seen.items() if n > 1]
    if twice:
        return Problem(move, f"train {twice[0]} is in two places at once", "each train exists once")
    limits = {spec["name"]: spec.get("count") for spec in g.data["trains"]}
    names = Counter(t.name for place in places for t in place)
    for name, n in names.items():
        count = limits.get(name)
        if isinstance(count, int) and name not in g.depot.unlimited and n > count:
            return Problem(move, f"{n} {name}-trains exist, the game has {count}", "each train exists once")
    return None


def _tiles(g, move) -> Optional[Problem]:
    on_map = g.board.laid_tiles()
    for name, total in g.board.manifest.items():
        if total is None:
            continue
        left = g.board.supply(name) or 0
        if on_map.get(name, 0) + left != total:
            return Problem(move, f"tile {name}: {on_map.get(name, 0)} on the map and {left} in the supply, "
                                 f"the game has {total}", "each tile exists once")
    return None


def _limits(g, moment: Moment) -> Optional[Problem]:
    from pbem.engine import actions as A

    for action in moment.actions:
        if not isinstance(action, (A.BuyShares, A.Par)) or action.entity not in g.players:
            continue
        player = action.entity
        n = g.shares.num_certs(player)
        if n > g.cert_limit:
            return Problem(moment.id, f"{g.player_name(player)} holds {n} certificates after buying, the limit is "
                                      f"{g.cert_limit}", "certificate limit")
        corp = g.corporations.get(action.corporation)
        if corp is not None and not g.shares.holding_ok(corp, player, 0):
            return Problem(moment.id, f"{g.player_name(player)} holds {corp.percent_of(player)}% of {corp.sym} "
                                      f"after buying", "holding limit")
    return None


def _train_limit(g, move, before: Ledger, after: Ledger) -> Optional[Problem]:
    """A corporation ends its operating turn within the train limit (it may be over the limit
    between a phase change and its next discard, as the rules allow)."""
    done = before.operating
    if done is None or (after.operating == done and after.round == before.round):
        return None
    corp = g.corporations.get(done)
    if corp is not None and not corp.closed and corp in g.crowded_corps():
        return Problem(move, f"{corp.sym} ended its operating turn holding more trains than the limit of "
                             f"{g.train_limit(corp)}", "train limit")
    return None


def check_moment(moment: Moment, before: Ledger, after: Ledger) -> Optional[Problem]:
    """The first invariant `moment`'s move breaks, or None."""
    g = moment.game.state
    if after.money() != before.money():
        change = after.money() - before.money()
        return Problem(moment.id, f"money in the game changed by {change:+d} ({before.money()} -> {after.money()})",
                       "money is conserved")
    return _paper(g, moment.id) or _trains(g, moment.id) or _tiles(g, moment.id) or _limits(g, moment) \
        or _train_limit(g, moment.id, before, after)


def audit(path: Union[str, Path], key: Optional[bytes] = None) -> AuditReport:
    """Replay `path` from scratch and check it move by move; the report says the first problem."""
    path = str(path)
    try:
        replay: Replay = open_replay(path)
    except PbemError as e:
        return AuditReport(path, "move", problem=Problem(None, str(e), getattr(e, "rule", "") or "a readable game"))
    report = AuditReport(path, replay.what)
    if replay.what == "move":
        from pbem.gamefile.verify import verify_file

        result = verify_file(path, None, key=key)
        if not result.ok:
            report.problem = Problem(None, result.message, "the hash chain")
            return report
        gf = replay.source
        report.undone = [r.seq for r in gf.records if getattr(r, "annulled", False)]
    before = ledger(replay.game)
    report.money = before.money()
    report.rounds = [before.round]
    last_id = None
    steps = iter(replay)
    while True:
        try:
            moment = next(steps)
        except StopIteration:
            break
        except PbemError as e:
            at = _failed_id(replay, last_id)
            rule = getattr(e, "rule", "") or getattr(e.__cause__, "rule", "") or "the rules"
            report.problem = Problem(at, str(e), rule)
            return report
        last_id = moment.id
        after = ledger(moment.game)
        problem = check_moment(moment, before, after)
        if problem is not None:
            report.problem = problem
            return report
        if after.round != report.rounds[-1]:
            report.rounds.append(after.round)
        if moment.moves:
            report.moves += 1
            report.notes += [f"{replay.what} {moment.id}: {text}" for text in _decline_notes(moment.game)]
        before = after
    g = replay.game
    report.finished, report.end_reason = g.state.finished, g.state.end_reason
    report.standings = [(g.state.player_name(p), v) for p, v in g.state.standings()]
    return report


def _decline_notes(g) -> list[str]:
    """The notes of a decline to run the rules accepted although a run existed (the search runs
    only for a decline: a run below the best is not audited)."""
    return [text for n in g.state.rule_notes if getattr(n, "revenue", 0) is None for text in [str(n)] if text]


def _failed_id(replay: Replay, last_id) -> Optional[int]:
    """The id of the step after `last_id` (the one that failed)."""
    ids = [s.id for s in replay.steps]
    if last_id is None:
        return ids[0] if ids else None
    i = ids.index(last_id)
    return ids[i + 1] if i + 1 < len(ids) else None
