"""A game's state as plain JSON: the shape `pbem show --format json` prints (and the 18xx.games dump tool)."""
from __future__ import annotations

from typing import Any

from pbem.engine.game import Game
from pbem.engine.leases import leased_out


def state_json(game: Game, at: Any) -> dict:
    """Cash, paper, trains and privates of every entity, for diffing against another engine."""
    players = []
    for pid in game.seat_order:
        p = game.players[pid]
        shares = {sym: c.percent_of(pid) for sym, c in sorted(game.corporations.items()) if c.percent_of(pid)}
        players.append({"id": _id(pid), "name": p.name, "cash": p.cash, "shares": shares,
                        "companies": [s for s in p.companies if not game.companies[s].closed]})
    corps = []
    for c in game.title.state_corporations(game):
        sym = c.sym
        if c.closed:
            continue
        tokens = sum(1 for t in game.board.all_tokens() if t.corp == sym)
        entry = {
            "sym": sym, "cash": c.cash, "share_price": game.market.price(sym),
            "president": _id(c.president) if c.president else None,
            "trains": sorted(t.name for t in c.trains),
            "ipo_percent": c.ipo_percent, "pool_percent": c.pool_percent, "tokens_on_map": tokens,
        }
        entry.update(_leases(game, c))
        corps.append(entry)
    companies = []
    for sym, comp in game.companies.items():
        if comp.hidden:
            continue
        owner = None
        if comp.owner is not None and not comp.closed:
            owner = comp.owner if comp.owner_is_corp else _id(comp.owner)
        companies.append({"sym": sym, "owner": owner, "closed": comp.closed})
    return {"at": at, "round": game.round.name, "phase": game.phase.name, "bank": game.bank,
            "players": players, "corporations": corps, "companies": companies}


def _leases(game: Game, corp) -> dict:
    """The corporation's leases, only where it has any: the trains it runs under a lease (and from
    whom: a corporation, or the depot) and its own trains another runs (and who)."""
    out = {}
    leased_in = sorted((t.name, t.owner or "depot") for t in corp.trains if t.lessee == corp.sym)
    if leased_in:
        out["leased_in"] = [{"train": n, "from": o} for n, o in leased_in]
    leased = sorted((t.name, t.lessee) for t in leased_out(game, corp))
    if leased:
        out["leased_out"] = [{"train": n, "to": who} for n, who in leased]
    return out


def _id(pid: str):
    """18xx.games player ids are integers; keep them integers in JSON when they look like one."""
    return int(pid) if isinstance(pid, str) and pid.lstrip("-").isdigit() else pid


def state_text(game: Game, state: dict, money, what: str = "action") -> list[str]:
    """The state of `state_json` as lines for people (`pbem show --format text`); `what` names
    the step `state["at"]` counts ("action" of a record, "move" of a game file)."""
    lines = [f"after {what} {state['at']}: {state['round']} round, phase {state['phase']}, "
             f"bank {money(game, state['bank'])}"]
    for p in state["players"]:
        shares = ", ".join(f"{k} {v}%" for k, v in p["shares"].items()) or "no shares"
        privates = " ".join(p["companies"]) or "no privates"
        lines.append(f"  {p['name']}: {money(game, p['cash'])}; {shares}; {privates}")
    for c in state["corporations"]:
        price = money(game, c["share_price"]) if c["share_price"] is not None else "not floated"
        trains = ", ".join(c["trains"]) or "none"
        trains += "".join(f"; leases a {x['train']} from {x['from']}" for x in c.get("leased_in", ()))
        trains += "".join(f"; its {x['train']} leased to {x['to']}" for x in c.get("leased_out", ()))
        lines.append(f"  {c['sym']}: {money(game, c['cash'])}; share price {price}; trains {trains}")
    return lines
