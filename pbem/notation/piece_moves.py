"""The moves the pieces of a line fill, when the grammar does not read it: a clause is a move only when
exactly one move of the round fits what it names (at the table, one the `legal` hook allows)."""
from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from typing import Optional

from pbem.engine.actions import Action, BuyShares, DiscardTrain, Dividend, LayTile, Par, Pass, RunRoutes, SellShares
from pbem.chat_words import CONDITIONS
from pbem.errors import AmbiguousMoveError, NotationError

from .context import NotationContext, round_kind
from .declarations import declared, game_ended
from .names import NameIndex
from .pieces import FIGURES, Clause, Piece, clauses
from .piece_clauses import CARRIED, DONE, GOES_ON, TOO, a_digit, joined, named_before, step_not_taken, steps_named, train_after_lay
from .piece_fits import Fitter
from .claims import clause_claims, conversion_claims, presidency_taken, seller_claims, with_presidency
from .par_restated import par_restated, taken_over   # the president's certificate: a par
from .piece_mergers import merger_group, merger_not_made, merging_minor
from .own_kinds import own_kind_moves, title_verbs
from .private_powers import acting
from .scopes import Heading, clause_refusal, line_refusal, possessive_move, set_aside
from .run_words import one_more_route, run_unpaired
from .lazy import regex
from .limits import check_budget

__all__ = ["PieceMove", "read_by_pieces", "COUNTS"]


COUNTS: Counter = Counter()      #: work done, for tests that check the reader stays linear in a line's clauses

@dataclass(frozen=True)
class PieceMove:
    """One move read from a clause: the action, the parts the game settles ("city": a token's
    city), and where the clause stands in the line."""

    action: Action
    open: tuple
    column: int
    text: str
    claims: tuple = ()      # what the clause states about the result ("that's 40% now")
    notes: tuple = ()       # what the line set aside, for the reply


#: a lay told as made now or asked for (never "already laid")
_LAY_TOLD = frozenset({"lay", "lays", "upgrade", "upgrades", "build", "builds", "tile"})


def _head_player(ctx: NotationContext, kind: Optional[str], c: Clause) -> NotationContext:
    """The context of a clause of a stock round or an auction headed by a player's name when no
    writer is known (`seatless`): that player moves ("..., Player 2 passes")."""
    if not ctx.seatless or kind not in ("stock", "auction") or not c.pieces or c.pieces[0].kind != "name":
        return ctx
    players = [i for k, i in c.pieces[0].value if k == "player"]
    return ctx.at_turn(actor=players[0], current=players[0]) if len(players) == 1 and players[0] != ctx.actor else ctx


def mover_unknown(line: str, ctx: NotationContext, index: NameIndex) -> Optional[str]:
    """Why `line`, read with no sender or company known, has no mover ("I buy CPR"), or None."""
    return _who_unknown(clauses(line, ctx, index), ctx)


def _who_unknown(found: list[Clause], ctx: NotationContext) -> Optional[str]:
    if ctx.actor is not None or ctx.current is not None:
        return None
    me = next((p for c in found for p in c.of("me")), None)
    if me is not None:
        said = me.value.capitalize() if me.value.startswith("i") else me.value
        return f'who is "{said}"? start the move with your name, e.g. "Ann: ..."'
    if not any(k == "player" for c in found for p in c.of("name") for k, _ in p.value):
        return 'who makes this move? start it with the player\'s name, e.g. "Ann: ..."'
    return None


def _legal_fit(fits, out: list, ctx: NotationContext) -> bool:
    """Whether one of the clause's readings `fits` is legal after the moves `out` (False with no game)."""
    done = [m.action for m in out]
    return ctx.legal is not None and isinstance(fits, list) and any(ctx.legal(done + [a for a, _ in f]) for f in fits)


def _carried_into(c: Clause, kept: list[Clause]) -> bool:
    """Whether a clause set aside with no move word of its own, led by a company or private the
    clause before does not name, follows a clause that buys or sells: the move word carries into it."""
    return bool(kept) and not c.verbs() and bool(kept[-1].verbs() & {"buy", "sell"}) and bool(c.of("name")) \
        and c.pieces[0].kind == "name" and any(k in ("company", "corporation") for k, _ in c.pieces[0].value) \
        and not set(c.pieces[0].value) & {v for p in kept[-1].of("name") for v in p.value} \
        and not c.text[c.pieces[0].end - c.start:].startswith(("'s", "’s")) and not c.of("train")    # "CPR's 2s rusted"


#: two values offered as alternatives ("90 or 100", "rot 1 or 2", "a 2 or a 3", "$80 or $100")
_EITHER = regex(r"(?<![\w.#-])(?:rot(?:ation)?\s*)?[$₽]?\d+(?:\s*[$₽%])?\s*,?\s+or\s+(?:an?\s+|the\s+)?(?:rot(?:ation)?\s*)?"
                r"[$₽]?\d+(?![\w.-])", re.I)


def _refuse(line: str, why: str, *, asks: bool = False) -> NotationError:
    e = NotationError(f"read by its pieces: {why}", text=line.strip())
    e.asks = asks           # a value the writer is asked for: asked before any other refusal of the line
    return e


def read_by_pieces(line: str, ctx: NotationContext, index: NameIndex) -> list[PieceMove]:
    """The moves of `line` by its pieces; NotationError when it is no move or a piece is
    missing, AmbiguousMoveError (with the candidates) when several moves fit."""
    kind = round_kind(ctx)
    why = line_refusal(line)
    if why is not None:
        order = why.strip('"').lower() in CONDITIONS and any(c.verbs() for c in clauses(line, ctx, index))
        raise _refuse(line, f"{why} makes this line no move" + (": a move on a condition is an order pbem does not keep; "
                                                                "send the move itself when it is to be made" if order else ""))
    try:
        masked, asides = set_aside(line)
    except Heading as e:
        raise _refuse(line, f'"{e}" makes this line no move') from None
    parts, taken = [], []
    dropped = told = False   # whether the clause before was set aside; whether one set aside told a move
    found = clauses(masked, ctx, index)
    group = merger_group(found, ctx) if kind == "merger" else declared(found, ctx, kind) or game_ended(found, ctx, masked)
    if group is not None:       # a merger told whole, a bankruptcy or nationalisation with its reasons
        told = tuple(claim for c in found for claim in conversion_claims(line, c, group))[:1]   # on the major formed
        return [PieceMove(a, (), found[0].start + 1, " ".join(c.text for c in found), told if a is group[-1] else ())
                for a in group]
    if kind is None and not title_verbs(ctx.title):     # (a declaration is the operating company's in any case)
        raise _refuse(line, _who_unknown(found, ctx) or "the round being played is not known")
    for c in found:
        check_budget()              # a line of many clauses stops within one clause of the budget
        aside = clause_refusal(c.text)
        not_done = step_not_taken(c, ctx, kind) if aside is not None or kind == "stock" else None
        if aside is not None and kind == "merger" and merger_not_made(c):
            return [PieceMove(Pass(merging_minor(found, ctx)), (), c.start + 1, c.text)]   # "O-K doesn't merge"
        if not_done:
            # "CPR doesn't place a token": the step passed; "not buying anything", "nothing to buy": the writer's pass
            parts.append(Clause(c.start, c.end, c.text, [Piece("verb", not_done, c.start, c.end)]))
        elif aside is not None and presidency_taken(c) or kind in ("stock", "auction") and taken_over(c, parts, found):
            taken.append(c)               # "and takes the presidency from Cid", "I take over the CNR presidency": a claim on the buy
        elif aside is not None and _carried_into(c, parts):
            # "bought the D&H from Eve and the C&A from its president": the move carried on, not chat
            raise _refuse(line, f'"{c.text}" names {c.of("name")[0].value[0][1]} after a move, among words that say no move: write it apart')
        elif aside is not None:
            asides.append(f'"{c.text}"')
            told |= possessive_move(aside, c)      # "Teodor sold his CPR (1 share) and bought 1 QLL"
        elif dropped and re.match(r"but\b", c.text, re.I) and c.verbs():
            # "Pass - not buying any MVR, but selling a GRR": what is not done against what is
            raise _refuse(line, f'"{c.text}" goes against what the line says is not done')
        else:
            parts.append(c)
        dropped = aside is not None or bool(not_done)
    parts = par_restated(joined(parts, ctx, masked), kind, ctx.actor)     # the president's certificate: a par
    out: list[PieceMove] = []
    verbs: set = set()
    last: list[PieceMove] = []        # the moves of the clause before
    untold: Optional[Clause] = None   # a lay told beside other moves without its tile or hex
    bare: Optional[Clause] = None     # a move told by its word alone ("buy 1 GT and sell", "... and tokens")
    unread: list[Clause] = []         # the clauses no move fits
    for c, later in zip(parts, _later_verbs(parts)):
        check_budget()
        if (either := _EITHER.search(c.text)) is not None:      # "par GT at 90 or 100": the writer's choice, asked
            raise _refuse(line, f'which is meant, "{either.group(0)}"? write that one alone', asks=True)
        if out and isinstance(out[-1].action, Pass) and DONE.fullmatch(c.text):
            continue              # "skipping the train buy, done": the pass already made
        if last and (again := said_again(c, [m.action for m in last])) is not None:   # "then another", "GT too"
            last = [PieceMove(a, m.open, c.start + 1, c.text) for a, m in zip(again, last)]
            out.extend(last)
            continue
        if not out and (before := _before_this_mail(c, ctx)) is not None:       # "GT again" in a later mail
            last = [PieceMove(a, ("source",) if isinstance(a, BuyShares) else (), c.start + 1, c.text) for a in before]
            out.extend(last)
            continue
        if (own := own_kind_moves(c, ctx, [m.action for m in out])) is not None or kind is None:
            out.extend(PieceMove(a, (), c.start + 1, c.text, seller_claims(line, c, [a]))   # a title's own kind,
                       for a in own or ())                                                 # a private paid for
            continue
        more = one_more_route(c, out, ctx) if kind == "operating" else None
        if more is not None:         # "runs the two 2s H12-H16 for 40 and H12-H10 for 30"
            out[-1] = dataclasses.replace(out[-1], action=more)
            continue
        start = len(out)
        who = _head_player(acting(ctx, c), kind, c)        # a private's power: its moves
        fitter = Fitter(who, kind, c, [m.action for m in out], later)
        carried = False
        if not fitter.verbs and not c.verbs() and not c.loose and verbs and not train_after_lay(verbs, c) \
                and not (verbs == {"sell"} and c.of("source")):      # "sell 2 GRR, 1 NW from IPO": a buy
            fitter.verbs = set(verbs)      # "sells 2 GT, 1 HBR", "buys MRR for 75 and TSR for 30"
            fitter.first_verb, carried = c.start, True
        elif not fitter.verbs and not c.verbs() and c.loose and verbs == {"sell"} and c.of("source"):
            # "sell 1 GT, by 1 CPR from pool": shares come from a place only when bought
            raise _refuse(line, f'"{c.text}" names where shares come from, which a sale does not')
        verbs = fitter.verbs & CARRIED if fitter.verbs else verbs
        fits = fitter.fit()
        if carried and not _legal_fit(fits, out, ctx) \
                and _legal_fit(alone := Fitter(who, kind, c, [m.action for m in out], later).fit(), out, ctx):
            fits = alone         # "sell 2 CNR, GT @ 90": no sale of GT is legal, its par is
        bought_into = bool(out) and isinstance(out[-1].action, (Par, BuyShares))     # its shares are of that company
        if (fits == "which company?" or fits == "which company's shares?" and bought_into) \
                and (named := named_before(parts, c)) is not None:
            # "Auction M-K, opening bid 105", "exchanges SC for its certificate, par 76": the one named
            # before; "parred the C&O at $100 and bought 2 more shares": the one just bought into
            named_c = Clause(c.start, c.end, c.text, [named, *c.pieces], c.loose)
            fits = Fitter(ctx, kind, named_c, fitter.before, later).fit()
        if fits is None and out and c.pieces and all(p.kind in ("held", "per_share", "par_paid") for p in c.pieces):
            # "sells 10% of HBR, now holding 10%": a claim on the move before
            out[-1] = dataclasses.replace(out[-1], claims=out[-1].claims + clause_claims(line, c, [out[-1].action], ctx.share_size))
            continue
        if fits is None:
            if kind == "operating" and fitter.verbs == {"lay"} and all(
                    line[p.start:p.end].lower() in _LAY_TOLD for p in c.of("verb")):
                untold = untold or c        # "NYC upgrades the tile and places a token ...": which tile?
            if not carried and c.verbs() and c.loose in TOO and all(p.kind == "verb" for p in c.pieces):
                bare = bare or c
            if out and c.loose and GOES_ON.search(line[max(0, c.start - 12):c.start]):
                # "laid #57 on H10 and then some": more moves were meant than can be read
                raise _refuse(line, f'"{c.text}": which move this is cannot be told')
            unread.append(c)
            continue
        if isinstance(fits, str):
            raise _refuse(line, f'"{c.text}": {fits}')
        if len(fits) > 1 and ctx.legal is not None:
            done = [m.action for m in out]
            fits = [f for f in fits if ctx.legal(done + [a for a, _ in f])] or fits
        if len(fits) > 1:
            from .formatter import format_action
            shown = ["; ".join(format_action(a, ctx) for a, _ in f) for f in fits]
            raise AmbiguousMoveError(f'"{c.text}" could be {" or ".join(shown)}: say which', candidates=shown)
        if last and last == out[-len(last):] and [a for a, _ in fits[0]] == [m.action for m in last] \
                and line[last[0].column - 1 + len(last[0].text):c.start].strip() == ":":
            del out[-len(last):]          # "Buying a 3: CPR buys a 3 train": a heading, the move after it said once
        claims = clause_claims(line, c, [a for a, _ in fits[0]], ctx.share_size)
        steps = steps_named(line, c, fits[0]) if kind == "operating" else ()
        for i, (a, opened) in enumerate(fits[0]):
            if steps:
                # "no tile lay": the pass names its step, checked (or set aside) at the table
                out.append(PieceMove(a, opened, c.start + 1, c.text, (steps[i],)))
                continue
            if out and out[-1].action == a and (isinstance(a, (Dividend, DiscardTrain)) or isinstance(a, Pass) and kind != "operating"):
                continue         # "passes on N and will pass the rest", "half to shareholders, half to SE": once
            if isinstance(a, SellShares) and any(isinstance(m.action, SellShares) and m.action.entity == a.entity
                                                 and m.action.corporation == a.corporation for m in out):
                raise _refuse(line, f"{a.corporation} is sold twice: write how many shares once")
            out.append(PieceMove(a, opened, c.start + 1, c.text, claims if i == len(fits[0]) - 1 else ()))
        last = out[start:]
    missing = None            # a move told without what it needs, never read as the other moves alone
    if untold is not None and not any(isinstance(m.action, LayTile) for m in out):
        missing = (untold, "which tile on which hex?")
    elif bare is not None and out:
        missing = (bare, "on which hex?" if bare.verbs() == {"token"} else "which company, train, tile or hex, how many?")
    if missing is not None:         # a value missing
        raise _refuse(line, f'"{missing[0].text}": {missing[1]}', asks=True)
    for m in out:       # "runs its three 2s: I15-H16 for 50 and I15-J14 for 40"
        if isinstance(m.action, RunRoutes) and (why := run_unpaired(m.text, m.action)):
            raise _refuse(line, f'"{m.text}": {why}')
    for c in unread:     # a figure with a move word, or a train with its price no move of the line is of: never dropped
        odd = next((p for p in c.pieces if p.kind in FIGURES), None)
        trains = {str(p.value) for p in c.pieces if p.kind == "train" or a_digit(Clause(0, 0, "", [p]))} - {
            str(getattr(m.action, "train", None)) for m in out}         # "Hal chips in for a 4 ($300); Hal sells ..."
        if out and odd is not None and (c.verbs() or trains and c.of("money")):
            raise _refuse(line, f'"{c.text}": "{line[odd.start:odd.end]}" is in no move it could be')
        heads = [i for p in c.pieces if p.kind == "name" for k, i in p.value if k == "player" and i != ctx.actor]
        if out and heads and not c.loose and len(heads) == len(c.pieces):     # "sell 1 CPR, Bob: buy CPR"
            raise _refuse(line, f'"{c.text}" names {ctx.players.get(heads[0], heads[0])}, who is not the writer: '
                                'whose moves these are cannot be told')
    out, left = with_presidency(out, taken)
    asides += left
    if told and out:
        raise _refuse(line, "a move told with his/her/their beside the others: whose it is cannot be told, write each move plainly")
    if not out:
        if asides:
            raise _refuse(line, f"{asides[0]} makes this line no move")
        raise _refuse(line, "no move word with what it needs was found")
    # a clause no move fits that holds a figure ("removes 2s", "ERIE has only $210") is named, never dropped unsaid
    asides += [f'"{c.text}"' for c in unread if any(p.kind in FIGURES or _names_company(p) for p in c.pieces)
               or re.search(r"\d", c.text)]
    if asides:
        out[0] = dataclasses.replace(out[0], notes=(f"read without what states no move: {', '.join(asides)}",))
    return out


def _names_company(p: Piece) -> bool:
    """Whether a piece names a corporation or a private (what a move is of, never dropped unsaid)."""
    return p.kind == "name" and any(k in ("corporation", "company") for k, _ in p.value)


def _later_verbs(parts: list[Clause]) -> list[frozenset]:
    """For each clause, the move words of the clauses after it: one pass from the end (linear)."""
    out, acc = [frozenset()] * len(parts), frozenset()
    for n in range(len(parts) - 1, -1, -1):
        out[n], acc = acc, (acc | parts[n].verbs() if parts[n].pieces else acc)
        COUNTS["clause_verbs"] += 1
    return out


#: a clause that repeats the move before it
_AGAIN = regex(r"(?:then\s+|and\s+)?(?:another(?:\s+one)?|one\s+more|again|the\s+same(?:\s+again)?)\W*", re.I)
#: a company's name and "again", with a please: "GT again", "gt again pls", "again GT"
_AGAIN_NAMED = regex(r"(?:(?:then\s+)?again\s+[\w&'’.-]+|[\w&'’.-]+\s+again)(?:[,\s]+(?:please|pls|plz))?\W*", re.I)


def _before_this_mail(c: Clause, ctx: NotationContext) -> Optional[list[Action]]:
    """The writer's last share bought (or par) or sold, said again for the company a clause opening
    the line names ("GT again", "gt again pls"), or None."""
    if ctx.earlier is None or ctx.actor is None or not _AGAIN_NAMED.fullmatch(c.text):
        return None
    names = [i for p in c.pieces if p.kind == "name" for k, i in p.value if k == "corporation"]
    before = ctx.earlier(ctx.actor)
    if isinstance(before, Par):                 # the par bought the president's certificate: a share again
        before = BuyShares(before.entity, before.corporation)
    if len(names) != 1 or len(c.pieces) != 1 or not isinstance(before, (BuyShares, SellShares)):
        return None
    return [dataclasses.replace(before, corporation=names[0])]


def said_again(c: Clause, last: list[Action]) -> Optional[list[Action]]:
    """The moves a clause says again after `last` (the moves of the clause before), or None: "then
    another" (the same moves once more), "GT too", "C&O as well" (the same dividend or pass for the company named)."""
    if _AGAIN.fullmatch(c.text):
        return list(last)
    too = c.loose in TOO[1:] and not c.text.lower().startswith(("too", "as"))
    names = [i for p in c.pieces if p.kind == "name" for k, i in p.value if k == "corporation"]
    if not too or len(names) != 1 or len(c.pieces) != 1 \
            or not all(isinstance(a, (Dividend, Pass)) and a.entity != names[0] for a in last):
        return None
    return [dataclasses.replace(a, entity=names[0]) for a in last]
