"""1830 as players write it: the corporations' and privates' customary abbreviations, the
B&O private and the B&O railroad told apart, a private bought from another player."""
import pytest

import pbem


@pytest.fixture
def game():
    g = pbem.Game.new("1830", [("a", "Ann"), ("b", "Bob"), ("c", "Cy")], seed=1)
    g.push_notation("Ann buys SV for 20")
    g.push_notation("Bob buys C&StL for 40")
    g.push_notation("Cy buys D&H for 70")
    g.push_notation("Ann buys M&H for 110")
    g.push_notation("Bob buys C&A for 160")
    g.push_notation("Cy buys the B&O private for 220")
    return g


def test_the_auction_in_the_customary_names(game):
    owners = {c.sym: c.owner for c in game.state.companies.values()}
    assert owners == {"SV": "a", "CS": "b", "DH": "c", "MH": "a", "CA": "b", "BO": "c"}
    game.push_notation("Cy pars BO at 100")           # the railroad: its par comes with the private
    assert game.state.corporations["B&O"].par_price == 100


@pytest.mark.parametrize("written,corp", [("C&O", "C&O"), ("CO", "C&O"), ("Erie", "ERIE"), ("B&M", "B&M"),
                                           ("BM", "B&M"), ("NYNH", "NYNH"), ("PRR", "PRR"), ("CPR", "CPR")])
def test_corporation_abbreviations(game, written, corp):
    game.push_notation("Cy pars B&O at 100")
    game.push_notation(f"Ann pars {written} at 90")
    assert game.state.corporations[corp].president == "a"


def test_a_private_another_player_owns_is_bought_from_them(game):
    game.push_notation("Cy pars B&O at 100")
    game.state.turn = 2                                # after the first stock round
    cash = game.state.players["a"].cash, game.state.players["c"].cash
    game.push_notation("Ann buys the private DH for 50")
    assert game.state.companies["DH"].owner == "a"
    assert (game.state.players["a"].cash, game.state.players["c"].cash) == (cash[0] - 50, cash[1] + 50)


@pytest.mark.parametrize("line, source", [
    ("Ann exchanges MH for a 10% share of NYC", "ipo"),
    ("[21:20] Ann exchanges Mohawk & Hudson for a 10% share of NYC from the IPO", "ipo"),
    ("Ann exchanges Mohawk & Hudson for a 10% share of NYC from the pool", "pool"),
    ("Ann trades the Mohawk & Hudson for a 10% share of NYC", "ipo"),
])
def test_the_mohawk_exchange_told_in_words_is_the_privates_move(line, source):
    from pbem.engine.actions import BuyShares
    from pbem.notation import context_for_title, read_message

    ctx = context_for_title("1830", {"ann": "Ann"}, actor="ann", current="ann", round_kind="SR")
    assert [m.action for m in read_message(line, ctx)] == [BuyShares("MH", "NYC", source, 10)]


def test_an_exchange_for_another_corporations_share_is_no_move():
    from pbem.errors import PbemError
    from pbem.notation import context_for_title, read_message

    ctx = context_for_title("1830", {"ann": "Ann"}, actor="ann", current="ann", round_kind="SR")
    with pytest.raises(PbemError):
        read_message("Ann exchanges MH for a 10% share of PRR", ctx)
