"""The state at a move as a readable page (`pbem show --format text`): whose turn it is, the
players, corporations, privates, the market, the depot and a map summary, enough to settle
"could he buy that?" or "was that the last 3?" without replaying by hand."""
from __future__ import annotations

from collections import Counter
from typing import Callable

from pbem.engine.game import Game

from .state import state_text

__all__ = ["state_page", "state_extended"]


def _turn(g: Game) -> str:
    if g.finished:
        return f"game over ({g.end_reason}); standings: " + ", ".join(
            f"{g.player_name(p)} {v}" for p, v in g.standings())
    ent = g.current_entity()
    who = g.player_name(ent) if ent in g.players else ent
    corp = g.corporations.get(ent)
    if corp is not None and corp.president:
        who += f" (president {g.player_name(corp.president)})"
    kinds = ", ".join(k.replace("_", " ") for k in g.legal_actions()) or "nothing"
    priority = g.player_name(g.priority_order[0]) if g.priority_order else ""
    return f"to act: {who}; may {kinds}" + (f"; priority deal: {priority}" if priority else "")


def _players(g: Game, money) -> list[str]:
    out = ["players:"]
    for pid in g.seat_order:
        p = g.players[pid]
        shares = []
        for sym, c in g.corporations.items():
            pct = c.percent_of(pid)
            if pct:
                shares.append(f"{sym} {pct}%" + (" (president)" if c.president == pid else ""))
        privates = ", ".join(s for s in p.companies if not g.companies[s].closed) or "no privates"
        certs = g.shares.num_certs(pid)
        lines = f"  {p.name}: {money(g, p.cash)}; certificates {certs}/{g.cert_limit}; " \
                f"{', '.join(shares) or 'no shares'}; {privates}; worth {money(g, g.player_value(pid))}"
        out.append(lines + (" (bankrupt)" if p.bankrupt else ""))
    return out


def _corporations(g: Game, money) -> list[str]:
    out = ["corporations:"]
    for c in g.title.state_corporations(g):
        if c.closed:
            continue
        cell = g.market.positions.get(c.sym)
        price = f"{money(g, cell.price)} (row {cell.row + 1}, column {cell.col + 1})" if cell else "not started"
        stations = sorted(coord for coord, _city, _slot in g.board.tokens_of(c.sym))
        pres = g.player_name(c.president) if c.president else "none"
        bits = [f"president {pres}", money(g, c.cash), f"price {price}",
                f"IPO {c.ipo_percent}%, pool {c.pool_percent}%",
                f"trains {', '.join(sorted(t.name for t in c.trains)) or 'none'}",
                f"stations {' '.join(stations) or 'none'} ({c.tokens_left()} left)"]
        if c.loans:
            bits.append(f"loans {c.loans}")
        if c.companies:
            bits.append(f"privates {', '.join(c.companies)}")
        if c.par_price is not None and not c.floated:
            bits.append("not floated")
        out.append(f"  {c.sym}: " + "; ".join(bits))
    return out


def _privates(g: Game, money) -> list[str]:
    out = ["privates:"]
    for sym, comp in g.companies.items():
        if comp.hidden:
            continue
        if comp.closed:
            where = "closed"
        elif comp.owner is None:
            where = "for sale"
        else:
            where = comp.owner if comp.owner_is_corp else g.player_name(comp.owner)
        out.append(f"  {sym} ({comp.name}): {where}; value {money(g, comp.value)}, income {money(g, comp.revenue)}")
    return out


def _depot(g: Game, money) -> list[str]:
    avail = g.depot.available(g.phase_names)
    left = Counter(t.name for t in g.depot.upcoming)
    order = list(dict.fromkeys(t.name for t in g.depot.upcoming))
    stock = ", ".join(f"{n} x{left[n]}" + (" (unlimited)" if n in g.depot.unlimited else "") for n in order)
    sale = ", ".join(f"{t.name} for {money(g, t.price)}" for t in avail) or "nothing"
    rusted = Counter(t.name for t in g.depot.rusted)
    out = [f"depot: for sale now {sale}; still to come {stock or 'none'}"]
    if rusted:
        out.append("rusted: " + ", ".join(f"{n} x{k}" for n, k in sorted(rusted.items())))
    return out


def _map(g: Game) -> list[str]:
    laid = [hx for hx in g.board.snapshot().values() if not hx["printed"]]
    colours = Counter(g.board.catalogue[hx["tile"]].color if hx["tile"] in getattr(g.board, "catalogue", {})
                      else "laid" for hx in laid)
    stations = sum(1 for _ in g.board.all_tokens())
    text = ", ".join(f"{n} {c}" for c, n in sorted(colours.items())) or "none"
    return [f"map summary: tiles laid {len(laid)} ({text}); stations on the map {stations}; "
            f"train limit {g.phase.train_limit}; tiles of the phase: {', '.join(g.phase.tiles)}"]


def state_extended(game: Game, state: dict) -> dict:
    """`state` (the JSON of `state_json`, compared with the reference engine and so left as it is)
    with what a person also asks: whose turn, the depot, market cells, stations and limits."""
    g = game
    out = dict(state)
    ent = None if g.finished else g.current_entity()
    out["turn"] = {"to_act": ent, "may": [] if g.finished else g.legal_actions(),
                   "priority": g.priority_order[0] if g.priority_order else None,
                   "finished": g.finished, "end_reason": g.end_reason}
    out["depot"] = {"for_sale": [{"train": t.name, "price": t.price} for t in g.depot.available(g.phase_names)],
                    "to_come": dict(Counter(t.name for t in g.depot.upcoming)),
                    "rusted": dict(Counter(t.name for t in g.depot.rusted))}
    out["limits"] = {"certificates": g.cert_limit, "train_limit": g.phase.train_limit,
                     "held": {g.players[p].name: g.shares.num_certs(p) for p in g.seat_order}}
    cells = {}
    for sym in g.corporations:
        cell = g.market.positions.get(sym)
        if cell is not None:
            cells[sym] = {"row": cell.row, "column": cell.col, "price": cell.price}
    out["market"] = cells
    out["stations"] = {sym: sorted(coord for coord, _c, _s in g.board.tokens_of(sym))
                       for sym, c in g.corporations.items() if not c.closed}
    return out


def state_page(game: Game, state: dict, money: Callable, what: str = "action") -> list[str]:
    """The whole state for people: the summary line of `state_text`, then each section."""
    g = game
    return ([state_text(g, state, money, what)[0], _turn(g)] + _players(g, money) + _corporations(g, money)
            + _privates(g, money) + _depot(g, money) + _map(g))
