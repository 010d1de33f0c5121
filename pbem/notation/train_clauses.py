"""What is said around a train bought in an operating round, settled before the clauses are
fitted (track_clauses.py calls these): a remark on trains that rust or a phase that begins
("bye bye 2s", "CPR's 2s rusted", "first 3, so phase 3 kicks in") is no move, and "another
from GT for 100" after a train bought is one more of that train.
"""
from __future__ import annotations

import re

from .pieces import Clause, Piece

__all__ = ["bought_trains", "train_remark", "another_train"]

_ANOTHER = re.compile(r"\s*(?:and\s+|then\s+|plus\s+)?(?:another|one\s+more)\b", re.I)


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
    return p.kind == "train" and line[p.start:p.end].rstrip().lower().endswith("s")


def train_remark(c: Clause, bought: list[str], line: str) -> Clause:
    """A clause of no move word on a line that buys a train, naming only trains in the plural
    (with the companies owning them: "CPR's 2s rusted"), a phase ("phase 3") or the train bought
    as the first of its kind ("first 3"), among words: a remark, its pieces set aside."""
    first = re.search(r"\bfirst\b", c.text, re.I) is not None
    if bought and "buy" in c.verbs() and first:      # "buys a 3 train for 180 -- first 3"
        kept = [p for p in c.pieces if not (p.kind == "number" and p.before == "first" and str(p.value) in bought)]
        return c if len(kept) == len(c.pieces) else Clause(c.start, c.end, c.text, kept, c.loose, c.mover)
    if not bought or c.verbs() or not c.pieces:
        return c
    if not (c.loose or first):
        return c
    for n, p in enumerate(c.pieces):
        nxt = c.pieces[n + 1] if n + 1 < len(c.pieces) else None
        if _plural(p, line) or p.kind == "number" and (p.before == "phase" or first and str(p.value) in bought):
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
