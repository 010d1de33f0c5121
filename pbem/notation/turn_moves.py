"""Moves about the turn itself: passes, bankruptcy, the end of the game, a cost said for the next move, and a title's own moves handed to their reader.

`TurnMoves` is mixed into the notation reader (parser.py); the reader finds a clause's method
by its grammar rule (`_c_<rule>`), and a title's move (`title_action`) the reader its title
declares for the rule (pbem/titles/reading.py).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbem.engine.actions import Bankrupt, EndGame, Pass

from .trees import is_tree

if TYPE_CHECKING:  # pragma: no cover
    from lark import Tree

__all__ = ["TurnMoves"]

#: what the log writes after "passes" or "declines" ("declines to sell shares", "passes bidding")
_PASS_WORDS = {"to", "sell", "buy", "shares", "bidding", "nationalize"}
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
                # the log's "passes on Hudson Bay": the private or corporation passed on
                self.resolve(next(c for c in tail.children if is_tree(c, "name")), ("company", "corporation"),
                             mode="priority")
            elif is_tree(tail, "pass_step"):
                self.claim("step", _STEP_OF_DESC.get(re.sub(r"\s+", " ", tail.children[0].value.lower())), tail)
            elif is_tree(tail, "pass_words"):
                for t in tail.children:
                    if t.children[0].value.lower() not in _PASS_WORDS:
                        raise self.err(f'after "passes" I expected nothing more (or what is passed, e.g. '
                                       f'"passes on SC"), but found "{t.children[0].value}"', t,
                                       expected=["the end of the move"])
        return [Pass(self.entity("any", subject, node))]

    def _c_title_action(self, node: Tree, subject):
        inner = node.children[0]
        if not is_tree(inner):
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
