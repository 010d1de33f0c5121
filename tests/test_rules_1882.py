"""1882 rules the recorded games do not reach (or reach only once), each checked directly."""
import copy
from pathlib import Path

import pytest

from pbem.engine import actions as A
from pbem.engine.game import Game
from pbem.errors import RuleError
from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.titles import load_title

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
PLAYERS = [("a", "Ann"), ("b", "Bob"), ("c", "Cid"), ("d", "Dee")]


def new_game(seed: int = 7) -> Game:
    return Game(load_title("1882"), PLAYERS, seed)


def play_auction(g: Game) -> None:
    """Each player in turn buys the cheapest private at face value; Ann's CP makes her par CPR at 100."""
    buyers = ["a", "b", "c", "d", "a"]
    for who, sym in zip(buyers, ["HB", "SC", "NWR", "TB", "CP"]):
        assert g.current_entity() == who
        g.push(A.Bid(who, sym, g.companies[sym].value))
    g.push(A.Par("a", "CPR", 100))
    assert g.round.name == "stock"


def test_auction_buys_and_cp_par():
    g = new_game()
    play_auction(g)
    assert g.companies["CP"].owner == "a"
    assert g.corporations["CPR"].percent_of("a") == 20 and g.corporations["CPR"].president == "a"
    assert g.players["a"].cash == 450 - 20 - 180
    # the Trestle Bridge came with its random 10% share
    assert g.corporations[g.extra.random_share["TB"]].percent_of("d") == 10


def test_bid_below_minimum_and_off_increment_refused():
    g = new_game()
    g.push(A.Bid("a", "TB", 145))
    with pytest.raises(RuleError, match="minimum bid for TB is \\$150"):
        g.push(A.Bid("b", "TB", 145))
    with pytest.raises(RuleError, match="multiples of \\$5"):
        g.push(A.Bid("b", "TB", 152))


def test_all_pass_lowers_the_cheapest_private():
    g = new_game()
    for who in "abcd":
        g.push(A.Pass(who))
    assert g.companies["HB"].min_bid == 15


def test_no_sales_in_first_stock_round():
    g = new_game()
    play_auction(g)
    ent = g.current_entity()
    with pytest.raises(RuleError, match="first stock round"):
        g.push(A.SellShares(ent, "CPR", 10))


def _stock_turn_of(g: Game, player: str) -> None:
    g.round.index = g.round.entities.index(player)


def test_certificate_limit_counts_white_but_not_yellow_zone():
    g = new_game()
    play_auction(g)
    parrer = g.current_entity()
    g.push(A.Par(parrer, "GT", 100))
    b = next(p for p in "bcd" if p != parrer)
    _stock_turn_of(g, b)
    # give Bob 11 certificates (the 4-player limit): his private and 10 shares, 5 of them in CNR, parred at 67
    cnr = g.corporations["CNR"]
    g.set_par(cnr, 67)
    cnr.ipoed = True
    g.shares.give_president(cnr, b)
    g.shares.transfer(cnr, "ipo", b, 40)     # president's 20% + 4 shares = 5 certificates
    g.players[b].cash = 1000
    for sym, pct in (("HBR", 30), ("QLL", 20)):
        c = g.corporations[sym]
        g.set_par(c, 67)
        c.ipoed = True
        other = next(p for p in "bcd" if p not in (b, parrer))
        g.shares.give_president(c, other)
        g.shares.transfer(c, "ipo", other, 10)   # 30%: the president keeps it on a tie
        g.shares.transfer(c, "ipo", b, pct)      # 3 and 2
    assert len(g.players[b].companies) == 1
    assert g.shares.num_certs(b) == 11 == g.cert_limit
    with pytest.raises(RuleError, match="certificate limit"):
        g.push(A.BuyShares(b, "GT", "ipo"))
    # move CNR into the yellow zone: its 5 certificates stop counting
    g.market.remove("CNR")
    g.market.set_par("CNR", g.market.cell(3, 0))
    assert g.shares.num_certs(b) == 6
    g.push(A.BuyShares(b, "GT", "ipo"))
    assert g.corporations["GT"].percent_of(b) == 10


def test_sixty_percent_cap_except_orange_and_brown():
    g = new_game()
    play_auction(g)
    p = g.current_entity()
    g.push(A.Par(p, "GT", 100))
    gt = g.corporations["GT"]
    g.shares.transfer(gt, "ipo", p, 40)      # 60%
    g.players[p].cash = 1000
    g.push(A.Pass(g.current_entity()))
    while g.current_entity() != p:
        g.push(A.Pass(g.current_entity()))
    with pytest.raises(RuleError, match="more than 60%"):
        g.push(A.BuyShares(p, "GT", "ipo"))
    g.market.remove("GT")
    g.market.set_par("GT", g.market.cell(6, 0))          # orange: 45o
    g.push(A.BuyShares(p, "GT", "ipo"))
    assert gt.percent_of(p) == 70


def _second_stock_round_with(g: Game) -> None:
    g.turn = 2


def test_presidency_passes_to_the_nearest_clockwise_on_a_tie():
    g = new_game()
    play_auction(g)
    _second_stock_round_with(g)
    hbr = g.corporations["HBR"]
    g.set_par(hbr, 90)
    hbr.ipoed = True
    hbr.floated = True
    g.shares.give_president(hbr, "b")
    g.shares.transfer(hbr, "ipo", "b", 10)
    g.shares.transfer(hbr, "ipo", "a", 30)
    g.shares.transfer(hbr, "ipo", "d", 30)
    _stock_turn_of(g, "b")
    g.push(A.SellShares("b", "HBR", 10))
    # Ann and Dee hold 30% each; clockwise from Bob the order is Cid, Dee, Ann
    assert hbr.president == "d"
    assert hbr.percent_of("b") == 20 and hbr.pool_percent == 10


def test_president_cannot_dump_when_nobody_can_take_over():
    g = new_game()
    play_auction(g)
    _second_stock_round_with(g)
    cpr = g.corporations["CPR"]
    g.shares.transfer(cpr, "ipo", "b", 10)
    _stock_turn_of(g, "a")
    with pytest.raises(RuleError, match="president's certificate"):
        g.push(A.SellShares("a", "CPR", 10))


def test_sold_shares_cannot_be_bought_back_same_round():
    g = new_game()
    play_auction(g)
    _second_stock_round_with(g)
    cpr = g.corporations["CPR"]
    g.shares.transfer(cpr, "ipo", "b", 30)
    _stock_turn_of(g, "b")
    g.push(A.SellShares("b", "CPR", 10))
    with pytest.raises(RuleError, match="sold CPR earlier in this stock round"):
        g.push(A.BuyShares("b", "CPR", "pool"))


@pytest.fixture(scope="module")
def record_5585():
    return load_record(FIX / "5585.json")


def test_emergency_money_raising_with_share_sales(record_5585):
    # after action 650 CPR has no train, a route and $15: it must buy one
    g = replay_record(record_5585, stop_at=650)
    cpr = g.corporations["CPR"]
    pres = cpr.president
    assert g.round.active_step() == "buy_train" and not cpr.trains
    assert g.round.legal(pres) == ["sell_shares"]
    train = min(g.depot.available(g.phase_names), key=lambda t: t.price)
    g.players[pres].cash = 100
    with pytest.raises(RuleError, match="sell shares first"):
        g.push(A.BuyTrain("CPR", train.name))
    with pytest.raises(RuleError, match="must buy a train"):
        g.push(A.Pass("CPR"))
    # sell the largest holding other than CPR until the train is affordable
    while g.players[pres].cash + cpr.cash < train.price:
        best = max((c for c in g.corporations.values() if c is not cpr and g.shares.max_sellable(pres, c)),
                   key=lambda c: g.market.price(c.sym))
        before, price = g.players[pres].cash, g.market.price(best.sym)
        g.push(A.SellShares(pres, best.sym, 10))
        assert g.players[pres].cash == before + price
    cash_before = g.players[pres].cash + cpr.cash
    g.push(A.BuyTrain("CPR", train.name))
    assert [t.name for t in cpr.trains] == [train.name]
    assert g.players[pres].cash + cpr.cash == cash_before - train.price


def test_bankruptcy_ends_the_game_at_once(record_5585):
    g = replay_record(record_5585, stop_at=650)
    cpr = g.corporations["CPR"]
    pres = cpr.president
    with pytest.raises(RuleError, match="sell shares first"):
        g.push(A.Bankrupt("CPR"))
    for c in g.corporations.values():
        if c is not cpr:
            for cert in c.certificates.of(pres):
                c.certificates.give(cert, "ipo")
    g.players[pres].cash = 0
    g.push(A.Bankrupt("CPR"))
    assert g.finished and g.end_reason == "bankrupt"
    assert g.players[pres].bankrupt


def test_stock_market_top_ends_game_at_end_of_round(record_5585):
    g = replay_record(record_5585, stop_at=650)
    assert g.round.name == "operating"
    # put the next corporation to operate at 325 on the top row: a payout moves it to 350
    corp = g.round.order[g.round.index]
    g.market.remove(corp.sym)
    g.market.set_par(corp.sym, g.market.cell(0, 14))
    g.market.move_right(corp.sym)
    assert g.market.end_reached
    g.check_game_end_triggers()
    assert g.end_trigger == ("stock_market", "current_round") and not g.finished
    rnd = g.round
    # finish the round: every remaining corporation passes or runs nothing of note
    while g.round is rnd and not g.finished:
        ent = g.current_entity()
        legal = g.legal_actions()
        if "pass" in legal:
            g.push(A.Pass(ent))
        elif "run_routes" in legal:
            g.push(next(m.action for m in g.legal_moves() if isinstance(m.action, A.RunRoutes)))
        elif "dividend" in legal:
            g.push(A.Dividend(ent, "withhold"))
        elif "buy_train" in legal:
            c = g.corporations[ent]
            t = min(g.depot.available(g.phase_names), key=lambda t: t.price)
            g.players[c.president].cash += t.price
            c.cash += t.price
            g.push(A.BuyTrain(ent, t.name))
        else:
            raise AssertionError(f"unexpected legal moves {legal} for {ent}")
    assert g.finished and g.end_reason == "stock_market"


def test_bank_break_ends_after_the_full_set_of_operating_rounds(record_5585):
    seen = []

    def each(game, a):
        seen.append((game.bank_broken, game.round.name, getattr(game.round, "num", None), game.or_count, game.finished))

    g = replay_record(record_5585, each=each)
    first = next(i for i, s in enumerate(seen) if s[0])
    assert not seen[first][4], "the game must go on after the bank breaks"
    assert g.finished and g.end_reason == "bank"
    assert g.round.name == "operating" and g.round.num == g.or_count


def test_manual_end_game_and_no_moves_after():
    g = new_game()
    g.push(A.EndGame("a"))
    assert g.finished and g.end_reason == "manually_ended"
    with pytest.raises(RuleError, match="game is over"):
        g.push(A.Pass("b"))


def test_qll_home_reserves_j10_until_it_chooses_a_city():
    g = new_game()
    assert g.board.tile_reservations("J10") == ["QLL"]
    # another corporation's station may not take the last slot QLL needs there
    assert g.board.token_problem("CPR", "J10", 0) is None
    from pbem.engine.board import Token
    g.board.place_token("J10", 0, Token("CPR", "CPR", False))
    assert g.board.token_problem("GT", "J10", 1) is not None


def test_brown_r_tile_names_regina():
    rec = load_record(FIX / "5236.json")
    lay = next(a for a in rec.live if a["type"] == "lay_tile" and a["tile"].startswith("R2-"))
    g = replay_record(rec, stop_at=lay["id"])
    assert g.board.location_name("J10") == "Regina"


def _qll_first_turn(j10_tiles):
    """5585 up to QLL's first operating turn, with `j10_tiles` laid on Regina (J10) before it."""
    rec = load_record(FIX / "5585.json")

    def each(game, a):
        if a["id"] == 52:
            for name in j10_tiles:
                game.board.lay("J10", name, 0)

    return replay_record(rec, stop_at=53, each=each)


@pytest.mark.parametrize("tiles", [(), ("R1",), ("R1", "R2")], ids=["yellow", "green", "brown"])
def test_qll_chooses_its_regina_home_city_at_the_start_of_its_turn(tiles):
    """QLL's home is J10 without a named city: the reservation is the hex's (two printed cities),
    so QLL places its home station itself, even once the brown R tile has merged them into one."""
    g = _qll_first_turn(tiles)
    assert g.current_entity() == "QLL" and g.round.active_step() == "home"
    assert not any(t.corp == "QLL" for t in g.board.all_tokens())
    g.push(A.PlaceToken("QLL", "J10", 0))
    assert any(t.corp == "QLL" for t in g.board.all_tokens())
    assert g.round.active_step() != "home"


def _lay_59_on_m11_with_sc_there():
    """5585 at a corporation's track step, with SC's station in M11's second city (M11: two
    cities, no track); the operating corporation lays the green #59 there."""
    from pbem.engine.stations import Token

    rec = load_record(FIX / "5585.json")
    ids = []
    replay_record(rec, each=lambda g, a: ids.append(a["id"]) if g.phase.name == "3"
                  and "lay_tile" in g.legal_actions() else None)
    g = replay_record(rec, stop_at=ids[0])
    g.board.place_token("M11", 1, Token("SC", "SC"))
    ent = g.current_entity()
    g.loading = True                         # no connection check: M11 is far from its network
    rot = g.board.legal_rotations(ent, "M11", "59", g.tile_colors, check_connection=False)[0]
    g.corporations[ent].cash += 1000
    g.push(A.LayTile(ent, "M11", "59", rot))
    g.loading = False
    return g, ent


def test_first_track_on_a_two_city_hex_lets_the_operating_corporation_place_the_stations_there():
    g, ent = _lay_59_on_m11_with_sc_there()
    assert ent != "SC"
    assert g.current_entity() == ent and g.round.active_step() == "home"
    assert not any(t.corp == "SC" for t in g.board.all_tokens())
    # the stations' places (a private may be bought meanwhile, as at any point of the turn)
    listed = [m.action for m in g.legal_moves() if not isinstance(m.action, A.BuyCompany)]
    assert {(m.hex, m.city) for m in listed} == {("M11", 0), ("M11", 1)}
    g.push(A.PlaceToken(ent, "M11", 0))
    assert [(t.corp, c) for c, t in _tokens_on(g, "M11")] == [("SC", 0)]
    assert g.round.active_step() != "home"


def _tokens_on(g, coord):
    hx = g.board._hex(coord)
    return [(ci, t) for ci, slots in enumerate(hx.tokens) for t in slots if t is not None]


def test_a_bankrupt_president_keeps_what_would_change_the_presidency_and_it_counts():
    """Random 1882 game 1 ends with QLL's president going bankrupt. With another player holding
    30% of QLL and the president 40%, the president may sell only 10% of QLL in the emergency
    (no president swap for the operating corporation), so 30% stays and counts in the value."""
    from pbem.gamefile import GameFile
    from pbem.game_notation import notation_context
    from pbem.table import Table
    from pbem.notation import read_message

    import shutil
    import tempfile

    path = Path(__file__).resolve().parent / "data" / "random" / "1882-seed1.pbem"
    tmp = Path(tempfile.mkdtemp()) / path.name
    shutil.copy(path, tmp)
    gf = GameFile.open(tmp)
    g = Table.new_game(gf.header)
    moves = gf.effective_moves()
    for rec in moves[:-1]:
        ctx = notation_context(g, trusted=True).at_turn(actor=None, current=g.current_entity())
        (m,) = read_message(rec.notation, ctx, single_line=True)
        g.push(m.action)
    corp = g.corporations[g.current_entity()]
    pres = corp.president
    other = next(p for p in g.seat_order if p != pres)
    corp.certificates.reset("ipo")                       # president 40%, another player 30%, IPO 30%
    g.shares.give_president(corp, pres)
    g.shares.transfer(corp, "ipo", pres, 20)
    g.shares.transfer(corp, "ipo", other, 30)
    for c in g.corporations.values():                   # nothing else to sell
        if c is not corp and c.percent_of(pres):
            c.certificates.reset("ipo")
            if c.president == pres:
                c.president = None
    g.push(A.Bankrupt(corp.sym))
    assert g.finished and g.end_reason == "bankrupt"
    assert corp.percent_of(pres) == 30 and corp.president == pres
    companies = sum(g.companies[s].value for s in g.players[pres].companies if not g.companies[s].closed)
    assert g.player_value(pres) == 3 * g.market.price(corp.sym) + companies


def test_emergency_buy_from_a_corporation_spends_what_the_sales_raised():
    """Random 1882 game 3, move 1051: QLL's president sold shares ($20 each) to help buy a train.
    Bought from another corporation, the train must then cost at least the money at hand minus
    one share's price plus 1 (no selling more than needed) and at most its face value, as
    18xx.games checks; the listing names that range and $1 is refused."""
    import copy
    import shutil
    import tempfile

    from pbem.gamefile import GameFile
    from pbem.game_notation import notation_context
    from pbem.table import Table
    from pbem.notation import read_message

    tmp = Path(tempfile.mkdtemp()) / "g.pbem"
    shutil.copy(Path(__file__).resolve().parent / "data" / "random" / "1882-seed3.pbem", tmp)
    gf = GameFile.open(tmp)
    g = Table.new_game(gf.header)
    for rec in gf.effective_moves():
        if rec.seq == 1051:
            break
        ctx = notation_context(g, trusted=True).at_turn(actor=None, current=g.current_entity())
        (m,) = read_message(rec.notation, ctx, single_line=True)
        g.push(m.action)
    assert g.current_entity() == "QLL"
    listed = [m for m in g.legal_moves() if isinstance(m.action, A.BuyTrain) and m.action.source != "depot"
              and m.action.train in ("4", "5")]        # above QLL's $207; a 3 ($180) is not capped
    assert listed and all(m.action.price == 229 and "$229 to $248" in m.note for m in listed)
    seller, name = listed[0].action.source, listed[0].action.train
    with pytest.raises(RuleError, match=r"\$229 to \$248"):
        copy.deepcopy(g).push(A.BuyTrain("QLL", name, seller, 1))
    g.push(A.BuyTrain("QLL", name, seller, 229))
    assert any(t.name == name for t in g.corporations["QLL"].trains)


def _seed2_moves(tmp_path):
    """The kept random game 2 (CN floats and operates) as a game file and a fresh game for it."""
    from pbem.gamefile import GameFile
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "random" / "1882-seed2.pbem"
    path = tmp_path / src.name
    path.write_bytes(src.read_bytes())
    gf = GameFile.open(path)
    return list(gf.effective_moves()), lambda: Table.new_game(gf.header)


def _push(game, rec):
    from pbem.game_notation import notation_context
    from pbem.notation import read_message

    ctx = notation_context(game, trusted=True).at_turn(actor=None, current=game.current_entity())
    (move,) = read_message(rec.notation, ctx, single_line=True)
    game.push(move.action)


def test_cn_with_no_neutral_station_left_lays_no_track(tmp_path):
    """CN's stations are the neutral markers others placed; once none is on the map (SC's home
    replaces them) CN has no station at all, and 18xx.games (Tracker#can_lay_tile?: no tokens)
    then offers it no track: its turn goes straight to the train purchase. A held-out record was
    refused after CN passed twice (train, private) because pbem still waited at the track step."""
    moves, fresh = _seed2_moves(tmp_path)
    g = fresh()
    first = None
    for i, rec in enumerate(moves):
        if g.round.name == "operating" and g.round.turn and g.round.corp.sym == "CN":
            first = i
            break
        _push(g, rec)
    assert first is not None and g.round.active_step() == "track"
    assert "lay_tile" in g.round.legal("CN")                   # with its neutral stations, CN lays track
    g = fresh()
    for rec in moves[:first - 1]:
        _push(g, rec)
    for coord, city, slot in g.board.tokens_of("CN"):     # as if SC's home had replaced each of them
        g.board.remove_token(coord, city, slot)
    _push(g, moves[first - 1])
    assert g.round.corp.sym == "CN"
    assert g.round.active_step() != "track" and "lay_tile" not in g.round.legal("CN")
    assert not any(isinstance(m.action, A.LayTile) for m in g.legal_moves())
    with pytest.raises(RuleError):
        g.push(A.LayTile("CN", "E5", "66", 3))


def test_no_emergency_sale_when_the_president_can_pay_the_difference(tmp_path):
    """18xx.games lets a president sell shares for a train only as far as needed: not at all once
    corporation and president together have the cheapest depot train's price, and never a
    bundle one share smaller than which would do. refplay 1882 seed 29 (a game pbem played
    before this rule), move 644: HBR has 432 for the $450 5 train, its president P5 has 28;
    pbem let P5 sell 10% of CNR, the reference refused (`Cannot sell shares of CNR`)."""
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1882-seed29-ebuy.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    hbr, p5 = g.corporations["HBR"], g.players["P5"]
    assert g.round.corp is hbr and g.round.active_step() == "buy_train" and hbr.president == "P5"
    assert (hbr.cash, p5.cash) == (432, 28) and g.round.emergency(hbr)
    assert not any(isinstance(m.action, A.SellShares) for m in g.legal_moves())
    with pytest.raises(RuleError, match="need no more"):
        g.push(A.SellShares("P5", "CNR", 10))
    g.push(A.BuyTrain("HBR", "5", "depot", 450))            # P5 pays the missing 18
    assert p5.cash == 10 and [t.name for t in hbr.trains] == ["5"]


def test_an_emergency_sale_may_not_be_bigger_than_needed(tmp_path):
    """The same position with less of P5's cash: at $10 a share, 18 short allows two shares (one
    would not do), 9 short one; with nothing of P5's cash the needed CNR share sells."""
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1882-seed29-ebuy.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    p5, train_step = g.players["P5"], g.round.step_named("buy_train")
    assert g.round.corp.sym == "HBR" and g.market.price("CNR") == 10
    g.bank += p5.cash
    p5.cash = 0
    assert train_step.needed_percent("P5", g.corporations["CNR"]) == 20
    p5.cash = 9
    assert train_step.needed_percent("P5", g.corporations["CNR"]) == 10
    p5.cash = 0
    sales = [m.action for m in g.legal_moves() if isinstance(m.action, A.SellShares)]
    assert sales == [A.SellShares("P5", "CNR", 10)]            # the pool holds 50% of GT and HBR
    g.push(sales[0])
    assert p5.cash == 10


def test_sc_discards_a_train_in_another_corporations_turn(tmp_path):
    """SC is both a corporation and a private's name. CPR's train purchase put SC over its limit,
    and SC's discard was taken for a use of the SC private's ability and refused (random game 95,
    2 players, move 670: `SC has no ability CPR can use now`)."""
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1882-seed95-discard.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    assert g.round.corp.sym == "CPR" and g.round.active_step() == "discard" and g.current_entity() == "SC"
    before = len(g.corporations["SC"].trains)
    assert A.DiscardTrain("SC", "4") in [m.action for m in g.legal_moves()]
    g.push(A.DiscardTrain("SC", "4"))
    assert len(g.corporations["SC"].trains) == before - 1 and g.current_entity() != "SC"


def _seed3_before_1051(tmp_path):
    """The kept random game 3 just before move 1051: QLL ($207) must buy a train, the cheapest
    depot train is a $630 6, and its president P1 has sold 20% of SC at $20 a share for it."""
    from pbem.gamefile import GameFile
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "random" / "1882-seed3.pbem"
    path = tmp_path / src.name
    path.write_bytes(src.read_bytes())
    gf = GameFile.open(path)
    g = Table.new_game(gf.header)
    for rec in gf.effective_moves():
        if rec.seq == 1051:
            break
        _push(g, rec)
    assert g.current_entity() == "QLL" and g.round.emergency(g.corporations["QLL"])
    assert (g.corporations["QLL"].cash, g.players["P1"].cash, g.round.turn.last_share_sold_price) == (207, 41, 20)
    return g


def _seed29_emergency(tmp_path):
    """refplay 1882 seed 29, move 644: HBR ($432, no train) must buy; the cheapest depot train
    is a $450 5; its president P5 has $28. CPR and SC hold 3s ($180), GT and SC 4s ($300)."""
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1882-seed29-ebuy.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    assert g.round.corp.sym == "HBR" and g.round.emergency(g.corporations["HBR"])
    return g


def _listed_from(g, corp, seller, name):
    return [m for m in g.legal_moves() if isinstance(m.action, A.BuyTrain) and m.action.entity == corp
            and m.action.source == seller and m.action.train == name]


def test_emergency_buy_from_a_corporation_capped_at_face_value_only_below_it(tmp_path):
    """18xx.games (Step::Train#spend_minmax, EBUY_FROM_OTHERS = :value): in an emergency a train
    from another corporation costs at most its face value only when the buyer's own cash is below
    that price (the president may then pay the rest, up to the face value)."""
    import copy

    g = _seed29_emergency(tmp_path)
    hbr = g.corporations["HBR"]
    g.bank += hbr.cash - 170                  # HBR with $170: below the 3's $180
    hbr.cash = 170
    (m,) = _listed_from(g, "HBR", "CPR", "3")
    assert m.action.price == 1 and "$1 to $180" in m.note
    with pytest.raises(RuleError, match=r"\$1 to \$180"):
        copy.deepcopy(g).push(A.BuyTrain("HBR", "3", "CPR", 181))
    (m,) = _listed_from(g, "HBR", "GT", "4")   # the 4 ($300): HBR and P5 have $198 together
    assert "$1 to $198" in m.note
    g.push(A.BuyTrain("HBR", "3", "CPR", 180))
    assert hbr.cash == 0 and g.players["P5"].cash == 18 and [t.name for t in hbr.trains] == ["3"]


def test_emergency_buy_from_a_corporation_may_spend_all_cash_above_face_value(tmp_path):
    """With its own cash at or above the train's price the buyer may pay anything from $1 to all
    its cash, emergency or not (18xx.games: [1, buying power]); pbem capped it at face value
    whenever the cheapest depot train was out of reach."""
    g = _seed29_emergency(tmp_path)
    (m,) = _listed_from(g, "HBR", "GT", "4")
    assert m.action.price == 1 and "$1 to $432" in m.note
    g.push(A.BuyTrain("HBR", "4", "GT", 432))
    hbr = g.corporations["HBR"]
    assert hbr.cash == 0 and g.players["P5"].cash == 28 and [t.name for t in hbr.trains] == ["4"]


def test_emergency_buy_from_a_corporation_after_the_presidents_sales(tmp_path):
    """After the president's sales a train above the buyer's cash costs no less than the money
    at hand minus the last share's price plus 1, and at most its face value; a train that range
    leaves empty is not for sale now (18xx.games drops it from the buyable trains), and the
    refusal names no inverted range. A train the buyer's own cash covers still costs $1 to all
    its cash."""
    import copy

    g = _seed3_before_1051(tmp_path)
    (m,) = _listed_from(g, "QLL", "CPR", "3")           # $180, below QLL's $207
    assert m.action.price == 1 and "$1 to $207" in m.note
    g.bank -= 200                                       # P1 with $200 more: $448 at hand
    g.players["P1"].cash += 200
    assert not _listed_from(g, "QLL", "CNR", "4")       # $429 at least, a $300 train
    (m,) = _listed_from(g, "QLL", "HBR", "5")
    assert "$429 to $448" in m.note
    with pytest.raises(RuleError) as err:
        copy.deepcopy(g).push(A.BuyTrain("QLL", "4", "CNR", 300))
    assert "$429 to $300" not in str(err.value) and "not for sale" in str(err.value)
    g.push(A.BuyTrain("QLL", "3", "CPR", 207))
    assert g.corporations["QLL"].cash == 0 and g.players["P1"].cash == 241



def _seed1_before(tmp_path, seq):
    """The kept random game 1 just before move `seq`."""
    from pbem.gamefile import GameFile
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "random" / "1882-seed1.pbem"
    path = tmp_path / src.name
    path.write_bytes(src.read_bytes())
    gf = GameFile.open(path)
    g = Table.new_game(gf.header)
    for rec in gf.effective_moves():
        if rec.seq == seq:
            break
        _push(g, rec)
    return g


def _seed1_sc_operating(tmp_path):
    """The kept random game 1 at SC's first operating turn (move 145): SC's home station is in
    J8 (its home was chosen when it started; SC has no printed home), phase 4. The NWR private,
    QLL's in that game, is handed to SC."""
    g = _seed1_before(tmp_path, 145)
    assert g.round.corp.sym == "SC" and g.board.tokens_of("SC") == [("J8", 0, 0)]
    g.give_company(g.companies["NWR"], "SC", True)
    return g


def test_the_nwr_moving_sc_s_home_station_leaves_a_neutral_station_there(tmp_path):
    """1882 7.1.3: 'If the company home token is moved, replace it with a neutral station marker
    from the supply'. 18xx.games (G1882 SpecialNWR#process_remove_token) takes the home token
    to be the corporation's first, wherever it stands: SC's home is where it chose to start,
    not a printed hex, and pbem left J8 empty."""
    g = _seed1_sc_operating(tmp_path)
    g.push(A.RemoveToken("NWR", "J8", 0))
    (tok,) = [t for t in g.board.slots("J8", 0) if t is not None]
    assert tok.corp == "CN" and tok.neutral
    g.push(A.PlaceToken("NWR", "D6", 0))
    assert ("D6", 0, 0) in g.board.tokens_of("SC") and not any(h == "J8" for h, _, _ in g.board.tokens_of("SC"))


def test_the_nwr_may_not_move_a_home_station_whose_hex_holds_a_neutral_station(tmp_path):
    """18xx.games (SpecialNWR#available_hex): the home token cannot be moved if a neutral station
    already stands in the corporation's home hex (there may be only one in a hex). Game 1, move
    119: QLL has just placed its home station in Regina's second city (J10); a neutral station
    is put in the first."""
    from pbem.engine.stations import Token

    g = _seed1_before(tmp_path, 119)
    assert g.round.corp.sym == "QLL" and g.board.tokens_of("QLL") == [("J10", 1, 0)]
    g.give_company(g.companies["NWR"], "QLL", True)
    g.board.place_token("J10", 0, Token("CN", "CPR", True))
    with pytest.raises(RuleError, match="neutral station"):
        copy.deepcopy(g).push(A.RemoveToken("NWR", "J10", 1))
    g.board.remove_token("J10", 0, 0)
    g.push(A.RemoveToken("NWR", "J10", 1))
    assert [(t.corp, t.neutral) for t in g.board.slots("J10", 1) if t] == [("CN", True)]
