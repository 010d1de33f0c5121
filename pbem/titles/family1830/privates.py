"""The 1830 privates' active abilities, as the title data describes them: a share taken in
exchange for the private (MH), a tile laid on the private's hex besides the turn's lay (CS), and
a tile with a free station on the private's hex as the turn's lay (DH's teleport; the station is
optional, so a corporation with none left may still lay the tile).

Each `*_problem` is the one check (a reason and rule, or None) behind both the refusal and the
listing of the move; the `do_*` functions apply a move their check accepted."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.engine import abilities as AB
from pbem.titles.family1830.state import state

if TYPE_CHECKING:
    from pbem.engine.entities import Company, Corporation
    from pbem.engine.game import Game

Problem = Optional[tuple[str, str]]

#: the lay a private's extra tile uses: a new yellow tile, nothing paid for the slot
EXTRA_LAY = {"lay": True, "upgrade": False, "cost": 0}


def _open(g: "Game", sym: str) -> Optional["Company"]:
    comp = g.companies.get(sym)
    return comp if comp is not None and not comp.closed and comp.owner is not None else None


# --- exchange: the private for a share ------------------------------------------------------
def exchange_problem(g: "Game", action: A.BuyShares) -> Problem:
    """Why the owner of private `action.entity` may not trade it for `action.percent` of
    `action.corporation` from `action.source` now (None: they may)."""
    comp = _open(g, action.entity)
    rule = "private exchanged for a share"
    abilities = AB.of(g.data, action.entity, "exchange")
    if comp is None or not abilities:
        return f"{action.entity} has no share to exchange itself for", rule
    ab = abilities[0]
    if comp.owner_is_corp:
        return f"{comp.sym} may be exchanged only while a player owns it", rule
    corp = g.corporations.get(action.corporation)
    if corp is None or corp.sym != ab.corporation:
        return f"{comp.sym} is exchanged for a share of {ab.corporation}, not {action.corporation}", rule
    if action.source not in ab.sources:
        return f"{comp.sym}'s share comes from {' or '.join(ab.sources)}, not {action.source}", rule
    size = corp.share_percent
    if action.percent not in (0, size):
        return f"{comp.sym} is exchanged for one {size}% share of {corp.sym}", rule
    avail = corp.buyable_ipo_percent if action.source == "ipo" else corp.pool_percent
    if avail < size:
        return f"there is no {corp.sym} share in the {action.source} to exchange {comp.sym} for", rule
    if not g.shares.holding_ok(corp, comp.owner, size):
        return f"{g.player_name(comp.owner)} would hold more than {g.max_holding_percent}% of {corp.sym}", rule
    return None


def do_exchange(g: "Game", action: A.BuyShares) -> None:
    """The owner takes the share (no cash, no certificate limit) and the private closes."""
    comp = g.companies[action.entity]
    corp = g.corporations[action.corporation]
    g.shares.transfer(corp, action.source, comp.owner, corp.share_percent)
    if corp.ipoed and not corp.floated and corp.ipo_percent <= 100 - corp.float_percent:
        g.float_corporation(corp)
    g.close_company(comp)


def exchange_moves(g: "Game") -> list[A.BuyShares]:
    """Every exchange a private's owner may make now."""
    out = []
    for comp in g.companies.values():
        for ab in AB.of(g.data, comp.sym, "exchange"):
            for source in ab.sources:
                act = A.BuyShares(comp.sym, ab.corporation, source, 10)
                if exchange_problem(g, act) is None:
                    out.append(act)
    return out


# --- tile lays on the private's hex ------------------------------------------------------------
def owned_by_operator(g: "Game", sym: str, rnd) -> Optional["Corporation"]:
    """The operating corporation, if it owns private `sym` (open) now."""
    comp = _open(g, sym)
    corp = getattr(rnd, "corp", None) if getattr(rnd, "turn", None) is not None else None
    if comp is None or corp is None or not comp.owner_is_corp or comp.owner != corp.sym:
        return None
    return corp


def lay_problem(g: "Game", action: A.LayTile, rnd) -> Problem:
    """Why private `action.entity` may not lay this tile for its owning corporation now."""
    sym = action.entity
    rule = f"{sym}'s tile lay"
    corp = owned_by_operator(g, sym, rnd)
    lay = AB.of(g.data, sym, "tile_lay") or AB.of(g.data, sym, "teleport")
    if corp is None or not lay:
        return f"{sym} has no tile lay its owner can use now", rule
    if sym in state(g).used:
        return f"{sym}'s tile lay has been used", rule
    ab = lay[0]
    if action.hex not in ab.hexes:
        return f"{sym} lays its tile on {', '.join(ab.hexes)}, not {action.hex}", rule
    if action.tile not in ab.tiles:
        return f"{sym} lays tile {' or '.join(ab.tiles)}, not {action.tile}", rule
    if ab.type == "teleport":
        if rnd.active_step() != "track" or rnd.tile_lay_slot() is None:
            return f"{sym}'s tile is {corp.sym}'s tile lay: only at its track step, before it lays", rule
        if g.board.tile(action.hex).has_track:
            return f"{action.hex} must be empty for {sym}'s tile", rule
    blocked = g.title.lay_blocked(g, action.hex)
    if blocked:
        return blocked
    try:
        quote = g.board.check_lay(corp.sym, action.hex, action.tile, action.rotation, g.tile_colors,
                                  check_connection=False)
    except Exception as e:               # a RuleError naming what is wrong with the lay
        return str(e), rule
    if quote.cost_terrain + quote.cost_borders > corp.cash:
        return f"{corp.sym} cannot pay for the terrain on {action.hex}", rule
    return None


def do_lay(g: "Game", action: A.LayTile, rnd) -> None:
    """Lay the private's tile: besides the turn's lay (CS), or as it with a station to follow (DH)."""
    corp = rnd.corp
    teleport = bool(AB.of(g.data, action.entity, "teleport"))
    if teleport:
        rnd.step_named("track").lay(action, rnd.tile_lay_slot(), connection=False)
        rnd.turn.lays += 1
        if not rnd.can_lay_tile(corp):
            rnd.turn.passed.add("track")
        if corp.next_token():            # the station may follow; with none left, the tile alone
            state(g).teleported = action.entity
    else:
        rnd.step_named("track").lay(action, EXTRA_LAY, extra=True, connection=False)
    state(g).used.append(action.entity)


def teleport_token_problem(g: "Game", action: A.PlaceToken) -> Problem:
    sym = state(g).teleported
    hexes = AB.of(g.data, sym, "teleport")[0].hexes if sym else []
    if action.hex not in hexes:
        return f"{sym}'s station goes on {', '.join(hexes)}, not {action.hex}", f"{sym}'s station"
    corp = g.corporations[g.companies[sym].owner]
    why = g.board.token_problem(corp.sym, action.hex, action.city)
    return (why, f"{sym}'s station") if why else None


def do_teleport_token(g: "Game", action: A.PlaceToken, rnd) -> None:
    """The corporation's next station, free and without a connection; its token for the turn."""
    sym = state(g).teleported
    corp = g.corporations[g.companies[sym].owner]
    g.board.check_token(corp.sym, action.hex, action.city, need_connection=False)
    g.board.place_token(action.hex, action.city, Token(corp.sym, corp.sym, False))
    corp.next_token().used = True
    g.last_move_hexes.append(action.hex)
    rnd.turn.tokened = True
    rnd.turn.passed.add("token")
    state(g).teleported = None


def lay_moves(g: "Game", rnd) -> list[A.LayTile]:
    """Every tile lay the operating corporation's privates may make now."""
    corp = getattr(rnd, "corp", None) if getattr(rnd, "turn", None) is not None else None
    if corp is None:
        return []
    out = []
    for sym in corp.companies:
        if sym in state(g).used:
            continue
        for ab in AB.of(g.data, sym, "tile_lay") + AB.of(g.data, sym, "teleport"):
            for coord in ab.hexes:
                for tile in ab.tiles:
                    for r in g.board.legal_rotations(corp.sym, coord, tile, g.tile_colors, check_connection=False):
                        act = A.LayTile(sym, coord, tile, r)
                        if lay_problem(g, act, rnd) is None:
                            out.append(act)
    return out
