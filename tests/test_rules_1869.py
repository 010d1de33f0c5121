"""1869's differences from 1830, one test each (docs/1869-rules.md names the decisions)."""
from __future__ import annotations

import random

import pytest

import pbem
from pbem.engine import actions as A
from pbem.engine.game import Game
from pbem.errors import RuleError
from pbem.titles import load_title
from pbem.titles.g1869.rounds import station_price

from test_random_1869 import pick


def new(n: int = 3, options=()) -> Game:
    return Game(load_title("1869"), [(f"p{i}", f"P{i}") for i in range(n)], 1, options)


def legal(g: Game) -> list[A.Action]:
    return [m.action for m in g.legal_moves()]


def finish_auction(g: Game, par: int = 67) -> None:
    """Each player in turn buys the cheapest private; LA-NY's buyer pars CPR at `par`."""
    while g.round.name == "auction":
        moves = legal(g)
        pars = [a for a in moves if isinstance(a, A.Par)]
        if pars:
            g.push(next(a for a in pars if a.price == par))
            continue
        cheapest = min((a for a in moves if isinstance(a, A.Bid)), key=lambda a: a.price)
        g.push(cheapest)


def par_or_buy(g: Game, corps: set[str], par: int = 67) -> bool:
    """The acting player pars or buys one of `corps` if it can (True), else passes (False)."""
    moves = legal(g)
    for a in moves:
        if isinstance(a, A.Par) and a.corporation in corps and a.price == par:
            g.push(a)
            return True
    for a in moves:
        if isinstance(a, A.BuyShares) and a.corporation in corps and a.source == "ipo":
            g.push(a)
            return True
    g.push(next(a for a in moves if isinstance(a, A.Pass)))
    return False


# --- the auction -------------------------------------------------------------------------------
def test_every_unsold_private_gets_10_cheaper_when_all_pass():
    g = new(3)
    before = {c.sym: c.min_bid for c in g.companies.values()}
    for _ in range(3):
        g.push(next(a for a in legal(g) if isinstance(a, A.Pass)))
    after = {c.sym: c.min_bid for c in g.companies.values()}
    assert after == {s: v - 10 for s, v in before.items()}
    for _ in range(3):                                   # and again the next time round
        g.push(next(a for a in legal(g) if isinstance(a, A.Pass)))
    assert g.companies["NOSF"].min_bid == 260
    assert g.companies["BOM"].owner == "p0"              # at $0 the cheapest goes to the next player


# --- capital, groups, limits ------------------------------------------------------------------
def test_fixed_capital():
    """A corporation floats with its charter's capital from the bank, whatever its par; the
    money paid for its IPO shares goes to the bank."""
    g = new(3)
    finish_auction(g, par=67)
    cpr = g.corporations["CPR"]
    assert cpr.par_price == 67 and not cpr.floated
    bank = g.bank
    while not cpr.floated:
        par_or_buy(g, {"CPR"})
    assert cpr.cash == 1100                              # not 10 x 67
    assert g.bank == bank + 4 * 67 - 1100                # four shares bought after the private's 20%


def test_groups_open_in_turn():
    g = new(3)
    finish_auction(g)
    rules = g.title
    pars = {a.corporation for a in legal(g) if isinstance(a, A.Par)}
    assert pars == {"UP", "CP"}                          # CPR came with LA-NY; group 2 is shut
    with pytest.raises(RuleError):
        g.push(A.Par(g.current_entity(), "NP", 67))
    group1 = {"CPR", "UP", "CP"}
    for _ in range(200):
        if all(g.corporations[s].ipo_percent == 0 for s in group1):
            break
        par_or_buy(g, group1)
    assert all(g.corporations[s].ipo_percent == 0 for s in group1)
    assert rules.group_open(g, 2) and not rules.group_open(g, 3)
    if g.round.name == "stock":
        pars = {a.corporation for a in legal(g) if isinstance(a, A.Par)}
        assert pars <= {"NP", "SP", "ATSF"} and (pars or g.players[g.current_entity()].cash < 67 * 2)
    # group 3 needs group 2 sold out; from group 4 on the group before need only float
    for s in ("NP", "SP", "ATSF"):
        g.corporations[s].ipoed = True
        g.corporations[s].certificates.move("ipo", "p0", g.corporations[s].ipo_percent)
    assert rules.group_open(g, 3) and not rules.group_open(g, 4)
    g.corporations["GN"].floated = True
    assert rules.group_open(g, 4) and not rules.group_open(g, 5)
    g.corporations["DRG"].floated = True
    g.corporations["WP"].floated = True
    assert not rules.group_open(g, 6)
    g.corporations["CN"].floated = True
    assert rules.group_open(g, 6)


def test_holding_and_pool_limits():
    g = new(3)
    assert g.max_holding_percent == 200 and g.market_share_limit == 100    # 200: all of SP after the fusion
    assert g.title.dividend_payee(g, g.corporations["UP"], "pool") == "UP"   # pool shares pay the company


def test_the_brown_zone_and_the_yellow_zone():
    """<= 69 not counted toward the limit; <= 49 several shares a turn."""
    g = new(3)
    cells = [c for row in g.market.grid for c in row if c]
    assert all(c.counts_for_limit == (c.price >= 70) for c in cells)
    assert all(c.buy_multiple == (c.price <= 49) for c in cells)


# --- stock round: sell, then buy ------------------------------------------------------------
def _stock_turn_with_sales(seed: int = 2):
    """A random game played to a stock-round turn where the player may both sell and buy."""
    g = pbem.Game.new("1869", ["A", "B", "C"], seed=seed)
    rng = random.Random(seed)
    while not g.finished:
        moves = g.legal_moves()
        if g.state.round.name == "stock" and any(isinstance(a, A.SellShares) for a in moves) \
                and any(isinstance(a, A.BuyShares) for a in moves):
            return g, moves
        g.push(pick(rng, moves, g.state.players))
    raise AssertionError("no such turn")


def test_first_sell_then_buy():
    g, moves = _stock_turn_with_sales()
    player = g.current_entity()
    sale = next(a for a in moves if isinstance(a, A.SellShares))
    g.push(sale)                                          # selling first is fine
    buys = [a for a in g.legal_moves() if isinstance(a, A.BuyShares)]
    assert buys, "nothing left to buy after the sale (choose another seed)"
    g.push(buys[0])
    if g.current_entity() == player:
        assert not any(isinstance(a, A.SellShares) for a in g.legal_moves())   # no sale after the buy
        others = [c for c in g.state.corporations.values() if c.percent_of(player) and c.floated]
        for c in others:
            assert not g.is_legal(A.SellShares(player, c.sym, c.share_percent))


# --- stations ------------------------------------------------------------------------------------
def test_a_station_across_the_border_costs_100_more():
    g = new(3)
    up, cp = g.corporations["UP"], g.corporations["CP"]
    for c in (up, cp):
        c.tokens[0].used = True                           # the home station placed
    assert station_price(g, up, "J24") == 40              # Kansas City, in the US
    assert station_price(g, up, "C21") == 140             # Winnipeg, in Canada
    assert station_price(g, up, "C29") == 140             # Montreal: Canada ("plus D32")
    assert station_price(g, cp, "C21") == 40
    assert station_price(g, cp, "F24") == 140
    assert station_price(g, cp, "D4") == 140              # Seattle, row D: the US


# --- trains ------------------------------------------------------------------------------------
def test_brown_train_starts_the_brown_phase():
    g = new(3)
    g.change_phase([p.name for p in g.phases].index("5"), g.corporations["UP"])
    up = g.corporations["UP"]
    threes = [t for t in g.depot.upcoming if t.name == "3"][:1]
    for t in threes:                                       # UP holds a 3
        g.depot.take(t)
        t.owner = "UP"
        up.trains.append(t)
    seven = next(t for t in g.depot.available(g.phase_names) if t.name == "7")
    g.bank -= seven.price
    up.cash += seven.price
    g.buy_train_from_depot(up, seven, seven.price)
    assert g.phase.name == "6" and "brown" in g.tile_colors
    assert [t.name for t in up.trains] == ["7"] and all(t.rusted for t in threes)
    assert g.train_limit(up) == 2


def test_trains_for_sale_after_the_first_5():
    g = new(3)
    names = lambda: {t.name for t in g.depot.available(g.phase_names)}
    assert names() == {"2"}
    g.change_phase([p.name for p in g.phases].index("5"), g.corporations["UP"])
    for t in [t for t in g.depot.upcoming if t.name in ("2", "3", "4")]:
        g.depot.take(t)
    assert names() == {"5", "4E", "5E", "7", "8", "D"}      # not the 6: it comes after the 5s and 4Es


def _train_turn_with_help(seed: int):
    g = Game(load_title("1869"), [("a", "A"), ("b", "B"), ("c", "C")], seed)
    rng = random.Random(seed)
    while not g.finished:
        listed = g.legal_moves()
        helped = [m for m in listed if isinstance(m.action, A.BuyTrain) and "the president paying" in m.note]
        if helped:
            return g, helped
        g.push(pick(rng, [m.action for m in listed], g.players))
    return None, []


def test_the_president_pays_up_to_a_quarter_of_a_train():
    for seed in range(1, 6):
        g, helped = _train_turn_with_help(seed)
        if g is not None:
            break
    assert g is not None, "no purchase with the president's help in five games"
    move = helped[0].action
    corp = g.corporations[move.entity]
    pres = g.players[corp.president]
    train = next(t for t in g.depot.available(g.phase_names) if t.name == move.train)
    lack = train.price - corp.cash
    assert 0 < lack and (lack <= train.price // 4 or not corp.trains)
    cash, bank, rnd = pres.cash, g.bank, g.round
    g.push(move)
    # (the privates' income, if the purchase ended the round and the next one has paid it)
    income = 0 if g.round is rnd else sum(g.companies[c].revenue for c in pres.companies if not g.companies[c].closed)
    assert pres.cash == cash - lack + income and corp.cash == 0
    paid = 0 if g.round is rnd else sum(c.revenue for c in g.companies.values() if c.owner and not c.closed)
    assert g.bank >= bank + train.price - paid     # (and any lease of the next corporation's turn)
    # a dearer train than the quarter allows is refused
    g2, _ = _train_turn_with_help(seed)
    corp2 = g2.corporations[move.entity]
    for t in g2.depot.available(g2.phase_names):
        if t.price - corp2.cash > t.price // 4 and (corp2.trains or t.price > min(
                x.price for x in g2.depot.available(g2.phase_names))):
            with pytest.raises(RuleError):
                g2.push(A.BuyTrain(corp2.sym, t.name, "depot", t.price))
            break


def test_no_corporation_must_buy_a_train():
    g = new(3)
    from pbem.titles.g1869.rounds import OperatingRound1869

    assert OperatingRound1869.must_buy_train(object.__new__(OperatingRound1869), g.corporations["UP"]) is False


# --- bonus routes ------------------------------------------------------------------------------
class _R:
    """A resolved route as far as the bonus rule reads it."""

    def __init__(self, *hexes):
        self.hexes = hexes


def _bonus(g, sym, *routes):
    from pbem.titles.g1869.rounds import run_bonuses

    return [(b["amount"], "-".join(b["from"] + b["to"])) for b, _ in
            run_bonuses(g, g.corporations[sym], [_R(*r) for r in routes])]


def test_a_bonus_over_several_trains_changing_where_they_meet():
    g = new(3)
    assert _bonus(g, "DRG", ("J16", "K15"), ("K15", "L14", "N16")) == [(50, "J16-N16")]
    assert _bonus(g, "DRG", ("J16", "K15"), ("L14", "N16")) == []            # the trains do not meet
    assert _bonus(g, "DRG", ("J14", "J16", "L14", "M11", "M13")) == [(90, "J16-M9-M11")]   # further than the ends


def test_one_bonus_an_or_but_atsf_adds_its_own():
    g = new(3)
    assert _bonus(g, "SP", ("O29", "N16", "M5")) == [(400, "O29-M5-L4")]   # the best one only
    got = _bonus(g, "ATSF", ("G29", "J28", "K15", "N16"))
    assert sorted(a for a, _ in got) == [30, 30, 70]                         # ATSF adds them


def test_the_once_only_bonus_of_cpr_and_up():
    from pbem.titles.g1869.state import state

    g = new(3)
    assert _bonus(g, "UP", ("H22", "J2")) == [(300, "J2-H22")]
    state(g).once_paid.append("J2-H22")                                   # paid once, to either
    assert _bonus(g, "UP", ("H22", "J2")) == [(60, "H22-J2")]
    assert _bonus(g, "CPR", ("J2", "I3", "H22")) == []


# --- express trains ----------------------------------------------------------------------------
def test_an_express_train_scores_its_best_stops_with_an_own_station():
    from pbem.engine.board import Token as BoardToken
    from pbem.titles.g1869.express import ExpressDistance

    g = new(3)
    board = g.board
    board.place_token("J16", 0, BoardToken("DRG", "DRG", False))
    d = ExpressDistance(4, "DRG")
    colors = ("yellow", "green")
    stops = [("J16", 0), ("O29", 0), ("G29", 0), ("C29", 0), ("F24", 0), ("H22", 0)]
    # printed values: J16 0 (empty city), O29 40, G29 50, C29 40, F24 40, H22 20
    assert d.check(board, stops, None, 0) == 6                               # any number of stops
    assert d.revenue(board, stops, colors, None) == 50 + 40 + 40 + 0        # own station in the four
    d2 = ExpressDistance(4, "UP")                                             # no UP station on the route
    assert d2.revenue(board, stops, colors, None) == 50 + 40 + 40 + 40
    from pbem.engine.entities import Train

    t = Train(id="4E-0", name="4E", distance=g.data["trains"][4]["distance"], price=510)
    assert isinstance(g.title.train_distance(g, g.corporations["DRG"], t), ExpressDistance)


# --- privates ----------------------------------------------------------------------------------
def test_privates_close_with_the_brown_phase_and_la_ny_when_cpr_runs():
    g = new(3)
    finish_auction(g)
    assert all(not c.closed for c in g.companies.values())
    g.title.after_run(g, g.corporations["UP"])
    assert not g.companies["LANY"].closed
    g.title.after_run(g, g.corporations["CPR"])
    assert g.companies["LANY"].closed and not g.companies["NOSF"].closed
    g.change_phase([p.name for p in g.phases].index("6"), g.corporations["UP"])
    assert all(c.closed for c in g.companies.values())


def test_no_corporation_buys_a_private():
    data = load_title("1869").data
    assert all("can_buy_companies" not in p["status"] for p in data["phases"])


# --- scrapped trains -----------------------------------------------------------------------------
def test_a_scrapped_train_runs_once_more_but_not_for_the_buyer():
    from pbem.titles.g1869.state import state

    g = new(3)
    up, cp = g.corporations["UP"], g.corporations["CP"]
    twos = [t for t in g.depot.upcoming if t.name == "2"][:2]
    for t, c in zip(twos, (up, cp)):
        g.depot.take(t)
        t.owner = c.sym
        c.trains.append(t)
    g.change_phase([p.name for p in g.phases].index("3"), up)
    for t in [t for t in g.depot.upcoming if t.name in ("2", "3")]:
        g.depot.take(t)
    four = next(t for t in g.depot.available(g.phase_names) if t.name == "4")
    up.cash, g.bank = up.cash + four.price, g.bank - four.price
    g.buy_train_from_depot(up, four, four.price)                 # UP's purchase scraps the 2s
    assert [t.name for t in up.trains] == ["4"]                  # the buyer's 2 is gone at once
    assert [t.name for t in cp.trains] == ["2"] and state(g).scrapped == [twos[1].id]
    assert g.title.counts_toward_train_limit(g, cp, twos[1]) is False
    g.title.end_operating_turn(g, cp, None)                       # CP's next turn: it ran, it goes
    assert cp.trains == [] and twos[1].rusted and state(g).scrapped == []


# --- the end -------------------------------------------------------------------------------------
def test_a_broken_bank_ends_the_game_after_the_set_of_operating_rounds():
    """"The games ends, when the bank goes out of money with a complete sequence of ORs"."""
    g = new(2)
    rng = random.Random(1)
    broke_at = None
    rounds_after: list[str] = []
    while not g.finished:
        g.push(pick(rng, legal(g), g.players))
        if g.bank_broken and broke_at is None:
            broke_at = (g.round.name, g.or_num, g.or_count)
            current = g.round
        elif broke_at is not None and g.round is not current:
            current = g.round
            rounds_after.append(g.round.name)
    assert g.end_reason == "bank" and broke_at is not None
    assert "stock" not in rounds_after                     # no stock round after the break's
    assert "operating" in rounds_after or broke_at[0] == "operating"
    assert g.or_num == g.or_count                          # the last OR of the set was played


# --- SP's and ATSF's extra tiles -------------------------------------------------------------------
def _operating(sym: str, seed: int = 1):
    """A random game played to `sym`'s track step (its first lay not made yet)."""
    g = new(4)
    rng = random.Random(seed)
    while not g.finished:
        rnd = g.round
        if rnd.name == "operating" and rnd.turn is not None and rnd.corp.sym == sym \
                and rnd.active_step() == "track" and rnd.turn.lays == 0:
            return g
        g.push(pick(rng, legal(g), g.players))
    raise AssertionError(f"{sym} never operated")


def test_sp_lays_four_extra_tiles_in_all():
    from pbem.titles.g1869.state import state

    g = _operating("SP")
    rnd = g.round
    assert rnd.tile_lay_slot()["cost"] == 0
    rnd.turn.lays = 1
    costs = []
    for used in range(5):
        state(g).extra_tiles["SP"] = used
        slot = rnd.tile_lay_slot()
        costs.append(slot and slot["cost"])
    assert costs == [40, 80, 120, 120, None]
    state(g).extra_tiles["SP"] = 1
    rnd.turn.lays = 3                                   # several in one turn
    assert rnd.tile_lay_slot()["cost"] == 80


def test_atsf_lays_one_extra_tile_a_turn_until_its_best_bonus():
    from pbem.titles.g1869.state import state

    g = _operating("ATSF")
    rnd = g.round
    rnd.turn.lays = 1
    assert rnd.tile_lay_slot()["cost"] == 20
    rnd.turn.lays = 2
    assert rnd.tile_lay_slot() is None                  # one a turn
    rnd.turn.lays = 1
    state(g).extra_tiles_over.append("ATSF")
    assert rnd.tile_lay_slot() is None
    from pbem.titles.g1869.rounds import extra_tiles_end

    atsf = next(c for c in g.data["corporations"] if c["sym"] == "ATSF")
    assert not extra_tiles_end(atsf, [({}, 30), ({}, 70)])
    assert extra_tiles_end(atsf, [({}, 30), ({}, 30), ({}, 70)])          # three together
    assert extra_tiles_end(atsf, [({}, 220)])                              # its best


# --- receivership --------------------------------------------------------------------------------
def test_more_than_60_percent_in_the_pool_is_receivership():
    from pbem.titles.g1869.rounds import in_receivership

    g = new(3)
    up = g.corporations["UP"]
    up.floated = True
    up.certificates.move("ipo", "pool", 60)
    assert not in_receivership(g, up)
    up.certificates.move("ipo", "pool", 10)
    assert in_receivership(g, up)


def test_a_corporation_in_receivership_leases_runs_and_saves(monkeypatch):
    import pbem.titles.g1869.rounds as R

    g = new(3)
    rng = random.Random(3)
    seen = {}
    target = None
    while not g.finished:                     # the first corporation to float is put in receivership
        if target is None:
            floated = [c for c in g.corporations.values() if c.floated]
            if floated and g.round.name == "stock":
                target = floated[0].sym
                monkeypatch.setattr(R, "in_receivership", lambda game, corp: corp.sym == target)
        rnd = g.round
        if target and rnd.name == "operating" and rnd.turn is not None and rnd.corp.sym == target:
            corp = rnd.corp
            kinds = {type(a).__name__ for a in legal(g)}
            seen.setdefault("kinds", set()).update(kinds)
            leased = [t for t in corp.trains if t.lessee == target and t.owner is None]
            seen.setdefault("leased", []).append(len(leased))
            if "Dividend" in kinds:
                assert [a.kind for a in legal(g) if isinstance(a, A.Dividend)] == ["withhold"]
                cash = corp.cash
                revenue = rnd.turn.revenue
                g.push(next(a for a in legal(g) if isinstance(a, A.Dividend)))
                assert corp.cash == cash + max(revenue, 50)
                seen["saved"] = True
                continue
        elif target and "leased" in seen and "after" not in seen and rnd.name == "operating" \
                and rnd.turn is not None and rnd.corp.sym != target:
            corp = g.corporations[target]
            assert not any(t.lessee == target for t in corp.trains)      # the lease ended with the turn
            seen["after"] = True
        if seen.get("saved") and seen.get("after"):
            break
        g.push(pick(rng, legal(g), g.players))
    assert seen.get("saved") and seen.get("after")
    assert not seen["kinds"] & {"LayTile", "PlaceToken", "BuyTrain"}
    assert max(seen["leased"]) == 1


# --- the CPR-SP fusion ---------------------------------------------------------------------------
def _floated(g, sym, holders: dict, cash: int):
    from pbem.engine.board import Token as BoardToken

    corp = g.corporations[sym]
    for who, pct in holders.items():
        corp.certificates.move("ipo", who, pct)
    corp.ipoed = corp.floated = True
    g.market.set_par(sym, g.market.par_cell(67))
    corp.par_price = 67
    g.shares.check_president(corp, previous=None)
    corp.cash, g.bank = cash, g.bank - cash
    g.board.place_token(corp.home, 0, BoardToken(sym, sym, False))
    corp.tokens[0].used = True
    return corp


def test_the_fusion_makes_sp_a_200_percent_company():
    from pbem.titles.g1869.fusion import fuse, fusion_due
    from pbem.titles.g1869.state import state

    g = new(3)
    cpr = _floated(g, "CPR", {"p0": 30, "p1": 30}, 500)
    sp = _floated(g, "SP", {"p1": 20, "p2": 40}, 700)
    two = [t for t in g.depot.upcoming if t.name == "2"][0]
    g.depot.take(two)
    two.owner = "CPR"
    cpr.trains.append(two)
    assert not fusion_due(g)                         # not joined, no 6 sold
    state(g).first_six_sold = True
    assert fusion_due(g)
    money = g.bank + sum(p.cash for p in g.players.values()) + sum(c.cash for c in g.corporations.values())
    fuse(g)
    assert cpr.closed and "CPR" not in g.market.positions and cpr.certificates.total_percent == 0
    assert sp.certificates.total_percent == 200
    assert sp.percent_of("p0") == 30 and sp.percent_of("p1") == 50 and sp.percent_of("p2") == 40
    assert sp.percent_of("ipo") == 80
    assert sp.president == "p1"                       # the largest holder of the new SP
    assert sp.certificates.president_cert.holder == "p1"
    assert sp.cash == 1200 and [t.name for t in sp.trains] == ["2"] and two.owner == "SP"
    assert g.board.tokens_of("CPR") == [] and ("I3", 0, 0) in g.board.tokens_of("SP")
    assert g.train_limit(sp) == g.train_limit(g.corporations["UP"]) + 1
    assert money == g.bank + sum(p.cash for p in g.players.values()) + sum(c.cash for c in g.corporations.values())
    assert not fusion_due(g)


def test_the_first_6_sold_calls_for_the_fusion():
    from pbem.titles.g1869.state import state

    g = new(3)
    up = g.corporations["UP"]
    six = next(t for t in g.depot.upcoming if t.name == "6")
    g.title.after_train_bought(g, up, six)
    assert state(g).first_six_sold and not state(g).fused      # CPR and SP not both floated yet


# --- saving part of a bonus ------------------------------------------------------------------------
def test_a_corporation_saves_part_of_its_bonus_in_10_steps():
    from pbem.titles.g1869.kinds import SaveBonus

    for seed in range(1, 8):
        g = pbem.Game.new("1869", ["A", "B", "C", "D"], seed=seed)
        rng = random.Random(seed)
        while not g.finished:
            moves = g.legal_moves()
            saves = [a for a in moves if isinstance(a, SaveBonus)]
            if saves:
                break
            g.push(pick(rng, moves, g.state.players))
        if saves:
            break
    assert saves, "no bonus earned in seven games"
    s = g.state
    corp = s.corporations[saves[0].entity]
    bonus = s.extra.turn_bonus[1]
    assert [a.amount for a in saves] == list(range(10, min(bonus, s.round.turn.revenue) + 1, 10))
    line = g.notation(saves[0])
    assert line == f"{corp.sym} saves 10 of its bonus"
    assert g.parse(line) == [saves[0]]
    with pytest.raises(RuleError):
        g.push(SaveBonus(corp.sym, 15))                     # $10 steps
    s = g.state                                             # (a refused move replays the state)
    corp = s.corporations[corp.sym]
    cash, revenue = corp.cash, s.round.turn.revenue
    g.push_notation(line)
    assert corp.cash == cash + 10 and s.round.turn.revenue == revenue - 10
    div = next(a for a in g.legal_moves() if isinstance(a, A.Dividend) and a.kind == "payout")
    assert not any(isinstance(a, SaveBonus) for a in g.legal_moves())
    g.push(div)
    assert g.state.corporations[corp.sym].last_revenue == revenue - 10     # the rest is the dividend


# --- the privates' powers ------------------------------------------------------------------------
def _power_turn(kind, seed_range=range(1, 9)):
    """A random game played to a move a private's power offers (`kind`: LayTile or PlaceToken)."""
    for seed in seed_range:
        g = new(3)
        rng = random.Random(seed)
        while not g.finished:
            moves = legal(g)
            found = [a for a in moves if isinstance(a, kind) and a.entity in g.companies]
            if found:
                return g, found
            g.push(pick(rng, moves, g.players))
    return None, []


def test_a_private_lays_an_extra_tile_for_its_owners_corporation_once():
    g, found = _power_turn(A.LayTile)
    assert g is not None, "no private's extra tile offered in eight games"
    act = found[0]
    corp = g.round.corp
    assert g.companies[act.entity].owner == corp.president
    cash = corp.cash
    lays = g.round.turn.lays
    g.push(act)
    assert g.board.tile(act.hex).name == act.tile
    assert g.round.turn.lays == lays                       # besides the corporation's own lay
    assert corp.cash <= cash and act.entity in g.extra.used
    assert not any(isinstance(a, A.LayTile) and a.entity == act.entity for a in legal(g))
    with pytest.raises(RuleError):
        g.push(A.LayTile(act.entity, act.hex, act.tile, act.rotation))


def test_gc_places_a_free_station_across_the_border(monkeypatch):
    """GC's owner presides the operating corporation: its next station goes free into a city
    across the border that its track reaches (the reach faked here: the rule is under test)."""
    from pbem.titles.g1869.rounds import in_canada

    g = new(3)
    rng = random.Random(1)
    while not g.finished:
        rnd = g.round
        if rnd.name == "operating" and rnd.turn is not None and rnd.corp.president == g.companies["GC"].owner \
                and rnd.corp.next_token() is not None and not in_canada(g, rnd.corp.home):
            break
        g.push(pick(rng, legal(g), g.players))
    corp = g.round.corp
    monkeypatch.setattr(g.board, "tokenable_cities", lambda sym, **kw: [("C17", 0), ("J24", 0)])
    monkeypatch.setattr(g.board, "check_token", lambda *a, **kw: None)
    found = [a for a in legal(g) if isinstance(a, A.PlaceToken) and a.entity == "GC"]
    assert [(a.hex, a.city) for a in found] == [("C17", 0)]            # Regina: Canada; not Kansas City
    with pytest.raises(RuleError):
        g.push(A.PlaceToken("GC", "J24", 0))
    cash, tokens = corp.cash, sum(1 for t in corp.tokens if t.used)
    g.push(found[0])
    assert corp.cash == cash and sum(1 for t in corp.tokens if t.used) == tokens + 1
    assert ("C17", 0) in [(c, ci) for c, ci, _s in g.board.tokens_of(corp.sym)] and "GC" in g.extra.used
    assert not any(isinstance(a, A.PlaceToken) and a.entity == "GC" for a in legal(g))


# --- upgrades -----------------------------------------------------------------------------------
def _accepted(g, action) -> bool:
    """Whether the engine takes `action` now (tried on a copy when its checks do not answer)."""
    import copy

    from pbem.engine.legality import verdict

    known = verdict(g, action)
    if known is not None:
        return known
    try:
        copy.deepcopy(g).push(action)
    except RuleError:
        return False
    return True


def test_an_upgrade_only_where_the_corporation_reaches():
    """"A corporation may upgrade a tile only if it had a route to this tile": no upgrade is
    listed, and none is accepted, on a tile the operating corporation's track does not reach."""
    from pbem.engine.graph import reach

    g = new(4)
    rng = random.Random(2)
    checked = 0
    while not g.finished and checked < 3:
        rnd = g.round
        if rnd.name == "operating" and rnd.turn is not None and rnd.active_step() == "track" \
                and "green" in g.tile_colors:
            corp = rnd.corp
            net = reach(g.board, corp.sym)
            listed = [a for a in legal(g) if isinstance(a, A.LayTile) and a.entity == corp.sym]
            upgrades = [a for a in listed if g.board.tile(a.hex).color != "white"]
            assert all(a.hex in net.edges for a in upgrades)
            far = [c for c in g.board.hex_coords() if g.board.tile(c).color == "yellow"
                   and c not in net.edges and g.board.tile(c).has_track]
            if far:
                tile = next((t for t in ("14", "15", "23", "24") if t in g.title.catalogue), None)
                for r in range(6):
                    assert not _accepted(g, A.LayTile(corp.sym, far[0], tile, r))
                checked += 1
        g.push(pick(rng, legal(g), g.players))
    assert checked == 3


def test_a_route_written_with_its_bonus_is_worth_it_and_the_bonus_counts_once():
    """A route that earns a bonus by itself is worth its stops and the bonus ("ATSF runs
    F28-G29-J28 for $130": $100 and the $30 bonus), as players write it; the run's revenue counts
    each bonus once."""
    found = None
    for seed in range(1, 6):
        g = pbem.Game.new("1869", ["A", "B", "C", "D"], seed=seed)
        rng = random.Random(seed)
        while not g.finished and found is None:
            moves = g.legal_moves()
            a = pick(rng, moves, g.state.players)
            if isinstance(a, A.RunRoutes) and len(a.routes) == 1:
                h = g.copy()
                h.push(a)
                if h.state.extra.turn_bonus:
                    found = (g, a, h.state.round.turn.revenue, h.state.extra.turn_bonus[1])
                    break
            g.push(a)
        if found:
            break
    assert found, "no one-train run with a bonus in five games"
    g, a, revenue, bonus = found
    line = g.notation(a)
    assert line.endswith(f" for {revenue}")                      # the route's worth shows the bonus
    plain = line.rsplit(" for ", 1)[0]
    president = g.state.corporations[a.entity].president
    h = g.copy()
    h.push_notation(f"{plain} for ${revenue}", as_=president)
    assert h.state.round.turn.revenue == revenue
    with pytest.raises(Exception):
        g.copy().push_notation(f"{plain} for ${revenue + bonus}", as_=president)   # not twice


def _free_terrain_turn(seed: int, sym: str, elsewhere: bool = False):
    """A game played to a turn whose corporation may lay on a hex of private `sym`'s free terrain
    (its own lay still to come; and on another hex, if `elsewhere`); `sym`, its power unused, is
    then given to its president."""
    from pbem.titles.g1869 import privates

    g = new(3)
    rng = random.Random(seed)
    while not g.finished:
        rnd, moves = g.round, legal(g)
        if rnd.name == "operating" and rnd.turn is not None and rnd.turn.lays == 0 and rnd.active_step() == "track":
            own = [a for a in moves if isinstance(a, A.LayTile) and a.entity == rnd.corp.sym
                   and privates.discount(g, sym).covers(a.hex, g.board.tile(a.hex).def_.terrain)]
            others = [a for a in moves if isinstance(a, A.LayTile) and a.entity == rnd.corp.sym
                      and a.hex not in {b.hex for b in own}]
            if own and (others or not elsewhere):
                g.give_company(g.companies[sym], rnd.corp.president, False)
                if sym in g.extra.used:
                    g.extra.used.remove(sym)             # its power unused, as a new owner's
                return g, own[0]
        g.push(pick(rng, moves, g.players))
    raise AssertionError("no such turn")


@pytest.mark.parametrize("seed,sym,terrain", [(1, "RME", "mountain"), (2, "MEC", "water")])
def test_mec_builds_a_mississippi_bridge_and_rme_a_mountain_free(seed, sym, terrain):
    g, own = _free_terrain_turn(seed, sym)
    corp = g.round.corp
    cost = g.board.tile(own.hex).def_.upgrade_cost
    assert cost > 0 and terrain in g.board.tile(own.hex).def_.terrain
    free = A.LayTile(sym, own.hex, own.tile, own.rotation)
    listed = [m for m in g.legal_moves() if m.action == free]
    assert listed and "free terrain" in listed[0].note
    cash, bank = corp.cash, g.bank
    g.push(free)
    assert g.board.tile(own.hex).name == own.tile
    assert corp.cash == cash and g.bank == bank             # no terrain paid
    assert g.round.turn.lays == 1 and sym in g.extra.used    # it was the corporation's own lay
    assert not any(isinstance(a, A.LayTile) and a.entity == sym for a in legal(g))


def test_mississippi_hexes_and_mountains_are_the_privates_free_terrain():
    from pbem.titles.g1869 import privates

    g = new(3)
    mec, rme = privates.discount(g, "MEC"), privates.discount(g, "RME")
    river = {h["coord"] for h in g.data["hexes"] if "water" in (h.get("def") or {}).get("upgrade", {}).get("terrain", ())}
    assert set(mec.hexes) <= river and {"F24", "J28", "K29", "O29"} <= set(mec.hexes)
    assert not {"H22", "I23", "I25", "J26"} & set(mec.hexes)         # the Missouri
    assert rme.covers("I7", ("mountain",)) and not rme.covers("I27", ("water",))


def test_after_the_corporations_own_lay_the_private_lays_an_extra_tile_paying_terrain():
    from pbem.titles.g1869 import privates

    g, own = _free_terrain_turn(1, "MEC", elsewhere=True)
    corp = g.round.corp
    elsewhere = next(a for a in legal(g) if isinstance(a, A.LayTile) and a.entity == corp.sym and a.hex != own.hex)
    g.push(elsewhere)
    assert not privates.free_form(g, "MEC", own.hex, g.round)
    extra = next(m for m in g.legal_moves() if isinstance(m.action, A.LayTile) and m.action.entity == "MEC"
                 and m.action.hex == own.hex)
    assert "extra tile" in extra.note
    cash, terrain = corp.cash, g.board.tile(own.hex).def_.upgrade_cost
    g.push(extra.action)
    assert corp.cash == cash - terrain and g.round.turn.lays == 1 and "MEC" in g.extra.used


# --- step 1: trains given back -------------------------------------------------------------------
def _turn_with_trains(seed: int = 1):
    """A game played to the start of an operating turn of a corporation that owns a train."""
    g = new(3)
    rng = random.Random(seed)
    while not g.finished:
        rnd = g.round
        if rnd.name == "operating" and rnd.turn is not None and rnd.returns_open() \
                and any(isinstance(a, A.LayTile) and a.entity == rnd.corp.sym for a in legal(g)):
            return g
        g.push(pick(rng, legal(g), g.players))
    raise AssertionError("no such turn")


def test_a_corporation_gives_trains_back_at_the_start_of_its_turn():
    g = _turn_with_trains()
    corp = g.round.corp
    train = corp.trains[0]
    back = A.DiscardTrain(corp.sym, train.name)
    assert back in legal(g) and any(isinstance(a, A.LayTile) for a in legal(g))   # the turn's lays in view
    money = g.bank + sum(p.cash for p in g.players.values()) + sum(c.cash for c in g.corporations.values())
    n = len(corp.trains)
    g.push(back)
    assert len(corp.trains) == n - 1 and train.owner is None and train in g.depot.discarded   # for sale again
    assert money == g.bank + sum(p.cash for p in g.players.values()) + sum(c.cash for c in g.corporations.values())
    lays = [a for a in legal(g) if isinstance(a, A.LayTile) and a.entity == corp.sym]
    assert lays                                  # offered beside the track step's lays
    g.push(lays[0])                              # after a lay no train goes back
    assert not any(isinstance(a, A.DiscardTrain) and a.entity == corp.sym for a in legal(g))
    with pytest.raises(RuleError):
        g.push(A.DiscardTrain(corp.sym, corp.trains[0].name))


def test_a_scrapped_train_given_back_leaves_the_game():
    from pbem.titles.g1869.state import state

    g = _turn_with_trains()
    corp = g.round.corp
    train = corp.trains[0]
    state(g).scrapped.append(train.id)
    g.push(A.DiscardTrain(corp.sym, train.name, train.id))
    assert train not in corp.trains and train not in g.depot.discarded and train.id not in state(g).scrapped


def test_no_train_given_back_in_receivership(monkeypatch):
    from pbem.titles.g1869 import rounds

    g = _turn_with_trains()
    corp = g.round.corp
    monkeypatch.setattr(rounds, "in_receivership", lambda g, c: c is corp)
    assert not any(isinstance(a, A.DiscardTrain) for a in legal(g))
    with pytest.raises(RuleError):
        g.push(A.DiscardTrain(corp.sym, corp.trains[0].name))


# --- the best run counts a bonus that needs several trains ---------------------------------------
def _drg_two_trains():
    """DRG with two 2-trains on J16 (Denver) - K15 (Santa Fe) - L16 - M15 - N16 (El Paso), its
    stations in Denver and El Paso."""
    from pbem.engine.board import Token as BoardToken

    g = new(3)
    for coord, tile, rot in (("J16", "57", 0), ("K15", "58", 3), ("L16", "8", 0), ("M15", "8", 3), ("N16", "57", 2)):
        g.board.lay(coord, tile, rot)
    drg = _floated(g, "DRG", {"p0": 60}, 500)
    g.board.place_token("N16", 0, BoardToken("DRG", "DRG", False))      # each route has a station
    drg.tokens[1].used = True
    for two in [t for t in g.depot.upcoming if t.name == "2"][:2]:
        g.depot.take(two)
        two.owner = "DRG"
        drg.trains.append(two)
    return g, drg


def test_the_best_run_counts_a_bonus_two_trains_earn_together():
    """DRG's J16-N16 bonus ($50) over two 2-trains that change at Santa Fe (K15): neither route
    earns it alone, the run does; the search's run is worth what the run is paid."""
    from pbem.engine.best_run import best_run

    g, drg = _drg_two_trains()
    found = best_run(g, drg)
    stops = sorted(tuple(s.hex for s in r.stops) for r in found.routes)
    assert [set(s) for s in stops] == [{"J16", "K15"}, {"K15", "N16"}]
    assert [r.revenue for r in found.routes] == [30, 30]
    assert found.revenue == 110 and found.proven                    # 20 + 10, 10 + 20, and the $50
    assert g.title.run_bonus_bound(g, drg) == 90                      # its best bonus
    assert g.title.run_bonus_bound(g, g.corporations["WP"]) is None   # no bonus routes


def test_the_run_bonus_counts_each_bonus_once_over_the_routes():
    from types import SimpleNamespace

    g = new(3)
    sp = g.corporations["SP"]
    for rnd in (SimpleNamespace(name="operating", turn=object(), corp=sp),      # SP operating
                SimpleNamespace(name="stock", turn=None),                        # between turns
                SimpleNamespace(name="operating", turn=object(), corp=g.corporations["UP"])):
        g.round = rnd                            # whoever operates, SP's routes show SP's bonus
        # two routes that each earn the $80 O29-N16 bonus alone: the run earns it once
        assert g.title.run_bonus(g, sp, [_R("O29", "N16"), _R("N16", "O29")]) == -80
        assert g.title.run_bonus(g, sp, [_R("O29", "N28"), _R("N28", "N16")]) == 80
    # a search's memo keeps each route's own bonus: the same answers, asked again or not
    memo: dict = {}
    for _ in range(2):
        assert g.title.run_bonus(g, sp, [_R("O29", "N16"), _R("N16", "O29")], memo) == -80
        assert g.title.run_bonus(g, sp, [_R("O29", "N28"), _R("N28", "N16")], memo) == 80
    assert sorted(memo.values()) == [0, 0, 80, 80]


def test_the_run_bonus_is_the_bonus_rule_over_the_whole_run():
    """`run_bonus` (bits over each route's bonus ends, memoised) gives what the bonus rule itself
    gives (rounds.run_bonuses over the run less each route's `route_bonus`), for random runs of
    every charter, a once-only bonus paid or not, with a memo or without."""
    import random

    from pbem.titles.g1869.rounds import bonus_key, run_bonuses, route_bonus
    from pbem.titles.g1869.state import state

    g = new(3)
    places = sorted({h for c in g.title.data["corporations"] for b in c.get("bonuses") or ()
                     for h in b["from"] + b["to"]}) + ["A1", "B2", "C3"]
    rng = random.Random(1869)
    for paid in ((), ("J2-H22",)):
        state(g).once_paid[:] = list(paid)
        for corp in g.corporations.values():
            memo: dict = {}
            for _ in range(300):
                run = [_R(*rng.sample(places, rng.randint(0, 4))) for _r in range(rng.randint(1, 4))]
                want = sum(a for _b, a in run_bonuses(g, corp, run)) \
                    - sum(route_bonus(g, corp.sym, r.hexes) for r in run)
                assert g.title.run_bonus(g, corp, run, memo) == g.title.run_bonus(g, corp, run) == want
    assert bonus_key(g.title.charter("CPR")["bonuses"][0]) == "J2-H22"


def test_the_best_run_search_weighs_what_a_title_adds_to_a_whole_run(monkeypatch):
    """The engine's search ranks runs by their worth with the title's `run_bonus`, not by the sum
    of their routes: here a run of one train is worth $100 more, and it wins."""
    from pbem.engine.best_run import best_run

    g, drg = _drg_two_trains()
    monkeypatch.setattr(g.title, "run_bonus", lambda g, corp, resolved, memo=None: 100 if len(resolved) == 1 else 0)
    monkeypatch.setattr(g.title, "run_bonus_bound", lambda g, corp: 100)
    found = best_run(g, drg)
    assert len(found.routes) == 1 and found.revenue == 130 and found.proven


def _drg_with_a_3():
    """DRG as in `_drg_two_trains`, with one 3-train instead: J16-K15-N16 earns its $50 J16-N16
    bonus by itself."""
    g, drg = _drg_two_trains()
    for t in list(drg.trains):
        drg.trains.remove(t)
        t.owner = None
        g.depot.upcoming.insert(0, t)
    three = next(t for t in g.depot.upcoming if t.name == "3")
    g.depot.take(three)
    three.owner = "DRG"
    drg.trains.append(three)
    return g, drg


@pytest.mark.parametrize("moment", ["between rounds' turns", "another corporation operating"])
def test_a_route_searched_for_a_corporation_not_operating_shows_its_own_bonus(moment):
    """A best-run search asked for DRG while it is not operating (the replay tool's, between
    turns, or in another corporation's turn) prices DRG's route with DRG's own bonus: the route
    J16-K15-N16 is worth 20 + 10 + 20 and the $50, as the same route is worth in DRG's turn."""
    from types import SimpleNamespace

    from pbem.engine.best_run import best_run

    g, drg = _drg_with_a_3()
    if moment == "another corporation operating":
        g.round = SimpleNamespace(name="operating", turn=object(), corp=g.corporations["SP"])
    else:
        g.round = SimpleNamespace(name="stock", turn=None)
    found = best_run(g, drg)
    assert [sorted(s.hex for s in r.stops) for r in found.routes] == [["J16", "K15", "N16"]]
    assert [r.revenue for r in found.routes] == [100]
    assert found.revenue == 100
    g.round = SimpleNamespace(name="operating", turn=object(), corp=drg)     # in DRG's own turn: the same
    assert [r.revenue for r in best_run(g, drg).routes] == [100]


def test_a_best_run_whose_bonus_two_trains_earn_together_is_not_noted_below_the_best():
    """The run rule notes a run below the best; a run is worth what the best-run search counts,
    its routes and the bonus its trains earn together ("ATSF runs F28-G29, G29-I29, J28-I29":
    $170 of stops and the $30 G29-J28 bonus the two routes meeting at I29 earn, $200, the best).
    In a seeded game whose every run is the best listed, no run is noted below the best."""
    rng = random.Random(1)
    g = pbem.Game.new("1869", ["P1", "P2", "P3", "P4"], seed=1, options=("ill",))
    together = 0
    rnd, in_round = None, 0
    while not g.finished and len(g.moves) < 3000:
        moves = g.legal_moves()
        rnd, in_round = g.state.round, (in_round + 1 if g.state.round is rnd else 0)
        a = pick(rng, moves, g.state.players, in_round)
        g.push(a)
        if isinstance(a, A.RunRoutes) and a.routes:
            assert a == next(m for m in moves if isinstance(m, A.RunRoutes) and m.routes)   # the best listed
            notes = [str(n) for n in g.state.rule_notes]
            assert not any(notes), notes
            turn = g.state.round.turn
            shown = sum(r.revenue for r in (turn.routes or ()))
            if g.state.extra.turn_bonus and turn.revenue > shown:     # a bonus no route shows alone
                together += 1
    assert together >= 1
