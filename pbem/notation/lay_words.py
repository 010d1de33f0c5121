"""How a lay is written: a tile ("#57", "a 9 at G13", "R2", "a green city"), its rotation ("rot 2",
"I5/SW", "joining NE and S") and a city of a hex ("J10.2"), and the words around them."""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Optional

from pbem.engine.actions import LayTile, PlaceToken, RemoveToken, RunRoutes, Stop
from pbem.errors import NotationError, PbemError

from .context import NotationContext
from .names import norm
from .run_words import is_place
from .lazy import regex

if TYPE_CHECKING:
    from .pieces import Clause, Piece

__all__ = ["CITY", "EDGE_LIST", "NAMED_TILE", "PRICE_WORDS", "ROTATION", "SIDE_ROTATION", "TILE", "TILE_AFTER_HEX", "TILE_AT",
           "edges_told", "lay_cost_aside", "lay_settled", "lays_by_colour", "place_beside_hex", "rotations_now", "side",
           "side_not_here", "tells_edges", "tile_after_lay", "tile_names", "with_edges_and_cities"]

#: right after a hex ("I5/2", "J10.2")
_AFTER_HEX = r"(?:(?<=[A-Za-z]\d)|(?<=[A-Za-z]\d\d))"
#: a hex side by its compass name ("NE", "north-east", "west")
_COMPASS = r"(?:north|south)(?:[\s-]?(?:east|west))?|east|west|[NS][EW]|[NSEW]"
ROTATION = regex(rf"\b(?:rot(?:ation|ated)?|orientation|r)\s*\.?\s*[:=]?\s*#?([0-5])\b|{_AFTER_HEX}\s*/\s*([0-5])\b", re.I)
#: a rotation told by the hex side it names ("#57 at I5/SW", "rot NE"): that side's number on this map
SIDE_ROTATION = regex(rf"{_AFTER_HEX}\s*/\s*({_COMPASS})\b|\b(?:rot(?:ation)?|orient(?:ation|ed)?)\s+({_COMPASS})\b", re.I)
TILE = regex(r"(?:#\s*|\btile\s+#?)(\d{1,4})\b", re.I)
#: a tile named by letters and a number where a tile goes ("lays R1", "green R2", "R1 on J10")
NAMED_TILE = regex(r"(?:(?<=\blay\s)|(?<=\blays\s)|(?<=\bto\s)|(?<=\bthe\s)|(?<=\bgreen\s)|(?<=\bbrown\s)|"
                   r"(?<=\bgrey\s)|(?<=\bgray\s)|(?<=\btile\s)|(?<=\bwith\s))([A-Z]{1,2}\d{1,2})\b|"
                   r"\b([A-Z]{1,2}\d{1,2})(?=\s+(?:tile\b|(?:on|in|at)\s+[A-Z]{1,2}\d))|"
                   r"(?<=\()([A-Z]{1,2}\d{1,2})(?=\))|(?<=:\s)([A-Z]{1,2}\d{1,2})\b|"   # "Green Regina (R1)", "lays in Regina: R2"
                   r"(?<![\w#])#([A-Z]{1,2}\d{1,2})\b")      # "#R1 J10"
#: a bare number laid on a hex ("a 9 at G13", "8 @ I7", "8 into C5") is a tile, never an amount
TILE_AT = regex(r"(?<![\w#$.])(\d{1,4})(?=\s*@\s*[A-Za-z]{1,2}\d{1,2}\b|\s+(?:(?:on|at|in|to|into)\s+[A-Za-z]|[A-Z])[A-Za-z]?\d{1,2}\b)")
#: "I5 57", "I5 57 rot 1": a number after a hex no route reaches, ending its clause or before a rotation
TILE_AFTER_HEX = regex(r"(?:(?<=\s[A-Z]\d\s)|(?<=^[A-Z]\d\s)|(?<=\s[A-Z]\d\d\s)|(?<=^[A-Z]\d\d\s))"
                       r"(\d{1,4})(?=\s*(?:$|[,;.]|\s+r(?:ot\w*)?\s*\d))")
#: a city's number after its hex: "J10.2", "J10#2", "J10 city 2", "J10 (city 2)"; CITY the number alone
_NUMBER = r"(?:[.#](\d)|,?\s+city\s+(\d)|\s*\(\s*city\s+(\d)\s*\))"
CITY = regex(rf"{_AFTER_HEX}{_NUMBER}\b", re.I)
_HEX_CITY = regex(rf"\b([A-Za-z]{{1,2}}\d{{1,2}}){_NUMBER}", re.I)
#: a tile told by its colour ("a green city on L8")
_COLOUR = regex(r"\b(?:yellow|green|brown|gr[ae]y)\b", re.I)

_JOIN = r"\b(?:connecting|connects|joining|joins|linking|links)\b"
_SIDE = rf"(?:{_COMPASS}|[A-Z]{{1,2}}\d{{1,3}})"
#: the sides or neighbours a tile joins, listed ("joining NE and S", "connecting I5, J8 and K9"): one clause
EDGE_LIST = regex(rf"{_JOIN}\s+{_SIDE}(?:\s*(?:,|\band\b)\s*{_SIDE}\b)+", re.I)
#: the sides or neighbours a lay's track is told to join ("joining NE and S", "toward Regina", "exits H4, J6")
_EDGE_WORDS = regex(r"\b(?:connecting|connects|joining|joins|linking|links|towards?|exits?|exiting|pointing)\b"
                    r"(?:\s+(?:track|up|to|with|at))*\s+([^;().]*)", re.I)
_EDGE_ITEM = regex(rf"\b[A-Za-z]{{1,2}}\d{{1,3}}\b|\b(?:{_COMPASS})\b|\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")
#: the track a lay connects, told beside it: its hexes and places are no lay's
_CONNECTS = regex(rf"{_JOIN}(?:\s+up)?(?:\s+(?:to|with))?[^,;()]*", re.I)
_TRACK_WORDS = {"connecting", "connects", "joining", "joins", "linking", "links", "up", "with", "track", "the", "to"}
#: a hex with a place in brackets after it ("I5 (Swift Current)")
_HEX_PLACE = regex(r"\b([A-Z]{1,2}\d{1,3})\s*\(\s*([A-Za-z][^()]*?)\s*\)")

_AMOUNT = r"[$₽]?\d{1,4}₽?"
#: the word before a number told as what a lay or token cost ("for 2", "paying the 20", "costs 80")
PRICE_WORDS = frozenset({"for", "pay", "paying", "the", "cost", "costs", "costing", "of", "spending"})
#: the cost of a lay beyond the first ("paying $20 for the second lay", "the second one costs $20")
_LAY_COST = regex(
    rf"(?:\b(?:paying|pays|paid|costs?|costing)\s+)?(?:the\s+)?{_AMOUNT}\s+(?:for|on)\s+the\s+(?:second|2nd|extra|other)"
    rf"\s+(?:lay|tile|one|track)\b|"
    rf"\b(?:the\s+)?(?:second|2nd|other)\s+(?:one|lay|tile)\s+(?:pays|costs?|is|was)\s+(?:an?\s+extra\s+)?{_AMOUNT}"
    rf"(?:\s+extra)?(?![\w%])|"
    rf"\bas\s+(?:the|its|a)\s+(?:second|2nd|extra|other)\s+(?:lay|tile|one|yellow|track)\b(?:\s*\(\s*{_AMOUNT}\s*\))?", re.I)
#: "home" describing a hex: "its home hex B4", "on its home city", "D8 (home)", "its home I13"
_HOME_HEX = regex(r"\bhome(?=\s+(?:hex|city|town)\b|\s+[A-Z]{1,2}\d{1,2}\b|\s*\))", re.I)
_TOKEN_WORD = regex(r"\b(?:tokens?|stations?)\b", re.I)


def side_name(word: str) -> str:
    """A hex side's name as the map's table writes it ("north-east", "northeast", "ne" -> "NE")."""
    t = re.sub(r"[\s-]", "", word.lower())
    for name in ("north", "south", "east", "west"):
        t = t.replace(name, name[0].upper())
    return t.upper()


def side(m: re.Match, ctx: NotationContext) -> Optional[int]:
    """The side number of the side `m` names, on this map's layout (None: no side of it)."""
    return ctx.compass_sides().get(side_name(m.group(1) or m.group(2)))


def side_not_here(text: str, ctx: NotationContext) -> Optional[str]:
    """Why a rotation told by a side ("I5/E") names no side of this map's layout, or None."""
    for m in SIDE_ROTATION.finditer(text):
        if side(m, ctx) is None:
            sides = ", ".join(ctx.compass_sides())
            return f'"{m.group(1) or m.group(2)}" is not a side of a hex on this map (its sides are {sides})'
    return None


@functools.lru_cache(maxsize=16)
def _tiles(title: Optional[str]) -> Optional[frozenset]:
    """The title's tile numbers and names (None when no title, an unknown one, or none: then any number may be one)."""
    from pbem.titles.registry import title_data

    try:
        tiles = title_data(title).get("tiles") if title else None
    except Exception:       # an unknown title
        return None
    return frozenset(str(t) for t in tiles) if isinstance(tiles, dict) and tiles else None


@functools.lru_cache(maxsize=16)
def tile_names(title: Optional[str]) -> frozenset:
    """The title's tiles named by more than a number ("R1", "R2": 1882's Regina)."""
    return frozenset(t for t in _tiles(title) or () if not t.isdigit())


def _tile(p: "Piece") -> "Piece":
    return replace(p, kind="tile", value=str(p.value))


def lay_settled(c: "Clause", ctx: NotationContext, line: str, laid: bool) -> "Clause":
    """The clause with what a lay tells beside its tile and hex settled (`laid`: an earlier clause names a tile)."""
    c = _tile_words(c, line)
    # "lays 57 on I5 paying 80": a dividend's word right before an amount in a lay's or token's clause is its price
    pieces = [p for p in c.pieces if not ((p.kind, p.value) == ("verb", "payout") and c.verbs() & {"lay", "token"}
                                          and line[p.start:p.end].lower() in PRICE_WORDS and re.match(r"\s+[$₽]?\d", line[p.end:c.end]))]
    loose = list(c.loose)
    verbs = replace(c, pieces=pieces).verbs()
    # "New Haven lays ...": the operating company's name before the move word is no place
    first_verb = min((p.start for p in pieces if p.kind == "verb"), default=-1)
    for n, p in enumerate(pieces):
        if p.start < first_verb and is_place(p) and any(i == ctx.current for _, i in p.value):
            pieces[n] = replace(p, value=tuple(v for v in p.value if v[1] == ctx.current))
    # "I5 #57 1", "#57 I5 1", "I5 57 2": a number 0-5 ending the clause right after a tile and its hex written
    # together is the lay's rotation (a tile's number between the hex and it, the tile)
    known = _tiles(ctx.title)
    for n in range(len(pieces) - 2) if verbs <= {"lay"} else ():
        a, b, r = pieces[n:n + 3]
        bare = (a.kind, b.kind) == ("hex", "number") and (known is None or str(b.value) in known)
        if r.kind == "number" and r.value <= 5 and ({a.kind, b.kind} == {"hex", "tile"} or bare) \
                and not (line[a.end:b.start] + line[b.end:r.start]).strip() and not re.search(r"\w", line[r.end:c.end]):
            pieces[n + 1:n + 3] = [_tile(b) if bare else b, replace(r, kind="rotation")]
    # "14 in Lancaster", "the grey Moscow tile (639)": a number where a tile goes
    if verbs <= {"lay"} and not any(p.kind in ("tile", "train") for p in pieces):
        for n, p in enumerate(pieces):
            nxt = pieces[n + 1] if n + 1 < len(pieces) else None
            before_place = nxt is not None and is_place(nxt, all) and re.fullmatch(r"\s+(?:on|in|at)\s+(?:the\s+)?", line[p.end:nxt.start], re.I)
            in_brackets = re.search(r"\btile\s*\(\s*$", line[max(0, p.start - 12):p.start], re.I) and re.match(r"\s*\)", line[p.end:])
            if p.kind == "number" and (before_place or in_brackets) and (known is None or str(p.value) in known):
                pieces[n] = _tile(p)
                break
    # "lay 636 in Kiev (upgrade from 635)": the tile replaced is no piece of the lay
    if verbs <= {"lay"} and any(p.kind == "tile" for p in pieces):
        pieces = [p for p in pieces if not (p.kind in ("number", "tile") and p.before == "from" and len(pieces) > 1)]
    # "with the track joining up to Regina": no hex of the lay
    if verbs <= {"lay", "merge"} and (laid or any(p.kind == "tile" for p in pieces)):
        spans = [m.span() for m in _CONNECTS.finditer(line, c.start, c.end)] + \
            [m.span(1) for m in _EDGE_WORDS.finditer(line, c.start, c.end)]
        inside = [p for p in pieces if any(a <= p.start and p.end <= b for a, b in spans)]
        # a hex or place joined is an edge the rotation is worked out from (`with_edges_and_cities`)
        if inside and all(is_place(p, all) or p.kind in ("hex", "edges") or (p.kind, p.value) == ("verb", "merge")
                          for p in inside):
            pieces = [p for p in pieces if p not in inside]
            loose = [w for w in loose if w not in _TRACK_WORDS]
    return c if pieces == c.pieces and loose == c.loose else replace(c, pieces=pieces, loose=loose)


def _tile_words(c: "Clause", line: str) -> "Clause":
    """In a clause naming a tile and no token or station, "home" says which hex ("lays tile 202 in its
    home hex B4") and "put" lays the tile ("puts a #57 on Wadena")."""
    if not c.of("tile") or _TOKEN_WORD.search(c.text):
        return c
    homes = {m.start() for m in _HOME_HEX.finditer(line, c.start, c.end)}
    puts = ("put", "puts", "putting")
    pieces = [replace(p, value="lay") if p.kind == "verb" and p.value == "token" and line[p.start:p.end].lower() in puts
              else p for p in c.pieces if not (p.kind == "verb" and p.start in homes)]
    return c if pieces == c.pieces else replace(c, pieces=pieces)


def lay_cost_aside(c: "Clause", line: str, laid: bool) -> "Clause":
    """The clause without the cost of a second lay told on a line that lays a tile ("$20 for the second lay")."""
    spans = [m.span() for m in _LAY_COST.finditer(line, c.start, c.end)] if laid or c.of("tile") else []
    if not spans:
        return c
    said = [w.lower() for a, b in spans for w in re.findall(r"[A-Za-z]+", line[a:b])]
    return replace(c, pieces=[p for p in c.pieces if not any(a <= p.start and p.end <= b for a, b in spans)],
                   loose=[w for w in c.loose if w not in said])


def tile_after_lay(a: "Clause", b: "Clause", title: Optional[str]) -> Optional["Clause"]:
    """`b` as what the lay `a` leaves out (the hex of "D6: #57 rot 2", the tile of "builds at H10 first: 57"),
    or None."""
    def hex_alone(c: "Clause") -> bool:
        return len(c.pieces) == 1 and c.pieces[0].kind == "hex" and not c.loose

    def tile_no_hex(c: "Clause") -> bool:
        return len(c.of("tile")) == 1 and not c.of("hex") and not any(is_place(p) for p in c.of("name"))
    if hex_alone(a) and tile_no_hex(b) or hex_alone(b) and tile_no_hex(a):
        return b
    if "lay" not in a.verbs() or a.of("tile") or len(a.of("hex")) + sum(1 for p in a.pieces if is_place(p, all)) != 1 or b.loose:
        return None
    where = {p.value if p.kind == "hex" else p.value[0][1] for p in a.pieces if p.kind == "hex" or is_place(p, all)}
    alone = [p for p in b.pieces if p.kind != "rotation" and not (p.kind == "hex" and p.value in where)]    # "Boston tile, #53 on E23"
    if [p.kind for p in alone] == ["tile"]:
        return b
    known = _tiles(title)
    if [p.kind for p in alone] != ["number"] or known is None or str(alone[0].value) not in known:
        return None
    return replace(b, pieces=[_tile(q) if q is alone[0] else q for q in b.pieces])


def lays_by_colour(text: str, ctx: NotationContext, cur: str, hexes: list[str], rots: list[int]):
    """The lays of the colour `text` names (or any) on the one hex of `hexes`, a fit each; why not, or None
    when the clause is no such lay."""
    colour = _COLOUR.search(text)
    if colour is None and ctx.lays_on is None or len(hexes) != 1 or len(rots) > 1:
        return None
    if ctx.lays_on is None:
        return 'say which tile by its number, e.g. "#57"; a colour can mean several tiles'
    hex_ = hexes[0]
    want = colour.group(0).lower().replace("gray", "grey") if colour else None
    fits = [[(LayTile(cur, hex_, tile, r), ())] for tile, col, legal in ctx.lays_on(hex_) if want in (None, col)
            for r in (rots or legal) if r in legal]
    return fits or f"no {want or ''} tile can be laid on {hex_} now".replace("no  ", "no ")


def _places(ctx: NotationContext) -> list[tuple[str, str]]:
    """Each hex of the map with a name, with each of its names normalised."""
    return [(h, norm(n)) for h, v in ctx.locations.items() for n in ([v] if isinstance(v, str) else v)]


def place_beside_hex(line: str, ctx: NotationContext) -> Optional[str]:
    """Why a hex and the place written beside it in brackets disagree ("I5 (Regina)"), or None."""
    for m in _HEX_PLACE.finditer(line):
        said, names = norm(m.group(2)), {n for h, n in _places(ctx) if h == m.group(1)}
        elsewhere = [h for h, n in _places(ctx) if n == said and h != m.group(1)]
        if elsewhere and names and said not in names:     # (a hex of no name: an area's)
            own = ctx.locations[m.group(1)]
            own = own if isinstance(own, str) else " or ".join(own)
            return f"{m.group(1)} is {own}, not {m.group(2)} ({m.group(2)} is {elsewhere[0]}): which hex is meant?"
    return None


def tells_edges(text: str) -> bool:
    """Whether `text` tells the sides or neighbours a tile joins ("joining NE and S", "toward J10")."""
    return bool(_EDGE_WORDS.search(text))


def edges_told(text: str, ctx: NotationContext, at: int = 0) -> tuple:
    """The hexes and sides (of this map) `text` tells a tile joins from `at` on, in order; () for none."""
    told = _EDGE_WORDS.search(text, at)
    places = {n: h for h, n in _places(ctx)} if told else {}
    out = []
    for m in _EDGE_ITEM.finditer(told.group(1) if told else ""):
        w = m.group(0)
        if side_name(w) in ctx.compass_sides() and (w.isupper() or w.islower()):
            out.append(side_name(w))
        elif re.fullmatch(r"[A-Za-z]{1,2}\d{1,3}", w):
            out.append(w.upper())
        elif norm(w) in places:
            out.append(places[norm(w)])
    return tuple(out)


def rotations_now(moves: list, ctx: NotationContext) -> list:
    """The moves with each rotation left open worked out on this board."""
    out = []
    for m in moves:
        if isinstance(m.action, LayTile) and "rotation" in m.open:
            a = m.action
            m = replace(m, action=replace(a, rotation=ctx.resolve_rotation(a.tile, a.hex, ())),
                        open=tuple(o for o in m.open if o != "rotation"))
        out.append(m)
    return out


def with_edges_and_cities(moves: list, line: str, ctx: NotationContext) -> list:
    """The moves with what the line tells beside them: a lay's rotation the sides told give (a written rotation
    joining others refused), a station's city the clause numbers for its hex (0-based in the action)."""
    out = []
    for m in moves:
        a = m.action
        said = {h.upper(): int(next(g for g in rest if g)) - 1 for h, *rest in _HEX_CITY.findall(m.text)}
        if isinstance(a, LayTile) and ctx.rotation_resolver:
            edges = edges_told(line, ctx, m.column - 1)
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
        elif isinstance(a, (PlaceToken, RemoveToken)) and a.hex in said:
            m = replace(m, action=replace(a, city=said[a.hex]), open=tuple(o for o in m.open if o != "city"))
        elif isinstance(a, RunRoutes) and said:
            routes = tuple(replace(r, stops=tuple(Stop(s.hex, said[s.hex]) if s.hex in said and s.node is None
                                                  else s for s in r.stops)) for r in a.routes)
            m = replace(m, action=replace(a, routes=routes))
        out.append(m)
    return out
