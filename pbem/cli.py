"""The `pbem` command line."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Optional

from pbem.errors import PbemError


def _is_record(path: str) -> bool:
    """An 18xx.games JSON record (as opposed to one of our game files)."""
    with open(path, "rb") as f:
        return f.read(1).lstrip()[:1] in (b"{", b"")


def cmd_replay(args: argparse.Namespace) -> int:
    from pbem.importers.eighteen_xx import ImportRefused, load_record, replay_record

    if not _is_record(args.file):
        from pbem.cli_game import replay_gamefile

        return replay_gamefile(args.file, args.format)

    t0 = time.perf_counter()
    rec = load_record(args.file)
    try:
        game = replay_record(rec)
    except ImportRefused as e:
        print(f"pbem replay: {args.file}: {e}", file=sys.stderr)
        return 2
    ms = (time.perf_counter() - t0) * 1000
    actions = len(rec.live)
    if args.format == "json":
        out = {
            "title": rec.title, "finished": game.finished, "end_reason": game.end_reason,
            "players": [{"id": _id(pid), "name": game.players[pid].name, "value": game.player_value(pid)}
                        for pid, _ in game.standings()],
            "actions": actions, "replay_ms": round(ms, 1),
        }
        print(json.dumps(out))
    else:
        state = "finished" if game.finished else "not finished"
        print(f"{rec.title} game {rec.game_id}: {state}" + (f" ({game.end_reason})" if game.end_reason else ""))
        for rank, (pid, value) in enumerate(game.standings(), 1):
            print(f"{rank}. {game.players[pid].name:20s} ${value}")
        print(f"{actions} actions replayed in {ms:.0f} ms")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from pbem.importers.eighteen_xx import ImportRefused, load_record, replay_record
    from pbem.replay.state import state_json

    rec = load_record(args.file)
    at: Optional[int] = None if args.at == "end" else int(args.at)
    if at is not None and not any(a.get("id") == at for a in rec.live):
        print(f"pbem show: no live action with id {at} in {args.file}", file=sys.stderr)
        return 2
    try:
        game = replay_record(rec, stop_at=at)
    except ImportRefused as e:
        print(f"pbem show: {args.file}: {e}", file=sys.stderr)
        return 2
    last = at if at is not None else next((a.get("id") for a in reversed(rec.live) if a["type"] != "message"), None)
    state = state_json(game, last)
    if args.format == "json":
        print(json.dumps(state))
    else:
        print(f"after action {last}: {state['round']} round, phase {state['phase']}, bank ${state['bank']}")
        for p in state["players"]:
            sh = ", ".join(f"{k} {v}%" for k, v in p["shares"].items())
            print(f"  {p['name']}: ${p['cash']}  {sh}  {' '.join(p['companies'])}")
        for c in state["corporations"]:
            print(f"  {c['sym']}: ${c['cash']} price {c['share_price']} trains {c['trains']}")
    return 0


def _id(pid: str):
    return int(pid) if pid.lstrip("-").isdigit() else pid


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pbem", description="Play-by-email moderator and replayer for 18xx games")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="replay a game record and print the final standings")
    r.add_argument("file")
    r.add_argument("--format", choices=["text", "json"], default="text")
    r.set_defaults(func=cmd_replay)
    s = sub.add_parser("show", help="show the state after an action of a record")
    s.add_argument("file")
    s.add_argument("--at", default="end", help="action id, or 'end'")
    s.add_argument("--format", choices=["text", "json"], default="text")
    s.set_defaults(func=cmd_show)
    from pbem.cli_game import add_commands

    add_commands(sub)
    return p


def main(argv: Optional[list[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except PbemError as e:
        line = getattr(e, "line", None)
        where = f" (line {line})" if line and f"line {line}" not in str(e) else ""
        print(f"pbem: {e}{where}", file=sys.stderr)
        return 2
    except FileNotFoundError as e:
        print(f"pbem: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
