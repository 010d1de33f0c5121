"""1861 rules the two records do not exercise, checked against facts from the 18xx.games engine."""
import pytest

from pbem.engine import actions as A
from pbem.engine.game import Game
from pbem.titles import load_title


@pytest.mark.parametrize("seed, privates", [
    (12345, ["TSR", "MYR", "WVR"]), (1, ["TSR", "MRR", "WVR"]),
    (777, ["MYR", "MRR", "WVR"]), (29683, ["BSS", "MRR", "WVR"]),
])
def test_two_player_setup_matches_the_reference_engine(seed, privates):
    # the privates left and the depot size as 18xx.games sets up a 2-player game with this seed
    g = Game(load_title("1861"), [("a", "A"), ("b", "B")], seed)
    assert [s for s, c in g.companies.items() if not c.hidden] == privates
    assert len(g.depot.upcoming) == 23
    assert all(c.max_percent == 70 for c in g.corporations.values() if c.kind == "major")


def test_minor_auction_sets_price_from_half_the_bid():
    g = Game(load_title("1861"), [("a", "A"), ("b", "B"), ("c", "C")], 7)
    while g.round.name == "auction":
        g.push(A.Pass(g.current_entity()) if g.round.bids or g.round.dutch else
               A.Bid(g.current_entity(), g.round.up.sym, g.round.min_bid()))
    first = g.current_entity()
    with pytest.raises(Exception):
        g.push(A.Bid(first, "KB", 100))          # Nikolaev must be started first
    g.push(A.Bid(first, "N", 150))
    while g.round.auction:
        g.push(A.Pass(g.current_entity()))
    n = g.corporations["N"]
    assert n.president == first and n.cash == 150 and g.market.price("N") == 70
    assert g.board.tokens_of("N")                # the home station went in when the auction opened


def test_the_national_has_no_train_limit_before_it_operates():
    """Trains the national takes over in phases 2-3 (limit 0 on its charter) are never discarded:
    the game plays on (18xx.games keeps the national out of the train-limit check)."""
    import copy
    from pathlib import Path

    from pbem.importers.eighteen_xx import load_record, replay_record

    rec = load_record(Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1861"
                      / "29683.json")
    picked = []

    def each(g, a):
        if not picked and g.phase.name == "3" and g.round.name == "operating":
            minors = [c for c in g.corporations.values() if c.kind == "minor" and c.trains and c.floated
                      and not c.closed and g.current_entity() != c.sym]
            if minors:
                picked.append((copy.deepcopy(g), minors[0].sym))

    replay_record(rec, each=each)
    g, sym = picked[0]
    national = g.corporations[g.extra.national]
    assert g.train_limit(national) == 0
    before = g.current_entity()
    g.title.nationalize(g, g.corporations[sym])
    assert national.trains and g.crowded_corps() == []
    assert g.current_entity() == before and "discard_train" not in g.legal_actions()


def test_hexes_closed_until_phase_3_are_not_listed_and_are_refused():
    """Random play in phase 2 reaches hexes the hidden company "3" closes: the board alone would
    allow a lay there, yet the listing never offers one and a lay there is refused."""
    import copy
    import random

    from pbem.errors import RuleError

    reachable = 0
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        g = Game(load_title("1861"), [(f"p{i}", f"P{i}") for i in range(3)], seed)
        closed = set(g.companies["3"].blocks_hexes)
        for _ in range(160):
            if g.phase.name != "2" or g.finished:
                break
            moves = [m.action for m in g.legal_moves()]
            lays = [a for a in moves if isinstance(a, A.LayTile)]
            assert not any(a.hex in closed for a in lays), seed
            if lays:
                ent = g.current_entity()
                near = [c for c, _t, _r in g.board.legal_lays(ent, g.tile_colors) if c in closed]
                reachable += bool(near)
                for coord in near[:1]:
                    with pytest.raises(RuleError, match="before phase 3"):
                        copy.deepcopy(g).push(A.LayTile(ent, coord, "7", 0))
            g.push(rng.choice(moves))
    assert reachable >= 3


def test_a_player_who_could_start_a_major_but_for_a_home_keeps_the_turn(tmp_path):
    """18xx.games offers a par to any player who could pay for a major's president's share,
    whatever the free homes, so such a player's turn never ends by itself. refplay 1861 seed 2
    (a game pbem played before this rule): at move 1097 (phase 7) P1 has sold, no home is free
    for a new major, and the reference still waits for P1 (par or pass); pbem had ended P1's
    turn. Now P1 keeps it, with only a pass (a par that could not be completed is not offered)."""
    from pathlib import Path

    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed2-old.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, upto=1097, moderator=False).game
    assert g.phase.name == "7" and g.current_entity() == "P1"
    assert not g.title.home_locations(g, g.corporations["GRR"])
    assert [m.action for m in g.legal_moves()] == [A.Pass("P1")]


def test_the_national_buys_again_after_the_trainless_choices(tmp_path):
    """The national's train purchase that rusts trains waits for the trainless majors' choices;
    the nationalisations bring it cash and it buys again (18xx.games: the choice step blocks the
    turn, then the national's purchases go on). refplay 1861 seed 2, a game pbem played before
    this rule: in the reference the national ends its turn with two 8 trains and 648."""
    from pathlib import Path

    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed2-national.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, upto=1194, moderator=False).game
    rsr = g.corporations["RSR"]
    assert [t.name for t in rsr.trains].count("8") == 2 and rsr.cash == 648
    assert g.corporations["SE"].closed is False and not g.corporations["SE"].floated


def test_the_turn_goes_on_while_18xx_games_would_price_a_par_as_affordable(tmp_path):
    """18xx.games prices an unstarted major's president's share at twice the lowest par price of
    any kind (a minor's 50), so a player with 100 keeps the turn (par or pass) though no major can
    be started below 2 x 70. refplay 1861 seed 4 (a game pbem played before this rule): at move
    1376 P5 has 124 after selling; the reference waits for P5, pbem had ended the turn."""
    from pathlib import Path

    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed4-old.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, upto=1376, moderator=False).game
    assert g.current_entity() == "P5" and g.players["P5"].cash == 124
    assert [m.action for m in g.legal_moves()] == [A.Pass("P5")]


def test_a_post_merger_buy_can_take_the_presidency(tmp_path):
    """After SPW and MB merge into MK (P2 and P3 10% each), P2 buys and takes the president's
    certificate, P3 buys twice and, with 30% against 20%, becomes president (18xx.games, refplay
    1861 seed 4: MK's president is P3 from move 770; pbem kept P2)."""
    from pathlib import Path

    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed4-merger.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, upto=770, moderator=False).game
    mk = g.corporations["MK"]
    assert mk.player_holdings() == {"P2": 20, "P3": 30} and mk.president == "P3"


def test_a_station_removed_after_a_merger_goes_back_to_the_charter(tmp_path):
    """N and MNN (both in H8) merge into NW; NW gives up the station of its 0 token. 18xx.games
    puts that token back on the charter (placed ones first, then the cheapest others), so NW's
    next station is the free one: K7 at move 565 costs nothing and NW keeps its 40 token for M7
    (refplay 1861 seed 5: pbem had dropped a token, charged 120 for K7 and had none left)."""
    from pathlib import Path

    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed5.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    nw = Table.open(copy, upto=325, moderator=False).game.corporations["NW"]
    assert [(t.price, t.used) for t in nw.tokens] == [(20, True), (0, False), (40, False)]
    before = Table.open(copy, upto=564, moderator=False).game.corporations["NW"].cash
    g = Table.open(copy, upto=565, moderator=False).game
    assert g.corporations["NW"].cash == before == 216
    g = Table.open(copy, upto=707, moderator=False).game
    assert A.PlaceToken("NW", "M7", 0) in [m.action for m in g.legal_moves()]


def test_track_looping_back_into_a_city_connects_it_for_a_major_home(tmp_path):
    """A new major's home must be on a hex not connected by track to a stop. 18xx.games walks the
    track from the city and counts any stop, the same city too when the track loops back into it:
    M19's city runs to M21, L20 and back into M19, so it is no home (refplay 1861 seed 11: P3
    parred SE and homed it in M19; the reference found no home there)."""
    from pathlib import Path

    from pbem.table import Table
    from pbem.titles.g1861.rules import track_reaches_stop

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed11-home.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    assert track_reaches_stop(g.board, "M19", g.board.city_node("M19", 0))
    assert not g.board.slots("M19", 0)[0] and ("M19", 0) not in g.title.home_locations(g, g.corporations["SE"])
    assert not any(isinstance(m.action, A.Par) and m.action.corporation == "SE" for m in g.legal_moves())


def test_a_minor_that_leaves_nobody_able_to_be_president_is_not_added_to_a_merger(tmp_path):
    """V could merge with TR, but neither owner can pay for a share of the major they would form
    and neither owns two of the minors. 18xx.games lets the minor be added and then refuses the
    finished merger ("Merge impossible"), leaving only an undo; pbem neither lists nor accepts the
    addition (refplay 1861 seed 8: V merged TR, then called the merger off with a pass, which
    18xx.games does not allow)."""
    from pathlib import Path

    from pbem.errors import RuleError
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed8-merger.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    assert g.current_entity() == "V" and g.round.candidates("V") == ["TR"]
    assert [m.action for m in g.legal_moves()] == [A.Pass("V")]
    with pytest.raises(RuleError, match="president"):
        g.push(A.Merge("V", "TR"))


def test_the_last_player_who_could_buy_into_a_presidentless_merger_must_buy(tmp_path):
    """After a merger into MKV nobody holds the president's certificate and P4 is the last who
    could still buy: a pass would leave a major without a president (1861 rules 6.2: the owner
    must buy; 18xx.games reports "Merge failed" and needs an undo). The pass is neither listed
    nor accepted (random 1861 game 8: the pass was listed, then refused)."""
    from pathlib import Path

    from pbem.errors import RuleError
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed8-shares.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    assert g.current_entity() == "P4" and g.corporations["MKV"].president is None
    assert [m.action for m in g.legal_moves()] == [A.BuyShares("P4", "MKV", "ipo", 10)]
    with pytest.raises(RuleError, match="must buy"):
        g.push(A.Pass("P4"))
    g.push(A.BuyShares("P4", "MKV", "ipo", 10))
    assert g.corporations["MKV"].president == "P4"


def test_a_discarded_train_rusts_in_the_depot(tmp_path):
    """MVR discarded a 4 train to the depot (move 1865); the first 8 train rusts the 4s, the one in
    the depot too (18xx.games rusts every train of the type, wherever it is). SW then offered 350
    for it: the reference says "Not a buyable train" (refplay 1861 seed 143)."""
    from pathlib import Path

    from pbem.errors import RuleError
    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed143-rust.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, moderator=False).game
    assert g.phase.name == "8" and g.current_entity() == "SW"
    assert "4" not in [t.name for t in g.depot.discarded]
    assert not any(isinstance(m.action, A.BuyTrain) and m.action.train == "4" for m in g.legal_moves())
    with pytest.raises(RuleError):
        g.push(A.BuyTrain("SW", "4", "depot", 350))


def test_the_merger_round_ends_only_after_a_major_over_its_train_limit_discards(tmp_path):
    """MNN merges M-K, KR and MVR; after the last post-merger buy (move 596) the new major has more
    trains than its limit. 18xx.games keeps the merger round open for the discard (refplay 1861
    seed 48: pbem had moved on to the stock round with the discard pending)."""
    from pathlib import Path

    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "refplay" / "1861-seed48-discard.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    g = Table.open(copy, upto=596, moderator=False).game
    assert g.round.name == "merger"
    assert g.current_entity() == "MVR" and g.round.legal("MVR") == ["discard_train"]
    after = Table.open(copy, upto=597, moderator=False).game
    assert after.round.name == "stock" and not after.crowded_corps()


def test_a_company_whose_trains_have_all_run_this_round_is_not_offered_a_run(tmp_path):
    """18xx.games offers a run only for trains not yet operated this round (`Route#actions`:
    `route_trains`, the trains not operated): in 1861 the national can receive the trains of
    minors nationalised after they ran, and those do not run again. Random 1861 game 30, move
    790: the national RSR's turn starts with its 3 train; it is marked as having run (as a
    nationalised minor's train would be) before the turn comes: no run is offered (pbem listed
    "does not run" and waited for it), and with nothing else to do the national's turn is over."""
    from pbem.errors import RuleError

    g, moves = _seed30(tmp_path, 789)
    rsr = g.corporations["RSR"]
    assert [tr.id for tr in rsr.trains] == ["3-4"]
    for tr in rsr.trains:
        tr.operated = True
    g.push(moves[789])
    # the national has nothing else to do in this turn (no train to buy: it has one): it is over
    assert g.current_entity() == "E" and g.legal_moves()
    assert rsr.last_revenue == 0 and all(tr.operated for tr in rsr.trains)
    with pytest.raises(RuleError):
        g.push(A.RunRoutes("RSR", ()))


def test_a_merger_nobody_could_preside_for_the_certificate_limit_is_not_offered(tmp_path):
    """Random 1861 play (5 players) stopped in a merger round: every major the minor was offered
    to form ('RO merges MKN', '... NW', ...) was refused with "no player can become president of
    MKN: the merger fails", and nothing else was listed. The listing asked only for money (as
    18xx.games' `finish_merge_to_major` does), the share step also for room under the
    certificate limit. Now the listing and the check ask the post-merger share step itself (the
    merger made on a copy), and an impossible merger can be called off with a pass.
    Random game 30, move 476: MNN and M-K (P2 and P1) choose their major; with the certificate
    limit lowered to what P2 holds, neither owner could buy the share that makes a president."""
    import copy as copying

    from pbem.errors import RuleError

    g, _moves = _seed30(tmp_path, 476)
    assert g.round.mode == "target" and g.round.merging == ["MNN", "M-K"]
    listed = [m.action for m in g.legal_moves()]
    assert any(isinstance(a, A.Merge) for a in listed)
    g.cert_limit = g.shares.num_certs("P2")
    listed = [m.action for m in g.legal_moves()]
    assert listed == [A.Pass("MNN")]
    for a in listed:
        copying.deepcopy(g).push(a)
    with pytest.raises(RuleError):
        copying.deepcopy(g).push(A.Merge("MNN", "MVR"))


def test_every_move_listed_in_a_merger_round_is_accepted(tmp_path):
    """The listing and the check of the merger round are one rule: at every position of the
    merger rounds of a random 1861 game (30) the acting entity has a listed move, and every
    listed move is accepted (each pushed on a copy)."""
    import copy as copying

    from pbem.table import Table

    t = _seed30_table(tmp_path)
    g = Table.new_game(t.file.header)
    checked = 0
    for a in t.play.moves:
        if g.round.name == "merger":
            listed = [m.action for m in g.legal_moves()]
            assert listed, f"{g.current_entity()} has no legal move"
            for move in listed:
                copying.deepcopy(g).push(move)
            checked += 1
        g.push(a)
    assert checked >= 10


def test_no_other_minor_is_auctioned_before_the_nikolaev():
    """A game played inside 18xx.games (tools/refgen.rb, 5 players, seed 3) opens the first stock
    round with a bid of 100 on the minor MV. The rules (4.x, after the Warsaw-Vienna Railway):
    the Nikolaev must be auctioned first, the other minors only once it has been. 18xx.games
    says so only to its interface (`G1861::Step::BuySellParShares#ipo_type`); its engine takes
    the bid (`Step::BuySellParSharesViaBid#process_bid` never asks `ipo_type`). pbem keeps to
    the rules: the bid is refused and N is the one minor offered."""
    from pathlib import Path

    from pbem.importers.eighteen_xx import ImportRefused, load_record, replay_record

    rec = load_record(Path(__file__).resolve().parent / "data" / "refgen" / "1861-p5-s3-mv.json")
    with pytest.raises(ImportRefused, match="Player 1 cannot start MV now"):
        replay_record(rec)
    g = replay_record(rec, stop_at=40)
    bids = [m.action for m in g.legal_moves("1") if isinstance(m.action, A.Bid)]
    assert [b.company for b in bids] == ["N"]


def test_a_major_redeems_any_number_of_its_pool_shares_in_one_purchase():
    """1861 5.5.1: a major may buy back any or all of its shares from the bank pool, each at the
    current price (18xx.games: one bundle of the pool's shares, `G1867#redeemable_shares`). A game
    played inside 18xx.games (tools/refgen.rb, 1861 seed 5) redeems 20% at once twice; pbem
    allowed 10% at a time only and refused it. The whole record replays to its result."""
    from pathlib import Path

    from pbem.errors import RuleError
    from pbem.importers.eighteen_xx import check_result, load_record, replay_record

    rec = load_record(Path(__file__).resolve().parent / "data" / "refgen" / "1861-p2-s5.json")
    g = replay_record(rec, stop_at=703)                 # SW's redemption of 20% is action 704
    sw = g.corporations["SW"]
    offered = sorted(m.action.percent for m in g.legal_moves("SW")
                     if isinstance(m.action, A.BuyShares) and m.action.corporation == "SW")
    assert sw.pool_percent >= 20 and offered[:2] == [10, 20]
    cash, pool, price = sw.cash, sw.pool_percent, g.market.price("SW")
    g.push(A.BuyShares("SW", "SW", "pool", 20))
    assert sw.pool_percent == pool - 20 and sw.cash == cash - 2 * price
    with pytest.raises(RuleError, match="pool holds"):
        replay_record(rec, stop_at=703).push(A.BuyShares("SW", "SW", "pool", pool + 10))
    check_result(rec, replay_record(rec))


def _seed30_table(tmp_path):
    """Kept random 1861 game 30 at the table (read as test data, not as the moderator)."""
    from pathlib import Path

    from pbem.table import Table

    src = Path(__file__).resolve().parent / "data" / "random" / "1861-seed30.pbem"
    copy = tmp_path / src.name
    copy.write_bytes(src.read_bytes())
    return Table.open(copy, moderator=False)


def _seed30(tmp_path, upto: int):
    """Kept random 1861 game 30 replayed up to move `upto`, and all its moves."""
    from pbem.table import Table

    t = _seed30_table(tmp_path)
    g, moves = Table.new_game(t.file.header), list(t.play.moves)
    for a in moves[:upto]:
        g.push(a)
    return g, moves
