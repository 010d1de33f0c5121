"""Leased trains: a train's owner (a corporation, or the depot) lets another corporation hold and
run it for a while against a rent, and takes it back when the lease ends.

The lessee holds the train in its `Corporation.trains` (the trains a corporation runs); the
owner's list no longer has it until the lease ends. Which trains count toward a train limit and
when a lease ends are the title's (`Rules.counts_toward_train_limit`, `Rules.lease_ends`); this
module is only the mechanism, and changes nothing in a game where nobody leases.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Optional

from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Corporation, Train
    from pbem.engine.game import Game

#: the moments at which the engine asks the title whether a lease ends
LEASE_MOMENTS = ("turn", "operating_round")


def runnable_trains(corp: "Corporation") -> list["Train"]:
    """The trains the corporation runs: its own not leased out, and those leased to it."""
    return list(corp.trains)


def sellable_trains(corp: "Corporation") -> list["Train"]:
    """The trains the corporation may sell to another: those it holds and owns (not leased ones)."""
    return [t for t in corp.trains if t.lessee is None]


def leased_trains(g: "Game") -> list["Train"]:
    """Every train under a lease now, in the order the lessees hold them."""
    return [t for c in g.corporations.values() for t in c.trains if t.lessee is not None]


def leased_out(g: "Game", corp: "Corporation") -> list["Train"]:
    """The corporation's own trains that another corporation holds under a lease."""
    return [t for t in leased_trains(g) if t.owner == corp.sym]


def train_limit_count(g: "Game", corp: "Corporation") -> int:
    """How many trains count toward the corporation's train limit, as the title counts them
    (by default the trains it holds: its own not leased out, and those leased to it)."""
    held = corp.trains + leased_out(g, corp)
    return sum(1 for t in held if g.title.counts_toward_train_limit(g, corp, t))


def lease_train(g: "Game", train: "Train", lessee: "Corporation", rent: int) -> None:
    """`lessee` leases `train` from its owner (the depot when it has none), paying `rent` to the
    owner (the bank for the depot). Checked before anything moves: the train must be in the depot
    or held by its owner, the lessee must have room under the limit and the rent in cash."""
    if train.lessee is not None:
        raise RuleError(f"the {train.name} train is already leased to {train.lessee}", rule="leased trains")
    owner: Optional["Corporation"] = None
    if train.owner is None:
        if train not in g.depot.upcoming and train not in g.depot.discarded:
            raise RuleError(f"the {train.name} train is not in the depot", rule="leased trains")
    else:
        owner = g.corporations[train.owner]
        if owner is lessee:
            raise RuleError(f"{lessee.sym} owns the {train.name} train; it cannot lease it", rule="leased trains")
        if train not in owner.trains:
            raise RuleError(f"{owner.sym} does not hold its {train.name} train now", rule="leased trains")
    if rent < 0:
        raise RuleError(f"a rent of {g.money(rent)} is not a rent", rule="leased trains")
    if rent > lessee.cash:
        raise RuleError(f"{lessee.sym} has {g.money(lessee.cash)}; the lease of the {train.name} train costs "
                        f"{g.money(rent)}", rule="leased trains")
    leased = dataclasses.replace(train, lessee=lessee.sym)
    if (g.title.has_train_limit(g, lessee) and g.title.counts_toward_train_limit(g, lessee, leased)
            and train_limit_count(g, lessee) >= g.train_limit(lessee)):
        raise RuleError(f"{lessee.sym} already has {train_limit_count(g, lessee)} trains, the limit in phase "
                        f"{g.phase.name}", rule="train limit")
    if owner is None:
        g.depot.take(train)
        g.pay_to_bank(lessee.sym, rent)
    else:
        owner.trains.remove(train)
        lessee.cash -= rent
        owner.cash += rent
    train.lessee = lessee.sym
    lessee.trains.append(train)
    g.title.after_train_leased(g, lessee, train)


def end_lease(g: "Game", train: "Train") -> None:
    """The lease of `train` ends: it goes back to its owner (into the depot when it has none)."""
    if train.lessee is None:
        raise RuleError(f"the {train.name} train is not leased", rule="leased trains")
    lessee = g.corporations[train.lessee]
    if train in lessee.trains:
        lessee.trains.remove(train)
    train.lessee = None
    if train.owner is None:
        g.depot.give_back(train)
    else:
        g.corporations[train.owner].trains.append(train)


def end_leases(g: "Game", moment: str) -> list["Train"]:
    """End every lease the title says ends at `moment` (one of LEASE_MOMENTS); the trains returned."""
    done = [t for t in leased_trains(g) if g.title.lease_ends(g, t, moment)]
    for t in done:
        end_lease(g, t)
    return done
