"""The operating round's moves a clause fits (the one interpreter's `_Fitter`, piece_moves.py):
a step passed, a tile laid, a station placed or a token moved, a train bought or discarded, a run
and its dividend, a private bought, shares the president sells to fund a train."""
from __future__ import annotations

import re
from typing import Optional

from pbem.errors import AmbiguousMoveError, PbemError
from pbem.engine.actions import BuyCompany, BuyTrain, Dividend, LayTile, Pass, PlaceToken, Route, RunRoutes, SellShares, Stop

from .track_clauses import edges_told, lays_by_colour, tells_edges
from .private_powers import token_moved
from .run_shape import several_routes
from .tile_words import side_not_here
from .run_shape import dividend_after, route_alone, train_by_shape
from .train_discards import discarded
from .lazy import regex

__all__ = ["OperatingFits"]

#: what comes before an amount paid ("paying the 40"): no tile number
_PAID = regex(r"\b(?:paying|pay|pays|for|costs?)\s+(?:the\s+)?[$₽]?\s*(\d+)", re.I)


#: a tile with a suffix ("57-1", "#57-2")
_TILE_COPY = regex(r"(?<![\w#-])#?(\d{1,4})-([0-5])(?![\w-])")


class OperatingFits:
    """The operating round's part of the fitter: what `_Fitter` asks of a clause in an operating round."""

    def _operating(self):
        cur = self.ctx.current
        if not cur or self.ctx.kind_of(cur) not in ("corporation", "company"):
            players = self.named("player")
            if players:
                return f'"{self.ctx.players.get(players[0], players[0])}" is a player; name the company that makes this move, e.g. "CPR: ..."'
            return 'which company makes this move? no company is operating: start it with its name, e.g. "CPR: ..."'
        verbs = self.verbs
        tiles = [p.value for p in self.c.of("tile")]
        hexes = self.hexes()
        trains = [p.value for p in self.c.of("train")]
        if verbs & {"pass", "steppass"}:
            n = max(1, sum(1 for p in self.c.of("verb") if p.value == "steppass"))
            return None if tiles or trains or self.amounts() else [[(Pass(cur), ())] * n]
        if "run" in verbs:
            return self._run(cur, trains)
        if verbs & {"payout", "withhold", "half"}:
            kinds = verbs & {"payout", "withhold", "half"}
            if len(kinds) > 1 or tiles or verbs - {"payout", "withhold", "half"}:
                return None
            ran = [a for a in self.before if isinstance(a, RunRoutes) and a.entity == cur]
            if ran and not trains and self.amounts() == [sum(r.revenue or 0 for r in ran[-1].routes)]:
                return [[(Dividend(cur, kinds.pop()), ())]]     # "..., pays 70": the run's total again
            if trains or self.amounts():        # "pays out 80 from the 3T": the run and its dividend
                return self._run(cur, trains)
            return [[(Dividend(cur, kinds.pop()), ())]]
        if tiles and (verbs or self.implicit()) or "lay" in verbs:
            if copy := _TILE_COPY.search(self.c.text):      # "lays 57-1": a copy number, or a rotation?
                base, suffix = copy.groups()
                raise AmbiguousMoveError(
                    f'"{copy.group(0)}": the part after "-" is a copy number in 18xx.games records but a '
                    f'rotation elsewhere; write "#{base} rot {suffix}" for rotation {suffix}, or "#{base}"',
                    candidates=[f"#{base}", f"#{base} rot {suffix}"])
            if not tiles:
                tiles = [str(p.value) for p in self.c.of("number")
                         if p.before in ("lay", "lays", "a", "with", "to", "upgrade", "upgrades", "the", "yellow", "green",
                                         "brown", "grey", "gray") and str(p.value) not in _PAID.findall(self.c.text)]
            rots = [p.value for p in self.c.of("rotation")]
            if not tiles and not verbs - {"lay"} and (told := lays_by_colour(self.c.text, self.ctx, cur, hexes, rots)):
                return told                  # "lays a green city on L8": the legal lays of that colour
            if len(tiles) != 1 or len(hexes) != 1 or verbs - {"lay"}:
                return "which tile on which hex?" if verbs & {"lay"} or tiles else None
            if len(rots) > 1:
                return None
            if not rots and (bad := side_not_here(self.c.text, self.ctx)):
                return bad
            if not rots and self.ctx.rotation_resolver and tells_edges(self.c.text):
                rot = 0                      # the sides told give it (track_clauses.with_edges)
            elif not rots and self.ctx.rotation_resolver and self.before:
                try:
                    rot = self.ctx.resolve_rotation(tiles[0], hexes[0], ())
                except PbemError:
                    # a lay after another move of the line ("lays #57 on L8 rot 1; lays #8 on M7"): its
                    # rotation is worked out when it is played, on the board the moves before it leave
                    return [[(LayTile(cur, hexes[0], tiles[0], 0), ("rotation",))]]
            else:
                rot = rots[0] if rots else self.ctx.resolve_rotation(tiles[0], hexes[0], edges_told(self.c.text, self.ctx))
            return [[(LayTile(cur, hexes[0], tiles[0], rot), ())]]
        if "token" in verbs:
            mover = cur if self.ctx.kind_of(cur) == "company" else self.ctx.token_mover or cur     # (1882: NWR moves tokens)
            if len(hexes) != 1 or verbs - {"token"} or token_moved(self.c, mover, hexes, verbs):
                return token_moved(self.c, mover, hexes, verbs) or "which hex?"     # "moves its token from G11 to E5"
            neutral = bool(self.c.of("neutral"))
            return [[(PlaceToken(cur, hexes[0], neutral=neutral), ("city",))]]
        if "sell" in verbs and not verbs - {"sell"} and not trains:
            # a president's sale to raise a train's price ("Yuki sells 1 CPR, GT buys the 4"); one
            # told after the train stays there (the game judges it) unless it says it funds the train
            first = self.c.pieces[0]          # "Bob sells 2 GT": the president named
            said = [i for k, i in first.value if k == "player"] if first.kind == "name" else []
            actor = said[0] if len(said) == 1 else self.ctx.actor
            return self._shares(self.named("corporation", skip=(cur,)) or self.named("corporation"),
                                lambda c, pct: SellShares(actor, c, pct), many=True)
        companies = self.named("company", skip=(cur,))     # "SC buys ...": the company operating buys no private of its name
        told_train = trains or any(str(p.value) in self.ctx.trains and p.before in ("a", "the", "its") for p in self.c.of("number"))
        if "buy" in verbs and companies and not (told_train and self.named("corporation", skip=(cur,))):
            amounts = self.amounts()
            if len(companies) != 1 or len(amounts) != 1 or trains:
                return "which private, for how much?"
            return [[(BuyCompany(cur, companies[0], amounts[0]), ())]]
        if "discard" in verbs:
            return discarded(self, cur, trains)       # "discards its 3" (train_discards.py)
        if self.implicit() and trains and self.c.of("number") and not self.c.of("money") \
                and not any(p.before == "for" for p in self.c.pieces) \
                and not self.c.of("source") and not self.c.of("exchange"):   # "D from depot, ..., 800": a buy
            return self._run(cur, trains)      # "2T = 60", "2T Moscow-Kiev 70", "3-train 100": a run
        if self.implicit() and trains and (self.c.of("money") or self.c.of("number")):
            runs, buys = None if self.c.of("source") else self._run(cur, trains), self._train(cur, trains)   # "2T for 80": which? (from the bank: bought)
            if isinstance(runs, list) and isinstance(buys, list) and len(self.hexes()) < 2:   # a route: the run
                runs, buys = train_by_shape(self.before, self.later, runs, buys)
            return [f for f in (None if self.c.of("source") else runs, buys) if isinstance(f, list) for f in f] or None
        if self.revenue_alone() or route_alone(self):
            return self._run(cur, [])          # "M-K: 70, pays out": the run's revenue
        if "buy" in verbs or (self.implicit() and trains):
            return self._train(cur, trains)
        return None

    def _train(self, cur: str, trains: list[str]):
        numbers = [p for p in self.c.of("number")]
        if not trains and numbers and str(numbers[0].value) in self.ctx.trains:
            trains = [str(numbers[0].value)]
            numbers = numbers[1:]
        if not trains and (counted := [p for p in self.c.of("count") if str(p.value) in self.ctx.trains
                                       and re.search(r"trains$", self.c.text[p.start - self.c.start:p.end - self.c.start], re.I)]):
            n = counted[0].value          # "buys 2 trains": one train is bought at a time
            raise AmbiguousMoveError(f'"{self.c.text.strip()}": a company buys one train at a time; '
                                     f'did you mean "buys a {n} train"?', candidates=[f"buys a {n} train"])
        if len(set(trains)) != 1:
            return "which train?" if not trains else None
        sources = self.named("corporation", skip=(cur,))
        if len(sources) > 1 or sources and self.c.of("source"):     # "GT: 4-train from the depot": whose?
            return None
        money = [p.value for p in self.c.of("money")] or [p.value for p in numbers]
        if len(money) > 1 or any(p.before == "=" for p in self.c.pieces):
            return None
        counts = [p.value for p in self.c.of("count")]
        n = len(trains) if len(trains) > 1 else (counts[0] if len(counts) == 1 else 1)
        swap = [p.value for p in self.c.of("exchange")]
        buy = BuyTrain(cur, trains[0], sources[0] if sources else "depot", money[0] if money else None,
                       swap[0] if len(swap) == 1 else None)
        return [[(buy, ())] * n]

    def _run(self, cur: str, trains: list[str]):
        numbers = self.c.of("number")
        if not trains and numbers and str(numbers[0].value) in self.ctx.trains and len(numbers) > 1:
            trains, numbers = [str(numbers[0].value)], numbers[1:]     # "runs 5 for 260"
        revenue = [p.value for p in self.c.of("money")] or \
                  [p.value for p in numbers if p.before in ("for", "=", "") or p.value >= 10]
        stops = self.hexes()
        counts = [p.value for p in self.c.of("count")]
        if len(set(trains)) == 1 and len(counts) == 1 and counts[0] > 1:
            trains = trains * counts[0]                              # "runs its two 2s for 50 and 40"
        if len(trains) > 1 and len(revenue) == len(trains) + 1 and sum(revenue[:-1]) == revenue[-1]:
            revenue = revenue[:-1]                                   # "4T 180 + 3T 110 = 290": the total
        if len(trains) > 1 and len(revenue) == len(trains) and not stops:
            routes = tuple(Route(t, (), revenue=r) for t, r in zip(trains, revenue))
            return [[(RunRoutes(cur, routes), ())] + dividend_after(self.verbs, cur)]
        total = [p for p in numbers if p.before in ("=", "total")]
        if len(revenue) == 2 and total and total[0].value == revenue[-1] and revenue[-1] > revenue[0]:
            revenue = revenue[:1]          # "2T 50 = 140": the total of the run's trains, a claim
        if not stops and (routes := several_routes(self.ctx, cur, self.c, trains, revenue, counts)):
            # "runs 120 + 160", "the 4 for 180 and 3 for 120", "2 trains for 90 and 70", "two 2s for 50 each"
            return [[(RunRoutes(cur, routes), ())] + dividend_after(self.verbs, cur)]
        if len(revenue) > 1 or self.c.of("tile") or not revenue and len(stops) < 2:
            return "how much did the run earn?" if not revenue else None      # (a route's ends: the game counts)
        if len(stops) == 1:
            return None
        if not trains and self.ctx.trains_of is not None and len(owned := set(self.ctx.trains_of(cur))) == 1:
            trains = list(owned)
        if len(set(trains)) != 1:
            return "which train runs?"
        legs = [p.value for p in self.c.of("via")]
        if not legs and (path := _passed_through(self.c.text, stops, self.ctx)):
            stops, legs = path              # "from I5 via I6 I7 to J10": the hexes of no place are the track
        if len(legs) > 1:
            return None
        if legs and (why := _legs_refused(legs[0], stops)):
            return why
        route = Route(trains[0], tuple(Stop(h) for h in stops), via=legs[0] if legs else None,
                      revenue=revenue[0] if revenue else None)
        return [[(RunRoutes(cur, (route,)), ())] + dividend_after(self.verbs, cur)]


#: the hexes a route is told to pass through ("via I6 I7", "via I6, I7")
_VIA_HEXES = regex(r"\bvia\s+((?:[A-Z]{1,2}\d{1,2}\b[\s,]*)+)")


def _passed_through(text: str, stops: list[str], ctx) -> Optional[tuple[list[str], list[tuple]]]:
    """The two ends and the one leg of a route told with the hexes it passes through after "via",
    when none of them is a place of the map (a city or town would be a stop); else None."""
    m = _VIA_HEXES.search(text)
    if m is None or not ctx.locations:
        return None
    through = re.findall(r"[A-Z]{1,2}\d{1,2}", m.group(1))
    ends = [h for h in stops if h not in through]
    if any(h in ctx.locations for h in through) or len(ends) != 2:
        return None
    return ends, [((ends[0], *through, ends[1]),)]


def _legs_refused(legs: tuple, stops: list[str]) -> str:
    """Why the legs after "via" do not join the route's stops, one leg between each two ('' when they do)."""
    if len(legs) != len(stops) - 1:
        return f"the via part gives {len(legs)} legs for {len(stops)} stops (one leg between each two stops, e.g. I5>I6>J10)"
    for i, leg in enumerate(legs):
        if leg[0] != stops[i] or leg[-1] != stops[i + 1]:
            return f"leg {i + 1} of the via part should run from {stops[i]} to {stops[i + 1]}"
    return ""
