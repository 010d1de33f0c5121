"""The 1830 operating round: the standard turn with, first, the station a teleporting private
(DH) may place right after its tile (or decline), as 18xx.games' SpecialToken step blocks; and
the privates' tile lays for their owning corporation (CS besides the turn's lay, DH's teleport
as it), from the title data's `tile_lay` and `teleport` abilities."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A
from pbem.engine.rounds.operating import OperatingRound
from pbem.engine.step import LegalMove, Step
from pbem.engine.steps.operating import STANDARD, Abilities
from pbem.errors import RuleError
from pbem.titles.family1830 import privates
from pbem.titles.family1830.state import state


class TeleportToken(Step):
    """After a teleport tile, its private places the owning corporation's station there or passes."""

    name = "teleport_token"
    interrupts = True
    holds_abilities = True

    def blocks(self) -> bool:
        return state(self.game).teleported is not None

    def entity(self) -> Optional[str]:
        return state(self.game).teleported

    def offered(self) -> list[str]:
        return ["place_token", "pass"]

    def actions(self, entity: str) -> list[str]:
        return self.offered() if entity == self.entity() else []

    def moves_place_token(self, ent: str) -> list[LegalMove]:
        g = self.game
        out = []
        for ab in privates.AB.of(g.data, ent, "teleport"):
            for h in ab.hexes:
                for ci in range(g.board.city_count(h)):
                    act = A.PlaceToken(ent, h, ci)
                    if privates.teleport_token_problem(g, act) is None:
                        out.append(LegalMove(act, "free"))
        return out

    def moves_pass(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Pass(ent))]

    def check(self, action: A.Action) -> None:
        ent = self.entity()
        if action.entity != ent or not isinstance(action, (A.PlaceToken, A.Pass)):
            raise RuleError(f"{ent} must first place its station on its hex or pass", rule=f"{ent}'s station",
                            legal=self.offered())
        if isinstance(action, A.PlaceToken):
            why = privates.teleport_token_problem(self.game, action)
            if why:
                raise RuleError(why[0], rule=why[1], legal=self.offered())

    def apply_place_token(self, action: A.PlaceToken) -> None:
        privates.do_teleport_token(self.game, action, self.round)

    def apply_pass(self, action: A.Pass) -> None:
        state(self.game).teleported = None


class PrivateLays(Abilities):
    """A private's tile lay for the corporation that owns it."""

    def use(self, action: A.Action) -> None:
        if not isinstance(action, A.LayTile):
            return super().use(action)
        why = privates.lay_problem(self.game, action, self.round)
        if why is not None:
            raise RuleError(why[0], rule=why[1])
        privates.do_lay(self.game, action, self.round)


class OperatingRound1830(OperatingRound):
    """The standard operating round with the teleport's station step in front."""

    step_classes = (TeleportToken,) + STANDARD
    ability_step = PrivateLays

    def legal(self, entity: str) -> list[str]:
        kinds = super().legal(entity)
        if isinstance(self.step_in_play(), TeleportToken):
            return kinds
        if kinds and "lay_tile" not in kinds and entity == self.corp.sym and privates.lay_moves(self.game, self):
            kinds.insert(0, "lay_tile")          # a private's lay, at any step of its owner's turn
        return kinds

    def step_moves(self, kind: str, entity: str) -> Optional[list]:
        """The step's moves, and for tile lays also those of the corporation's privates."""
        listed = super().step_moves(kind, entity)
        if kind != "lay_tile" or self.turn is None or entity != self.corp.sym \
                or self.active_step() == TeleportToken.name:
            return listed
        own = listed if listed is not None and "lay_tile" in self.step_actions(self.active_step() or "") else []
        return list(own) + [LegalMove(a, f"{a.entity}'s tile") for a in privates.lay_moves(self.game, self)]
