"""What frames a move told as a recap (circumstances.py `narration`, chat_words.PURPOSES): a time
clause told in the past before it ("Once 3-trains entered the game, ..."), a cleft's opening
("That's when I ..."), the writer's role ("As C&O president I ...", its company kept), a verb that
only leads to it ("I managed to buy", "decided to buy"), what it is for ("to rust all their
3-trains"), what it did ("..., dropping it to 60") and why it is made ("since no one else wanted
it") are set aside; the move is read. A move told in the passive with its mover named is read in
the active. Shares bought right after a par or a buy, their company not said again, are of that
company. A time clause in the present stays a condition, and a verb leading to no move word
leaves the line unread. Every line is written for these tests.
"""
from __future__ import annotations

import pytest

from pbem.engine.actions import Bid, BuyCompany, BuyShares, BuyTrain, LayTile, Par, Pass, PlaceToken, SellShares
from pbem.errors import PbemError

from notation_kit import assert_no_move_of_the_writer, read  # noqa: E402

READ = [
    # a time clause told in the past: when the move was made
    ("1830", "OR", "PRR", "Once 3-trains entered the game, PRR bought the D&H from Cid for 120.",
     [BuyCompany("PRR", "DH", 120)]),
    ("1830", "OR", "PRR", "When the 4 came out, PRR bought the D&H from Cid for 120",
     [BuyCompany("PRR", "DH", 120)]),
    ("1882", "SR", None, "After the CPR ran for 80, I sold 2 CPR.", [SellShares("ann", "CPR", 20)]),
    ("1830", "OR", "B&O", "By the time the 5s arrived, B&O bought a 5 from the depot for 450.",
     [BuyTrain("B&O", "5", "depot", 450)]),
    ("1830", "OR", "PRR", "PRR bought a 4 when the 3s rusted.", [BuyTrain("PRR", "4", "depot", None)]),
    ("1830", "SR", None, "I bought 2 PRR before Bob dumped it.", [BuyShares("ann", "PRR", "ipo", 10)] * 2),
    # a cleft's opening
    ("1830", "SR", None, "That's when I decide to float C&O at 100.", [Par("ann", "C&O", 100)]),
    ("1882", "SR", None, "This is when I bought 2 shares of GT.", [BuyShares("ann", "GT", "ipo", 10)] * 2),
    # a verb that only leads to the move
    ("1830", "OR", "C&O", "I managed to buy a 6.", [BuyTrain("C&O", "6", "depot", None)]),
    ("1830", "OR", "C&O", "C&O decided to lay #9 on F10 rotation 1.", [LayTile("C&O", "F10", "9", 1)]),
    ("1882", "SR", None, "I chose to sell 1 GT.", [SellShares("ann", "GT", 10)]),
    ("1830", "SR", None, "Deciding to pass.", [Pass("ann")]),
    # a move the writer is bound to make
    ("1830", "SR", None, "I can not help but pass", [Pass("ann")]),
    ("1830", "SR", None, "I have no choice but to sell 2 PRR.", [SellShares("ann", "PRR", 20)]),
    ("1830", "OR", "PRR", "PRR has no choice but to buy a 4.", [BuyTrain("PRR", "4", "depot", None)]),
    ("1830", "SR", None, "My move is to buy a share of PRR.", [BuyShares("ann", "PRR", "ipo", 10)]),
    ("1830", "auction", None, "My first move was to buy the C&A for 160.", [Bid("ann", "CA", 160)]),
    ("1830", "OR", "PRR", "PRR's move is to buy a 3.", [BuyTrain("PRR", "3", "depot", None)]),
    # the writer's role: the company kept
    ("1830", "OR", "C&O", "As C&O president I buy a 4 for 300.", [BuyTrain("C&O", "4", "depot", 300)]),
    ("1830", "OR", "C&O", "As president of the C&O I buy a 4 for 300.", [BuyTrain("C&O", "4", "depot", 300)]),
    ("1830", "OR", "C&O", "The president of C&O buys a 4 for 300.", [BuyTrain("C&O", "4", "depot", 300)]),
    # what the move is for, after it
    ("1830", "OR", "C&O", "With C&O, I bought a 6-train to rust all their 3-trains.",
     [BuyTrain("C&O", "6", "depot", None)]),
    ("1830", "OR", "C&O", "Ann bought the first 4-train to obsolete them and put the hurt on the others.",
     [BuyTrain("C&O", "4", "depot", None)]),
    ("1882", "OR", "QLL", "QLL buys the 3 from GT for $100 to avoid a depot 4.", [BuyTrain("QLL", "3", "GT", 100)]),
    ("1830", "OR", "PRR", "PRR lays #57 on H10 rotation 0 to connect to NYC.", [LayTile("PRR", "H10", "57", 0)]),
    # a comment on what it names, after a comma
    ("1830", "auction", None, "I bid 160 on the C&A, which was a steal.", [Bid("ann", "CA", 160)]),
    ("1830", "SR", None, "I sold 2 PRR, which dropped it to 60.", [SellShares("ann", "PRR", 20)]),
    # why the move is made, before or after it
    ("1830", "auction", None, "I took the B&O for 220 since no one else wanted it.", [Bid("ann", "BO", 220)]),
    ("1830", "auction", None, "Since nobody bid, I take the B&O for 220.", [Bid("ann", "BO", 220)]),
    ("1830", "OR", "PRR", "PRR buys a 4 because the 3s are about to rust.", [BuyTrain("PRR", "4", "depot", None)]),
    # what the move did to the market or the others, after a comma
    ("1830", "SR", None, "Then I sold 3 NYC, dropping it to 60.", [SellShares("ann", "NYC", 30)]),
    ("1830", "SR", None, "I sold 2 PRR, pushing the price down to 67.", [SellShares("ann", "PRR", 20)]),
    ("1830", "OR", "PRR", "PRR bought the last 3, forcing B&O to buy a 4.", [BuyTrain("PRR", "3", "depot", None)]),
    ("1830", "SR", None, "I dumped 3 PRR, dropping out.", [SellShares("ann", "PRR", 30), Pass("ann")]),
    # a move told in the passive, its mover named (normalisers.py: active_voice); a trade in the past
    ("1830", "OR", "PRR", "The D&H was bought by PRR for $100.", [BuyCompany("PRR", "DH", 100)]),
    ("1882", "OR", "HBR", "a 5-Train was traded for a diesel by HBR.", [BuyTrain("HBR", "D", "depot", None, exchange="5")]),
    ("1882", "OR", "HBR", "HBR exchanged its 5 for a D.", [BuyTrain("HBR", "D", "depot", None, exchange="5")]),
    ("1830", "OR", "ERIE", "The Erie token was placed in E11 when it first operated.", [PlaceToken("ERIE", "E11")]),
    # shares bought after a par or a buy, their company not said again: the one just bought into
    ("1830", "SR", None, "I parred the C&O at $100 and bought 2 more shares.",
     [Par("ann", "C&O", 100)] + [BuyShares("ann", "C&O", "ipo", 10)] * 2),
]


@pytest.mark.parametrize("title,rk,current,line,want", READ)
def test_the_move_framed_as_a_recap_is_read(title, rk, current, line, want):
    assert read(title, rk, current, line) == want


#: the near misses: a time clause in the present or perfect is a condition; a verb leading to
#: no move word; a purpose that is itself the move asked for
NOT_READ = [
    ("1830", "OR", "PRR", "Once someone sells, PRR buys the D&H from Cid for 120."),
    ("1830", "OR", "PRR", "When everyone has passed, PRR buys the D&H from Cid for 120."),
    ("1882", "SR", None, "When GT is sold out, I sell 2 CPR."),
    ("1830", "OR", "PRR", "PRR buys a 4 when the 3s rust."),
    ("1830", "auction", None, "I bid 100 on the C&A when I wanted 110."),   # what was meant: a correction
    ("1882", "SR", None, "Bob sold 2 GT last round, which hurt."),        # a report, its comment no move either
    ("1830", "OR", "C&O", "I managed to get there."),
    ("1830", "SR", None, "My plan is to buy a share of PRR."),       # a plan, not the move
    ("1830", "SR", None, "I can't help but wonder if PRR floats."),
    ("1830", "SR", None, "I have no choice."),
    ("1830", "OR", "PRR", "Was the D&H bought by PRR for $100?"),
    ("1830", "OR", "PRR", "The D&H was bought by someone for $100."),
    ("1830", "OR", "ERIE", "The token was placed in E11."),
    ("1830", "OR", "C&O", "As PRR president I lay #57 on H10 rotation 0."),    # the role kept: not the company operating
    ("1830", "OR", "C&O", "That's when things went wrong."),
    ("1830", "SR", None, "Sold 2 PRR and bought 2 shares."),
    ("1882", "OR", "CPR", "CP closes since CPR bought a train."),     # a consequence and its reason: no move      # shares after a sale: of which company?
]


@pytest.mark.parametrize("title,rk,current,line", NOT_READ)
def test_a_condition_or_a_frame_with_no_move_stays_unread(title, rk, current, line):
    assert_no_move_of_the_writer(title, rk, current, line)


def test_the_frame_set_aside_is_noted_with_the_move():
    from notation_kit import ctx
    from pbem.notation.sequence import iter_moves

    moves = list(iter_moves("Once 3-trains entered the game, PRR bought the D&H from Cid for 120.",
                            lambda: ctx("1830", "OR", "PRR")))
    assert [m.action for m in moves] == [BuyCompany("PRR", "DH", 120)]
    assert any("Once 3-trains entered the game" in n for m in moves for n in m.notes), [m.notes for m in moves]


def test_a_condition_in_the_present_is_refused_by_its_word():
    with pytest.raises(PbemError, match="(?i)once"):
        read("1830", "OR", "PRR", "Once someone sells, PRR buys the D&H from Cid for 120.")
