"""The notation context of a live engine game: its names once, its turn state and hooks live.

The name tables (players, corporations, places, aliases) are built once per game; the hooks
through which the notation reader asks the engine (a tile's rotation, a player's holding, a
corporation's trains) read whatever state `state()` returns at the time of the call, so one
context follows the game move after move (`ctx.at_turn(...)` sets the acting entity).
"""
from __future__ import annotations

import copy
from dataclasses import replace
from typing import Callable, Optional, Sequence

from pbem.engine.actions import Action, RunRoutes
from pbem.engine.game import Game as EngineGame
from pbem.errors import AmbiguousMoveError, PbemError
from pbem.notation import NotationContext, context_from_title_data, format_action

__all__ = ["bound_context", "notation_context", "describe_legal", "checked"]


def bound_context(state: Callable[[], EngineGame], *, trusted: bool = False) -> NotationContext:
    """A context for the game `state()` returns, built once: names from its title data and seats,
    hooks that read the state of the moment they are called."""
    game = state()
    players = {pid: game.players[pid].name for pid in game.seat_order}

    def resolve_rotation(tile: str, hex_: str, edges: tuple) -> int:
        g = state()
        if edges:
            sides = ctx.compass_sides()
            numbers = []
            for e in edges:
                if e in sides:
                    numbers.append(sides[e])
                else:
                    numbers.append(next(i for i in range(6) if g.board.neighbor(hex_, i) == e))
            return g.board.rotation_for_edges(hex_, tile, numbers)
        rots = g.board.legal_rotations(g.current_entity(), hex_, tile, g.tile_colors, distinct=True)
        if len(rots) == 1:
            return rots[0]
        raise AmbiguousMoveError(
            f"#{tile} on {hex_} fits with rotation {', '.join(map(str, rots))}: say which"
            if rots else f"#{tile} cannot be laid on {hex_} in any rotation now",
            candidates=[f"lays #{tile} on {hex_} rot {r}" for r in rots])

    def holdings(player: str, corp: str) -> int:
        g = state()
        return g.corporations[corp].percent_of(player) if corp in g.corporations else 0

    def trains_of(corp: str) -> list[str]:
        g = state()
        return [t.name for t in g.corporations[corp].trains] if corp in g.corporations else []

    def round_kind() -> Optional[str]:
        g = state()
        return None if g.finished or g.round is None else g.round.name

    def legal(actions: Sequence[Action]) -> bool:
        # tried in order on a copy, each as the table plays it (the passes it implies, a run's
        # stops found): of the moves a line's pieces fit, the legal ones are read
        # (pbem/notation/piece_moves.py)
        from pbem.reading.settle import needs_stops, push_implicit_passes, settle_run

        g = copy.deepcopy(state())
        try:
            for a in actions:
                push_implicit_passes(g, g.push, a)
                g.push(settle_run(g, a) if needs_stops(a) else a)
        except PbemError:
            return False
        return True

    def owner_of(company: str) -> Optional[str]:
        c = state().companies.get(company)
        return c.owner if c is not None and not c.closed else None

    def lays_on(hex_: str) -> list[tuple[str, str, list[int]]]:
        g = state()
        corp = g.current_entity()
        if corp not in g.corporations:
            return []
        return [(t, g.board.catalogue[t].color, rots) for c, t, rots in g.board.legal_lays(corp, g.tile_colors)
                if c == hex_]

    ctx = context_from_title_data(game.data, players, current=game.current_entity(), allow_trusted=trusted,
                                  rotation_resolver=resolve_rotation, holdings=holdings, trains_of=trains_of,
                                  round_kind=round_kind, legal=legal,
                                  owner_of=owner_of, lays_on=lays_on)
    return ctx


def notation_context(game: EngineGame, *, actor: Optional[str] = None, trusted: bool = False) -> NotationContext:
    """The names and turn state the notation reader needs for this game (built anew: a caller
    that reads many moves keeps one `bound_context` instead, as `pbem.Game` does)."""
    return bound_context(lambda: game, trusted=trusted).at_turn(actor=actor)


def describe_legal(game: EngineGame, limit: int = 25, ctx: Optional[NotationContext] = None,
                   moves: Optional[list] = None) -> list[str]:
    """The acting entity's legal moves as canonical lines (with notes such as price ranges);
    `moves`: `game.legal_moves()` when the caller has them already."""
    ctx = ctx or notation_context(game)
    out = []
    for m in (game.legal_moves() if moves is None else moves)[:limit]:
        line = format_action(m.action, ctx)
        out.append(f"{line}  ({m.note})" if m.note else line)
    return out


def checked(action: Action) -> Action:
    """`action` with no part taken on trust: a stored run's revenue (an old import may mark it
    `trusted`) is checked against the board like any player's claim, so an edited revenue is
    refused on replay instead of paid out."""
    if isinstance(action, RunRoutes) and any(r.trusted for r in action.routes):
        return replace(action, routes=tuple(replace(r, trusted=False) for r in action.routes))
    return action
