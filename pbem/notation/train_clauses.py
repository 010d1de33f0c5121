"""What is said around a train bought in an operating round, settled before the clauses are
fitted (track_clauses.py calls these): a remark on trains that rust or a phase that begins
("bye bye 2s", "CPR's 2s rusted", "first 3, so phase 3 kicks in") is no move, "another
from GT for 100" after a train bought is one more of that train, and "QLL buys a 2, HBR a 3"
is a buy of each company named (the table checks each is the writer's to move).
"""
from __future__ import annotations

import re

from .pieces import Clause, Piece
from .lazy import regex

__all__ = ["bought_trains", "train_remark", "another_train", "gapped_buyer", "listed_train", "price_paid", "traded_in", "gets_train"]

#: the move words of an operating round (piece_moves.py)
_OR_VERBS = {"buy", "sell", "lay", "token", "run", "payout", "withhold", "half", "pass", "steppass", "discard", "loan",
             "merge", "convert"}
_ANOTHER = regex(r"\s*(?:and\s+|then\s+|plus\s+)?(?:another|one\s+more)\b", re.I)


def bought_trains(found: list[Clause], trains: tuple) -> list[str]:
    """The trains the line's clauses with a buy word name ("a 3 train", "a 3"), in order, with
    those of the clauses of no move word after them ("buys a 2 and a 3")."""
    out, buying = [], False
    for c in found:
        buying = "buy" in c.verbs() or buying and not c.verbs()
        if buying:
            out += [str(p.value) for p in c.pieces if p.kind == "train" or p.kind == "number"
                    and p.before in ("a", "an", "the") and str(p.value) in trains]
    return out


def _plural(p: Piece, line: str) -> bool:
    """Whether the piece is a train written in the plural ("2s")."""
    return p.kind == "train" and line[p.start:p.end].rstrip().lower().endswith("s")


def train_remark(c: Clause, bought: list[str], line: str) -> Clause:
    """A clause of no move word on a line that buys a train, naming only trains in the plural
    (with the companies owning them: "CPR's 2s rusted"), a phase ("phase 3") or the train bought
    as the first of its kind ("first 3"), among words: a remark, its pieces set aside."""
    first = re.search(r"\bfirst\b", c.text, re.I) is not None
    if bought and "buy" in c.verbs() and first:      # "buys a 3 train for 180 -- first 3"
        kept = [p for p in c.pieces if not (p.kind == "number" and p.before == "first" and str(p.value) in bought)]
        return c if len(kept) == len(c.pieces) else Clause(c.start, c.end, c.text, kept, c.loose, c.mover)
    if not bought or c.verbs() & _OR_VERBS or not c.pieces:
        return c
    if not (c.loose or first):
        return c
    for n, p in enumerate(c.pieces):
        nxt = c.pieces[n + 1] if n + 1 < len(c.pieces) else None
        if _plural(p, line) or p.kind == "number" and (p.before == "phase" or first and str(p.value) in bought) \
                or p.kind == "verb" and p.value not in _OR_VERBS:        # "so green opens": no move of this round
            continue
        if p.kind == "name" and all(k == "corporation" for k, _ in p.value) and nxt is not None and _plural(nxt, line):
            continue               # "CPR's 2s"
        return c
    return Clause(c.start, c.end, c.text, [], c.loose, c.mover)


def another_train(c: Clause, bought: list[str], line: str) -> Clause:
    """ "and another from GT for 100" after one train bought: the same train again (its source
    and price as the clause tells them)."""
    m = _ANOTHER.match(line, c.start)
    if m is None or c.verbs() or c.of("train") or len(set(bought)) != 1 or c.loose:
        return c
    train = Piece("train", bought[0], m.end() - len(m.group(0).split()[-1]), m.end(), "")
    return Clause(c.start, c.end, c.text, [train, *c.pieces], c.loose, c.mover)


def gapped_buyer(c: Clause, before: list[Clause], trains: tuple, current: str | None, line: str) -> Clause:
    """ "QLL buys a 2 train, HBR a 3": a clause of no move word that starts with another
    company, followed by a train alone, right after a buy, is that company's buy of the train
    (the clause's mover; the buy word carries on)."""
    if c.verbs() or c.loose or len(c.pieces) != 2 or not before or "buy" not in before[-1].verbs() \
            and before[-1].mover is None:
        return c
    who, what = c.pieces
    ids = [i for k, i in who.value if k == "corporation"] if who.kind == "name" else []
    train = what.kind == "train" or what.kind == "number" and what.before in ("a", "an") and str(what.value) in trains
    if len(ids) != 1 or ids[0] == current or not train or not re.fullmatch(r"\s*(?:and\s+)?", line[c.start:who.start], re.I):
        return c
    return Clause(c.start, c.end, c.text, [what], c.loose, ids[0])


def listed_train(c: Clause, before: list[Clause], trains: tuple) -> Clause:
    """ "buy 2, 2, 3": a number alone that names a train, after a buy of a train named by its
    number alone (or after another such number), is one more train bought."""
    if c.verbs() or c.loose or len(c.pieces) != 1 or c.pieces[0].kind != "number" or not before:
        return c
    prev, p = before[-1], c.pieces[0]
    last = prev.pieces[-1] if prev.pieces else None
    if str(p.value) not in trains or last is None or str(last.value) not in trains or last.kind not in ("number", "train") \
            or not ("buy" in prev.verbs() or not prev.verbs() and len(prev.pieces) == 1):
        return c
    return Clause(c.start, c.end, c.text, [Piece("train", str(p.value), p.start, p.end, p.before)], c.loose, c.mover)


def price_paid(prev: Clause, c: Clause, line: str) -> bool:
    """ "trades in its 4 for a Diesel, paying $800": an amount paid, alone in its clause, right
    after a train bought with no price, is that train's price."""
    return ("buy" in prev.verbs() or bool(prev.of("exchange"))) and bool(prev.of("train")) and not prev.of("money") and not prev.of("number") \
        and not c.loose and [p.kind for p in c.pieces] in (["verb", "money"], ["verb", "number"]) \
        and line[c.pieces[0].start:c.pieces[0].end].lower() in ("paying", "pays", "paid")


def traded_in(c: Clause, after: Clause, current: str | None) -> bool:
    """ "HBR hands in its 5 and buys a D for 800": a train handed in, alone in its clause (with
    the operating company), goes with the train bought in the next clause."""
    return bool(c.of("exchange")) and not c.loose and not c.verbs() and "buy" in after.verbs() and bool(after.of("train")) \
        and not after.of("exchange") and all(p.kind == "exchange" or p.kind == "name" and all(i == current for _, i in p.value)
                                             for p in c.pieces)


_GETS = regex(r"\b(?:gets?|getting|got)\s+(?=(?:an?|the|one|its)\s+\S)", re.I)


def gets_train(c: Clause, line: str, trains: tuple) -> Clause:
    """ "GT gets the 4 off HBR for 250", "B&O got a 4 from the depot": "gets" (or "got") before
    a train, in a clause of no move word, buys it."""
    if c.verbs():
        return c
    for m in _GETS.finditer(line, c.start, c.end):
        nxt = next((p for p in c.pieces if p.start >= m.end() and p.kind != "count"), None)
        if nxt is not None and (nxt.kind == "train" or nxt.kind == "number" and str(nxt.value) in trains) \
                and re.fullmatch(r"\w+\s+", line[m.end():nxt.start]) and nxt.start - m.end() < 8:
            verb = Piece("verb", "buy", m.start(), m.start() + len(m.group(0).rstrip()))
            return Clause(c.start, c.end, c.text, sorted([*c.pieces, verb], key=lambda p: p.start),
                          [w for w in c.loose if w not in ("gets", "get", "getting", "got")], c.mover)
    return c
