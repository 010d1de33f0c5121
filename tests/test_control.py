"""Who acts for an entity is the game's answer (`Game.controller`), which the moderator asks:
a player for themself, a president for a corporation, an owner for a private, and through any
chain of companies holding companies (1874's companies preside over companies)."""
from __future__ import annotations

import pbem
from pbem.engine.actions import Pass
from pbem.table import Table


def _game():
    return pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1).state


def test_a_player_a_president_and_a_private_s_owner_act():
    g = _game()
    cpr, gt = g.corporations["CPR"], g.corporations["GT"]
    cpr.president = "Bob"
    assert g.controller("Ann") == "Ann"
    assert g.controller("CPR") == "Bob"
    assert g.controller("GT") is None                       # no president yet
    g.companies["HB"].owner, g.companies["HB"].owner_is_corp = "Cid", False
    assert g.controller("HB") == "Cid"
    g.companies["HB"].owner, g.companies["HB"].owner_is_corp = "CPR", True
    assert g.controller("HB") == "Bob"
    assert g.controller("nobody") is None and g.controller(None) is None
    # a corporation presided over by another: control passes up the chain
    gt.president = "CPR"
    assert g.controller("GT") == "Bob"
    cpr.president = "GT"                                    # a loop: nobody controls either
    assert g.controller("GT") is None and g.controller("HB") is None


def test_the_moderator_lets_whoever_controls_the_entity_move_for_it():
    g = _game()
    g.corporations["CPR"].president = "Cid"
    g.corporations["GT"].president = "CPR"
    assert Table._may_act(g, "Cid", Pass("GT"))
    assert not Table._may_act(g, "Ann", Pass("GT"))
    assert Table._may_act(g, "Ann", Pass("Ann")) and not Table._may_act(g, "Ann", Pass("Bob"))
