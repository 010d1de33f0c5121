"""The moves the pieces of a line fill (pieces.py finds them), when the grammar does not read it:
each clause is matched against the moves of the round being played (the context's `round_kind`;
a title's own kinds in any round, `piece_own_kinds.py`) by the acting player or the operating
entity; a clause is a move only when exactly one move fits what it names (at the table, one the
`legal` hook allows). A clause naming no move is chat; a question, plan, condition, report or
negation is never read this way (`scopes.py`), nor a clause naming another as the one acting.
"""
from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Optional

from pbem.engine.actions import (
    Action, Bid, BuyShares, BuyTrain, Convert, DiscardTrain, Dividend, LayTile, Merge, Par, Pass, PlaceToken, RemoveToken, RunRoutes,
    SellShares,
)
from pbem.errors import AmbiguousMoveError, NotationError

from .context import NotationContext
from .declarations import declared, game_ended
from .names import NameIndex
from .pieces import Clause, Piece, clauses
from .piece_clauses import (
    BARE, CARRIED, DONE, GOES_ON, OUTBID, collect_values, joined, named_before, step_not_taken, steps_named, train_after_lay, acting,
)
from .piece_operating import OperatingFits
from .piece_claims import clause_claims, presidency_taken, with_presidency
from .par_restated import HOME, PRESIDENTS as _PRESIDENTS, par_restated   # the president's certificate: a par
from .piece_mergers import merger_group, merger_not_made, merging_minor
from .piece_own_kinds import own_kind_moves, own_verbs
from .own_word_moves import OWN_WORDS, own_word_move
from .scopes import Heading, clause_refusal, line_refusal, possessive_move, set_aside
from .repeats import said_again
from .route_pieces import route_order
from .dividend_words import DIVIDEND_WORDS
from .run_shape import one_more_route, run_unpaired
from .share_counts import one_per_share
from .share_quantity import quantity
from .lazy import regex

__all__ = ["PieceMove", "read_by_pieces", "round_kind", "COUNTS"]


COUNTS: Counter = Counter()      #: work done, for tests that check the reader stays linear in a line's clauses

#: how people and 18xx.games name the kinds of round -> the kind
_ROUND_KINDS = {"auction": "auction", "sr": "stock", "stock": "stock", "or": "operating",
                "operating": "operating", "merger": "merger"}
#: pieces that say what a move is about (not only its price or source)
_ROUND_VERBS = {
    "auction": {"bid", "buy", "par", "pass", "steppass", "loan"},
    "stock": {"bid", "buy", "sell", "par", "pass", "token", "loan", "convert", "swap"},
    "operating": {"buy", "sell", "lay", "token", "run", "norun", "payout", "withhold", "half", "pass", "steppass", "discard",
                  "loan", "merge", "convert", "redeem"},
    "merger": {"buy", "merge", "convert", "pass", "steppass", "loan", "remove"},
}
#: words of a figure stated beside a move, not part of it ("cash left 365")
_CLAIM_WORDS = {"cash", "left", "leaves", "treasury", "remaining", "leaving", "after", "balance", "bank", "money", "costs",
                "pocket", "chips", "contributes", "contribution", "emergency"}
_NUMBER_WORDS = set("""one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty
fifty sixty seventy eighty ninety hundred dollars roubles rubles""".split())
_CORE = {"name", "hex", "tile", "train", "there", "exchange"}


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


def round_kind(ctx: NotationContext) -> Optional[str]:
    """'auction', 'stock', 'operating' or 'merger': the round the line is written in, if known."""
    hook = ctx.round_kind
    raw = hook() if callable(hook) else hook
    if not raw:
        return None
    low = str(raw).strip().lower()
    return _ROUND_KINDS.get(low) or next((v for k, v in _ROUND_KINDS.items() if low.startswith(k)), None)


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


def _refuse(line: str, why: str) -> NotationError:
    return NotationError(f"read by its pieces: {why}", text=line.strip())


def read_by_pieces(line: str, ctx: NotationContext, index: NameIndex) -> list[PieceMove]:
    """The moves of `line` by its pieces; NotationError when it is no move or a piece is
    missing, AmbiguousMoveError (with the candidates) when several moves fit."""
    kind = round_kind(ctx)
    why = line_refusal(line)
    if why is not None:
        raise _refuse(line, f"{why} makes this line no move")
    try:
        masked, asides = set_aside(line)
    except Heading as e:
        raise _refuse(line, f'"{e}" makes this line no move') from None
    parts, taken = [], []
    dropped = told = False   # whether the clause before was set aside; whether one set aside told a move
    found = clauses(masked, ctx, index)
    group = merger_group(found, ctx) if kind == "merger" else declared(found, ctx, kind) or game_ended(found, ctx, masked)
    if group is not None:       # a merger told whole, a bankruptcy or nationalisation with its reasons
        return [PieceMove(a, (), found[0].start + 1, " ".join(c.text for c in found)) for a in group]
    if kind is None and not own_verbs(ctx):     # (a declaration is the operating company's in any case)
        raise _refuse(line, _who_unknown(found, ctx) or "the round being played is not known")
    for c in found:
        aside = clause_refusal(c.text)
        if aside is not None and kind == "merger" and merger_not_made(c):
            return [PieceMove(Pass(merging_minor(found, ctx)), (), c.start + 1, c.text)]   # "O-K doesn't merge"
        if aside is not None and (not_done := step_not_taken(c, ctx, kind)):
            # "CPR doesn't place a token": the step passed; "not buying anything": the writer's pass
            parts.append(Clause(c.start, c.end, c.text, [Piece("verb", not_done, c.start, c.end)]))
        elif aside is not None and presidency_taken(c):
            taken.append(c)               # "and takes the presidency from Cid": a claim on the buy
        elif aside is not None:
            asides.append(f'"{c.text}"')
            told |= possessive_move(aside, c)      # "Teodor sold his CPR (1 share) and bought 1 QLL"
        elif dropped and re.match(r"but\b", c.text, re.I) and c.verbs():
            # "Pass - not buying any MVR, but selling a GRR": what is not done against what is
            raise _refuse(line, f'"{c.text}" goes against what the line says is not done')
        else:
            parts.append(c)
        dropped = aside is not None
    parts = par_restated(joined(parts, ctx, masked), kind, ctx.actor)     # the president's certificate: a par
    out: list[PieceMove] = []
    verbs: set = set()
    last: list[PieceMove] = []        # the moves of the clause before
    untold: Optional[Clause] = None   # a lay told beside other moves without its tile or hex
    for c, later in zip(parts, _later_verbs(parts)):
        if out and isinstance(out[-1].action, Pass) and DONE.fullmatch(c.text):
            continue              # "skipping the train buy, done": the pass already made
        if last and (again := said_again(c, [m.action for m in last])) is not None:   # "then another", "GT too"
            last = [PieceMove(a, m.open, c.start + 1, c.text) for a, m in zip(again, last)]
            out.extend(last)
            continue
        if (own := own_kind_moves(c, ctx, [m.action for m in out])) is not None or kind is None:
            out.extend(PieceMove(a, (), c.start + 1, c.text) for a in own or ())     # a title's own kind
            continue
        more = one_more_route(c, out, ctx) if kind == "operating" else None
        if more is not None:         # "runs the two 2s H12-H16 for 40 and H12-H10 for 30"
            out[-1] = dataclasses.replace(out[-1], action=more)
            continue
        start = len(out)
        fitter = _Fitter(_head_player(acting(ctx, c), kind, c), kind, c, [m.action for m in out])     # a private's power: its moves
        fitter.later = later
        if not fitter.verbs and not c.verbs() and not c.loose and verbs and not train_after_lay(verbs, c):
            if verbs == {"sell"} and c.of("source"):
                # "sell 1 GT, by 1 CPR from pool": shares come from a place only when bought
                raise _refuse(line, f'"{c.text}" names where shares come from, which a sale does not')
            fitter.verbs = set(verbs)      # "sells 2 GT, 1 HBR", "buys MRR for 75 and TSR for 30"
            fitter.first_verb = c.start
        verbs = fitter.verbs & CARRIED if fitter.verbs else verbs
        fits = fitter.fit()
        if fits == "which company?" and (named := named_before(parts, c)) is not None:
            # "Auction M-K, opening bid 105", "exchanges SC for its certificate, par 76": the one named before
            fitter = _Fitter(ctx, kind, Clause(c.start, c.end, c.text, [named, *c.pieces], c.loose), fitter.before)
            fitter.later, fits = later, None
            fits = fitter.fit()
        if fits is None and out and c.pieces and all(p.kind in ("held", "per_share") for p in c.pieces):
            # "sells 10% of HBR, now holding 10%": a claim on the move before
            out[-1] = dataclasses.replace(out[-1], claims=out[-1].claims + clause_claims(line, c, [out[-1].action]))
            continue
        if fits is None:
            if kind == "operating" and fitter.verbs == {"lay"} and all(
                    line[p.start:p.end].lower() in _LAY_TOLD for p in c.of("verb")):
                untold = untold or c        # "NYC upgrades the tile and places a token ...": which tile?
            if out and c.loose and GOES_ON.search(line[max(0, c.start - 12):c.start]):
                # "laid #57 on H10 and then some": more moves were meant than can be read
                raise _refuse(line, f'"{c.text}": which move this is cannot be told')
            continue
        if isinstance(fits, str):
            raise _refuse(line, f'"{c.text}": {fits}')
        if len(fits) > 1 and ctx.legal is not None:
            done = [m.action for m in out]
            legal = [f for f in fits if ctx.legal(done + [a for a, _ in f])]
            fits = legal or fits
        if len(fits) > 1:
            from .formatter import format_action
            shown = ["; ".join(format_action(a, ctx) for a, _ in f) for f in fits]
            raise AmbiguousMoveError(f'"{c.text}" could be {" or ".join(shown)}: say which', candidates=shown)
        claims = clause_claims(line, c, [a for a, _ in fits[0]])
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
    if untold is not None and not any(isinstance(m.action, LayTile) for m in out):
        raise _refuse(line, f'"{untold.text}": which tile on which hex?')
    for m in out:
        why = run_unpaired(m.text, m.action) if isinstance(m.action, RunRoutes) else None
        if why:       # "runs its three 2s: I15-H16 for 50 and I15-J14 for 40"
            raise _refuse(line, f'"{m.text}": {why}')
    out, left = with_presidency(line, out, taken)
    asides += left
    if told and out:
        raise _refuse(line, "a move told with his/her/their beside the others: whose it is cannot be told, write each move plainly")
    if not out:
        if asides:
            raise _refuse(line, f"{asides[0]} makes this line no move")
        raise _refuse(line, "no move word with what it needs was found")
    if asides:
        out[0] = dataclasses.replace(out[0], notes=(f"read without what states no move: {', '.join(asides)}",))
    return out


def _later_verbs(parts: list[Clause]) -> list[frozenset]:
    """For each clause, the move words of the clauses after it: one pass from the end (linear)."""
    out, acc = [frozenset()] * len(parts), frozenset()
    for n in range(len(parts) - 1, -1, -1):
        out[n], acc = acc, (acc | parts[n].verbs() if parts[n].pieces else acc)
        COUNTS["clause_verbs"] += 1
    return out


Fit = list[tuple[Action, tuple]]

#: a second lay's cost told beside it ("(20 extra)", "(+20)", "(20 for the second)")
_LAY_COST = regex(r"\bextra\b|\bsecond\b|\+\s*[$₽]?\d|\bcosts?\b", re.I)


_BRACKET = regex(r"\([^()]*\)")


class _Fitter(OperatingFits):
    """The moves one clause may be, for the round kind and the acting entity."""

    def __init__(self, ctx: NotationContext, kind: str, clause: Clause, before: list[Action]) -> None:
        self.ctx, self.kind, self.c, self.before = ctx, kind, clause, before
        #: the move words that name a move of this kind of round ("keep my cash" in a stock round is chat)
        self.verbs = clause.verbs() & _ROUND_VERBS[kind]
        self.names = [(p, k, i) for p in clause.of("name") for k, i in p.value]
        first_verb = min((p.start for p in clause.pieces if p.kind == "verb"), default=clause.end)
        self.first_verb = first_verb
        self.later: set = set()          # the move words of the clauses after it on the line

    # -------------------------------------------------------------- pieces
    def named(self, kind: str, *, skip: tuple = ()) -> list[str]:
        return list(dict.fromkeys(i for _, k, i in self.names if k == kind and i not in skip))

    def amounts(self, skip: tuple = ()) -> list[int]:
        money = [p.value for p in self.c.of("money")]
        bare = [p.value for p in self.c.of("number") if p not in skip]
        return money or bare

    def hexes(self) -> list[str]:
        out = route_order(self.c)       # in the order written ("A to B via C": A, C, B)
        if not out and ("there" in self.c.text.lower().split() or self.c.of("there")):
            out = [getattr(a, "hex") for a in self.before[-1:] if hasattr(a, "hex")]
        return list(dict.fromkeys(out))

    def others(self) -> Optional[str]:  # noqa: C901
        """Why the clause reads as another's move: a player other than the writer, or (in an
        operating or merger round) a company other than the one acting before the move word."""
        for p, k, i in self.names:
            if k == "player" and i != self.ctx.actor:
                if self.kind == "operating" and p is self.c.pieces[0] and (
                        self.verbs == {"sell"} or self.verbs == {"buy"} and self.c.of("train")
                        and self.ctx.current in self.named("corporation")):
                    continue        # the president's sale; a train bought for the company by its president
                if not (self.kind == "operating" and p.before in ("from", "off", "of") or p.before in OUTBID):
                    name = self.ctx.players.get(i, i)
                    bracket = next((b for b in _BRACKET.finditer(self.c.text) if b.start() < p.start - self.c.start < b.end()), None)
                    if bracket is not None:         # "pays out (sorry, Bob)": a remark naming another
                        return f'"{bracket.group(0)}" names {name}: a remark beside a move names no other player (write it apart)'
                    return f"names {name}, who is not the writer"
            if k in ("corporation", "company") and self.kind in ("operating", "merger") \
                    and p.start < self.first_verb and i != self.ctx.current \
                    and p.before not in ("from", "of", "off", "with"):
                after = next((q for q in self.c.pieces if q.start >= p.end), None)   # looked for only here
                owned = after is not None and k == "corporation" and (after.kind == "train" or after.kind == "verb"
                                                                       and after.value == "token" and self.ctx.kind_of(self.ctx.current) == "company")
                if not owned:      # "the KK 2-train"; "NWR: move HBR token ...": the token a private moves
                    return f"names {i}, which is not the company operating"
        return None

    def revenue_alone(self) -> bool:
        """An amount alone (beside the operating company's name) followed on the line by a
        dividend: the revenue of the run it pays ("M-K: 70, pays out")."""
        return self.kind == "operating" and self.implicit() and bool(self.later & DIVIDEND_WORDS) \
            and len(self.amounts()) == 1 and all(p.kind in ("name", "money", "number") for p in self.core()) \
            and not self.c.of("tile") and not self.c.of("train") and not self.hexes()

    def implicit(self) -> bool:
        """A clause with no move word is read only when it holds nothing but pieces and fillers."""
        return not self.verbs and not self.c.loose

    # -------------------------------------------------------------- fitting
    def core(self) -> list[Piece]:
        """The pieces that say what a move is about: not the writer, the operating company
        (its subject), a player addressed, a price or a round label."""
        out = []
        for p in self.c.pieces:
            if p.kind == "name":
                if all(k == "player" or i == self.ctx.current and (self.kind != "stock" or k == "player") or (k == "location" and self.kind != "operating"
                                                                    and not self.verbs) for k, i in p.value):
                    continue
            elif p.kind not in _CORE | {"percent", "count"} or (p.kind == "tile" and self.kind != "operating"
                                                                 and not self.verbs):
                continue
            out.append(p)
        return out

    def bare_bid(self) -> bool:
        """An amount alone in an auction at the table ("200.", "I bid 75"): a bid on the private the game
        lets the writer bid on (`_auction`); with no game (no legal hook) it is no move here."""
        return (self.kind == "auction" and self.verbs <= {"bid"} and not self.c.loose and self.ctx.legal is not None
                and self.ctx.owner_of is not None and len(self.amounts()) == 1
                and all(p.kind in ("number", "money", "verb", "me") for p in self.c.pieces))

    def fit(self):
        """None (no move here: chat), a string (why the clause cannot be read) or the candidates.
        A clause that names what a move is about is read or refuses the line: never dropped."""
        names = [i for p in self.c.of("name") for _, i in p.value]
        if not self.verbs and not self.c.loose and names and all(self.ctx.kind_of(i) == "player" for i in names) \
                and self.ctx.actor not in names:
            return f"names {names[0]} as the one who moves, who is not the writer"     # "Bob: ..."
        if not self.verbs and self.before and self.c.loose and (self.c.of("number") or self.c.of("money")) \
                and not set(self.c.loose) & _CLAIM_WORDS:
            return "a number among words that say no move"              # "..., rotatoin 2"
        core = self.core()
        if not core and (not self.verbs or not self.verbs & BARE) and not self.revenue_alone() and not self.bare_bid():
            if self.kind == "operating" and not self.verbs and not self.c.loose and self.amounts() \
                    and self.later & DIVIDEND_WORDS:
                return "amounts that are no one run's revenue"      # "N: 80, 90, pays out"
            if not self.verbs or not self.c.of("money") and not self.c.of("number"):
                return None
        if not self.verbs and not self.before and self.c.loose and all(p.kind == "name" for p in core) \
                and not any(w in _NUMBER_WORDS for w in self.c.loose):
            return None         # "Having CP, I par ...": names among chat before the first move
        if self.verbs & OWN_WORDS:         # a loan refused, a redemption, a token removed (own_word_moves.py)
            return own_word_move(self)
        why = self.others()
        if why:
            return why
        found = getattr(self, "_" + self.kind)()
        if found is None:
            return "which move this is cannot be told"
        if isinstance(found, list):
            found = [f for f in found if self.uses_all(f)]
            if not found:
                return "something it names is in no move it could be"
        return found

    def _token_owner(self, p: Piece) -> bool:
        """Whether the name `p` is said of the token after it ("HBR token", "HBR's token")."""
        after = next((q for q in self.c.pieces if q.start >= p.end), None)
        return after is not None and after.kind == "verb" and after.value == "token" \
            and not self.c.text[p.end - self.c.start:after.start - self.c.start].strip(" '’s")

    def uses_all(self, moves: Fit) -> bool:
        """Whether every number, hex, tile, train and company the clause names is in the moves
        (a price written with a share bought or sold is a claim and need not be)."""
        if self.c.of("count") and not any(isinstance(a, (BuyShares, SellShares, BuyTrain, RunRoutes, DiscardTrain, Pass))
                                          for a, _ in moves):
            return False        # "token in J12, and two 2 trains": a count no move of these takes
        values: set = set()
        for a, _ in moves:
            collect_values(a, values)
            if isinstance(a, RunRoutes):          # the total written after the routes
                values.add(str(sum(r.revenue or 0 for r in a.routes)))
                values.update(str(p.value) for p in self.c.of("number") if p.before in ("=", "total"))
        if moves and all(isinstance(a, Dividend) for a, _ in moves):      # "..., pays 70": the run's total
            values.update(str(sum(r.revenue or 0 for r in a.routes)) for a in self.before[-1:] if isinstance(a, RunRoutes))
        # a price written with a share bought or sold, or with a token, is a claim on it
        shares = all(isinstance(a, (BuyShares, SellShares, PlaceToken, Convert, Merge)) for a, _ in moves)
        passes = all(isinstance(a, Pass) for a, _ in moves)
        lays = all(isinstance(a, LayTile) for a, _ in moves)
        lifted = any(isinstance(a, RemoveToken) for a, _ in moves)
        for p in self.c.pieces:
            if p.kind in ("money", "number") and (shares or lays and (p.kind == "money" or p.before in (
                    "for", "paying", "the", "pay") or _LAY_COST.search(self.c.text))):   # "for the extra $20"
                continue
            if p.kind == "name":
                if passes and self.kind in ("auction", "stock", "merger"):    # "pass on the WVR"
                    continue
                if all(isinstance(a, Bid) for a, _ in moves) and all(k == "location" for k, _ in p.value):
                    continue        # "bids 100 on the Kharkov minor (KR)": the minor's place
                if not any(k == "player" or i in values or i in (self.ctx.current, self.ctx.actor)
                           for k, i in p.value) and not (lifted and self._token_owner(p)):   # "move HBR token ..."
                    return False
            elif p.kind in ("money", "number", "tile", "train", "hex", "rotation", "percent", "exchange"):
                if str(p.value) not in values:
                    return False
        return True

    def _auction(self):
        actor = self.ctx.actor
        items = self.named("company") + [c for c in self.named("corporation") if c in self.ctx.auctioned]
        amounts = self.amounts()
        if self.verbs & {"pass", "steppass"}:
            return "a pass with an amount?" if amounts else [[(Pass(actor), ())]]
        if "par" in self.verbs:
            corps = [c for c in self.named("corporation") if c not in self.ctx.auctioned]
            if corps and (not items or self.verbs == {"par"}):      # "pars the B&O at 100": the company, not its private
                return self._combos(corps, amounts, lambda c, a: Par(actor, c, a), "the par price")
        if self.verbs & {"bid", "buy", "par"} and self.verbs <= {"bid", "buy", "par"} or self.implicit():
            if not items and self.bare_bid():
                # a bare amount ("200."): a bid on the private the game lets the writer bid on now;
                # the legal hook keeps that one, several are asked; with no game it is asked
                items = [c for c in self.ctx.companies if self.ctx.owner_of(c) is None]
            if not items and not amounts:
                return None if not self.verbs else "which company, and how much?"
            return self._combos(items, amounts, lambda c, a: Bid(actor, c, a), "the amount")
        return None

    def _combos(self, items: list[str], amounts: list[int], make: Callable, what: str):
        if not items:
            return "which company?"
        if not amounts:
            return f"{what} is missing"
        return [[(make(i, a), ())] for i in items for a in dict.fromkeys(amounts)]

    def _stock(self):
        actor = self.ctx.actor
        corps = self.named("corporation")
        auctioned = [c for c in corps if c in self.ctx.auctioned]
        amounts = self.amounts()
        if self.verbs & {"pass", "steppass"} and not self.verbs & {"buy", "sell", "par"}:
            return None if amounts else [[(Pass(actor), ())]]          # "passes on N": one pass
        if auctioned and (self.verbs & {"bid", "par", "buy"} or self.implicit()) and amounts:
            return self._combos(auctioned, amounts, lambda c, a: Bid(actor, c, a), "the amount")
        if self.verbs == {"bid"} and self.ctx.auctioned and corps and amounts:
            # "Bid 115 SE": a bid said as such on a company of a title that auctions companies (the game judges it)
            return self._combos(corps, amounts, lambda c, a: Bid(actor, c, a), "the amount")
        privates = [c for c in self.named("company") if c not in corps]
        if privates and not corps and self.verbs & {"par", "bid"} and not self.verbs & {"convert", "sell"} and amounts:
            # "opens the Moscow-Yaroslavl at 40": a private is bid for, never parred (the game judges the bid)
            return self._combos(privates, amounts, lambda c, a: Bid(actor, c, a), "the amount")
        if ("par" in self.verbs or "convert" in self.verbs and self.named("company")) and amounts:
            # "convert SC at 76": a private (1882's Saskatchewan Central) into its company, at that par
            pars = self._combos([c for c in corps if c not in auctioned], amounts,
                                lambda c, a: Par(actor, c, a), "the par price")
            hexes = self.hexes()
            if isinstance(pars, list) and len(pars) == 1 and len(hexes) == 1 and (HOME.search(self.c.text) or self.c.of("hex")):
                return [pars[0] + [(PlaceToken(pars[0][0][0].corporation, hexes[0]), ("city",))]]
            return pars
        if "token" in self.verbs or (HOME.search(self.c.text) and self.hexes()):      # "base in L12"
            return self._home()
        if "swap" in self.verbs:
            return self._swap(corps)
        if "sell" in self.verbs and "buy" not in self.verbs:
            return self._shares(corps, lambda c, pct: SellShares(actor, c, pct), many=True)
        if "buy" in self.verbs or (self.implicit() and (self.c.of("count") or self.c.of("source") or self.c.of("percent"))):
            if _PRESIDENTS.search(self.c.text):     # the president's certificate comes with a par
                return "the president's certificate is bought by a par: write its par price"
            if {p.value for p in self.c.of("source")} != {"bank"}:
                return self._shares(corps, lambda c, pct: BuyShares(actor, c, self._source(), pct), many=False)
            # "from the bank": the IPO or the pool, whichever the game allows (else the reply asks)
            fits = [self._shares(corps, lambda c, pct, s=s: BuyShares(actor, c, s, pct), many=False) for s in ("ipo", "pool")]
            return fits[0] if not all(isinstance(f, list) for f in fits) else [f for fs in fits for f in fs]
        return None

    def _swap(self, corps: list[str]):
        """A private exchanged for a share of the company its power names ("Ann exchanges MH for a 10%
        share of NYC", 1830): the private's move; one ordinary share, no money besides."""
        privates = self.named("company")
        if len(privates) != 1 or len(corps) != 1 or self.ctx.share_exchanges.get(privates[0]) != corps[0]:
            return None
        if self.amounts() or [p.value for p in self.c.of("percent")] not in ([], [10]) or _PRESIDENTS.search(self.c.text):
            return "a private is exchanged for one ordinary share, with no money besides"
        return [[(BuyShares(privates[0], corps[0], self._source(), 10), ())]]

    def _source(self) -> str:
        found = {p.value for p in self.c.of("source")}
        return "pool" if found == {"pool"} else "ipo"

    def _shares(self, corps: list[str], make: Callable, *, many: bool):
        if len(corps) != 1:
            return "which company's shares?" if not corps else None
        corp = corps[0]
        size = self.ctx.share_size(corp)
        told = quantity(self.c, size, many, self.ctx.holdings and (lambda: self.ctx.holdings(self.ctx.actor, corp)))
        if isinstance(told, str):
            return told
        counts, pcts = told
        if len(counts) + len(pcts) > 1:
            return None
        pct = pcts[0] if pcts else size * (counts[0] if counts else 1)
        if pct % size or not pct:
            return None
        if pct != size and not many and not pcts:
            # "buys 3 CPR": three buys of one share, as the rules buy them (share_counts.py)
            return [[(a, ()) for a in one_per_share(make(corp, size), pct // size)]]
        return [[(make(corp, pct), ())]]

    def _home(self):
        hexes = self.hexes()
        corps = self.named("corporation")
        if not corps:
            corps = [a.corporation for a in self.before[-1:] if isinstance(a, Par)]
        if len(hexes) != 1 or len(corps) != 1:
            return "which company's home, and where?"
        if self.amounts():      # a home station is free: a figure beside it belongs to a par not read
            return "a home station costs nothing: write the par with it"
        return [[(PlaceToken(corps[0], hexes[0]), ("city",))]]

    def _merger(self):
        ent = self.ctx.current or self.ctx.actor
        if self.verbs & {"pass", "steppass"}:
            return [[(Pass(ent), ())]]
        others = self.named("corporation", skip=(ent,))
        if "convert" in self.verbs:
            return [[(Convert(ent), ())] + [(Merge(ent, o), ()) for o in others[:1]]] if len(others) <= 1 else None
        if "merge" in self.verbs:
            return [[(Merge(ent, o), ())] for o in others] or "merge with which company?"
        if "buy" in self.verbs:
            actor = self.ctx.actor
            return self._shares(self.named("corporation"), lambda c, pct: BuyShares(actor, c, self._source(), pct),
                                many=False)
        return None
