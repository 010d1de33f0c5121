"""The powers of 1869's privates (table C), for a corporation whose president owns the private
("Private companies cannot be bought by corporations, but corporations can use the abilities of
some private companies"): each private's power is used once, in one of its two forms.

- Government Contract: "1 token can be laid for free on the other side of the border
  US/Canada" ("GC places a station in C21": the operating corporation's next station, free, in a
  city its track reaches across the border from its home);
- Government Contract, Mississippi Engineering, Rock Mountains Explosives: "Alternatively one
  extra tile can be laid once" ("RME lays 57 on G15 rotation 1": a lay or upgrade for the
  operating corporation besides its own, terrain paid, not on a hex laid this turn);
- Mississippi Engineering: "One bridge across the Mississippi can be built for free", Rock
  Mountains Explosives: "One Mountain can be built for free" (the data's `tile_discount`
  ability names the hexes or the terrain): the private's lay on such a hex written while the
  corporation's own lay is still to come is that lay, its terrain not paid ("MEC lays 57 on
  J28 rotation 0"); after the corporation's own lay it is the extra tile.

Not in receivership (the round's check: pbem/titles/g1869/rounds.py). docs/1869-rules.md, decision 22."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import abilities as AB
from pbem.engine import actions as A
from pbem.engine.board import Token as BoardToken
from pbem.errors import RuleError
from pbem.titles.g1869.border import in_canada

if TYPE_CHECKING:
    from pbem.engine.game import Game

#: the most private lays listed at once
MAX_LAYS = 400
EXTRA = {"lay": True, "upgrade": True, "cost": 0}
Problem = Optional[tuple[str, str]]


def powers(g: "Game", sym: str) -> dict:
    return next((c.get("powers") or {} for c in g.data["companies"] if c["sym"] == sym), {})


def user(g: "Game", sym: str, rnd):
    """The operating corporation, if its president owns private `sym` (open, its power unused)."""
    from pbem.titles.g1869.state import state

    comp = g.companies.get(sym)
    corp = getattr(rnd, "corp", None) if getattr(rnd, "turn", None) is not None else None
    if comp is None or comp.closed or comp.owner is None or comp.owner_is_corp or corp is None:
        return None
    if corp.president != comp.owner or sym in state(g).used:
        return None
    return corp


def discount(g: "Game", sym: str) -> Optional[AB.TileDiscount]:
    """Private `sym`'s free terrain, if it has one."""
    found = AB.of(g.data, sym, "tile_discount")
    return found[0] if found else None


def free_form(g: "Game", sym: str, coord: str, rnd) -> bool:
    """Whether private `sym`'s lay on `coord` now is its free terrain: a hex of its terrain (the
    tile there prints it), the track step in play and the corporation's own lay still to come."""
    ab = discount(g, sym)
    turn = getattr(rnd, "turn", None)
    if ab is None or turn is None or turn.lays or rnd.active_step() != "track":
        return False
    return ab.covers(coord, g.board.tile(coord).def_.terrain)


def lay_problem(g: "Game", action: A.LayTile, rnd) -> Problem:
    sym, rule = action.entity, f"{action.entity}'s extra tile"
    corp = user(g, sym, rnd)
    if corp is not None and free_form(g, sym, action.hex, rnd):
        return rnd.step_named("track").lay_problem(action)     # the corporation's own lay, terrain waived
    if corp is None or not powers(g, sym).get("extra_tile"):
        return f"{sym} has no extra tile the operating corporation's president can use now", rule
    if action.hex in rnd.turn.laid_hexes:
        return f"{action.hex} has had a tile this turn", rule
    blocked = g.title.lay_blocked(g, action.hex, EXTRA, rnd)
    if blocked:
        return blocked
    try:
        quote = g.board.check_lay(corp.sym, action.hex, action.tile, action.rotation, g.tile_colors,
                                  check_connection=not g.loading)
    except RuleError as e:
        return str(e), e.rule
    if quote.cost_terrain + quote.cost_borders > corp.cash:
        return f"{corp.sym} cannot pay the terrain of {action.hex}", rule
    return None


def lay_moves(g: "Game", rnd) -> list[A.LayTile]:
    out: list[A.LayTile] = []
    corp = getattr(rnd, "corp", None) if getattr(rnd, "turn", None) is not None else None
    if corp is None:
        return out
    syms = [c.sym for c in g.companies.values()
            if (powers(g, c.sym).get("extra_tile") or discount(g, c.sym)) and user(g, c.sym, rnd)]
    if not syms:
        return out
    for coord, tile, rots in g.board.legal_lays(corp.sym, g.tile_colors):
        for r in rots:
            for sym in syms:
                act = A.LayTile(sym, coord, tile, r)
                if lay_problem(g, act, rnd) is None:
                    out.append(act)
                    if len(out) >= MAX_LAYS:
                        return out
    return out


def do_lay(g: "Game", action: A.LayTile, rnd) -> None:
    from pbem.titles.g1869.state import state

    why = lay_problem(g, action, rnd)
    if why is not None:
        raise RuleError(why[0], rule=why[1])
    track = rnd.step_named("track")
    if free_form(g, action.entity, action.hex, rnd):
        g.log.append(f"{action.entity}: {rnd.corp.sym} pays no terrain on {action.hex}")
        track.apply_lay_tile(action)              # the corporation's own lay (Track1869 waives the terrain)
    else:
        track.lay(action, EXTRA, extra=True)      # for the operating corporation (the step's)
    state(g).used.append(action.entity)


def station_problem(g: "Game", action: A.PlaceToken, rnd) -> Problem:
    sym, rule = action.entity, f"{action.entity}'s free station across the border"
    corp = user(g, sym, rnd)
    if corp is None or not powers(g, sym).get("free_border_station"):
        return f"{sym} has no free station the operating corporation's president can use now", rule
    if corp.next_token() is None:
        return f"{corp.sym} has no station left", rule
    if corp.home is None or in_canada(g, corp.home) == in_canada(g, action.hex):
        return f"{action.hex} is on {corp.sym}'s side of the border", rule
    try:
        g.board.check_token(corp.sym, action.hex, action.city, need_connection=not g.loading)
    except RuleError as e:
        return str(e), e.rule
    return None


def station_moves(g: "Game", rnd) -> list[A.PlaceToken]:
    corp = getattr(rnd, "corp", None) if getattr(rnd, "turn", None) is not None else None
    if corp is None:
        return []
    out = []
    for c in g.companies.values():
        if powers(g, c.sym).get("free_border_station") and user(g, c.sym, rnd):
            for coord, city in g.board.tokenable_cities(corp.sym):
                act = A.PlaceToken(c.sym, coord, city)
                if station_problem(g, act, rnd) is None:
                    out.append(act)
    return out


def do_station(g: "Game", action: A.PlaceToken, rnd) -> None:
    from pbem.titles.g1869.state import state

    why = station_problem(g, action, rnd)
    if why is not None:
        raise RuleError(why[0], rule=why[1])
    corp = rnd.corp
    tok = corp.next_token()
    g.board.place_token(action.hex, action.city, BoardToken(corp.sym, corp.sym, False))
    tok.used = True
    g.last_move_hexes.append(action.hex)
    state(g).used.append(action.entity)
