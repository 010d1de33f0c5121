"""The 1830 stock round: the standard sell-buy-sell turn with two 1830 rules: a private may be
bought from another player (after the first stock round, while the phase allows it) as the
turn's purchase, and several shares in the brown zone may be bought only from the pool, and
not after buying from the IPO in the same turn (unless the optional rule
`multiple_brown_from_ipo` is in play)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.engine.rounds.stock import StockRound
from pbem.engine.step import LegalMove
from pbem.engine.steps.interrupts import DiscardTrain, HomeToken
from pbem.engine.steps.shares import BuySellParShares

if TYPE_CHECKING:
    from pbem.engine.entities import Company

#: the phase status that lets players buy privates from each other in stock rounds
BUY_FROM_PLAYERS = "can_buy_companies_from_other_players"


class BuySellParShares1830(BuySellParShares):
    """The stock-round turn, with a private bought from another player."""

    def moves_buy_company(self, ent: str) -> list[LegalMove]:
        g = self.game
        cash = g.players[ent].cash
        out = []
        for comp in self.round.purchasable_companies(ent):
            # listed once, at its lowest price, with its range (the players agree on the price)
            if self.round.company_problem(A.BuyCompany(ent, comp.sym, 1)) is not None:
                continue
            out.append(LegalMove(A.BuyCompany(ent, comp.sym, 1), f"any price from $1 to {g.money(cash)}, "
                                 f"as agreed with {g.player_name(comp.owner)}"))
        return out

    def moves_buy_shares(self, ent: str) -> list[LegalMove]:
        """The buys, and the exchanges of the player's privates for a share (at any time; listed
        in the player's turn)."""
        from pbem.titles.family1830.privates import exchange_moves

        own = [LegalMove(a, "exchange") for a in exchange_moves(self.game)
               if self.game.companies[a.entity].owner == ent]
        return super().moves_buy_shares(ent) + own

    def check_buy_company(self, action: A.BuyCompany) -> None:
        self._refuse(self.round.company_problem(action), action.entity)
        self._must_sell_first(action.entity)

    def apply_buy_company(self, action: A.BuyCompany) -> None:
        g = self.game
        comp = g.companies[action.company]
        seller = comp.owner
        g.players[action.entity].cash -= action.price
        g.players[seller].cash += action.price
        g.give_company(comp, action.entity, False)
        g.title.after_player_buys_company(g, action.entity, comp, self.round)
        self._done(action)


class StockRound1830(StockRound):
    """Sell-buy-sell; privates change hands between players; brown-zone multiple buys from the pool."""

    step_classes = (HomeToken, DiscardTrain, BuySellParShares1830)

    def purchasable_companies(self, player: str) -> list["Company"]:
        """Privates `player` may buy from another player now (18xx.games: not in the first stock
        round, not after a purchase this turn, only with cash, only while the phase allows it)."""
        g = self.game
        if self.bought() or g.players[player].cash <= 0 or g.turn == 1 or BUY_FROM_PLAYERS not in g.phase.status:
            return []
        return [c for c in g.companies.values() if not c.closed and c.owner and not c.owner_is_corp
                and c.owner != player and g.title.company_sellable(g, c)]

    def company_problem(self, action: A.BuyCompany) -> Optional[tuple[str, str]]:
        """Why the player may not buy that private at that price now (None: they may)."""
        g = self.game
        comp = g.companies.get(action.company)
        if comp is None or comp not in self.purchasable_companies(action.entity):
            return (f"{g.player_name(action.entity)} cannot buy {action.company} now",
                    "privates change hands between players after the first stock round, as the turn's purchase")
        holder = g.title.given_certificate_holder(g, comp.sym)
        if holder in g.players:
            # 18xx.games hands the certificate that came with the private to its new owner and
            # refuses the purchase when a player holds that certificate
            return (f"{comp.sym}'s {g.title.given_certificate_name(comp.sym)} certificate is held by "
                    f"{g.player_name(holder)}", "buying a private from a player")
        if g.shares.num_certs(action.entity) + 1 > g.cert_limit:
            # a private is a certificate (18xx.games lets the purchase through and then makes the
            # player sell; the rules forbid going over the limit)
            return (f"{g.player_name(action.entity)} is at the certificate limit "
                    f"({g.shares.num_certs(action.entity)}/{g.cert_limit}), privates included",
                    "certificate limit")
        if not 1 <= action.price <= g.players[action.entity].cash:
            return (f"the price must be from $1 to {g.money(g.players[action.entity].cash)}, not {g.money(action.price)}",
                    "buying a private from a player")
        return None

    def player_actions(self, player: str) -> list[str]:
        from pbem.titles.family1830.privates import exchange_moves

        acts = super().player_actions(player)
        if acts and acts != ["sell_shares"] and "buy_shares" not in acts and \
                any(self.game.companies[a.entity].owner == player for a in exchange_moves(self.game)):
            acts.insert(0, "buy_shares")         # a private's exchange (it never keeps a turn open)
        if acts == ["sell_shares"] or not self.purchasable_companies(player):
            return acts
        acts = [a for a in acts if a != "pass"]
        acts.insert(len([a for a in acts if a in ("buy_shares", "par")]), "buy_company")
        return acts + ["pass"]

    def has_actions(self, player: str) -> bool:
        return super().has_actions(player) or bool(self.purchasable_companies(player))

    def can_buy_multiple(self, corp, source: str) -> bool:
        g = self.game
        if "multiple_brown_from_ipo" not in g.options:
            if source != "pool":
                return False
            if any(isinstance(a, A.BuyShares) and a.source == "ipo" for a in self.turn_actions):
                return False
        return super().can_buy_multiple(corp, source)
