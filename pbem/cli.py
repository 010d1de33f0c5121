"""The `pbem` command line."""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Optional

from pbem.cli_guard import Parser, key_file_arg, parse_at, run_command
from pbem.errors import PbemError


def money(game, amount) -> str:
    """An amount in the title's currency ("$40", "40₽")."""
    from pbem.render.report import money as fmt

    return fmt(game, amount)


def _is_record(path: str) -> bool:
    """An 18xx.games JSON record (as opposed to one of our game files)."""
    from pbem.importers.json_text import is_record

    return is_record(path)


def cmd_replay(args: argparse.Namespace) -> int:
    from pbem.importers.eighteen_xx import ImportRefused, ResultMismatch, check_result, load_record, replay_record

    if args.html is not None:
        from pbem.cli_game import replay_html

        return replay_html(args.file, args.html, args.check_result)
    if not _is_record(args.file):
        from pbem.cli_game import replay_gamefile

        return replay_gamefile(args.file, args.format)

    t0 = time.perf_counter()
    rec = load_record(args.file)
    try:
        game = replay_record(rec)
        if args.check_result:
            check_result(rec, game)
    except (ImportRefused, ResultMismatch) as e:
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
            print(f"{rank}. {game.players[pid].name:20s} {money(game, value)}")
        print(f"{actions} actions replayed in {ms:.0f} ms")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from pbem.importers.eighteen_xx import ImportRefused, ResultMismatch, check_result
    from pbem.replay.position import position
    from pbem.replay.show import state_page
    from pbem.replay.state import state_json

    at = parse_at(args.at)
    try:
        pos = position(args.file, at, recent=5 if args.render is not None else 0)
        if pos.record is not None and at is None and args.check_result:
            check_result(pos.record, pos.game.state)
    except (ImportRefused, ResultMismatch) as e:
        print(f"pbem show: {args.file}: {e}", file=sys.stderr)
        return 2
    game = pos.game.state
    # a record's --at may name a chat message: the state is the one after the move before it
    state = state_json(game, at if at is not None and pos.record is not None else pos.at)
    if args.format == "json":
        print(json.dumps(state))           # the reference engine's dump has this shape: they diff
    elif args.format == "json-full":
        from pbem.replay.show import state_extended

        print(json.dumps(state_extended(game, state)))
    else:
        print("\n".join(state_page(game, state, money, what=pos.what)))
    if args.render is not None:
        from pbem.render.output import write_outputs

        paths = write_outputs(game, args.render, highlight=pos.changed, last_moves=pos.last, at=pos.at,
                              game_id=pos.name)
        for name, p in paths.items():
            print(f"{name}: {p}", file=sys.stdout if args.format == "text" else sys.stderr)
    return 0


# --- pbem render --------------------------------------------------------------------------------
def cmd_render(args: argparse.Namespace) -> int:
    from pbem.importers.eighteen_xx import ImportRefused, check_result
    from pbem.render.output import write_outputs
    from pbem.replay.position import ReplayError, position

    at = parse_at(args.at)
    try:
        pos = position(args.file, at, recent=args.moves)
        if pos.record is not None:
            if pos.at is None:
                raise ReplayError(f"no move at or before action {at} in {args.file}")
            if at is None and args.check_result:
                check_result(pos.record, pos.game.state, source=args.file)
    except ImportRefused as e:
        print(f"pbem render: {args.file}: {e}", file=sys.stderr)
        return 2
    except (ValueError, PbemError) as e:
        print(f"pbem render: {e}", file=sys.stderr)
        return 2
    game, changed, last, shown = pos.game.state, pos.changed, pos.last, pos.at
    if args.routes and args.routes not in game.corporations:
        print(f"pbem render: no corporation {args.routes!r} (have {', '.join(game.corporations)})", file=sys.stderr)
        return 2
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    bad = [f for f in formats if f not in ("text", "html", "md")]
    if bad:
        print(f"pbem render: unknown report format(s) {', '.join(bad)}; use text, html, md", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    if args.mail and args.routes:
        print("pbem render: --mail draws the pictures of a report mail, which show no run; leave out --routes",
              file=sys.stderr)
        return 2
    paths = write_outputs(game, args.out, highlight=changed if args.highlight or args.mail else (),
                          route_corp=args.routes, last_moves=last, formats=formats, html_images=args.html_images,
                          at=shown, game_id=pos.name, mail=args.mail)
    ms = (time.perf_counter() - t0) * 1000
    for name, p in paths.items():
        print(f"{name}: {p}")
    print(f"state after {pos.what} {shown}; rendered in {ms:.0f} ms"
          + (f"; highlighted {' '.join(changed) or 'nothing'}" if args.highlight else ""))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Check a game file's chain (and a witness `--head N:HASH`): one line, exit 0 ok / 1 bad / 2 usage."""
    from pbem.gamefile.verify import Witness, verify_file

    witness = None
    if args.head is not None:
        try:
            witness = Witness.parse(args.head)
        except ValueError as e:
            print(f"pbem verify: --head: {e}", file=sys.stderr)
            return 2
    key = key_file_arg(args.key_file)
    try:
        result = verify_file(args.file, witness, key=key)
    except OSError as e:
        print(f"pbem verify: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(result.message if result.ok else f"pbem verify: {result.message}", file=sys.stdout if result.ok else sys.stderr)
    return 0 if result.ok else 1


def cmd_seal(args: argparse.Namespace) -> int:
    """Seal an old, unsealed game file under the moderator's key (an explicit, logged migration)."""
    from pbem.gamefile.key import key_path
    from pbem.gamefile.migrate import seal_file
    from pbem.gamefile.verify import Witness

    witness = None
    if args.head is not None:
        try:
            witness = Witness.parse(args.head)
        except ValueError as e:
            print(f"pbem seal: --head: {e}", file=sys.stderr)
            return 2
    key = key_file_arg(args.key_file)
    done = seal_file(args.file, key=key, witness=witness)
    where = args.key_file or key_path()
    if not done.changed:
        print(f"ok: {args.file} is sealed already (format version {done.old_version}) and every seal matches "
              f"the key {where}; nothing changed")
        return 0
    print(f"sealed {args.file}: format version {done.old_version} -> 3, {done.records} records sealed with the "
          f"key {where} (id {done.key_id}); old head {done.old_head}, new head {done.new_head}; "
          f"note {done.records + 1} records the migration and the old head. Heads mailed before name the old "
          f"file: mail the players the new head {done.new_head}")
    return 0


def cmd_repair(args: argparse.Namespace) -> int:
    """Cut a torn tail (an interrupted append) off a game file, showing first what goes.

    Without --yes nothing is written: the bytes that would be dropped are shown and the exit
    is 1, so a script never loses data by accident. Exit 0 when there is nothing to repair
    or the repair was made; damage before the tail is never touched (one line, exit 2).
    """
    from pbem.gamefile import repair
    from pbem.gamefile.format import quote

    plan = repair(args.file, dry_run=True)
    if not plan.changed:
        swept = repair(args.file).swept if args.yes else ()
        print(f"ok: {args.file} ends with a whole line; nothing to repair"
              + (f" (removed {len(swept)} temp file(s) a killed write left)" if swept else ""))
        return 0
    if plan.completed:
        what = f"line {plan.line} is whole and verifies but lacks its newline: the newline is added, nothing dropped"
    else:
        shown = quote(plan.removed[:200].decode("utf-8", "backslashreplace"))
        more = f" (first 200 of {len(plan.removed)} bytes)" if len(plan.removed) > 200 else ""
        what = (f"line {plan.line} is torn (an interrupted append, never acknowledged): "
                f"{len(plan.removed)} bytes dropped: {shown}{more}")
    if not args.yes:
        print(f"would repair {args.file}: {what}")
        print("pbem repair: nothing changed; run again with --yes to repair", file=sys.stderr)
        return 1
    done = repair(args.file)
    if (done.removed, done.completed, done.line) != (plan.removed, plan.completed, plan.line):       # the tail changed between the look and the repair (another process)
        print(f"pbem repair: {args.file} changed while being repaired; look again", file=sys.stderr)
        return 1
    print(f"repaired {args.file}: {what}")
    return 0


def _id(pid: str):
    return int(pid) if pid.lstrip("-").isdigit() else pid


def add_no_check_result(p: argparse.ArgumentParser) -> None:
    """`--no-check-result`: replaying a record to its end, do not compare with its `result`."""
    p.add_argument("--no-check-result", dest="check_result", action="store_false",
                   help="an 18xx.games record replayed to its end need not reach the record's own result")


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="pbem", description="Play-by-email moderator and replayer for 18xx games")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="replay a game record and print the final standings (or write an HTML replay)")
    r.add_argument("file", help="a pbem game file, or an 18xx.games record (.json)")
    r.add_argument("--format", choices=["text", "json"], default="text")
    r.add_argument("--html", default=None, metavar="OUT.html",
                   help="write one self-contained HTML page stepping through the game move by move")
    add_no_check_result(r)
    r.set_defaults(func=cmd_replay)
    s = sub.add_parser("show", help="the state after a move of a game file or an action of a record")
    s.add_argument("file")
    s.add_argument("--at", default="end", help="action id, or 'end'")
    s.add_argument("--format", choices=["text", "json", "json-full"], default="text",
                   help="json: the shape the 18xx.games dump tool writes (to diff the two); json-full adds "
                   "whose turn, the depot, market cells, stations and limits")
    s.add_argument("--render", default=None, metavar="DIR", help="also write the map, market and reports of "
                   "that state into DIR")
    add_no_check_result(s)
    s.set_defaults(func=cmd_show)
    rd = sub.add_parser("render", help="write map.png, market.png and status reports for a game state")
    rd.add_argument("file", help="a pbem game file, or an 18xx.games record (.json)")
    rd.add_argument("--at", default=None, help="move number (game file) or action id (record) to show the "
                    "state after (default: the last)")
    rd.add_argument("--out", default=".", help="directory to write into (default: current)")
    rd.add_argument("--highlight", action="store_true", help="outline the hexes changed by the last move")
    rd.add_argument("--routes", default=None, metavar="CORP", help="draw this corporation's last run")
    rd.add_argument("--formats", default="text,html,md", help="report formats, comma separated (text,html,md)")
    rd.add_argument("--html-images", choices=["files", "inline", "cid"], default="files",
                    help="how report.html refers to the images")
    rd.add_argument("--moves", type=int, default=5, help="how many last moves the report lists")
    rd.add_argument("--mail", action="store_true", help="the pictures as a report mail carries them: the map "
                    "and market 800 px wide, and changed.png around the hexes the last move changed")
    add_no_check_result(rd)
    rd.set_defaults(func=cmd_render)
    v = sub.add_parser("verify", help="check a game file's hash chain, and a head hash kept from a mail")
    v.add_argument("file", help="a pbem game file")
    v.add_argument("--head", metavar="N:HASH", help="a witness: record number N and the head hash after it, "
                   "as quoted in a moderator mail")
    v.add_argument("--key-file", metavar="F", help="the moderator's key: also check every line's MAC, which "
                   "finds a line written without the key even when its hash chain was recomputed")
    v.set_defaults(func=cmd_verify)
    sl = sub.add_parser("seal", help="seal an old, unsealed game file under the moderator's key (logged in the file)")
    sl.add_argument("file", help="a pbem game file of format version 1 or 2")
    sl.add_argument("--key-file", metavar="F", help="the moderator's key (default: $PBEM_KEY_FILE or "
                    "~/.config/pbem/key, made if missing)")
    sl.add_argument("--head", metavar="N:HASH", help="the last head you mailed: seal only if the file matches it")
    sl.set_defaults(func=cmd_seal)
    rp = sub.add_parser("repair", help="cut the torn last line an interrupted append left (shows it first)")
    rp.add_argument("file", help="a pbem game file")
    rp.add_argument("--yes", action="store_true", help="really repair (without it, only show what would change)")
    rp.set_defaults(func=cmd_repair)
    from pbem.cli_game import add_commands

    add_commands(sub)
    from pbem.cli_mail import add_parsers as add_mail_commands

    add_mail_commands(sub)
    from pbem.cli_replay import add_parsers as add_replay_commands

    add_replay_commands(sub)
    return p


def main(argv: Optional[list[str]] = None) -> int:
    return run_command(build_parser, argv)


if __name__ == "__main__":
    raise SystemExit(main())
