"""An 18xx.games record as the lines of one of our game files: one canonical notation line per
action (`pbem.replay.record_file.import_record` writes them to a file and replays it)."""
from __future__ import annotations

import dataclasses

from pbem.engine.actions import Route, RunRoutes, Stop
from pbem.engine.game import Game
from pbem.engine.routes import route_segments
from pbem.errors import GameFileError
from pbem.importers.eighteen_xx import Converter, ImportRefused, Record
from pbem.importers.record_schema import action_label
from pbem.game_notation import bound_context
from pbem.notation import format_action
from pbem.titles import load_title


def record_lines(rec: Record, origins: dict | None = None,
                 notes: list | None = None) -> tuple[Game, list[tuple[str, str]]]:
    """Replay the record with player names as ids; return the game and (entity, notation) lines.
    `origins`, if given, collects record action id -> the lines made from that action; `notes`,
    if given, collects what the game did otherwise than the record says (certificates)."""
    names = {pid: name for pid, name in rec.players}
    if len(set(names.values())) != len(names):
        raise GameFileError("the record's player names are not unique; cannot name players by name")
    game = Game(load_title(rec.title), [(n, n) for n in names.values()], rec.seed, rec.options)
    conv = Converter(game)
    conv.names = names
    ctx = bound_context(lambda: game, trusted=True)
    lines: list[tuple[str, str]] = []
    for index, a in enumerate(rec.live):
        position = rec.position_of(index)
        for k, sub in enumerate([a] + list(a.get("auto_actions") or ())):
            if sub["type"] == "message":
                continue
            try:
                for act in conv.convert(sub):
                    act = dataclasses.replace(act, entity=names.get(act.entity, act.entity))
                    game.push(act)
                    if isinstance(act, RunRoutes):
                        act = _as_run(game, act)
                    lines.append((act.entity, format_action(act, ctx)))
                    if origins is not None:
                        origins.setdefault(a.get("id"), []).append(lines[-1][1])
            except ImportRefused:
                raise
            except Exception as e:  # noqa: BLE001 - reported with the action, never skipped
                raise ImportRefused(index, a.get("id"), sub, str(e), getattr(e, "rule", ""), position,
                                    action_label(position, a, auto=k - 1) if k else None) from e
    if notes is not None:
        notes.extend(f"action {aid} names the certificates {', '.join(named)}; the game moved "
                     f"{', '.join(moved)} (a holder gives its longest-held certificates first)"
                     for aid, named, moved in conv.unmatched)
    return game, lines


def _as_run(game: Game, act: RunRoutes) -> RunRoutes:
    """The run as the engine resolved it: stops in travel order with their nodes, and the hexes
    walked between them (18xx.games lists connection segments in no reliable order)."""
    corp = game.corporations[act.entity]
    routes = []
    laid = game.last_run[1] if game.last_run[0] == act.entity else corp.last_routes
    for orig, res in zip(act.routes, laid):
        routes.append(Route(train=orig.train, stops=tuple(Stop(c, n) for c, n in res.stops),
                            via=route_segments(game.board, res) or None,
                            revenue=orig.revenue if orig.trusted else None, trusted=orig.trusted))
    return RunRoutes(act.entity, tuple(routes))
