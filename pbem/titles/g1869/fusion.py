"""The CPR-SP fusion: "If there is a route between CPR and SP or if the first 6 has been sold the
CPR merges into the SP. The new SP has 200% shares. It may own one more train than other
corporations." (docs/1869-rules.md, decision on the fusion.)"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine.board import Token as BoardToken
from pbem.engine.certificates import Certificate
from pbem.engine.entities import TokenSpec
from pbem.engine.graph import reach

if TYPE_CHECKING:
    from pbem.engine.game import Game

#: who merges into whom
FROM, INTO = "CPR", "SP"


def joined(g: "Game") -> bool:
    """A route between CPR and SP: a city with an SP station is in the CPR's network."""
    sp_cities = set(g.board.token_cities(INTO))
    return bool(sp_cities) and any(n in sp_cities for n in reach(g.board, FROM).nodes)


def fusion_due(g: "Game") -> bool:
    """Both floated and in the game, not fused yet, and the first 6 sold or the two joined."""
    from pbem.titles.g1869.state import state

    st = state(g)
    cpr, sp = g.corporations.get(FROM), g.corporations.get(INTO)
    if st.fused or cpr is None or sp is None or cpr.closed or sp.closed or not (cpr.floated and sp.floated):
        return False
    return st.first_six_sold or joined(g)


def fuse(g: "Game") -> None:
    """CPR merges into SP: each CPR certificate becomes an SP certificate of its size with the same
    holder (the CPR president's 20% an ordinary SP certificate of 20%, exchanged as any large
    share: paper.py), so SP has 200%; CPR's money and trains go
    to SP, its stations on the map become SP's (where SP already has a station in the city, CPR's
    is taken off), its stations not placed are lost; SP's president is its largest holder; CPR
    leaves the market and the game."""
    from pbem.titles.g1869.state import state

    cpr, sp = g.corporations[FROM], g.corporations[INTO]
    certs = sp.certificates
    base = len(certs.certs)
    for c in list(cpr.certificates.certs):
        # of its size: the CPR president's 20% one SP certificate of 20%, not a president's
        new = Certificate(INTO, base, c.percent, False, holder=c.holder, counts=c.counts)
        base += 1
        certs.clock += 1
        new.since = certs.clock
        certs.certs.append(new)
    certs._recount()
    cpr.certificates.retire()
    sp.cash += cpr.cash
    cpr.cash = 0
    for t in list(cpr.trains):
        cpr.trains.remove(t)
        if t.owner == FROM:
            t.owner = INTO
        if t.lessee == FROM:
            t.lessee = INTO
        sp.trains.append(t)
    sp_cities = {(c, ci) for c, ci, _s in g.board.tokens_of(INTO)}
    for coord, city, slot in list(g.board.tokens_of(FROM)):
        g.board.remove_token(coord, city, slot)
        if (coord, city) not in sp_cities:
            g.board.place_token(coord, city, BoardToken(INTO, INTO, False), slot=slot)
            sp.tokens.append(TokenSpec(price=0, used=True))
            sp_cities.add((coord, city))
    g.market.remove(FROM)
    cpr.closed = True
    previous = sp.president
    cpr.president = None
    g.shares.check_president(sp, previous=previous)
    state(g).fused = True
    g.log.append(f"{FROM} merges into {INTO}: {INTO} now has 200% of paper")
