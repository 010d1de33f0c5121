"""The train hooks a title may override (mixed into `Rules`): which trains count toward a train
limit, when a lease ends, what follows a lease, and who pays how much toward a train. The
defaults are the common rules and change nothing where nobody leases."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine.train_payment import TrainPayment

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation, Train
    from pbem.engine.game import Game


class TrainRules:
    """Leases and train payments; `Rules` inherits these defaults."""

    def extra_train_limit(self, g: "Game", corp: "Corporation") -> int:
        """Trains `corp` may hold beyond the phase's limit (a company made by a merger, say)."""
        return 0

    def counts_toward_train_limit(self, g: "Game", corp: "Corporation", train: "Train") -> bool:
        """Whether `train` (held by `corp`, or its own leased out) counts toward `corp`'s limit:
        by default the trains it runs count (its own not leased out, and those leased to it)."""
        return train.lessee is None or train.lessee == corp.sym

    def lease_ends(self, g: "Game", train: "Train", moment: str) -> bool:
        """Whether the lease of `train` ends at `moment` ("turn": its lessee's operating turn is
        over; "operating_round": the operating round is over). By default at the round's end."""
        return moment == "operating_round"

    def after_train_leased(self, g: "Game", corp: "Corporation", train: "Train") -> None:
        """What follows a lease (a title where leasing changes the phase says so here)."""

    def train_payment(self, g: "Game", corp: "Corporation", train: "Train", price: int, payee: str,
                      rnd) -> TrainPayment:
        """Who pays `price` toward `train` (payee: "bank" for the depot, or the seller): the
        corporation alone, or with its president in an emergency. A title where shareholders
        help (an assisted purchase) computes its own payment here."""
        return TrainPayment.ordinary(g, corp.sym, train.name, price, payee)
