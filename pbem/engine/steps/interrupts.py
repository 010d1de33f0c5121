"""Steps that interrupt any round: a station to place at once, a train over the limit to discard."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.engine.entities import train_named
from pbem.engine.leases import sellable_trains
from pbem.engine.step import LegalMove, Step
from pbem.errors import RuleError


def place_station(g, corp, action: A.PlaceToken, hexes: Optional[list[str]], lifted: Optional[Token] = None) -> None:
    """Place a station the corporation must place now, in one of `hexes` (None: any city): its
    home station, or one a tile lay lifted (put back, using no new charter token)."""
    if hexes is not None and action.hex not in hexes:
        raise RuleError(f"{corp.sym}'s station must go in {', '.join(hexes)}, not {action.hex}", rule="home token")
    marker = lifted or Token(corp.sym, corp.sym, False)
    g.board.check_token(corp.sym, action.hex, action.city, need_connection=False, token=marker)
    g.board.place_token(action.hex, action.city, marker)
    if lifted is None:
        corp.next_token().used = True
    g.last_move_hexes.append(action.hex)


class HomeToken(Step):
    """A corporation started in a stock round places its home station now (the round's
    `pending_home` lists them), in any city it can (`place`; a title's own home rule is a
    subclass of this step)."""

    name = "home token"
    checked_on_apply = frozenset({"place_token"})       # the place is checked as it is made (`place`)

    def blocks(self) -> bool:
        return bool(self.round.pending_home)

    def entity(self) -> Optional[str]:
        return self.round.pending_home[0] if self.round.pending_home else None

    def actions(self, entity: str) -> list[str]:
        return ["place_token"] if entity == self.entity() else []

    def moves_place_token(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.PlaceToken(ent, h, ci)) for h, ci in self.game.board.tokenable_cities(ent, connected=False)]

    def check(self, action: A.Action) -> None:
        if action.entity != self.entity() or not isinstance(action, A.PlaceToken):
            raise RuleError(f"{self.entity()} must first place its home station", rule="home token",
                            legal=["place_token"])

    def apply_place_token(self, action: A.PlaceToken) -> None:
        self.place(action)
        self.round.pending_home.pop(0)

    def place(self, action: A.PlaceToken) -> None:
        """The home station rule: any city with room for it."""
        g = self.game
        place_station(g, g.corporations[action.entity], action, None)


class DiscardTrain(Step):
    """A corporation over its train limit (after a phase change) discards a train of its choice."""

    name = "train limit"
    refusal = "{corp} has more trains than its limit and must discard one first"

    def crowded(self):
        crowded = self.game.crowded_corps()
        return crowded[0] if crowded else None

    def blocks(self) -> bool:
        return self.crowded() is not None

    def entity(self) -> Optional[str]:
        corp = self.crowded()
        return corp.sym if corp else None

    def actions(self, entity: str) -> list[str]:
        return ["discard_train"] if entity == self.entity() else []

    def moves_discard_train(self, ent: str) -> list[LegalMove]:
        corp = self.game.corporations[ent]
        return [LegalMove(A.DiscardTrain(ent, n)) for n in sorted({t.name for t in sellable_trains(corp)})]

    def check(self, action: A.Action) -> None:
        corp = self.crowded()
        if action.entity != corp.sym or not isinstance(action, A.DiscardTrain):
            raise RuleError(self.refusal.format(corp=corp.sym), rule="train limit", legal=["discard_train"])
        if train_named(sellable_trains(corp), action.train, action.train_id) is None:
            have = ", ".join(t.id if action.train_id else t.name for t in sellable_trains(corp))
            raise RuleError(f"{corp.sym} has no {action.train_id or action.train} train to discard (it has {have})",
                            rule="discarding trains", legal=["discard_train"])

    def apply_discard_train(self, action: A.DiscardTrain) -> None:
        g = self.game
        self.discard(g.corporations[action.entity], action.train, action.train_id)

    def discard(self, corp, name: str, train_id: Optional[str] = None) -> None:
        """The discard rule: one of the corporation's own trains (a leased train is its owner's)
        goes back to the depot for sale again or leaves the game, as the title says
        (`discarded_trains_for_sale`)."""
        g = self.game
        own = sellable_trains(corp)
        train = train_named(own, name, train_id)
        if train is None:
            have = ", ".join(t.id if train_id else t.name for t in own)
            raise RuleError(f"{corp.sym} has no {train_id or name} train to discard (it has {have})",
                            rule="discarding trains")
        corp.trains.remove(train)
        train.owner = None
        (g.depot.discarded if g.title.discarded_trains_for_sale else g.depot.removed).append(train)
