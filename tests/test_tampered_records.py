"""A record with one action tampered is refused, naming the action's index and id and the rule."""
import json
from pathlib import Path

import pytest

from pbem.importers.eighteen_xx import ImportRefused, load_record, replay_record

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"


def tampered(tmp_path, name, action_id, change):
    data = json.loads((FIX / f"{name}.json").read_text())
    target = next(a for a in data["actions"] if a.get("id") == action_id)
    change(target)
    out = tmp_path / f"{name}-tampered.json"
    out.write_text(json.dumps(data))
    return out


def refusal(path):
    rec = load_record(path)
    with pytest.raises(ImportRefused) as info:
        replay_record(rec)
    err = info.value
    assert rec.live[err.index]["id"] == err.action_id
    return err


def test_untampered_record_replays(tmp_path):
    path = tampered(tmp_path, "5585", 197, lambda a: None)
    assert replay_record(load_record(path)).finished


def test_buy_over_the_sixty_percent_cap_is_refused(tmp_path):
    # before action 383 player 148 already holds 60% of CNR (white zone); make that buy a seventh CNR share
    path = tampered(tmp_path, "5585", 383, lambda a: a.update(shares=["CNR_8"]))
    err = refusal(path)
    assert err.action_id == 383
    assert "more than 60% of CNR" in str(err)
    assert "(id 383, buy_shares)" in str(err) and "rule:" in str(err)


def test_tile_on_a_blocked_private_hex_is_refused(tmp_path):
    # the first tile of 5585 goes to C11 instead: Hudson Bay (owned by a player) blocks it
    path = tampered(tmp_path, "5585", 55, lambda a: a.update(hex="C11"))
    err = refusal(path)
    assert err.action_id == 55
    assert "C11 is blocked by Hudson Bay" in str(err)
    assert "private companies block their hexes" in err.rule


def test_route_through_a_full_city_is_refused(tmp_path):
    # before action 73 of 5236 Saskatoon (G7) is full of other stations; CPR may not run through it
    def through_g7(a):
        a["routes"] = [{"train": a["routes"][0]["train"], "connections": [["I5", "H6", "G7"], ["G7", "F8"]]}]

    path = tampered(tmp_path, "5236", 73, through_g7)
    err = refusal(path)
    assert err.action_id == 73
    assert "G7" in str(err) and "run through" in str(err)
    assert "blocked cities" in err.rule


def test_claimed_revenue_is_checked_when_not_trusted():
    """18xx.games stores revenue and trusts it; a claim typed by a player is recomputed and checked."""
    import dataclasses

    from pbem.engine.actions import RunRoutes
    from pbem.errors import RuleError
    from pbem.importers.eighteen_xx import Converter

    rec = load_record(FIX / "hs_fxmfdndg_26178.json")
    run = next(a for a in rec.live if a["type"] == "run_routes" and a.get("routes"))
    before = rec.live[rec.live.index(run) - 1]["id"]
    game = replay_record(rec, stop_at=before)
    action = Converter(game).convert(run)[0]
    stored = action.routes[0].revenue
    wrong = dataclasses.replace(action.routes[0], revenue=stored + 10, trusted=False)
    with pytest.raises(RuleError, match=str(stored + 10)):
        game.push(RunRoutes(action.entity, (wrong,) + action.routes[1:]))
    right = dataclasses.replace(action.routes[0], trusted=False)
    game.push(RunRoutes(action.entity, (right,) + action.routes[1:]))
