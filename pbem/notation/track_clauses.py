"""What the words around a lay or a deal say in an operating round, settled on a line's clauses
before they are fitted to moves (piece_moves.py); a lay's rotation from the sides or neighbours
it joins, and a hex and the place beside it that disagree (the rules: docs/reading.md)."""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import Optional

from pbem.engine.actions import LayTile
from pbem.errors import NotationError, PbemError

from .context import NotationContext, round_kind
from .names import norm
from .pieces import Clause, Piece
from .addressed import addressed, for_company, token_told_of
from .private_powers import powers
from .tile_words import ROTATION, SIDE_ROTATION, side_name, title_table
from .train_clauses import (
    another_train, bought_trains, gapped_buyer, gets_train, listed_train, price_paid, traded_in, train_remark,
)
from .lazy import regex

__all__ = ["edges_told", "lays_by_colour", "place_beside_hex", "rotations_now", "settled", "tells_edges",
           "with_edges"]

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
_POSSESSIVE = regex(r"['’]s\s+(?:old\s+)?")
_TOKEN_WORD = regex(r"\b(?:tokens?|stations?)\b", re.I)
#: a tile told by its colour ("a green city on L8")
_COLOUR = regex(r"\b(?:yellow|green|brown|gr[ae]y)\b", re.I)
#: the track a lay connects, told beside it: its hexes and places are no lay's
_CONNECTS = regex(r"\(?\s*\b(?:connecting|connects|joining|joins|linking|links)\b(?:\s+up)?(?:\s+(?:to|with))?"
                  r"[^,;()]*\)?", re.I)
_TRACK_WORDS = {"connecting", "connects", "joining", "joins", "linking", "links", "up", "with", "track", "the", "to"}
#: the sides or neighbours a lay's track is told to join ("joining NE and S", "toward Regina", "exits H4, J6")
_EDGE_WORDS = regex(r"\b(?:connecting|connects|joining|joins|linking|links|towards?|exits?|exiting|pointing)\b"
                    r"(?:\s+(?:track|up|to|with|at))*\s+([^;().]*)", re.I)
_EDGE_ITEM = regex(r"\b[A-Za-z]{1,2}\d{1,3}\b|\b(?:north|south)(?:[\s-]?(?:east|west))?\b|\b(?:east|west)\b|"
                   r"\b[NS][EW]\b|\b[NSEW]\b|\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")
#: a hex with a place in brackets after it ("I5 (Swift Current)")
_HEX_PLACE = regex(r"\b([A-Z]{1,2}\d{1,3})\s*\(\s*([A-Za-z][^()]*?)\s*\)")


def settled(found: list[Clause], ctx: NotationContext, line: str) -> list[Clause]:
    """The clauses of an operating round's `line` with the words above settled (others as found)."""
    if not found or round_kind(ctx) != "operating":
        return found
    found = addressed([for_company(token_told_of(gets_train(c, line, tuple(ctx.trains)), line, ctx.current), line, ctx.current)
                       for c in found], line)
    deal = any("buy" in c.verbs() for c in found)
    bought = bought_trains(found, tuple(ctx.trains))
    out: list[Clause] = []
    laid = False             # whether a clause so far names a tile (a lay told)
    for n, c in enumerate(found):
        c = _train_owner(_put_tile(_home_hex(_minor_by_place(c, ctx, line), line), line), line)
        c = _deal(_lay_details(c, ctx, line, laid), line)
        if laid or c.of("tile"):
            c = _lay_cost(c, line)
        c = _agreed(c, found[n + 1] if n + 1 < len(found) else None, line) if deal else c
        c = another_train(train_remark(c, bought, line), bought_trains(out, tuple(ctx.trains)), line)
        c = _step_passed(c, out[-1] if out else None)
        c = listed_train(gapped_buyer(c, out, tuple(ctx.trains), ctx.current, line), out, tuple(ctx.trains))
        laid = laid or bool(c.of("tile"))
        told = _tile_of_lay(out[-1], c, ctx.title) if out else None       # "builds at H10 first: 57"
        if out and (_hex_of_lay(out[-1], c) or told):
            out[-1] = _merged(out[-1], told or c)
        elif out and traded_in(out[-1], c, ctx.current):
            out[-1] = _merged(out[-1], c)
        elif out and price_paid(out[-1], c, line):
            out[-1] = _merged(out[-1], replace(c, pieces=c.pieces[1:]))
        else:
            out.append(c)
    return powers(out, ctx, line)


def _hex_of_lay(a: Clause, b: Clause) -> bool:
    """A hex alone next to a tile laid with no hex or place ("D6: #57 rot 2", "lays a #57 in its
    home hex, D8"): the hex the tile goes on, whether it heads the tile (a label) or follows it."""
    def hex_alone(c: Clause) -> bool:
        return len(c.pieces) == 1 and c.pieces[0].kind == "hex" and not c.loose

    def tile_no_hex(c: Clause) -> bool:
        return len(c.of("tile")) == 1 and not c.of("hex") and not any(_location(p, any) for p in c.of("name"))
    return hex_alone(a) and tile_no_hex(b) or hex_alone(b) and tile_no_hex(a)


def _merged(a: Clause, b: Clause) -> Clause:
    """The two clauses read as one (`a` first)."""
    return Clause(a.start, b.end, a.text + ", " + b.text, a.pieces + b.pieces, a.loose + b.loose, a.mover)


def _put_tile(c: Clause, line: str) -> Clause:
    """ "puts a #57 on Wadena (G11)": "put" before a tile, in a clause naming no token or
    station, lays it (elsewhere "puts a token" places one)."""
    if not c.of("tile") or _TOKEN_WORD.search(c.text):
        return c
    puts = [p for p in c.of("verb") if p.value == "token" and line[p.start:p.end].lower() in ("put", "puts", "putting")]
    if not puts:
        return c
    return replace(c, pieces=[Piece("verb", "lay", p.start, p.end, p.before) if p in puts else p
                              for p in c.pieces])


def _home_hex(c: Clause, line: str) -> Clause:
    """ "lays tile 202 in its home hex B4": "home" says which hex, in a clause naming a tile
    and no token word; it places no token."""
    if not c.of("tile") or _TOKEN_WORD.search(c.text):
        return c
    homes = {m.start() for m in _HOME_HEX.finditer(line, c.start, c.end)}
    kept = [p for p in c.pieces if not (p.kind == "verb" and p.start in homes)]
    return c if len(kept) == len(c.pieces) else replace(c, pieces=kept)


def _train_owner(c: Clause, line: str) -> Clause:
    """ "buys B&O's 2 for 90": a name both a corporation's and a private's, in the possessive
    before a train (or a bare number), is the corporation owning that train."""
    pieces = list(c.pieces)
    for n, p in enumerate(pieces[:-1]):
        nxt = pieces[n + 1]
        between = line[p.end - 2 if line[p.end - 2:p.end] in ("'s", "’s") else p.end:nxt.start]
        if p.kind == "name" and nxt.kind in ("train", "number") and _POSSESSIVE.fullmatch(between) \
                and {k for k, _ in p.value} >= {"corporation", "company"}:
            pieces[n] = Piece("name", tuple(v for v in p.value if v[0] == "corporation"), p.start, p.end, p.before)
    return c if pieces == c.pieces else replace(c, pieces=pieces)


_STEP_ALONE = regex(r"(?:on\s+)?(?:the\s+|its\s+)?(?:track|tiles?|tokens?|stations?|trains?)\W*", re.I)
_STEP_NAMED = regex(r"\b(?:track|tiles?|tokens?|stations?|trains?)\b", re.I)


def _step_passed(c: Clause, prev: Clause | None) -> Clause:
    """ "passes on track and on the token": a step named alone after a pass that names a step
    is a second step passed."""
    if prev is None or "pass" not in prev.verbs() or not _STEP_NAMED.search(prev.text) or c.loose \
            or not _STEP_ALONE.fullmatch(c.text) or any(p.kind != "verb" for p in c.pieces):
        return c
    return replace(c, pieces=[Piece("verb", "steppass", c.pieces[0].start, c.pieces[0].end)]
                   if c.pieces else [])


@functools.lru_cache(maxsize=16)
def _minor_homes(title: Optional[str]) -> dict:
    """The title's minors by their home hex (a hex of several minors: none)."""
    homes: dict = {}
    for c in title_table(title, "corporations") or []:
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
    return c if pieces == c.pieces else replace(c, pieces=pieces, loose=[w for w in c.loose if w != "minor"])


def _deal(c: Clause, line: str) -> Clause:
    """In a buy: a move to come ("before running") and what follows it are no move, a player's
    possessive before a private names the seller, and "for R1" is a price of one rouble."""
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
            continue          # "Fiona's Moscow-Yaroslavl"
        if p.kind == "rotation" and p.before == "for" and re.fullmatch(r"R\d", line[p.start:p.end]):
            p = Piece("money", p.value, p.start, p.end, p.before)
        pieces.append(p)
    return c if pieces == c.pieces and loose == c.loose else replace(c, pieces=pieces, loose=loose)


def _lay_cost(c: Clause, line: str) -> Clause:
    """The cost of a second lay told in a clause (or its bracket) on a line that lays a tile:
    its amount and words are no move (the table knows what a lay costs)."""
    spans = [m.span() for m in _LAY_COST.finditer(line, c.start, c.end)]
    if not spans:
        return c
    said = [w.lower() for a, b in spans for w in re.findall(r"[A-Za-z]+", line[a:b])]
    return replace(c, pieces=[p for p in c.pieces if not any(a <= p.start and p.end <= b for a, b in spans)],
                   loose=[w for w in c.loose if w not in said])


def _agreed(c: Clause, after: Clause | None, line: str) -> Clause:
    """On a line that buys, a player after "agreed", in a clause telling no other move, or alone before
    "I agreed", is the other party of a deal between companies: set aside ("Bob buys ..." still moves)."""
    alone = after is not None and _I_AGREED.match(after.text) and all(p.kind == "name" for p in c.pieces) and not c.loose
    said = _AGREED.search(line, c.start, c.end)
    if not (said or alone) or {p.value for p in c.of("verb")} - {"buy"}:
        return c
    at = said.start() if said and c.verbs() else c.start      # from the word "agreed" on
    kept = [p for p in c.pieces if not (p.start >= at and (p.kind == "me" or p.kind == "name"
                                                           and all(k == "player" for k, _ in p.value)))]
    return c if len(kept) == len(c.pieces) else replace(c, pieces=kept)


def lays_by_colour(text: str, ctx: NotationContext, cur: str, hexes: list[str], rots: list[int]):
    """The lays of the colour `text` names on the one hex of `hexes`, one fit each (why not, when none
    fits or the game is not known); None when it names no colour, one hex or at most one rotation."""
    colour = _COLOUR.search(text)
    if colour is None or len(hexes) != 1 or len(rots) > 1:
        return None
    if ctx.lays_on is None:
        return 'say which tile by its number, e.g. "#57"; a colour can mean several tiles'
    hex_ = hexes[0]
    want = colour.group(0).lower().replace("gray", "grey")
    fits = [[(LayTile(cur, hex_, tile, r), ())] for tile, col, legal in ctx.lays_on(hex_) if col == want
            for r in (rots or legal) if r in legal]
    return fits or f"no {want} tile can be laid on {hex_} now"


@functools.lru_cache(maxsize=16)
def _tiles(title: Optional[str]) -> Optional[frozenset]:
    """The title's tile numbers and names (None when unknown: then any number may be one)."""
    tiles = title_table(title, "tiles")
    return frozenset(str(t) for t in tiles) if isinstance(tiles, dict) and tiles else None


def _location(p: Piece, which=all) -> bool:
    """Whether the piece is a name read only as a place (`which=any`: also as a place)."""
    return p.kind == "name" and which(k == "location" for k, _ in p.value)


def _lay_details(c: Clause, ctx: NotationContext, line: str, laid: bool) -> Clause:
    """The clause with what a lay tells beside its tile and hex settled; `laid`: a clause before
    it on the line names a tile."""
    pieces = list(c.pieces)
    loose = list(c.loose)
    verbs = c.verbs()
    # "New Haven lays ...": the operating company's name before the move word is no place
    first_verb = min((p.start for p in pieces if p.kind == "verb"), default=-1)
    for n, p in enumerate(pieces):
        if p.start < first_verb and _location(p, any) and any(i == ctx.current for _, i in p.value):
            pieces[n] = Piece("name", tuple(v for v in p.value if v[1] == ctx.current), p.start, p.end, p.before)
    # "14 in Lancaster", "the grey Moscow tile (639)": a number where a tile goes
    if verbs <= {"lay"} and not any(p.kind in ("tile", "train") for p in pieces):
        known = _tiles(ctx.title)
        for n, p in enumerate(pieces):
            nxt = pieces[n + 1] if n + 1 < len(pieces) else None
            before_place = nxt is not None and _location(nxt) and re.fullmatch(r"\s+(?:on|in|at)\s+(?:the\s+)?", line[p.end:nxt.start], re.I)
            in_brackets = re.search(r"\btile\s*\(\s*$", line[max(0, p.start - 12):p.start], re.I) and re.match(r"\s*\)", line[p.end:])
            if p.kind == "number" and (before_place or in_brackets) and (known is None or str(p.value) in known):
                pieces[n] = Piece("tile", str(p.value), p.start, p.end, p.before)
                break
    # "lay 636 in Kiev (upgrade from 635)": the tile replaced is no piece of the lay
    if verbs <= {"lay"} and any(p.kind == "tile" for p in pieces):
        pieces = [p for p in pieces if not (p.kind in ("number", "tile") and p.before == "from" and len(pieces) > 1)]
    # "with the track joining up to Regina": no hex of the lay
    if verbs <= {"lay", "merge"} and (laid or any(p.kind == "tile" for p in pieces)):
        spans = [m.span() for m in _CONNECTS.finditer(line, c.start, c.end)] + \
            [m.span(1) for m in _EDGE_WORDS.finditer(line, c.start, c.end)]
        inside = [p for p in pieces if any(a <= p.start and p.end <= b for a, b in spans)]
        # a hex or place joined is an edge the rotation is worked out from (`with_edges`)
        if inside and all(_location(p) or p.kind in ("hex", "edges") or (p.kind, p.value) == ("verb", "merge")
                          for p in inside):
            pieces = [p for p in pieces if p not in inside]
            loose = [w for w in loose if w not in _TRACK_WORDS]
    return c if pieces == c.pieces and loose == c.loose else replace(c, pieces=pieces, loose=loose)


def _places(ctx: NotationContext) -> list[tuple[str, str]]:
    """Each hex of the map with a name, with each of its names normalised."""
    return [(h, norm(n)) for h, v in ctx.locations.items() for n in ([v] if isinstance(v, str) else v)]


def place_beside_hex(line: str, ctx: NotationContext) -> Optional[str]:
    """Why a hex and the place written beside it in brackets disagree ("I5 (Regina)": Regina is
    J10), or None: the player meant one of them, which cannot be told."""
    for m in _HEX_PLACE.finditer(line):
        said, names = norm(m.group(2)), {n for h, n in _places(ctx) if h == m.group(1)}
        elsewhere = [h for h, n in _places(ctx) if n == said and h != m.group(1)]
        if elsewhere and names and said not in names:     # (a hex of no name: an area's)
            own = ctx.locations[m.group(1)]
            own = own if isinstance(own, str) else " or ".join(own)
            return f"{m.group(1)} is {own}, not {m.group(2)} ({m.group(2)} is {elsewhere[0]}): which hex is meant?"
    return None


def _tile_of_lay(a: Clause, b: Clause, title: Optional[str] = None) -> Optional[Clause]:
    """`b` as the tile of the lay `a` named with its hex or place but no tile: a tile alone ("tile
    641"), or a bare number of the title's tiles ("builds at H10 first: 57"); None otherwise."""
    if "lay" not in a.verbs() or a.of("tile") or len(a.of("hex")) + sum(1 for p in a.pieces if _location(p)) != 1 or b.loose:
        return None
    where = {p.value if p.kind == "hex" else p.value[0][1] for p in a.pieces if p.kind == "hex" or _location(p)}
    alone = [p for p in b.pieces if p.kind != "rotation" and not (p.kind == "hex" and p.value in where)]    # "Boston tile, #53 on E23"
    if [p.kind for p in alone] == ["tile"]:
        return b
    known = _tiles(title)
    if [p.kind for p in alone] != ["number"] or known is None or str(alone[0].value) not in known:
        return None
    p = alone[0]
    return replace(b, pieces=[Piece("tile", str(p.value), p.start, p.end, p.before) if q is p else q
                              for q in b.pieces])


def _edges(told: str, ctx: NotationContext) -> tuple:
    """The hexes and sides `told` names, in order: a hex, a side of this map ("NE"), a place's hex."""
    places = {n: h for h, n in _places(ctx)}
    out = []
    for m in _EDGE_ITEM.finditer(told):
        w = m.group(0)
        if side_name(w) in ctx.compass_sides() and (w.isupper() or w.islower()):
            out.append(side_name(w))
        elif re.fullmatch(r"[A-Za-z]{1,2}\d{1,3}", w):
            out.append(w.upper())
        elif norm(w) in places:
            out.append(places[norm(w)])
    return tuple(out)


def edges_told(text: str, ctx: NotationContext) -> tuple:
    """The sides and neighbours `text` tells a tile joins ("joining NE and S"), or ()."""
    return _edges(told.group(1), ctx) if (told := _EDGE_WORDS.search(text)) else ()


def tells_edges(text: str) -> bool:
    """Whether `text` tells the sides or neighbours a tile joins ("joining NE and S", "toward J10")."""
    return bool(_EDGE_WORDS.search(text))


def with_edges(moves: list, line: str, ctx: NotationContext) -> list:
    """The lays read by pieces with the rotation the sides or neighbours told beside them give
    (the engine's hook); a rotation written that does not join them refuses the line."""
    out = []
    for m in moves:
        a = m.action
        if isinstance(a, LayTile) and ctx.rotation_resolver:
            told = _EDGE_WORDS.search(line, m.column - 1)
            edges = _edges(told.group(1), ctx) if told else ()
            written = ROTATION.search(m.text) or SIDE_ROTATION.search(m.text)
            if edges:
                try:
                    joins = ctx.resolve_rotation(a.tile, a.hex, edges)
                except PbemError:
                    joins = None
                if joins is not None and written and joins != a.rotation:
                    why = f"rotation {a.rotation} does not join {' and '.join(edges)} (rotation {joins} does)"
                    raise NotationError(why, text=line.strip())
                if joins is not None and not written:
                    m = replace(m, action=replace(a, rotation=joins))
            elif tells_edges(m.text) and not written:
                # sides the fitter left to this reading that name none here: the rotation the hook gives alone
                m = replace(m, action=replace(a, rotation=ctx.resolve_rotation(a.tile, a.hex, ())))
        out.append(m)
    return out


def rotations_now(moves: list, ctx: NotationContext) -> list:
    """The moves read by pieces with each rotation left to the board of its turn (open
    "rotation") worked out on this one: a message read against one state."""
    out = []
    for m in moves:
        if isinstance(m.action, LayTile) and "rotation" in m.open:
            a = m.action
            m = replace(m, action=replace(a, rotation=ctx.resolve_rotation(a.tile, a.hex, ())),
                        open=tuple(o for o in m.open if o != "rotation"))
        out.append(m)
    return out
