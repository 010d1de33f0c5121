"""Moves about the turn itself: passes, bankruptcy, the end of the game, a cost said for the next move, and a title's own moves handed to their reader.

`TurnMoves` is mixed into the notation reader (parser.py); the reader finds a clause's method
by its grammar rule (`_c_<rule>`), and a title's move (`title_action`) the reader its title
declares for the rule (pbem/titles/reading.py).
"""
from __future__ import annotations

import re

from lark import Tree

from pbem.engine.actions import Bankrupt, EndGame, Pass

from .trees import is_tree

__all__ = ["TurnMoves"]

#: the operating step a word after "pass" names ("skips the tile and the token")
_STEP_OF_WORD = {"tile": "track", "tiles": "track", "track": "track", "upgrade": "track",
                 "token": "token", "tokens": "token", "station": "token",
                 "train": "train", "trains": "train"}
#: the step claim a step word names, as the steps call them ("skips the tile lay": "track")
_STEP_CLAIM = {"track": "track", "token": "token", "train": "buy_train"}

_PASS_WORDS = {
    "lay", "lays", "track", "tile", "tiles", "place", "places", "a", "the", "token", "tokens",
    "station", "buy", "buys", "train", "trains", "company", "companies", "private", "privates",
    "bidding", "bid", "bids", "auction", "run", "routes", "route", "sell", "sells", "shares",
    "share", "selling", "buying", "this", "turn", "round", "stock", "dividend", "to", "my",
    "for", "now", "again", "everything", "all", "it", "special", "ability", "action",
    "actions", "operating", "step", "purchase", "upgrade", "par", "and", "or", "any", "more",
    "anything", "nothing", "further", "rest", "of", "time", "priority", "trade", "nwr",
    "nationalize", "nationalise", "nationalization", "nationalisation", "merge", "convert",
}
#: the step an 18xx.games step description names (None: a step the check does not know)
_STEP_OF_DESC = {
    "lay/upgrade track": "track", "lay track": "track", "place a token": "token",
    "run routes": "route", "buy trains": "buy_train", "buy companies": "buy_company",
    "pay or withhold dividends": "dividend", "discard trains": "discard",
}


class TurnMoves:
    """Reads passes, bankruptcy, the end of the game and announced costs (mixed into the reader)."""

    def _c_pass(self, node: Tree, subject):
        for tail in node.children:
            if is_tree(tail, "pass_on"):
                name = next(c for c in tail.children if is_tree(c, "name"))
                words = [w.value.lower() for w in name.children]
                if not all(w in _PASS_WORDS for w in words):
                    self.resolve(name, ("company", "corporation"), mode="priority")
            elif is_tree(tail, "pass_step"):
                self.claim("step", _STEP_OF_DESC.get(re.sub(r"\s+", " ", tail.children[0].value.lower())), tail)
            elif is_tree(tail, "pass_words"):
                words = [t.children[0] for t in tail.children]
                shares = {w.value.lower() for w in words} & {"buy", "buying", "sell", "selling", "share", "shares"}
                for w in words:
                    if shares and self._try_lookup(w.value, ("corporation",)) is not None:
                        continue        # "declines to buy MKN shares": the shares passed on
                    if w.value.lower().strip("'") not in _PASS_WORDS:
                        raise self.err(
                            f'after "pass" I expected nothing more (or what is passed, e.g. '
                            f'"pass on SC"), but found "{w.value}"', w,
                            expected=["the end of the move"])
                # "skips the tile and the token": two steps passed, two passes
                low = [w.value.lower() for w in words]
                if "and" in low:
                    steps = {_STEP_OF_WORD[w] for w in low if w in _STEP_OF_WORD}
                    if len(steps) > 1:
                        return [Pass(self.entity("any", subject, node)) for _ in steps]
                # "skips the tile lay": one step named, claimed so that the pass is made at it
                steps = {_STEP_OF_WORD[w] for w in low if w in _STEP_OF_WORD}
                if len(steps) == 1:
                    self.claim("step", _STEP_CLAIM[next(iter(steps))], tail)
        return [Pass(self.entity("any", subject, node))]

    def _c_title_action(self, node: Tree, subject):
        inner = node.children[0]
        if not isinstance(inner, Tree):
            raise self.err("this cannot be read as a move", node)
        handler = self.handler(inner.data)          # the title's reader of a rule it adds
        if handler is None:  # pragma: no cover
            raise self.err(f"this kind of move ({inner.data}) cannot be read yet", inner)
        return handler(inner, subject)

    def _c_bankrupt(self, node: Tree, subject):
        return [Bankrupt(self.entity("corp", subject, node))]

    def _c_end_game(self, node: Tree, subject):
        name = next((c for c in node.children if is_tree(c, "name")), None)
        if name is not None:
            return [EndGame(self.resolve(name, ("player",)).ident)]
        return [EndGame(self.entity("player", subject, node))]

    def _c_spend(self, node: Tree, subject):
        """ "CPR spends $20 and lays tile ...": what the next move costs, a claim on it."""
        self.claim("spent", self.price(next(c for c in node.children if is_tree(c, "price"))), node)
        self.forward = True
        return []
