"""Seeded random games that once found bugs (tools/randplay.py --save), kept as game files with
their final values: each must still replay to the end and give the same values."""
import json
from pathlib import Path

import pytest

from pbem.table import Table

DATA = Path(__file__).resolve().parent / "data" / "random"
GAMES = sorted(DATA.glob("*.pbem"))


def test_there_are_regression_games():
    assert len(GAMES) >= 4


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_random_game_replays_to_its_values(path, tmp_path):
    want = json.loads(path.with_suffix(".json").read_text())
    copy = tmp_path / path.name                       # replay a copy: no lock file beside tests/data
    copy.write_bytes(path.read_bytes())
    t = Table.open(copy, moderator=False)
    g = t.game
    assert len(t.seqs) == want["moves"]
    assert g.finished == want["finished"] and g.end_reason == want["end_reason"]
    assert {pid: g.player_value(pid) for pid in g.seat_order} == want["values"]


def test_no_merger_or_conversion_is_offered_once_no_major_is_left(tmp_path):
    """Late in the random 1861 games every major is in play: a minor's turn in the merger round
    then offers no merger or conversion (either would dead-end: nothing left to become)."""
    from pbem.engine import actions as A
    from pbem.gamefile import GameFile
    from pbem.notation import read_message

    checked = 0
    for src in sorted(DATA.glob("1861-*.pbem")):
        path = tmp_path / src.name
        path.write_bytes(src.read_bytes())
        gf = GameFile.open(path)
        game = Table.new_game(gf.header)
        checked += _merger_offers_checked(gf, game, A, read_message)
    assert checked >= 1


def _merger_offers_checked(gf, game, A, read_message) -> int:
    from pbem.game_notation import bound_context

    checked = 0
    names = bound_context(lambda: game, trusted=True)      # the names once, the turn per move
    for rec in gf.effective_moves():
        r = game.round
        if r.name == "merger" and getattr(r, "mode", "") == "choose" and not r.open_majors() \
                and game.current_entity() in game.corporations:
            kinds = {type(m.action) for m in game.legal_moves()}
            assert A.Merge not in kinds and A.Convert not in kinds, game.current_entity()
            assert kinds, "something must be left to do"
            checked += 1
        (move,) = read_message(rec.notation, names.at_turn(actor=None, current=game.current_entity()),
                               single_line=True)
        game.push(move.action)
    return checked


def test_shares_of_a_major_that_has_not_operated_are_not_sold(tmp_path):
    """1861 (as 18xx.games' SELL_AFTER operate): refplay found pbem selling shares of a major
    that had not operated yet. In random game 2 such holdings occur in stock rounds: no sale of
    them is listed and one is refused."""
    import copy

    from pbem.engine import actions as A
    from pbem.errors import RuleError
    from pbem.gamefile import GameFile
    from pbem.game_notation import notation_context
    from pbem.notation import read_message

    checked = 0
    for name in ("1861-seed2.pbem", "1861-seed4.pbem"):
        path = tmp_path / name
        path.write_bytes((DATA / name).read_bytes())
        gf = GameFile.open(path)
        game = Table.new_game(gf.header)
        for rec in gf.effective_moves():
            ent = game.current_entity()
            if game.round.name == "stock" and ent in game.players and checked < 20 \
                    and not getattr(game.round, "auction", None):
                fresh = [c for c in game.corporations.values()
                         if c.kind == "major" and not c.operated and c.percent_of(ent) >= 10]
                if fresh:
                    sells = {m.action.corporation for m in game.legal_moves() if isinstance(m.action, A.SellShares)}
                    assert not sells & {c.sym for c in fresh}
                    with pytest.raises(RuleError, match="has not operated"):
                        copy.deepcopy(game).push(A.SellShares(ent, fresh[0].sym, 10))
                    checked += 1
            ctx = notation_context(game, trusted=True).at_turn(actor=None, current=game.current_entity())
            (move,) = read_message(rec.notation, ctx, single_line=True)
            game.push(move.action)
    assert checked >= 1
