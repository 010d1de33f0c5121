"""The moves one clause may be (the reading by pieces, piece_moves.py), for the round kind and
the acting entity."""
from __future__ import annotations

import re
from typing import Callable, Optional

from pbem.engine.actions import (
    Action, Bid, BuyCompany, BuyShares, BuyTrain, Convert, DiscardTrain, Dividend, LayTile, Merge, Par, Pass,
    PlaceToken, RemoveToken, Route, RunRoutes, SellShares, Stop,
)
from pbem.errors import AmbiguousMoveError, PbemError

from .context import NotationContext
from .pieces import ROUND_VERBS, Clause, Piece
from .piece_clauses import BARE, TOO
from .par_restated import HOME, PRESIDENTS as _PRESIDENTS   # the president's certificate: a par
from .own_word_moves import OWN_WORDS, own_word_move
from .dividend_words import DIVIDEND_WORDS
from .share_quantity import one_per_share, quantity, sources_refused
from .lay_words import PRICE_WORDS, edges_told, lays_by_colour, side_not_here, tells_edges
from .private_powers import token_moved
from .run_words import MOST, best_run, dividend_after, route_alone, route_order, several_routes
from .train_words import bought, discarded, some_train
from .lazy import regex

__all__ = ["Fitter"]

#: words of a figure stated beside a move, not part of it ("cash left 365")
_CLAIM_WORDS = {"cash", "left", "leaves", "treasury", "remaining", "leaving", "after", "balance", "bank", "money", "costs",
                "pocket", "chips", "contributes", "contribution", "emergency"}
_NUMBER_WORDS = set("""one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty
fifty sixty seventy eighty ninety hundred dollars roubles rubles""".split())
#: pieces that say what a move is about (not only its price or source)
_CORE = {"name", "hex", "tile", "train", "there", "exchange", "percent", "count"}
#: what comes before an amount paid ("paying the 40"): no tile number
_PAID = regex(r"\b(?:paying|pay|pays|for|costs?)\s+(?:the\s+)?[$₽]?\s*(\d+)", re.I)
#: a tile with a suffix ("57-1", "#57-2")
_TILE_COPY = regex(r"(?<![\w#-])#?(\d{1,4})-([0-5])(?![\w-])")
#: a second lay's cost told beside it ("(20 extra)", "(+20)", "(20 for the second)")
_LAY_COST = regex(r"\bextra\b|\bsecond\b|\+\s*[$₽]?\d|\bcosts?\b", re.I)
_BRACKET = regex(r"\([^()]*\)")
#: words after which a player is the one outbid ("raising Oskar"), not the one moving
_OUTBID = frozenset({"raise", "raises", "raising", "outbid", "outbids", "outbidding", "top", "tops", "topping",
                    "overbid", "overbids", "overbidding"})

#: a bid or par at the least the game allows ("for the minimum bid")
_LEAST = regex(r"\b(?:min(?:imum)?|lowest|least)\b", re.I)
#: a company's price written with "at" ("SE @ 150", "GT at 76")
_AT = regex(r"(?:@|\bat\b)\s*[$₽]?\s*\d", re.I)
#: a clause broken off where its amount was to come ("par CPR at")
_CUT_OFF = regex(r"\b(?:at|for|to|of)\s*[$₽]?\s*$", re.I)


#: the move words of a company's operating turn alone: a clause holding one is no move of another round
_RUNNING = frozenset({"lay", "run", "norun", "payout", "withhold", "half", "discard"})


class Fitter:
    """The moves one clause may be, for the round kind and the acting entity; `later`: the move
    words of the clauses after it on the line."""

    def __init__(self, ctx: NotationContext, kind: str, clause: Clause, before: list[Action], later: frozenset) -> None:
        self.ctx, self.kind, self.c, self.before, self.later = ctx, kind, clause, before, later
        self.verbs = clause.verbs() & ROUND_VERBS[kind]
        self.names = [(p, k, i) for p in clause.of("name") for k, i in p.value]
        self.first_verb = min((p.start for p in clause.pieces if p.kind == "verb"), default=clause.end)

    # -------------------------------------------------------------- pieces
    def named(self, kind: str, *, skip: tuple = ()) -> list[str]:
        return list(dict.fromkeys(i for _, k, i in self.names if k == kind and i not in skip))

    def amounts(self) -> list[int]:
        return [p.value for p in self.c.of("money")] or [p.value for p in self.c.of("number")]

    def slot(self) -> Optional[int]:
        """The token slot written ("J10 slot 2": the second), or None."""
        return next((p.value for p in self.c.of("slot")), None)

    def hexes(self) -> list[str]:
        """The hexes written, in order ("A to B via C": A, C, B); "there", or a token told with no hex
        right after a lay ("..., plus the station"), is the hex of the move before (the game judges it)."""
        out = route_order(self.c)
        if not out and ("there" in self.c.text.lower().split() or self.c.of("there") or self.token_after_lay()):
            out = [getattr(a, "hex") for a in self.before[-1:] if hasattr(a, "hex")]
        return list(dict.fromkeys(out))

    def token_after_lay(self) -> bool:
        """Whether the clause tells a token, and nothing else (not "no token"), right after a lay."""
        return self.verbs == {"token"} and self.c.loose in TOO and bool(self.before) and isinstance(self.before[-1], LayTile)

    def others(self) -> Optional[str]:  # noqa: C901
        """Why the clause reads as another's move: a player other than the writer, or (in an
        operating or merger round) a company other than the one acting before the move word."""
        for p, k, i in self.names:
            if k == "player" and i != self.ctx.actor:
                if self.kind == "operating" and p is self.c.pieces[0] and (
                        self.verbs == {"sell"} or self.verbs == {"buy"} and self.c.of("train")
                        and self.ctx.current in self.named("corporation")):
                    continue        # the president's sale; a train bought for the company by its president
                # (a player a private is bought from is its seller, a claim: "buy DH from Bob for 49")
                sells_private = p.before in ("from", "off") and self.verbs == {"buy"} and self.named("company") \
                    and not self.named("corporation")
                if not (self.kind == "operating" and p.before in ("from", "off", "of") or p.before in _OUTBID
                        or sells_private):
                    name = self.ctx.players.get(i, i)
                    bracket = next((b for b in _BRACKET.finditer(self.c.text) if b.start() < p.start - self.c.start < b.end()), None)
                    if bracket is not None:         # "pays out (sorry, Bob)": a remark naming another
                        return f'"{bracket.group(0)}" names {name}: a remark beside a move names no other player (write it apart)'
                    return f"names {name}, who is not the writer"
            if k in ("corporation", "company") and self.kind in ("operating", "merger") \
                    and p.start < self.first_verb and i != self.ctx.current and self.ctx.kind_of(self.ctx.current) != "player" \
                    and p.before not in ("from", "of", "off", "with") \
                    and not (any(k2 == "location" for k2, _ in p.value) and len(self.hexes()) > 1):   # a stop of a route
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
        return not self.verbs and not self.c.loose and not (self.c.verbs() & _RUNNING)   # "ERIE pays 120" in a stock round: no par

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
            elif p.kind not in _CORE or (p.kind == "tile" and self.kind != "operating"
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
        if not self.verbs and self.before and self.c.loose and self.amounts() and not set(self.c.loose) & _CLAIM_WORDS:
            return "a number among words that say no move"              # "..., rotatoin 2"
        core = self.core()
        if not core and not self.verbs & BARE and not self.revenue_alone() and not self.bare_bid() \
                and not (self.kind == "operating" and "run" in self.verbs and set(self.c.loose) & MOST) \
                and not some_train(self) and not self.token_after_lay():
            if self.kind == "operating" and self.implicit() and self.amounts() and self.later & DIVIDEND_WORDS:
                return "amounts that are no one run's revenue"      # "N: 80, 90, pays out"
            if not self.verbs or not self.amounts():
                return None
        if not self.verbs and not self.before and self.c.loose and all(p.kind == "name" for p in core) \
                and not any(w in _NUMBER_WORDS for w in self.c.loose):
            return None         # "Having CP, I par ...": names among chat before the first move
        if self.verbs & OWN_WORDS:         # a loan refused, a redemption, a token removed (own_word_moves.py)
            own = own_word_move(self)        # (none of them, with a train, tile or hex named, or after a move
            odd = next((p for p in core if p.kind in ("train", "tile", "hex")     # a name: refused, never dropped)
                        or self.before and p.kind == "name"), None)
            return f'"{self.c.text[odd.start - self.c.start:odd.end - self.c.start]}" is in no move it could be' \
                if own is None and odd else own
        found = self.others() or getattr(self, "_" + self.kind)()      # another's move: why it is not read
        if found is None:
            stray = [b.group(0) for b in _BRACKET.finditer(self.c.text)
                     if self.verbs and re.fullmatch(r"\([$₽]?\d+\)", b.group(0))]
            if stray:       # "HBR passes (99)": an amount in brackets that no move of its words has
                return f'"{stray[-1]}" is in no move it could be'
            return "which move this is cannot be told"
        if isinstance(found, list):
            left = [self.left_over(f) for f in found]
            if all(left):            # the first piece the likeliest reading leaves out, quoted
                return f'"{self.c.text[left[0].start - self.c.start:left[0].end - self.c.start].strip()}" is in no move it could be'
            found = [f for f, x in zip(found, left) if x is None]
        return found

    def _token_owner(self, p: Piece) -> bool:
        """Whether the name `p` is said of the token after it ("HBR token", "HBR's token")."""
        after = next((q for q in self.c.pieces if q.start >= p.end), None)
        return after is not None and after.kind == "verb" and after.value == "token" \
            and not self.c.text[p.end - self.c.start:after.start - self.c.start].strip(" '’s")

    def left_over(self, moves: list[tuple[Action, tuple]]):
        """None when every number, hex, tile, train and company the clause names is in the moves (a
        price written with a share bought or sold is a claim and need not be), else the first piece not."""
        if self.c.of("count") and not any(isinstance(a, (BuyShares, SellShares, BuyTrain, RunRoutes, DiscardTrain, Pass))
                                          for a, _ in moves):
            return self.c.of("count")[0]        # "token in J12, and two 2 trains": a count no move of these takes
        values: set = set()
        for a, _ in moves:
            _values(a, values)
            if isinstance(a, RunRoutes):          # the total written after the routes
                values.add(str(sum(r.revenue or 0 for r in a.routes)))
                values.update(str(p.value) for p in self.c.of("number") if p.before in ("=", "total"))
        if moves and all(isinstance(a, Dividend) for a, _ in moves):      # "..., pays 70": the run's total
            values.update(str(sum(r.revenue or 0 for r in a.routes)) for a in self.before[-1:] if isinstance(a, RunRoutes))
        # a price written with a share bought or sold, or with a token, is a claim on it
        shares = all(isinstance(a, (BuyShares, SellShares, PlaceToken)) for a, _ in moves)
        # a conversion's price is told "at" it ("converts to SW at 110"); a merger alone has none ("merges KK, 120")
        converted = any(isinstance(a, Convert) for a, _ in moves) and all(isinstance(a, (Convert, Merge)) for a, _ in moves)
        passes = all(isinstance(a, Pass) for a, _ in moves)
        lays = all(isinstance(a, LayTile) for a, _ in moves)
        lifted = any(isinstance(a, RemoveToken) for a, _ in moves)
        for p in self.c.pieces:
            if p.kind in ("money", "number") and (shares or converted and p.before in ("at", "@")
                                                  or lays and (p.kind == "money" or p.before in PRICE_WORDS
                                                                      or _LAY_COST.search(self.c.text))):   # "for the extra $20"
                continue
            if p.kind == "name":
                if passes and self.kind in ("auction", "stock", "merger") and p.start > self.first_verb:
                    continue        # "pass on the WVR" (not "SC passes": a company passes no stock round)
                if all(isinstance(a, Bid) for a, _ in moves) and all(k == "location" for k, _ in p.value):
                    continue        # "bids 100 on the Kharkov minor (KR)": the minor's place
                if not any(k == "player" or i in values or i in (self.ctx.current, self.ctx.actor)
                           for k, i in p.value) and not (lifted and self._token_owner(p)):   # "move HBR token ..."
                    return p
            elif p.kind in ("money", "number", "tile", "train", "hex", "rotation", "percent", "exchange"):
                if str(p.value) not in values:
                    return p
        return None

    def _auction(self):
        items = self.named("company") + [c for c in self.named("corporation") if c in self.ctx.auctioned]
        corps = [c for c in self.named("corporation") if c not in self.ctx.auctioned]
        amounts = self.amounts()
        if self.verbs & {"pass", "steppass"}:
            return "a pass with an amount?" if amounts else [[(Pass(self.ctx.actor), ())]]
        if "par" in self.verbs and corps and (not items or self.verbs == {"par"}):
            return self._combos(Par, corps, amounts)      # "pars the B&O at 100": the company, not its private
        if self.implicit() and amounts and corps:
            # "CPR at 100": a par; "B&O @ 100" a bid on the B&O private unless the game allows the par now
            pars = self._combos(Par, corps, amounts)
            if not items or self.ctx.legal is not None and any(self.ctx.legal([*self.before, *(a for a, _ in f)]) for f in pars):
                return pars
        if self.verbs & {"bid", "buy", "par"} and self.verbs <= {"bid", "buy", "par"} or self.implicit():
            if not items and self.bare_bid():
                # a bare amount ("200."): a bid on the private the game lets the writer bid on now;
                # the legal hook keeps that one, several are asked; with no game it is asked
                items = [c for c in self.ctx.companies if self.ctx.owner_of(c) is None]
            if not items and not amounts:
                return None if not self.verbs else "which company, and how much?"
            return self._combos(Bid, items, amounts)
        return None

    def _combos(self, make: type, items: list[str], amounts: list[int]):
        """The writer's bid (or par) on each company named at each amount named; with no amount
        named, the amount is left for the game to settle ("least" for "the minimum bid")."""
        if not items:
            return "which company?"
        if not amounts and _CUT_OFF.search(self.c.text):
            return "the amount is missing"          # "par CPR at": broken off before it
        if not amounts:
            left = ("least",) if _LEAST.search(self.c.text) else ("price",)
            return [[(make(self.ctx.actor, i, None), left)] for i in items]
        return [[(make(self.ctx.actor, i, a), ())] for i in items for a in dict.fromkeys(amounts)]

    def _stock(self):
        actor = self.ctx.actor
        corps = self.named("corporation")
        auctioned = [c for c in corps if c in self.ctx.auctioned]
        amounts = self.amounts()
        if self.verbs & {"pass", "steppass"} and not self.verbs & {"buy", "sell", "par"}:
            return None if amounts else [[(Pass(actor), ())]]          # "passes on N": one pass
        if auctioned and (self.verbs & {"bid", "par", "buy"} or self.implicit()) and amounts:
            return self._combos(Bid, auctioned, amounts)
        if self.verbs == {"bid"} and self.ctx.auctioned and corps and amounts:
            # "Bid 115 SE": a bid said as such on a company of a title that auctions companies (the game judges it)
            return self._combos(Bid, corps, amounts)
        privates = [c for c in self.named("company") if c not in corps]
        if privates and not corps and self.verbs & {"par", "bid"} and not self.verbs & {"convert", "sell"} and amounts:
            # "opens the Moscow-Yaroslavl at 40": a private is bid for, never parred (the game judges the bid)
            return self._combos(Bid, privates, amounts)
        if privates and not corps and self.verbs == {"buy"} and len(privates) == 1 and len(amounts) <= 1:
            # "buy DH for 49": a private bought from the player who owns it (1830's stock round;
            # the game judges whether the title allows it now); with no price, the reply asks for it
            return [[(BuyCompany(actor, privates[0], amounts[0] if amounts else None), () if amounts else ("price",))]]
        if self.implicit() and len(amounts) == 1 and len(corps) == 1 and not auctioned and not privates \
                and not self.c.of("count") and not self.c.of("percent") and not self.c.of("source") and _AT.search(self.c.text):
            # "SE @ 150": a par, or a share bought at that price; the game tells which is legal
            return self._combos(Par, corps, amounts) + [[(BuyShares(actor, corps[0], "ipo", self.ctx.share_size(corps[0])), ())]]
        if ("par" in self.verbs or "convert" in self.verbs and self.named("company")) and amounts:
            # "convert SC at 76": a private (1882's Saskatchewan Central) into its company, at that par
            pars = self._combos(Par, [c for c in corps if c not in auctioned], amounts)
            hexes = self.hexes()
            if isinstance(pars, list) and len(pars) == 1 and len(hexes) == 1 and (HOME.search(self.c.text) or self.c.of("hex")):
                return [pars[0] + [(PlaceToken(pars[0][0][0].corporation, hexes[0]), ("city",))]]
            return pars
        if self.verbs == {"par"} and corps and not auctioned and not privates and not _CUT_OFF.search(self.c.text) \
                and all(p.start > self.first_verb for p, k, _ in self.names if k == "corporation"):
            # "I float C&O": the par price the game settles or asks ("C&O floats": the company's news)
            return self._combos(Par, corps, [])
        if "token" in self.verbs or (HOME.search(self.c.text) and self.hexes()):      # "base in L12"
            return self._home()
        if "swap" in self.verbs:
            return self._swap(corps)
        if "sell" in self.verbs and "buy" not in self.verbs:
            return self._shares(corps, lambda c, pct: SellShares(actor, c, pct), many=True)
        if "buy" in self.verbs or (self.implicit() and (self.c.of("count") or self.c.of("source") or self.c.of("percent"))):
            if _PRESIDENTS.search(self.c.text):     # the president's certificate comes with a par
                return "the president's certificate is bought by a par: write its par price"
            if (why := sources_refused(self.c)) is not None:
                return why
            if {p.value for p in self.c.of("source")} != {"bank"}:
                return self._buys(corps, self._source())
            # "from the bank": the IPO or the pool, whichever the game allows (else the reply asks)
            fits = [self._buys(corps, s) for s in ("ipo", "pool")]
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

    def _buys(self, corps: list[str], source: str):
        fits = self._shares(corps, lambda c, pct: BuyShares(self.ctx.actor, c, source, pct), many=False)
        if isinstance(fits, list) and not self.c.of("source"):     # "buy NYNH": the IPO, or the pool if only it sells
            return [[(a, opened + ("source",)) for a, opened in fit] for fit in fits]
        return fits

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
            # "buys 3 CPR": three buys of one share, as the rules buy them (share_quantity.py)
            return [[(a, ()) for a in one_per_share(make(corp, size), pct // size)]]
        return [[(make(corp, pct), ())]]

    def _home(self):
        hexes = self.hexes()
        corps = self.named("corporation") or [a.corporation for a in self.before[-1:] if isinstance(a, Par)] \
            or [c for c in (self.ctx.current,) if c and self.ctx.kind_of(c) == "corporation"]    # the company parred: its home
        if len(hexes) != 1 or len(corps) != 1:
            return "which company's home, and where?"
        if self.amounts():      # a home station is free: a figure beside it belongs to a par not read
            return "a home station costs nothing: write the par with it"
        return [[(PlaceToken(corps[0], hexes[0], slot=self.slot()), ("city",))]]

    def _merger(self):
        ent = self.ctx.current or self.ctx.actor
        if self.verbs & {"pass", "steppass"}:
            return [[(Pass(ent), ())]]
        others = self.named("corporation", skip=(ent,))
        if "convert" in self.verbs:
            return [[(Convert(ent), ())] + [(Merge(ent, o), ()) for o in others[:1]]] if len(others) <= 1 else None
        if "merge" in self.verbs:
            return [[(Merge(ent, o), ())] for o in others] or "merge with which company?"
        if "buy" in self.verbs or self.implicit() and self.ctx.kind_of(ent) == "player" and (
                self.c.of("count") or self.c.of("source") or self.c.of("percent")):      # "1 NW from IPO"
            return self._buys(self.named("corporation"), self._source())
        return None

    def _operating(self):
        cur = self.ctx.current
        if not cur or self.ctx.kind_of(cur) not in ("corporation", "company"):
            players = self.named("player")
            if players:
                return f'"{self.ctx.players.get(players[0], players[0])}" is a player; name the company that makes this move, e.g. "CPR: ..."'
            return 'which company makes this move? no company is operating: start it with its name, e.g. "CPR: ..."'
        verbs = self.verbs
        tiles = [p.value for p in self.c.of("tile")]
        hexes = self.hexes()
        trains = [p.value for p in self.c.of("train")]
        if verbs & {"pass", "steppass"}:
            n = max(1, sum(1 for p in self.c.of("verb") if p.value == "steppass"))
            return None if tiles or trains or self.amounts() else [[(Pass(cur), ())] * n]
        if "run" in verbs:
            return self._run(cur, trains)
        if kinds := verbs & {"payout", "withhold", "half"}:
            if len(kinds) > 1 or tiles or verbs - kinds:
                return None
            ran = [a for a in self.before if isinstance(a, RunRoutes) and a.entity == cur]
            total = sum(r.revenue or 0 for r in ran[-1].routes) if ran else None
            again = ran and not trains and self.amounts() == [total]
            if ran and not trains and len(self.amounts()) == 1 and not again and kinds <= {"payout", "withhold"} \
                    and all(r.revenue is not None for r in ran[-1].routes):
                return f"{cur}'s run was told as earning {total}, not {self.amounts()[0]}"     # "runs for 100, pays out 90"
            if not again and (trains or self.amounts()):     # "pays out 80 from the 3T": the run and its dividend
                return self._run(cur, trains)
            return [[(Dividend(cur, kinds.pop()), ())]]     # (with "..., pays 70": the run's total again)
        if tiles and (verbs or self.implicit()) or "lay" in verbs:
            if copy := _TILE_COPY.search(self.c.text):      # "lays 57-1": a copy number, or a rotation?
                base, suffix = copy.groups()
                raise AmbiguousMoveError(
                    f'"{copy.group(0)}": the part after "-" is a copy number in 18xx.games records but a '
                    f'rotation elsewhere; write "#{base} rot {suffix}" for rotation {suffix}, or "#{base}"',
                    candidates=[f"#{base}", f"#{base} rot {suffix}"])
            if not tiles:
                tiles = [str(p.value) for p in self.c.of("number")
                         if p.before in ("lay", "lays", "a", "with", "to", "upgrade", "upgrades", "the", "yellow", "green",
                                         "brown", "grey", "gray") and str(p.value) not in _PAID.findall(self.c.text)]
            rots = [p.value for p in self.c.of("rotation")]
            if not tiles and not verbs - {"lay"} and (told := lays_by_colour(self.c.text, self.ctx, cur, hexes, rots)):
                return told                  # "lays a green city on L8": the legal lays of that colour
            if len(tiles) != 1 or len(hexes) != 1 or verbs - {"lay"}:
                return "which tile on which hex?" if verbs & {"lay"} or tiles else None
            if len(rots) > 1:
                return None
            if not rots and (bad := side_not_here(self.c.text, self.ctx)):
                return bad
            if not rots and self.ctx.rotation_resolver and tells_edges(self.c.text):
                rot = 0                      # the sides told give it (lay_words.with_edges_and_cities)
            elif not rots and self.ctx.rotation_resolver and self.before:
                try:
                    rot = self.ctx.resolve_rotation(tiles[0], hexes[0], ())
                except PbemError:
                    # a lay after another move of the line ("lays #57 on L8 rot 1; lays #8 on M7"): its
                    # rotation is worked out when it is played, on the board the moves before it leave
                    return [[(LayTile(cur, hexes[0], tiles[0], 0), ("rotation",))]]
            else:
                rot = rots[0] if rots else self.ctx.resolve_rotation(tiles[0], hexes[0], edges_told(self.c.text, self.ctx))
            return [[(LayTile(cur, hexes[0], tiles[0], rot), ())]]
        if "token" in verbs:
            mover = cur if self.ctx.kind_of(cur) == "company" else self.ctx.token_mover or cur     # (1882: NWR moves tokens)
            if (moved := token_moved(self.c, mover, hexes, verbs)) or len(hexes) != 1 or verbs - {"token"}:
                return moved or "which hex?"     # "moves its token from G11 to E5"
            neutral = bool(self.c.of("neutral"))
            return [[(PlaceToken(cur, hexes[0], neutral=neutral, slot=self.slot()), ("city",))]]
        if "sell" in verbs and not verbs - {"sell"} and not trains:
            # a president's sale to raise a train's price ("Yuki sells 1 CPR, GT buys the 4"); one
            # told after the train stays there (the game judges it) unless it says it funds the train
            first = self.c.pieces[0]          # "Bob sells 2 GT": the president named
            said = [i for k, i in first.value if k == "player"] if first.kind == "name" else []
            actor = said[0] if len(said) == 1 else self.ctx.actor
            return self._shares(self.named("corporation", skip=(cur,)) or self.named("corporation"),
                                lambda c, pct: SellShares(actor, c, pct), many=True)
        companies = self.named("company", skip=(cur,))     # "SC buys ...": the company operating buys no private of its name
        told_train = trains or any(str(p.value) in self.ctx.trains and p.before in ("a", "the", "its") for p in self.c.of("number"))
        if "buy" in verbs and companies and not (told_train and self.named("corporation", skip=(cur,))):
            amounts = self.amounts()
            if len(companies) != 1 or len(amounts) > 1 or trains:
                return "which private, for how much?"
            # with no price ("the Penn buys the D&H from Eve"): the price the game settles or asks
            return [[(BuyCompany(cur, companies[0], amounts[0] if amounts else None), () if amounts else ("price",))]]
        if "discard" in verbs:
            return discarded(self, cur, trains)       # "discards its 3" (train_words.py)
        if self.implicit() and trains:
            return self._bought_or_run(cur, trains)
        if self.revenue_alone() or route_alone(self):
            return self._run(cur, trains)      # "M-K: 70, pays out": the run's revenue; "2T B2-C3"
        return bought(self, cur, trains) if "buy" in verbs else None

    def _bought_or_run(self, cur: str, trains: list[str]):
        """A train told with no move word: run or bought, by what is told with it and the moves around it."""
        c = self.c
        if not self.amounts():
            return self._run(cur, trains) if route_alone(self) else bought(self, cur, trains)     # "2T B2-C3"
        if not c.of("money") and not any(p.before == "for" for p in c.pieces) and not c.of("source") and not c.of("exchange"):
            return self._run(cur, trains)      # "2T = 60", "2T Moscow-Kiev 70", "3-train 100": a run
        # "2T for 80": which? ("D from depot, ..., 800": bought)
        runs, buys = None if c.of("source") else self._run(cur, trains), bought(self, cur, trains)
        if isinstance(runs, list) and isinstance(buys, list) and len(self.hexes()) < 2:    # (a route: the run)
            if any(isinstance(a, Dividend) for a in self.before):
                runs = None                    # the dividend is paid: a train now is bought
            elif self.later & DIVIDEND_WORDS:
                buys = None                    # its dividend follows: the run
            elif not (self.before and isinstance(self.before[-1], RunRoutes) or not (self.before or self.later)):
                runs = None                    # a turn written whole that pays no dividend (alone, or after a run: both)
        return [f for f in (runs, buys) if isinstance(f, list) for f in f] or None

    def _run(self, cur: str, trains: list[str]):
        numbers = self.c.of("number")
        if not trains and numbers and str(numbers[0].value) in self.ctx.trains and len(numbers) > 1:
            trains, numbers = [str(numbers[0].value)], numbers[1:]     # "runs 5 for 260"
        revenue = [p.value for p in self.c.of("money")] or \
                  [p.value for p in numbers if p.before in ("for", "=", "") or p.value >= 10]
        stops = self.hexes()
        written = [p.value for p in self.c.of("hex")]      # "E11-D10-E11", "J8-K9-J10-J10": a hex's two cities
        if len(written) > len(set(written)) == len(stops) > 1 and set(written) == set(stops) and not self.c.of("name"):
            stops = written
        counts = [p.value for p in self.c.of("count")]
        if len(set(trains)) == 1 and len(counts) == 1 and counts[0] > 1:
            trains = trains * counts[0]                              # "runs its two 2s for 50 and 40"
        if len(trains) > 1 and len(revenue) == len(trains) + 1 and sum(revenue[:-1]) == revenue[-1]:
            revenue = revenue[:-1]                                   # "4T 180 + 3T 110 = 290": the total
        if len(trains) > 1 and len(revenue) == len(trains) and not stops:
            routes = tuple(Route(t, (), revenue=r) for t, r in zip(trains, revenue))
            return [[(RunRoutes(cur, routes), ())] + dividend_after(self.verbs, cur)]
        total = [p for p in numbers if p.before in ("=", "total")]
        if len(revenue) == 2 and total and total[0].value == revenue[-1] and revenue[-1] > revenue[0]:
            revenue = revenue[:1]          # "2T 50 = 140": the total of the run's trains, a claim
        if not stops and (routes := several_routes(self.ctx, cur, self.c, trains, revenue, counts)):
            # "runs 120 + 160", "the 4 for 180 and 3 for 120", "2 trains for 90 and 70", "two 2s for 50 each"
            return [[(RunRoutes(cur, routes), ())] + dividend_after(self.verbs, cur)]
        if not revenue and not stops and not self.c.of("tile") and (owned := best_run(self.c, self.ctx, cur, trains)):
            return [[(RunRoutes(cur, owned), ("best",))] + dividend_after(self.verbs, cur)]     # "runs for max"
        if len(revenue) > 1 or self.c.of("tile") or not revenue and len(stops) < 2:
            return "how much did the run earn?" if not revenue else None      # (a route's ends: the game counts)
        if len(stops) == 1:
            return None
        if not trains and self.ctx.trains_of is not None and len(owned := set(self.ctx.trains_of(cur))) == 1:
            trains = list(owned)
        if not trains and not stops and len(revenue) == 1 and self.ctx.trains_of is not None and len(owned) > 1:
            # "runs for 440" with a 3 and a 4: the total of the best run, which the game checks
            every = list(self.ctx.trains_of(cur))
            routes = (Route(every[0], (), revenue=revenue[0]),) + tuple(Route(t, ()) for t in every[1:])
            return [[(RunRoutes(cur, routes), ("total",))] + dividend_after(self.verbs, cur)]
        if len(set(trains)) != 1:
            return "which train runs?"
        legs = [p.value for p in self.c.of("via")]
        if not legs and (path := _passed_through(self.c.text, stops, self.ctx)):
            stops, legs = path              # "from I5 via I6 I7 to J10": the hexes of no place are the track
        if len(legs) > 1:
            return None
        if legs and (why := _legs_refused(legs[0], stops)):
            return why
        route = Route(trains[0], tuple(Stop(h) for h in stops), via=legs[0] if legs else None,
                      revenue=revenue[0] if revenue else None)
        return [[(RunRoutes(cur, (route,)), ())] + dividend_after(self.verbs, cur)]


#: the hexes a route is told to pass through ("via I6 I7", "via I6, I7")
_VIA_HEXES = regex(r"\bvia\s+((?:[A-Z]{1,2}\d{1,2}\b[\s,]*)+)")


def _passed_through(text: str, stops: list[str], ctx) -> Optional[tuple[list[str], list[tuple]]]:
    """The two ends and the one leg of a route told with the hexes it passes through after "via",
    when none of them is a place of the map (a city or town would be a stop); else None."""
    m = _VIA_HEXES.search(text)
    if m is None or not ctx.locations:
        return None
    through = re.findall(r"[A-Z]{1,2}\d{1,2}", m.group(1))
    ends = [h for h in stops if h not in through]
    if any(h in ctx.locations for h in through) or len(ends) != 2:
        return None
    return ends, [((ends[0], *through, ends[1]),)]


def _legs_refused(legs: tuple, stops: list[str]) -> str:
    """Why the legs after "via" do not join the route's stops, one leg between each two ('' when they do)."""
    if len(legs) != len(stops) - 1:
        return f"the via part gives {len(legs)} legs for {len(stops)} stops (one leg between each two stops, e.g. I5>I6>J10)"
    for i, leg in enumerate(legs):
        if leg[0] != stops[i] or leg[-1] != stops[i + 1]:
            return f"leg {i + 1} of the via part should run from {stops[i]} to {stops[i + 1]}"
    return ""


def _values(obj, values: set) -> None:
    """The values an action holds, as strings (routes and stops opened up)."""
    if isinstance(obj, (tuple, list)):
        for x in obj:
            _values(x, values)
    elif hasattr(obj, "__dataclass_fields__"):
        for name in obj.__dataclass_fields__:
            _values(getattr(obj, name), values)
    elif obj is not None:
        values.add(str(obj))
