"""One written move played as a human moderator reads it: reports of what the game did set aside, what
it leaves open settled by the game, its claims checked (for `pbem.Game` and the table alike)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine.actions import (Bid, BuyCompany, BuyShares, BuyTrain, Merge, Par, Pass, PlaceToken, RemoveToken,
                                 RunRoutes)
from pbem.errors import RuleError
from pbem.newgame import CLAIMS_WARN
from pbem.notation import ParsedMove
from pbem.notation.lay_words import rotations_now
from pbem.notation.messages import clip
from pbem.reading.claims import applied, false_claims
from pbem.reading.labels import round_label_mismatch
from pbem.reading.settle import (needs_stops, passed_already, push_implicit_passes, reports_automatic, settle_amount,
                                 settle_price, settle_run, settle_source, settle_token, settle_total,
                                 settle_train, share_size, turn_over_already)

if TYPE_CHECKING:
    from pbem.game import Game


class FalseClaim(RuleError):
    """What a line says about the result of its move is not what the move does."""

    def __init__(self, wrong: list[str]):
        super().__init__("what it says about the result is not what the move does: " + "; ".join(wrong),
                         rule="claims written with a move")
        self.wrong = wrong


def play_move(g: "Game", pm: ParsedMove, index: int, warnings: list[str],
              changed: Optional[list[str]] = None) -> None:
    """Play `pm` (move `index` of its message) on `g`; notes go to `warnings`, the hexes it changed to
    `changed`. AmbiguousMoveError when something is unclear, RuleError (FalseClaim) when refused."""
    state = g.state
    action = pm.action
    if reports_automatic(state, action):
        # a pasted log line for what the game did itself ("CPR does not run"): nothing to apply
        warnings.append(f"line {pm.line} set aside (automatic, not a move): {clip(pm.text)}")
        return
    if passed_already(state, action, pm.claims):
        # "N ran H8-G5-E1 for 80, no tile": the run passed the tile lay before it
        warnings.append(f"line {pm.line} set aside (the step it passes is already behind the turn): {clip(pm.text)}")
        return
    if turn_over_already(state, g.moves[-1] if g.moves else None, action, pm.text, index):
        # "buys a share of CPR, pass" when the buy ended the turn by itself: the end said again
        warnings.append(f"move {index} ({clip(pm.text)!r}) set aside: the turn had already ended")
        return
    if _group_closed_itself(g, action):
        # "SPW takes in MB, closes the group, and forms MK": the game closed the group itself
        warnings.append(f"move {index} ({clip(pm.text)!r}) set aside: the game closed the group itself")
        return
    warnings.extend(f"move {index} ({clip(pm.text)!r}): {n}" for n in pm.notes)   # 'read "buyng" as "buying"'
    if pm.header:
        note = round_label_mismatch(pm.header, state)
        if note:
            warnings.append(f"move {index} ({clip(pm.text)!r}) is headed {clip(pm.header)!r} but {note}")
    push_implicit_passes(g.state, g.push, action)
    if "rotation" in pm.open:
        # "...; lays #8 on M7": the rotation that fits the board as the moves before it left it
        action = rotations_now([pm], g.context())[0].action
    if isinstance(action, (PlaceToken, RemoveToken)) and "city" in pm.open:
        # "QLL places a token on J10": the one legal place there, or the question which
        action = settle_token(g.state, action)
    if isinstance(action, BuyShares) and "source" in pm.open:
        # "buy NYNH" when only the pool sells one: the pool's
        action = settle_source(g.state, action)
    if isinstance(action, BuyTrain) and action.train is None:
        # "buys a train": the one kind sold now, or the question which
        action = settle_train(g.state, action, g.notation)
    if isinstance(action, BuyTrain):
        # "SC takes GT's 3": the question of its price, not a refusal
        action = settle_price(g.state, action)
    if isinstance(action, (Par, Bid, BuyCompany)) and action.price is None:
        # "I float C&O", "PRR buys the D&H": the one amount allowed, or the question which
        action = settle_amount(g.state, action, "least" in pm.open, g.notation)
    if isinstance(action, RunRoutes):
        # "runs I15-I19 and I15-J14 for 90": the amount after the last route, the run's total
        action = settle_total(g.state, action)
    if needs_stops(action):
        # "CPR runs the 3 for 80": the route the search finds, if it earns that
        action = settle_run(g.state, action, "best" in pm.open, "total" in pm.open)
    before, after, final = applied(g.state, action, push=g.push)
    if changed is not None:
        changed.extend(h for h in g.state.last_move_hexes if h not in changed)
    wrong = false_claims(pm.claims, action, before, after, share_size(g.state, action), final)
    if wrong:
        if CLAIMS_WARN in g.state.options:
            warnings.extend(f"move {index} ({clip(pm.text)!r}): {w}" for w in wrong)
        else:
            raise FalseClaim(wrong)


def _group_closed_itself(g: "Game", action) -> bool:
    """A company's pass right after its own merger when the game has closed the group itself (no pass is
    legal, the major to form is asked): the pass written by a player who did not know it would."""
    state = g.state
    if not isinstance(action, Pass) or getattr(state.round, "name", "") != "merger" or not g.moves:
        return False
    last = g.moves[-1]
    if not (isinstance(last, Merge) and last.entity == action.entity == state.current_entity()):
        return False
    legal = [getattr(m, "action", m) for m in g.legal_moves()]
    return not any(isinstance(a, Pass) for a in legal) and any(isinstance(a, Merge) for a in legal)
