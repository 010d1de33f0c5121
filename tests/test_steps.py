"""Rounds made of steps: what a step lists and what it accepts come from one place.

Random games of both titles (tools/randplay.py's move picker) are walked; at every position
whose round is made of steps, every listed move of the step in play passes the step's check
(which changes nothing), and every candidate action the check accepts is listed. Candidates are
the discrete actions (every corporation and source, every 10% sale, every market price as a par,
every train to discard, every dividend kind, every pass, every opening bid on a minor, every
merger partner and major, every station to remove) and, for open-ended ones, prices around
each range: a bid or a private's purchase is covered by the listed move on the same item at its
lowest price (the listing's note gives the range). Tile lays are listed from the board's lay
generator filtered by the check's own predicate (`Track.lay_quote`), so they are checked in the
first direction only; for trains, stations and runs the step checks turn, step and kind, and the
title's hook checks the rest as it applies them (before changing anything).
"""
import random

import pytest

from pbem.engine import actions as A
from pbem.engine.game import Game
from pbem.engine.step import Step
from pbem.errors import RuleError
from pbem.titles import load_title

from randplay_kit import randplay as _randplay


def candidates(g: Game, ent: str) -> list[A.Action]:
    """Discrete actions of every kind the steps own, for `ent`, legal or not."""
    out: list[A.Action] = [A.Pass(ent)]
    prices = sorted({c.price for row in g.market.grid for c in row if c})
    for corp in g.corporations.values():
        for src in ("ipo", "pool"):
            out.append(A.BuyShares(ent, corp.sym, src))
        out += [A.SellShares(ent, corp.sym, pct) for pct in range(10, 110, 10)]
        out += [A.Par(ent, corp.sym, p) for p in prices]
        out += [A.Bid(ent, corp.sym, p) for p in range(95, 130, 5)]      # a minor's auction (1861)
        out.append(A.Merge(ent, corp.sym))                                 # a merger partner or the major formed
    out += [A.Convert(ent), A.Choose(ent, "nationalize"), A.Choose(ent, "merge")]
    out += [A.RemoveToken(ent, coord, city) for coord, city, _slot in g.board.tokens_of(ent)]
    for corp in g.corporations.values():
        out += [A.DiscardTrain(ent, n) for n in sorted({t.name for t in corp.trains})]
    out += [A.Dividend(ent, kind) for kind in ("payout", "withhold", "half", "double")]
    for c in g.companies.values():
        lo, hi = g.title.company_price_range(g, c)
        out += [A.BuyCompany(ent, c.sym, p) for p in (lo - 1, lo, hi, hi + 1)]
        out += [A.Bid(ent, c.sym, p) for p in range(0, c.value + 60, 5)]
    return out


def accepted(step: Step, action: A.Action) -> bool:
    try:
        step.check(action)
    except RuleError:
        return False
    return True


def covered(action: A.Action, listed: list) -> bool:
    """Whether a listed move stands for `action` (open-ended bids: same item, price in range)."""
    if action in listed:
        return True
    if isinstance(action, A.BuyCompany):       # listed once, at its lowest price, with its range
        return any(isinstance(m, A.BuyCompany) and m.company == action.company and m.price <= action.price
                   for m in listed)
    if isinstance(action, A.Bid):              # listed once per item, at the lowest bid
        return any(isinstance(m, A.Bid) and m.company == action.company and m.price <= action.price
                   for m in listed)
    return False


def snapshot(g: Game) -> str:
    """The money and paper of the game, to see that checks change nothing."""
    return repr((g.bank, g.players, [(c.sym, c.cash, sorted(c.shares.items()), c.par_price, c.president)
                                     for c in g.corporations.values()], g.current_entity()))


def walk(title: str, seed: int, players: int, max_moves: int):
    """Yield every position of a random game (tools/randplay.py's picks), then play on."""
    rp = _randplay()
    rng = random.Random(seed)
    g = Game(load_title(title), [(f"P{i + 1}", f"P{i + 1}") for i in range(players)], seed)
    for _ in range(max_moves):
        if g.finished:
            return
        yield g
        g.push(rp.pick(rng, g))


#: the steps the long game is checked at (the others are the short games' and cost most: tile lays)
LATE_STEPS = {"Redeem", "HalfDividend", "StationByDistance", "MergeOrConvert", "NameMajor", "ReduceStations",
              "PostMergerShares", "ChoiceStep", "MajorHome", "Discard", "MinorAuction"}


@pytest.mark.parametrize("title,seed,players,moves", [
    ("1882", 3, 4, 700), ("1882", 8, 5, 700), ("1861", 2, 4, 700), ("1861", 9, 3, 700),
    ("1830", 3, 4, 700), ("1830", 5, 2, 700),
    ("1861", 4, 4, 2500),      # a whole game, at the family's own steps: redemptions, mergers, a trainless major's choice
])
def test_listed_moves_pass_the_check_and_the_check_accepts_only_listed_moves(title, seed, players, moves):
    positions = 0
    kinds: set[str] = set()
    steps: set[str] = set()
    for g in walk(title, seed, players, moves):
        rnd = g.round
        step = rnd.step_in_play() if hasattr(rnd, "step_in_play") else None
        if not isinstance(step, Step) or (moves > 700 and type(step).__name__ not in LATE_STEPS):
            continue
        ent = g.current_entity()
        if step.entity() != ent or rnd.legal(ent) != step.actions(ent):
            continue            # a round not made of steps (1861's operating round with loans, the merger round)
        listed = [m.action for m in g.legal_moves() if step.accepts(m.action) and m.action.entity == ent]
        before = snapshot(g)
        for action in listed:
            assert accepted(step, action), f"{title} seed {seed}: listed {action} refused by {step.name}"
            kinds.add(type(action).__name__)
        for action in candidates(g, ent):
            if step.accepts(action) and accepted(step, action):
                assert covered(action, listed), f"{title} seed {seed}: {action} accepted by {step.name} but not listed"
        assert snapshot(g) == before, "a check changed the game"
        positions += 1
        steps.add(type(step).__name__)
    assert positions > 20
    assert "Pass" in kinds and len(kinds) >= 4, kinds
    if moves > 700:
        assert {"Redeem", "MergeOrConvert", "NameMajor", "PostMergerShares", "ChoiceStep"} <= steps, steps


def test_a_refused_move_names_the_rule_and_the_legal_kinds():
    g = Game(load_title("1882"), [("a", "A"), ("b", "B"), ("c", "C")], 1)
    rp = _randplay()
    rng = random.Random(1)
    while g.round.name != "stock":
        g.push(rp.pick(rng, g))
    step = g.round.step_in_play()
    ent = g.current_entity()
    with pytest.raises(RuleError) as e:
        step.check(A.SellShares(ent, next(iter(g.corporations)), 10))
    assert e.value.rule == "no sales in the first stock round"
    assert "buy_shares" in e.value.legal or "par" in e.value.legal


def test_a_later_steps_move_passes_the_optional_steps_before_it():
    """'CPR runs …' at the track step: the track (and the token, if offered) are passed, as the
    round's steps say; a move of the step in play passes nothing."""
    import copy

    from pbem.reading.settle import push_implicit_passes

    for g in walk("1882", 3, 4, 700):
        rnd = g.round
        if rnd.name == "operating" and rnd.active_step() == "track" and "pass" in g.legal_actions():
            break
    else:
        pytest.fail("no operating turn at the track step")
    ent = g.current_entity()
    lay = next(m.action for m in g.legal_moves() if isinstance(m.action, A.LayTile))
    same = copy.deepcopy(g)
    assert push_implicit_passes(same, same.push, lay) == []
    trial = copy.deepcopy(g)
    passes = push_implicit_passes(trial, trial.push, A.Dividend(ent, "payout"))
    assert passes and all(p == A.Pass(ent) for p in passes)
    assert trial.round.active_step() not in ("track", "token") or trial.current_entity() != ent
