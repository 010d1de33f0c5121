"""What the notation tests share: four seats and a context for a title and round kind (a fixed
rotation, no game), and a line read with it."""
from __future__ import annotations

from pbem.errors import PbemError
from pbem.notation import context_for_title, parse_message
from pbem.notation.names import name_index
from pbem.notation.terse import read_terse_by_pieces

PLAYERS = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dee": "Dee"}


def ctx(title: str, round_kind, current=None, actor: str = "ann"):
    return context_for_title(title, PLAYERS, actor=actor, current=current, round_kind=round_kind,
                             rotation_resolver=lambda t, h, e: 3)


def read(title, round_kind, current, line):
    return parse_message(line, ctx(title, round_kind, current))


def assert_no_move_of_the_writer(title, round_kind, current, line):
    """A near miss is refused, or read only as another seat's move (which the table refuses)."""
    try:
        got = read(title, round_kind, current, line)
    except PbemError:
        return
    assert got and all(a.entity in PLAYERS and a.entity != "ann" for a in got), got


def read_move_by_move(title, round_kind, current, line):
    """The moves of `line` as the table reads a message, move by move (notation/sequence.py)."""
    from pbem.notation.sequence import iter_moves

    c = ctx(title, round_kind, current)
    return [m.action for m in iter_moves(line, lambda: c)]


def trains_ctx(title: str, current: str, kinds=("2", "3")):
    """An operating round whose operating company owns trains of the given kinds (rotation 0)."""
    return context_for_title(title, PLAYERS, actor="ann", current=current, round_kind="OR",
                             rotation_resolver=lambda t, h, e: 0, trains_of=lambda corp: list(kinds))


def run(entity, *routes):
    """A run of `entity` over the given routes."""
    from pbem.engine.actions import RunRoutes

    return RunRoutes(entity, tuple(routes))


def R(train, stops, revenue=None):
    """A route of `train` through the hexes `stops`, with its revenue if stated."""
    from pbem.engine.actions import Route, Stop

    return Route(train, tuple(Stop(s) for s in stops), None, revenue)


def interpret(title, rk, current, line):
    """The line read by the one interpreter alone (its ParsedMoves), the company's trains all 2s."""
    c = context_for_title(title, PLAYERS, actor="ann", current=current, round_kind=rk,
                          rotation_resolver=lambda t, h, e: 3, trains_of=lambda c: ["2"])
    return read_terse_by_pieces(line, c, name_index(c))


def interpret_actions(title, rk, current, line):
    """The actions of the line read by the interpreter alone (`interpret`)."""
    return [m.action for m in interpret(title, rk, current, line)]


def round_of(action, players) -> str:
    """The round a move of this kind is written in: a bid in the private auction, a player's
    other moves in a stock round, a company's moves in an operating round."""
    from pbem.engine.actions import Bid, BuyShares, EndGame, Par, Pass, SellShares

    if isinstance(action, Bid):
        return "auction"
    if isinstance(action, (Par, BuyShares, SellShares, EndGame)) or (isinstance(action, Pass) and action.entity in players):
        return "stock"
    return "operating"
