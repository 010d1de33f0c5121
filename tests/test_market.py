"""The 1882 stock market grid: movement at the edges, zones, operating order."""
import json

import pytest

from pbem.engine.market import StockMarket
from pbem.titles.registry import data_path

DATA = json.loads(data_path("1882").read_text())


@pytest.fixture
def market():
    return StockMarket(DATA["market"])


def test_par_cells_are_the_p_column(market):
    assert [c.price for c in market.par_cells] == [100, 90, 82, 76, 71, 67]


def test_right_at_row_end_moves_up(market):
    market.set_par("A", market.cell(1, 15))        # 300, last cell of row 1
    market.move_right("A")
    assert (market.positions["A"].row, market.positions["A"].col) == (0, 15)
    assert market.end_reached


def test_left_at_column_zero_moves_down(market):
    market.set_par("A", market.cell(2, 0))
    market.move_left("A")
    assert market.price("A") == 60 and market.positions["A"].row == 3


def test_down_into_missing_cell_stays(market):
    market.set_par("A", market.cell(2, 12))        # 200; row 3 is shorter
    market.move_down("A")
    assert market.price("A") == 200


def test_zones(market):
    assert market.cell(3, 0).zone == "yellow" and not market.cell(3, 0).counts_for_limit
    assert market.cell(6, 0).zone == "orange" and market.cell(6, 0).unlimited_holding
    assert market.cell(8, 0).zone == "brown" and market.cell(8, 0).buy_multiple
    assert market.cell(0, 3).counts_for_limit


def test_operating_order_price_then_column_then_row_then_arrival(market):
    market.set_par("A", market.par_cell(82))
    market.set_par("B", market.par_cell(82))
    market.set_par("C", market.par_cell(100))
    order = sorted("ABC", key=market.order_key)
    assert order == ["C", "A", "B"]
    market.move_right("B")                           # 90 at row 2 col 4
    assert sorted("AB", key=market.order_key) == ["B", "A"]
