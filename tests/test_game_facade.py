"""`pbem.Game`, the library facade (issue 11): the README example, push/pop/copy, all-or-nothing
messages read move by move, and the same game from a record and from its game file."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pbem
from pbem.engine.actions import Bid, LayTile, Par, Pass
from pbem.errors import AmbiguousMoveError, NotationError, RuleError
from pbem.table import Table
from pbem.notation import read_message

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT.parent / "shared" / "fixtures" / "18xx.games" / "1882"


def readme_example() -> str:
    """The library example of the README, as written there."""
    text = (ROOT / "README.md").read_text()
    start = text.index("```python\nimport pbem\n") + len("```python\n")
    return text[start:text.index("```", start)]


def test_the_readme_example_runs_as_written():
    out = subprocess.run([sys.executable, "-c", readme_example()], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "['Bob bids 50 for SC', 'Bob bids 85 for NWR', 'Bob bids 145 for TB']"
    assert lines[1].startswith("RuleError: move 1 ('Bob bids 7 on TB', line 1) refused:")
    assert "the minimum bid for TB is $145, not $7" in lines[1]


def test_push_pop_copy_and_legality():
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    assert g.current_entity() == "Ann"
    assert g.notation(Bid("Ann", "HB", 20)) == "Ann bids 20 for HB"
    assert g.legal_notation()[0] == "Ann bids 20 for HB"
    assert all(g.is_legal(a) for a in g.legal_moves()[:3])
    assert not g.is_legal(Bid("Ann", "TB", 7))
    before = g.copy()
    g.push(Bid("Ann", "HB", 20))
    assert g.current_entity() == "Bob" and before.current_entity() == "Ann"
    assert g.state.players["Ann"].cash == before.state.players["Ann"].cash - 20
    assert g.pop() == Bid("Ann", "HB", 20)
    assert g.current_entity() == "Ann" and g.moves == []
    assert g.state.players["Ann"].cash == before.state.players["Ann"].cash
    with pytest.raises(IndexError):
        g.pop()


def test_every_legal_line_reads_back_to_its_action():
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=3)
    g.push_notation("Ann buys the Hudson Bay for 20")
    for action, line in zip(g.legal_moves(), g.legal_notation()):
        assert g.parse(line) == [action]
    assert len(g.moves) == 1            # parse leaves the game as it was


def test_a_message_is_all_or_nothing():
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)
    g.push_notation("Ann buys the Hudson Bay for 20")
    cash = {p: g.state.players[p].cash for p in g.state.players}
    with pytest.raises(RuleError) as info:
        g.push_notation("Bob bids 145 on TB\nCid bids 7 on CP")
    assert "move 2 ('Cid bids 7 on CP', line 2) refused" in str(info.value)
    assert len(g.moves) == 1 and g.current_entity() == "Bob"
    assert {p: g.state.players[p].cash for p in g.state.players} == cash
    with pytest.raises(NotationError):
        g.push_notation("Bob bids 145 on TB; Cid bids 7 on XQ")      # no company is XQ
    assert len(g.moves) == 1 and g.current_entity() == "Bob"
    assert g.push_notation("Bob passes; Cid passes") == [Pass("Bob"), Pass("Cid")]


# --- a message whose second move reads only after the first (issue 11) ------------------------
OPENING = [
    ("Ann", "Ann buys the Hudson Bay for 20"), ("Bob", "Bob bids 150 on the Trestle Bridge"),
    ("Cid", "buy Saskatchewan Central for 50"), ("Ann", "pass"), ("Bob", "pass"), ("Cid", "Cid bids 80 for NWR"),
    ("Ann", "Ann buys Canadian Pacific for 180\nAnn pars CPR at 76"), ("Bob", "Bob pars GT at 67"),
    ("Cid", "Cid pars CNR at 67"), ("Ann", "Ann buys a share of CPR"), ("Bob", "Bob buys GT"), ("Cid", "Cid buys CNR"),
    *[("Ann", "Ann buys CPR"), ("Bob", "Bob buys GT"), ("Cid", "Cid buys CNR")] * 3,
    ("Ann", "pass"), ("Cid", "pass"), ("Ann", "CPR lays 57 in I5 rot 1; buys a 2 train; buys a 2 train; done"),
]


def test_a_later_lay_is_read_after_the_earlier_one(tmp_path):
    """The demo's game (1882, seed 7) at GT's first turn: #8 fits M7 only once #57 is on L8,
    so read against the state before the message the second lay cannot be laid at all."""
    t = Table.create(tmp_path / "g.pbem", "1882", [("Ann", ""), ("Bob", ""), ("Cid", "")], 7)
    for who, text in OPENING:
        t.submit(text, who).check()
    assert t.game.current_entity() == "GT"
    message = "GT: lays #57 on L8 rot 1; lays #8 on M7"
    with pytest.raises(AmbiguousMoveError, match="cannot be laid on M7 in any rotation now"):
        read_message(message, t.play.context("Bob"))         # the whole message against the old state
    applied = t.submit(message, "Bob").check().applied
    assert [m.notation for m in applied] == ["GT lays #57 on L8 rot 1", "GT lays #8 on M7 rot 2"]
    assert t.play.moves[-2:] == [LayTile("GT", "L8", "57", 1), LayTile("GT", "M7", "8", 2)]
    again = Table.open(t.file.path)                            # and the file replays to the same state
    assert again.game.board.snapshot() == t.game.board.snapshot()


def test_a_record_and_its_game_file_reach_the_same_state(tmp_path):
    from pbem.replay.record_file import import_record
    from pbem.replay.state import state_json

    path = tmp_path / "10526.pbem"
    import_record(FIX / "10526.json", path)
    from_record = pbem.read_record(FIX / "10526.json")
    from_file = pbem.read_game(path)
    names = dict(from_record.setup.players)
    a, b = state_json(from_record.state, None), state_json(from_file.state, None)
    for p in a["players"]:
        p["id"] = p["name"] = names.get(str(p["id"]), p["name"])
    for p in b["players"]:
        p["id"] = p["name"]
    for c in a["corporations"]:
        c["president"] = names.get(str(c["president"]), c["president"])
    for c in a["companies"]:
        c["owner"] = names.get(str(c["owner"]), c["owner"])
    assert a == b
    assert len(from_file.moves) == len(from_record.moves)
    import json

    as_json = pbem.read_record(json.loads((FIX / "10526.json").read_text()), stop_at=200)
    assert as_json.moves == pbem.read_record(FIX / "10526.json", stop_at=200).moves
    assert 0 < len(as_json.moves) < len(from_record.moves)


def test_the_facade_reads_a_move_as_the_table_does():
    """Without the table, `push_notation` makes the passes a later step's move implies ("CPR lays
    57 in I5 rot 1; buys a 2 train": no token), and checks what a line claims about its result."""
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    for who, text in OPENING:
        g.push_notation(text, who)
    assert Pass("CPR") in g.moves[-6:] and g.current_entity() == "GT"
    mark = len(g.moves)
    with pytest.raises(RuleError, match="what it says about the result is not what the move does"):
        g.push_notation("GT lays #57 on L8 rot 1; buys a 2 train (cash 999)", "Bob")
    assert len(g.moves) == mark
    g.push_notation("GT lays #57 on L8 rot 1; buys a 2 train", "Bob")
    assert g.moves[mark:mark + 1] == [LayTile("GT", "L8", "57", 1)] and Pass("GT") in g.moves[mark + 1:]


def _first_stock_round() -> "pbem.Game":
    """A 1830 game whose privates were bought at face value, at its first stock round."""
    from pbem.engine.actions import BuyCompany, Par

    g = pbem.Game.new("1830", ["Ann", "Bob", "Cid", "Dee"])
    while not any(isinstance(m, Par) and m.corporation == "C&O" for m in g.legal_moves()):
        moves = g.legal_moves()
        g.push(next((m for m in moves if isinstance(m, BuyCompany)), moves[0]))
    return g


@pytest.mark.parametrize("line", ["I float C&O", "par C&O", "I start the C&O"])
def test_a_par_without_its_price_asks_which_par(line):
    """"I float C&O" names a legal par but not its price: the reply asks for it with the pars
    allowed (an AmbiguousMoveError with the lines to send), the game left as it was."""
    from pbem.engine.actions import Par

    g = _first_stock_round()
    mark, who = len(g.moves), g.current_entity()
    with pytest.raises(AmbiguousMoveError, match=r"C&O starts at which par\? Say it: \$67, \$71, \$76, \$82, \$90, \$100") as e:
        g.push_notation(line)
    assert e.value.candidates[:2] == [f"{who} pars C&O at 100", f"{who} pars C&O at 90"] and len(e.value.candidates) == 6
    assert len(g.moves) == mark
    assert g.push_notation(line + " at the minimum") == [Par(who, "C&O", 67)]


def test_a_par_without_its_price_of_a_company_not_to_be_started_is_refused_with_the_rules_reason():
    g = _first_stock_round()
    g.push_notation("par C&O at 67")
    g.push_notation("pass", g.current_entity())     # (the next player's turn)
    with pytest.raises(RuleError, match=r"cannot start C&O now \(already started\)"):
        g.push_notation("I float C&O")


@pytest.mark.parametrize("line, want", [
    ("I bid on the C&A", None),                     # a range: asked
    ("bid the minimum on C&A", 165),                # the least bid allowed
    ("I'll take the C&A for the minimum bid", 165),
    ("buy the Schuylkill Valley", 20),              # the cheapest private: one price, bought at once
])
def test_a_bid_without_its_amount_is_the_one_allowed_or_a_question(line, want):
    g = pbem.Game.new("1830", ["Ann", "Bob", "Cid", "Dee"])
    if want is None:
        with pytest.raises(AmbiguousMoveError, match=r"how much for CA\? Say it: from \$165 up to \$600") as e:
            g.push_notation(line)
        assert e.value.candidates == ["Ann bids 165 for CA", "Ann bids 600 for CA"] and not g.moves
    else:
        assert g.push_notation(line) == [Bid("Ann", "CA" if want == 165 else "SV", want)]


def test_a_private_bought_by_a_company_without_its_price_is_a_question():
    """"B&O buys SV" names a legal purchase but not its price: the reply asks for it with the
    range the rules allow, and the same line with a price is played."""
    from pbem.engine.actions import BuyCompany

    g = pbem.read_record(FIX.parent / "1830" / "1830_game_end_bank.json")
    idx = next(i for i, a in enumerate(g.moves) if isinstance(a, BuyCompany) and a.entity == "B&O")
    g.back_to(idx)
    with pytest.raises(AmbiguousMoveError, match=r"how much for SV\? Say it: from \$10 up to \$40") as e:
        g.push_notation("B&O buys SV")
    assert e.value.candidates == ["B&O buys the private SV for 10", "B&O buys the private SV for 40"]
    assert len(g.moves) == idx
    assert g.push_notation("B&O buys SV for 40") == [BuyCompany("B&O", "SV", 40)]


def _first_run_of(corporation: str) -> "pbem.Game":
    from pbem.engine.actions import RunRoutes

    g = pbem.read_record(FIX.parent / "1830" / "1830_game_end_bank.json")
    g.back_to(next(i for i, a in enumerate(g.moves) if isinstance(a, RunRoutes) and a.entity == corporation))
    return g


@pytest.mark.parametrize("line", ["run for max", "B&O runs its best routes", "runs for 90", "run the optimal route"])
def test_a_run_asked_for_as_the_best_or_by_its_total_is_the_best_run_found(line):
    """B&O owns two 2-trains: "runs for 90" is their total, "run for max" the best run; each
    is played as the run the search proves best, with each train's route and revenue."""
    g = _first_run_of("B&O")
    record = pbem.read_record(FIX.parent / "1830" / "1830_game_end_bank.json").moves[len(g.moves)]   # the run played
    got = g.push_notation(line)
    assert sorted((r.train, tuple(s.hex for s in r.stops), r.revenue) for r in got[0].routes) == \
        sorted((r.train, tuple(s.hex for s in r.stops), r.revenue) for r in record.routes)
    assert sum(r.revenue for r in got[0].routes) == 90


@pytest.mark.parametrize("line", ["run", "B&O: run", "runs"])
def test_a_run_word_alone_is_asked_its_route_or_the_best_run(line):
    g = _first_run_of("B&O")
    with pytest.raises(NotationError, match='expected a train and its route, or "for max"'):
        g.push_notation(line)


def test_one_amount_after_several_routes_is_the_run_s_total_when_they_earn_it():
    """B&O's two 2s: "runs I15-I19 and I15-J14 for 90" is their total (40 and 50), each route's
    revenue what the game counts; an amount they do not earn together stays the last route's own."""
    g = _first_run_of("B&O")
    got = g.copy().push_notation("runs I15-I19 and I15-J14 for 90")[0]
    assert [(tuple(s.hex for s in r.stops), r.revenue) for r in got.routes] == [(("I15", "I19"), 40), (("I15", "J14"), 50)]
    with pytest.raises(RuleError, match=r"the route I15-J14 is worth \$50, not \$80"):
        g.push_notation("runs I15-I19 and I15-J14 for 80")


@pytest.mark.parametrize("line", ["run", "runs for 80"])
def test_a_run_with_no_revenue_or_another_total_is_not_taken_for_the_best(line):
    g = _first_run_of("B&O")
    mark = len(g.moves)
    with pytest.raises((NotationError, RuleError)):
        g.push_notation(line)
    assert len(g.moves) == mark


@pytest.mark.parametrize("line", ["buy a train", "B&O buys a train from the depot", "buy train from depot"])
def test_a_train_of_no_kind_named_is_the_one_kind_sold_now(line):
    from pbem.engine.actions import BuyTrain

    g = pbem.read_record(FIX.parent / "1830" / "1830_game_end_bank.json")
    g.back_to(next(i for i, a in enumerate(g.moves) if isinstance(a, BuyTrain) and a.entity == "B&O"))
    assert [(a.entity, a.train, a.source) for a in g.push_notation(line)] == [("B&O", "2", "depot")]


@pytest.mark.parametrize("line", ["B&O must buy a train", "B&O passes on buying a train", "B&O takes a loan to buy the train"])
def test_a_train_needed_or_passed_on_is_no_train_bought(line):
    from pbem.engine.actions import BuyTrain

    g = pbem.read_record(FIX.parent / "1830" / "1830_game_end_bank.json")
    g.back_to(next(i for i, a in enumerate(g.moves) if isinstance(a, BuyTrain) and a.entity == "B&O"))
    try:
        got = g.push_notation(line)
    except (NotationError, RuleError):
        return
    assert not any(isinstance(a, BuyTrain) for a in got), got


@pytest.mark.parametrize("line", ["upgrade I17", "lay a tile on I17", "tile I17", "B&O lays a yellow tile on I17"])
def test_a_lay_on_a_hex_with_no_tile_named_asks_which_of_the_legal_lays(line):
    g = pbem.read_record(FIX.parent / "1830" / "1830_game_end_bank.json")
    g.back_to(next(i for i, a in enumerate(g.moves) if isinstance(a, LayTile)))
    mark = len(g.moves)
    with pytest.raises(AmbiguousMoveError) as e:
        g.push_notation(line)
    assert e.value.candidates == [f"B&O lays #{t} on I17 rot 1" for t in (7, 8, 9)] and len(g.moves) == mark
    assert g.push_notation(line.replace("a yellow tile", "#9").replace("a tile", "#9").replace("tile", "#9")
                           .replace("upgrade", "lay #9 on")) == [LayTile("B&O", "I17", "9", 1)]


@pytest.mark.parametrize("line", ["SE @ 150", "SE at 150"])
def test_a_company_at_a_price_is_the_par_or_buy_the_game_allows(line):
    """"SE @ 150" could be a par or a share bought at that price: the one the game allows now."""
    from pbem.engine.actions import Par

    g = pbem.read_record(FIX.parent / "1861" / "29683.json")
    g.back_to(next(i for i, a in enumerate(g.moves) if isinstance(a, Par) and a.corporation == "SE"))
    who = g.current_entity()
    assert g.push_notation(line) == [Par(who, "SE", 150)]


def _at_first(path: Path, found) -> tuple["pbem.Game", object]:
    """The game of record `path` just before its first move for which `found(game, move)` holds."""
    g = pbem.read_record(path)
    moves = list(g.moves)
    g.back_to(0)
    for a in moves:
        if found(g, a):
            return g, a
        g.push(a)
    raise AssertionError("no such move in the record")


def test_a_share_bought_with_no_source_said_comes_from_the_pool_when_only_the_pool_sells_one():
    from pbem.engine.actions import BuyShares

    def pool_only(g, a):
        return isinstance(a, BuyShares) and {m.source for m in g.legal_moves()
                                             if isinstance(m, BuyShares) and m.corporation == a.corporation} == {"pool"}

    g, a = _at_first(FIX.parent / "1830" / "26855.json", pool_only)
    assert g.push_notation(f"buy a share of {a.corporation}") == [a]


def test_a_token_not_said_to_be_neutral_is_the_neutral_station_when_only_that_may_be_placed_there():
    from pbem.engine.actions import PlaceToken

    def neutral_only(g, a):
        here = [m for m in g.legal_moves() if isinstance(m, PlaceToken) and m.hex == getattr(a, "hex", None)]
        return isinstance(a, PlaceToken) and a.neutral and here and all(m.neutral for m in here)

    g, a = _at_first(FIX / "10526.json", neutral_only)
    got = g.copy().push_notation(f"{a.entity} tokens {a.hex}", g.state.controller(a.entity))
    assert [(m.entity, m.hex, m.city, m.neutral) for m in got] == [(a.entity, a.hex, a.city, True)]


@pytest.mark.parametrize("joiner", [", ", "\n"])
def test_a_line_is_read_against_the_state_the_moves_before_it_leave(joiner):
    """The bid that wins the B&O private, then "B&O @ 100": after the bid the par is the move the
    game allows (before it, a bid on the private), on the same line or on the next."""
    g = pbem.read_record(FIX.parent / "1830" / "26855.json")
    i = next(i for i, a in enumerate(g.moves) if isinstance(a, Par) and a.corporation == "B&O")
    bid, par = g.moves[i - 1], g.moves[i]
    g.back_to(i - 1)
    assert g.push_notation(f"{bid.price} for the Baltimore & Ohio{joiner}B&O @ {par.price}", bid.entity) == [bid, par]


def test_sales_told_with_the_train_they_are_for_are_the_sales_then_the_train():
    from pbem.engine.actions import SellShares

    g, a = _at_first(FIX.parent / "1830" / "26855.json",
                     lambda g, a: isinstance(a, SellShares) and getattr(g.state.round, "name", "") == "operating")
    i = len(g.moves)
    record = pbem.read_record(FIX.parent / "1830" / "26855.json").moves[i:i + 6]
    got = g.copy().push_notation("sell 1 PRR, 1 NYC, 1 B&O, 2 C&O and 5 ERIE to buy the D", a.entity)
    assert [(type(m), m.entity, getattr(m, "corporation", getattr(m, "train", None))) for m in got] == \
        [(type(m), m.entity, getattr(m, "corporation", getattr(m, "train", None))) for m in record]
    with pytest.raises(RuleError) as e:       # one sale is not enough: the buy says so, nothing is made
        g.copy().push_notation("I sell 1 PRR to buy the D", a.entity)
    assert "D train" in str(e.value)


def test_a_move_told_by_the_writer_s_role_is_quoted_as_written():
    from pbem.engine.actions import BuyTrain

    g, a = _at_first(FIX.parent / "1830" / "1830_game_end_bank.json",
                     lambda g, a: isinstance(a, BuyTrain) and a.entity == "B&O")
    seat = g.state.controller("B&O")
    assert g.copy().push_notation("B&O's president buys a 2", seat) == [BuyTrain("B&O", "2", "depot")]
    with pytest.raises(RuleError) as e:
        g.copy().push_notation("PRR's president buys a 2", seat)
    assert "PRR's president buys a 2" in str(e.value)


def test_a_run_s_total_with_trains_of_several_kinds_is_the_best_run_when_it_earns_that():
    from pbem.engine.actions import RunRoutes

    def mixed(g, a):
        return isinstance(a, RunRoutes) and len({r.train for r in a.routes}) > 1
    g, a = _at_first(FIX.parent / "1830" / "26855.json", mixed)
    total = sum(r.revenue for r in a.routes)
    with pytest.raises(RuleError, match=f"the best run pbem finds for {a.entity} is .* not \\${total + 10}"):
        g.copy().push_notation(f"runs for {total + 10}")
    got = g.push_notation(f"runs for {total}")[0]       # (the best run; which train runs which route may differ)
    assert sorted(r.train for r in got.routes) == sorted(r.train for r in a.routes)
    assert sum(r.revenue for r in got.routes) == total and all(r.stops for r in got.routes)


def test_an_action_pushed_without_a_value_its_kind_needs_is_refused_not_a_crash():
    from pbem.engine.actions import Par

    g = pbem.Game.new("1830", ["Ann", "Bob", "Cid", "Dee"])
    for action in (Bid("Ann", "CA", None), Par("Ann", "PRR", None)):
        with pytest.raises(RuleError, match="leaves out its price"):
            g.push(action)
    assert not g.moves


@pytest.mark.parametrize("line", ["CPR buys GT's 3", "CPR takes GT's 3"])
def test_a_train_from_another_corporation_without_its_price_is_a_question(line):
    """"CPR takes GT's 3" names a legal purchase but not its price: the reply asks for the price
    with the range the rules allow (an AmbiguousMoveError with the lines to send), not a
    refusal; the game is left as it was, and the same line with a price is played."""
    from pbem.engine.actions import BuyTrain

    g = pbem.read_record(FIX / "10526.json")
    idx = next(i for i, a in enumerate(g.moves) if isinstance(a, BuyTrain) and a.source == "GT")
    g.back_to(idx)
    with pytest.raises(AmbiguousMoveError, match=r"for how much\? Say the price: any price from \$1 to \$530") as e:
        g.push_notation(line)
    assert e.value.candidates == ["CPR buys a 3 train from GT for 1", "CPR buys a 3 train from GT for 530"]
    assert len(g.moves) == idx
    assert g.push_notation(line + " for 437") == [BuyTrain("CPR", "3", "GT", 437)]


def test_a_share_said_again_in_a_later_mail_repeats_the_writers_last_share_move():
    """"GT again" in a stock round: the writer's last move said again for GT (a share bought, a
    par as the share it bought, or a sale); with no such move before, or the name alone, it is
    refused as before."""
    from test_mail_servers import PLAIN

    game = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=7)
    with pytest.raises(NotationError, match="cannot be told"):
        game.copy().push_notation("CPR again", "Ann")            # nothing said before
    for who, text in PLAIN[:11]:
        game.push_notation(text, who)
    assert [game.notation(a) for a in game.push_notation("gt again pls", "Bob")] == \
        ["Bob buys a 10% share of GT from the IPO"]             # after "Bob pars GT at 67"
    assert [game.notation(a) for a in game.push_notation("CNR again", "Cid")] == \
        ["Cid buys a 10% share of CNR from the IPO"]
    with pytest.raises(NotationError, match="cannot be told"):
        game.copy().push_notation("CPR", "Ann")                   # the name alone
    assert [game.notation(a) for a in game.push_notation("again CNR", "Ann")] == \
        ["Ann buys a 10% share of CNR from the IPO"]             # Ann's last: a share of CPR bought


@pytest.mark.parametrize("index,line,error,why", [
    # HBR at the train step (record 10526, action 115): no token may be placed, no city is legal
    (115, "HBR places a token on J10", RuleError, "HBR cannot place a token now: it is at the buy train step"),
    (115, "HBR buys a train from CN", RuleError, "HBR may buy no train from CN now"),       # CN owns no train
    (115, "HBR buys a train from GT", AmbiguousMoveError, "which train? HBR may buy a 2 or a 3"),
    (115, "HBR buys QLL's 3", RuleError, "QLL has no 3 train"),          # no price asked of a train not there
    # HBR's run (action 113): a route that does not hold is the rules' refusal, not a total read
    (113, "HBR runs B2-C3 and C3-E5 for 60", RuleError, "no track joins C3 and E5 without passing another stop"),
])
def test_what_a_move_leaves_unsaid_is_asked_or_refused_saying_why(index, line, error, why):
    """A token with no city, a train of no kind named, a run's one total: the question which, or the
    rules' reason when nothing fits; nothing is applied."""
    g = pbem.read_record(FIX / "10526.json")
    g.back_to(index)
    with pytest.raises(error) as info:
        g.push_notation(line)
    assert why in str(info.value) and len(g.moves) == index
