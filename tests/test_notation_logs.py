"""Lines of a pasted 18xx.games log that are not moves are recognised and never read as moves.

Banners, "X operates Y", automatic actions ("SV skips run routes", a minor's automatic
dividend, private income) are set aside; results of the move before ("CPR's share price
moves right from $82 to $90", "Ann becomes the president of CPR") become claims on it.
"""
from __future__ import annotations

import pytest

from pbem.engine.actions import BuyShares, Dividend, Pass
from pbem.errors import NotationError
from pbem.notation import context_for_title, parse_message, read_message

PLAYERS = {"ann": "Ann", "bob": "Bob", "p1": "Player 1"}
AU = context_for_title("1882", PLAYERS, actor="ann", current="ann", round_kind="auction")
OR = context_for_title("1882", PLAYERS, actor="ann", current="CPR", round_kind="operating")
SR = context_for_title("1882", PLAYERS, actor="ann", current="ann", round_kind="stock")
OR61 = context_for_title("1861", PLAYERS, actor="ann", current="GRR", round_kind="operating")
SR61 = context_for_title("1861", PLAYERS, actor="ann", current="ann", round_kind="stock")     # minors auctioned here

SET_ASIDE = [
    # (context, line, kind)
    (SR, "-- Stock Round 3 --", "banner"),
    (OR, "[18:03] -- Operating Round 1.1 (of 1) --", "banner"),
    (OR, "-- Phase 3 (Operating Rounds: 2 | Train Limit: 4 | Available Tiles: Yellow, Green) --", "banner"),
    (OR, "-- Event: North West Rebellion! --", "banner"),
    (SR, "Player 1 has priority deal", "banner"),
    (AU, "[17:52] North West Rebellion goes up for auction", "banner"),
    (SR, "QLL must choose city for home token", "banner"),
    (OR, "[18:02] • Action(pass) via Master Mode by: Player 1", "banner"),
    (OR, "NWR Rebellion occurs on purchase of the first 6 train", "banner"),
    (AU, "Trestle Bridge comes with a 10% share of HBR", "banner"),
    (OR, "Ann operates CPR", "turn"),
    (OR, "[18:03] Player 1 operates QLL", "turn"),
    (OR, "CPR skips buy companies", "automatic"),
    (OR, "CPR skips place a token", "automatic"),
    (OR, "HBR skips run routes", "automatic"),
    (OR, "GT automatically skips buy trains because it has no room for more trains", "automatic"),
    (SR, "Ann has no valid actions and passes", "automatic"),
    (OR, "Ann collects $5 from Hudson Bay", "automatic"),
    (OR, "[18:03] Player 1 collects $25 from Canadian Pacific", "automatic"),
    (OR61, "SV skips run routes", "automatic"),
    (OR61, "KR withholds 25₽", "automatic"),                 # minors pay automatically
    (OR61, "[17:40] N withholds 40₽", "automatic"),
    (OR61, "GRR pays 20₽ interest for  1 loan", "automatic"),
    (OR61, "GRR pays off a loan for 100₽", "automatic"),
    (OR61, "RSR run by Ann, as they have priority deal", "consequence"),   # no move before it
    (SR61, "Ann cannot bid 100₽ and is out of the auction for KR", "banner"),
]


@pytest.mark.parametrize("ctx,line,kind", SET_ASIDE, ids=[s[1][:60] for s in SET_ASIDE])
def test_non_move_lines_are_set_aside(ctx, line, kind):
    aside = []
    assert read_message(line, ctx, aside=aside) == []
    assert [(n, log.kind) for n, log in aside] == [(1, kind)]


def test_a_skip_never_becomes_a_pass_at_another_step():
    aside = []
    moves = read_message("SV skips run routes\nKR withholds 25₽", OR61, aside=aside)
    assert moves == [] and [log.kind for _, log in aside] == ["automatic", "automatic"]


def test_a_major_dividend_in_1861_is_still_a_move():
    assert parse_message("GRR withholds 40₽", OR61) == [Dividend("GRR", "withhold")]


def test_an_unknown_name_before_skips_is_not_set_aside():
    # "Zed" names nobody: the line is read by the grammar and refused, not silently dropped
    with pytest.raises(NotationError):
        parse_message("Zed skips run routes", OR)


CONSEQUENCES = [
    ("CPR pays out $100\nCPR's share price moves right from $82 to $90",
     [("revenue", 100), ("price_move", ("CPR", 82, 90))]),
    ("CPR pays out $100\n[18:25] CPR's share price moves up from $82 to $90",
     [("revenue", 100), ("price_move", ("CPR", 82, 90))]),
    ("Ann buys a 10% share of CPR from the IPO for $76\nAnn becomes the president of CPR",
     [("paid", 76), ("president", ("ann", "CPR"))]),
    ("Ann buys a 10% share of CPR from the IPO for $76\nCPR floats\nCPR receives $760",
     [("paid", 76), ("floats", "CPR"), ("gets", ("CPR", 760))]),
    # 18xx.games writes the president's contribution before the purchase it pays for
    ("Ann contributes $120\nCPR buys a D train for $800 from The Depot",
     [("gets", ("ann", -120))]),
    ("Player 1 wins the auction for Trestle Bridge with a bid of $185\nPlayer 1 receives a 10% share of HBR",
     None),
]


@pytest.mark.parametrize("text,claims", [c for c in CONSEQUENCES if c[1] is not None], ids=lambda x: str(x)[:50])
def test_consequence_lines_become_claims_on_the_move_before(text, claims):
    moves = read_message(text, SR if "buys a 10%" in text else OR)
    assert len(moves) == 1
    assert [(c.kind, c.value) for c in moves[0].claims] == claims


def test_consequence_lines_without_a_move_before_are_set_aside():
    aside = []
    text = ("Player 1 wins the auction for Trestle Bridge with a bid of $185\n"
            "Player 1 receives a 10% share of HBR")
    assert read_message(text, AU, aside=aside) == []
    assert [log.claims[0].kind for _, log in aside] == ["owns", "share"]


def test_chat_is_recognised_only_in_a_transcript():
    aside = []
    assert read_message("[18:40] Ann: good luck all", OR, aside=aside, transcript=True) == []
    assert aside[0][1].kind == "chat"
    with pytest.raises(NotationError):
        read_message("[18:40] Ann: good luck all", OR)
    # in a mail, "Ann: buy CPR" is a move
    assert parse_message("Ann: buy CPR", SR) == [BuyShares("ann", "CPR")]


def test_passes_with_the_step_carry_a_step_claim():
    m = read_message("CPR passes lay/upgrade track", OR)[0]
    assert m.action == Pass("CPR") and [(c.kind, c.value) for c in m.claims] == [("step", "track")]
    m = read_message("CPR passes buy trains", OR)[0]
    assert [(c.kind, c.value) for c in m.claims] == [("step", "buy_train")]


def test_pasted_block_reads_only_the_moves():
    text = """[18:03] -- Operating Round 1.1 (of 1) --
[18:03] Player 1 collects $5 from Hudson Bay
[18:03] Ann operates CPR
[18:06] CPR places a token on J10 (Pile o' Bones & Lumsden)
[18:06] CPR skips buy companies
[18:07] CPR runs a 2 train for $60: I5-J10
[18:07] CPR pays out $60 = $6.0 per share ($24 to Ann, $12 to Bob)
[18:07] CPR's share price moves right from $67 to $71"""
    aside = []
    moves = read_message(text, OR, aside=aside)
    assert [type(m.action).__name__ for m in moves] == ["PlaceToken", "RunRoutes", "Dividend"]
    assert [(c.kind, c.value) for c in moves[2].claims] == [
        ("revenue", 60), ("per_share", 6), ("payees", (("ann", 24), ("bob", 12))), ("price_move", ("CPR", 67, 71))]
    assert [n for n, _ in aside] == [1, 2, 3, 5]
