"""Train moves: runs (routes by stops, via paths, revenue), dividends, discarding and exchanging trains.

`TrainMoves` is mixed into the notation reader (parser.py); one method a grammar rule (`_c_<rule>`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine.actions import Dividend, DiscardTrain, Route, RunRoutes, Stop
from .trees import is_stop, is_token, is_tree, subtrees, train_id

if TYPE_CHECKING:  # pragma: no cover
    from lark import Tree

__all__ = ["TrainMoves"]

class TrainMoves:
    """Reads runs, dividends and train discards and exchanges (mixed into the reader)."""

    def _c_run(self, node: Tree, subject):
        routes = [self.route(r) for r in subtrees(node, "route")]
        return [RunRoutes(self.entity("corp", subject, node), tuple(routes))]

    def route(self, r: Tree) -> Route:
        kids = [k for k in r.children if is_tree(k)]
        train = self.train(kids[0])
        return self._route(train, kids[1])

    def _route(self, train: str, rest: Tree) -> Route:
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
            if not is_tree(p):
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

    def _stop(self, s: Tree) -> Stop:
        h, idx = self.hex_of(s.children[0])
        return Stop(h, idx)

    def _revenue(self, p: Tree) -> int:
        return self.price(subtrees(p, "price")[0])

    def _via(self, via: Tree, stops: tuple) -> tuple:
        legs = []
        for leg in subtrees(via, "leg"):
            hexes = []
            for t in leg.children:
                if is_token(t) and t.type == "HEX":
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
        self._div_claims(node)
        return [Dividend(self.entity("corp", subject, node), "withhold")]

    def _c_discard(self, node: Tree, subject):
        tr = next(c for c in node.children if is_tree(c, "train_ref"))
        return [DiscardTrain(self.entity("corp", subject, node), self.train(tr), train_id(node))]

    def _c_exchange_train(self, node: Tree, subject):
        trains = [c for c in node.children if is_tree(c) and c.data in ("buy_train_ref", "train_ref")]
        old, new = self.train(trains[0]), self.train(trains[1])
        mods = self._mods([c for c in node.children if is_tree(c) and c.data.startswith("mod_")])
        if mods["trade"] is not None and mods["trade"] != old:
            raise self.err("two different trains traded in", mods["nodes"]["trade"])
        mods["trade"] = old
        return [self._buy_train(node, subject, new, mods)]
