"""`pbem` commands that settle disputes: explain a move, audit a game, diff two records of a
game, and replay a game with one move changed. Each works on game files and 18xx.games records."""
from __future__ import annotations

import argparse
import json
import sys

from pbem.cli_guard import UsageError, key_file_arg, parse_at
from pbem.errors import PbemError


def cmd_audit(args: argparse.Namespace) -> int:
    from pbem.replay.audit import audit

    report = audit(args.file, key=key_file_arg(args.key_file))
    if args.format == "json":
        p = report.problem
        print(json.dumps({"ok": report.ok, "moves": report.moves, "rounds": len(report.rounds),
                          "money": report.money, "finished": report.finished, "end_reason": report.end_reason,
                          "standings": report.standings, "undone": report.undone,
                          "problem": None if p is None else {"move": p.move, "what": p.what, "rule": p.rule}}))
    else:
        out = sys.stdout if report.ok else sys.stderr
        for line in report.summary():
            print(line if report.ok else f"pbem audit: {line}", file=out)
    return 0 if report.ok else 1


def cmd_explain(args: argparse.Namespace) -> int:
    from pbem.replay.explain import explanation
    from pbem.replay.ledger import ledger
    from pbem.replay.position import ReplayError
    from pbem.replay.walk import open_replay

    replay = open_replay(args.file)
    ids = [s.id for s in replay.steps]
    if args.move not in ids:
        span = f" (its {replay.what}s run {ids[0]} to {ids[-1]})" if ids else ""
        raise ReplayError(f"{args.file} has no {replay.what} {args.move}{span}")
    before = ledger(replay.game)
    for moment in replay.walk(upto=args.move):
        if moment.id == args.move:
            ex = explanation(before, moment)
            if args.format == "json":
                print(json.dumps({"move": moment.id, "lines": ex.lines, "cash": ex.cash,
                                  "paper": [[c, h, v] for (c, h), v in sorted(ex.paper.items())]}))
            else:
                print("\n".join(ex.lines))
            return 0
        before = ledger(moment.game)
    raise ReplayError(f"{args.file}: {replay.what} {args.move} was not reached")


def cmd_diff(args: argparse.Namespace) -> int:
    from pbem.replay.diff import diff

    d = diff(args.a, args.b)
    for line in d.lines():
        print(line)
    return 0 if d.index is None else 1


def cmd_whatif(args: argparse.Namespace) -> int:
    from pbem.replay.whatif import whatif

    from pbem.replay.position import ReplayError

    text = sys.stdin.read() if args.moves == "-" else args.moves
    try:
        w = whatif(args.file, args.move, text, as_=args.as_)
    except ReplayError:
        raise
    except PbemError as e:
        print(f"REFUSED: the alternative to move {args.move} cannot be made there: {e}", file=sys.stderr)
        return 2
    for line in w.lines():
        print(line)
    return 0


def cmd_routes(args: argparse.Namespace) -> int:
    """`pbem routes GAME [COMPANY] [--at N] [--render OUT.png]`: the best run of a company (of the
    one operating now, or of every company that can run, when none is named), train by train,
    with the canonical line a player could mail back; `--render` draws it on the map."""
    from pathlib import Path

    from pbem.replay.best_run import NoRun, as_operating, best_run, runners
    from pbem.replay.position import position
    from pbem.render.map import round_label

    at = parse_at(args.at)
    out = Path(args.render) if args.render is not None else None
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        raise UsageError(f"--render {out}: " + ("is a folder" if out.is_dir() else f"there is no folder {out.parent}"))
    pos = position(args.file, at)
    game, g = pos.game, pos.game.state
    where = f"after {pos.what} {pos.at}" if pos.at else "at the start"
    when = f"{where} ({round_label(g)}, phase {g.phase.name})"
    syms = [args.company.upper() if args.company.upper() in g.corporations else args.company] if args.company \
        else runners(game)
    if not syms:
        raise NoRun(f"no company can run {when}: none has a train that has not run and a route for it")
    searched = as_operating(game)
    runs = [best_run(searched, s) for s in syms]
    for run in runs:
        print(f"{run.corp} {when}: best run found {g.money(run.total)}")
        width = max((len(t.train) for t in run.trains), default=0)
        for t in run.trains:
            print(f"  {t.train:>{width}} train  {g.money(t.revenue):>6}  {t.where()}")
        if not run.trains:
            print("  no route earns anything")
        print(f"  {run.line}")
        if run.refused:
            print(f"  but the engine's route check refuses it: {run.refused}")
    if out is not None:
        from pbem.render.map import map_png
        from pbem.render.route_overlay import ShownRun

        shown = [ShownRun(r.corp, f"{r.corp} best run {g.money(r.total)}", r.resolved) for r in runs]
        out.write_bytes(map_png(game.state, runs=shown))
        print(f"map: {out}")
    return 0


def add_parsers(sub) -> None:
    p = sub.add_parser("routes", help="the best run of a company (or of every company that can run), "
                       "and the map with it drawn")
    p.add_argument("file", help="a pbem game file or an 18xx.games record")
    p.add_argument("company", nargs="?", default=None,
                   help="the company (default: the one operating now, or every company that can run)")
    p.add_argument("--at", default=None, help="after this move number (game file) or action id (record); "
                   "default: the game's current position")
    p.add_argument("--render", default=None, metavar="OUT.png", help="also draw the routes on the map into OUT.png")
    p.set_defaults(func=cmd_routes)

    p = sub.add_parser("audit", help="replay a game from scratch checking every move and the books after each")
    p.add_argument("file", help="a pbem game file or an 18xx.games record")
    p.add_argument("--key-file", default=None, help="the moderator's key, to check a keyed game file's seals")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("explain", help="what one move did: cash flows, certificates, trains, tiles, runs")
    p.add_argument("file", help="a pbem game file or an 18xx.games record")
    p.add_argument("move", type=_number, help="move number (game file) or action id (record)")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("diff", help="where two records of the same game first differ")
    p.add_argument("a", help="a pbem game file or an 18xx.games record")
    p.add_argument("b", help="another record of the same game")
    p.set_defaults(func=cmd_diff)

    p = sub.add_parser("whatif", help="replay a game with one move replaced, as far as the later moves stay legal")
    p.add_argument("file", help="a pbem game file or an 18xx.games record")
    p.add_argument("move", type=_number, help="the move number (game file) or action id (record) to replace")
    p.add_argument("moves", help="the alternative moves in notation (or - for standard input)")
    p.add_argument("--as", dest="as_", default=None, help="the player who writes the alternative "
                   "(default: who made the move replaced)")
    p.set_defaults(func=cmd_whatif)


def _number(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants a move number, not {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"wants a move number, not {n}")
    return n
