"""The declared normalisers, the only rewritings of a line before it is read (issue #24 allows at most ten),
each with the lines it exists for and the near misses it leaves alone (tests/test_normalisers.py)."""
from __future__ import annotations

import dataclasses
from typing import Callable, Mapping

from .funding import put_in_for_train, sale_first
from .passes import one_pass
from .passives import active_voice
from .terse import price_after_buy

__all__ = ["Normaliser", "NORMALISERS", "normalise"]


@dataclasses.dataclass(frozen=True)
class Normaliser:
    """One rewriting: what it does, the lines it exists for (line -> its rewriting), the near
    misses it leaves as written."""
    rewrite: Callable[[str], str]
    lines: Mapping[str, str]
    leaves: tuple[str, ...]


NORMALISERS: tuple[Normaliser, ...] = (
    # the president's money put in for a train is that train bought, the money a claim on it
    Normaliser(put_in_for_train, {
        "CNR has no train and Hal chips in for a 4 ($300)": "CNR has no train and Hal chips in and buys a 4 ($300)",
        "I'm chipping in $120 from my own cash to get a 4 for $300.": "I'm chipping in $120 from my own cash and buys a 4 for $300.",
        "Ann contributes 150 towards the D": "Ann contributes 150 and buys the D",
    }, (
        "HBR buys a 6 from the depot, 630, Theo chips in 120",     # the train told as bought
        "Hal chips in for the team",                               # no train
        "CPR puts a token in for $40",                             # no money put in
    )),
    # a price paid right after a train bought is the train's price, not a payout of a run
    Normaliser(price_after_buy, {
        "SC trades in its 6 for a D, pays $800": "SC trades in its 6 for a D for $800",
        "PRR trades in its 4 for a D and pays $800": "PRR trades in its 4 for a D for $800",
        "GT buys a 4 from the depot, paying 300": "GT buys a 4 from the depot for 300",
    }, (
        "GT buys a 4, runs L8-K9 and pays $80",            # a run on the line: the payout of it
        "PRR pays $800 to the bank.",                      # nothing bought
        "CPR buys a 3 and pays $10 per share",             # a dividend told per share
    )),
    # a sale told after the train purchase it pays for is made first
    Normaliser(sale_first, {
        "CPR buys a D train for 1100, Bob sells 2 GT to fund it.": "Bob sells 2 GT to fund it, CPR buys a D train for 1100.",
        "GT buys the 4 from the depot for 300, Ann sells 1 CPR to pay for it":
            "Ann sells 1 CPR to pay for it, GT buys the 4 from the depot for 300",
        "Emergency: CNR buys a 5 for 450; I sell a CN share to pay for it":
            "Emergency: I sell a CN share to pay for it, CNR buys a 5 for 450",
    }, (
        "Ann sells 30% of SC to pay for the train",         # no train bought before it
        "Bob sells 2 GT, then CPR buys a D for 1100",       # told in the order it is made
        "CPR buys a D for 1100, Bob sells 2 GT to fund it?",  # a question
    )),
    # a move told in the passive with its mover named (or its company's token placed) is told in the active
    Normaliser(active_voice, {
        "The D&H was bought by PRR for $100.": "PRR bought The D&H for $100.",
        "a 5-Train was traded for a diesel by HBR": "HBR traded a 5-Train for a diesel",
        "Pass. Two shares of PRR were sold by Bob": "Pass. Bob sold Two shares of PRR",
        "#57 was laid on H10 by PRR, and a token placed in H10.": "PRR laid #57 on H10, and a token placed in H10.",
        "The Erie token was placed in E11.": "Erie placed a token in E11.",
        "NYC's station was placed on E19, then it ran for 80.": "NYC placed a token on E19, then it ran for 80.",
    }, (
        "The token was placed in E11.",                    # whose, not said
        "Was the D&H bought by PRR?",                      # a question
        "the 4 was bought by someone",                     # no one named
        "The 2s were rusted by the first 4",               # what a train does, no move
        "After that 4 was bought GT is over the limit, so it discards a 3.",   # no mover after "by"
    )),
    # a refusal and a pass told together are one pass, not two
    Normaliser(one_pass, {
        "KK declines to merge, pass": "KK passes",
        "Bob won't sell, so I pass": "pass",
        "pass - no merger for MV this time": "MV passes",
        "CNR passes; nothing to lay.": "CNR passes lay track",
        "no token, pass": "pass place a token",
        "Pass, nothing to buy.": "pass",                   # a stock round's pass or a train step's: no step named
    }, (
        "OK declines to merge, KK passes",                 # two companies: two moves
        "KK declines to merge",                            # no pass said
        "CNR lays #9 on F8, pass",                         # a move, then the pass of the rest
    )),
)


def normalise(line: str) -> str:
    """The line after every declared normaliser, in order."""
    for normaliser in NORMALISERS:
        line = normaliser.rewrite(line)
    return line
