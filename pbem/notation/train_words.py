"""How a train is bought ("buys a 3 for 180", "the 3 from GT", "buys a train": no kind named), discarded
("GT drops the 4 train") or exchanged ("exchanges its 4 for a D, paying $800 to the bank")."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional

from pbem.engine.actions import BuyTrain, DiscardTrain
from pbem.errors import AmbiguousMoveError
from .lazy import regex

if TYPE_CHECKING:
    from .pieces import Clause

__all__ = ["DROPS", "EXCHANGES", "PAID_TO_BANK", "TRAIN_LIMIT", "bought", "discarded", "exchange_unread", "some_train"]

#: a discard, a train named after it ("drops one of its 3s"; not "drops out", "drops 2 spaces", "must return")
DROPS = regex(r"(?<!\bmust\s)(?<!\bto\s)\b(?:drops?|dropping|returns?|returning|gives?\s+back|giving\s+back)\b(?=\s+(?:(?:the|a|an|its|their|one)\s+|one\s+of\s+its\s+)?"
              r"(?:\d\+?\d*E?|D)\b(?!\s*(?:spaces?|steps?|rows?|places?|%|to\b|points?)))", re.I)
#: a train limit stated ("train limit is now 2", "limit of 3"): a claim on the position, no train
TRAIN_LIMIT = regex(r"\blimit\s+(?:is\s+|of\s+)?(?:now\s+)?(\d)\b", re.I)
#: the words straight before a number that names the train discarded ("a 4", "the 3", "its 2")
_NAMING = ("a", "an", "the", "its", "one", "discards", "discard", "drops", "drop")
#: "exchanges its 4 for", "swaps the 4 for", "trades its 4 towards": the train handed in
EXCHANGES = regex(r"\b(?:exchang(?:e|es|ed|ing)|swap(?:s|ped|ping)?|trad(?:e|es|ed|ing))\s+(?:its|the|a|an|one|their)\s+"
                  r"(\d\+?\d*E?|D)(?:\s*-?\s*trains?)?(?=(?:\s+in)?\s+(?:for|towards)\b)", re.I)     # "trades its 4 in for a D"
#: "paying $800 to the bank": a price paid for what is bought (a clause of its amount only)
PAID_TO_BANK = regex(r"\bpay(?:s|ing)?\s+(?:[$₽]\s*(\d{1,5})|(\d{1,5})\s*₽?)\s+to\s+the\s+(?:bank|depot)\b", re.I)
#: the words of an exchange
_EXCHANGE_WORDS = frozenset({"exchange", "exchanges", "exchanging", "exchanged", "swap", "swaps", "swapping",
                             "swapped"})


def discarded(fitter, cur: str, trains: list[str]):
    """The discard of the clause's one train ("a 4", not the limit in "limit is now 2"), or "which train?"."""
    if not trains:       # "discards its 3"
        numbers = [p for p in fitter.c.of("number") if str(p.value) in fitter.ctx.trains]
        named = [p for p in numbers if p.before in _NAMING]
        trains = [str(p.value) for p in (named if len(numbers) > 1 else numbers)]
    return [[(DiscardTrain(cur, trains[0]), ())]] if len(set(trains)) == 1 and len(trains) == 1 else "which train?"


def exchange_unread(found: list["Clause"]) -> Optional[str]:
    """The text of a clause telling an exchange of no private and no train, or None."""
    for c in found:
        if _EXCHANGE_WORDS & set(c.loose) and not c.of("exchange") and not c.of("train") \
                and not any(k == "company" for p in c.of("name") for k, _ in p.value):
            return c.text
    return None


#: a train of no kind bought ("buys the next train"; not "to buy a train", "must buy a train")
_SOME_TRAIN = regex(r"(?<!\bto\s)(?<!\bon\s)(?<!\bmust\s)(?<!\bwill\s)(?<!\bshould\s)"
                    r"\b(?:buys?|buying|purchases?|purchasing|gets?|getting)\s+(?:(?:an?|one|the\s+next|its\s+next|a\s+new)\s+)?"
                    r"train\b(?!\s*(?:for|at)\b)", re.I)


def some_train(fit) -> bool:
    """Whether an operating clause buys "a train" of no kind named: the one kind sold now."""
    c = fit.c
    return fit.kind == "operating" and fit.verbs == {"buy"} and bool(_SOME_TRAIN.search(c.text)) \
        and not any(c.of(k) for k in ("train", "count", "number", "money")) and not fit.named("company")


def bought(fitter, cur: str, trains: list[str]):
    """The train a clause buys (`piece_fits.Fitter`): its kind, price, seller and train handed in; or why not."""
    numbers = fitter.c.of("number")
    if not trains and numbers and str(numbers[0].value) in fitter.ctx.trains:
        trains, numbers = [str(numbers[0].value)], numbers[1:]
    if not trains and (counted := [p for p in fitter.c.of("count") if str(p.value) in fitter.ctx.trains
                                   and re.search(r"trains$", fitter.c.text[p.start - fitter.c.start:p.end - fitter.c.start], re.I)]):
        n = counted[0].value          # "buys 2 trains": one train is bought at a time
        raise AmbiguousMoveError(f'"{fitter.c.text.strip()}": a company buys one train at a time; '
                                 f'did you mean "buys a {n} train"?', candidates=[f"buys a {n} train"])
    sources = fitter.named("corporation", skip=(cur,))
    if not trains and some_train(fitter) and len(sources) <= 1:
        # "buys a train": the one kind the game sells now, or the question which
        return [[(BuyTrain(cur, None, sources[0] if sources else "depot"), ("train",))]]
    if len(set(trains)) != 1:
        return "which train?" if not trains else None
    if len(sources) > 1 or sources and fitter.c.of("source"):     # "GT: 4-train from the depot": whose?
        return None
    money = [p.value for p in fitter.c.of("money")] or [p.value for p in numbers]
    if any(str(p.value) in fitter.ctx.trains and p.before in ("a", "an", "the", "another") for p in numbers):
        return "which train?"          # "a 2 or a 3", "a 3 rather than a 2": another train, no price
    if len(money) > 1 or any(p.before == "=" for p in fitter.c.pieces):
        return None
    counts = [p.value for p in fitter.c.of("count")]
    n = len(trains) if len(trains) > 1 else (counts[0] if len(counts) == 1 else 1)
    swap = [p.value for p in fitter.c.of("exchange")]
    buy = BuyTrain(cur, trains[0], sources[0] if sources else "depot", money[0] if money else None,
                   swap[0] if len(swap) == 1 else None)
    return [[(buy, ())] * n]
