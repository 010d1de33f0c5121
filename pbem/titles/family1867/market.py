"""The 1867-family stock market (1861): movement depends on the corporation's type.

A minor on a cell marked m (its maximum) does not move right: on the grid it moves up instead, on
the one-row market it stays. At the top row a major moving up goes one row down and one column
right (keeping its price band); a minor stays. On the one-row market up is right and down is left.
"""
from __future__ import annotations

from typing import Callable

from pbem.engine.market import StockMarket


class CorporationKind:
    """A corporation's type by symbol, read from the game (a value, not a closure: the market is
    part of the state, which is copied and frozen with it)."""

    def __init__(self, game):
        self.game = game

    def __call__(self, sym: str) -> str:
        return self.game.corporations[sym].kind


class StockMarket1867(StockMarket):
    def __init__(self, rows: list[list[str]], kind_of: Callable[[str], str]):
        super().__init__(rows)
        self.kind_of = kind_of
        self.one_d = len(self.grid) == 1

    def _right(self, corp: str, r: int, c: int) -> tuple[int, int]:
        cell = self.cell(r, c)
        if self.kind_of(corp) == "minor" and cell is not None and "m" in cell.types:
            return (r, c) if self.one_d else self._up(corp, r, c)
        if self.one_d:
            return (r, c + 1) if c + 1 < len(self.grid[r]) else (r, c)
        if c + 1 >= len(self.grid[r]):
            return self._up(corp, r, c)
        return r, c + 1

    def _up(self, corp: str, r: int, c: int) -> tuple[int, int]:
        if self.one_d:
            return self._right(corp, r, c)
        if r - 1 >= 0:
            return r - 1, c
        if self.kind_of(corp) == "major":
            return r + 1, c + 1
        return r, c

    def _left(self, corp: str, r: int, c: int) -> tuple[int, int]:
        if self.one_d:
            return (r, c - 1) if c - 1 >= 0 else (r, c)
        if c > 0 and self.cell(r, c - 1):
            return r, c - 1
        return self._down(corp, r, c)

    def _down(self, corp: str, r: int, c: int) -> tuple[int, int]:
        if self.one_d:
            return self._left(corp, r, c)
        return (r + 1 if r + 1 < len(self.grid) else r), c

    def move_right(self, corp: str) -> None:
        c = self.positions[corp]
        self._move(corp, self._right(corp, c.row, c.col))

    def move_left(self, corp: str) -> None:
        c = self.positions[corp]
        self._move(corp, self._left(corp, c.row, c.col))

    def move_up(self, corp: str) -> None:
        c = self.positions[corp]
        self._move(corp, self._up(corp, c.row, c.col))

    def move_down(self, corp: str) -> None:
        c = self.positions[corp]
        self._move(corp, self._down(corp, c.row, c.col))

    def price_after(self, corp: str, lefts: int) -> int:
        """The price the corporation would have after `lefts` moves left (end-of-game loan payoff)."""
        cell = self.positions[corp]
        r, c = cell.row, cell.col
        for _ in range(lefts):
            nr, nc = self._left(corp, r, c)
            if self.cell(nr, nc) is not None:
                r, c = nr, nc
        return self.cell(r, c).price
