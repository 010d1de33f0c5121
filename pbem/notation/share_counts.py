"""A count of shares bought read as that many buys of one share each.

The rules of every title pbem plays (1882, 1861, 1830) and 18xx.games' records of them buy one
certificate per action: "Nadia buys 2 NW shares" or "SE redeems 2 shares" is two buys of one
share, each checked by the game (a second buy in one stock-round turn is refused there, one in
the brown zone or after a merger is legal). Sales of several shares stay one action, as the
rules sell them. A percent written as such ("buys 20% of GT") is read as written.
"""
from __future__ import annotations

import dataclasses

from pbem.engine.actions import BuyShares

__all__ = ["one_per_share"]


def one_per_share(buy: BuyShares, count: int) -> list[BuyShares]:
    """`count` buys like `buy` (each a distinct action: the reader keys notes by identity)."""
    return [buy] + [dataclasses.replace(buy) for _ in range(max(1, count) - 1)]
