"""A value snapshot of everything a move can change: cash, paper, trains, privates, tiles and
stations, market positions, phase and round. Two ledgers compared say what a move did
(`pbem.replay.explain`); one ledger checked says whether the game is sound (`pbem.replay.audit`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pbem.game import Game

__all__ = ["Ledger", "ledger", "BANK"]

BANK = "the bank"


@dataclass(frozen=True)
class Ledger:
    """Everything a move may change, as plain values (players named by name)."""

    cash: dict              # holder -> cash: players, corporations, BANK
    paper: dict             # (corporation, holder) -> percent
    presidents: dict        # corporation -> president (or None)
    trains: dict            # train id -> (name, where): a corporation, "depot", "discarded", "removed", "rusted"
    privates: dict          # company -> (owner or None, closed)
    board: dict             # hex -> (tile, rotation, stations: tuple of corporations)
    market: dict            # corporation -> (row, column, price)
    phase: str
    round: str              # "auction", "SR 3", "OR 2.1", ...
    loans: dict             # corporation -> loans taken
    floated: frozenset
    closed: frozenset       # corporations closed
    finished: bool
    operating: Optional[str] = None   # the corporation whose operating turn it is (operating rounds)

    def money(self) -> int:
        """All money in the game: bank, players and corporations."""
        return sum(self.cash.values())


def _round(g) -> str:
    name = g.round.name
    if name == "stock":
        return f"SR {g.turn}"
    if name == "operating":
        return f"OR {g.turn}.{g.round.num}"
    return name


def _trains(g) -> dict:
    out = {}
    for t in g.depot.upcoming:
        out[t.id] = (t.name, "depot")
    for t in g.depot.discarded:
        out[t.id] = (t.name, "discarded")
    for t in g.depot.removed:
        out[t.id] = (t.name, "removed")
    for corp in g.corporations.values():
        for t in corp.trains:
            out[t.id] = (t.name, "rusted" if t.rusted else t.runner or corp.sym)
    return out


def ledger(game: Game) -> Ledger:
    """The snapshot of `game` now (a value: later moves do not change it)."""
    g = game.state if isinstance(game, Game) else game      # a pbem.Game, or its engine state
    nm = {p: pl.name for p, pl in g.players.items()}
    who = lambda k: nm.get(k, k) if k is not None else None  # noqa: E731 - players by name: files and records compare
    cash = {pl.name: pl.cash for pl in g.players.values()}
    cash.update({s: c.cash for s, c in g.corporations.items()})
    cash[BANK] = g.bank
    paper = {(s, who(h)): pct for s, c in g.corporations.items() for h, pct in c.shares.items()}
    board = {}
    for coord, hx in g.board.snapshot().items():
        stations = tuple(t[0] for city in hx["tokens"] for t in city if t)
        board[coord] = (hx["tile"], hx["rotation"], stations)
    market = {}
    for sym in g.corporations:
        cell = g.market.positions.get(sym)
        if cell is not None:
            market[sym] = (cell.row, cell.col, cell.price)
    return Ledger(
        cash=cash, paper=paper, presidents={s: who(c.president) for s, c in g.corporations.items()},
        trains=_trains(g),
        privates={s: (who(c.owner), c.closed) for s, c in g.companies.items() if not c.hidden},
        board=board, market=market, phase=str(g.phase.name), round=_round(g),
        loans={s: c.loans for s, c in g.corporations.items() if c.loans},
        floated=frozenset(s for s, c in g.corporations.items() if c.floated),
        closed=frozenset(s for s, c in g.corporations.items() if c.closed),
        finished=g.finished,
        operating=_operating(g))


def _operating(g) -> Optional[str]:
    if g.round.name != "operating":
        return None
    order, index = getattr(g.round, "order", None), getattr(g.round, "index", None)
    if not order or index is None or not 0 <= index < len(order):
        return None                  # the round is over (its last turn done)
    return getattr(order[index], "sym", None)
