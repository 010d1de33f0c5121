"""The stock market: a grid of share-price cells, each holding a stack of company markers."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional


@dataclass(eq=False)
class Cell:
    """One market cell. `types`: p par, e end game, y not counted for the certificate limit,
    o may hold over 60% as well, b may buy several shares per turn as well."""

    row: int
    col: int
    price: int
    types: str
    stack: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.price},{self.row},{self.col}"

    @property
    def is_par(self) -> bool:
        return "p" in self.types

    @property
    def counts_for_limit(self) -> bool:
        types = self.types
        return not ("y" in types or "o" in types or "b" in types)

    @property
    def unlimited_holding(self) -> bool:
        types = self.types
        return "o" in types or "b" in types

    @property
    def buy_multiple(self) -> bool:
        return "b" in self.types

    @property
    def ends_game(self) -> bool:
        return "e" in self.types

    @property
    def zone(self) -> str:
        for letter, name in (("b", "brown"), ("o", "orange"), ("y", "yellow")):
            if letter in self.types:
                return name
        return "white"


_CODE = re.compile(r"^(\d+)([a-zA-Z]*)$")


class StockMarket:
    """A two-dimensional market: right at a row's end moves up, left at column 0 moves down."""

    def __init__(self, rows: list[list[str]]):
        self.grid: list[list[Cell | None]] = []
        for r, row in enumerate(rows):
            cells: list[Cell | None] = []
            for c, code in enumerate(row):
                m = _CODE.match(code) if code else None
                cells.append(Cell(r, c, int(m.group(1)), m.group(2)) if m else None)
            self.grid.append(cells)
        self.positions: dict[str, Cell] = {}
        self.end_reached = False

    def cell(self, row: int, col: int) -> Cell | None:
        if row < 0 or col < 0 or row >= len(self.grid) or col >= len(self.grid[row]):
            return None
        return self.grid[row][col]

    #: the par cells, highest first (the grid's cells never change: worked out once)
    _par_cells: Optional[tuple[Cell, ...]] = None

    @property
    def par_cells(self) -> list[Cell]:
        cells = self._par_cells
        if cells is None:
            cells = self._par_cells = tuple(sorted((c for row in self.grid for c in row if c and c.is_par),
                                                   key=lambda c: -c.price))
        return list(cells)

    def par_cell(self, price: int) -> Cell | None:
        return next((c for c in self.par_cells if c.price == price), None)

    def cell_by_id(self, ident: str) -> Cell | None:
        price, row, col = (int(x) for x in ident.split(","))
        c = self.cell(row, col)
        return c if c and c.price == price else None

    def price(self, corp: str) -> int | None:
        c = self.positions.get(corp)
        return c.price if c else None

    def set_par(self, corp: str, cell: Cell) -> None:
        cell.stack.append(corp)
        self.positions[corp] = cell

    def remove(self, corp: str) -> None:
        c = self.positions.pop(corp, None)
        if c and corp in c.stack:
            c.stack.remove(corp)

    # --- movement -------------------------------------------------------------
    def _target_right(self, r: int, c: int) -> tuple[int, int]:
        if c + 1 >= len(self.grid[r]):
            return self._target_up(r, c)
        return r, c + 1

    def _target_left(self, r: int, c: int) -> tuple[int, int]:
        if c > 0 and self.cell(r, c - 1):
            return r, c - 1
        return self._target_down(r, c)

    def _target_up(self, r: int, c: int) -> tuple[int, int]:
        return (r - 1 if r - 1 >= 0 else r), c

    def _target_down(self, r: int, c: int) -> tuple[int, int]:
        return (r + 1 if r + 1 < len(self.grid) else r), c

    def _move(self, corp: str, target: tuple[int, int]) -> None:
        new = self.cell(*target)
        old = self.positions[corp]
        if new is None or new is old:
            return
        old.stack.remove(corp)
        new.stack.append(corp)
        self.positions[corp] = new
        if new.ends_game:
            self.end_reached = True

    def move_right(self, corp: str) -> None:
        c = self.positions[corp]
        self._move(corp, self._target_right(c.row, c.col))

    def move_left(self, corp: str) -> None:
        c = self.positions[corp]
        self._move(corp, self._target_left(c.row, c.col))

    def move_up(self, corp: str) -> None:
        c = self.positions[corp]
        self._move(corp, self._target_up(c.row, c.col))

    def move_down(self, corp: str) -> None:
        c = self.positions[corp]
        self._move(corp, self._target_down(c.row, c.col))

    def order_key(self, corp: str) -> tuple:
        """Operating order: higher price, then further right, then higher row, then earlier arrival."""
        c = self.positions[corp]
        return (-c.price, -c.col, c.row, c.stack.index(corp), corp)
