"""Train moves: runs (routes by stops, places, via paths, revenue), dividends, discarding and exchanging trains.

`TrainMoves` is mixed into the notation reader (parser.py); one method a grammar rule (`_c_<rule>`).
"""
from __future__ import annotations

import dataclasses
from typing import Optional

from lark import Token, Tree

from pbem.engine.actions import BuyTrain, Dividend, DiscardTrain, Route, RunRoutes, Stop
from pbem.errors import AmbiguousMoveError

from .trees import first_tok, is_stop, is_tree, subtrees, train_id

__all__ = ["TrainMoves"]

_KEEP_WORDS = {"money", "revenue", "it", "earnings", "cash", "everything", "all", "funds",
               "income", "treasury", "the", "its"}


class TrainMoves:
    """Reads runs, dividends and train discards and exchanges (mixed into the reader)."""

    def _c_run(self, node: Tree, subject):
        routes = [self.route(r) for r in subtrees(node, "route")]
        return [RunRoutes(self.entity("corp", subject, node), tuple(routes))]

    def _c_bare_route(self, node: Tree, subject):
        train = self.train(node.children[0])
        return [RunRoutes(self.entity("corp", subject, node), (self._route(train, node.children[1]),))]

    def named_route(self, c: Tree) -> list:
        subj, rest = c.children[0], c.children[1:]
        name = next((x for x in subj.children if is_tree(x, "name")), None)
        train = self.train_word(self.text_of(name)) if name is not None else None
        runner = None
        if train is None:
            if name is not None and not self.ctx.trains and len(name.children) == 1:
                train = name.children[0].value.upper()
            elif (only := self._only_train(name)) is not None and self._stop_count(rest) > 1:
                runner, train = only      # "SPW: A9-B8-E1 for 80": SPW has trains of one kind
            else:
                raise self.err('which train runs? write it before the stops, e.g. "2 train: I5-J10"',
                               subj, expected=["a train such as 2"])
        try:
            route = self._route_parts(train, rest, c)
        except AmbiguousMoveError:
            # "CPR: no track this turn." is no route of places ("no" is a prefix of two): a
            # refusal the rewordings may still read, not a question about places
            raise self.err("which stops? write them as hexes, e.g. \"2 train: I5-J10\"", c,
                           expected=["a hex coordinate such as J10"]) from None
        return [RunRoutes(self.entity("corp", runner, c), (route,))]

    def _c_run_untrained(self, node: Tree, subject):
        corp = self.entity("corp", subject, node)
        kinds = set(self.ctx.trains_of(corp)) if self.ctx.trains_of is not None else set()
        if len(kinds) != 1:
            raise self.err('which train runs? write it before the stops, e.g. "runs 2 train I5-J10"',
                           node, expected=["a train such as 2"])
        stops = next(c for c in node.children if is_tree(c, "untrained_stops"))
        kids = [Tree("stop", [k]) if isinstance(k, Token) and k.type == "HEX" else k for k in stops.children]
        rest = [Tree("stops", kids), *(c for c in node.children if is_tree(c, "route_rest_after_stops"))]
        return [RunRoutes(corp, (self._route_parts(kinds.pop(), rest, node),))]

    @staticmethod
    def _stop_count(rest) -> int:
        """How many stops a route written after its subject names ("QLL x1" is no route)."""
        stops = next((p for p in rest if is_tree(p, "stops")), None)
        return sum(1 for s in stops.children if is_stop(s)) if stops is not None else 0

    def revenue_in_brackets(self, results: list) -> list:
        """ "runs 2 train D8-D6 ($50)": a bare amount in brackets after a run with its stops and
        no revenue is the run's revenue (checked by the game as any written revenue), not a
        claim beside it; after a train bought without a price, its price."""
        amounts = [c for c in self.claims if c.kind == "amount"]
        run = results[-1] if results else None
        if len(amounts) == 1 and isinstance(run, BuyTrain) and run.price is None:
            # "buys a 3 from the bank (180)": the price (a bare amount is no claim on a train)
            return self._moved_claim(results, amounts[0], dataclasses.replace(run, price=amounts[0].value))
        if len(amounts) != 1 or not isinstance(run, RunRoutes) or len(run.routes) != 1:
            return results
        route = run.routes[0]
        if route.revenue is not None or not route.stops:
            return results
        return self._moved_claim(results, amounts[0],
                                 RunRoutes(run.entity, (dataclasses.replace(route, revenue=amounts[0].value),)))

    def _moved_claim(self, results: list, claim, move) -> list:
        """`results` with its last move replaced by `move`, which holds what `claim` stated."""
        self.claims.remove(claim)
        if id(results[-1]) in self.open:
            self.open[id(move)] = self.open.pop(id(results[-1]))
        return [*results[:-1], move]

    def _only_train(self, name) -> Optional[tuple[str, str]]:
        """The corporation named as a route's subject and the kind of train it owns, if it owns
        one kind (the run is that corporation's, whoever operates now)."""
        if name is None or self.ctx.trains_of is None:
            return None
        corp = self._try_lookup(self.text_of(name), ("corporation",))
        if corp is None:
            return None
        kinds = set(self.ctx.trains_of(corp.ident))
        return (corp.ident, kinds.pop()) if len(kinds) == 1 else None

    def route(self, r: Tree) -> Route:
        kids = [k for k in r.children if isinstance(k, Tree)]
        train = self.train(kids[0])
        return self._route(train, kids[1])

    def _route(self, train: str, rest: Tree) -> Route:
        if rest.data == "route_from":
            return self._route_from(train, rest)
        if rest.data == "rest_revenue_only":
            # "runs the 3 for 80": no stops; the table finds the route that earns that
            return Route(train, (), None, self._revenue(rest.children[0]))
        return self._route_parts(train, rest.children, rest)

    def _route_parts(self, train: str, parts, node) -> Route:
        stops = None
        revenue = None
        via = None
        trusted = False
        flat = []
        for p in parts:
            if is_tree(p, "route_rest_after_stops"):
                flat.extend(p.children)
            else:
                flat.append(p)
        for p in flat:
            if not isinstance(p, Tree):
                continue
            if p.data == "stops":
                stops = tuple(self._stop(s) for s in p.children if is_stop(s))
            elif p.data == "revenue":
                revenue = self._revenue(p)
            elif p.data == "via":
                via = p
            elif p.data == "trusted":
                trusted = self._trusted(p)
        if not stops:  # pragma: no cover - the grammar requires stops
            raise self.err("which stops?", node)
        via_t = self._via(via, stops) if via is not None else None
        return Route(train, stops, via_t, revenue, trusted)

    def _trusted(self, p: Tree) -> bool:
        if not self.ctx.allow_trusted:
            raise self.err('"trusted" revenue is accepted only from imported records', p)
        return True

    def _route_from(self, train: str, rest: Tree) -> Route:
        first = self._stop(next(c for c in rest.children if is_stop(c)))
        stops = [first]
        legs = []
        any_via = False
        revenue = None
        trusted = False
        for p in rest.children:
            if is_tree(p, "via_leg"):
                mids = [self.hex_of(t)[0] for t in p.children if isinstance(t, Token) and t.type == "HEX"]
                stop = self._stop(next(c for c in p.children if is_stop(c)))
                any_via = any_via or bool(mids)
                legs.append((stops[-1].hex, *mids, stop.hex))
                stops.append(stop)
            elif is_tree(p, "revenue"):
                revenue = self._revenue(p)
            elif is_tree(p, "trusted"):
                trusted = self._trusted(p)
        return Route(train, tuple(stops), tuple(legs) if any_via else None, revenue, trusted)

    def _stop(self, s: Tree) -> Stop:
        if s.data == "stop_place":      # a place by name: "from Regina to Saskatoon"
            return Stop(self.place(s.children[0]), None)
        h, idx = self.hex_of(s.children[0])
        return Stop(h, idx)

    def _revenue(self, p: Tree) -> int:
        sums = []
        for e in subtrees(p, "rev_expr"):
            sums.append(sum(self.price(x) for x in subtrees(e, "price")))
        if len(set(sums)) > 1:
            raise self.err("the revenue figures disagree: " + " = ".join(str(s) for s in sums), p)
        return sums[0]

    def _via(self, via: Tree, stops: tuple) -> tuple:
        legs = []
        for leg in subtrees(via, "leg"):
            hexes = []
            for t in leg.children:
                if isinstance(t, Token) and t.type == "HEX":
                    h, idx = self.hex_of(t)
                    if idx is not None:
                        raise self.err("no city numbers inside a via path", t)
                    hexes.append(h)
            legs.append(tuple(hexes))
        if len(legs) != len(stops) - 1:
            raise self.err(f"the via part gives {len(legs)} legs for {len(stops)} stops "
                           f"(one leg between each two stops, e.g. I5>I6>J10)", via)
        for i, leg in enumerate(legs):
            if leg[0] != stops[i].hex or leg[-1] != stops[i + 1].hex:
                raise self.err(f"leg {i + 1} of the via part should run from {stops[i].hex} to "
                               f"{stops[i + 1].hex}", via)
        return tuple(legs)

    def _c_no_run(self, node: Tree, subject):
        return [RunRoutes(self.entity("corp", subject, node), ())]

    def _c_div_pay(self, node: Tree, subject):
        self._div_claims(node)
        return [Dividend(self.entity("corp", subject, node), "payout")]

    def _c_div_half(self, node: Tree, subject):
        self._div_claims(node)
        return [Dividend(self.entity("corp", subject, node), "half")]

    def _c_div_withhold(self, node: Tree, subject):
        w = first_tok(node, "WORD")
        if w is not None and w.value.lower() not in _KEEP_WORDS:
            raise self.err(f'after "{node.children[0].value}" I expected nothing more or an '
                           f'amount, but found "{w.value}"', w, expected=["an amount such as $60"])
        self._div_claims(node)
        return [Dividend(self.entity("corp", subject, node), "withhold")]

    def _c_discard(self, node: Tree, subject):
        tr = next(c for c in node.children if is_tree(c, "train_ref"))
        return [DiscardTrain(self.entity("corp", subject, node), self.train(tr), train_id(node))]

    def _c_exchange_train(self, node: Tree, subject):
        trains = [c for c in node.children if isinstance(c, Tree) and c.data in ("buy_train_ref", "train_ref")]
        old, new = self.train(trains[0]), self.train(trains[1])
        mods = self._mods([c for c in node.children if isinstance(c, Tree) and c.data.startswith("mod_")])
        if mods["trade"] is not None and mods["trade"] != old:
            raise self.err("two different trains traded in", mods["nodes"]["trade"])
        mods["trade"] = old
        return [self._buy_train(node, subject, new, mods)]
