"""Who pays how much toward a train: the corporation, its president, every shareholder, even the
bank (as an assisted purchase may have it), applied at once so that either all the money moves
or none does. The standard purchase uses it too, with the corporation alone paying, or the
corporation and its president in an emergency."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.game import Game

#: the payer or payee that is the bank (the depot's seller; a payer without a limit)
BANK = "bank"


@dataclass(frozen=True)
class Contribution:
    """One payer's part: a player id, a corporation symbol, or BANK, and the amount."""

    payer: str
    amount: int


@dataclass(frozen=True)
class TrainPayment:
    """The money toward one train bought by `corporation` from `payee` (BANK for the depot, or the
    selling corporation), in the order it is paid. `rule` and `hint` word the refusal when a
    payer is short (e.g. "sell shares first, or declare bankruptcy")."""

    corporation: str
    train: str
    payee: str
    parts: tuple[Contribution, ...]
    rule: str = "buying trains"
    hint: str = ""

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.parts)

    def paid_by(self, payer: str) -> int:
        return sum(p.amount for p in self.parts if p.payer == payer)

    @classmethod
    def ordinary(cls, g: "Game", corporation: str, train: str, price: int, payee: str) -> "TrainPayment":
        """The corporation pays what it can; its president pays the rest (in an emergency)."""
        corp = g.corporations[corporation]
        own = min(price, max(corp.cash, 0)) if corp.president else price    # no president: no help
        parts = [Contribution(corporation, own)]
        if price > own:
            parts.append(Contribution(corp.president, price - own))
            return cls(corporation, train, payee, tuple(parts), rule="emergency money raising",
                       hint="sell shares first, or declare bankruptcy")
        return cls(corporation, train, payee, tuple(parts))


def apply_train_payment(g: "Game", payment: TrainPayment) -> None:
    """Move every contribution to the payee, or nothing: a RuleError names each payer who cannot
    pay its part (or an unknown payer, or a negative part) before any money moves."""
    check_train_payment(g, payment)
    for part in payment.parts:
        _move(g, part.payer, payment.payee, part.amount)


def check_train_payment(g: "Game", payment: TrainPayment) -> None:
    """Raise RuleError naming each payer who cannot pay its part (or an unknown payer, or a
    negative part, or a payee that cannot be paid); changes nothing."""
    short = []
    for payer in dict.fromkeys(p.payer for p in payment.parts):
        due = payment.paid_by(payer)
        if any(p.amount < 0 for p in payment.parts if p.payer == payer):
            raise RuleError(f"a part of {g.money(due)} from {payer} toward a train is not a payment", rule=payment.rule)
        if payer == BANK:
            continue
        if payer not in g.players and payer not in g.corporations:
            raise RuleError(f"{payer} is neither a player nor a corporation; it cannot pay toward a train",
                            rule=payment.rule)
        have = g.cash_of(payer)
        if have < due:
            name = g.player_name(payer) if payer in g.players else payer
            short.append(f"{name} has {g.money(have)} and must pay {g.money(due)}")
    if payment.payee != BANK and payment.payee not in g.corporations:
        raise RuleError(f"{payment.payee} is not a corporation that can be paid for a train", rule=payment.rule)
    if short:
        hint = f": {payment.hint}" if payment.hint else ""
        raise RuleError(f"{'; '.join(short)} toward {payment.corporation}'s {payment.train} train{hint}",
                        rule=payment.rule)


def _move(g: "Game", payer: str, payee: str, amount: int) -> None:
    if amount <= 0 or payer == payee:
        return
    if payer == BANK:
        g.pay_from_bank(payee, amount)
    elif payee == BANK:
        g.pay_to_bank(payer, amount)
    else:
        _account(g, payer, -amount)
        _account(g, payee, amount)


def _account(g: "Game", who: str, amount: int) -> None:
    if who in g.players:
        g.players[who].cash += amount
    else:
        g.corporations[who].cash += amount
