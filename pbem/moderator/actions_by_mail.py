"""What the moderator does for each kind of request by mail: moves, information commands,
the game moderator's commands, and CREATE. Each returns a `Decision` for the postmaster.

Every change to a game carries the mail's source (its Message-ID), and is looked up by it
first, so handling the same mail twice (after a crash) changes nothing the second time and
produces the same mail under the same Message-IDs.
"""
from __future__ import annotations

import json
import re
import secrets as _random
from typing import TYPE_CHECKING, Optional, Sequence

from pbem.errors import GameFileError, NotationError, PbemError
from pbem.gamefile.format import StaleGameError
from pbem.mail.body import Body, SetAside
from pbem.mail.commands import Command
from pbem.mail.compose import Mail
from pbem.moderator import failpoints, freshness, replies
from pbem.moderator.classify import judge_lines
from pbem.moderator.decision import Decision
from pbem.moderator.roster import GAME_ID, Roster, Seat, new_seat
from pbem.moderator.signon import check_secret
from pbem.table import Table, uncharged
from pbem.newgame import check_options, check_players
from pbem.titles.game_data import GameDataError
from pbem.titles.registry import game_data

if TYPE_CHECKING:                                   # pragma: no cover
    from pbem.mail.letter import Letter
    from pbem.moderator.postmaster import Postmaster


# ------------------------------------------------------------------------------ moves
def moves(pm: "Postmaster", letter: "Letter", src: str, game: str, roster: Roster, seat: Seat,
          rest: Body, body: Body, info: Sequence[Command]) -> "Decision":
    """Apply the mail's moves all-or-nothing; answer the sender, and report to every player."""
    table = pm.table(game)
    chat, kept, unsure = judge_lines(rest.lines, table)
    set_aside = sorted([*body.set_aside, *chat], key=lambda s: s.number)
    if not kept:
        return _no_move(pm, letter, src, game, seat, set_aside)
    sure = len(kept) - len(unsure)                      # lines that may be chat are not counted as moves
    if sure > pm.max_moves:
        return pm.reply_only(letter, src, game, "Rejected", "too many moves",
                              f"your mail holds {sure} move lines; at most {pm.max_moves} are taken in one mail. "
                              "Nothing was applied.", to=seat.address, set_aside=set_aside)
    marks = freshness.Marks(pm.fresh_path(game))
    mark = marks.of(seat.name)
    first_src, src = src, freshness.own_source(src, letter, seat.name, table, mark)
    if not freshness.already_applied(src, table):       # a mail handled again after a crash is not stale
        why = freshness.stale(letter, game, roster, mark, table)
        if why:
            return pm.reply_only(letter, src, game, "Rejected", f"not bound to the game's state: {why[:80]}",
                                  f"Refused: {why}", to=seat.address)
    width = max(ln.number for ln in kept)
    slots = [""] * width
    for ln in kept:
        slots[ln.number - 1] = ln.text
    text = "\n".join(slots)
    for attempt in (1, 2):
        try:
            outcome = table.submit(text, seat.name, source=src, unsure=unsure)
            break
        except StaleGameError:
            if attempt == 2:
                raise
            table = Table.open(pm.game_path(game))        # another process wrote meanwhile: re-read
        except GameFileError as e:
            return _damaged(pm, letter, src, game, roster, e)
    if outcome.chat:                      # lines that might have been moves, read as chat
        said = set(outcome.chat)
        set_aside = sorted([*set_aside, *(SetAside(ln.number, ln.text, "not a move (chat)") for ln in kept
                                          if ln.number in said)], key=lambda s: s.number)
        kept = [ln for ln in kept if ln.number not in said]
        if not kept:
            return _no_move(pm, letter, src, game, seat, set_aside)
    read_as = "Read as moves:\n" + "\n".join(f"  line {ln.number}: {ln.text}" for ln in kept)
    if outcome.refusals:
        if outcome.trace:
            read_as = replies.read_as_refused([(ln.number, ln.text) for ln in kept], outcome.trace)
        return pm.reply_only(letter, src, game, "Rejected", f"refused: {_first_line(outcome.refusals[0].message)}",
                              f"{read_as}\n\n{_refusal_text(table, outcome.refusals[0])}", to=seat.address,
                              set_aside=set_aside)
    applied = outcome.applied
    failpoints.reached("after_append")
    # the moves are in the file: what follows is the moderator's work, never charged to the
    # mail's reading time (a budget spent here would refuse a mail whose moves were applied)
    with uncharged():
        if all(m.line is not None for m in applied):
            read_as = replies.read_as_text([(ln.number, ln.text) for ln in kept], applied)
        return _accepted(pm, letter, src, game, roster, seat, table, applied, read_as, set_aside, first_src, marks)


def _no_move(pm, letter, src, game, seat, set_aside) -> "Decision":
    return pm.reply_only(letter, src, game, "Rejected", "no move lines",
                         "I found no move in your mail. Nothing was applied.", to=seat.address, set_aside=set_aside)


def _accepted(pm, letter, src, game, roster, seat, table, applied, read_as, set_aside, first_src, marks) -> "Decision":
    """The reply to an applied mail and the report to every player."""
    pm.remember(game, table)
    marks.note(seat.name, letter, first_src)
    warn = "".join(f"\nWarning: {w}" for w in table.warnings if not w.startswith("message "))
    headline = f"{seat.name} moved:\n{replies.applied_text(applied)}"
    reply = Mail(to=seat.address, subject=pm.subject(game, "accepted: " + (letter.subject or "your moves")),
                 text=f"Accepted.\n{read_as}\n\nApplied:\n{replies.applied_text(applied)}{warn}"
                      + replies.set_aside_text(set_aside) + "\n\n" + replies.turn_line(table.game, seat.name)
                      + replies.footer(pm, game, table),
                 in_reply_to=letter.message_id, references=letter.references)
    out = [pm.outgoing(reply, "reply", game, src)]
    mails = replies.report_mails(pm, game, table, headline=headline, changed=table.changed_hexes,
                                 recipients=[(s.name, s.address) for s in roster.seats], images=pm.render_images)
    out += [pm.outgoing(m, "report", game, src) for m in mails]
    first, last = applied[0].seq if applied else 0, applied[-1].seq if applied else 0
    return Decision("Processed", f"{game}: {seat.name} applied moves {first}-{last}", game, out, changed=True)


def _refusal_text(table: Table, why) -> str:
    """The reply's words for a refused mail: the reason, the rule, and what was legal, or the
    moves the writer may have meant."""
    text = f"Refused, nothing applied: {why.message}"
    if why.by_rules:                                  # a move read, and refused by the rules
        if why.rule:
            text += f"\nRule: {why.rule}"
        if why.legal:
            text += "\n\nLegal now:\n" + "\n".join(f"  {x}" for x in why.legal)
        return text
    if why.candidates:
        text += "\n\nDid you mean one of:\n" + "\n".join(f"  {c}" for c in why.candidates)
    if why.rule:
        text += f"\nRule: {why.rule}"
    return text + "\n\nLegal now:\n" + "\n".join(f"  {x}" for x in table.legal())


def _first_line(e, hide: str = "") -> str:
    """The error's first line, at most 200 characters, with the directory `hide` (the
    server's games folder, no business of a player's) left out."""
    line = str(e).split("\n", 1)[0]
    return (line.replace(hide.rstrip("/") + "/", "") if hide else line)[:200]


def _damaged(pm, letter, src, game, roster, e) -> "Decision":
    from pbem.gamefile import ForgedLineError, UnsealedGameError

    # a file whose chain is whole but that the moderator's key does not vouch for (a forged seal, or
    # seals stripped): nothing of it is answered, and no head of it is ever sent as a witness
    forged = isinstance(e, (ForgedLineError, UnsealedGameError))
    what = "failed verification" if forged else "cannot be read"
    text = (f"The game file of {game} {what} ({_first_line(e, str(pm.games_dir))}). Nothing was applied; "
            "the game's moderator has been told.")
    out = [pm.outgoing(Mail(to=letter.from_addr, subject=pm.subject(game, "game unavailable"), text=text,
                            in_reply_to=letter.message_id), "reply", game, src),
           pm.outgoing(Mail(to=roster.moderator, subject=pm.subject(game, f"game file {what}"),
                            text=f"{e}\n\nA mail from {letter.from_addr} ({src}) could not be applied."),
                       "alert", game, src)]
    return Decision("Rejected", f"{game}: {'game file failed verification' if forged else 'damaged game file'}",
                     game, out)


# ------------------------------------------------------------------------------ information
def info_commands(pm: "Postmaster", letter: "Letter", src: str, game: str, roster: Roster,
                  cmds: Sequence[Command]) -> "Decision":
    table = pm.table(game)
    g = table.game
    parts: list[str] = []
    images = False
    for c in cmds:
        if c.name == "HELP":
            parts.append(replies.help_text(pm, letter.from_addr))
        elif c.name == "STATUS":
            from pbem.render.report import build_report, render_report

            moves = [r.notation for r in table.file.effective_moves()][-8:]
            parts.append(render_report(build_report(g, last_moves=moves, at=table.seqs[-1] if table.seqs else None,
                                                    game_id=game), "text"))
        elif c.name == "MAP":
            images = True
        elif c.name == "LEGAL":
            legal = table.legal(limit=60)
            who, what = replies.acting_player(g)
            head = f"Legal now for {g.player_name(who) if who else 'nobody'} {what}".rstrip() + ":"
            parts.append(head + "\n" + ("\n".join(f"  {x}" for x in legal) or "  (none)"))
        elif c.name == "LOG":
            n = int(c.args[0]) if c.args else 20
            shown = min(n, len(table.file.records))
            listing = table.file.listing().splitlines()
            parts.append(f"The last {shown} records of {game}:\n" + "\n".join(listing[-n:] if n else []))
    seat = roster.seat_of_address(letter.from_addr)
    name = seat.name if seat else ""
    text = "\n\n".join(parts) if parts else ""
    if images:
        mails = replies.report_mails(pm, game, table, headline=text or "The map and the stock market.", changed=(),
                                     recipients=[(name, letter.from_addr)], in_reply_to=letter.message_id,
                                     references=letter.references, images=True)
        m = mails[0]
        m = Mail(**{**m.__dict__, "auto": "auto-replied"})
        return Decision("Processed", f"{game}: info {' '.join(c.name for c in cmds)}", game,
                         [pm.outgoing(m, "reply", game, src)])
    return pm.reply_only(letter, src, game, "Processed", f"info {' '.join(c.name for c in cmds)}",
                          text + "\n\n" + replies.turn_line(g, name))


# ------------------------------------------------------------------------------ moderator's
MASTER_MARK = "moderator"      # the game moderator's last applied command mail, beside the seats' in Marks


def master_commands(pm: "Postmaster", letter: "Letter", src: str, game: str, roster: Roster,
                    cmds: Sequence[Command], info: Sequence[Command]) -> "Decision":
    table = pm.table(game)
    marks = freshness.Marks(pm.fresh_path(game))
    mark = marks.of(MASTER_MARK)
    if not any(getattr(r, "source", "") == src for r in table.file.records):   # handled again after a crash: not stale
        why = freshness.stale(letter, game, roster, mark, table)
        if why:                                         # a copy of an earlier command mail, resent
            return pm.reply_only(letter, src, game, "Rejected", f"command not bound to the game's state: {why[:80]}",
                                  f"Refused, nothing done (nothing annulled, paused, resumed or replaced): {why}",
                                  to=roster.moderator)
    done: list[str] = []
    notices: list[str] = []
    extra: list = []
    for c in cmds:
        if c.name == "UNDO":
            args = list(c.args)
            seen = args.pop() if args and ":" in args[-1] else None
            n = int(args[0]) if args else 1
            prior = [r for r in table.file.records if r.kind == "annul" and r.source == src]
            if not prior:
                if seen is not None:
                    at, head = seen.split(":")
                    last = table.file.records[-1].seq if table.file.records else 0
                    if (int(at), head) != (last, table.file.head):
                        return pm.reply_only(letter, src, game, "Rejected", "undo refused: stale head",
                                              f"UNDO refused, nothing annulled: you saw the game at record {seen}, "
                                              f"but it is now at record {last}:{table.file.head}. Look at the "
                                              f"latest moves (LOG) and send UNDO again with the new head.")
                try:
                    table.file.annul(n, "moderator's UNDO by mail", "moderator", source=src,
                                     expect_head=head if seen is not None else None)
                except GameFileError as e:
                    return pm.reply_only(letter, src, game, "Rejected", "undo refused", f"UNDO {n} refused: {e}")
                prior = [r for r in table.file.records if r.kind == "annul" and r.source == src]
            targets = prior[-1].targets
            lines = {r.seq: r.notation for r in table.file.records if r.kind == "move"}
            desc = "\n".join(f"  #{t} {lines.get(t, '')}" for t in targets)
            done.append(f"UNDO: annulled {len(targets)} move(s):\n{desc}")
            notices.append(f"The moderator annulled {len(targets)} move(s):\n{desc}")
        elif c.name in ("PAUSE", "RESUME"):
            want = c.name == "PAUSE"
            if roster.paused != want:
                roster.paused = want
                roster.save(pm.roster_path(game))
                if not any(r.kind == "note" and r.source == src for r in table.file.records):
                    table.file.note(f"game {'paused' if want else 'resumed'} by its moderator", "moderator", source=src)
            done.append(f"{c.name}: the game is {'paused' if want else 'running'}.")
            notices.append(f"The moderator has {'paused' if want else 'resumed'} the game.")
        elif c.name == "REPLACE":
            name, address = c.args
            seat = roster.seat(name)
            if seat is None:
                return pm.reply_only(letter, src, game, "Rejected", "replace refused",
                                      f"REPLACE: there is no player {name!r} in {game}. Nothing was changed.")
            if any(s.address.lower() == address.lower() and s is not seat for s in roster.seats):
                return pm.reply_only(letter, src, game, "Rejected", "replace refused",
                                      f"REPLACE: {address} already plays another seat. Nothing was changed.")
            old = seat.address
            fresh, secret = new_seat(seat.name, address)
            seat.address, seat.secret_hash = fresh.address, fresh.secret_hash
            roster.save(pm.roster_path(game))
            if not any(r.kind == "note" and r.source == src for r in table.file.records):
                table.file.note(f"seat {seat.name} now played from <{fresh.address}> (was <{old}>)", "moderator",
                                source=src)
            done.append(f"REPLACE: {seat.name} is now played from {fresh.address}; a new secret was mailed there.")
            notices.append(f"{seat.name}'s seat is now played from {fresh.address}.")
            extra.append(pm.outgoing(Mail(to=fresh.address, subject=pm.subject(game, f"you now play {seat.name}"),
                                          text=_welcome_text(pm, game, roster, seat, secret, table)),
                                     "welcome", game, src))
            extra.append(pm.outgoing(Mail(to=old, subject=pm.subject(game, "your seat was handed over"),
                                          text=f"The moderator of {game} handed the seat {seat.name} to another "
                                               "address; your secret no longer works." + replies.footer(pm, game)),
                                     "notice", game, src))
    pm.forget(game)
    table = pm.table(game)
    marks.note(MASTER_MARK, letter, src)
    reply = Mail(to=roster.moderator, subject=pm.subject(game, "done"),
                 text="\n\n".join(done) + replies.footer(pm, game, table),
                 in_reply_to=letter.message_id, references=letter.references)
    out = [pm.outgoing(reply, "reply", game, src), *extra]
    headline = "\n".join(notices)
    mails = replies.report_mails(pm, game, table, headline=headline, changed=(),
                                 recipients=[(s.name, s.address) for s in roster.seats], images=pm.render_images)
    out += [pm.outgoing(m, "report", game, src) for m in mails]
    return Decision("Processed", f"{game}: moderator {' '.join(c.name for c in cmds)}", game, out, changed=True)


# ------------------------------------------------------------------------------ CREATE
def create(pm: "Postmaster", letter: "Letter", src: str, cmds: Sequence[Command], game: str) -> "Decision":
    master = next((m for m in pm.masters if m.address.lower() == letter.from_addr), None)
    known = pm.known(letter.from_addr)
    if master is None:
        return pm.refuse_sender(letter, src, known, game, "CREATE is for the moderators of this server. "
                                 "Nothing was created.", "create by a non-master")
    signon = next((c for c in cmds if c.name == "SIGNON"), None)
    if signon is None or signon.args[1].lower() != "moderator" or not check_secret(signon.args[2], master.secret_hash):
        return pm.bad_signon(letter, src, game, master.address, "moderator")
    cre = next(c for c in cmds if c.name == "CREATE")
    players = [c.args for c in cmds if c.name == "PLAYER"]
    try:
        game, title, seed, options, bind, data_file = _create_args(cre)
        data = _mailed_data(letter, title, data_file)
        check_players(title, players, data)
        check_options(title, options, data)  # before any roster is written: Table.create checks it too
    except PbemError as e:
        return pm.reply_only(letter, src, game, "Rejected", "create refused", f"CREATE refused: {e}\nNothing was created.")
    rpath, gpath = pm.roster_path(game), pm.game_path(game)
    with pm.game_lock(game):
        if rpath.exists():
            old = Roster.load(rpath)
            if old.created_by != src:
                return pm.reply_only(letter, src, game, "Rejected", "create refused",
                                      f"CREATE refused: a game called {game} exists already. Nothing was created.")
        seats, secrets = [], {}
        for name, address in players:
            s, secret = new_seat(name, address)
            seats.append(s)
            secrets[s.name] = secret
        roster = Roster(game=game, title=title, moderator=master.address.lower(), moderator_hash=master.secret_hash,
                        seats=seats, created_by=src, bind=bind)
        roster.save(rpath)
        if gpath.exists():
            table = Table.open(gpath)
        else:
            table = Table.create(gpath, title, [(s.name, s.address) for s in seats], seed, options, data)
            table.file.note(f"game created by CREATE from <{letter.from_addr}>", "moderator", source=src)
        pm.forget(game)
        table = pm.table(game)
    out = []
    for s in seats:
        out.append(pm.outgoing(Mail(to=s.address, subject=pm.subject(game, f"welcome to {title} as {s.name}"),
                                    text=_welcome_text(pm, game, roster, s, secrets[s.name], table)),
                               "welcome", game, src))
    reply = Mail(to=master.address, subject=pm.subject(game, "created"),
                 text=f"Created {game}: {title}, seed {table.file.header.seed}"
                      + (f", its own {', '.join(sorted(json.loads(data)))} from {data_file}" if data else "")
                      + ", players "
                      + ", ".join(f"{s.name} <{s.address}>" for s in seats)
                      + ". Each player was mailed a secret." + replies.footer(pm, game, table),
                 in_reply_to=letter.message_id, references=letter.references)
    out.append(pm.outgoing(reply, "reply", game, src))
    mails = replies.report_mails(pm, game, table, headline=f"A new game of {title} begins.", changed=(),
                                 recipients=[(s.name, s.address) for s in seats], images=pm.render_images)
    out += [pm.outgoing(m, "report", game, src) for m in mails]
    return Decision("Processed", f"{game}: created ({title}, {len(seats)} players)", game, out, changed=True)


def _create_args(cre: Command) -> tuple[str, str, int, tuple[str, ...], str, str]:
    args = list(cre.args)
    if len(args) < 2:
        raise NotationError(f"line {cre.line}: CREATE needs a game id and a title, e.g. CREATE club-1882 1882")
    game, title = args[0].lower(), args[1]
    if not GAME_ID.match(game):
        raise NotationError(f"line {cre.line}: {game!r} is not a game id (letters, digits, '.', '_', '-')")
    seed: Optional[int] = None
    options: list[str] = []
    bind = freshness.BINDS[0]
    data_file = ""
    rest = args[2:]
    while rest:
        word = rest.pop(0).upper()
        if word in ("SEED", "OPTION", "BIND", "DATA") and rest:
            val = rest.pop(0)
            if word == "DATA":
                data_file = val
            elif word == "BIND":
                if val.lower() not in freshness.BINDS:
                    raise NotationError(f"line {cre.line}: BIND is one of {', '.join(freshness.BINDS)}, not {val!r}")
                bind = val.lower()
            elif word == "SEED":
                if not re.fullmatch(r"[0-9]{1,12}", val):
                    raise NotationError(f"line {cre.line}: SEED takes a number of up to 12 digits, not {val!r}")
                seed = int(val)
            else:
                options.append(val)
        else:
            raise NotationError(f"line {cre.line}: after the title, CREATE takes SEED n, OPTION name, BIND "
                                f"head|date and DATA file, not {word!r}")
    return game, title, (seed if seed is not None else _random.randbelow(10 ** 9)), tuple(options), bind, data_file


def _mailed_data(letter: "Letter", title: str, name: str) -> str:
    """The game's own title data attached to the CREATE mail as file `name` ("" for none),
    checked as `pbem new --title-data` checks a file."""
    if not name:
        return ""
    found = [raw for file, raw in letter.attachments if file == name]
    if len(found) != 1:
        have = ", ".join(file for file, _ in letter.attachments) or "none"
        raise GameDataError(f"DATA names the attached file {name!r}, but the mail has "
                            f"{'it twice' if found else 'no such file'} (attached: {have})")
    return game_data(title, name, found[0])


def _welcome_text(pm: "Postmaster", game: str, roster: Roster, seat: Seat, secret: str, table: Table) -> str:
    others = ", ".join(f"{s.name} <{s.address}>" for s in roster.seats if s is not seat)
    return (f"Welcome to {game}, a game of {roster.title}. You play {seat.name}.\n\n"
            f"Your secret is:  {secret}\n"
            f"Keep it to yourself. Every mail with moves starts with the line\n"
            f"    SIGNON {game} {seat.name} {secret}\n"
            f"and must come from this address ({seat.address}).\n"
            + ("Send your moves as a reply to the latest mail from me (the latest report, or this mail\n"
               "before the first move): a reply names the state of the game it answers, so a copy of an\n"
               "old mail sent again is never applied.\n\n" if roster.bind == "head" else "\n")
            + f"The other players: {others or 'none'}.\n"
            f"The game's moderator: {roster.moderator}.\n\n"
            + replies.turn_line(table.game, seat.name) + "\n\n" + replies.help_text(pm, "")
            + replies.footer(pm, game, table))
