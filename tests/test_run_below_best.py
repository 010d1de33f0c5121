"""The moderator's check of a declared run (issue #25): an illegal run is refused with what is
wrong, a decline of a game from an 18xx.games record is noted, and a legal run below the best run
is accepted with a note naming the best run to the president: in `Table.submit`'s
outcome, in `pbem move`'s output and in the mail reply (the Postmaster fed real mail bytes),
never in the report the other players get."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mailkit import GM, GM_SECRET, MOD, latest, mail, text_of
from pbem.cli import main
from pbem.engine.actions import RunRoutes
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.roster import Roster, Seat
from pbem.moderator.signon import hash_secret
from pbem.replay.best_run import best_run
from pbem.replay.record_file import import_record
from pbem.table import Table

REC = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" / "5585.json"
GAME = "below-best"


def _cut_before_a_run_of_two(tmp_path: Path, options: tuple[str, ...] = ()) -> Path:
    """The 1882 record cut just before the first company runs two trains, as a game file (with
    the game `options`)."""
    data = json.loads(REC.read_text())
    data.setdefault("settings", {})["optional_rules"] = list(options)
    runs = [a for a in data["actions"] if a["type"] == "run_routes" and len(a.get("routes") or ()) >= 2]
    data["actions"] = [a for a in data["actions"] if a["id"] < runs[0]["id"]]
    data.pop("result", None)
    for p, name in zip(data["players"], ("Ann", "Bob", "Cid", "Dee")):
        p["name"] = name                   # names of one word, as a SIGNON line takes them
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data))
    path = tmp_path / f"{GAME}.pbem"
    import_record(cut, path)
    return path


@pytest.fixture
def at_run(tmp_path):
    """(game file, the table, the running company, its best run, a legal run below it: the best
    run without its last train)."""
    path = _cut_before_a_run_of_two(tmp_path)
    table = Table.open(path)
    corp = table.game.current_entity()
    best = best_run(table.play, corp)
    assert len(best.action.routes) >= 2 and best.action.routes[-1].revenue > 0
    lower = table.play.notation(RunRoutes(corp, best.action.routes[:-1]))
    return path, table, corp, best, lower


def _note(best, earned: int, money) -> str:
    return f"{best.corp} ran for {money(earned)}; the best run was {money(best.total)}: "


def test_a_run_below_the_best_is_accepted_with_a_note_of_the_best(at_run):
    _path, table, corp, best, lower = at_run
    president = table.game.player_name(table.game.corporations[corp].president)
    outcome = table.submit(lower, president)
    assert outcome.ok, outcome.refusals
    earned = sum(r.revenue for r in table.game.last_run[1])
    assert table.game.last_run[0] == corp and 0 < earned < best.total
    assert len(outcome.notes) == 1 and _note(best, earned, table.game.money) in outcome.notes[0]


def test_with_the_option_best_run_required_a_lower_run_is_refused(tmp_path):
    path = _cut_before_a_run_of_two(tmp_path, ("best-run-required",))
    table = Table.open(path)
    assert "best-run-required" in table.file.header.options
    corp = table.game.current_entity()
    best = best_run(table.play, corp)
    president = table.game.player_name(table.game.corporations[corp].president)
    moves = len(table.play.moves)
    lower = table.play.notation(RunRoutes(corp, best.action.routes[:-1]))
    refused = table.submit(lower, president)
    assert not refused.ok and len(table.play.moves) == moves and len(Table.open(path).play.moves) == moves
    why = refused.refusals[0]
    earned = best.total - best.action.routes[-1].revenue
    assert why.rule == "a company runs for the most revenue"
    assert f"{corp}'s run earns {table.game.money(earned)}; the best run earns {table.game.money(best.total)}" in why.message
    assert table.submit(best.line, president).ok                # the best run itself is taken


def test_the_option_is_known_to_every_title(tmp_path, capsys):
    for title, players in (("1882", ["A", "B", "C"]), ("1861", ["A", "B", "C"]), ("1830", ["A", "B", "C"])):
        g = tmp_path / f"{title}.pbem"
        assert main(["new", title, str(g), "--players", *players, "--option", "best-run-required"]) == 0
        assert "best-run-required" in Table.open(g).file.header.options
    assert main(["new", "1882", str(tmp_path / "x.pbem"), "--players", "A", "B", "C", "--option", "best-runs"]) == 2
    assert "(its options: " in capsys.readouterr().err


def test_the_best_run_gets_no_note(at_run):
    _path, table, corp, best, _lower = at_run
    outcome = table.submit(best.line, table.game.player_name(table.game.corporations[corp].president))
    assert outcome.ok and outcome.notes == []
    assert sum(r.revenue for r in table.game.last_run[1]) == best.total


def test_an_illegal_run_is_refused_and_a_decline_of_an_imported_game_is_noted(at_run):
    """The game came from an 18xx.games record (option reference-runs: its rules accept a decline,
    noted); a pbem-played game refuses it (tests/test_run_duty.py)."""
    _path, table, corp, best, _lower = at_run
    president = table.game.player_name(table.game.corporations[corp].president)
    moves = len(table.play.moves)
    first = best.action.routes[0]
    wrong = table.submit(best.line.replace(f"for {first.revenue}", f"for {first.revenue + 10}", 1), president)
    assert not wrong.ok and f"is worth {table.game.money(first.revenue)}, not" in wrong.refusals[0].message
    assert table.game.current_entity() == corp and len(table.play.moves) == moves      # nothing applied
    assert "reference-runs" in table.file.header.options
    declined = table.submit(f"{corp} does not run", president)
    assert declined.ok and any(f"{corp} did not run although a run of {table.game.money(best.total)} existed" in n
                               for n in declined.notes), declined.notes


def test_pbem_move_prints_the_note(at_run, capsys):
    path, table, corp, best, lower = at_run
    president = table.game.player_name(table.game.corporations[corp].president)
    assert main(["move", str(path), lower, "--as", president]) == 0
    out, err = capsys.readouterr()
    after = Table.open(path)
    earned = sum(r.revenue for r in after.game.last_run[1])
    assert f"#{after.seqs[-1]} {lower}" in out or lower in out
    assert any(ln.startswith("warning: ") and _note(best, earned, after.game.money) in ln for ln in err.splitlines()), err


def _seated(path: Path, table: Table) -> tuple[dict, dict]:
    """The game's roster beside its file: each player at their test mailbox with a secret."""
    names = [p.name for p in table.file.header.players]
    secrets = {n: f"secret-{i}-of-{n}" for i, n in enumerate(names)}
    addr = {n: f"{n.lower()}@pbem.test" for n in names}
    Roster(GAME, "1882", GM, hash_secret(GM_SECRET),
           [Seat(n, addr[n], hash_secret(secrets[n])) for n in names]).save(path.parent / f"{GAME}.roster.json")
    return secrets, addr


def test_the_mail_reply_tells_the_president_and_the_report_does_not(at_run):
    path, table, corp, best, lower = at_run
    secrets, addr = _seated(path, table)
    pm = Postmaster(MOD, path.parent, masters=[Master(GM, hash_secret(GM_SECRET))], render_images=False)
    president = table.game.player_name(table.game.corporations[corp].president)
    body = f"SIGNON {GAME} {president} {secrets[president]}\n{lower}"
    d = pm.handle("k1", mail(addr[president], body, subject=f"[{GAME}] run", in_reply_to=latest(pm, GAME)))
    assert d.folder == "Processed", d.outcome
    after = Table.open(path)
    earned = sum(r.revenue for r in after.game.last_run[1])
    note = _note(best, earned, after.game.money)
    to_president = [text_of(o.raw) for o in d.outgoing if o.rcpts == (addr[president],)]
    assert any("Warning: " in t and note in t for t in to_president), to_president
    others = [text_of(o.raw) for o in d.outgoing if o.rcpts != (addr[president],)]
    assert others and not any(note in t for t in others)


@pytest.mark.usefixtures("mail")        # the servers with every mailbox emptied
def test_over_real_mail_servers_the_president_reads_the_note(at_run, mail_stack, tmp_path):
    """The same over Dovecot and SMTP: the run mailed in, the moderator's daemon run once, the
    reply read from the president's mailbox, the reports from the others'."""
    from pbem.mail.imap import ImapMailbox
    from pbem.mail.sender import SmtpSender
    from pbem.moderator.daemon import Moderator
    from pbem.moderator.ledger import Ledger

    path, table, corp, best, lower = at_run
    secrets, addr = _seated(path, table)
    stack = mail_stack
    pm = Postmaster(MOD, path.parent, masters=[Master(GM, hash_secret(GM_SECRET))], render_images=False)
    box = ImapMailbox(stack.host, stack.imap_port, *stack.user(MOD), security="none")
    mod = Moderator(pm, box, SmtpSender(stack.host, stack.smtp_port, security="none"), Ledger(tmp_path / "l.db"))
    president = table.game.player_name(table.game.corporations[corp].president)
    raw = mail(f"{president} <{addr[president]}>", f"SIGNON {GAME} {president} {secrets[president]}\n{lower}",
               subject=f"[{GAME}] run", in_reply_to=latest(pm, GAME))
    stack.send(raw, addr[president], MOD)
    mod.run_once()
    after = Table.open(path)
    note = _note(best, sum(r.revenue for r in after.game.last_run[1]), after.game.money)
    replies = [text_of(m) for m in stack.messages(addr[president])]
    assert any(t.startswith("Accepted.") and "Warning: " in t and note in t for t in replies), replies
    for name in (n for n in addr if n != president):
        got = [text_of(m) for m in stack.messages(addr[name])]
        assert got and not any(note in t for t in got), name


def test_the_legal_mail_command_lists_the_best_run_first(at_run):
    path, table, corp, best, _lower = at_run
    _secrets, addr = _seated(path, table)
    pm = Postmaster(MOD, path.parent, masters=[Master(GM, hash_secret(GM_SECRET))], render_images=False)
    president = table.game.player_name(table.game.corporations[corp].president)
    d = pm.handle("k1", mail(addr[president], "LEGAL", subject=f"[{GAME}] legal?"))
    assert d.folder == "Processed", d.outcome
    reply = text_of(d.outgoing[0].raw).splitlines()
    head = next(i for i, ln in enumerate(reply) if ln.startswith("Legal now for "))
    assert reply[head + 1].strip().startswith(best.line + "  (")
