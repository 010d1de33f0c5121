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
    national = g.corporations[g.national]
    assert g.train_limit(national) == 0
    before = g.current_entity()
    g.title.nationalize(g, g.corporations[sym])
    assert national.trains and g.crowded_corps() == []
    assert g.current_entity() == before and "discard_train" not in g.legal_actions()
