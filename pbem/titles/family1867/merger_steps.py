"""The steps of the merger round (1861/1867): a minor's choice to pass, convert or start a
merger (and the minors it adds), the major the conversion or merger forms, the removal of
stations above the limit, and the post-merger share buying. Each lists and checks its moves in
one place (`merge_problem`, `reduce_problem`, `pass_problem`); the round's helpers apply them."""
from __future__ import annotations

from typing import Optional

from pbem.engine import actions as A
from pbem.engine.step import LegalMove, Step, kind_of
from pbem.engine.steps.interrupts import DiscardTrain
from pbem.errors import RuleError


class MergerStep(Step):
    """A step of the merger round: the turn order and the kinds it offers are checked first."""

    modes: tuple[str, ...] = ()

    def blocks(self) -> bool:
        return self.round.mode in self.modes

    def actions(self, entity: str) -> list[str]:
        return self.offered() if entity == self.entity() else []

    def offered(self) -> list[str]:
        return []

    def check(self, action: A.Action) -> None:
        g, ent = self.game, self.entity()
        if action.entity != ent:
            raise RuleError(f"it is {g.player_name(ent) if ent in g.players else ent}'s turn in the merger round",
                            rule="merger round order", legal=self.actions(ent) if ent else [])
        legal = self.offered()
        if kind_of(action) not in legal:
            self.refuse_kind(action, legal)
            raise RuleError(f"{ent} may not {A.kind_words(action)} now", rule="merger round", legal=legal)
        super().check(action)

    def refuse_kind(self, action: A.Action, legal: list[str]) -> None:
        """A refusal more telling than 'may not' for a kind this step does not offer now."""

    def moves_pass(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Pass(ent))]

    def check_pass(self, action: A.Pass) -> None:
        pass


class MergerDiscard(DiscardTrain):
    """A major over its train limit discards before the next minor chooses."""

    def blocks(self) -> bool:
        return self.round.mode == "choose" and super().blocks()


class ReduceStations(MergerStep):
    """A merged major above its station limit (or with two stations in one hex) removes one."""

    name = "reducing stations"
    modes = ("reduce",)

    def entity(self) -> Optional[str]:
        return self.round.target

    def offered(self) -> list[str]:
        return ["remove_token"]

    def moves_remove_token(self, ent: str) -> list[LegalMove]:
        rnd = self.round
        return [LegalMove(A.RemoveToken(ent, c, ci)) for c, ci, _ in self.game.board.tokens_of(ent)
                if not rnd.reduce_problem(c, ci)]

    def check_remove_token(self, action: A.RemoveToken) -> None:
        problem = self.round.reduce_problem(action.hex, action.city)
        if problem:
            raise RuleError(problem, rule="reducing stations", legal=["remove_token"])

    def apply_remove_token(self, action: A.RemoveToken) -> None:
        self.round._reduce(action)


class PostMergerShares(MergerStep):
    """Players, in order, buy 10% shares of the new major from its treasury at its price; one
    must buy while the major has no president and nobody else could."""

    name = "post-merger shares"
    modes = ("shares",)

    def entity(self) -> Optional[str]:
        el = self.round.eligible()
        return el[0] if el else None

    def offered(self) -> list[str]:
        return ["buy_shares"] if self.round.pass_problem(self.entity()) else ["buy_shares", "pass"]

    def moves_buy_shares(self, ent: str) -> list[LegalMove]:
        rnd = self.round
        return [LegalMove(A.BuyShares(ent, rnd.target, "ipo", 10), f"{rnd.share_price()}")]

    def refuse_kind(self, action: A.Action, legal: list[str]) -> None:
        if isinstance(action, A.Pass):
            raise RuleError(self.round.pass_problem(action.entity), rule="a new major needs a president",
                            legal=legal)

    def check_buy_shares(self, action: A.BuyShares) -> None:
        target = self.round.target
        if action.corporation != target or action.percent != 10 or action.source != "ipo":
            raise RuleError(f"only 10% shares of {target} may be bought now, from its treasury",
                            rule="post-merger shares")

    def apply(self, action: A.Action) -> None:
        self.round._shares(action)


class NameMajor(MergerStep):
    """The major a conversion or a complete merger forms; a merger nobody could be president of
    is called off with a pass."""

    name = "forming a major"
    modes = ("convert", "target")

    def entity(self) -> Optional[str]:
        return self.round.entities[self.round.index]

    def called_off(self) -> bool:
        rnd = self.round
        return rnd.mode == "target" and bool(rnd.merge_problem())

    def offered(self) -> list[str]:
        return ["pass"] if self.called_off() else ["merge"]

    def moves_merge(self, ent: str) -> list[LegalMove]:
        if self.called_off():
            return []
        return [LegalMove(A.Merge(ent, s), "the major it becomes") for s in self.round.open_majors()]

    def check_merge(self, action: A.Merge) -> None:
        opened = self.round.open_majors()
        if action.corporation not in opened:
            raise RuleError(f"{action.corporation} is not a major that can be formed now; open: {', '.join(opened)}",
                            rule="forming a major")

    def apply_merge(self, action: A.Merge) -> None:
        rnd = self.round
        if rnd.mode == "convert":
            rnd._finish_convert(action)
        else:
            rnd._finish_merge(action)

    def apply_pass(self, action: A.Pass) -> None:
        self.round._next()                 # the impossible merger is called off


class MergeOrConvert(MergerStep):
    """The minor in turn passes, converts (its price in the convert range) or starts a merger,
    adding connected minors one by one while some are left."""

    name = "merger round"
    modes = ("choose", "merging")

    def blocks(self) -> bool:
        rnd = self.round
        return super().blocks() and rnd.index < len(rnd.entities)

    def entity(self) -> Optional[str]:
        return self.round.entities[self.round.index]

    def offered(self) -> list[str]:
        rnd, g = self.round, self.game
        if rnd.mode == "merging":
            return ["merge", "pass"]
        ent = self.entity()
        acts = ["merge"] if rnd.open_majors() and (g.loading or rnd.candidates(ent)) else []
        if rnd.can_convert(g.corporations[ent]):
            acts.append("convert")
        return acts + ["pass"]

    def moves_merge(self, ent: str) -> list[LegalMove]:
        rnd = self.round
        lead = rnd.entities[rnd.index]
        group = rnd.merging or [lead]
        return [LegalMove(A.Merge(ent, s), "add to the merger") for s in rnd.candidates(lead)
                if not rnd.merge_problem(group + [s])]

    def moves_convert(self, ent: str) -> list[LegalMove]:
        return [LegalMove(A.Convert(ent))]

    def check_merge(self, action: A.Merge) -> None:
        rnd, g = self.round, self.game
        if g.loading:
            return                         # a record's merger is as 18xx.games accepted it
        lead = rnd.entities[rnd.index]
        if action.corporation not in rnd.candidates(lead):
            raise RuleError(f"{lead} cannot merge with {action.corporation}", rule="merging minors")
        problem = rnd.merge_problem((rnd.merging or [lead]) + [action.corporation])
        if problem:
            # 18xx.games would refuse the merger only once the group is complete, with no way
            # out but an undo: a minor that leaves nobody able to be president is not added
            raise RuleError(f"adding {action.corporation}: {problem}", rule="merging minors")

    def check_convert(self, action: A.Convert) -> None:
        pass

    def apply_merge(self, action: A.Merge) -> None:
        self.round._add(action)

    def apply_convert(self, action: A.Convert) -> None:
        self.round.mode = "convert"

    def apply_pass(self, action: A.Pass) -> None:
        rnd = self.round
        if rnd.mode == "merging":
            rnd.mode = "target"
        else:
            rnd._next()
