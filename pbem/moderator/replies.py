"""The words of the moderator's mail: help, welcomes, acceptances, refusals and the
report everyone gets after a move (text + HTML with the map and market inline)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Optional, Sequence

from pbem.mail.compose import Image, Mail

if TYPE_CHECKING:                                   # pragma: no cover
    from pbem.moderator.postmaster import Postmaster
    from pbem.table import AppliedMove, Table


def help_text(pm: "Postmaster", address: str, *, no_game: bool = False) -> str:
    games = pm.games_of(address) if address else []
    lines = []
    if no_game:
        lines.append("Your mail names no game I can find. Name it in the subject as [game-id], "
                     f"write to {pm.local}+GAME-ID@{pm.domain}, or reply to one of my mails.")
        lines.append("")
    if games:
        lines.append("Your games here: " + ", ".join(games))
        lines.append("")
    lines += [
        "How to play by mail:",
        "  Send moves in a reply to my latest mail (the latest report): the reply names the",
        "  state of the game it answers, and an old mail sent again is refused.",
        "  SIGNON <game> <your name> <your secret>   first line of every mail with moves",
        "  then your moves, one per line or separated by ';', as players write them, e.g.",
        "      Ann buys a share of CPR",
        "      CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out",
        "  Greetings, quoted mail and your signature are set aside (and listed in my reply).",
        "  A line SIGNOFF ends what I read.",
        "",
        "Commands (one per line; no secret needed):",
        "  HELP          this text",
        "  STATUS        the status report",
        "  MAP           the map and stock market as pictures",
        "  LEGAL         the moves legal now",
        "  LOG [n]       the last n moves (default 20)",
        "",
        "For the game's moderator (SIGNON <game> moderator <secret>):",
        "  CREATE <game> <title> [SEED n] [OPTION o]... [BIND head|date]  then one line per player:",
        "      PLAYER <name> <address>",
        "  UNDO [n] [N:HASH]   PAUSE   RESUME   REPLACE <player> <new address>",
        "  (UNDO with the head N:HASH of the latest mail annuls only if no move came since)",
    ]
    return "\n".join(lines)


def set_aside_text(set_aside: Iterable) -> str:
    items = list(set_aside)
    if not items:
        return ""
    out = ["", "", "Lines set aside (not read as moves):"]
    for s in items[:40]:
        out.append(f"  line {s.number} ({s.why}): {_clip(s.text)}")
    if len(items) > 40:
        out.append(f"  ... and {len(items) - 40} more")
    return "\n".join(out)


def _clip(text: str, n: int = 90) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def footer(pm: "Postmaster", game: str, table: "Optional[Table]" = None) -> str:
    if not game:
        return "\n\n-- \npbem moderator. Send HELP for the commands."
    if table is None:
        try:
            table = pm.table(game)
        except Exception:                       # no game file (yet): no witness to give
            return f"\n\n-- \npbem moderator for {game}. Send HELP for the commands."
    n, head = witness(table)
    return (f"\n\n-- \npbem moderator for {game}. Game file at record {n}, head {head}.\n"
            f"Keep this line: `pbem verify {game}.pbem --head {n}:{head}` shows later that the history "
            f"up to here was not rewritten.")


def witness(table: "Table") -> tuple[int, str]:
    """(number of the last record, head hash) of a game file."""
    recs = table.file.records
    return (recs[-1].seq if recs else 0), table.file.head


def acting_player(game) -> tuple[Optional[str], str]:
    """(player id who must act now, what for) — e.g. ('Ann', 'for CPR'); the first of
    `acting_players` when several may act."""
    found = acting_players(game)
    return found[0] if found else (None, "")


def acting_players(game) -> list[tuple[str, str]]:
    """(player id, what for) for everyone who may act now (several when a step lets several
    act in any order); the game says who controls each acting entity."""
    if game.finished:
        return []
    out: list[tuple[str, str]] = []
    for ent in game.acting_entities():
        if ent in game.players:
            out.append((ent, ""))
            continue
        who = game.controller(ent)
        if who is None:
            continue
        comp = game.companies.get(ent) if ent not in game.corporations else None
        what = f"for {ent} ({comp.owner})" if comp is not None and comp.owner_is_corp else f"for {ent}"
        out.append((who, what))
    return out


def turn_line(game, player: str) -> str:
    """'YOUR TURN ...' for the player to act, else who is to act."""
    if game.finished:
        return f"The game is over ({game.end_reason})."
    from pbem.table import round_label

    where = round_label(game) or "the private auction"
    acting = acting_players(game)
    mine = [what for who, what in acting if who == player]
    if mine:
        return f"YOUR TURN: you act {mine[0] + ' ' if mine[0] else ''}in {where}."
    if not acting:
        return f"Next: nobody in {where}."
    names = " and ".join(f"{game.player_name(who)}{' ' + what if what else ''}" for who, what in acting)
    return f"Next: {names} in {where}."


def applied_text(applied: Sequence["AppliedMove"]) -> str:
    return "\n".join(f"  #{m.seq} {m.notation}" for m in applied)


def read_as_text(kept: Sequence[tuple[int, str]], applied: Sequence["AppliedMove"]) -> str:
    """Each move line of a mail as written and, under it, the moves it was read as in the
    notation (`kept`: (line number, text)); a line that made no move says so."""
    out = ["Read as:"]
    for number, text in kept:
        out.append(f"  line {number}: {text}")
        moves = [m for m in applied if m.line == number]
        out += [f"    -> #{m.seq} {m.notation}" for m in moves] or ["    -> no move (set aside)"]
    return "\n".join(out)


def read_as_refused(kept: Sequence[tuple[int, str]], trace: Sequence) -> str:
    """For a refused mail, each move line as written and what it was read as (the canonical
    moves, or why it made none): the trace of the reading (`pbem.reading.driver.LineTrace`)."""
    by_line = {t.number: t for t in trace}
    out = ["Read as:"]
    for number, text in kept:
        out.append(f"  line {number}: {text}")
        t = by_line.get(number)
        if t is None:
            out.append("    -> no move (set aside)")
        elif t.moves:
            out += [f"    -> {m}" + ("   (refused: see below)" if t.refused else "") for m in t.moves]
        else:
            out.append("    -> could not be read: see below" if t.how == "refused" else f"    -> {t.how}")
    return "\n".join(out)


def report_mails(pm: "Postmaster", game: str, table: "Table", *, headline: str, changed: Sequence[str],
                 recipients: Sequence[tuple[str, str]], in_reply_to: str = "", references: Sequence[str] = (),
                 images: bool = True) -> list[Mail]:
    """The report to (player name, address) recipients: text + HTML with the part of the map the
    move changed, the whole map (changed hexes outlined) and the market inline (each PNG carried
    once, shown by its cid:, drawn once for all the report's mails: `pm.pictures`). Each player
    to act gets a mail of their own with 'YOUR TURN' on top; everyone else shares one mail."""
    from pbem.render.report import build_report, render_report

    g = table.game
    moves = [r.notation for r in table.file.effective_moves()][-12:]
    n, head = witness(table)
    data = build_report(g, last_moves=moves, at=table.seqs[-1] if table.seqs else None, game_id=game)
    text_report = render_report(data, "text")
    pngs: list[Image] = []
    html_report = None
    if images:                        # drawn once per state, for every mail of this report and the next asking
        pics = pm.pictures.for_report(g, head, changed, game)
        near = pics.near
        pngs = ([Image("changed.png", near)] if near else []) + [Image("map.png", pics.whole),
                                                                  Image("market.png", pics.market)]
        html_report = render_report(data, "html", images={"map": "cid:map.png", "market": "cid:market.png",
                                                          **({"changed": "cid:changed.png"} if near else {})})
    foot = footer(pm, game, table)
    acting = {who for who, _ in acting_players(g)}
    # one mail for each player to act (YOUR TURN on top), one shared by everyone else
    groups: list[tuple[str, list[str]]] = []
    rest = [address for name, address in recipients if name not in acting]
    for name, address in recipients:
        if name in acting:
            groups.append((name, [address]))
    if rest:
        groups.append(("", rest))
    out = []
    for name, addresses in groups:
        top = turn_line(g, name)
        text = f"{top}\n\n{headline}\n\n{text_report}{foot}"
        html = None
        if html_report is not None:
            html = _html_with_top(html_report, top, headline, foot)
        out.append(Mail(to=", ".join(addresses), subject=pm.subject(game, f"{_subject_turn(g, name)} - record {n}"),
                        text=text, html=html, images=pngs, in_reply_to=in_reply_to, references=references,
                        auto="auto-generated", headers={"X-Pbem-Game": game, "X-Pbem-Head": f"{n}:{head}"}))
    return out


def _subject_turn(game, player: str) -> str:
    if game.finished:
        return "game over"
    acting = acting_players(game)
    if any(who == player for who, _ in acting):
        return "your turn"
    return f"{' and '.join(game.player_name(who) for who, _ in acting) or 'nobody'} to act"


def _html_with_top(report: str, top: str, headline: str, foot: str) -> str:
    from html import escape

    block = (f'<p style="font-size:1.2em;font-weight:bold">{escape(top)}</p>'
             f"<pre>{escape(headline)}</pre>")
    tail = f"<pre>{escape(foot.strip())}</pre>"
    low = report.lower()
    i = low.find("<body")
    if i >= 0:
        j = report.find(">", i) + 1
        k = low.rfind("</body>")
        return report[:j] + block + report[j:k if k > 0 else len(report)] + tail + (report[k:] if k > 0 else "")
    return block + report + tail
