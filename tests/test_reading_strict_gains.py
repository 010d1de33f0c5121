"""Readings the interpreter took over from the grammar's tolerant forms (issue #24: the grammar is
to read canonical lines only), each read by the interpreter alone or, for a line of several
movers, by the reader with the grammar reading canonical lines only."""
from __future__ import annotations

import dataclasses

import pytest

from pbem.engine.actions import BuyTrain, LayTile, Par, Pass, PlaceToken, Route, RunRoutes, SellShares, Stop
from pbem.errors import AmbiguousMoveError, NotationError, PbemError
from pbem.notation import parse_message
from pbem.notation.names import name_index
from pbem.notation.terse import read_terse_by_pieces

from notation_kit import ctx, interpret, trains_ctx


def _acts(title, rk, cur, line):
    return [m.action for m in interpret(title, rk, cur, line)]


@pytest.mark.parametrize("rk,cur,line,want", [
    ("SR", None, "Ann declines to buy", Pass("ann")),
    ("SR", None, "Ann declines to buy anything this time.", Pass("ann")),
    ("merger", None, "Ann declines to buy MKN shares.", Pass("ann")),
    ("OR", "HBR", "HBR declines to buy a train.", Pass("HBR")),
])
def test_declining_a_move_is_the_pass(rk, cur, line, want):
    title = "1861" if rk == "merger" else "1882"
    assert _acts(title, rk, cur, line) == [want]


def test_declining_for_someone_else_is_not_the_writers_pass():
    with pytest.raises(NotationError):
        interpret("1882", "SR", None, "Bob declines to buy")


@pytest.mark.parametrize("line,want", [
    ("Ann starts GT at 76 and pays 152 for 2 shares (20%)", Par("ann", "GT", 76)),
    ("Start Canadian Northern at $100 per share", Par("ann", "CNR", 100)),
    ("Ann starts the Hudson Bay Railway at $82 per share.", Par("ann", "HBR", 82)),
])
def test_a_par_told_with_its_price_per_share_and_what_it_paid(line, want):
    assert _acts("1882", "SR", None, line) == [want]


def test_a_price_per_share_after_a_dividend_is_still_a_claim():
    _, dividend = interpret("1882", "OR", "CNR", "CNR runs D8 to D6 for 50, pays $5 per share.")
    assert [(c.kind, c.value) for c in dividend.claims] == [("per_share", 5)]


@pytest.mark.parametrize("line,rotation", [
    ("CPR lays tile #57 at hex I5/SW", 1),       # 1882's hexes are flat: SW is side 1
    ("CPR lays #57 on I5 rot NE", 4),
    ("CPR lays #57 on I5/NW", 2),
])
def test_a_rotation_told_by_the_side_it_names(line, rotation):
    assert _acts("1882", "OR", "CPR", line) == [LayTile("CPR", "I5", "57", rotation)]


def test_several_movers_each_with_their_part():
    got = parse_message("QLL got a 2 train, then HBR got a 3.", ctx("1882", "OR", "QLL"))
    assert got == [BuyTrain("QLL", "2"), BuyTrain("HBR", "3")]
    got = parse_message("SPW: A9-B8-E1 for 80. KB: A11-D14 for 60.", trains_ctx("1861", "SPW", kinds=("2",)))
    assert got == [RunRoutes("SPW", (Route("2", (Stop("A9"), Stop("B8"), Stop("E1")), None, 80),)),
                   RunRoutes("KB", (Route("2", (Stop("A11"), Stop("D14")), None, 60),))]
    got = parse_message("Ann passes, Bob passes, Cid buys a share of GT", ctx("1882", "SR", "ann"))
    assert [type(a).__name__ for a in got] == ["Pass", "Pass", "BuyShares"] and got[2].entity == "cid"


def test_a_part_that_reads_no_move_of_its_mover_refuses_the_line():
    with pytest.raises(PbemError):
        parse_message("QLL got a 2 train, HBR thinks about it", ctx("1882", "OR", "QLL"))


@pytest.mark.parametrize("title,cur,line,want", [
    ("1882", "HBR", "HBR (NWR) places a token on E5", "PlaceToken(entity='NWR', hex='E5'"),
    ("1830", "NYNH", "NYNH (CS) lays #58 on B20.", "LayTile(entity='CS', hex='B20', tile='58'"),
])
def test_a_private_in_brackets_after_its_company_makes_the_move(title, cur, line, want):
    assert repr(_acts(title, "OR", cur, line)[0]).startswith(want)


def test_a_private_in_brackets_after_another_company_is_not_its_power():
    with pytest.raises(NotationError):
        interpret("1882", "OR", "CPR", "HBR (NWR) places a token on E5")


@pytest.mark.parametrize("line,want", [
    ("Sells four shares of Central", "SellShares(entity='ann', corporation='NYC', percent=40)"),
    ("buy a Central share from the pool", "BuyShares(entity='ann', corporation='NYC', source='pool', percent=10)"),
])
def test_1830_nicknames(line, want):
    assert [repr(a) for a in _acts("1830", "SR", None, line)] == [want]


@pytest.mark.parametrize("line", ["Ann buys her third CN share.", "Ann takes her 3rd CN share", "Ann has bought her fourth CN share"])
def test_which_share_of_the_writers_a_buy_is(line):
    assert [repr(a) for a in _acts("1882", "SR", None, line)] == \
        ["BuyShares(entity='ann', corporation='CN', source='ipo', percent=10)"]


def test_the_price_and_the_presidency_told_with_a_buy_are_claims():
    (buy,) = interpret("1830", "SR", None, "Ann buys her third share of the NYC (IPO, $80) and takes the presidency from Cid.")
    assert [(c.kind, c.value) for c in buy.claims] == [("paid", 80), ("president", (None, None))]
    assert buy.notes == ()


@pytest.mark.parametrize("line,claims", [
    ("Ann sells 2 GT for $180", [("received", 180)]),
    ("Ann sells 2 GT at $90", [("received", 180)]),     # a share's price: each of the two shares sold
    ("Ann sells 2 GT at 90", [("received", 180)]),      # (with its sign or without)
    ("Ann buys 2 GT for $180", [("paid_each_or_all", (180, 2))]),   # two buys: of each share or of both
])
def test_what_a_sale_or_a_buy_brought_in_or_cost(line, claims):
    moves = interpret("1882", "SR", None, line)
    assert [(c.kind, c.value) for m in moves for c in m.claims] == claims


@pytest.mark.parametrize("title,rk,cur,line,want", [
    ("1882", "OR", "CPR", "tokened K3", "[PlaceToken(entity='CPR', hex='K3', city=0, neutral=False, slot=None)]"),
    ("1882", "SR", None, "Sell my five CNR shares", "[SellShares(entity='ann', corporation='CNR', percent=50)]"),
    ("1882", "SR", None, "Sell 10% GT. Done for this turn.",
     "[SellShares(entity='ann', corporation='GT', percent=10), Pass(entity='ann')]"),
    ("1830", "auction", None, "Ann bids 230 on B&O. Remaining free cash 250.", "[Bid(entity='ann', company='BO', price=230)]"),
    ("1830", "SR", None, "Ann buys a B&O share", "[BuyShares(entity='ann', corporation='B&O', source='ipo', percent=10)]"),
])
def test_more_wordings_the_interpreter_reads(title, rk, cur, line, want):
    assert repr(_acts(title, rk, cur, line)) == want


def test_a_dividend_per_share_written_with_a_slash_is_a_claim():
    moves = interpret("1882", "OR", "HBR", "HBR 2T: B12-G11 = 240, pays $24/share")
    assert [(c.kind, c.value) for m in moves for c in m.claims] == [("per_share", 24)]


def test_a_mover_whose_name_is_also_a_private():
    got = parse_message("SC got a 6 train, CNR got a 5", ctx("1882", "OR", "SC"))
    assert got == [BuyTrain("SC", "6"), BuyTrain("CNR", "5")]


def _holding(title, rk, line, held):
    c = dataclasses.replace(ctx(title, rk, None), holdings=lambda p, corp: held.get((p, corp), 0))
    return [m.action for m in read_terse_by_pieces(line, c, name_index(c))]


@pytest.mark.parametrize("line,held,want", [
    ("Ann sells all her GT", {("ann", "GT"): 30}, [SellShares("ann", "GT", 30)]),
    ("dumps all of GT", {("ann", "GT"): 20}, [SellShares("ann", "GT", 20)]),
    ("Ann sold both her CPR shares", {("ann", "CPR"): 20}, [SellShares("ann", "CPR", 20)]),
])
def test_all_or_both_of_a_holding_sold(line, held, want):
    assert _holding("1882", "SR", line, held) == want


@pytest.mark.parametrize("line,held", [
    ("Ann sold both her GT shares", {("ann", "GT"): 30}),     # she holds three
    ("Ann sells all her HBR", {}),                            # she holds none
    ("sells both GT", {("ann", "GT"): 30}),
    ("sells both GT and CPR", {("ann", "GT"): 20, ("ann", "CPR"): 20}),   # one of each, or two of GT?
])
def test_all_or_both_that_the_holding_does_not_bear_out_is_refused(line, held):
    with pytest.raises(NotationError):
        _holding("1882", "SR", line, held)


def test_all_of_a_holding_not_known_is_asked():
    with pytest.raises(AmbiguousMoveError, match="how many") as e:
        interpret("1882", "SR", None, "sell all of my GT")
    assert e.value.candidates[:2] == ["sells 1 GT", "sells 2 GT"]


@pytest.mark.parametrize("line", ["CPR lays 57 on I5 (Regina) rot 2", "CPR runs a 2 train I5 (Regina)-J10 for 60"])
def test_a_hex_and_a_place_beside_it_that_disagree_are_refused(line):
    with pytest.raises(NotationError, match="Regina is J10"):
        interpret("1882", "OR", "CPR", line)


def test_a_hex_with_its_own_place_beside_it_is_read():
    assert _acts("1882", "OR", "CPR", "CPR lays 57 on I5 (Swift Current) rot 2") == [LayTile("CPR", "I5", "57", 2)]


@pytest.mark.parametrize("line", ["token J10 city 2", "CPR token J10.2", "CPR token J10#2", "CPR places a token on J10 (city 2)"])
def test_a_city_told_by_its_number_is_that_city(line):
    (move,) = interpret("1882", "OR", "CPR", line)
    assert move.action == PlaceToken("CPR", "J10", 1) and "city" not in move.open


def test_a_station_with_no_city_told_is_left_to_the_game():
    (move,) = interpret("1882", "OR", "CPR", "CPR tokens Regina")
    assert move.action == PlaceToken("CPR", "J10", 0) and "city" in move.open


def test_a_route_stop_at_a_numbered_city():
    (move,) = interpret("1882", "OR", "CPR", "CPR runs 2 train I5-J10.2 for 60")
    assert move.action.routes[0].stops == (Stop("I5"), Stop("J10", 1))


@pytest.mark.parametrize("line", ["SP returns a 2 train", "SP gives back its 2", "SP drops the 2"])
def test_a_train_given_back_is_its_discard(line):
    assert repr(_acts("1869", "OR", "SP", line)) == "[DiscardTrain(entity='SP', train='2', train_id=None)]"


def test_a_return_that_names_no_train_is_no_discard():
    with pytest.raises(NotationError):
        interpret("1869", "OR", "SP", "SP returns to the pool")


def test_a_revenue_broken_down_with_its_bonus_in_brackets():
    (move,) = interpret("1869", "OR", "SP", "SP runs a 3 train I3-J2 for 130 ($100 + $30 bonus)")
    assert move.action.routes[0].revenue == 130 and [s.hex for s in move.action.routes[0].stops] == ["I3", "J2"]


@pytest.mark.parametrize("line", ["CPR does not run", "CPR doesn't run", "CPR can't run"])
def test_a_run_denied_is_the_run_of_no_route(line):
    assert _acts("1882", "OR", "CPR", line) == [RunRoutes("CPR", ())]


def test_a_bare_payment_denied_is_the_withholding():
    assert [repr(a) for a in _acts("1882", "OR", "CPR", "CPR doesn't pay")] == ["Dividend(entity='CPR', kind='withhold')"]


@pytest.mark.parametrize("line", ["CPR doesn't pay for the train", "GT does not run"])
def test_a_denial_of_something_else_or_by_another_company_is_no_move(line):
    with pytest.raises(NotationError):
        interpret("1882", "OR", "CPR", line)


@pytest.mark.parametrize("line,want", [
    ("CPR buys a diesel", "[BuyTrain(entity='CPR', train='D', source='depot', price=None, exchange=None, train_id=None, exchange_id=None)]"),
    ("skip", "[Pass(entity='CPR')]"),
    ("CPR skips", "[Pass(entity='CPR')]"),
    ("CPR: dividend", "[Dividend(entity='CPR', kind='payout')]"),
    ("CPR: no dividend", "[Dividend(entity='CPR', kind='withhold')]"),
])
def test_move_words_the_grammar_knew(line, want):
    assert repr(_acts("1882", "OR", "CPR", line)) == want


def test_a_diesel_run_is_the_diesels():
    (move,) = interpret("1882", "OR", "CPR", "CPR runs diesel I5-J10")
    assert move.action.routes[0].train == "D"


def test_the_dividend_named_in_a_sentence_is_no_payout():
    with pytest.raises(NotationError):
        interpret("1882", "OR", "CPR", "the dividend was 40")
    assert [a.kind for a in _acts("1861", "OR", "SE", "SE splits the dividend")] == ["half"]


@pytest.mark.parametrize("rk,cur,line,claims", [
    ("auction", None, "Ann bids 115 on NWR. Cash left 365.", [("cash", 365)]),
    ("auction", None, "Ann bids 115 on NWR (cash 365)", [("cash", 365)]),
    ("auction", None, "Ann bids 115 on NWR, leaving $365", [("cash", 365)]),
    ("SR", None, "Ann sells 2 shares of CPR and receives $150", [("received", 150)]),
    ("SR", None, "Ann buys HBR and becomes president of HBR", [("president", (None, "HBR"))]),
    ("OR", "CPR", "CPR buys a 4 train out of pocket", [("pocket", None)]),
    ("OR", "CPR", "CPR pays out $100 (Ann $40, Bob $20)", [("revenue", 100), ("payees", (("ann", 40), ("bob", 20)))]),
    ("OR", "CPR", "CPR withholds $40", [("revenue", 40)]),
])
def test_what_a_line_states_after_its_move(rk, cur, line, claims):
    moves = interpret("1882", rk, cur, line)
    assert [(c.kind, c.value) for m in moves for c in m.claims] == claims


def test_a_stated_cash_goes_to_the_move_before_it():
    moves = interpret("1882", "OR", "CPR", "CPR lays #57 on I5 r2; buys a 3 train. Cash left 20")
    assert [[(c.kind, c.value) for c in m.claims] for m in moves] == [[], [("cash", 20)]]


def test_a_payee_nobody_is_refused():
    with pytest.raises(NotationError, match="Zed"):
        interpret("1882", "OR", "CPR", "CPR pays out $100 ($40 to Zed)")


def test_a_token_moved_by_the_operating_company_is_the_token_movers_in_1882():
    assert [a.entity for a in _acts("1882", "OR", "CPR", "I5 J10 token moves")] == ["NWR", "NWR"]


class _Rotations:
    """A rotation hook that answers one rotation and keeps what it was asked."""

    def __init__(self, answer):
        self.answer, self.calls = answer, []

    def __call__(self, tile, hex_, edges):
        self.calls.append(edges)
        return self.answer


def _with_hook(line, answer):
    hook = _Rotations(answer)
    c = dataclasses.replace(ctx("1882", "OR", "CPR"), rotation_resolver=hook)
    return [m.action for m in read_terse_by_pieces(line, c, name_index(c))], hook.calls


@pytest.mark.parametrize("line,edges", [
    ("lays 57 on I5 joining NE and S", ("NE", "S")),
    ("lays 57 on I5 toward Regina", ("J10",)),
    ("lays 57 on I5 exits H4, J6", ("H4", "J6")),
    ("lays 57 on I5 (connecting track to G1)", ("G1",)),
])
def test_the_rotation_of_a_lay_told_by_what_its_track_joins(line, edges):
    got, calls = _with_hook(line, 4)
    assert got == [LayTile("CPR", "I5", "57", 4)] and calls[-1] == edges


def test_a_rotation_written_that_does_not_join_what_is_told_is_refused():
    with pytest.raises(NotationError, match="rotation 1 does"):
        _with_hook("lays 57 on I5 rot 2 joining NE and S", 1)
    assert _with_hook("lays 57 on I5 rot 1 joining NE and S", 1)[0] == [LayTile("CPR", "I5", "57", 1)]


def test_a_line_of_several_movers_moves_no_one_for_another_seat(tmp_path):
    from pbem.table import MoveRejected, Table

    t = Table.create(tmp_path / "g.pbem", "1882", [("Ann", "ann@x.org"), ("Bob", "bob@x.org"), ("Cid", "cid@x.org")],
                     seed=42)
    before = (tmp_path / "g.pbem").read_bytes()
    for line in ("Ann bids 20 on HB, then Bob passes", "Ann passes, Bob passes, Cid buys SC for 50",
                 "Bob:\nbids 20 on HB", "Ann bids 20 on HB\nBob: passes"):     # a head naming another seat
        with pytest.raises(MoveRejected):
            t.submit(line, seat="Ann").check()          # Bob's and Cid's moves, sent from Ann's seat
        assert (tmp_path / "g.pbem").read_bytes() == before and len(t.seqs) == 0
    t.submit("Ann bids 20 on HB", seat="Ann").check()
    assert t.game.companies["HB"].owner == "Ann"


@pytest.mark.parametrize("line,price", [("convert SC at 76", 76), ("Ann converts SC @ 67", 67),
                                        ("converts Saskatchewan Central to SCR at $76", 76)])
def test_1882s_private_converted_in_a_stock_round_is_its_companys_par(line, price):
    assert _acts("1882", "SR", None, line) == [Par("ann", "SC", price)]
