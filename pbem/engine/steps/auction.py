"""The steps of the private auction (waterfall): a par set at once for a private that comes
with a president's certificate, and the bids and passes."""
from __future__ import annotations

from typing import Optional

from pbem.engine import abilities
from pbem.engine import actions as A
from pbem.engine.step import LegalMove, Step
from pbem.errors import RuleError


def president_of(game, company_sym: str) -> Optional[str]:
    """The corporation whose president's certificate comes with the private (its 'shares'
    ability naming share 0 in the title data), or None."""
    return abilities.president_with(game.data, company_sym)


class PendingPar(Step):
    """The buyer of a private that came with a president's certificate sets that corporation's par now."""

    name = "company pending par"

    def blocks(self) -> bool:
        return bool(self.round.pending_par)

    def entity(self) -> Optional[str]:
        return self.game.companies[self.round.pending_par[0]].owner

    def actions(self, entity: str) -> list[str]:
        return ["par"] if entity == self.entity() else []

    def moves_par(self, ent: str) -> list[LegalMove]:
        corp = president_of(self.game, self.round.pending_par[0])
        return [LegalMove(A.Par(ent, corp, cell.price)) for cell in self.game.market.par_cells] if corp else []

    def check(self, action: A.Action) -> None:
        g = self.game
        ent, company = self.entity(), self.round.pending_par[0]
        if action.entity != ent:
            raise RuleError(f"it is {g.player_name(ent)}'s turn in the auction, not {g.player_name(action.entity)}'s",
                            rule="turn order", legal=["par"])
        if not isinstance(action, A.Par):
            raise RuleError(f"{g.player_name(ent)} must first set the par value of the corporation that came "
                            f"with {company}", rule="company pending par", legal=["par"])
        corp = president_of(g, company)
        if corp is not None and action.corporation != corp:
            raise RuleError(f"{g.companies[company].name}'s buyer must set the par of {corp}, not {action.corporation}",
                            rule=f"{company} comes with the {corp} president's certificate", legal=["par"])
        if g.market.par_cell(action.price) is None:
            pars = ", ".join(f"${c.price}" for c in g.market.par_cells)
            raise RuleError(f"${action.price} is not a par value; par values are {pars}", rule="par values",
                            legal=["par"])

    def apply_par(self, action: A.Par) -> None:
        g = self.game
        g.title.pending_par(g, action, self.round.pending_par[0])
        self.round.pending_par.pop(0)


class AuctionTurn(Step):
    """A step where players bid or pass in turn (the waterfall, an auction of one item at a time):
    whose turn it is and which kinds it takes are checked here; bids by the auction's own rules."""

    def check(self, action: A.Action) -> None:
        g, ent = self.game, self.entity()
        if action.entity != ent:
            raise RuleError(f"it is {g.player_name(ent)}'s turn in the auction, not {g.player_name(action.entity)}'s",
                            rule="turn order", legal=self.actions(ent) if ent else [])
        if not self.accepts(action):
            raise RuleError(f"cannot {A.kind_words(action)} in the private auction: bid or pass",
                            rule="private auction", legal=["bid", "pass"])
        super().check(action)

    def check_pass(self, action: A.Pass) -> None:
        pass


class Waterfall(AuctionTurn):
    """Buy the cheapest private at its price or bid on another; an auction among several
    bidders on the cheapest interrupts the turn order until it is settled."""

    name = "private auction"

    def entity(self) -> Optional[str]:
        rnd = self.round
        if rnd.auctioning:
            bids = rnd.bids[rnd.auctioning]
            return min(bids.items(), key=lambda kv: kv[1])[0]
        return rnd.entities[rnd.index]

    def actions(self, entity: str) -> list[str]:
        return ["bid", "pass"] if entity == self.entity() else []

    def moves_pass(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Pass(ent))]

    def moves_bid(self, ent: str) -> list[LegalMove]:
        rnd, g = self.round, self.game
        out = []
        if rnd.auctioning:
            sym = rnd.auctioning
            mn, mx = rnd.min_bid(sym), rnd.max_bid(ent, sym)
            if mn <= mx:
                what = f"any multiple of {rnd.bid_step}" if rnd.raise_in_multiples else "any amount"
                out.append(LegalMove(A.Bid(ent, sym, mn), f"{what} from {g.money(mn)} to {g.money(mx)}"))
            return out
        for c in rnd.companies:
            mn, mx = rnd.min_bid(c.sym), rnd.max_bid(ent, c.sym)
            if mn <= mx:
                note = "buys it at once" if rnd.may_purchase(c.sym) else f"bid up to {g.money(mx)}"
                out.append(LegalMove(A.Bid(ent, c.sym, mn), note))
        return out

    def check_bid(self, bid: A.Bid) -> None:
        why = self.bid_problem(bid)
        if why is not None:
            raise RuleError(why[0], rule=why[1], legal=["bid", "pass"])

    def bid_problem(self, bid: A.Bid) -> Optional[tuple[str, str]]:
        """(reason, rule) why the bid may not be made, or None: the check; the listing gives each
        item's lowest bid and the range up to the most the bidder may bid."""
        rnd, g = self.round, self.game
        sym, step = bid.company, rnd.bid_step
        if sym not in g.companies or all(c.sym != sym for c in rnd.companies):
            avail = ", ".join(c.sym for c in rnd.companies)
            return f"{sym} is not for sale; still in the auction: {avail}", "private auction"
        if rnd.auctioning and sym != rnd.auctioning:
            return f"{rnd.auctioning} is being auctioned: bid on it or pass", "auction in progress"
        mn = rnd.min_bid(sym)
        if bid.price < mn:
            return f"the minimum bid for {sym} is ${mn}, not ${bid.price}", "minimum bid"
        if rnd.raise_in_multiples and (bid.price - mn) % step:
            return (f"bids go up in multiples of ${step}: ${bid.price} is not ${mn} plus a multiple of ${step}",
                    "bid increments")
        mx = rnd.max_bid(bid.entity, sym)
        if bid.price > mx:
            return (f"{g.player_name(bid.entity)} can bid at most ${mx} (cash less other open bids)",
                    "bids are limited by cash")
        return None

    def apply_pass(self, action: A.Pass) -> None:
        self.round._pass(action.entity)

    def apply_bid(self, action: A.Bid) -> None:
        self.round._bid(action)
