"""Moves told in words, read by the interpreter alone (no rewording rule, no last try): a private's
power used by the company operating ("used" too: private_powers.py), a token lifted from no hex
(private_powers.py), a private bought told as its payment (private_powers.py), a pronoun standing
for the writer (speakers.py), chat about another player (addressed.py), buying declined
(piece_clauses.py), an exchange of what the title has none of (train_words.py), and what
scopes.py sets aside: a holding told as a state, a bracket after a question, a time to come, a
need told before its move, a rust. Each READ line fails without its mechanism; each near miss
beside it must stay unread (or be read only as stated)."""
from __future__ import annotations

import pytest

from pbem.engine.actions import (
    BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, LayTile, Merge, Par, Pass, PlaceToken, RemoveToken, SellShares,
)
from pbem.errors import NotationError
from notation_kit import interpret_actions as interpret


READ = [
    # "full" of a price is no full dividend; of a payout it is
    ("1830", "OR", "NYC", "NYC buys a D at full price, 1100", [BuyTrain("NYC", "D", "depot", 1100)]),
    ("1882", "OR", "GT", "GT buys TB from Bob for the full 280", [BuyCompany("GT", "TB", 280)]),
    ("1830", "OR", "NYC", "NYC: full dividend", [Dividend("NYC", "payout")]),
    ("1830", "OR", "NYC", "NYC pays full", [Dividend("NYC", "payout")]),
    # a train handed in: "trades its 4 in for", "with exchange of the 5"
    ("1882", "OR", "SC", "SC trades its 4 in for a D ($800)", [BuyTrain("SC", "D", "depot", 800, "4")]),
    ("1830", "OR", "PRR", "PRR buys a D with exchange of the 5 train - pays 800", [BuyTrain("PRR", "D", "depot", 800, "5")]),
    # a private's power: the lays and tokens told after the words of use are the private's
    ("1830", "OR", "C&O", "C&O uses D&H: lays #57 on F16", [LayTile("DH", "F16", "57", 3)]),
    ("1830", "OR", "B&O", "B&O uses the C&SL - lays #9 on E5", [LayTile("CS", "E5", "9", 3)]),
    ("1830", "OR", "PRR", "PRR uses the D&H: #57 on F16 and a token there",
     [LayTile("DH", "F16", "57", 3), PlaceToken("DH", "F16")]),
    ("1882", "OR", "QLL", "QLL buys the NWR private from Bob for 120 and uses it to put a token at E5.",
     [BuyCompany("QLL", "NWR", 120), PlaceToken("NWR", "E5")]),
    # what comes before the words of use stays the company's
    ("1882", "OR", "GT", "GT lays #57 on L8, then uses the NWR: moves its K3 token to E5",
     [LayTile("GT", "L8", "57", 3), RemoveToken("NWR", "K3"), PlaceToken("NWR", "E5")]),
    # a station moved: lifted from one hex, put on the other
    ("1882", "OR", "GT", "Using the NWR: GT moves its G11 token to E5", [RemoveToken("NWR", "G11"), PlaceToken("NWR", "E5")]),
    ("1882", "OR", "CPR", "CPR uses its NWR to move its token from I5 to E5", [RemoveToken("NWR", "I5"), PlaceToken("NWR", "E5")]),
    ("1882", "OR", "HBR", "HBR uses the North-West Rebellion: its token moves from J12 to D6, then lays a #57 on D6.",
     [RemoveToken("NWR", "J12"), PlaceToken("NWR", "D6"), LayTile("NWR", "D6", "57", 3)]),
    # a station lifted, then put down by "it" in the next clause
    ("1882", "OR", "QLL", "QLL used the NWR power: lifts its L2 token, places it in D4 and lays a #57 there",
     [RemoveToken("NWR", "L2"), PlaceToken("NWR", "D4"), LayTile("NWR", "D4", "57", 3)]),
    ("1882", "OR", "GT", "Using the NWR: lifts the token from G7 and puts it on E5", [RemoveToken("NWR", "G7"), PlaceToken("NWR", "E5")]),
    # an exchange of a private for its share is still read (1882's Saskatchewan Central)
    ("1882", "SR", None, "I exchange the Saskatchewan Central for the SC president's certificate and par it at $76.",
     [Par("ann", "SC", 76)]),
    # a private bought, told as what the company pays its owner
    ("1882", "OR", "GT", "GT pays Bob 60 for the Trestle Bridge", [BuyCompany("GT", "TB", 60)]),
    ("1882", "OR", "QLL", "QLL pays $50 to Cid for the NWR.", [BuyCompany("QLL", "NWR", 50)]),
    ("1830", "OR", "PRR", "PRR is paying Dee $160 for the Camden & Amboy", [BuyCompany("PRR", "CA", 160)]),
    # "Co." in a private's name ends no clause
    ("1882", "OR", "CNR", "CNR buys the Trestle Bridge Co. from Bob for 50 dollars.", [BuyCompany("CNR", "TB", 50)]),
    # a step not taken, said with "won't", under the writer's own name as a heading
    ("1830", "OR", "NYC", "NYC won't lay a tile this time", [Pass("NYC")]),
    ("1882", "OR", "GT", "ann: GT won't buy a train this turn.", [Pass("GT")]),
    # trains rusted or gone: a consequence told after the buy, set aside
    ("1882", "OR", "GT", "GT bought a 5 for 450, and the 3s rusted", [BuyTrain("GT", "5", "depot", 450)]),
    ("1830", "OR", "B&O", "B&O buys a 4 train for 300; all 2s are gone", [BuyTrain("B&O", "4", "depot", 300)]),
    # a decision told ("decides to", "chooses to") is the move, not a purpose
    ("1882", "SR", None, "Ann decides to pass.", [Pass("ann")]),
    ("1882", "SR", None, "I choose to sell two GT", [SellShares("ann", "GT", 20)]),
    # "..., so GT floats": the consequence of the buy, set aside
    ("1882", "SR", None, "Ann buys a GT share, so GT floats.", [BuyShares("ann", "GT", "ipo", 10)]),
    # a pronoun after the writer's own name is the writer's
    ("1882", "SR", None, "Ann has $300 left, so she sells 20% of GT.", [SellShares("ann", "GT", 20)]),
    ("1830", "SR", None, "Ann sells off her whole PRR holding (3 shares)", [SellShares("ann", "PRR", 30)]),
    ("1882", "SR", None, "Ann dumps her 20% of GT into the pool", [SellShares("ann", "GT", 20)]),
    ("1882", "SR", None, "Ann sold her CPR (1 share) and bought 1 QLL",
     [SellShares("ann", "CPR", 10), BuyShares("ann", "QLL", "ipo", 10)]),
    # chat about another player, set aside beside the writer's move
    ("1882", "SR", None, "Nice one Cid! Anyway I pass.", [Pass("ann")]),
    ("1882", "SR", None, "Thanks Bob, good move. Anyway, I pass this time.", [Pass("ann")]),
    # "Has bought ...": a line opened by "has" names no one, the writer moves
    ("1882", "SR", None, "Has bought another CPR share from the IPO.", [BuyShares("ann", "CPR", "ipo", 10)]),
    # a token lost over the limit in a merger round is removed
    ("1861", "merger", "SE", "SE loses its token at D14 (over the limit now)", [RemoveToken("SE", "D14")]),
    # buying declined over everything is the writer's pass
    ("1861", "merger", None, "Not buying anything this round.", [Pass("ann")]),
    ("1861", "SR", None, "I'm buying nothing more in this turn", [Pass("ann")]),
    # the need told before the move ("must drop one of its 2s") is its reason: one discard
    ("1882", "OR", "QLL", "QLL sadly must drop one of its 2s - drop the 2", [DiscardTrain("QLL", "2")]),
    ("1861", "OR", "NW", "NW has to give up one of its 4s: discards a 4", [DiscardTrain("NW", "4")]),
    # a minor added to the merger, or taken over, in a merger round
    ("1861", "merger", "RO", "RO adds Y to the merger.", [Merge("RO", "Y")]),
    ("1861", "merger", "KB", "KB takes over the Riga-Orel and becomes the SW", [Merge("KB", "RO"), Merge("KB", "SW")]),
    # the adding of minors ended, then the major told: the lead's pass, then the major
    ("1861", "merger", "RO", "Finished adding companies. The new major is the SW.", [Pass("RO"), Merge("RO", "SW")]),
    ("1861", "merger", "KB", "I'm done adding; the new corporation will be MKV", [Pass("KB"), Merge("KB", "MKV")]),
    # "takes over the presidency" in a stock round is no merger
    ("1882", "SR", None, "Ann buys a CPR share and takes over the presidency", [BuyShares("ann", "CPR", "ipo", 10)]),
    # a bracket describing the hex before it ("(the coal town)") is set aside
    ("1830", "OR", "NYC", "Using D&H - #57 on F16 (the coal town), and its token there",
     [LayTile("DH", "F16", "57", 3), PlaceToken("DH", "F16")]),
    # "drops its station" in an operating round is a placement, not a lift
    ("1882", "OR", "GT", "GT drops its station in J8", [PlaceToken("GT", "J8")]),
]


@pytest.mark.parametrize("title,rk,current,line,want", READ)
def test_read_by_the_interpreter_alone(title, rk, current, line, want):
    assert interpret(title, rk, current, line) == want


UNREAD = [
    # a power asked about
    ("1830", "OR", "C&O", "C&O uses D&H: lays #57 on F16?"),
    # another company's token moved
    ("1882", "OR", "HBR", "GT moves its G11 token to E5"),
    # an exchange of a minor, which 1861 has none of: not a bid of its number
    ("1861", "SR", None, "I exchange the Kiev-Kursk for the KK president's certificate and par it at 100"),
    # a payment asked about; a payment of no private is a dividend's
    ("1882", "OR", "GT", "GT pays Bob 60 for the Trestle Bridge?"),
    # another writer's heading over a step not taken; a win told, not a step
    ("1882", "OR", "GT", "Bob: GT won't buy a train this turn."),
    ("1882", "SR", None, "Cid won the CP"),
    # a company that "keeps going" keeps no revenue
    ("1861", "OR", "MKN", "MKN won't nationalise, it keeps going."),
    # one company's merger declined beside another's pass
    ("1861", "merger", "MV", "MV won't merge; KR passes too"),
    # a rust alone is no move
    ("1882", "OR", "GT", "the 3s rusted"),
    # chat alone is no move; another player named as who moves is still refused
    ("1882", "SR", None, "Nice one Cid!"),
    ("1882", "auction", None, "Cid: Canadian Pacific, $190"),
    # another's buying declined; a buy declined under a condition
    ("1882", "SR", None, "Bob is not buying anything"),
    ("1882", "SR", None, "Not buying anything until GT floats"),
    # a question opened by "has"
    ("1882", "SR", None, "Has Bob bought GT"),
    # the major told under a condition
    ("1861", "merger", "RO", "Once done adding, the new major will be SW"),
    # a purpose, not a decision
    ("1882", "SR", None, "I need to sell two GT"),
    # a pronoun standing for another player
    ("1882", "SR", None, "Bob has $300 left, so he sells 20% of GT."),
    # how many shares are sold: a state
    ("1882", "SR", None, "GT has 5 shares sold, so it floats."),
    # the bracket after a question is the question's
    ("1882", "OR", "GT", "GT passes? (no token)"),
    # a pass of this turn and the next: a time to come
    ("1882", "SR", None, "Ann passes this turn and the next"),
]


def test_a_bracket_with_a_move_word_or_a_number_is_no_description():
    from pbem.notation.scopes import described

    assert described(" the coal town")
    assert not described(" the payout") and not described(" the 4") and not described(" withheld")


@pytest.mark.parametrize("title,rk,current,line", UNREAD)
def test_near_misses_stay_unread(title, rk, current, line):
    with pytest.raises(NotationError):
        interpret(title, rk, current, line)
