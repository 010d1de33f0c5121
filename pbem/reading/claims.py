"""Checking the claims written with a move (pbem/notation/claims.py) against what it did: `applied`
snapshots the game around the move, `false_claims` lists every claim the result contradicts."""
from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

from pbem.engine.actions import (Action, Bid, BuyCompany, BuyShares, BuyTrain, Dividend, LayTile, PlaceToken, RunRoutes,
                                 SellShares)
from pbem.engine.game import Game
from pbem.notation.claims import Claim
from pbem.reading.settle import turn_step

__all__ = ["applied", "false_claims"]


@dataclass(frozen=True)
class Snapshot:
    """What claims are checked against: cash, prices, presidents, holdings, revenues."""

    cash: dict = field(default_factory=dict)          # player id / corporation -> cash
    free: dict = field(default_factory=dict)          # player id -> cash not tied up in bids
    price: dict = field(default_factory=dict)         # corporation -> share price (or None)
    president: dict = field(default_factory=dict)     # corporation -> player id (or None)
    percent: dict = field(default_factory=dict)       # (corporation, player id) -> percent held
    revenue: dict = field(default_factory=dict)       # corporation -> revenue of its last run
    step: Optional[str] = None                        # operating round: the step to be taken
    floated: frozenset = frozenset()                  # corporations floated
    owner: dict = field(default_factory=dict)         # private company -> owner
    closed: frozenset = frozenset()                   # companies and corporations closed
    #: what the move itself paid to the bank and took from it, per entity (a lay's cost and its bonus apart)
    to_bank: dict = field(default_factory=dict)
    from_bank: dict = field(default_factory=dict)
    names: dict = field(default_factory=dict)         # player id -> the name shown (an 18xx.games id is a number)
    loans: dict = field(default_factory=dict)         # corporation -> loans held


def snapshot(game: Game) -> Snapshot:
    cash = {p: game.players[p].cash for p in game.players}
    committed = getattr(game.round, "committed", None)
    free = {p: c - (committed(p) if callable(committed) else 0) for p, c in cash.items()}
    price, pres, pct, rev = {}, {}, {}, {}
    for sym, corp in game.corporations.items():
        cash[sym] = corp.cash
        price[sym] = game.market.price(sym)
        pres[sym] = corp.president
        rev[sym] = corp.last_revenue
        for holder in game.seat_order:          # players in seating order: claims are checked in it
            if corp.percent_of(holder):
                pct[(sym, holder)] = corp.percent_of(holder)
    floated = frozenset(s for s, c in game.corporations.items() if c.floated)
    owner = {s: c.owner for s, c in game.companies.items()}
    closed = frozenset([s for s, c in game.companies.items() if c.closed]
                       + [s for s, c in game.corporations.items() if c.closed])
    names = {p: game.players[p].name for p in game.players if game.players[p].name != p}
    loans = {s: getattr(c, "loans", 0) for s, c in game.corporations.items()}
    return Snapshot(cash, free, price, pres, pct, rev, turn_step(game), floated, owner, closed, names=names, loans=loans)


def applied(game: Game, action: Action, push=None) -> tuple[Snapshot, Snapshot, Snapshot]:
    """Push `action` (with `push` when given); the state just before, just after the move itself, and
    after the round changes that follow it (end-of-round price rises, private incomes)."""
    before = snapshot(game)
    after: list[Snapshot] = []
    paid: dict = {}
    got: dict = {}
    original = game.after_action

    def hooked() -> None:
        after.append(dataclasses.replace(snapshot(game), to_bank=dict(paid), from_bank=dict(got)))
        original()

    def counting(book: dict, pay):
        """`pay`, each amount the move itself pays counted in `book`."""
        def counted(who: str, amount: int) -> None:
            if amount > 0 and not after and not game.settling:
                book[who] = book.get(who, 0) + amount
            pay(who, amount)
        return counted

    game.after_action = hooked          # type: ignore[method-assign]
    game.pay_to_bank = counting(paid, game.pay_to_bank)           # type: ignore[method-assign]
    game.pay_from_bank = counting(got, game.pay_from_bank)        # type: ignore[method-assign]
    try:
        (push or game.push)(action)
    finally:
        for name in ("after_action", "pay_to_bank", "pay_from_bank"):
            if name in vars(game):
                delattr(game, name)
    final = dataclasses.replace(snapshot(game), to_bank=dict(paid), from_bank=dict(got))
    return before, (after[0] if after else final), final


#: engine steps that 18xx.games names like another (1861 offers privates before loans as well)
_SAME_STEP = {"buy_company": ("preloan_company",)}


def _money(n: int) -> str:
    return f"${n}"


def false_claims(claims: Sequence[Claim], action: Action, before: Snapshot, after: Snapshot,
                 share_size: int = 10, final: Optional[Snapshot] = None) -> list[str]:
    """Each claim the move's result contradicts, in words; a claim holds if it is true right after the
    move or after the round changes it set off (`final`: a price rise after a stock round's last pass)."""
    out = []
    # (a private acting for its owner; a corporation of the same symbol as a private, 1882's SC, is itself)
    payer = before.owner.get(action.entity) if action.entity not in before.cash else None
    for c in money_totals(chained_price_moves(claims), action, payer):
        why = _check(c, action, before, after, share_size)
        if why and (final is None or _check(c, action, before, final, share_size)):
            for pid, name in after.names.items():       # "1047's cash ...": the player's name shown
                why = re.sub(rf"(?<![\w$]){re.escape(pid)}(?![\w])", name, why)
            out.append(f'"{c.text}" (column {c.column}): {why}')
    return out


def chained_price_moves(claims: Sequence[Claim]) -> list[Claim]:
    """Price moves of one company told one after another ("moves left from 50 to 45", then "moves
    down from 45 to 40" as the game nationalises it) as one claim from the first price to the last."""
    out: list[Claim] = []
    last: dict = {}          # company -> index in out of its last price move
    for c in claims:
        i = last.get(c.value[0]) if c.kind == "price_move" else None
        if i is not None and out[i].value[2] == c.value[1]:
            out[i] = dataclasses.replace(out[i], value=(c.value[0], out[i].value[1], c.value[2]))
            continue
        if c.kind == "price_move":
            last[c.value[0]] = len(out)
        out.append(c)
    return out


def money_totals(claims: Sequence[Claim], action: Action, payer: Optional[str] = None) -> list[Claim]:
    """The claims with each entity's cash changes summed into one claim: "gets" (the net), or
    "spent_total"/"gained" when all spend or all gain (checked against the cost or the payment alone).
    What a private's move spends its owner pays ("B&M (DH) spends $120 and lays ...")."""
    rest, told = [], {}
    payer = payer or action.entity
    for c in claims:
        if c.kind in ("spent", "gets"):
            who, amount = (payer, -c.value) if c.kind == "spent" else c.value
            told.setdefault(who, []).append((c, amount))
        else:
            rest.append(c)
    price = getattr(action, "price", None)
    for who, said in told.items():
        total, kinds, first = sum(a for _, a in said), {c.kind for c, _ in said}, said[0][0]
        if isinstance(action, (BuyTrain, BuyCompany)) and price is not None and who == action.entity:
            total -= price      # "takes a loan and receives 45₽", then buys for 100₽
            kinds.add("price")
        kind = {frozenset({"spent"}): "spent_total", frozenset({"gets"}): "gained"}.get(frozenset(kinds), "gets")
        rest.append(Claim(kind, (who, total), first.text, first.column, first.line))
    return rest


def _corp_of(action: Action) -> Optional[str]:
    corp = getattr(action, "corporation", None)
    return corp if corp is not None else action.entity


def _check(c: Claim, action: Action, before: Snapshot, after: Snapshot, size: int) -> str:
    ent = action.entity
    delta = lambda who: after.cash.get(who, 0) - before.cash.get(who, 0)  # noqa: E731
    if c.kind == "president":
        player, corp = c.value
        player = player or ent
        corp = corp or _corp_of(action)
        if corp not in after.president:
            return f"{corp} is not a corporation"
        have = after.president[corp]
        return "" if have == player else f"the president of {corp} is {have or 'nobody'}, not {player}"
    if c.kind == "cash":
        ent, value = c.value if isinstance(c.value, tuple) else (ent, c.value)     # "leaves CPR with 62"
        have = after.free.get(ent) if isinstance(action, Bid) else after.cash.get(ent)
        if have is None:
            return f"{ent} holds no cash"
        return "" if have == value else f"{ent} has {_money(have)} left, not {_money(value)}"
    if c.kind in ("paid", "received"):
        moved = -delta(ent) if c.kind == "paid" else delta(ent)
        return "" if moved == c.value else f"{ent} {c.kind} {_money(moved)}, not {_money(c.value)}"
    if c.kind == "paid_each_or_all":    # "buys 2 GT for $180": what the last share cost, or all of them
        told, count = c.value
        paid = -delta(ent)
        return "" if told in (paid, paid * count) else f"{ent} paid {_money(paid)} a share, so {_money(paid * count)} " \
            f"for {count}, not {_money(told)}"
    if c.kind == "revenue":
        have = after.revenue.get(ent)
        return "" if have == c.value else f"{ent}'s revenue is {_money(have or 0)}, not {_money(c.value)}"
    if c.kind == "per_share":
        holders = [(p, pct) for (corp, p), pct in after.percent.items() if corp == ent and pct > 0]
        for p, pct in holders:
            want = math.floor(pct // size * c.value)
            if delta(p) != want:
                return (f"{p} holds {pct}% of {ent} and received {_money(delta(p))}, not "
                        f"{_money(want)} ({pct // size} x {_money(c.value)})")
        return ""
    if c.kind == "payees":
        for who, amount in c.value:
            if who == ent:
                # the paying company's own cash moves for other reasons too (1861 loan interest)
                continue
            # (or what the move paid them, when the game then paid them more itself: a nationalisation)
            if delta(who) != amount and after.from_bank.get(who) != amount:
                return f"{who} received {_money(delta(who))}, not {_money(amount)}"
        return ""
    if c.kind == "pocket":
        pres = after.president.get(ent)
        return "" if pres is not None and delta(pres) < 0 else f"the president of {ent} paid nothing towards it"
    if c.kind == "price_move":
        corp = c.value[0]
        was, now = before.price.get(corp), after.price.get(corp)
        # (no price now, the last one told: the move closed the company (1861 nationalisation))
        if (was, now) == tuple(c.value[1:]) or now is None and was == c.value[1]:
            return ""
        return f"{corp}'s share price went from {was} to {now}"
    if c.kind in ("gets", "spent_total", "gained"):
        who, amount = c.value
        who = who or after.president.get(ent)       # "the president chips in 120"
        # a figure spent is what the move paid the bank, a figure gained what the bank paid; else the net
        stated = {"spent_total": after.to_bank, "gained": after.from_bank}.get(c.kind, {})
        if who in stated:
            if stated[who] == abs(amount):
                return ""
        elif delta(who) == amount:
            return ""
        if c.kind == "spent_total":     # "lays 57 on I5 for $20" on open ground: "CPR spent $0 on this lay, not $20"
            move = "lay" if isinstance(action, LayTile) else "token" if isinstance(action, PlaceToken) else "move"
            return f"{who} spent {_money(stated.get(who, 0))} on this {move}, not {_money(-amount)}"
        return f"{who}'s cash changed by {_money(delta(who))}, not {_money(amount)}"
    if c.kind == "floats":
        ok = c.value in after.floated and c.value not in before.floated
        return "" if ok else f"{c.value} did not float with this move"
    if c.kind == "share":
        who, corp, pct = c.value
        # at least: 18xx.games writes each certificate handed out, also one swapped at once (1861 mergers)
        have = after.percent.get((corp, who), 0)
        return "" if have >= pct else f"{who} holds {have}% of {corp}, less than the {pct}% received"
    if c.kind == "owns":
        who, comp = c.value
        if comp in after.owner:
            return "" if after.owner[comp] == who else f"{comp} belongs to {after.owner[comp] or 'nobody'}"
        return "" if after.president.get(comp) == who else f"{comp} is not {who}'s"
    if c.kind == "amount":
        kind = {RunRoutes: "revenue", Dividend: "revenue", BuyShares: "paid", SellShares: "received"}.get(type(action))
        if kind is None:
            return "a bare amount says nothing checkable about this move; say what it is"
        return _check(Claim(kind, c.value, c.text, c.column, c.line), action, before, after, size)
    if c.kind == "price_dir":
        corp = _corp_of(action)
        was, now = before.price.get(corp), after.price.get(corp)
        if was is None or now is None:
            return f"{corp} has no share price"
        ok = now > was if c.value == "up" else now < was
        return "" if ok else f"{corp}'s share price went from {was} to {now}"
    if c.kind == "price_to":        # "should go up to 165", "from 82 to 90": the price before and after
        corp = _corp_of(action)
        was, now = before.price.get(corp), after.price.get(corp)
        ok = now == c.value[1] and c.value[0] in (None, was)
        return "" if ok else f"{corp}'s share price went from {was} to {now}" if was is not None \
            else f"{corp}'s share price is {now}, not {c.value[1]}"      # a major formed ("converts to SW at 110")
    if c.kind == "holding":
        corp = _corp_of(action)
        have = after.percent.get((corp, ent), 0)
        return "" if have == c.value else f"{ent} holds {have}% of {corp}, not {c.value}%"
    if c.kind == "seller":
        comp = getattr(action, "company", None)
        have = before.owner.get(comp)
        if have == c.value:
            return ""
        return f"{comp} is {have}'s, not {c.value}'s" if have else f"{comp} has no owner, not {c.value}"
    if c.kind == "loans":           # "takes two loans and buys a 3": the game takes them as needed
        took = after.loans.get(ent, 0) - before.loans.get(ent, 0)
        return "" if took == c.value else f"{ent} took {took or 'no'} loan{'s' * (took != 1)} with this move, not {c.value}"
    if c.kind == "closes":
        # (a major nationalised (1861) is not closed but reset: nobody presides over it any more)
        reset = before.president.get(c.value) is not None and after.president.get(c.value) is None
        return "" if c.value in after.closed or reset else f"{c.value} is still open"
    if c.kind == "step":
        if c.value is None or before.step == c.value or before.step in _SAME_STEP.get(c.value, ()):
            return ""
        return f"the pass was made at the {before.step or 'no'} step, not {c.value.replace('_', ' ')}"
    return f"a claim of kind {c.kind!r} cannot be checked"
