"""The one interpreter on stock-round and auction lines (pbem/notation/share_quantity.py and the
mechanisms after it): each line is read by the interpreter alone (no rewording rule helps), so
each case fails without the mechanism it names; each mechanism has a near miss it must refuse."""
from __future__ import annotations

import pytest

from pbem.engine.actions import Bid, BuyShares, Par, Pass, PlaceToken, SellShares
from pbem.errors import PbemError
from pbem.notation import context_for_title
from pbem.notation.names import name_index
from notation_kit import interpret as read_pieces, interpret_actions as interpret, read

PLAYERS = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dee": "Dee"}


READ = [
    # a count and a percent that agree are one quantity said twice; a certificate's size
    # between a count and "certificates" is which kind, not how many
    ("1882", "SR", None, "Ann sells 2 10% certificates (20%) of QLL for 142", [SellShares("ann", "QLL", 20)]),
    ("1882", "SR", None, "Ann buys 1 10% certificate of HBR from IPO for 76.", [BuyShares("ann", "HBR", "ipo", 10)]),
    ("1882", "SR", None, "Ann buys 1 share (10%) of HBR from IPO for 82", [BuyShares("ann", "HBR", "ipo", 10)]),
    ("1882", "SR", None, "buying 30% QLL (three shares out of IPO)", [BuyShares("ann", "QLL", "ipo", 30)]),
    ("1882", "SR", None, "Ann: 1 x 10% QLL, market.", [BuyShares("ann", "QLL", "pool", 10)]),
    # in a stock round a small number before a company's name (or after it, with "sh") counts its shares
    ("1882", "SR", None, "1 GT", [BuyShares("ann", "GT", "ipo", 10)]),
    ("1830", "SR", None, "NYNH 1 sh IPO", [BuyShares("ann", "NYNH", "ipo", 10)]),
    ("1882", "SR", None, "Ann: 1 sh HBR from pool", [BuyShares("ann", "HBR", "pool", 10)]),
    ("1882", "SR", None, "another HBR pls", [BuyShares("ann", "HBR", "ipo", 10)]),
    # "share" straight after a company's name is one share; "initial offering" is the IPO
    ("1830", "SR", None, "C&O share please", [BuyShares("ann", "C&O", "ipo", 10)]),
    ("1882", "SR", None, "Good morning. Another HBR for me from the initial offering, thanks.", [BuyShares("ann", "HBR", "ipo", 10)]),
    ("1882", "SR", None, "Another HBR for me please (my 3rd).", [BuyShares("ann", "HBR", "ipo", 10)]),
    # a company named by the first words of a longer name, when they begin no other name
    ("1882", "SR", None, "I'm starting the Grand Trunk at 76.", [Par("ann", "GT", 76)]),
    ("1861", "auction", None, "Raise to 45 on Black Sea", [Bid("ann", "BSS", 45)]),
    # in an auction, a private named by one word of its name no other name holds
    ("1882", "auction", None, "160 for the Trestle", [Bid("ann", "TB", 160)]),
    ("1882", "auction", None, "Going to 155 for the bridge.", [Bid("ann", "TB", 155)]),
    ("1830", "auction", None, "Ann: 20 for Schuylkill, please", [Bid("ann", "SV", 20)]),
    # a circumstance before the move ("having won", "since I won", "after winning") is set aside alone
    ("1882", "auction", None, "Having won the CP, I par CPR at 90.", [Par("ann", "CPR", 90)]),
    ("1882", "auction", None, "Since I won CP: par CPR at 90.", [Par("ann", "CPR", 90)]),
    ("1882", "auction", None, "Having won CP I'll par the CPR at $90.", [Par("ann", "CPR", 90)]),
    ("1882", "auction", None, "Ann parred Canadian Pacific Railway at $100 after winning the CP.", [Par("ann", "CPR", 100)]),
    # a hex written with a par, or after it as its base, is its home; no tile is laid in a stock round
    ("1861", "SR", None, "Starting MKV at 120 in P8", [Par("ann", "MKV", 120), PlaceToken("MKV", "P8")]),
    ("1861", "SR", None, "Par MVR 100, base in L12", [Par("ann", "MVR", 100), PlaceToken("MVR", "L12")]),
    ("1830", "SR", None, "Started New Haven at 100.", [Par("ann", "NYNH", 100)]),     # a name, not a hex
    # "minor" says what is auctioned, like "share" what is bought
    ("1861", "SR", None, "Green minor M-B for 170", [Bid("ann", "MB", 170)]),
    ("1861", "SR", None, "St Petersburg-Warsaw minor (SPW): I bid 180.", [Bid("ann", "SPW", 180)]),
    # one-letter move words where a move word stands alone; "Out." alone
    ("1882", "SR", None, "p", [Pass("ann")]),
    ("1882", "SR", None, "Ann: P", [Pass("ann")]),
    ("1882", "SR", None, "S 2 GT, B 1 HBR pool", [SellShares("ann", "GT", 20), BuyShares("ann", "HBR", "pool", 10)]),
    ("1861", "SR", None, "Out.", [Pass("ann")]),
    # a request ("I'd like", "I'll have") is a taking: a buy, or in an auction a bid
    ("1830", "SR", None, "Hi all - I'd like a NYNH share from the IPO please.", [BuyShares("ann", "NYNH", "ipo", 10)]),
    ("1882", "SR", None, "I'll have one Qu'Appelle share from the initial offering.", [BuyShares("ann", "QLL", "ipo", 10)]),
    ("1882", "auction", None, "I'd like the Saskatchewan Central at face value please ($50).", [Bid("ann", "SC", 50)]),
    ("1861", "SR", None, "Ann bid 165 on RO and won it.", [Bid("ann", "RO", 165)]),
    # "sorry for the wait" is no retraction; a company's short name shared with a private names the
    # company too outside an auction, the private alone in one
    ("1882", "SR", None, "Hey all, sorry for the wait. I buy one Canadian Pacific share from the market.",
     [BuyShares("ann", "CPR", "pool", 10)]),
    ("1882", "auction", None, "I bid 180 on Canadian Pacific", [Bid("ann", "CP", 180)]),
    # another's bid told before the writer's answers it; the player outbid is not who moves
    ("1882", "auction", None, "Bob bids 70 for SC, I go to 75", [Bid("ann", "SC", 75)]),
    # a company's name and an amount in an auction: its par (no private has a company's name)
    ("1882", "auction", None, "CPR @ 100", [Par("ann", "CPR", 100)]),
    ("1882", "auction", None, "CPR at 100", [Par("ann", "CPR", 100)]),
    ("1882", "auction", None, "I'm raising Bob on the Saskatchewan Central to 70.", [Bid("ann", "SC", 70)]),
    # "it" for the one company named before it, even in a clause set aside
    ("1882", "auction", None, "Nobody wanted SC at 50, so I'll take it now at 45.", [Bid("ann", "SC", 45)]),
    ("1882", "auction", None, "Everybody passed so the Saskatchewan Central is down to $45 - I'll buy it at 45.",
     [Bid("ann", "SC", 45)]),
    # "everybody" is no unknown name but others' doing; "no more for me" a pass
    ("1861", "SR", None, "No more for me on N.", [Pass("ann")]),
    # a purpose, and what the thing moved came with, are set aside alone
    ("1882", "SR", None, "Ann has sold 3 CPR shares (30%) to fund SC. Cash now 410.", [SellShares("ann", "CPR", 30)]),
    ("1882", "SR", None, "I'm selling the Canadian Northern share that came with the Trestle Bridge.", [SellShares("ann", "CNR", 10)]),
    ("1882", "SR", None, "Ann buys GTP from IPO (my second GT cert counting the TB one).", [BuyShares("ann", "GT", "ipo", 10)]),
    # near miss: a purpose reaches no further than "and", the move after it is read
    ("1882", "SR", None, "Ann sells 3 CPR to fund SC and buys SC",
     [SellShares("ann", "CPR", 30), BuyShares("ann", "SC", "ipo", 10)]),
    # "is at 40% sold" tells how a company stands, no sale
    ("1882", "SR", None, "I'll buy HBR again - third cert, so HBR is at 40% sold.", [BuyShares("ann", "HBR", "ipo", 10)]),
    # the president's certificate is bought by the par: beside one it says the par again,
    # alone with a price it is the par
    ("1882", "SR", None, "Ann pars CN at $90 and buys the 20%", [Par("ann", "CN", 90)]),
    ("1830", "SR", None, "Ann starts B&M at 90 (president's certificate, $180).", [Par("ann", "B&M", 90)]),
    ("1882", "SR", None, "Ann has started HBR at 71 and bought the 20% for 142.", [Par("ann", "HBR", 71)]),
    ("1882", "SR", None, "Ann is buying the president's certificate of GT at $100", [Par("ann", "GT", 100)]),
    ("1882", "SR", None, "Buying the HBR president's certificate, par 100", [Par("ann", "HBR", 100)]),
    ("1882", "SR", None, "Buying the president's cert of CNR at 100 par.", [Par("ann", "CNR", 100)]),
    # a private exchanged for the president's certificate: the par, without the private
    ("1882", "SR", None, "Exchange the Saskatchewan Central private for the SC president's share at $90.", [Par("ann", "SC", 90)]),
    # a par said again in other words
    ("1882", "SR", None, "Buy GT at par $67 - yes, I'm starting the Grand Trunk.", [Par("ann", "GT", 67)]),
    # "have"/"has"/"I've" before the move word is a perfect tense of the writer's move, no subject
    ("1882", "auction", None, "Have bid 95 on NWR.", [Bid("ann", "NWR", 95)]),
    ("1882", "SR", None, "Has bought 1 GT share (IPO). Cash left 212.", [BuyShares("ann", "GT", "ipo", 10)]),
    ("1861", "SR", None, "I've sold 30% of GRR.", [SellShares("ann", "GRR", 30)]),
    # a bare pass with its reason: the rest names no move, or is set aside
    ("1882", "SR", None, "I'll pass this time, nothing I want.", [Pass("ann")]),
    ("1861", "SR", None, "I'm passing - saving cash for the 3 train.", [Pass("ann")]),
    ("1882", "SR", None, "Thought about selling GT but I'll hold on to it. Pass.", [Pass("ann")]),
    ("1882", "SR", None, "Ann: pass (waiting to see what Bob does with GT)", [Pass("ann")]),
    ("1882", "auction", None, "Not bidding this time around. Pass.", [Pass("ann")]),
    ("1882", "auction", None, "Passing on the SC auction, 65 is too rich for me.", [Pass("ann")]),   # a noun
    ("1861", "SR", None, "Ann passes and will wait for the 3s.", [Pass("ann")]),
    # a question in brackets inside a sentence is an aside: the moves on both sides of it are read
    ("1830", "SR", None, "Ann sells 2 B&O (guess why?) and pars ERIE at 90", [SellShares("ann", "B&O", 20), Par("ann", "ERIE", 90)]),
    # the writer's pass asked of the table
    ("1830", "SR", None, "You can just pass me, nothing for me", [Pass("ann")]),
    # the reason joined to the pass by "so", or run on as a new sentence without a stop
    ("1830", "SR", None, "I can't afford anything so just pass me", [Pass("ann")]),
    ("1882", "auction", None, "pass me I have no cash left", [Pass("ann")]),
    # a condition after the pass, its exception or a time naming only players: the pass now
    ("1830", "SR", None, "Auto pass unless someone sells", [Pass("ann")]),
    ("1882", "SR", None, "I'll pass unless Bob sells GT", [Pass("ann")]),
    ("1830", "SR", None, "btw just pass me if I dont right away", [Pass("ann")]),
    ("1830", "SR", None, "Pass for me if/when Dee arrives", [Pass("ann")]),
    ("1882", "auction", None, "pass if nobody objects", [Pass("ann")]),
    ("1830", "SR", None, "permapass", [Pass("ann")]),
    # nothing left to buy, no company named: the writer's pass
    ("1882", "SR", None, "no more shares to buy", [Pass("ann")]),
    ("1830", "SR", None, "No shares to buy.", [Pass("ann")]),
    ("1882", "SR", None, "nothing to buy", [Pass("ann")]),
    ("1882", "SR", None, "Nothing to buy.", [Pass("ann")]),
    ("1882", "SR", None, "nothing I want to buy", [Pass("ann")]),
    ("1882", "SR", None, "nothing worth buying", [Pass("ann")]),
    ("1882", "SR", None, "nothing left to buy", [Pass("ann")]),
    ("1882", "SR", None, "nothing for me to buy", [Pass("ann")]),
    ("1882", "SR", None, "buy nothing", [Pass("ann")]),
    ("1882", "SR", None, "I have nothing to buy", [Pass("ann")]),
    # "twice" counts as "x2" does (the word was dropped: one share read)
    ("1882", "SR", None, "buy GT twice", [BuyShares("ann", "GT", "ipo", 10)] * 2),
    ("1830", "SR", None, "There's nothing left to buy.", [Pass("ann")]),
    # near misses: in an auction the same words pass too; in an operating round they pass the train buy
    ("1882", "auction", None, "nothing to buy", [Pass("ann")]),
    ("1882", "OR", "GT", "nothing to buy", [Pass("GT")]),
    # near miss: "but" before another move in the same clause: the move, no pass
    ("1882", "SR", None, "nothing to buy but I'll sell 2 GT", [SellShares("ann", "GT", 20)]),
    # "that's all" after buys alone is the turn's end the game makes, not a pass; "stop there" is no place
    ("1830", "SR", None, "buy CPR ipo, that's all", [BuyShares("ann", "CPR", "ipo", 10)]),
    ("1830", "SR", None, "Sell two B&O and buy a B&M. That's it for me.",
     [SellShares("ann", "B&O", 20), BuyShares("ann", "B&M", "ipo", 10), Pass("ann")]),
    ("1882", "SR", None, "I'll sell one CPR and stop there.", [SellShares("ann", "CPR", 10)]),
    # a company named again after its par, a buy told just before its par, a float after a buy
    ("1882", "SR", None, "Ann pars CN at 100. Yes, the Canadian National, not the Northern.", [Par("ann", "CN", 100)]),
    ("1882", "SR", None, "I'll buy GT - par it at 90.", [Par("ann", "GT", 90)]),
    ("1830", "SR", None, "Ann buys one share of NYC; NYC floats.", [BuyShares("ann", "NYC", "ipo", 10)]),
    # near misses: a buy of another company before a par stays a buy
    ("1882", "SR", None, "Buy GT, par HBR at 90", [BuyShares("ann", "GT", "ipo", 10), Par("ann", "HBR", 90)]),
    # near misses: another buy beside a par is a buy
    ("1882", "SR", None, "Ann pars CN at $90 and buys a CPR", [Par("ann", "CN", 90), BuyShares("ann", "CPR", "ipo", 10)]),
]


@pytest.mark.parametrize("title,rk,current,line,want", READ, ids=[c[3] for c in READ])
def test_read(title, rk, current, line, want):
    assert interpret(title, rk, current, line) == want


REFUSED = [
    # a company after "and" that follows a sale is no label of the buy after it: which company's shares?
    ("1830", "SR", None, "I sold 2 PRR and C&O and bought 2 shares"),
    ("1830", "SR", None, "sell 1 PRR and NYC, then buy 2 shares"),
    # a question in brackets that ends the line asks about the move: no move
    ("1830", "SR", None, "Ann pars ERIE at 90 (is that too much?)"),
    # another player's pass asked for, or the writer's for a time to come: no move of the writer's now
    ("1830", "SR", None, "you can pass Bob"),
    ("1830", "SR", None, "you could pass me next time"),
    # a pass run on into a plan: no pass alone
    ("1882", "SR", None, "pass me I might buy GT next turn"),
    # a condition on the game's state, or before the pass: an order pbem cannot keep yet (issue #27)
    ("1882", "SR", None, "I'll pass if Bob buys CPR"),
    ("1882", "auction", None, "pass if the price goes over 100"),
    ("1830", "SR", None, "If Bob buys B&O, I pass"),
    ("1882", "SR", None, "pass for now, buy GT when it drops"),
    ("1882", "SR", None, "no GT to buy"),                 # one company's shares gone: no pass said
    # nothing to buy asked, another's, put off, or set against another move: no pass
    ("1882", "SR", None, "nothing to buy, Ann?"),
    ("1882", "SR", None, "nothing I want to buy, Bob?"),
    ("1882", "SR", None, "Bob has nothing to buy"),
    ("1882", "SR", None, "I have nothing to buy, Bob"),
    ("1882", "SR", None, "I have nothing to buy but GT"),
    ("1882", "SR", None, "Bob wants nothing to buy"),
    ("1882", "SR", None, "nothing to buy yet, I'll wait"),
    ("1882", "SR", None, "nothing to buy, but I'll sell 2 GT"),
    ("1882", "SR", None, "nothing worth buying in GT"),
    # a count and a percent that disagree: which is meant cannot be told
    ("1882", "SR", None, "Ann sells 2 shares (30%) of QLL"),
    # a number after the company without a certificate word is no count
    ("1882", "SR", None, "GT 1"),
    # a share's price is no share
    ("1830", "SR", None, "C&O share price is 90"),
    # more than one share without a move word: write each buy
    ("1882", "SR", None, "2 GT"),
    # "have"/"has" asking is a question
    ("1882", "auction", None, "Have you bid 95 on NWR?"),
    ("1882", "SR", None, "Has Bob bought GT?"),
    # a pass reported, beside another move, planned, retracted or another player's
    ("1861", "SR", None, "Bob bid 110 for N earlier, so I passed."),
    ("1882", "SR", None, "I'll pass, buying a GT instead, nothing else I want"),
    ("1882", "SR", None, "Pass - wait, buy a GT, nothing else I want"),
    ("1882", "SR", None, "I might pass, nothing I want"),
    ("1882", "SR", None, "Bob: pass, nothing he wants"),
    ("1882", "SR", None, "Pls record a sale of 10% GT for me, then I pass."),
    ("1882", "auction", None, "Passing on the SC auction, nothing I want, I bid 65 on CP"),
    # a circumstance alone, or before another's move
    ("1882", "auction", None, "Having won the CP."),
    ("1882", "auction", None, "Having won the CP, Bob pars CPR at 90."),
    # a minor without a price
    ("1861", "SR", None, "Green minor M-B"),
    # a letter that is no clause's move word; a letter in an operating round
    ("1882", "SR", None, "P 2 GT"),
    ("1882", "OR", "GT", "p"),
    # "I'd like to" names its own move word; a request without a company
    ("1882", "SR", None, "I'd like to think about it"),
    ("1861", "SR", None, "Bob bid 165 on RO and won it."),
    ("1882", "SR", None, "Buy a GT - wait, no, sell it"),
    # another's bid alone, or with no move of the writer after it
    ("1882", "auction", None, "Bob bids 70 for SC"),
    ("1882", "auction", None, "Bob bids 70 for SC, nice"),
    # "it" after two companies
    ("1882", "auction", None, "Nobody wanted SC or CP at 50, so I'll take it now at 45."),
    ("1882", "auction", None, "Everybody passed."),
    ("1861", "SR", None, "Everyone passes on N"),
    ("1882", "SR", None, "No more GT for me"),
    # a private's word names it in an auction only
    ("1882", "SR", None, "160 for the bridge"),
    # one leading word is no name ("Canadian" begins three)
    ("1882", "SR", None, "buy a Canadian share"),
    # the president's certificate for what it cost (the par is not told)
    ("1882", "SR", None, "Ann buys the GT president's certificate for $134"),
]


#: a par whose price is not written: read with the price left to the table, which asks it
#: (tests/test_game_facade.py), as for a private exchanged for the president's certificate
PRICE_LEFT = [
    ("1882", "SR", None, "Exchange the Saskatchewan Central private for the SC president's share", Par("ann", "SC", None)),
    ("1882", "SR", None, "Buying the president's certificate of GT", Par("ann", "GT", None)),
    ("1830", "SR", None, "I float C&O", Par("ann", "C&O", None)),
]


@pytest.mark.parametrize("title,rk,current,line,want", PRICE_LEFT, ids=[c[3] for c in PRICE_LEFT])
def test_a_par_without_its_price_leaves_the_price_to_the_table(title, rk, current, line, want):
    got = read_pieces(title, rk, current, line)
    assert [m.action for m in got] == [want] and got[0].open == ("price",)


@pytest.mark.parametrize("line", ["C&O floats!", "par C&O at", "B&O is started"])
def test_a_company_s_news_or_a_par_broken_off_is_no_par_left_to_the_table(line):
    try:
        got = interpret("1830", "SR", None, line)
    except PbemError:
        return
    assert not any(isinstance(a, Par) for a in got), got


@pytest.mark.parametrize("title,rk,current,line", REFUSED, ids=[c[3] for c in REFUSED])
def test_refused(title, rk, current, line):
    with pytest.raises(PbemError):
        interpret(title, rk, current, line)


def test_count_before_a_name_only_in_a_stock_round():
    """"1 GT" in an operating round is no share bought."""
    try:
        got = interpret("1882", "OR", "CPR", "1 GT")
    except PbemError:
        return
    assert not any(isinstance(a, BuyShares) for a in got)


def test_a_certificate_size_without_count_is_the_percent():
    assert interpret("1882", "SR", None, "Ann sells 20% certificates of QLL") == [SellShares("ann", "QLL", 20)]


def test_a_route_between_places_is_no_leading_name():
    """"Moscow-Kiev" begins the Moscow, Kiev & Voronezh Railway's name but is a route."""
    from pbem.notation.names import leading_forms
    ctx = context_for_title("1861", PLAYERS, actor="ann", round_kind="OR")
    forms = leading_forms(name_index(ctx))
    assert "moscowkiev" not in forms and forms["blacksea"] == [("company", "BSS")]


def test_a_pass_with_a_condition_says_the_condition_is_not_kept():
    """The pass is made now; the note tells the writer the condition will not be applied for them later."""
    got = read_pieces("1830", "SR", None, "Autopass unless something is sold")
    assert [m.action for m in got] == [Pass("ann")]
    assert any('"unless something is sold" is not kept' in n for n in got[0].notes), got[0].notes


def test_a_pass_with_a_reason_and_a_condition_notes_both():
    got = read_pieces("1830", "SR", None, "Hi all. Pass for me if/when Dee arrives. Cheers")
    assert [m.action for m in got] == [Pass("ann")]
    assert any("reason" in n and '"Cheers"' in n for n in got[0].notes), got[0].notes
    assert any('"if/when Dee arrives" is not kept' in n for n in got[0].notes), got[0].notes


def test_a_move_on_a_condition_is_refused_saying_pbem_keeps_no_orders():
    with pytest.raises(PbemError, match="a move on a condition is an order pbem does not keep"):
        interpret("1882", "SR", None, "I'll pass if Bob buys CPR")
    with pytest.raises(PbemError) as e:          # no move word: no move found, no talk of orders
        interpret("1882", "SR", None, "if you like")
    assert "order" not in str(e.value)


NOT_SHARES_AS_WRITTEN = [
    # a source shares never come from, or two of them: no buy from the IPO read instead
    ("Ann buys a share of PRR from the depot", "shares come from the IPO or the pool, not the depot"),
    ("buy 2 PRR from depot", "shares come from the IPO or the pool, not the depot"),
    ("buy PRR from the IPO from the pool", "two sources are named"),
    # more than a company's shares, or a number before the company that is no count: no one share read instead
    ("Ann buys a 200% share of PRR", "PRR's shares come to 100% in all, not 200%"),
    ("sell 200% of PRR", "not 200%"),
    ("sell 50 PRR", '"50 PRR": how many shares?'),
    ("buy 10 shares of PRR", '"10 shares of PRR": how many shares?'),
]


@pytest.mark.parametrize("line,why", NOT_SHARES_AS_WRITTEN, ids=[r[0] for r in NOT_SHARES_AS_WRITTEN])
def test_shares_as_no_certificate_comes_are_refused_saying_why(line, why):
    """Refused with what is wrong, the line quoted; before, each was read as one share from the IPO."""
    with pytest.raises(PbemError) as e:
        read("1830", "SR", None, line)
    assert why in str(e.value) and line in str(e.value), str(e.value)


@pytest.mark.parametrize("line,want", [
    ("buy PRR from IPO", [BuyShares("ann", "PRR", "ipo", 10)]),
    ("sell 2 PRR for 134", [SellShares("ann", "PRR", 20)]),       # a price after "for": no count
    ("sell 100% of PRR", [SellShares("ann", "PRR", 100)]),
    ("buy a 20% share of PRR", [BuyShares("ann", "PRR", "ipo", 20)]),
])
def test_near_misses_of_shares_as_no_certificate_comes_are_read(line, want):
    assert read("1830", "SR", None, line) == want
