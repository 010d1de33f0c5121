"""Rounds of an 18xx game: the private auction, stock rounds and operating rounds."""
from pbem.engine.rounds.auction import AuctionRound
from pbem.engine.rounds.operating import OperatingRound
from pbem.engine.rounds.stock import StockRound

__all__ = ["AuctionRound", "StockRound", "OperatingRound"]
