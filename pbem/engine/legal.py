"""Concrete legal moves for the acting entity: what a player may do now, spelled out.

Open-ended moves (running trains, prices within a range) are given as one representative
action plus a note, so a reply to an illegal move can say exactly what is possible.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.game import Game

MAX_TILE_LAYS = 400


@dataclass(frozen=True)
class LegalMove:
    """One legal move: the action, and a note for moves that stand for a range (prices, routes)."""

    action: A.Action
    note: str = ""


def legal_moves(g: "Game", entity: Optional[str] = None) -> list[LegalMove]:
    """Every legal move of `entity` (default: whoever acts now)."""
    if g.finished:
        return []
    ent = entity or g.current_entity()
    if ent is None:
        return []
    kinds = g.round.legal(ent)
    out: list[LegalMove] = []
    rnd = g.round
    for kind in kinds:
        own = getattr(rnd, f"moves_{kind}", None)      # a round may spell out its own moves of a kind
        if own is not None:
            out.extend(own(ent))
            continue
        fn = _GEN.get(kind)
        if fn:
            out.extend(fn(g, rnd, ent))
    if entity is None and rnd.name == "operating" and ent in g.corporations and rnd.active_step() == "buy_train":
        corp = g.corporations[ent]
        if rnd.emergency(corp) and corp.president:
            # the president raises money for the corporation's train by selling shares
            out.extend(m for m in _sell_shares(g, rnd, corp.president) if _emergency_sale_ok(g, corp, m.action))
    return out


def _emergency_sale_ok(g, corp, action) -> bool:
    from pbem.errors import RuleError
    import copy

    trial = copy.deepcopy(g)
    try:
        trial.push(action)
    except RuleError:
        return False
    return True


def _pass(g, rnd, ent):
    return [LegalMove(A.Pass(ent))]


def _bid(g, rnd, ent):
    out = []
    if rnd.auctioning:
        sym = rnd.auctioning
        mn, mx = rnd.min_bid(sym), rnd.max_bid(ent, sym)
        if mn <= mx:
            out.append(LegalMove(A.Bid(ent, sym, mn), f"any multiple of 5 from {g.money(mn)} to {g.money(mx)}"))
        return out
    for c in rnd.companies:
        mn, mx = rnd.min_bid(c.sym), rnd.max_bid(ent, c.sym)
        if mn <= mx:
            note = "buys it at once" if rnd.may_purchase(c.sym) else f"bid up to {g.money(mx)}"
            out.append(LegalMove(A.Bid(ent, c.sym, mn), note))
    return out


def _par(g, rnd, ent):
    out = []
    if getattr(rnd, "pending_par", None):
        corp = g.title.pending_par_corporation(g, rnd.pending_par[0])
        for cell in g.market.par_cells:
            out.append(LegalMove(A.Par(ent, corp, cell.price)))
        return out
    for corp in g.corporations.values():
        if rnd.can_par(ent, corp):
            for cell in g.market.par_cells:
                if g.players[ent].cash >= g.title.par_cost(g, corp, cell.price):
                    out.append(LegalMove(A.Par(ent, corp.sym, cell.price)))
    return out


def _buy_shares(g, rnd, ent):
    out = []
    for corp in g.corporations.values():
        for src in ("ipo", "pool"):
            if rnd.can_buy(ent, corp, src):
                price = corp.par_price if src == "ipo" else g.market.price(corp.sym)
                out.append(LegalMove(A.BuyShares(ent, corp.sym, src), f"{g.money(price)}"))
    return out


def _sell_shares(g, rnd, ent):
    out = []
    for corp in g.corporations.values():
        if not corp.percent_of(ent):
            continue
        mx = g.shares.max_sellable(ent, corp)
        if rnd.name == "stock" and (not rnd.sale_allowed_now() or rnd.sell_refusal(ent, corp)):
            mx = 0
        if rnd.name == "operating" and rnd.turn is not None and ent != rnd.corp.sym:
            mx = g.title.emergency_sellable(g, rnd.corp, ent, corp)     # a president raising train money
        for pct in range(10, mx + 1, 10):
            out.append(LegalMove(A.SellShares(ent, corp.sym, pct)))
    return out


def _place_token(g, rnd, ent):
    out = []
    if rnd.name == "operating" and rnd.active_step() == "home":
        sym, hexes, _lifted, _actor = rnd.turn.pending_home[0]
        for h in hexes:
            for ci in range(g.board.city_count(h)):
                if g.board.token_problem(sym, h, ci) is None:
                    out.append(LegalMove(A.PlaceToken(ent, h, ci)))
        return out
    if rnd.name == "stock":
        for h, ci in g.board.tokenable_cities(ent, connected=False):
            out.append(LegalMove(A.PlaceToken(ent, h, ci)))
        return out
    corp = g.corporations.get(ent)
    if corp is None:
        return out
    for tok in g.title.unused_token_kinds(g, corp):
        for h, ci in g.board.tokenable_cities(ent, token=tok):
            price = 0 if tok.neutral else corp.next_token().price
            if price <= corp.cash:
                out.append(LegalMove(A.PlaceToken(ent, h, ci, neutral=tok.neutral), f"{g.money(price)}"))
    return out


def _lay_tile(g, rnd, ent):
    out = []
    corp = g.corporations[ent]
    slot = rnd.tile_lay_slot()
    if slot is None:
        return out
    for coord, tile, rots in g.board.legal_lays(ent, g.tile_colors):
        if g.title.lay_blocked(g, coord, slot, rnd):
            continue
        upgrade = g.board.tile(coord).color != "white"
        if (upgrade and not slot.get("upgrade")) or (not upgrade and not slot.get("lay")):
            continue
        for r in rots:
            q = g.board.check_lay(ent, coord, tile, r, g.tile_colors)
            cost = q.cost_terrain + q.cost_borders + slot.get("cost", 0)
            if cost > corp.cash:
                continue
            out.append(LegalMove(A.LayTile(ent, coord, tile, r), f"{g.money(cost)}" if cost else ""))
            if len(out) >= MAX_TILE_LAYS:
                return out
    return out


def known_run(g, corp) -> tuple[list, int]:
    """The best run pbem's route search finds for `corp` now, and its revenue."""
    from pbem.engine.autoroute import suggest_routes

    routes = g.title.suggest_runs(g, corp)
    if routes is None:
        trains = [(t.name, t.distance) for t in corp.trains if not t.operated]
        if not all(isinstance(d, (int, Fraction)) for _n, d in trains):
            return _parts_run(g, corp)
        routes = suggest_routes(g.board, corp.sym, trains, g.tile_colors,
                                lambda stops: g.title.route_bonus(g, stops))
    return routes, sum(r.revenue or 0 for r in routes)


def _parts_run(g, corp) -> tuple[list, int]:
    """A run for trains whose distance is a title's `Distance` (e.g. cities counted, towns free):
    each train's best route by its counted stops, kept only if the engine's own check accepts
    the set; revenues are the engine's."""
    from pbem.engine.autoroute import suggest_routes
    from pbem.engine.distance import Distance
    from pbem.engine.routes import check_routes

    dist = {t.name: g.title.train_distance(g, corp, t) for t in corp.trains}
    kept: list = []
    resolved: list = []
    for t in sorted((t for t in corp.trains if not t.operated), key=lambda t: -t.price):
        d = dist[t.name]
        if not isinstance(d, Distance):
            continue
        for r in suggest_routes(g.board, corp.sym, [(t.name, d.search_budget())], g.tile_colors, None,
                                d.stop_cost):
            trial = kept + [A.Route(train=r.train, stops=r.stops)]
            try:
                res = check_routes(g.board, corp.sym, trial, dist, g.tile_colors,
                                   lambda stops: g.title.route_bonus(g, stops))
                g.title.check_resolved_routes(g, corp, res)
            except RuleError:
                continue
            kept, resolved = trial, res
    routes = [A.Route(train=r.train, stops=r.stops, revenue=x.revenue) for r, x in zip(kept, resolved)]
    return routes, sum(x.revenue for x in resolved)


def may_not_run(g, corp) -> Optional[str]:
    """Why `corp` may not decline to run (None if it may): the highest known earnings must be
    run (as the rules of every 18xx say), so declining is only for a corporation without a
    paying run."""
    if not any(not t.operated for t in corp.trains):
        return None
    routes, total = known_run(g, corp)
    if routes and total > 0:
        return f"{corp.sym} has a run worth {g.money(total)}: the highest known earnings must be run"
    return None


def _run_routes(g, rnd, ent):
    corp = g.corporations[ent]
    routes, total = known_run(g, corp)
    out = [LegalMove(A.RunRoutes(ent, tuple(routes)), f"a good run found for {g.money(total)}; any legal run may be named")]
    if may_not_run(g, corp) is None:
        out.append(LegalMove(A.RunRoutes(ent, ()), f"not running: revenue {g.money(0)}"))
    return out


def _dividend(g, rnd, ent):
    rev = rnd.turn.revenue
    return [LegalMove(A.Dividend(ent, "payout"), f"{g.money(rev)} to shareholders"),
            LegalMove(A.Dividend(ent, "withhold"), f"{g.money(rev)} to the treasury")]


def _buy_train(g, rnd, ent):
    corp = g.corporations[ent]
    out = []
    emergency = rnd.emergency(corp)
    room = len(corp.trains) < g.train_limit(corp)
    avail = g.depot.available(g.phase_names)
    cheapest = min((t.price for t in avail), default=0)
    helper_cash = g.players[corp.president].cash if emergency and corp.president else 0
    for t in avail:
        if room and (t.price <= corp.cash or (emergency and t.price == cheapest and t.price <= corp.cash + helper_cash)):
            note = f"{g.money(t.price)}" + (" with the president's help" if t.price > corp.cash else "")
            out.append(LegalMove(A.BuyTrain(ent, t.name, "depot", t.price), note))
        for old in sorted({tr.name for tr in corp.trains if tr.name in t.discount}):
            price = t.price - t.discount[old]
            if price <= corp.cash:
                out.append(LegalMove(A.BuyTrain(ent, t.name, "depot", price, old), f"{g.money(price)} trading in a {old}"))
    if room and (corp.cash >= 1 or emergency):
        for other in g.corporations.values():
            if other is corp or other.closed:
                continue
            for name in sorted({t.name for t in other.trains}):
                train = next(t for t in other.trains if t.name == name)
                lo, hi = g.title.train_price_range(g, corp, train, rnd)
                if lo <= hi:
                    out.append(LegalMove(A.BuyTrain(ent, name, other.sym, lo),
                                         f"any price from {g.money(lo)} to {g.money(hi)}"))
    return out


def _buy_company(g, rnd, ent):
    corp = g.corporations[ent]
    out = []
    for c in g.title.purchasable_companies(g, corp):
        lo, hi = g.title.company_price_range(g, c)
        hi = min(hi, corp.cash)
        if lo <= hi:
            out.append(LegalMove(A.BuyCompany(ent, c.sym, lo), f"{g.money(lo)} to {g.money(hi)}"))
    return out


def _discard(g, rnd, ent):
    corp = g.corporations[ent]
    return [LegalMove(A.DiscardTrain(ent, n)) for n in sorted({t.name for t in corp.trains})]


def _bankrupt(g, rnd, ent):
    import copy

    from pbem.errors import RuleError

    trial = copy.deepcopy(g)
    try:
        trial.push(A.Bankrupt(ent))
    except RuleError:
        return []
    return [LegalMove(A.Bankrupt(ent), "no train can be paid for, even with the president's shares sold")]


_GEN = {
    "pass": _pass, "bid": _bid, "par": _par, "buy_shares": _buy_shares, "sell_shares": _sell_shares,
    "place_token": _place_token, "lay_tile": _lay_tile, "run_routes": _run_routes, "dividend": _dividend,
    "buy_train": _buy_train, "buy_company": _buy_company, "discard_train": _discard, "bankrupt": _bankrupt,
}
