"""1830's rules that differ from the standard game: the privates' paper and abilities (B&O's
presidency, C&A's PRR share, M&H's exchange, C&StL's extra tile, D&H's tile and station),
privates changing hands between players, and discarded trains for sale again."""
import random

import pytest

from pbem.engine import actions as A
from pbem.engine.game import Game
from pbem.engine.steps.interrupts import DiscardTrain
from pbem.errors import RuleError
from pbem.titles import load_title

PLAYERS = [("a", "Ann"), ("b", "Bob"), ("c", "Cy")]


def new_game(seed=1):
    return Game(load_title("1830"), PLAYERS, seed)


def auction(g):
    """Each private bought at face value in turn: Ann SV, Bob CS, Cy DH, Ann MH, Bob CA, Cy BO."""
    for who, sym, price in [("a", "SV", 20), ("b", "CS", 40), ("c", "DH", 70), ("a", "MH", 110),
                            ("b", "CA", 160), ("c", "BO", 220)]:
        g.push(A.Bid(who, sym, price))
    g.push(A.Par("c", "B&O", 100))


def test_the_b_and_o_private_comes_with_the_presidency_and_c_and_a_with_a_prr_share():
    g = new_game()
    with pytest.raises(RuleError):
        g.push(A.Par("a", "B&O", 100))          # nobody else may start B&O
    auction(g)
    bo = g.corporations["B&O"]
    assert bo.president == "c" and bo.percent_of("c") == 20 and bo.par_price == 100
    assert g.players["c"].cash == 800 - 70 - 220       # the president's certificate cost nothing
    assert g.corporations["PRR"].percent_of("b") == 10 and g.corporations["PRR"].president is None
    assert g.round.name == "stock" and not bo.reserved


def test_the_b_and_o_private_cannot_be_sold_to_a_corporation_and_closes_when_b_and_o_buys_a_train():
    g = new_game()
    auction(g)
    rules = g.title
    assert not rules.company_sellable(g, g.companies["BO"]) and rules.company_sellable(g, g.companies["CA"])
    bo, prr = g.corporations["B&O"], g.corporations["PRR"]
    rules.after_train_bought(g, prr, g.depot.upcoming[0])
    assert not g.companies["BO"].closed
    rules.after_train_bought(g, bo, g.depot.upcoming[0])
    assert g.companies["BO"].closed


def test_m_and_h_is_exchanged_for_an_nyc_share_at_any_time_by_its_owner():
    g = new_game()
    auction(g)
    assert g.current_entity() == "a"
    with pytest.raises(RuleError, match="NYC, not PRR"):
        g.push(A.BuyShares("MH", "PRR", "ipo", 10))
    with pytest.raises(RuleError, match="from ipo or pool, not"):
        g.push(A.BuyShares("MH", "NYC", "treasury", 10))
    g.push(A.Par("a", "NYC", 100))
    g.push(A.BuyShares("MH", "NYC", "ipo", 10))       # between turns: Bob is to act now
    nyc = g.corporations["NYC"]
    assert nyc.percent_of("a") == 30 and g.companies["MH"].closed and g.players["a"].cash == 800 - 130 - 200
    with pytest.raises(RuleError, match="no share to exchange"):
        g.push(A.BuyShares("MH", "NYC", "ipo", 10))


def test_no_exchange_above_sixty_percent():
    g = new_game()
    auction(g)
    nyc = g.corporations["NYC"]
    g.push(A.Par("a", "NYC", 67))
    g.shares.transfer(nyc, "ipo", "a", 40)              # Ann holds 60%
    with pytest.raises(RuleError, match="more than 60%"):
        g.push(A.BuyShares("MH", "NYC", "ipo", 10))


def operating(g, corp_sym, company):
    """Put `corp_sym` in its operating turn at the track step, owning `company`, with cash."""
    from pbem.titles.family1830.operating import OperatingRound1830

    corp = g.corporations[corp_sym]
    if not corp.ipoed:
        g.push(A.Par(g.current_entity(), corp_sym, 100))
    corp.floated = True
    corp.cash = 1000
    g.give_company(g.companies[company], corp_sym, True)
    g.round = OperatingRound1830(g, 1)
    g.round.order = [corp]
    g.round.index = -1
    g.round._next_corp()
    assert g.round.active_step() == "track", g.round.active_step()
    return corp


def test_d_and_h_lays_57_on_f16_as_the_turns_lay_then_places_a_free_station():
    g = new_game()
    auction(g)
    corp = operating(g, "PRR", "DH")
    with pytest.raises(RuleError, match="F16, not"):
        g.push(A.LayTile("DH", "F14", "57", 0))
    with pytest.raises(RuleError, match="tile 57, not 9"):
        g.push(A.LayTile("DH", "F16", "9", 0))
    cash = corp.cash
    g.push(A.LayTile("DH", "F16", "57", 1))
    assert g.board.tile("F16").name == "57" and corp.cash == cash - 120
    assert g.current_entity() == "DH" and set(g.round.legal("DH")) == {"place_token", "pass"}
    with pytest.raises(RuleError):
        g.push(A.LayTile("PRR", "H14", "9", 0))         # the station comes first
    g.push(A.PlaceToken("DH", "F16", 0))
    assert [t.corp for t in g.board.slots("F16", 0)] == ["PRR"] and corp.cash == cash - 120
    assert "track" in g.round.turn.passed and "token" in g.round.turn.passed
    with pytest.raises(RuleError, match="used"):
        g.push(A.LayTile("DH", "F16", "57", 1))


def test_the_teleports_station_is_judged_by_its_step_without_being_applied():
    """While D&H's station waits, its step takes every action: the station is legal by the
    step's check alone (it used to be refused as "not PRR's turn" by the operating round's
    dispatch), any other move is refused, and nothing was changed by asking."""
    from pbem.engine.legality import verdict

    g = new_game()
    auction(g)
    operating(g, "PRR", "DH")
    g.push(A.LayTile("DH", "F16", "57", 1))
    tokens = list(g.board.tokens_of("PRR"))
    assert verdict(g, A.PlaceToken("DH", "F16", 0)) is True
    assert verdict(g, A.PlaceToken("DH", "F14", 0)) is False
    assert verdict(g, A.LayTile("PRR", "H14", "9", 0)) is False
    assert verdict(g, A.LayTile("CS", "B20", "3", 0)) is False       # another private waits too
    assert list(g.board.tokens_of("PRR")) == tokens and g.current_entity() == "DH"


def test_c_and_stl_lays_on_b20_besides_the_turns_lay_without_a_connection():
    g = new_game()
    auction(g)
    corp = operating(g, "NYC", "CS")
    with pytest.raises(RuleError, match="tile 3 or 4 or 58"):
        g.push(A.LayTile("CS", "B20", "57", 0))
    g.push(A.LayTile("CS", "B20", "3", 0))
    assert g.board.tile("B20").name == "3" and g.round.turn.lays == 0 and g.round.active_step() == "track"
    assert not g.title.has_active_ability(g, corp)


def test_a_player_buys_a_private_from_another_after_the_first_stock_round():
    g = new_game()
    auction(g)
    rnd = g.round
    assert rnd.purchasable_companies("a") == []          # not in the first stock round
    g.turn = 2
    owned = {c.sym for c in rnd.purchasable_companies("a")}
    assert owned == {"CS", "DH", "CA"}                   # not Ann's own, not the B&O private
    # C&A's PRR share is with Bob, a player: 18xx.games refuses the purchase
    with pytest.raises(RuleError, match="PRR_1 certificate is held by Bob"):
        g.push(A.BuyCompany("a", "CA", 100))
    g.push(A.BuyCompany("a", "DH", 1))
    assert g.companies["DH"].owner == "a" and g.players["a"].cash == 800 - 130 - 1
    assert g.current_entity() == "b"                     # the turn's purchase; Ann has nothing to sell


def test_a_discarded_train_is_for_sale_again():
    g = new_game()
    corp = g.corporations["PRR"]
    train = g.depot.upcoming[0]
    g.depot.take(train)
    corp.trains.append(train)
    train.owner = "PRR"
    DiscardTrain(g.round).discard(corp, "2")          # the discard rule, in any round
    assert train in g.depot.available(g.phase_names)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_legal_play_keeps_the_books(seed):
    rng = random.Random(seed)
    g = Game(load_title("1830"), [(f"p{i}", f"P{i}") for i in range(2 + seed)], seed)
    bank = g.data["bank"]
    for moves in range(700):
        if g.finished:
            break
        options = [m.action for m in g.legal_moves()]
        runs = [a for a in options if isinstance(a, A.RunRoutes) and a.routes]
        buys = [a for a in options if not (isinstance(a, A.BuyCompany) and a.entity in g.players)]
        g.push(runs[0] if runs else rng.choice(buys or options))
        total = g.bank + sum(p.cash for p in g.players.values()) + sum(c.cash for c in g.corporations.values())
        assert total == bank, f"move {moves}: money not conserved"
        for c in g.corporations.values():
            assert sum(c.shares.values()) == 100 and c.pool_percent <= 50, c.sym
    assert moves > 300


def test_the_optional_third_6_train():
    plain = new_game()
    extra = Game(load_title("1830"), PLAYERS, 1, ("optional_6_train",))
    assert [t.id for t in plain.depot.upcoming if t.name == "6"] == ["6-0", "6-1"]
    assert [t.id for t in extra.depot.upcoming if t.name == "6"] == ["6-0", "6-1", "6-2"]


@pytest.mark.parametrize("options,from_ipo", [((), False), (("multiple_brown_from_ipo",), True)])
def test_several_brown_zone_shares_a_turn_only_from_the_pool_unless_the_option(options, from_ipo):
    g = Game(load_title("1830"), PLAYERS, 1, options)
    auction(g)
    rnd = g.round
    corp = g.corporations["NYNH"]
    g.set_par(corp, 67)
    corp.ipoed = True
    g.market.set_par(corp.sym, g.market.cell(5, 0))          # 25, brown: several shares a turn
    assert g.market.positions[corp.sym].buy_multiple
    rnd.turn_actions = [A.BuyShares("a", "NYNH", "pool", 10)]
    assert rnd.can_buy_multiple(corp, "pool")
    assert rnd.can_buy_multiple(corp, "ipo") is from_ipo
    rnd.turn_actions = [A.BuyShares("a", "NYNH", "ipo", 10)]
    assert rnd.can_buy_multiple(corp, "pool") is from_ipo


def test_erie_s_home_hex_closes_to_others_once_a_tile_is_laid_there_until_erie_is_home():
    g = new_game()
    board = g.board
    assert board.tile_reservations("E11") == ["ERIE"]
    assert board.token_problem("PRR", "E11", 0) is None          # the printed tile: a slot is left
    rot = board.legal_rotations(None, "E11", "59", ("yellow", "green"), check_connection=False)[0]
    board.lay("E11", "59", rot)
    assert "reserved for ERIE" in board.token_problem("PRR", "E11", 0)
    assert board.token_problem("ERIE", "E11", 1) is None


def test_a_home_station_goes_to_the_city_its_reservation_moved_to():
    g = new_game()
    nynh = g.corporations["NYNH"]
    assert g.board.reserved("G19", 0) == ["NYNH"]
    g.board.lay("G19", "54", 0)          # the printed city 0 (track to the north) is the new city 1
    assert g.board.reserved("G19", 1) == ["NYNH"]
    g.title.place_home_token(g, nynh, None)
    assert [t and t.corp for t in g.board.slots("G19", 1)] == ["NYNH"]
    assert g.board.slots("G19", 0) == [None]


def test_auction_raises_need_not_be_multiples_of_5():
    """1830's private auction asks only for a raise of at least $5 (18xx.games' base game:
    MUST_BID_INCREMENT_MULTIPLE false); 1882 and 1861 bid in multiples of $5."""
    g = new_game()
    g.push(A.Bid("a", "CS", 47))                 # CS's face value 40 + 5 is the least, 47 is fine
    g.push(A.Bid("b", "CS", 53))                 # 47 + 5 is the least, 53 is fine
    with pytest.raises(RuleError, match=r"minimum bid for CS is \$58"):
        g.push(A.Bid("c", "CS", 57))
    (m,) = [m for m in g.legal_moves() if isinstance(m.action, A.Bid) and m.action.company == "CS"]
    assert m.action.price == 58 and "multiple" not in m.note
    g.push(A.Bid("c", "CS", 61))
    assert g.round.bids["CS"] == {"a": 47, "b": 53, "c": 61}


def test_d_and_h_lays_its_tile_for_a_corporation_with_no_station_left():
    """refgen 1830 seed 3 (5 players), action 381: B&O, all three stations on the board, lays
    D&H's 57 on F16. The station is the ability's option (the owner may pass it, as 18xx.games'
    SpecialToken offers), so the tile needs only an empty hex; with no station left the turn
    goes on without the station step (18xx.games `Step::SpecialTrack#process_lay_tile`: no
    tokens, the ability is simply removed). pbem asked for a station left and refused it."""
    from pathlib import Path

    from pbem.importers.eighteen_xx import load_record, replay_record

    rec = load_record(Path(__file__).resolve().parent / "data" / "refgen" / "1830-p5-s3-dh.json")
    g = replay_record(rec, stop_at=380)
    bo = g.corporations["B&O"]
    assert g.round.corp is bo and bo.next_token() is None and not g.board.tile("F16").has_track
    assert A.LayTile("DH", "F16", "57", 2) in [m.action for m in g.legal_moves()]
    cash = bo.cash
    g.push(A.LayTile("DH", "F16", "57", 2))
    assert g.board.tile("F16").name == "57" and bo.cash == cash - 120
    assert g.current_entity() == "B&O" and g.round.active_step() == "route"
    g = replay_record(rec)                       # B&O runs and pays after it, as the record has
    assert g.round.corp.sym != "B&O" and g.board.tile("F16").name == "57"
