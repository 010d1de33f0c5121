"""The end of a stock-round turn said after a buy: "buy CPR ipo, that's all", "Hilde picks up one
B&M from the open market. That's all for me.", "Buying one QLL, then I'm done for the round."

A player's buy (or par) ends the turn in the stock round by itself, so "that's all" / "that's it"
after buys alone is that end said, not a pass; after a sale, where the player could still buy,
"that's it" is a pass ("Sell two B&O and buy a B&M. That's it for me.") while "that's all" only
says the moves are all told ("Ann sells 2 HBR (20%), that's all."); "I'm done for the round" after
buys alone tells the round's later turns, no pass now; "done" or "pass" written as such stays a pass.
"""
from __future__ import annotations

import re

from pbem.engine.actions import BuyShares, Par, Pass
from .lazy import regex

__all__ = ["end_said"]

_ALL = regex(r"^\W*(?:and\s+|then\s+|so\s+)?(?:that['’]?s\s+(?:all|it)\b(?:\s+for\s+(?:me|now|this\s+(?:turn|round)))?|"
                  r"I['’]?m\s+done\s+for\s+(?:the|this)\s+round)\W*$", re.I)


def end_said(moves: list, kind: str) -> list:
    """The moves read from a line (piece_moves.PieceMove), without a last pass that only says
    a stock-round turn of buys is over (see the module's doc)."""
    if kind != "stock" or len(moves) < 2 or not isinstance(moves[-1].action, Pass) or not _ALL.match(moves[-1].text):
        return moves
    if re.search(r"\ball\b", moves[-1].text, re.I) and not any(isinstance(m.action, Pass) for m in moves[:-1]):
        return moves[:-1]          # "Ann sells 2 HBR (20%), that's all.": what the writer does, all told
    if all(isinstance(m.action, (BuyShares, Par)) for m in moves[:-1]):
        return moves[:-1]
    return moves
