"""What a written move leaves to the game to settle, as a human moderator reads it: the passes a
later step's move implies, a token's city when the hex has one legal place, a train's price, the
stops of a run written without them, and the lines that only report what the game did itself."""
from __future__ import annotations

import copy
import dataclasses
import re
from typing import Callable, Optional, Union

from pbem.engine.actions import (Action, Bid, BuyCompany, BuyShares, BuyTrain, Par, Pass, PlaceToken, RemoveToken, Route,
                                 RunRoutes)
from pbem.engine.game import Game
from pbem.errors import AmbiguousMoveError, PbemError, RuleError


def push_implicit_passes(state: Game, push, action: Action) -> list[Action]:
    """Push (with `push`) the passes of the optional steps before `action`'s step, as a human
    moderator reads "CPR lays 57 on I5; buys a 2 train" as no second tile and no token; returns them."""
    out: list[Action] = []
    while passes_before(state, action):
        out.append(Pass(action.entity))
        push(out[-1])
    return out


def passes_before(state: Game, action: Action) -> bool:
    """Whether making `action` now passes an optional step before its own (the round's `declines_before`)."""
    return state.current_entity() == action.entity and bool(getattr(state.round, "declines_before", None)) \
        and bool(state.round.declines_before(action))


def passed_already(state: Game, action: Action, claims) -> bool:
    """Whether `action` is a pass naming a step the turn already passed without a move ("N ran H8-G5-E1
    for 80, no tile"): true, nothing to apply; not a step moved in ("no tile" after a lay) or to come."""
    rnd, active = state.round, turn_step(state)
    if not isinstance(action, Pass) or active is None or state.current_entity() != action.entity:
        return False
    steps = list(rnd.step_names)
    named = [c.value for c in claims if c.kind == "step" and c.value in steps]
    if len(named) != 1 or active not in steps or steps.index(named[0]) >= steps.index(active):
        return False
    moved = {"track": getattr(rnd.turn, "lays", 0), "token": getattr(rnd.turn, "tokened", False)}
    return named[0] in rnd.turn.passed and not moved.get(named[0], False)


def turn_over_already(state: Game, last: Optional[Action], action: Action, text: str, index: int) -> bool:
    """Whether `action` is a pass after the writer's own move that already ended the turn ("buys a 10%
    share of CPR, pass"): that end said again; a pass naming whoever moves now is theirs and played."""
    if not isinstance(action, Pass) or index <= 1 or last is None or isinstance(last, Pass):
        return False
    mover, now = last.entity, state.current_entity()
    if now == mover:
        return False
    if action.entity == mover:
        return True
    return action.entity == now and not _named(state, now, text)


def _named(state: Game, entity: str, text: str) -> bool:
    """Whether `text` names `entity` (a player by id or name, a company by symbol or name)."""
    names = {entity}
    player = getattr(state, "players", {}).get(entity)
    if player is not None:
        names.add(player.name)
    corp = getattr(state, "corporations", {}).get(entity)
    if corp is not None:
        names.update(n for n in (getattr(corp, "sym", None), getattr(corp, "name", None)) if n)
    low = text.lower()
    return any(re.search(r"(?<![\w&])" + re.escape(n.lower()) + r"(?![\w&])", low) for n in names)


def share_size(game: Game, action: Action) -> int:
    """Percent of one ordinary share of the corporation the action is about (10 unless known)."""
    corp = game.corporations.get(getattr(action, "corporation", None) or action.entity)
    size = getattr(corp, "share_percent", None) if corp is not None else None
    return size if isinstance(size, int) and size > 0 else 10


def settle_token(game: Game, action: Union[PlaceToken, RemoveToken]) -> Union[PlaceToken, RemoveToken]:
    """A token written without its city ("places a token on J10", "removes token from D14"): the
    one legal placement (or removal) on that hex, or AmbiguousMoveError listing them when there are
    several."""
    legal = _token_places(game, action)
    if len(legal) == 1:
        return legal[0]
    if len(legal) > 1:
        what = "tokens to remove" if isinstance(action, RemoveToken) else "places for a token"
        raise AmbiguousMoveError(f"{action.hex} has {len(legal)} {what}: say which",
                                 candidates=[_token_line(a) for a in legal])
    return action   # none legal: let the rules say why


def _legal(game: Game, action: Action, kind: type, **same) -> list:
    """The legal moves of `kind` the rules allow `action`'s entity now whose fields hold the `same` values."""
    return [m for m in game.legal_moves(action.entity)
            if isinstance(m.action, kind) and all(getattr(m.action, f) == v for f, v in same.items())]


def _top(listed: list, least: int) -> int:
    """The most a listed move's range allows: the highest amount its note names ("$20 to $80",
    "bid up to $600"), or `least` when no note names one."""
    return max((int(x) for m in listed for x in re.findall(r"\d+", m.note or "")), default=least)


def settle_price(game: Game, action: BuyTrain) -> BuyTrain:
    """A train bought from another corporation without its price ("SC takes GT's 3"): AmbiguousMoveError
    asking for it when the purchase is otherwise legal; else the action as it is (the rules say why)."""
    if action.source == "depot" or action.price is not None:
        return action
    listed = _legal(game, action, BuyTrain, source=action.source, train=action.train)
    if not listed:
        return action
    lo = listed[0].action.price
    hi = _top(listed[:1], lo)
    seller = f"{action.source}'s {action.train} train"
    lines = [f"{action.entity} buys a {action.train} train from {action.source} for {p}" for p in sorted({lo, hi})]
    raise AmbiguousMoveError(f"{action.entity} buys {seller} for how much? Say the price: {listed[0].note}",
                             candidates=lines)


def settle_source(game: Game, action: BuyShares) -> BuyShares:
    """A share bought with no source said ("buy NYNH"): the IPO's, or the pool's when only the pool
    may sell one now."""
    legal = [m.action for m in _legal(game, action, BuyShares, corporation=action.corporation, percent=action.percent)]
    if any(a.source == action.source for a in legal) or not any(a.source == "pool" for a in legal):
        return action
    return dataclasses.replace(action, source="pool")


def settle_train(game: Game, action: BuyTrain, write: Callable[[Action], str]) -> BuyTrain:
    """A train bought with no kind named ("buys a train", "buys a train from GT"): the one kind
    the rules sell from that source now, or AmbiguousMoveError asking which (RuleError when none)."""
    listed = [m.action for m in _legal(game, action, BuyTrain, source=action.source, exchange=None)]
    kinds = list(dict.fromkeys(a.train for a in listed))
    if not kinds:
        where = "the depot" if action.source == "depot" else action.source
        raise RuleError(f"{action.entity} may buy no train from {where} now", rule="buying trains")
    if len(kinds) > 1:
        raise AmbiguousMoveError(f"which train? {action.entity} may buy a " + " or a ".join(kinds),
                                 candidates=[write(a) for a in listed])
    return dataclasses.replace(action, train=kinds[0])


def settle_amount(game: Game, action: Par | Bid | BuyCompany, least: bool, write: Callable[[Action], str]) -> Action:
    """A par, bid or private bought without its amount ("I float C&O"): the one amount allowed now, the
    least for `least`, else AmbiguousMoveError; with none allowed, the least of its kind (the rules say why).
    Called only for one written without its amount."""
    item = "corporation" if isinstance(action, Par) else "company"
    same_kind = _legal(game, action, type(action))
    listed = [m for m in same_kind if getattr(m.action, item) == getattr(action, item)]
    if not listed:
        return dataclasses.replace(action, price=min((m.action.price for m in same_kind), default=0))
    prices = sorted({m.action.price for m in listed})
    top = _top(listed, prices[-1])
    if least or len(prices) == 1 and top == prices[0]:
        return dataclasses.replace(action, price=prices[0])
    what = getattr(action, item)
    if isinstance(action, Par):
        raise AmbiguousMoveError(f"{what} starts at which par? Say it: " + ", ".join(f"${p}" for p in prices),
                                 candidates=[write(m.action) for m in listed])
    raise AmbiguousMoveError(f"how much for {what}? Say it: from ${prices[0]} up to ${top}",
                             candidates=[write(dataclasses.replace(action, price=p)) for p in (prices[0], top)])


def settle_total(game: Game, action: RunRoutes) -> RunRoutes:
    """A run of several routes with one amount after the last ("runs I15-I19 and I15-J14 for 90"): the
    run's total when the routes earn that together; else the run as written (the last route's revenue)."""
    if len(action.routes) < 2:
        return action           # ("does not run": no route)
    *first, last = action.routes
    if last.revenue is None or not last.stops or any(r.revenue is not None or not r.stops for r in first):
        return action
    plain = RunRoutes(action.entity, tuple(dataclasses.replace(r, revenue=None) for r in action.routes))
    probe = copy.deepcopy(game)
    try:
        probe.push(plain)
    except PbemError:
        return action
    turn = getattr(probe.round, "turn", None)
    if getattr(turn, "revenue", None) != last.revenue or len(turn.routes) != len(plain.routes):
        return action
    return RunRoutes(action.entity, tuple(dataclasses.replace(r, revenue=done.revenue)
                                          for r, done in zip(plain.routes, turn.routes)))


def needs_stops(action: object) -> bool:
    """Whether a RunRoutes names a route without its stops ("CPR runs the 3 for 80")."""
    return isinstance(action, RunRoutes) and any(not r.stops for r in action.routes)


def settle_run(game: Game, action: RunRoutes, best: bool = False, total_only: bool = False) -> RunRoutes:
    """The run with the stops of the best run (`known_run`) filled in when each stated revenue is its
    route's, else RuleError; `best`: the best run itself ("runs for max"); `total_only`: it, if it earns that."""
    from pbem.engine.legal import known_run

    rule = "routes written with a run"
    if any(r.stops for r in action.routes):
        raise RuleError("give the stops of every route of the run, or of none (then pbem finds them)", rule=rule)
    corp = game.corporations.get(action.entity)
    if corp is None:
        raise RuleError(f"{action.entity} is not a corporation that runs trains", rule=rule)
    found, total = known_run(game, corp)
    if total_only and action.routes[0].revenue != total:
        run = ", ".join(f"{r.train}: {'-'.join(s.hex for s in r.stops)}" for r in found) or "no run"
        raise RuleError(f"the best run pbem finds for {corp.sym} is {run} for {game.money(total)}, not "
                        f"{game.money(action.routes[0].revenue)}: write the stops of the run you mean", rule=rule)
    if total_only:
        best, action = True, RunRoutes(action.entity, tuple(Route(r.train, ()) for r in action.routes))
    if len(action.routes) == 1 and len(found) > 1 and action.routes[0].revenue == total \
            and all(str(r.train) == str(action.routes[0].train) for r in found):
        best = True         # "runs for 90" with two 2s: the total of the best run, each train's route
        action = RunRoutes(action.entity, tuple(Route(r.train, ()) for r in found))
    pool = list(found)
    out: list[Route] = []
    for want in action.routes:
        match = next((r for r in pool if str(r.train) == str(want.train)), None)
        if match is None and best:
            continue
        if match is None:
            have = ", ".join(sorted({str(r.train) for r in found})) or "none"
            raise RuleError(f"no run found for a {want.train} train of {corp.sym} (trains that can run: {have}); "
                            f"write the stops", rule=rule)
        pool.remove(match)
        if want.revenue is not None and match.revenue is not None and want.revenue != match.revenue:
            stops = "-".join(s.hex for s in match.stops)
            raise RuleError(f"the best run pbem finds for {corp.sym}'s {want.train} train is {stops} for "
                            f"{game.money(match.revenue)}, not {game.money(want.revenue)}: write the stops "
                            f"of the run you mean", rule=rule)
        revenue = match.revenue if best and want.revenue is None else want.revenue
        out.append(Route(train=match.train, stops=match.stops, via=match.via, revenue=revenue))
    return RunRoutes(action.entity, tuple(out))


def _token_line(a: Union[PlaceToken, RemoveToken]) -> str:
    """A placement (or removal) with its city always written, so that it is never itself under-specified."""
    if isinstance(a, RemoveToken):
        return f"{a.entity} removes a token from {a.hex} city {a.city + 1}"
    slot = f" slot {a.slot + 1}" if a.slot is not None else ""
    return f"{a.entity} places a {'neutral ' if a.neutral else ''}token on {a.hex} city {a.city + 1}{slot}"


def _token_places(game: Game, action: Union[PlaceToken, RemoveToken]) -> list[Action]:
    """Every placement (or removal) of this token on its hex that the rules allow now; a token not
    said to be neutral is the company's neutral station when only that may be placed there (1882)."""
    if isinstance(action, RemoveToken):
        listed = [m.action for m in _legal(game, action, RemoveToken, hex=action.hex)]
        if listed:
            return listed
        # a private's station move (1882's NWR), which the listing does not offer: the cities of the
        # hex where the company (or the private's owner) has a station
        comp = game.companies.get(action.entity)
        whose = comp.owner if comp is not None else action.entity
        cities = sorted({city for coord, city, _ in game.board.tokens_of(whose) if coord == action.hex})
        return [dataclasses.replace(action, city=c) for c in cities]
    here = [m.action for m in _legal(game, action, PlaceToken, hex=action.hex)]
    listed = [a for a in here if a.neutral == action.neutral] or [a for a in here if a.neutral]
    if listed:
        return listed
    # moves the legal-move listing does not offer (a private's ability): try each city
    cities = len(game.board._hex(action.hex).tokens) if action.hex in game.board._hexes else 0
    out = []
    for city in range(cities):
        cand = dataclasses.replace(action, city=city)
        probe = copy.deepcopy(game)
        try:
            probe.push(cand)
        except PbemError:
            continue
        out.append(cand)
    return out


def reports_automatic(game: Game, action: Action) -> bool:
    """A move line reporting what the game did itself: the home token placed when a company
    first operates, "does not run" for a company without trains, a private given for nothing."""
    corp = game.corporations.get(action.entity)
    if corp is not None and corp.kind == "national" and not isinstance(action, RunRoutes):
        # 1861: the game runs the national's turn itself except for its run
        return not isinstance(action, BuyTrain) or any(t.name == action.train for t in corp.trains)
    if isinstance(action, Par):
        # 1861: a minor's price follows from the winning bid; the log still writes "pars N at 55"
        corp = game.corporations.get(action.corporation)
        return corp is not None and corp.ipoed and corp.president == action.entity \
            and corp.par_price == action.price
    if isinstance(action, (Bid, BuyCompany)) and action.price == 0:
        # 1882's waterfall: the private nobody would buy, its price down to nothing, given to the
        # next player by the game itself ("Player 2 buys Hudson Bay for $0")
        comp = game.companies.get(action.company)
        return comp is not None and comp.owner == action.entity
    if isinstance(action, RunRoutes) and not action.routes:
        # "does not run" is written by 18xx.games also when the game skipped the run itself
        return action.entity in game.corporations and not (
            game.current_entity() == action.entity and turn_step(game) == "route")
    if not isinstance(action, PlaceToken) or action.neutral:
        return False
    if not game.board.has_token(action.hex, action.entity):
        return False
    return not any(isinstance(m.action, PlaceToken) and m.action.hex == action.hex
                   for m in game.legal_moves(action.entity))


def turn_step(game: Game) -> Optional[str]:
    """The step an operating round's turn is at, or None outside one."""
    rnd = game.round
    if getattr(rnd, "name", "") != "operating" or getattr(rnd, "turn", None) is None:
        return None
    return rnd.active_step()


