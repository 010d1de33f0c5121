"""`pbem` commands that work on our own game files: new, move, status, legal, log, undo, import-18xx."""
from __future__ import annotations

import argparse
import json
import re
import sys


from pbem.cli_guard import UsageError
from pbem.errors import NotationError

_ADDR = re.compile(r"^\s*(?P<name>[^<]+?)\s*(?:<(?P<email>[^>]*)>)?\s*$")


def parse_player(text: str) -> tuple[str, str]:
    """'Ann <ann@example.org>' -> ('Ann', 'ann@example.org'); a bare name has no address."""
    m = _ADDR.match(text)
    if not m:
        raise UsageError(f"not a player: {text!r} (write: Name <address>, or just Name)")
    return m.group("name"), m.group("email") or ""


def check_new_path(path: str) -> None:
    """A new game file can be written at `path`: its folder exists and nothing is there yet."""
    from pathlib import Path

    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{path} is a folder; name the game file to create")
    if not p.parent.is_dir():
        raise UsageError(f"{path}: there is no folder {p.parent}")


def cmd_new(a: argparse.Namespace) -> int:
    from pbem.table import Table

    players = [parse_player(p) for p in a.players]
    check_new_path(a.gamefile)
    from pbem.gamefile import key_path

    seed = a.seed if a.seed is not None else 0
    data = ""
    if a.title_data:
        from pbem.titles.registry import game_data

        data = game_data(a.title, a.title_data)
    had_key = key_path().exists()
    t = Table.create(a.gamefile, a.title, players, seed, a.option or (), data)
    own = f", its own {', '.join(sorted(json.loads(data)))} from {a.title_data}" if data else ""
    print(f"created {a.gamefile}: {a.title}, {len(players)} players, seed {seed}{own}")
    # the moderator must know where the key is (to back it up, and for `pbem verify --key-file`)
    print(f"sealed with the moderator's key {key_path()}" + ("" if had_key else " (made now: keep a copy)"))
    print(_turn_line(t))
    return 0


def _turn_line(t) -> str:
    """Who moves next (`t`: a Table or an engine game)."""
    g = getattr(t, "game", t)
    if g.finished:
        return f"the game is over ({g.end_reason})"
    ent = g.current_entity()
    who = g.player_name(ent) if ent in g.players else ent
    extra = ""
    corp = g.corporations.get(ent)
    if corp is not None and corp.president:
        extra = f" (president {g.player_name(corp.president)})"
    return f"next: {who}{extra} in the {g.round.name} round, phase {g.phase.name}"


def cmd_move(a: argparse.Namespace) -> int:
    from pbem.gamefile import StaleGameError
    from pbem.notation.limits import check_message
    from pbem.table import Table

    text = sys.stdin.read() if a.text in (None, "-") else a.text
    try:
        check_message(text.split("\n"))    # a megabyte is refused before the game is replayed
    except NotationError as e:
        print(f"REFUSED, nothing applied: {e}", file=sys.stderr)
        return 1
    t = Table.open(a.gamefile)
    try:
        outcome = t.submit(text, a.as_player, source=a.source or "cli")
    except StaleGameError as e:            # another process's move was stored first
        print(f"REFUSED, nothing applied: {e}", file=sys.stderr)
        return 1
    if a.trace:
        from pbem.reading.driver import trace_text
        print(trace_text(outcome.trace), flush=True)
    for why in outcome.refusals:
        print(f"REFUSED, nothing applied: {why.message}", file=sys.stderr)
        if why.by_rules:
            if why.legal:
                print("legal now:", file=sys.stderr)
                for line in why.legal:
                    print(f"  {line}", file=sys.stderr)
        else:
            for c in why.candidates:
                print(f"  did you mean: {c}", file=sys.stderr)
        return 1
    applied = outcome.applied
    for m in applied:
        print(f"#{m.seq} {m.notation}")
    for w in outcome.notes:
        print(f"warning: {w}", file=sys.stderr)
    print(_turn_line(t))
    return 0


def cmd_status(a: argparse.Namespace) -> int:
    """The status report (the text the moderator mails), from the game file."""
    from pbem.table import Table
    from pbem.render.report import build_report, render_report

    t = Table.open(a.gamefile)
    moves = [r.notation for r in t.file.effective_moves()][-a.moves:] if a.moves else []
    data = build_report(t.game, last_moves=moves, at=t.seqs[-1] if t.seqs else None,
                        game_id=str(a.gamefile))
    print(render_report(data, a.format), end="")
    return 0


def cmd_legal(a: argparse.Namespace) -> int:
    from pbem.replay.gamefile import read_game

    g = read_game(a.gamefile)
    for line in g.legal_notation(limit=a.limit, notes=True):
        print(line)
    return 0


def cmd_log(a: argparse.Namespace) -> int:
    from pbem.gamefile import GameFile

    gf = GameFile.open(a.gamefile)
    print(gf.listing())
    # the witness of this listing: `pbem undo --head` and `pbem verify --head` take it
    print(f"head {len(gf.records)}:{gf.head}")
    return 0


def cmd_undo(a: argparse.Namespace) -> int:
    from pbem.table import Table

    from pbem.gamefile import StaleGameError

    expect = _head_arg(a.head) if a.head is not None else None
    t = Table.open(a.gamefile)
    try:
        gone = t.undo(a.n, who=a.by, reason=a.reason or "", expect_head=expect)
    except StaleGameError:
        t.file.reload()
        n = len(t.file.records)
        print(f"pbem undo: nothing annulled: the game has moved on since head {expect} "
              f"(its head is now {n}:{t.file.head}); look at it again", file=sys.stderr)
        return 1
    print(f"annulled {len(gone)} move(s); they stay in the file, marked as annulled:")
    for m in gone:
        print(f"  #{m.seq} {m.notation}")
    print(_turn_line(t))
    return 0


def _head_arg(text: str) -> str:
    """`--head`: the head hash the moderator saw, as a bare hash or as the `N:HASH` of a mail."""
    from pbem.gamefile import HASH_LEN

    hash_ = text.strip().rsplit(":", 1)[-1].lower()
    if not re.fullmatch("[0-9a-f]{%d}" % HASH_LEN, hash_):
        raise UsageError(f"--head wants the head hash ({HASH_LEN} hex digits, or N:HASH), not {text!r}")
    return hash_


def cmd_import(a: argparse.Namespace) -> int:
    from pbem.replay.record_file import import_record

    check_new_path(a.gamefile)
    notes: list[str] = []
    game, seqs = import_record(a.record, a.gamefile, check_result=a.check_result, notes=notes)
    print(f"imported {len(seqs)} moves into {a.gamefile}")
    for note in notes:
        print(f"note: {note}")
    print(_turn_line(game.state))
    return 0


def cmd_export(a: argparse.Namespace) -> int:
    """`pbem export-18xx`: the game file as an 18xx.games JSON record."""
    from pathlib import Path

    from pbem.exporters.eighteen_xx import export_record
    from pbem.table import Table

    t = Table.open(a.gamefile, moderator=False)     # an export is anyone's read (like replay): the plain chain
    header = t.file.header
    moves = _moves_of(t)
    players = [(p.name, p.name) for p in header.players]
    data = export_record(lambda: Table.new_game(header), moves, players, header.seed, header.title,
                         tuple(header.options))
    Path(a.out).write_text(json.dumps(data, indent=1) + "\n")
    print(f"exported {len(data['actions'])} actions to {a.out}")
    return 0


def _moves_of(t) -> list:
    """The actions of the game file's moves in force (as its replay read them)."""
    return list(t.play.moves)


def replay_gamefile(path: str, fmt: str) -> int:
    """`pbem replay` for our own game files."""
    import time

    from pbem.gamefile import GameFile
    from pbem.replay.gamefile import replay_file

    t0 = time.perf_counter()
    game, seqs = replay_file(GameFile.open(path))
    ms = (time.perf_counter() - t0) * 1000
    g = game.state
    if fmt == "json":
        print(json.dumps({
            "title": g.data["title"], "finished": g.finished, "end_reason": g.end_reason,
            "players": [{"id": pid, "name": g.players[pid].name, "value": v} for pid, v in g.standings()],
            "actions": len(seqs), "replay_ms": round(ms, 1)}))
    else:
        print(f"{g.data['title']} game {path}: {'finished' if g.finished else 'not finished'}"
              + (f" ({g.end_reason})" if g.end_reason else ""))
        for rank, (pid, value) in enumerate(g.standings(), 1):
            print(f"{rank}. {g.players[pid].name:20s} ${value}")
        print(f"{len(seqs)} moves replayed in {ms:.0f} ms")
    return 0


def replay_html(path: str, out: str, check_result: bool) -> int:
    """`pbem replay GAME --html OUT.html`: the self-contained HTML replay of a game file or
    record, telling on a terminal how far the build is."""
    from pathlib import Path

    from pbem.importers.eighteen_xx import ImportRefused, ResultMismatch
    from pbem.importers.eighteen_xx import check_result as check
    from pbem.replay.page import build_page
    from pbem.replay.position import is_record

    target = Path(out)
    if target.is_dir() or not target.parent.is_dir():
        what = "is a folder" if target.is_dir() else f"has no folder {str(target.parent)!r}"
        print(f"pbem replay: --html {out} {what}", file=sys.stderr)
        return 2
    try:
        page = build_page(path, progress=_build_progress(out))
        if check_result and is_record(path):      # a record that misses its own result writes no page
            check(page.replay.source, page.replay.game.state)
    except (ImportRefused, ResultMismatch) as e:
        print(f"pbem replay: {path}: {e}", file=sys.stderr)
        return 2
    data = page.html.encode("utf-8")
    target.write_bytes(data)
    moves = len(page.frames) - 1
    print(f"{out}: {moves} {page.replay.what}{'' if moves == 1 else 's'}, the map redrawn in {page.parts} parts, "
          f"{page.markets} places of the market's markers, {len(data) / 1e6:.1f} MB, built in {page.seconds:.1f} s")
    return 0


def _build_progress(out: str):
    """How far the page's build is, on standard error when it is a terminal: one line, redrawn at
    each hundredth of the game and left at the last (a pipe or a log gets nothing)."""
    if not sys.stderr.isatty():
        return None
    told = [-1]

    def progress(done: int, total: int) -> None:
        pct = done * 100 // max(1, total)
        if pct != told[0]:
            told[0] = pct
            end = "\n" if done >= total else ""
            print(f"\rpbem replay: building {out}: step {done}/{total}", end=end, file=sys.stderr, flush=True)
    return progress


def cmd_demo(a: argparse.Namespace) -> int:
    import tempfile
    from pathlib import Path

    from pbem.demo import run

    return run(Path(a.out) if a.out else Path(tempfile.mkdtemp(prefix="pbem-demo-")), a.quiet)


def cmd_paste(a: argparse.Namespace) -> int:
    """Apply a whole 18xx.games transcript (the site's "Copy transcript") to a game file."""
    from pbem.table import Table
    from pbem.table.transcript import TranscriptError, TranscriptQuestion

    text = sys.stdin.read() if a.transcript == "-" else open(a.transcript, encoding="utf-8").read()
    answers = {}
    for ans in a.answer or ():
        line, _, move = ans.partition("=")
        if not line.strip().isdigit() or not move.strip():
            print(f"pbem: --answer takes LINE=MOVE, not {ans!r}", file=sys.stderr)
            return 2
        answers[int(line)] = move.strip()
    t = Table.open(a.gamefile)
    try:
        applied = t.paste_transcript(text, answers, source=a.source or "transcript")
    except TranscriptQuestion as e:
        print(f"QUESTION, nothing applied: {e}", file=sys.stderr)
        for c in e.candidates:
            print(f"  --answer {e.line}=\"{c}\"", file=sys.stderr)
        return 1
    except TranscriptError as e:
        print(f"REFUSED, nothing applied: {e}", file=sys.stderr)
        return 1
    print(f"applied {len(applied)} moves (#{applied[0].seq}-#{applied[-1].seq})")
    print(_turn_line(t))
    return 0


def add_commands(sub) -> None:
    p = sub.add_parser("demo", help="the moderator at work on an embedded 1882 opening (no mail server)")
    p.add_argument("--out", help="folder for the game file, reports and pictures (default: a new temp folder)")
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(func=cmd_demo)
    p = sub.add_parser("new", help="start a new game file")
    p.add_argument("title")
    p.add_argument("gamefile")
    p.add_argument("--players", nargs="+", required=True, help='"Name <address>" in seat order')
    p.add_argument("--seed", type=int)
    p.add_argument("--option", action="append")
    p.add_argument("--title-data", metavar="FILE",
                   help="the game's own map, market or tables: a JSON object whose keys replace the title's "
                        "(docs/title-data.md); stored in the game file")
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("move", help="apply moves written in notation (text, or - for stdin)")
    p.add_argument("gamefile")
    p.add_argument("text", nargs="?")
    p.add_argument("--as", dest="as_player", help="the sending player (fills moves that name nobody)")
    p.add_argument("--source", help="where the moves came from (e.g. a Message-ID)")
    p.add_argument("--trace", action="store_true",
                   help="print how each line was read (the way, the text read, the canonical line of each move)")
    p.set_defaults(func=cmd_move)
    p = sub.add_parser("status", help="where the game stands (the status report)")
    p.add_argument("gamefile")
    p.add_argument("--format", choices=["text", "md", "html"], default="text")
    p.add_argument("--moves", type=int, default=8, help="how many recent moves to list")
    p.set_defaults(func=cmd_status)
    p = sub.add_parser("legal", help="the acting entity's legal moves")
    p.add_argument("gamefile")
    p.add_argument("--limit", type=int, default=200)
    p.set_defaults(func=cmd_legal)
    p = sub.add_parser("log", help="every move of the game file, annulled ones marked")
    p.add_argument("gamefile")
    p.set_defaults(func=cmd_log)
    p = sub.add_parser("undo", help="moderator's rollback of the last N moves (kept, marked annulled)")
    p.add_argument("gamefile")
    p.add_argument("n", type=int, nargs="?", default=1)
    p.add_argument("--by", default="moderator")
    p.add_argument("--reason")
    p.add_argument("--head", metavar="HASH", help="the head hash (or N:HASH) of the state you looked at: "
                   "annul nothing if a move was accepted since")
    p.set_defaults(func=cmd_undo)
    p = sub.add_parser("export-18xx", help="write the game file as an 18xx.games JSON record")
    p.add_argument("gamefile")
    p.add_argument("out")
    p.set_defaults(func=cmd_export)
    p = sub.add_parser("paste", help="apply a whole 18xx.games transcript (checked line by line) to a game file")
    p.add_argument("gamefile")
    p.add_argument("transcript", help="a text file, or - for stdin")
    p.add_argument("--answer", action="append", metavar="LINE=MOVE",
                   help="the move meant on a line the transcript leaves open (as the refusal lists them)")
    p.add_argument("--source", help="where the transcript came from")
    p.set_defaults(func=cmd_paste)
    p = sub.add_parser("import-18xx", help="turn an 18xx.games record into a game file")
    p.add_argument("record")
    p.add_argument("gamefile")
    p.add_argument("--no-check-result", dest="check_result", action="store_false",
                   help="the replay need not reach the record's own result")
    p.set_defaults(func=cmd_import)
