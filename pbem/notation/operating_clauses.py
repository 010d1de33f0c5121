"""What the words around an operating round's moves say (a lay's, a deal's, a train bought's, a
private's), settled on a line's clauses before they are fitted (piece_moves.py)."""
from __future__ import annotations

import re
from dataclasses import replace

from .context import NotationContext, round_kind
from .pieces import ROUND_VERBS, Clause, Piece
from .addressed import addressed, for_company, token_told_of
from .lay_words import lay_cost_aside, lay_settled, tile_after_lay
from .private_powers import powers
from .lazy import regex

__all__ = ["STEP_NOUN", "settled"]

#: a deal agreed with the other company's president
_AGREED = regex(r"\bagree(?:d|s|ment)?\b", re.I)
_I_AGREED = regex(r"\s*(?:I|we)\s+(?:have\s+)?agreed\b", re.I)
_POSSESSIVE = regex(r"['’]s\s+(?:old\s+)?")


def settled(found: list[Clause], ctx: NotationContext, line: str) -> list[Clause]:
    """The clauses of an operating round's `line` with the words above settled (others as found)."""
    if not found or round_kind(ctx) != "operating":
        return found
    trains = tuple(ctx.trains)
    found = addressed([for_company(token_told_of(c, line, ctx.current), line, ctx.current) for c in found], line)
    deal = any("buy" in c.verbs() for c in found)
    bought = bought_trains(found, trains)
    out: list[Clause] = []
    laid = False             # whether a clause so far names a tile (a lay told)
    buying = False           # whether the clause before buys a train or carries such a buy on
    for c, after in zip(found, [*found[1:], None]):
        c = lay_settled(_train_owner(c, line), ctx, line, laid)
        c = lay_cost_aside(_deal(c, line), line, laid)
        c = _agreed(c, after, line) if deal else c
        c = _step_passed(train_remark(c, bought, line), out[-1] if out else None)
        c = buy_continued(c, out, trains, ctx.current, line) if buying else c
        buying = "buy" in c.verbs() or bool(c.of("exchange")) or buying and not c.verbs()
        laid = laid or bool(c.of("tile"))
        told = tile_after_lay(out[-1], c, ctx.title) if out else None       # "builds at H10 first: 57"
        c = out[-1].then(told) if told else c
        if out and c.start == out[-1].start:       # one move told in two clauses
            out[-1] = c
        else:
            out.append(c)
    return powers(out, ctx, line)


def _train_owner(c: Clause, line: str) -> Clause:
    """ "buys B&O's 2 for 90": a name both a corporation's and a private's, in the possessive
    before a train (or a bare number), is the corporation owning that train."""
    pieces = list(c.pieces)
    for n, p in enumerate(pieces[:-1]):
        nxt = pieces[n + 1]
        between = line[p.end - 2 if line[p.end - 2:p.end] in ("'s", "’s") else p.end:nxt.start]
        if p.kind == "name" and nxt.kind in ("train", "number") and _POSSESSIVE.fullmatch(between) \
                and {k for k, _ in p.value} >= {"corporation", "company"}:
            pieces[n] = replace(p, value=tuple(v for v in p.value if v[0] == "corporation"))
    return c if pieces == c.pieces else replace(c, pieces=pieces)


_STEP_ALONE = regex(r"(?:on\s+)?(?:the\s+|its\s+)?(?:track|tiles?|tokens?|stations?|trains?)\W*", re.I)
#: a step of the turn named (the track, a token, a train)
STEP_NOUN = regex(r"\b(?:track|tiles?|tokens?|stations?|trains?)\b", re.I)


def _step_passed(c: Clause, prev: Clause | None) -> Clause:
    """ "passes on track and on the token": a step named alone after a pass that names a step
    is a second step passed."""
    if prev is None or "pass" not in prev.verbs() or not STEP_NOUN.search(prev.text) or c.loose \
            or not _STEP_ALONE.fullmatch(c.text) or any(p.kind != "verb" for p in c.pieces):
        return c
    return replace(c, pieces=[replace(c.pieces[0], value="steppass", before="")] if c.pieces else [])


def _deal(c: Clause, line: str) -> Clause:
    """In a buy: a move to come ("before running") and what follows it are no move, a player's
    possessive before a private names the seller, and "for R1" is a price of one rouble."""
    if "buy" not in c.verbs():
        return c
    pieces, loose = [], list(c.loose)
    for p, nxt in zip(c.pieces, [*c.pieces[1:], None]):
        if p.kind == "verb" and p.before == "before" and line[p.start:p.end].lower().endswith("ing"):
            loose = [w for w in loose if w != "before"]
            break             # what follows belongs to the move to come
        if p.kind == "name" and all(k == "player" for k, _ in p.value) and nxt is not None and nxt.kind == "name" \
                and any(k == "company" for k, _ in nxt.value) and line[p.end - 2:p.end] in ("'s", "’s"):
            p = replace(p, before="from")     # "Fiona's Moscow-Yaroslavl": the seller, as "from Fiona" (a claim)
        if p.kind == "rotation" and p.before == "for" and re.fullmatch(r"R\d", line[p.start:p.end]):
            p = replace(p, kind="money")
        pieces.append(p)
    return c if pieces == c.pieces and loose == c.loose else replace(c, pieces=pieces, loose=loose)


def _agreed(c: Clause, after: Clause | None, line: str) -> Clause:
    """On a line that buys, a player after "agreed", in a clause telling no other move, or alone before
    "I agreed", is the other party of a deal between companies: set aside ("Bob buys ..." still moves)."""
    alone = after is not None and _I_AGREED.match(after.text) and all(p.kind == "name" for p in c.pieces) and not c.loose
    said = _AGREED.search(line, c.start, c.end)
    if not (said or alone) or {p.value for p in c.of("verb")} - {"buy"}:
        return c
    at = said.start() if said and c.verbs() else c.start      # from the word "agreed" on
    kept = [p for p in c.pieces if not (p.start >= at and (p.kind == "me" or p.kind == "name"
                                                           and all(k == "player" for k, _ in p.value)))]
    return c if len(kept) == len(c.pieces) else replace(c, pieces=kept)


#: an operating round's move words but "no routes" ("GT buys a 3 train. No routes though.": a remark)
_OR_VERBS = ROUND_VERBS["operating"] - {"norun"}
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
    """A clause of no move word on a line buying a train, naming only trains in the plural ("CPR's 2s
    rusted"), a phase or the train bought as the first of its kind, among words: a remark, emptied."""
    first = re.search(r"\bfirst\b", c.text, re.I) is not None
    if bought and "buy" in c.verbs() and first:      # "buys a 3 train for 180 -- first 3"
        kept = [p for p in c.pieces if not (p.kind == "number" and p.before == "first" and str(p.value) in bought)]
        return c if len(kept) == len(c.pieces) else replace(c, pieces=kept)
    if not bought or c.verbs() & _OR_VERBS or not c.pieces or not (c.loose or first):
        return c
    for p, nxt in zip(c.pieces, [*c.pieces[1:], None]):
        if _plural(p, line) or p.kind == "number" and (p.before == "phase" or first and str(p.value) in bought) \
                or p.kind == "verb" and p.value not in _OR_VERBS:        # "so green opens": no move of this round
            continue
        if p.kind == "name" and all(k == "corporation" for k, _ in p.value) and nxt is not None and _plural(nxt, line):
            continue               # "CPR's 2s"
        return c
    return replace(c, pieces=[])


def buy_continued(c: Clause, before: list[Clause], trains: tuple, current: str | None, line: str) -> Clause:
    """`c`, of no other words after a train buy, as what it names of that buy (merged into the clause before when
    both tell one): a price paid, the train handed in first, "another", "HBR a 3" (its buyer), "buy 2, 2, 3"."""
    prev = before[-1]
    if c.loose or not c.pieces:
        return c
    kinds, first = [p.kind for p in c.pieces], c.pieces[0]
    if kinds in (["verb", "money"], ["verb", "number"]) and line[first.start:first.end].lower() in ("paying", "pays", "paid"):
        paid = prev.of("train") and not prev.of("money") and not prev.of("number")
        return prev.then(replace(c, pieces=c.pieces[1:])) if paid else c
    if prev.of("exchange") and not prev.verbs() and "buy" in c.verbs() and c.of("train") and not c.of("exchange") \
            and all(p.kind == "exchange" or p.kind == "name" and all(i == current for _, i in p.value) for p in prev.pieces):
        return prev.then(c)
    if c.verbs():
        return c
    if (m := _ANOTHER.match(line, c.start)) and not c.of("train"):
        if _named_train(first, trains) and not line[m.end():first.start].strip():    # "another 2": a 2-train, no price
            return replace(c, pieces=[replace(first, kind="train", value=str(first.value)), *c.pieces[1:]])
        bought = bought_trains(before, trains)
        train = Piece("train", bought[0] if bought else "", m.end() - len(m.group(0).split()[-1]), m.end(), "")
        return replace(c, pieces=[train, *c.pieces]) if len(set(bought)) == 1 else c
    ids = [i for k, i in first.value if k == "corporation"] if first.kind == "name" else []
    buyer = len(ids) == 1 and ids[0] != current and bool(re.fullmatch(r"\s*(?:and\s+)?", line[c.start:first.start], re.I))
    what = c.pieces[-1]           # "HBR a 3": HBR buys it; "buy 2, 2, 3": one more train (right after one)
    if len(c.pieces) == 1 + buyer and _named_train(what, trains) \
            and any(_named_train(p, trains) for p in (prev.pieces if buyer else prev.pieces[-1:])):
        return replace(c, pieces=[replace(what, kind="train", value=str(what.value))], mover=ids[0] if buyer else c.mover)
    return c


def _named_train(p: Piece, trains: tuple) -> bool:
    """Whether the piece names a train: a train, or a number of a train."""
    return p.kind == "train" or p.kind == "number" and str(p.value) in trains
