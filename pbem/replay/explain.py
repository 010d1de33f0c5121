"""What one move did, in words and figures (`pbem explain`): every cash flow, every certificate,
train, private, tile and station that changed hands or place, market moves, phase and round
changes, presidencies, and for a run each train's stops with their values and bonuses. Worked
out by comparing the ledgers before and after the move, so the figures add up to the state
difference by construction (tests/test_explain.py checks it for every kind of move)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from pbem.engine.actions import RunRoutes
from pbem.engine.tiles import node_revenue

from .ledger import Ledger, ledger
from .walk import Moment

__all__ = ["Explanation", "explain", "explanation"]


@dataclass
class Explanation:
    """A move's effects: `cash` holder -> change, `paper` (corporation, holder) -> change in
    percent, and the lines that say it all in words."""

    cash: dict = field(default_factory=dict)
    paper: dict = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


def _delta(a: dict, b: dict) -> dict:
    return {k: b.get(k, 0) - a.get(k, 0) for k in set(a) | set(b) if b.get(k, 0) != a.get(k, 0)}


def _flows(delta: dict, name: Callable[[str], str], money: Callable[[int], str]) -> list[str]:
    """Cash changes as payments: one payer to its payees, payers to one payee, or each change."""
    payers = sorted((k for k, v in delta.items() if v < 0), key=name)
    payees = sorted((k for k, v in delta.items() if v > 0), key=name)
    parts = lambda keys: ", ".join(f"{name(k)} {money(abs(delta[k]))}" for k in keys)  # noqa: E731
    out = []
    if len(payers) == 1 and payees:
        out.append(f"{name(payers[0])} paid {money(-delta[payers[0]])}: {parts(payees)}")
    elif len(payees) == 1 and payers:
        out.append(f"{name(payees[0])} received {money(delta[payees[0]])}: from {parts(payers)}")
    else:
        out += [f"{name(k)} {'+' if delta[k] > 0 else '-'}{money(abs(delta[k]))}" for k in payers + payees]
    total = sum(delta.values())
    if total:
        out.append(f"money {'created' if total > 0 else 'taken out of the game'}: {money(abs(total))}")
    return out


def _paper(delta: dict, name: Callable[[str], str]) -> list[str]:
    out = []
    for corp in sorted({c for c, _ in delta}):
        mine = {h: v for (c, h), v in delta.items() if c == corp}
        gave = [f"{name(h)} {-v}%" for h, v in sorted(mine.items()) if v < 0]
        got = [f"{name(h)} {v}%" for h, v in sorted(mine.items()) if v > 0]
        out.append(f"{corp} certificates: from {', '.join(gave) or 'nobody'} to {', '.join(got) or 'nobody'}")
    return out


def _run_lines(moment: Moment, money: Callable[[int], str]) -> list[str]:
    g = moment.game.state
    if not any(isinstance(a, RunRoutes) for a in moment.actions):
        return []
    corp, routes = g.last_run
    out = []
    for r in routes:
        values = []
        for coord, node in r.stops:
            hx = g.board._hexes[coord]
            values.append(f"{coord} {node_revenue(hx.tile.nodes[node], g.tile_colors)}")
        base = sum(node_revenue(g.board._hexes[c].tile.nodes[k], g.tile_colors) for c, k in r.stops)
        bonus = r.revenue - base
        extra = f" + bonus {bonus}" if bonus > 0 else f" - {-bonus}" if bonus < 0 else ""
        out.append(f"{corp} {r.train}-train: {', '.join(values)}{extra} = {money(r.revenue)}")
    if routes:
        out.append(f"{corp} revenue: {money(sum(r.revenue for r in routes))}")
    return out


def _income_lines(before: Ledger, after: Ledger, cash: dict, g, money: Callable[[int], str]) -> list[str]:
    """Why money came from the bank when an operating round began: the privates' income, said
    only when it accounts for every such holder's whole gain (other flows, such as 1861's loan
    interest, are left to the figures)."""
    if before.round == after.round or not after.round.startswith("OR"):
        return []
    income: dict = {}
    parts = []
    for sym, (owner, closed) in sorted(before.privates.items()):
        rev = g.companies[sym].revenue if sym in g.companies else 0
        if owner and not closed and rev and after.privates.get(sym, (None, True))[0] == owner:
            income[owner] = income.get(owner, 0) + rev
            parts.append(f"{sym} {money(rev)} to {owner}")
    if not parts or any(cash.get(owner, 0) != amount for owner, amount in income.items()):
        return []
    return [f"why: the privates' income as {after.round} begins: {', '.join(parts)}"]


def explanation(before: Ledger, moment: Moment, after: Ledger | None = None) -> Explanation:
    """The structured effects of `moment`'s move given the ledger before it."""
    after = after or ledger(moment.game)
    g = moment.game.state
    money = g.money

    def name(k: str) -> str:
        return k

    ex = Explanation(_delta(before.cash, after.cash), _delta(before.paper, after.paper))
    lines = [f"move {moment.id}: " + ("; ".join(moment.lines) if moment.lines else "(no move: a message)")]
    if before.round != after.round:
        lines.append(f"round: {before.round} -> {after.round}")
    lines += _flows(ex.cash, name, money)
    lines += _income_lines(before, after, ex.cash, g, money)
    lines += _paper(ex.paper, name)
    for corp in sorted(set(before.presidents) | set(after.presidents)):
        a, b = before.presidents.get(corp), after.presidents.get(corp)
        if a != b:
            lines.append(f"{corp} president: {name(a) if a else 'none'} -> {name(b) if b else 'none'}")
    for tid in sorted(set(before.trains) | set(after.trains)):
        a, b = before.trains.get(tid), after.trains.get(tid)
        if a != b:
            what = (b or a)[0]
            lines.append(f"{what}-train {tid}: {a[1] if a else 'new'} -> {b[1] if b else 'gone'}")
    for sym in sorted(set(before.privates) | set(after.privates)):
        a, b = before.privates.get(sym), after.privates.get(sym)
        if a != b and a and b:
            if a[0] != b[0]:
                lines.append(f"{sym}: {name(a[0]) if a[0] else 'the bank'} -> {name(b[0]) if b[0] else 'the bank'}")
            if b[1] and not a[1]:
                lines.append(f"{sym} closes")
    for coord in sorted(set(before.board) | set(after.board)):
        a, b = before.board.get(coord), after.board.get(coord)
        if b is not None and (a is None or a[:2] != b[:2]):
            was = f" (was {a[0]})" if a else ""
            lines.append(f"{coord}: tile {b[0]} rotation {b[1]}{was}")
        had, has = set(a[2]) if a else set(), set(b[2]) if b else set()
        lines += [f"{coord}: {corp} station placed" for corp in sorted(has - had)]
        lines += [f"{coord}: {corp} station removed" for corp in sorted(had - has)]
    for corp in sorted(set(before.market) | set(after.market)):
        a, b = before.market.get(corp), after.market.get(corp)
        if a != b:
            was = f"{money(a[2])} (row {a[0] + 1}, column {a[1] + 1})" if a else "off the market"
            now = f"{money(b[2])} (row {b[0] + 1}, column {b[1] + 1})" if b else "off the market"
            lines.append(f"{corp} share price: {was} -> {now}")
    for corp in sorted(set(before.loans) | set(after.loans)):
        if before.loans.get(corp, 0) != after.loans.get(corp, 0):
            lines.append(f"{corp} loans: {before.loans.get(corp, 0)} -> {after.loans.get(corp, 0)}")
    lines += [f"{c} floats" for c in sorted(after.floated - before.floated)]
    lines += [f"{c} closes" for c in sorted(after.closed - before.closed)]
    if before.phase != after.phase:
        lines.append(f"phase: {before.phase} -> {after.phase}")
    lines += _run_lines(moment, money)
    if after.finished and not before.finished:
        lines.append("the game ends")
    ex.lines = lines
    return ex


def explain(before: Ledger, moment: Moment) -> list[str]:
    """Lines that say what `moment`'s move did, given the ledger before it."""
    return explanation(before, moment).lines
