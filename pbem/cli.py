"""The `pbem` command line."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Optional

from pbem.cli_guard import Parser, parse_at, run_command
from pbem.errors import PbemError


def money(game, amount) -> str:
    """An amount in the title's currency ("$40", "40₽")."""
    from pbem.render.report import money as fmt

    return fmt(game, amount)


def _is_record(path: str) -> bool:
    """An 18xx.games JSON record (as opposed to one of our game files)."""
    with open(path, "rb") as f:
        head = f.read(64).removeprefix(b"\xef\xbb\xbf").lstrip()       # past a byte-order mark and blanks
    return head[:1] in (b"{", b"")


def cmd_replay(args: argparse.Namespace) -> int:
    from pbem.importers.eighteen_xx import ImportRefused, ResultMismatch, check_result, load_record, replay_record

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
    from pbem.importers.eighteen_xx import ImportRefused, ResultMismatch, check_result, load_record, replay_record
    from pbem.replay.state import state_json, state_text

    at = parse_at(args.at)
    if not _is_record(args.file):
        from pbem.cli_game import open_table_at

        table = open_table_at(args.file, at)
        state = state_json(table.game, table.seqs[-1] if table.seqs else 0)
        if args.format == "json":
            print(json.dumps(state))
        else:
            print("\n".join(state_text(table.game, state, money, what="move")))
        return 0
    rec = load_record(args.file)
    if at is not None and not any(a.get("id") == at for a in rec.live):
        print(f"pbem show: no live action with id {at} in {args.file}", file=sys.stderr)
        return 2
    try:
        game = replay_record(rec, stop_at=at)
        if at is None and args.check_result:
            check_result(rec, game)
    except (ImportRefused, ResultMismatch) as e:
        print(f"pbem show: {args.file}: {e}", file=sys.stderr)
        return 2
    last = at if at is not None else next((a.get("id") for a in reversed(rec.live) if a["type"] != "message"), None)
    state = state_json(game, last)
    if args.format == "json":
        print(json.dumps(state))
    else:
        print("\n".join(state_text(game, state, money)))
    return 0


# --- pbem render --------------------------------------------------------------------------------
def _render_from_record(path: str, at: Optional[int], moves: int, check: bool = True):
    """Replay an 18xx.games record up to action `at`: (game, hexes changed by the last move,
    descriptions of the last moves, the action id shown). Replayed to the end, the game must
    reach the record's own result unless `check` is off."""
    from pbem.importers.eighteen_xx import check_result, load_record, replay_record

    rec = load_record(path)
    acts = [a for a in rec.live if a.get("type") != "message"]
    if at is not None:
        pos = next((i for i, a in enumerate(rec.live) if a.get("id") == at), None)
        if pos is None:
            raise ValueError(f"no live action with id {at} in {path}")
        # a chat message changes nothing: show the state after the last move at or before it
        n_before = sum(1 for a in rec.live[: pos + 1] if a.get("type") != "message")
        idx = n_before - 1
    else:
        idx = len(acts) - 1
    if idx < 0:
        raise ValueError(f"no move at or before action {at} in {path}")
    prev_id = acts[idx - 1].get("id") if idx >= 1 else None
    before: dict = {}
    wanted = {a.get("id") for a in acts[max(0, idx - moves + 1): idx + 1]}

    def each(game, a):
        if prev_id is not None and a.get("id") == prev_id:
            before.update(game.board.snapshot())

    game = replay_record(rec, stop_at=acts[idx].get("id") if acts else None, each=each)
    if at is None and check:
        check_result(rec, game, source=path)
    after = game.board.snapshot()
    texts = _canonical_record_moves(rec, acts[idx].get("id") if acts else None, wanted)
    changed = sorted({c for c in set(before) | set(after) if before.get(c) != after.get(c)} if prev_id is not None
                     else set(after))
    changed = sorted(set(changed) | set(game.last_move_hexes))
    last = [texts[a.get("id")] for a in acts[max(0, idx - moves + 1): idx + 1] if a.get("id") in texts]
    return game, changed, last, acts[idx].get("id") if acts else None, rec.game_id


def _canonical_record_moves(rec, last_id, wanted) -> dict:
    """The record's moves in pbem's canonical notation (as `pbem import-18xx` would store them),
    keyed by action id, for the actions in `wanted`."""
    import dataclasses

    from pbem.importers.to_gamefile import record_lines

    if last_id is None:
        return {}
    pos = next(i for i, a in enumerate(rec.live) if a.get("id") == last_id)
    out: dict = {}
    _game, lines = record_lines(dataclasses.replace(rec, live=rec.live[: pos + 1]), origins=out)
    return {aid: "; ".join(text) for aid, text in out.items() if aid in wanted}


def _render_from_game_file(path: str, at: Optional[int], moves: int, check: bool = True):
    """A pbem game file (docs/game-file.md) replayed up to move `at` (its moves in force):
    the same tuple as _render_from_record; the last moves are the file's canonical lines."""
    from pbem.moderator.table import Table

    from pbem.cli_game import open_table_at

    table = open_table_at(path, at)
    game, seqs = table.game, table.seqs
    if len(seqs) >= 2:
        before = Table.open(path, upto=seqs[-2]).game.board.snapshot()
    else:
        before = Table.new_game(table.file.header).board.snapshot()
    after = game.board.snapshot()
    changed = sorted({c for c in set(before) | set(after) if before.get(c) != after.get(c)}
                     | set(game.last_move_hexes))
    recent = set(seqs[-moves:]) if moves > 0 else set()
    last = [f"{r.seq}. {r.notation}" for r in table.file.effective_moves() if r.seq in recent]
    return game, changed, last, (seqs[-1] if seqs else 0), Path(path).stem


def cmd_render(args: argparse.Namespace) -> int:
    from pbem.importers.eighteen_xx import ImportRefused
    from pbem.render.output import write_outputs

    at = parse_at(args.at)
    loader = _render_from_record if _is_record(args.file) else _render_from_game_file
    try:
        game, changed, last, shown, game_id = loader(args.file, at, args.moves, args.check_result)
    except ImportRefused as e:
        print(f"pbem render: {args.file}: {e}", file=sys.stderr)
        return 2
    except (ValueError, PbemError) as e:
        print(f"pbem render: {e}", file=sys.stderr)
        return 2
    if args.routes and args.routes not in game.corporations:
        print(f"pbem render: no corporation {args.routes!r} (have {', '.join(game.corporations)})", file=sys.stderr)
        return 2
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    bad = [f for f in formats if f not in ("text", "html", "md")]
    if bad:
        print(f"pbem render: unknown report format(s) {', '.join(bad)}; use text, html, md", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    paths = write_outputs(game, args.out, highlight=changed if args.highlight else (), route_corp=args.routes,
                          last_moves=last, formats=formats, html_images=args.html_images, at=shown, game_id=game_id)
    ms = (time.perf_counter() - t0) * 1000
    for name, p in paths.items():
        print(f"{name}: {p}")
    what = "action" if _is_record(args.file) else "move"
    print(f"state after {what} {shown}; rendered in {ms:.0f} ms"
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
    key = None
    if args.key_file is not None:
        from pbem.gamefile.key import read_key

        try:
            key = read_key(Path(args.key_file))
        except OSError as e:
            print(f"pbem verify: cannot read the key file {args.key_file}: {e.strerror or e}", file=sys.stderr)
            return 2
    try:
        result = verify_file(args.file, witness, key=key)
    except OSError as e:
        print(f"pbem verify: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(result.message if result.ok else f"pbem verify: {result.message}", file=sys.stdout if result.ok else sys.stderr)
    return 0 if result.ok else 1


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
    r = sub.add_parser("replay", help="replay a game record and print the final standings")
    r.add_argument("file")
    r.add_argument("--format", choices=["text", "json"], default="text")
    add_no_check_result(r)
    r.set_defaults(func=cmd_replay)
    s = sub.add_parser("show", help="show the state after an action of a record")
    s.add_argument("file")
    s.add_argument("--at", default="end", help="action id, or 'end'")
    s.add_argument("--format", choices=["text", "json"], default="text")
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
    add_no_check_result(rd)
    rd.set_defaults(func=cmd_render)
    v = sub.add_parser("verify", help="check a game file's hash chain, and a head hash kept from a mail")
    v.add_argument("file", help="a pbem game file")
    v.add_argument("--head", metavar="N:HASH", help="a witness: record number N and the head hash after it, "
                   "as quoted in a moderator mail")
    v.add_argument("--key-file", metavar="F", help="the moderator's key: also check every line's MAC, which "
                   "finds a line written without the key even when its hash chain was recomputed")
    v.set_defaults(func=cmd_verify)
    rp = sub.add_parser("repair", help="cut the torn last line an interrupted append left (shows it first)")
    rp.add_argument("file", help="a pbem game file")
    rp.add_argument("--yes", action="store_true", help="really repair (without it, only show what would change)")
    rp.set_defaults(func=cmd_repair)
    from pbem.cli_game import add_commands

    add_commands(sub)
    from pbem.cli_mail import add_parsers as add_mail_commands

    add_mail_commands(sub)
    return p


def main(argv: Optional[list[str]] = None) -> int:
    return run_command(build_parser, argv)


if __name__ == "__main__":
    raise SystemExit(main())
