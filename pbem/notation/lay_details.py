"""What a lay's clause tells beside the tile and the hex, settled before the clause is fitted
(track_clauses.py calls these): a bare number laid "in Lancaster" is the tile, a number in
brackets after the word "tile" too ("the grey Moscow tile (639)"), the track's connections
("with the track joining up to Regina") name no hex of the lay, the
operating company's name read as a place ("New Haven") is the company, and a tile alone after
a lay that named none ("upgrades St. Petersburg (E1) to brown, tile 641", "builds at H10 first: 57",
"lays in Regina: R2") is that lay's tile. A tile told by its colour ("a green city on L8") is
each lay of that colour the game allows on the hex (`lays_by_colour`).
"""
from __future__ import annotations

import dataclasses
import functools
import re
from typing import Optional

from pbem.engine.actions import LayTile
from pbem.errors import NotationError, PbemError

from .context import NotationContext
from .names import norm
from .tile_words import ROTATION, SIDE_ROTATION, side_name
from .pieces import Clause, Piece
from .lazy import regex

__all__ = ["lay_details", "lays_by_colour", "tile_of_lay"]

#: a tile told by its colour ("a green city on L8")
_COLOUR = regex(r"\b(?:yellow|green|brown|gr[ae]y)\b", re.I)


def lays_by_colour(text: str, ctx: NotationContext, cur: str, hexes: list[str], rots: list[int]):
    """The lays on the one hex of `hexes` of the tile colour `text` names, one fit each (why not,
    when the colour fits no legal lay, or the game is not known); None when it names no colour,
    one hex or at most one rotation."""
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

#: the track a lay connects, told beside it: its hexes and places are no lay's
_CONNECTS = regex(r"\(?\s*\b(?:connecting|connects|joining|joins|linking|links)\b(?:\s+up)?(?:\s+(?:to|with))?"
                       r"[^,;()]*\)?", re.I)
_TRACK_WORDS = {"connecting", "connects", "joining", "joins", "linking", "links", "up", "with", "track", "the", "to"}


@functools.lru_cache(maxsize=16)
def _tiles(title: Optional[str]) -> Optional[frozenset]:
    """The title's tile numbers and names (None when unknown: then any number may be one)."""
    from pbem.titles.registry import title_data

    try:
        tiles = title_data(title).get("tiles") if title else None
    except Exception:        # an unknown title
        return None
    return frozenset(str(t) for t in tiles) if isinstance(tiles, dict) and tiles else None


def _location(p: Piece) -> bool:
    """Whether the piece is a name read only as a place."""
    return p.kind == "name" and all(k == "location" for k, _ in p.value)


def lay_details(c: Clause, ctx: NotationContext, line: str, laid: bool) -> Clause:
    """The clause with the details above settled (as found when it tells none); `laid`: a
    clause before it on the line names a tile."""
    pieces = list(c.pieces)
    loose = list(c.loose)
    verbs = c.verbs()
    # "New Haven lays ...": the operating company's name before the move word is no place
    first_verb = min((p.start for p in pieces if p.kind == "verb"), default=-1)
    for n, p in enumerate(pieces):
        if p.kind == "name" and p.start < first_verb and any(i == ctx.current for _, i in p.value) \
                and any(k == "location" for k, _ in p.value):
            pieces[n] = Piece("name", tuple(v for v in p.value if v[1] == ctx.current), p.start, p.end, p.before)
    # "14 in Lancaster", "the grey Moscow tile (639)": a number where a tile goes
    if verbs <= {"lay"} and not any(p.kind in ("tile", "train") for p in pieces):
        for n, p in enumerate(pieces):
            nxt = pieces[n + 1] if n + 1 < len(pieces) else None
            before_place = nxt is not None and _location(nxt) and re.fullmatch(r"\s+(?:on|in|at)\s+(?:the\s+)?", line[p.end:nxt.start], re.I)
            in_brackets = re.search(r"\btile\s*\(\s*$", line[max(0, p.start - 12):p.start], re.I) and re.match(r"\s*\)", line[p.end:])
            known = _tiles(ctx.title)
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
        if spans:
            inside = [p for p in pieces if any(a <= p.start and p.end <= b for a, b in spans)]
            # a hex or place joined is an edge the rotation is worked out from (`with_edges`)
            if inside and all(_location(p) or p.kind in ("hex", "edges") or p.kind == "verb" and p.value == "merge"
                              for p in inside):
                pieces = [p for p in pieces if p not in inside]
                loose = [w for w in loose if w not in _TRACK_WORDS]
    if pieces == c.pieces and loose == c.loose:
        return c
    return Clause(c.start, c.end, c.text, pieces, loose, c.mover)


#: a hex with a place in brackets after it ("I5 (Swift Current)")
_HEX_PLACE = regex(r"\b([A-Z]{1,2}\d{1,3})\s*\(\s*([A-Za-z][^()]*?)\s*\)")


def place_beside_hex(line: str, ctx: NotationContext) -> Optional[str]:
    """Why a hex and the place written beside it in brackets disagree ("I5 (Regina)": Regina is
    J10), or None: the player meant one of them, which cannot be told."""
    names = {hex_: {norm(n) for n in ([v] if isinstance(v, str) else v)} for hex_, v in ctx.locations.items()}
    for m in _HEX_PLACE.finditer(line):
        said = norm(m.group(2))
        elsewhere = [h for h, ns in names.items() if said in ns and h != m.group(1)]
        if elsewhere and names.get(m.group(1)) and said not in names[m.group(1)]:     # (a hex of no name: an area's)
            own = ctx.locations[m.group(1)]
            own = own if isinstance(own, str) else " or ".join(own)
            return f"{m.group(1)} is {own}, not {m.group(2)} ({m.group(2)} is {elsewhere[0]}): which hex is meant?"
    return None


def tile_of_lay(a: Clause, b: Clause, title: Optional[str] = None) -> Optional[Clause]:
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
    return Clause(b.start, b.end, b.text, [Piece("tile", str(p.value), p.start, p.end, p.before) if q is p else q
                                           for q in b.pieces], b.loose, b.mover)


#: the sides or neighbours a lay's track is told to join ("joining NE and S", "toward Regina", "exits H4, J6")
_EDGE_WORDS = regex(r"\b(?:connecting|connects|joining|joins|linking|links|towards?|exits?|exiting|pointing)\b"
                         r"(?:\s+(?:track|up|to|with|at))*\s+([^;().]*)", re.I)
_EDGE_ITEM = regex(r"\b[A-Za-z]{1,2}\d{1,3}\b|\b(?:north|south)(?:[\s-]?(?:east|west))?\b|\b(?:east|west)\b|"
                        r"\b[NS][EW]\b|\b[NSEW]\b|\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")


def _edges(told: str, ctx: NotationContext) -> tuple:
    """The hexes and sides `told` names, in order: a hex, a side of this map ("NE"), a place's hex."""
    places = {norm(n): h for h, v in ctx.locations.items() for n in ([v] if isinstance(v, str) else v)}
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
    told = _EDGE_WORDS.search(text)
    return _edges(told.group(1), ctx) if told else ()


def tells_edges(text: str) -> bool:
    """Whether `text` tells the sides or neighbours a tile joins ("joining NE and S", "toward J10")."""
    return bool(_EDGE_WORDS.search(text))


def with_edges(moves: list, line: str, ctx: NotationContext) -> list:
    """The lays read by pieces with the rotation the sides or neighbours told beside them give
    (the engine's hook); a rotation written that does not join them refuses the line."""
    out = []
    for m in moves:
        a = m.action
        told = _EDGE_WORDS.search(line, m.column - 1) if isinstance(a, LayTile) and ctx.rotation_resolver else None
        edges = _edges(told.group(1), ctx) if told else ()
        if edges:
            try:
                joins = ctx.resolve_rotation(a.tile, a.hex, edges)
            except PbemError:
                joins = None
            written = ROTATION.search(m.text) or SIDE_ROTATION.search(m.text)
            if joins is not None and written and joins != a.rotation:
                raise NotationError(f"rotation {a.rotation} does not join {' and '.join(edges)} (rotation {joins} does)",
                                    text=line.strip())
            if joins is not None and not written:
                m = dataclasses.replace(m, action=dataclasses.replace(a, rotation=joins))
        if isinstance(a, LayTile) and ctx.rotation_resolver and tells_edges(m.text) and not edges \
                and not (ROTATION.search(m.text) or SIDE_ROTATION.search(m.text)):
            # sides the fitter left to this reading that name none here: the rotation the hook gives alone
            m = dataclasses.replace(m, action=dataclasses.replace(a, rotation=ctx.resolve_rotation(a.tile, a.hex, ())))
        out.append(m)
    return out


def rotations_now(moves: list, ctx: NotationContext) -> list:
    """The moves read by pieces with each rotation left to the board of its turn (open
    "rotation") worked out on this one: a message read against one state."""
    out = []
    for m in moves:
        if isinstance(m.action, LayTile) and "rotation" in m.open:
            a = m.action
            m = dataclasses.replace(m, action=dataclasses.replace(a, rotation=ctx.resolve_rotation(a.tile, a.hex, ())),
                                    open=tuple(o for o in m.open if o != "rotation"))
        out.append(m)
    return out
