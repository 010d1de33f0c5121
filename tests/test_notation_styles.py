"""Notation as people really write it (issue 8): tense and aspect, counts and ordinals, typos,
trailing remarks and the claims they make, places by name, round labels inside the sentence.

Every variant below is hand-written in the styles of email, forum and postal play and of
pasted 18xx.games lines; each is read and compared with the exact actions (and claims) it
must give. The refusals at the end keep what is refused refused.
"""
from __future__ import annotations

import dataclasses
import re

import pytest

from pbem.engine.actions import (
    Bid, BuyCompany, BuyShares, BuyTrain, Dividend, LayTile, Par, Pass, PlaceToken, Route,
    RunRoutes, SellShares, Stop,
)
from pbem.errors import AmbiguousMoveError, NotationError
from pbem.notation import context_for_title, parse_message, read_message

PLAYERS = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dee": "Dee"}
AU = context_for_title("1882", PLAYERS, actor="ann", current="ann", round_kind="auction")   # the private auction
SR = context_for_title("1882", PLAYERS, actor="ann", current="ann", round_kind="stock")
OR = context_for_title("1882", PLAYERS, actor="ann", current="CPR", round_kind="operating")
# The old turns with no round, kept only for the refusals that the interpreter, given the round,
# reads as moves
SR0 = context_for_title("1882", PLAYERS, actor="ann", current="ann")
OR0 = context_for_title("1882", PLAYERS, actor="ann", current="CPR")
CTX = {"AU": AU, "SR": SR, "OR": OR, "SR0": SR0, "OR0": OR0}


def run(entity, *routes):
    return RunRoutes(entity, tuple(routes))


def R(train, stops, revenue=None):
    return Route(train, tuple(Stop(s) for s in stops), None, revenue)


V = [
    # ---------------------------------------------------------------- tense and aspect
    ("SR", "Ann bought a share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Ann has bought a share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Ann is buying a share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Ann will buy a share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Ann just bought a share of GT", BuyShares("ann", "GT")),
    ("SR", "Ann also buys a share of GT", BuyShares("ann", "GT")),
    ("SR", "Ann purchased one share of HBR", BuyShares("ann", "HBR")),
    ("SR", "Ann had bought 2 shares of HBR", [BuyShares("ann", "HBR", "ipo", 10)] * 2),
    ("SR", "Bob sold three shares of GT", SellShares("bob", "GT", 30)),
    ("SR", "Bob has sold two shares of GT", SellShares("bob", "GT", 20)),
    ("SR", "Bob is selling 20% of GT", SellShares("bob", "GT", 20)),
    ("SR", "Bob will sell 2 CPR", SellShares("bob", "CPR", 20)),
    ("SR", "Cid has passed", Pass("cid")),
    ("SR", "Cid is passing", Pass("cid")),
    ("SR", "Cid will pass", Pass("cid")),
    ("SR", "Dee has parred CPR at 100", Par("dee", "CPR", 100)),
    ("SR", "Dee is starting GT at $90", Par("dee", "GT", 90)),
    ("SR", "Dee has started QLL at 76", Par("dee", "QLL", 76)),
    ("AU", "Bob has bid 115 on NWR", Bid("bob", "NWR", 115)),
    ("AU", "Bob is bidding $60 for SC", Bid("bob", "SC", 60)),
    ("OR", "CPR has bought the last 3 train", BuyTrain("CPR", "3")),
    ("OR", "CPR has bought a 2 train", BuyTrain("CPR", "2")),
    ("OR", "CPR is buying a 4 train", BuyTrain("CPR", "4")),
    ("OR", "CPR will buy a 4 train from the depot", BuyTrain("CPR", "4")),
    ("OR", "Cid is buying a 4 train for CPR", BuyTrain("CPR", "4")),
    ("OR", "Cid buys a 3 train for CPR", BuyTrain("CPR", "3")),
    ("OR", "Cid buys a 3 train for the CPR for $180", BuyTrain("CPR", "3", "depot", 180)),
    ("OR", "CPR has laid #57 on I5 rot 2", LayTile("CPR", "I5", "57", 2)),
    ("OR", "CPR is laying #57 on I5 rot 2", LayTile("CPR", "I5", "57", 2)),
    ("OR", "CPR has upgraded I5 to #14 rot 3", LayTile("CPR", "I5", "14", 3)),
    ("OR", "CPR has placed a token on J10", PlaceToken("CPR", "J10")),
    ("OR", "CPR has tokened in Regina", PlaceToken("CPR", "J10")),
    ("OR", "CPR is placing a station on G7", PlaceToken("CPR", "G7")),
    ("OR", "CPR has run a 2 train I5-J10 for 60", run("CPR", R("2", ["I5", "J10"], 60))),
    ("OR", "CPR ran a 2 train I5-J10 for 60", run("CPR", R("2", ["I5", "J10"], 60))),
    ("OR", "CPR has paid out", Dividend("CPR", "payout")),
    ("OR", "CPR has withheld", Dividend("CPR", "withhold")),
    ("OR", "CPR will withhold", Dividend("CPR", "withhold")),
    ("OR", "CPR is paying out", Dividend("CPR", "payout")),
    ("OR", "CPR finally pays out", Dividend("CPR", "payout")),
    ("OR", "HBR has bought NWR from Ann for $160", BuyCompany("HBR", "NWR", 160)),
    ("OR", "GT has discarded a 2 train", None),       # filled below: DiscardTrain
    # ---------------------------------------------------------------- counts and ordinals
    ("SR", "Ann buys a 2nd share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Ann buys a second share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Ann buys her third share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Bob sells his 2 shares of GT", SellShares("bob", "GT", 20)),
    ("SR", "Ann buys a third share of GT from the pool", BuyShares("ann", "GT", "pool")),
    ("SR", "Ann buys the 3rd share of GT", BuyShares("ann", "GT")),
    ("SR", "Ann buys the last share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Ann buys the last CPR share from the pool", BuyShares("ann", "CPR", "pool")),
    ("SR", "Dee buys a second HBR share", BuyShares("dee", "HBR")),
    ("SR", "Dee buys a 2nd HBR share", BuyShares("dee", "HBR")),
    ("SR", "Dee buys another HBR share", BuyShares("dee", "HBR")),
    ("SR", "Ann buys four shares of CPR", [BuyShares("ann", "CPR", "ipo", 10)] * 4),
    ("SR", "Ann buys four CPR", [BuyShares("ann", "CPR", "ipo", 10)] * 4),
    ("SR", "Ann bought two shares of GT", [BuyShares("ann", "GT", "ipo", 10)] * 2),
    ("SR", "Bob sold of two shares of GT", SellShares("bob", "GT", 20)),
    ("SR", "Bob sold of 2 shares of GT", SellShares("bob", "GT", 20)),
    ("SR", "Bob sells of three GT", SellShares("bob", "GT", 30)),
    ("SR", "Bob sells five shares of HBR", SellShares("bob", "HBR", 50)),
    ("SR", "Bob sells 3 shares HBR", SellShares("bob", "HBR", 30)),
    ("OR", "QLL got a 2 train, HBR got a 3",
     [BuyTrain("QLL", "2"), BuyTrain("HBR", "3")]),
    ("OR", "QLL buys a 2 train, HBR buys a 3",
     [BuyTrain("QLL", "2"), BuyTrain("HBR", "3")]),
    ("OR", "QLL bought a 2 train and HBR bought a 3 train",
     [BuyTrain("QLL", "2"), BuyTrain("HBR", "3")]),
    ("OR", "QLL got a 2 train, then HBR got a 3",
     [BuyTrain("QLL", "2"), BuyTrain("HBR", "3")]),
    ("OR", "QLL withholds, HBR pays out",
     [Dividend("QLL", "withhold"), Dividend("HBR", "payout")]),
    ("OR", "GT lays #8 on K7 r5, CPR lays #57 on I5 r2",
     [LayTile("GT", "K7", "8", 5), LayTile("CPR", "I5", "57", 2)]),
    ("SR", "Ann passes, Bob passes, Cid buys a share of GT",
     [Pass("ann"), Pass("bob"), BuyShares("cid", "GT")]),
    ("SR", "Ann buys a share of CPR and Bob has sold 2 GT",
     [BuyShares("ann", "CPR"), SellShares("bob", "GT", 20)]),
    ("OR", "CPR buys the new 3 train", BuyTrain("CPR", "3")),
    ("OR", "CPR buys the first 5 train", BuyTrain("CPR", "5")),
    ("OR", "CPR buys its first 5 train for $450", BuyTrain("CPR", "5", "depot", 450)),
    ("OR", "CPR buys a second 2 train", BuyTrain("CPR", "2")),
    ("OR", "CPR buys the next 4 train", BuyTrain("CPR", "4")),
    ("OR", "CPR buys the only D train", BuyTrain("CPR", "D")),
    # ---------------------------------------------------------------- trailing remarks and purposes
    ("AU", "Bob bids 115 on NWR. Cash left 365.", Bid("bob", "NWR", 115)),
    ("AU", "Bob bids 115 on NWR, cash left 365", Bid("bob", "NWR", 115)),
    ("AU", "Bob bids 115 on NWR, leaving 365", Bid("bob", "NWR", 115)),
    ("AU", "Bob bids 115 on NWR (cash 365)", Bid("bob", "NWR", 115)),
    ("AU", "Bob bids 115 on NWR (cash left: $365)", Bid("bob", "NWR", 115)),
    ("AU", "Bob bids $115 for NWR, leaving him with $365", Bid("bob", "NWR", 115)),
    ("SR", "Ann buys a share of CPR; cash now 280", BuyShares("ann", "CPR")),
    ("SR", "Ann buys a share of CPR. Remaining cash $280.", BuyShares("ann", "CPR")),
    ("SR", "Ann sells 30% of SC to pay for the train", SellShares("ann", "SC", 30)),
    ("SR", "Ann sells 30% of SC in order to pay for the train", SellShares("ann", "SC", 30)),
    ("SR", "Ann sells 2 CPR to raise cash", SellShares("ann", "CPR", 20)),
    ("SR", "Ann sells 2 CPR to raise money for a D", SellShares("ann", "CPR", 20)),
    ("SR", "Ann sells 2 CPR, to fund the 4 train", SellShares("ann", "CPR", 20)),
    ("SR", "Ann sells 2 CPR to afford the train and buys a share of GT",
     [SellShares("ann", "CPR", 20), BuyShares("ann", "GT")]),
    ("SR", "Dee buys a second HBR share and becomes president", BuyShares("dee", "HBR")),
    ("SR", "Dee buys a second HBR share and becomes the president", BuyShares("dee", "HBR")),
    ("SR", "Dee buys a second HBR share and becomes the president of HBR", BuyShares("dee", "HBR")),
    ("SR", "Dee buys a share of HBR and thus becomes director", BuyShares("dee", "HBR")),
    ("SR", "Dee buys a share of HBR to become president", BuyShares("dee", "HBR")),
    ("SR", "Dee buys a share of HBR, becoming president", BuyShares("dee", "HBR")),
    ("SR", "Dee buys a share of HBR and is now president", BuyShares("dee", "HBR")),
    ("SR", "Dee buys HBR and becomes prez", BuyShares("dee", "HBR")),
    ("OR", "CPR buys a 4 train for $300, the president pays the rest out of pocket",
     BuyTrain("CPR", "4", "depot", 300)),
    ("OR", "CPR buys a 4 train for $300 and the president pays the rest",
     BuyTrain("CPR", "4", "depot", 300)),
    ("OR", "CPR buys a 4 train for $300; the president pays the rest out of pocket",
     BuyTrain("CPR", "4", "depot", 300)),
    ("OR", "CPR buys a 4 train for $300. The president pays the difference from his own cash.",
     BuyTrain("CPR", "4", "depot", 300)),
    ("OR", "CPR buys a 4 train out of pocket", BuyTrain("CPR", "4")),
    ("OR", "CPR buys a 4 train, partly out of the president's pocket", BuyTrain("CPR", "4")),
    ("OR", "CPR buys a D train for 800, director contributes the rest",
     BuyTrain("CPR", "D", "depot", 800)),
    ("OR", "CPR pays out $100 = $10 per share", Dividend("CPR", "payout")),
    ("OR", "CPR pays out $100 = $10 per share ($40 to Ann, $20 to Bob)", Dividend("CPR", "payout")),
    ("OR", "[17:49] CPR pays out $100 = $10 per share ($40 to Ann, $20 to Bob)", Dividend("CPR", "payout")),
    ("OR", "CPR pays out $100 ($40 to Ann, $20 to Bob, $40 to Cid)", Dividend("CPR", "payout")),
    ("OR", "CPR pays out $100 (Ann $40, Bob $20)", Dividend("CPR", "payout")),
    ("OR", "CPR pays out $100 (Ann: $40; Bob: $20)", Dividend("CPR", "payout")),
    ("OR", "CPR pays $10 per share", Dividend("CPR", "payout")),
    ("OR", "CPR withholds $40", Dividend("CPR", "withhold")),
    ("OR", "CPR pays half $60", Dividend("CPR", "half")),
    ("SR", "Ann sells 2 shares of CPR and receives $150", SellShares("ann", "CPR", 20)),
    ("SR", "Ann buys a 10% share of CPR from the IPO for $76", BuyShares("ann", "CPR")),
    ("SR", "Ann buys a share of CPR at $76", BuyShares("ann", "CPR")),
    # ---------------------------------------------------------------- places by name
    ("OR", "HBR runs a 3 train from Regina to Saskatoon for 70",
     run("HBR", R("3", ["J10", "G7"], 70))),
    ("OR", "HBR runs a 2 train Regina-Saskatoon for 60", run("HBR", R("2", ["J10", "G7"], 60))),
    ("OR", "HBR runs a 2 train Regina - Saskatoon", run("HBR", R("2", ["J10", "G7"]))),
    ("OR", "HBR runs a 2 train Regina -> Saskatoon for 60", run("HBR", R("2", ["J10", "G7"], 60))),
    ("OR", "HBR runs a 3 train Swift Current-Regina-Saskatoon for 90",
     run("HBR", R("3", ["I5", "J10", "G7"], 90))),
    ("OR", "HBR runs a 3 train I5-Regina-G7 for 90", run("HBR", R("3", ["I5", "J10", "G7"], 90))),
    ("OR", "HBR runs a 2 train from Regina to G7", run("HBR", R("2", ["J10", "G7"]))),
    ("OR", "HBR runs 2 train Saskatoon-Regina = 60", run("HBR", R("2", ["G7", "J10"], 60))),
    ("OR", "CPR lays #57 on Swift Current rot 2", LayTile("CPR", "I5", "57", 2)),
    ("OR", "CPR places a token in Saskatoon", PlaceToken("CPR", "G7")),
    ("OR", "CPR tokens Regina", PlaceToken("CPR", "J10")),
    # ---------------------------------------------------------------- round labels in the sentence
    ("OR", "In OR 2.1 CPR lays #57 on I5 r2", LayTile("CPR", "I5", "57", 2)),
    ("OR", "In OR 2.1, CPR lays #57 on I5 r2", LayTile("CPR", "I5", "57", 2)),
    ("OR", "During OR 2.1 CPR lays #57 on I5 r2", LayTile("CPR", "I5", "57", 2)),
    ("OR", "CPR lays #57 on I5 r2 in OR 2.1", LayTile("CPR", "I5", "57", 2)),
    ("OR", "CPR lays #57 on I5 r2 (OR 2.1)", LayTile("CPR", "I5", "57", 2)),
    ("SR", "In SR 3 Ann buys a share of CPR", BuyShares("ann", "CPR")),
    ("SR", "In stock round 3, Ann buys a share of CPR", BuyShares("ann", "CPR")),
    ("SR", "Ann buys a share of CPR in SR 3", BuyShares("ann", "CPR")),
    ("OR", "In operating round 4.2 GT withholds", Dividend("GT", "withhold")),
]


def _fill():
    from pbem.engine.actions import DiscardTrain
    out = []
    for k, t, e in V:
        if t == "GT has discarded a 2 train":
            e = DiscardTrain("GT", "2")
        if e is None:
            continue
        out.append((k, t, e))
    return out


VARIANTS = _fill()


def _list(e):
    return e if isinstance(e, list) else [e]


@pytest.mark.parametrize("key,text,expected", VARIANTS, ids=[v[1][:70] for v in VARIANTS])
def test_variant(key, text, expected):
    assert parse_message(text, CTX[key]) == _list(expected)


def test_there_are_many_variants():
    assert len(VARIANTS) >= 130


# ---------------------------------------------------------------------- claims as read
def _claims(text, key="OR"):
    moves = read_message(text, CTX[key])
    return [[(c.kind, c.value) for c in m.claims] for m in moves]


CLAIMS = [
    ("OR", "CPR pays out $100 = $10 per share ($40 to Ann, $20 to Bob)",
     [[("revenue", 100), ("per_share", 10), ("payees", (("ann", 40), ("bob", 20)))]]),
    ("OR", "CPR pays out $100 (Ann $40, Bob $20)", [[("revenue", 100), ("payees", (("ann", 40), ("bob", 20)))]]),
    ("OR", "CPR pays $10 per share", [[("per_share", 10)]]),
    ("OR", "CPR withholds $40", [[("revenue", 40)]]),
    ("OR", "CPR pays out", [[]]),
    ("AU", "Bob bids 115 on NWR. Cash left 365.", [[("cash", 365)]]),
    ("AU", "Bob bids 115 on NWR (cash 365)", [[("cash", 365)]]),
    ("AU", "Bob bids 115 on NWR, leaving $365", [[("cash", 365)]]),
    ("SR", "Dee buys a second HBR share and becomes president", [[("president", (None, None))]]),
    ("SR", "Dee buys a share and becomes the president of HBR", None),   # no corporation bought: refused
    ("SR", "Dee buys HBR and becomes president of HBR", [[("president", (None, "HBR"))]]),
    ("OR", "Cid is buying a 4 train for CPR", [[("president", ("cid", "CPR"))]]),
    ("OR", "CPR buys a 4 train for $300, the president pays the rest out of pocket", [[("pocket", None)]]),
    ("OR", "CPR buys a 4 train out of pocket", [[("pocket", None)]]),
    ("SR", "Ann sells 2 shares of CPR and receives $150", [[("received", 150)]]),
    ("SR", "Ann buys a 10% share of CPR from the IPO for $76", [[("paid", 76)]]),
    ("SR", "Ann sells 30% of SC to pay for the train", [[]]),
    ("SR", "Ann buys a share of CPR; cash now 280\nBob passes. Cash left 12",
     [[("cash", 280)], [("cash", 12)]]),
    ("OR", "CPR lays #57 on I5 r2; buys a 3 train. Cash left 20", [[], [("cash", 20)]]),
    # what a lay or a token cost, checked at the table against what it paid the bank
    ("OR", "CPR lays #57 on I5 r2 for $80", [[("spent", 80)]]),
    ("OR", "CPR lays #57 on I5 r2 for 2", [[("spent", 2)]]),
    ("OR", "CPR lays #57 on I5 r2 at a cost of $80", [[("spent", 80)]]),
    ("OR", "CPR lays #57 on I5 r2, costs 80", [[("spent", 80)]]),
    ("OR", "CPR lays #57 on I5 r2 spending 80", [[("spent", 80)]]),
    ("OR", "CPR lays #57 on I5 r2 paying the 20", [[("spent", 20)]]),
    ("OR", "CPR lays #57 on I5 r2 paying 80", [[("spent", 80)]]),     # a dividend's word before a lay's amount
    ("OR", "CPR places a token on J8 paying $40", [[("spent", 40)]]),
    ("OR", "CPR places a token on J8 for $40", [[("spent", 40)]]),
    ("OR", "CPR tokens J8 for 40", [[("spent", 40)]]),
    # near misses: a dividend's revenue, a train's price, a second lay's extra, the tile's own number
    ("OR", "CPR lays #57 on I5 r2 and pays out 80", [[], [("revenue", 80)]]),
    ("OR", "CPR lays #57 on I5 r2, buys a 2 for 80", [[], []]),
    ("OR", "CPR lays #57 on I5 r2 and #9 on J4 r1 for the extra $20", [[], []]),
    ("OR", "CPR upgrades I5 to #14 r1 with the 14", [[]]),
    ("OR", "CPR lays #57 on I5 r2, paying 80", [[], [("revenue", 80)]]),     # a clause of its own: a payout
    ("OR", "CPR lays #57 on I5 r2 for $80 and #9 on J4 r1 for $20", [[("spent", 80)], [("spent", 20)]]),
]


@pytest.mark.parametrize("key,text,expected", [c for c in CLAIMS if c[2] is not None], ids=lambda x: str(x)[:60])
def test_claims_are_read(key, text, expected):
    assert _claims(text, key) == expected


def test_claim_positions_point_at_the_words():
    m = read_message("Bob bids 115 on NWR. Cash left 365.", AU)[0]
    c = m.claims[0]
    assert c.column == 22 and c.text.startswith("Cash left")


def test_round_label_inside_the_sentence_is_the_move_header():
    for text in ("In OR 2.1 CPR lays #57 on I5 r2", "CPR lays #57 on I5 r2 in OR 2.1",
                 "CPR lays #57 on I5 r2 (OR 2.1)", "During OR 2.1, CPR lays #57 on I5 r2"):
        assert read_message(text, OR)[0].header == "OR 2.1", text


# ---------------------------------------------------------------------- still refused
REFUSED = [
    ("OR", "CPR pays out (sorry, Bob)"),               # a remark that states nothing checkable
    ("OR", "CPR pays out (or withholds?)"),            # a bracketed remark with a move word in it
    ("OR0", "CPR pays out ($40 to Zed)"),              # an unknown payee
    ("SR", "Cash left 365"),                           # a remark with no move before it
    ("SR", "Ann bought a share of"),
    ("OR", "Cid is buying a 4 train for Zed"),
    ("OR0", "GT buys a 4 train for CPR"),              # two companies for one purchase
    ("SR", "Ann buys a share of CPR for GT"),          # "for" a company only with trains
    ("OR", "HBR runs a 2 train from Narnia to Saskatoon"),
    ("SR", "Ann has"),
    ("SR0", "Dee buys a share of HBR and becomes king"),
    ("SR", "Ann sells 2 CPR to annoy Bob"),            # not a purpose that is read
    ("OR", "CPR lays #57 on I5 r1, 2 trains"),         # no amount: a count no move takes
    ("OR", "CPR lays #57 on I5 r2 paying out 80"),     # a payout in the lay's clause
]


@pytest.mark.parametrize("text, told", [
    ("CPR lays #57 on I5 r2 for $80 and $20", '"$80" and "$20" told of one lay'),
    ("CPR lays #57 on I5 r2 for $80, $20", '"$80" and "$20" told of one lay'),
    ("CPR places a token on J8 for $40 and $20", '"$40" and "$20" told of one token'),
    # beside a second lay's extra: neither amount dropped
    ("CPR lays #57 on I5 r2 for $80 (2nd lay $20)", '"$80" and "$20" told of one lay'),
    ("CPR lays #57 on I5 r2 for $80 (second lay, 20 extra)", '"$80" and "20" told of one lay'),
])
def test_two_amounts_told_of_one_lay_or_token_are_asked(text, told):
    with pytest.raises(NotationError, match=re.escape(f"{told}: which is its cost")):
        parse_message(text, OR)


@pytest.mark.parametrize("key,text", REFUSED, ids=[r[1] for r in REFUSED])
def test_still_refused(key, text):
    with pytest.raises((NotationError, AmbiguousMoveError)) as info:
        parse_message(text, CTX[key])
    assert "line 1" in str(info.value) or isinstance(info.value, AmbiguousMoveError)


@pytest.mark.parametrize("text, name", [
    ("CPR pays out (Zed gets 30)", "Zed"), ("CPR pays out (30 to Zed)", "Zed"),
    ("CPR pays out (Bob gets 30, Zed receives $30)", "Zed"), ("CPR pays out (the PRR gets 30)", "PRR"),
    # beside a player, each "Name amount" is a payee
    ("CPR pays out (Bob 30, Zed 30)", "Zed"), ("CPR pays out (Zed 30, Bob $30)", "Zed"),
    ("CPR pays out (me 30, Cid: 30, Regina 30)", "Regina"),
    # after a dividend, a name and an amount alone is a payee
    ("CPR pays out (Zed 30)", "Zed"), ("CPR pays out 60 (Zed $30, Yves $30)", "Zed"),
])
def test_a_payment_claimed_to_a_name_not_of_the_game_refuses_the_line(text, name):
    with pytest.raises(NotationError) as info:
        parse_message(text, OR)
    assert f'"{name}" names no player or company of this game' in str(info.value)
    assert info.value.column == text.index(name) + 1


@pytest.mark.parametrize("text, claims, notes", [
    ("CPR pays out (Bob gets 30)", [("payees", (("bob", 30),))], ()),
    ("CPR pays out (nice!)", [], ('the remark "(nice!)" was taken as a comment: nothing in it was checked',)),
    ("CPR pays out (thanks Zed)", [], ('the remark "(thanks Zed)" was taken as a comment: nothing in it was checked',)),
    ("CPR pays out (Bob 30, Cid 30)", [("payees", (("bob", 30), ("cid", 30)))], ()),
    ("CPR pays out (Bob 30)", [("payees", (("bob", 30),))], ()),
    ("CPR pays out (GT 30)", [("payees", (("GT", 30),))], ()),
    ("CPR pays out (me 30, Bob $30)", [("payees", (("ann", 30), ("bob", 30)))], ()),
    ("CPR pays out (R100)", [("revenue", 100)], ()),
    ("CPR pays out (Phase 3)", [], ('read without what states no move: "Phase 3"',)),
])
def test_a_payee_of_the_game_or_a_remark_beside_a_dividend_is_kept(text, claims, notes):
    (m,) = read_message(text, OR)
    assert m.action == Dividend("CPR", "payout")
    assert [(c.kind, c.value) for c in m.claims] == claims and m.notes == notes


@pytest.mark.parametrize("text", ["CPR pays out (60 to Regina)", "CPR pays out (rot 1)", "CPR runs (I5-J8 60) and pays out"])
def test_a_bracket_naming_no_player_is_no_list_of_payees(text):
    with pytest.raises(NotationError) as info:
        parse_message(text, OR)
    assert "names no player or company" not in str(info.value)


def test_a_price_paid_to_the_bank_in_brackets_names_no_payee():
    assert parse_message("CPR buys a 2 train ($80 to the Bank)", OR) == [BuyTrain("CPR", "2", "depot", 80)]


def test_refused_remark_names_line_column_and_what_was_expected():
    with pytest.raises(NotationError) as info:
        parse_message("CPR withholds\nCPR pays out (sorry, Bob)", OR)
    e = info.value
    assert (e.line, e.column) == (2, 14)
    assert "remark" in str(e) and e.expected


# ---------------------------------------------------------------------- 1861 wording
from pbem.engine.actions import Choose, Convert, Merge  # noqa: E402

OR61 = context_for_title("1861", PLAYERS, actor="ann", current="GRR", round_kind="operating")
SR61 = context_for_title("1861", PLAYERS, actor="ann", current="ann", round_kind="stock")   # minors auctioned here
MR61 = context_for_title("1861", PLAYERS, actor="ann", current="GRR", round_kind="merger")
V61 = [
    (OR61, "GRR redeems a 10% share from the market for 60₽", BuyShares("GRR", "GRR", "pool", 10)),
    (OR61, "GRR redeems a 10% share  from the market for 60₽", BuyShares("GRR", "GRR", "pool", 10)),
    (OR61, "GRR redeems a share", BuyShares("GRR", "GRR", "pool", 10)),
    (OR61, "GRR has redeemed one share from the pool", BuyShares("GRR", "GRR", "pool", 10)),
    (OR61, "redeems 2 shares", [BuyShares("GRR", "GRR", "pool", 10)] * 2),
    (SR61, "Ann auctions N for 100₽", Bid("ann", "N", 100)),
    (SR61, "Ann has auctioned KR for 110", Bid("ann", "KR", 110)),
    (SR61, "Bob bids 110₽ for N", Bid("bob", "N", 110)),
    (MR61, "Adding N to merge of MB", Merge("MB", "N")),
    (MR61, "Adding KB to merge of RO,SPW", Merge("RO", "KB")),
    (MR61, "MB merges into NW receiving 20₽, loans (1), trains ([\"3\"])", Merge("MB", "NW")),
    (MR61, "MB merges into NW receiving 20₽\nN merges into NW receiving 155₽", [Merge("MB", "NW")]),
    (MR61, "MNN converts into SW receiving 324₽, trains ([\"3\"])", [Convert("MNN"), Merge("MNN", "SW")]),
    (OR61, "GRR declines to nationalize", Pass("GRR")),
    (OR61, "GRR chooses nationalize", Choose("GRR", "nationalize")),
    (OR61, "GRR runs for 310₽ and pays half", Dividend("GRR", "half")),
    (OR61, "GRR runs for 310₽ and pays half\nGRR withholds 150₽\n"
           "GRR pays out 160₽ = 16.0₽ per share (96₽ to Ann, 48₽ to Bob)", [Dividend("GRR", "half")]),
    (OR61, "GRR pays out 390₽ = 39.0₽ per share", Dividend("GRR", "payout")),
    (OR61, "GRR withholds 40₽", Dividend("GRR", "withhold")),
]


@pytest.mark.parametrize("ctx,text,expected", V61, ids=[v[1][:60] for v in V61])
def test_1861_wording(ctx, text, expected):
    assert parse_message(text, ctx) == _list(expected)


def test_1861_half_payout_keeps_the_payees_of_the_lines_after_it():
    m = read_message("GRR runs for 310₽ and pays half\nGRR withholds 150₽\n"
                     "GRR pays out 160₽ = 16.0₽ per share (96₽ to Ann, 48₽ to Bob)", OR61)[0]
    assert [(c.kind, c.value) for c in m.claims] == [
        ("revenue", 310), ("per_share", 16), ("payees", (("ann", 96), ("bob", 48)))]


MORE = [
    (OR, "CPR buys a 2 train back from GT for $1", [BuyTrain("CPR", "2", "GT", 1)], []),
    (OR, "CPR paid $12 a share", [Dividend("CPR", "payout")], [("per_share", 12)]),
    (OR, "CPR pays out $12/share", [Dividend("CPR", "payout")], [("per_share", 12)]),
    (OR, "CPR pays 120 to shareholders", [Dividend("CPR", "payout")], [("revenue", 120)]),
    (OR, "CPR pays out $120 to the shareholders", [Dividend("CPR", "payout")], [("revenue", 120)]),
    (OR, "CPR places its second token in Saskatoon", [PlaceToken("CPR", "G7")], []),
    (OR, "CPR places the last token on G7", [PlaceToken("CPR", "G7")], []),
    (AU, "Ann bids $115 on the NWR, leaving $365 cash", [Bid("ann", "NWR", 115)], [("cash", 365)]),
    (OR, "CPR withholds (revenue 60)", [Dividend("CPR", "withhold")], [("revenue", 60)]),
    (OR, "CPR pays out (ran for 60)", [Dividend("CPR", "payout")], [("revenue", 60)]),
    (SR, "Bob takes a share of GT", [BuyShares("bob", "GT")], []),
    (SR, "Bob picks up a GT share from the pool", [BuyShares("bob", "GT", "pool")], []),
    (SR, "Bob took 2 shares of GT", [BuyShares("bob", "GT", "ipo", 10)] * 2, []),
    # a bare amount in brackets after a run's stops is its revenue (tests/test_notation_runs.py)
    (OR, "CPR runs 2 train I5-J10 (60)", [run("CPR", R("2", ["I5", "J10"], 60))], []),
    (OR, "CPR pays dividends of $60", [Dividend("CPR", "payout")], [("revenue", 60)]),
    (OR, "CPR pays out $60, share price goes up", [Dividend("CPR", "payout")],
     [("revenue", 60), ("price_dir", "up")]),
    (OR, "CPR withholds and the price drops left", [Dividend("CPR", "withhold")], [("price_dir", "down")]),
    (OR, "CPR pays out and its share price moves right", [Dividend("CPR", "payout")], [("price_dir", "up")]),
    (SR, "Ann: buys another CPR share, now holding 40%", [BuyShares("ann", "CPR")], [("holding", 40)]),
    (SR, "Ann sells 2 GT and now holds 10%", [SellShares("ann", "GT", 20)], [("holding", 10)]),
]


@pytest.mark.parametrize("ctx,text,actions,claims", MORE, ids=[m[1] for m in MORE])
def test_more_styles_with_their_claims(ctx, text, actions, claims):
    moves = read_message(text, ctx)
    assert [m.action for m in moves] == actions
    assert [(c.kind, c.value) for c in moves[-1].claims] == claims


@pytest.mark.parametrize("text", ["Ann would buy a share of CPR", "Ann might buy a share of CPR",
                                  "Ann could sell 2 GT", "if Bob passes, Ann buys CPR"])
def test_conditional_statements_are_not_orders(text):
    with pytest.raises(NotationError):
        parse_message(text, SR)


@pytest.mark.parametrize("text,header", [
    ("Green phase: CPR lays #57 on I5 r2", "Green phase"),
    ("Phase 4 - CPR pays out", "Phase 4"),
    ("In the green phase, CPR withholds", "green phase"),
    ("Brown phase: GT buys a 5 train", "Brown phase"),
])
def test_phase_labels_head_the_move(text, header):
    m = read_message(text, OR)
    assert len(m) == 1 and m[0].header == header


def test_sells_all_without_the_game_asks_for_the_count():
    with pytest.raises(AmbiguousMoveError) as info:
        parse_message("Ann sells all her GT", SR)
    assert info.value.candidates[:2] == ["sells 1 GT", "sells 2 GT"]
    held = context_for_title("1882", PLAYERS, actor="ann", current="ann", round_kind="stock",
                             holdings=lambda p, c: {("ann", "GT"): 30, ("ann", "CPR"): 20}.get((p, c), 0))
    assert parse_message("Ann sells all her GT", held) == [SellShares("ann", "GT", 30)]
    assert parse_message("Ann sold both her CPR shares", held) == [SellShares("ann", "CPR", 20)]
    with pytest.raises(NotationError):
        parse_message("Ann sold both her GT shares", held)
    with pytest.raises(NotationError):
        parse_message("Ann sells all her HBR", held)


# ---------------------------------------------------------------------- a route without its train
def test_a_route_without_a_train_is_read_when_the_corporation_has_one_kind():
    owns = {"CPR": ["2", "2"], "GT": ["2", "3"]}
    ctx = OR.at_turn(current="CPR")
    ctx = dataclasses.replace(ctx, trains_of=lambda c: owns.get(c, []))
    assert parse_message("CPR: I5-J10 for 60", ctx) == [run("CPR", R("2", ["I5", "J10"], 60))]
    with pytest.raises(NotationError, match="which train runs"):
        parse_message("GT: I5-J10 for 60", dataclasses.replace(ctx, current="GT"))
    with pytest.raises(NotationError, match="which train runs"):       # without the game: asked
        parse_message("CPR: I5-J10 for 60", OR)


def test_runs_written_without_a_train():
    ctx = dataclasses.replace(OR61, current="OK", trains_of=lambda c: ["2"])
    want = [RunRoutes("OK", (Route("2", (Stop("D20"), Stop("D14")), None, 60),))]
    assert parse_message("OK runs D20-D14 for 60", ctx) == want
    # places stand for their hexes when the interpreter reads the line, which needs the round
    # being played (at the table it is always known)
    assert parse_message("OK runs Odessa-Kiev for 60", dataclasses.replace(ctx, round_kind="OR")) == want
    with pytest.raises(NotationError, match="which train runs"):
        parse_message("OK runs D20-D14 for 60", dataclasses.replace(ctx, trains_of=lambda c: ["2", "3"]))


# ---------------------------------------------------------------------- never a move dropped unread
def test_a_name_without_its_own_move_is_refused_not_dropped():
    # "Ann and Bob pass" read as Bob's pass alone would lose Ann's move without a word
    with pytest.raises(NotationError, match="names Bob, who is not the writer"):
        parse_message("Ann and Bob pass", SR)
    with pytest.raises(NotationError, match="names GT, which is not the company operating"):
        parse_message("CPR and GT pay out", OR)
    # the 1861 merger phrasing is read by the interpreter as both moves, in the merger round
    merger = dataclasses.replace(OR61, current="KR", round_kind="merger")
    assert parse_message("KR and MV will merge into MKN", merger) == [Merge("KR", "MV"), Merge("KR", "MKN")]
    assert parse_message("Ann:\nbuys a share of CPR", SR) == [BuyShares("ann", "CPR")]


def test_a_move_line_that_says_skips_is_read_not_set_aside():
    ctx = OR.at_turn(current="GT")
    got = parse_message("GT skips the token, runs the 3 I5-J10 for 70, pays out", ctx)
    assert [type(a).__name__ for a in got] == ["Pass", "RunRoutes", "Dividend"]
    aside: list = []
    assert read_message("GT skips place a token", ctx, aside=aside) == [] and aside


@pytest.mark.parametrize("key,text", [("SR", "Bob was selling a share of QLL"), ("OR", "Cid bought a 2 train for GT")])
def test_another_players_move_is_refused_when_the_writer_is_known(key, text):
    # the writer is Ann: a move told of Bob or Cid is theirs to send (a report, never hers)
    with pytest.raises(NotationError, match="not the writer|not the company operating|no move"):
        parse_message(text, CTX[key])


@pytest.mark.parametrize("key,text,cash", [
    ("OR", "CPR buys a 2 train, has 41 left", 41),
    ("OR", "CPR buys a 2 train, that leaves it 41", 41),
    ("SR", "Ann buys a share of GT, that leaves me 64 roubles", 64),
    ("SR", "Ann buys a share of GT and has $200 left", 200),
    ("SR", "Ann buys a share of GT, leaving me 64", 64),
    ("OR", "CPR passes (99 left)", 99),
    ("OR", "CPR buys a 2 train ($40 remaining)", 40),
    ("OR", "CPR buys a 2 train. Treasury 45 after.", 45),
    ("OR", "CPR buys a 2 train, treasury now 45", 45),
    ("SR", "Passing. Cash R212.", 212),
])
def test_the_cash_left_told_in_words_is_a_claim(key, text, cash):
    """"has 41 left", "leaves me 64 roubles": the cash left, checked at the table (it was dropped)."""
    (m,) = read_message(text, CTX[key])
    assert [(c.kind, c.value) for c in m.claims] == [("cash", cash)]
