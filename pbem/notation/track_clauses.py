"""What the words around a lay or a deal say in an operating round, settled on a line's clauses
before they are fitted to moves (piece_moves.py): a tile "put" on a hex is laid, "its home
hex" names where a tile goes (no token placed), the cost of a second lay told beside the lays
("paying 20 for the second lay") is no move of its own, and the player who "agreed" a trade
between companies is the other party, not the one who moves.
"""
from __future__ import annotations

import functools
import re
from typing import Optional

from .context import NotationContext
from .pieces import Clause, Piece, _operating
from .addressees import addressed, for_company, token_told_of
from .lay_details import lay_details, tile_of_lay
from .private_powers import powers
from .train_clauses import (
    another_train, bought_trains, gapped_buyer, gets_train, listed_train, price_paid, traded_in, train_remark,
)
from .lazy import regex

__all__ = ["settled"]

_AMOUNT = r"[$₽]?\d{1,4}₽?"
#: the cost of a lay beyond the first, told as such ("paying $20 for the second lay", "(second
#: one pays 20)", "the second one costs $20", "(20 for the second tile)", "as the second lay ($20)")
_LAY_COST = regex(
    rf"(?:\b(?:paying|pays|paid|costs?|costing)\s+)?(?:the\s+)?{_AMOUNT}\s+(?:for|on)\s+the\s+(?:second|2nd|extra|other)"
    rf"\s+(?:lay|tile|one|track)\b|"
    rf"\b(?:the\s+)?(?:second|2nd|other)\s+(?:one|lay|tile)\s+(?:pays|costs?|is|was)\s+(?:an?\s+extra\s+)?{_AMOUNT}"
    rf"(?:\s+extra)?(?![\w%])|"
    rf"\bas\s+(?:the|its|a)\s+(?:second|2nd|extra|other)\s+(?:lay|tile|one|yellow|track)\b(?:\s*\(\s*{_AMOUNT}\s*\))?", re.I)
#: "home" describing a hex: "its home hex B4", "on its home city", "D8 (home)", "its home I13"
_HOME_HEX = regex(r"\bhome(?=\s+(?:hex|city|town)\b|\s+[A-Z]{1,2}\d{1,2}\b|\s*\))", re.I)
#: a deal agreed with the other company's president
_AGREED = regex(r"\bagree(?:d|s|ment)?\b", re.I)
_I_AGREED = regex(r"\s*(?:I|we)\s+(?:have\s+)?agreed\b", re.I)


def settled(found: list[Clause], ctx: NotationContext, line: str) -> list[Clause]:
    """The clauses of an operating round's `line` with the words above settled (others as found)."""
    if not found or not _operating(ctx):
        return found
    found = addressed([for_company(token_told_of(gets_train(c, line, tuple(ctx.trains)), line, ctx.current), line, ctx.current)
                       for c in found], line)
    deal = any("buy" in c.verbs() for c in found)
    bought = bought_trains(found, tuple(ctx.trains))
    out: list[Clause] = []
    laid = False             # whether a clause so far names a tile (a lay told)
    for n, c in enumerate(found):
        c = _train_owner(_put_tile(_home_hex(_minor_by_place(c, ctx, line), line), line), line)
        c = _deal(lay_details(c, ctx, line, laid), line) if deal or c.of("tile") or laid else lay_details(c, ctx, line, laid)
        if laid or c.of("tile"):
            c = _lay_cost(c, line)
        c = _agreed(c, found[n + 1] if n + 1 < len(found) else None, line) if deal else c
        c = another_train(train_remark(c, bought, line), bought_trains(out, tuple(ctx.trains)), line)
        c = _step_passed(c, out[-1] if out else None)
        c = listed_train(gapped_buyer(c, out, tuple(ctx.trains), ctx.current, line), out, tuple(ctx.trains))
        laid = laid or bool(c.of("tile"))
        told = tile_of_lay(out[-1], c, ctx.title) if out else None       # "builds at H10 first: 57"
        if out and (_hex_of_lay(out[-1], c) or told):
            out[-1] = _merged(out[-1], told or c)
        elif out and traded_in(out[-1], c, ctx.current):
            out[-1] = _merged(out[-1], c)
        elif out and price_paid(out[-1], c, line):
            out[-1] = _merged(out[-1], _with(c, c.pieces[1:]))
        else:
            out.append(c)
    return powers(out, ctx, line)


def _hex_alone(c: Clause) -> bool:
    """A clause of one hex and nothing else ("D6")."""
    return len(c.pieces) == 1 and c.pieces[0].kind == "hex" and not c.loose


def _tile_no_hex(c: Clause) -> bool:
    """A clause naming one tile and no hex or place for it."""
    return len(c.of("tile")) == 1 and not c.of("hex") and not any(
        k == "location" for p in c.of("name") for k, _ in p.value)


def _hex_of_lay(a: Clause, b: Clause) -> bool:
    """A hex alone next to a tile laid with no hex ("D6: #57 rot 2", "lays a #57 in its home
    hex, D8"): the hex the tile goes on, whether it heads the tile (a label) or follows it."""
    return _hex_alone(a) and _tile_no_hex(b) or _hex_alone(b) and _tile_no_hex(a)


def _merged(a: Clause, b: Clause) -> Clause:
    """The two clauses read as one (`a` first)."""
    return Clause(a.start, b.end, a.text + ", " + b.text, a.pieces + b.pieces, a.loose + b.loose, a.mover)


def _with(c: Clause, pieces: list[Piece]) -> Clause:
    """The clause with other pieces."""
    return Clause(c.start, c.end, c.text, pieces, c.loose, c.mover)


def _put_tile(c: Clause, line: str) -> Clause:
    """ "puts a #57 on Wadena (G11)": the word "put" before a tile, in a clause naming no token
    or station, lays it (elsewhere "puts a token" places one)."""
    if not c.of("tile") or re.search(r"\b(?:tokens?|stations?)\b", c.text, re.I):
        return c
    puts = [p for p in c.of("verb") if p.value == "token" and line[p.start:p.end].lower() in ("put", "puts", "putting")]
    if not puts:
        return c
    return _with(c, [Piece("verb", "lay", p.start, p.end, p.before) if p in puts else p for p in c.pieces])


def _train_owner(c: Clause, line: str) -> Clause:
    """ "buys B&O's 2 for 90": a name both a corporation's and a private's, in the possessive
    before a train (or a bare number), is the corporation owning that train."""
    pieces = list(c.pieces)
    for n, p in enumerate(pieces[:-1]):
        nxt = pieces[n + 1]
        if p.kind == "name" and nxt.kind in ("train", "number") and re.fullmatch(r"['’]s\s+(?:old\s+)?", line[p.end - 2:nxt.start] if line[p.end - 2:p.end] in ("'s", "’s") else line[p.end:nxt.start]) \
                and {k for k, _ in p.value} >= {"corporation", "company"}:
            pieces[n] = Piece("name", tuple(v for v in p.value if v[0] == "corporation"), p.start, p.end, p.before)
    return c if pieces == c.pieces else _with(c, pieces)


_STEP_ALONE = regex(r"(?:on\s+)?(?:the\s+|its\s+)?(?:track|tiles?|tokens?|stations?|trains?)\W*", re.I)
_STEP_NAMED = regex(r"\b(?:track|tiles?|tokens?|stations?|trains?)\b", re.I)


def _step_passed(c: Clause, prev: Clause | None) -> Clause:
    """ "passes on track and on the token": a step named alone after a pass that names a step
    is a second step passed."""
    if prev is None or "pass" not in prev.verbs() or not _STEP_NAMED.search(prev.text) or c.loose \
            or not _STEP_ALONE.fullmatch(c.text) or any(p.kind != "verb" for p in c.pieces):
        return c
    return _with(c, [Piece("verb", "steppass", c.pieces[0].start, c.pieces[0].end)] if c.pieces else [])


@functools.lru_cache(maxsize=16)
def _minor_homes(title: Optional[str]) -> dict:
    """The title's minors by their home hex (a hex of several minors: none)."""
    from pbem.titles.registry import title_data

    try:
        corps = title_data(title).get("corporations") or [] if title else []
    except Exception:       # an unknown title
        return {}
    homes: dict = {}
    for c in corps:
        if isinstance(c, dict) and c.get("type") == "minor" and c.get("home"):
            homes.setdefault(c["home"], []).append(c["sym"])
    return {h: syms[0] for h, syms in homes.items() if len(syms) == 1}


def _minor_by_place(c: Clause, ctx: NotationContext, line: str) -> Clause:
    """ "Kharkov minor is buying a 3": a place named before the word "minor" is the one minor
    whose home it is."""
    pieces = list(c.pieces)
    for n, p in enumerate(pieces):
        hexes = [i for k, i in p.value if k == "location"] if p.kind == "name" else []
        if len(hexes) == 1 and re.match(r"\s+minor\b", line[p.end:], re.I) and hexes[0] in _minor_homes(ctx.title):
            pieces[n] = Piece("name", (("corporation", _minor_homes(ctx.title)[hexes[0]]),), p.start, p.end, p.before)
    return c if pieces == c.pieces else Clause(c.start, c.end, c.text, pieces, [w for w in c.loose if w != "minor"], c.mover)


def _deal(c: Clause, line: str) -> Clause:
    """In a buy: a move to come after it ("before running", "before laying track") is no move
    (nor what the clause names after it),
    a player's possessive before a private ("Fiona's Moscow-Yaroslavl") names the seller, and
    "for R1" is a price of one rouble (no rotation)."""
    if "buy" not in c.verbs():
        return c
    pieces, loose = [], list(c.loose)
    for n, p in enumerate(c.pieces):
        nxt = c.pieces[n + 1] if n + 1 < len(c.pieces) else None
        if p.kind == "verb" and p.before == "before" and line[p.start:p.end].lower().endswith("ing"):
            loose = [w for w in loose if w != "before"]
            break             # what follows belongs to the move to come
        if p.kind == "name" and all(k == "player" for k, _ in p.value) and nxt is not None and nxt.kind == "name" \
                and any(k == "company" for k, _ in nxt.value) and line[p.end - 2:p.end] in ("'s", "’s"):
            continue
        if p.kind == "rotation" and p.before == "for" and re.fullmatch(r"R\d", line[p.start:p.end]):
            p = Piece("money", p.value, p.start, p.end, p.before)
        pieces.append(p)
    return c if pieces == c.pieces and loose == c.loose else Clause(c.start, c.end, c.text, pieces, loose, c.mover)


def _home_hex(c: Clause, line: str) -> Clause:
    """ "lays tile 202 in its home hex B4": "home" says which hex, in a clause naming a tile
    and no other token word; it places no token."""
    if not c.of("tile") or re.search(r"\b(?:tokens?|stations?)\b", c.text, re.I):
        return c
    homes = {m.start() for m in _HOME_HEX.finditer(line, c.start, c.end)}
    kept = [p for p in c.pieces if not (p.kind == "verb" and p.start in homes)]
    return c if len(kept) == len(c.pieces) else _with(c, kept)


def _lay_cost(c: Clause, line: str) -> Clause:
    """The cost of a second lay told in a clause (or its bracket) on a line that lays a tile:
    its amount and words are no move (the table knows what a lay costs)."""
    spans = [m.span() for m in _LAY_COST.finditer(line, c.start, c.end)]
    if not spans:
        return c
    kept = [p for p in c.pieces if not any(a <= p.start and p.end <= b for a, b in spans)]
    said = [w.lower() for a, b in spans for w in re.findall(r"[A-Za-z]+", line[a:b])]
    loose = [w for w in c.loose if w not in said]
    return Clause(c.start, c.end, c.text, kept, loose, c.mover)


def _agreed(c: Clause, after: Clause | None, line: str) -> Clause:
    """A player named after the word "agreed" ("(agreed with Marta)"), in a clause of no move
    telling it ("Kenji agreed by PM"), or alone just before "I agreed" ("Jonas and I agreed
    this"), is the other party of a deal between companies (on a line that buys): set aside,
    with the writer named there. A player before the move word still moves ("Bob buys ...")."""
    alone = after is not None and _I_AGREED.match(after.text) and all(p.kind == "name" for p in c.pieces) and not c.loose
    said = _AGREED.search(line, c.start, c.end)
    if not (said or alone):
        return c
    if {p.value for p in c.of("verb")} - {"buy"}:
        return c
    at = said.start() if said and c.verbs() else c.start      # from the word "agreed" on
    kept = [p for p in c.pieces if not (p.start >= at and (p.kind == "me" or p.kind == "name"
                                                           and all(k == "player" for k, _ in p.value)))]
    return c if len(kept) == len(c.pieces) else _with(c, kept)
