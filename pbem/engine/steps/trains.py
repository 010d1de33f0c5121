"""The train step of an operating turn, with the money a corporation raises for a train it
must buy: `BuyTrain` lists, checks and applies a train's purchase (from the depot, traded in,
or from another corporation), the president's sales of shares toward it in an emergency and
the president's bankruptcy when even those cannot pay for it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.entities import train_named
from pbem.engine.leases import sellable_trains, train_limit_count
from pbem.engine.step import LegalMove
from pbem.engine.steps.turn import TurnStep
from pbem.engine.train_payment import BANK, TrainPayment, apply_train_payment, check_train_payment
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation, Train
    from pbem.engine.game import Game


@dataclass(frozen=True)
class Purchase:
    """A train purchase as the rules allow it: the train, its price, who pays what, and the
    corporation's train traded in for it (or None)."""

    train: "Train"
    price: int
    payment: TrainPayment
    traded: Optional["Train"]


def train_for_purchase(g: "Game", corp: "Corporation", action: A.BuyTrain) -> "Train":
    """The train a purchase names: the next of its kind in the depot, or one of the seller's
    (a train leased out is not the lessee's to sell); RuleError when there is none."""
    if action.source == "depot":
        avail = g.depot.available(g.phase_names)
        train = train_named(avail, action.train, action.train_id)
        if train is None:
            names = ", ".join(f"{t.id if action.train_id else t.name} (${t.price})" for t in avail)
            raise RuleError(f"no {action.train_id or action.train} train is for sale in the depot; "
                            f"for sale: {names}", rule="trains are sold in order")
        return train
    seller = g.corporations.get(action.source)
    if seller is None or seller is corp:
        raise RuleError(f"{action.source} is not a corporation that can sell {corp.sym} a train",
                        rule="buying trains")
    train = train_named(sellable_trains(seller), action.train, action.train_id)
    if train is None:
        raise RuleError(f"{seller.sym} has no {action.train_id or action.train} train", rule="buying trains")
    return train


class BuyTrain(TurnStep):
    name = "buy_train"
    handles = (A.BuyTrain, A.Pass)
    #: the president's sale and bankruptcy are checked again as they are made (the share
    #: ledger's own limits); a purchase's check is its whole rule (`quote`)
    checked_on_apply = frozenset({"sell_shares", "bankrupt"})

    def actions(self, entity: str) -> list[str]:
        """The corporation's kinds; its president's sale of shares while it raises emergency money."""
        if entity == self.entity():
            return super().actions(entity)
        corp = self.corp
        return ["sell_shares"] if entity == corp.president and self.round.emergency(corp) else []

    def offered(self) -> list[str]:
        rnd, corp = self.round, self.corp
        if rnd.must_buy_train(corp):
            return ["buy_train", "bankrupt"] if rnd.emergency(corp) else ["buy_train"]
        return ["buy_train", "pass"] if rnd.can_buy_train(corp) else []

    def check_pass(self, action: A.Pass) -> None:
        if "pass" not in self.round.legal(self.corp.sym):
            raise RuleError(f"{self.corp.sym} has no train and a route: it must buy a train", rule="must own a train",
                            legal=self.round.legal(self.corp.sym))

    def check_buy_train(self, action: A.BuyTrain) -> None:
        self._offered("buy_train", action)
        self.quote(action)

    def apply_buy_train(self, action: A.BuyTrain) -> None:
        self.buy(action)
        if not self.round.can_buy_train(self.corp):
            self.round.turn.passed.add(self.name)

    def quote(self, action: A.BuyTrain) -> Purchase:
        """The train purchase rule, changing nothing: the train limit, a depot train at face
        value (a trade-in at its discount; in an emergency the cheapest, with the president's
        help), another corporation's at a price the rules allow, paid as the title's
        `train_payment` says by payers who have the money; RuleError when it is not allowed."""
        g, corp, rnd, title = self.game, self.corp, self.round, self.game.title
        if (count := train_limit_count(g, corp)) >= g.train_limit(corp) and not action.exchange:
            raise RuleError(f"{corp.sym} already has {count} trains, the limit in phase {g.phase.name}",
                            rule="train limit")
        train = train_for_purchase(g, corp, action)
        emergency = rnd.emergency(corp)
        if action.source == "depot":
            price, old = train.price, None
            if action.exchange:
                old = train_named(sellable_trains(corp), action.exchange, action.exchange_id)
                disc = train.discount.get(action.exchange)
                if old is None or disc is None:
                    raise RuleError(f"{corp.sym} cannot trade in a {action.exchange} train for a {train.name}",
                                    rule="train trade-in")
                price -= disc
            if action.price is not None and action.price != price:
                raise RuleError(f"a {train.name} train from the depot costs ${price}, not ${action.price}",
                                rule="depot trains are sold at face value")
            if price > corp.cash:
                if not emergency or action.exchange:
                    raise RuleError(f"{corp.sym} has ${corp.cash}; the {train.name} costs ${price}",
                                    rule="buying trains")
                cheapest = min(t.price for t in g.depot.available(g.phase_names))
                if train.price > cheapest:
                    raise RuleError(f"with the president's help {corp.sym} must buy the cheapest train (${cheapest})",
                                    rule="emergency train purchase")
            payment = title.train_payment(g, corp, train, price, BANK, rnd)
        else:
            seller, old = g.corporations[action.source], None
            price = action.price
            if price is None or price < 1:
                raise RuleError("a price of at least $1 must be named for a train bought from a corporation",
                                rule="buying trains between corporations")
            if price > corp.cash and not emergency:
                raise RuleError(f"{corp.sym} has ${corp.cash}, cannot pay ${price}", rule="buying trains")
            span = self.price_range(train)
            if span is None:
                raise RuleError(f"{seller.sym}'s {train.name} train is not for sale to {corp.sym} now: the money "
                                f"raised for a train is more than its price", rule="emergency purchase price")
            lo, hi = span
            if not lo <= price <= hi:
                raise RuleError(f"{corp.sym} may pay {g.money(lo)} to {g.money(hi)} for {seller.sym}'s {train.name} "
                                f"train now, not {g.money(price)}", rule="emergency purchase price")
            payment = title.train_payment(g, corp, train, price, seller.sym, rnd)
        check_train_payment(g, payment)
        return Purchase(train, price, payment, old)

    def buy(self, action: A.BuyTrain) -> None:
        """Carry out the purchase `quote` allows: the money paid, a traded-in train gone, the
        train the corporation's."""
        g, corp, title = self.game, self.corp, self.game.title
        p = self.quote(action)
        apply_train_payment(g, p.payment)
        if action.source == "depot":
            if p.traded is not None:
                corp.trains.remove(p.traded)
                p.traded.owner = None
                (g.depot.discarded if title.discarded_trains_for_sale else g.depot.removed).append(p.traded)
            g.buy_train_from_depot(corp, p.train, p.price, paid=True)
        else:
            g.corporations[action.source].trains.remove(p.train)
            corp.trains.append(p.train)
            p.train.owner = corp.sym
            title.after_train_bought(g, corp, p.train)

    def moves_buy_train(self, ent: str) -> list[LegalMove]:
        g, rnd = self.game, self.round
        corp = g.corporations[ent]
        out = []
        emergency = rnd.emergency(corp)
        room = train_limit_count(g, corp) < g.train_limit(corp)
        avail = g.depot.available(g.phase_names)
        cheapest = min((t.price for t in avail), default=0)
        helper_cash = g.players[corp.president].cash if emergency and corp.president else 0
        for t in avail:
            if room and (t.price <= corp.cash or (emergency and t.price == cheapest
                                                  and t.price <= corp.cash + helper_cash)):
                note = f"{g.money(t.price)}" + (" with the president's help" if t.price > corp.cash else "")
                out.append(LegalMove(A.BuyTrain(ent, t.name, "depot", t.price), note))
            for old in sorted({tr.name for tr in sellable_trains(corp) if tr.name in t.discount}):
                price = t.price - t.discount[old]
                if price <= corp.cash:
                    out.append(LegalMove(A.BuyTrain(ent, t.name, "depot", price, old),
                                         f"{g.money(price)} trading in a {old}"))
        if room and (corp.cash >= 1 or emergency):
            for other in g.corporations.values():
                if other is corp or other.closed:
                    continue
                sellable = sellable_trains(other)
                for name in sorted({t.name for t in sellable}):
                    train = next(t for t in sellable if t.name == name)
                    span = self.price_range(train)
                    if span is not None:
                        lo, hi = span
                        out.append(LegalMove(A.BuyTrain(ent, name, other.sym, lo),
                                             f"any price from {g.money(lo)} to {g.money(hi)}"))
        return out

    def moves_bankrupt(self, ent: str) -> list[LegalMove]:
        if self.bankrupt_problem() is not None:
            return []
        return [LegalMove(A.Bankrupt(ent), "no train can be paid for, even with the president's shares sold")]

    def moves_sell_shares(self, ent: str) -> list[LegalMove]:
        """The president's sales toward the corporation's train (an emergency)."""
        g = self.game
        out = []
        for target in g.corporations.values():
            if not target.percent_of(ent):
                continue
            mx = self.sellable(ent, target)
            out += [LegalMove(A.SellShares(ent, target.sym, pct)) for pct in range(target.share_percent, mx + 1, target.share_percent)]
        return out

    def price_range(self, train: "Train") -> Optional[tuple[int, int]]:
        """What the operating corporation may pay another corporation for `train`, or None when
        it may not buy it now. $1 to its cash, in an emergency too whenever its own cash covers
        the train's price; in an emergency with less cash than the price, at most the face value
        and what corporation and president have together, and, once the president has sold
        shares for it, no less than that money minus the last share's price plus 1 (no selling
        more than needed). A train that leaves no price is not for sale now (18xx.games:
        Step::Train#spend_minmax and #buyable_trains). One rule for check and listing."""
        g, corp, rnd = self.game, self.corp, self.round
        if not rnd.emergency(corp) or corp.cash >= train.price:
            return (1, corp.cash) if corp.cash >= 1 else None
        total = corp.cash + (g.players[corp.president].cash if corp.president else 0)
        last = getattr(rnd.turn, "last_share_sold_price", None)
        lo = max(1, total - last + 1 if last else 1)
        hi = min(train.price, total)
        return (lo, hi) if lo <= hi else None

    # --- emergency money: the president's sales toward the train, and bankruptcy ------------------
    def sellable(self, player: str, target: "Corporation", only_needed: bool = True) -> int:
        """Most percent of `target` the president may sell to raise money for the train: the
        ordinary limits, and never so much of the corporation itself that its presidency
        changes. One check for the sale, its listing, and the shares a bankrupt president sells
        (who sells all that may be sold: `only_needed=False`)."""
        g, corp = self.game, self.corp
        mx = g.shares.max_sellable(player, target)
        if target is corp and corp.president == player:
            others = [p for h, p in corp.player_holdings().items() if h != player]
            mx = min(mx, corp.percent_of(player) - max(others or [0]))
            mx -= mx % target.share_percent
        if only_needed:
            mx = min(mx, self.needed_percent(player, target))
        return max(0, mx)

    def needed_percent(self, player: str, target: "Corporation") -> int:
        """No selling more than needed (18xx.games EmergencyMoney#selling_minimum_shares?): a sale
        is allowed only if one share fewer would not cover what corporation and president still
        lack for the cheapest depot train (bank-pool trains included); nothing once their cash
        together covers it. Cash, not buying power; each sale judged on the cash after the
        earlier ones; a president's certificate counts as its shares (18xx.games takes it as one
        share of double price, so a piece of it passes with money to spare)."""
        g, corp = self.game, self.corp
        avail = g.depot.available(g.phase_names)
        if not avail:
            return 0
        short = min(t.price for t in avail) - corp.cash - g.players[player].cash
        price = g.market.price(target.sym) or 0
        if short <= 0 or price <= 0:
            return 0
        return target.share_percent * -(-short // price)

    def sale_problem(self, action: A.SellShares) -> Optional[tuple[str, str]]:
        """(reason, rule) why the president may not make this sale toward the train, or None:
        the check of the sale and the filter of its listing (changes nothing)."""
        g, corp = self.game, self.corp
        target = g.corporations.get(action.corporation)
        if target is None:
            return f"there is no corporation {action.corporation}", "emergency money raising"
        player = action.entity
        if not self.round.emergency(corp):
            # emergency money raising: a president sells in an operating round only for a
            # corporation that has no train, has a route and cannot pay for the cheapest train
            # itself (the listing's own condition); 18xx.games offers the sale at any train step
            return (f"{g.player_name(player)} may sell no shares now: {corp.sym} is not raising "
                    f"emergency money (it owns a train, has no route, or can pay for the cheapest "
                    f"train itself)", "a president sells in an operating round only in an emergency")
        full = self.sellable(player, target, only_needed=False)
        if action.percent > full:
            return (f"{g.player_name(player)} may sell at most {full}% of {target.sym} now",
                    "emergency sales may not change the president of the buying corporation")
        mx = self.sellable(player, target)
        if action.percent > mx:
            return (f"{g.player_name(player)} may sell at most {mx}% of {target.sym} now: "
                    f"{corp.sym} and its president need no more for the cheapest train",
                    "no selling more than needed in an emergency")
        return None

    def check_sell_shares(self, action: A.SellShares) -> None:
        corp = self.corp
        if action.entity != corp.president:
            raise RuleError(f"only {corp.sym}'s president sells shares toward its train", rule="emergency money raising",
                            legal=self.round.legal(action.entity))
        why = self.sale_problem(action)
        if why is not None:
            raise RuleError(why[0], rule=why[1], legal=self.round.legal(action.entity))

    def apply_sell_shares(self, action: A.SellShares) -> None:
        """The president's sale toward the train; corporations yet to operate are re-sorted by
        the prices it moved."""
        g = self.game
        why = self.sale_problem(action)
        if why is not None:
            raise RuleError(why[0], rule=why[1])
        target = g.corporations[action.corporation]
        self.round.turn.last_share_sold_price = g.market.price(target.sym)   # the price per share it fetches
        g.shares.sell(action.entity, target, action.percent)
        self.round.recalculate_order()

    def bankrupt_problem(self) -> Optional[tuple[str, str]]:
        """(reason, rule) why the president may not declare bankruptcy now, or None: the check
        and the listing (changes nothing)."""
        g, corp = self.game, self.corp
        if not self.round.emergency(corp):
            return f"{corp.sym} is not forced to buy a train it cannot afford", "bankruptcy"
        player = corp.president
        p = g.players[player]
        cheapest = min(t.price for t in g.depot.available(g.phase_names))
        raisable = corp.cash + p.cash + sum(
            g.shares.cost(c, self.sellable(player, c, only_needed=False), g.market.price(c.sym) or 0)
            for c in g.corporations.values())
        if raisable >= cheapest:
            return (f"{p.name} can still raise ${raisable} (cash and sellable shares) toward the "
                    f"${cheapest} train: sell shares first", "bankruptcy only when money cannot be raised")
        return None

    def check_bankrupt(self, action: A.Bankrupt) -> None:
        why = self.bankrupt_problem()
        if why is not None:
            raise RuleError(why[0], rule=why[1], legal=self.round.legal(action.entity))

    def apply_bankrupt(self, action: A.Bankrupt) -> None:
        """The president goes bankrupt: sells what may be sold in the emergency (the rest, e.g.
        enough of the corporation to stay its president, is kept and counts in the final
        value), hands the bank their cash, and the game ends at once."""
        why = self.bankrupt_problem()
        if why is not None:
            raise RuleError(why[0], rule=why[1])
        g, corp = self.game, self.corp
        player = corp.president
        p = g.players[player]
        for c in sorted(g.corporations.values(), key=lambda c: c.sym):
            while True:
                mx = self.sellable(player, c, only_needed=False)
                if mx <= 0:
                    break
                g.shares.sell(player, c, mx)
        g.bank += p.cash
        p.cash = 0
        p.bankrupt = True
        g.end_trigger = ("bankrupt", "immediate")
        g.end_game("bankrupt")
